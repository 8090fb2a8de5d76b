/**
 * Pictures (issue 45): `show --svg` for both games (well-formed SVG, the board's lines, glyphs,
 * last move and arrows where they belong), the GIF writer read back by a reader of the test's own
 * (test/helpers/gif-reader.ts), `convert --to gif` (frames = plies + 1), and review's evaluation
 * graph in the terminal and as SVG.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { evalGraphLines, evalGraphPicture } from '../src/render/eval-graph.js';
import { encodeGif, lzw } from '../src/render/gif.js';
import { pictureSvg } from '../src/render/picture.js';
import { fontGlyph } from '../src/render/pixel-font.js';
import { rasterise } from '../src/render/raster.js';
import { runCli } from './helpers/cli.js';
import { readGif } from './helpers/gif-reader.js';

const dir = mkdtempSync(join(tmpdir(), 'chuhan-pictures-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Element {
  name: string;
  attrs: Record<string, string>;
  text: string;
}

/**
 * A tiny XML check: every tag closed in order, attributes quoted, no stray `<` or `&` in text, one
 * root. Returns the elements in document order (with their direct text).
 */
function parseXml(xml: string): Element[] {
  const out: Element[] = [];
  const stack: Element[] = [];
  let roots = 0;
  let i = 0;
  const text = (s: string): void => {
    if (/<|&(?!(?:amp|lt|gt|quot|apos|#\d+);)/.test(s)) throw new Error(`bad text ${JSON.stringify(s.slice(0, 40))}`);
    if (stack.length) stack[stack.length - 1]!.text += s;
    else if (s.trim()) throw new Error('text outside the root');
  };
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    if (lt < 0) {
      text(xml.slice(i));
      break;
    }
    text(xml.slice(i, lt));
    const gt = xml.indexOf('>', lt);
    if (gt < 0) throw new Error('unclosed tag');
    const tag = xml.slice(lt + 1, gt);
    i = gt + 1;
    if (tag.startsWith('/')) {
      const open = stack.pop();
      if (!open || open.name !== tag.slice(1)) throw new Error(`</${tag.slice(1)}> closes ${open?.name ?? 'nothing'}`);
      continue;
    }
    const m = /^([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)$/.exec(tag);
    if (!m) throw new Error(`bad tag <${tag.slice(0, 60)}>`);
    const attrs: Record<string, string> = {};
    for (const a of m[2]!.matchAll(/([\w:-]+)="([^"]*)"/g)) {
      if (a[1]! in attrs) throw new Error(`attribute ${a[1]} twice`);
      attrs[a[1]!] = a[2]!;
    }
    const el: Element = { name: m[1]!, attrs, text: '' };
    out.push(el);
    if (stack.length === 0) roots++;
    if (!m[3]) stack.push(el);
  }
  if (stack.length) throw new Error(`<${stack[stack.length - 1]!.name}> never closed`);
  if (roots !== 1) throw new Error(`${roots} roots`);
  return out;
}

const byClass = (els: Element[], cls: string): Element[] => els.filter((e) => (e.attrs['class'] ?? '').split(' ').includes(cls));
const num = (e: Element, a: string): number => Number(e.attrs[a]);

describe('the XML check', () => {
  it('refuses what is not well-formed', () => {
    expect(() => parseXml('<a><b></a></b>')).toThrow();
    expect(() => parseXml('<a x=1/>')).toThrow();
    expect(() => parseXml('<a>1 < 2</a>')).toThrow();
    expect(() => parseXml('<a/><b/>')).toThrow();
    expect(parseXml('<a x="1"><b>t &amp; u</b></a>').map((e) => e.name)).toEqual(['a', 'b']);
  });
});

describe('show --svg', () => {
  it('draws the xiangqi board: nine files, ten ranks broken by the river, palace diagonals, 32 glyphs, the last move and an arrow on their points', async () => {
    const r = await runCli(['show', '--svg', '--moves', 'h2e2', '--arrow', 'h9g7']);
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    const els = parseXml(r.stdout);
    const grid = byClass(els, 'grid');
    const files = [...new Set(grid.filter((e) => e.attrs['x1'] === e.attrs['x2']).map((e) => num(e, 'x1')))].sort((a, b) => a - b);
    const ranks = [...new Set(grid.filter((e) => e.attrs['y1'] === e.attrs['y2']).map((e) => num(e, 'y1')))].sort((a, b) => a - b);
    expect(files).toHaveLength(9);
    expect(ranks).toHaveLength(10);
    // the seven inner files stop at the river: two pieces each
    expect(grid.filter((e) => e.attrs['x1'] === e.attrs['x2'])).toHaveLength(2 + 7 * 2);
    expect(byClass(els, 'palace')).toHaveLength(4);
    expect(byClass(els, 'river').map((e) => e.text)).toEqual(['楚 河', '漢 界']);
    const glyphs = byClass(els, 'glyph').map((e) => e.text);
    expect(glyphs).toHaveLength(32);
    expect(glyphs.filter((g) => g === '帥')).toHaveLength(1);
    expect(glyphs.filter((g) => g === '卒')).toHaveLength(5);
    // the point of file x (a = 0), rank y (0 at the bottom)
    const point = (x: number, y: number): [number, number] => [files[x]!, ranks[9 - y]!];
    const centre = (e: Element): [number, number] => [num(e, 'x') + num(e, 'width') / 2, num(e, 'y') + num(e, 'height') / 2];
    const last = byClass(els, 'last-move').map(centre);
    expect(last).toHaveLength(2);
    for (const [i, p] of [point(7, 2), point(4, 2)].entries()) {
      expect(last[i]![0]).toBeCloseTo(p[0], 1);
      expect(last[i]![1]).toBeCloseTo(p[1], 1);
    }
    // the moved cannon stands on e2, its glyph centred there
    const e2 = byClass(els, 'glyph').find((e) => num(e, 'x') === point(4, 2)[0] && num(e, 'y') === point(4, 2)[1]);
    expect(e2?.text).toBe('炮');
    // the arrow's tip is the centre of g7
    const [arrow] = byClass(els, 'arrow');
    const pts = arrow!.attrs['points']!.split(' ').map((p) => p.split(',').map(Number));
    expect(pts[3]).toEqual(point(6, 7));
  });

  it('draws the chu board: 12 × 12 squares, the four dots, 92 glyphs, the second player turned, the last move of --last-move', async () => {
    const file = join(dir, 'chu.svg');
    const r = await runCli(['show', '-v', 'chu', '-o', file, '--last-move', '7i7h', '--arrow', '6i6h', '--arrow', '5i5h']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    const els = parseXml(readFileSync(file, 'utf8'));
    const grid = byClass(els, 'grid');
    expect(grid).toHaveLength(22);
    expect(byClass(els, 'star')).toHaveLength(4);
    expect(byClass(els, 'palace')).toHaveLength(0);
    const glyphs = byClass(els, 'glyph');
    expect(glyphs).toHaveLength(92);
    expect(glyphs.filter((e) => e.text === '狮')).toHaveLength(2);
    // 46 pieces of the second player, turned round
    expect(glyphs.filter((e) => /^rotate\(180 /.test(e.attrs['transform'] ?? ''))).toHaveLength(46);
    expect(byClass(els, 'last-move')).toHaveLength(2);
    expect(byClass(els, 'arrow')).toHaveLength(2);
    // the last move's squares: one above the other, one square apart
    const [a, b] = byClass(els, 'last-move');
    expect(num(a!, 'x')).toBe(num(b!, 'x'));
    expect(num(a!, 'y') - num(b!, 'y')).toBe(num(a!, 'height'));
  });

  it('refuses a move that is no pair of squares, and picture options without a picture, in one sentence (exit 2)', async () => {
    const bad = await runCli(['show', '--svg', '--arrow', 'z9z9']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^chuhan: --arrow "z9z9" is not a move from square to square: [^\n]*\n$/);
    const none = await runCli(['show', '--arrow', 'h2e2']);
    expect(none.code).toBe(2);
    expect(none.stderr).toBe('chuhan: --last-move and --arrow draw on the picture: add --svg (or -o FILE)\n');
  });
});

describe('the GIF writer', () => {
  it('writes frames a reader decodes back pixel for pixel (a frame past 4,096 codes, a frame that changes nothing)', () => {
    const W = 157;
    const H = 101;
    let seed = 7;
    const rnd = (): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed >> 16;
    };
    const noise = Uint8Array.from({ length: W * H }, () => rnd() % 5);
    const changed = noise.slice();
    for (let y = 10; y < 20; y++) for (let x = 30; x < 40; x++) changed[y * W + x] = 4;
    const frames = [noise, changed, changed, new Uint8Array(W * H)];
    const palette = ['#000000', '#ff0000', '#00ff00', '#0000ff', '#ffffff'];
    const g = readGif(encodeGif({ width: W, height: H, palette, frames: frames.map((pixels, i) => ({ pixels, delay: 10 * (i + 1) })) }));
    expect(g.version).toBe('GIF89a');
    expect([g.width, g.height, g.frames.length, g.loops]).toEqual([W, H, 4, true]);
    expect(g.palette.slice(0, 2)).toEqual([[0, 0, 0], [255, 0, 0]]);
    for (const [i, f] of frames.entries()) expect(g.frames[i]!.canvas, `frame ${i}`).toEqual(f);
    expect(g.frames.map((f) => f.delay)).toEqual([10, 20, 30, 40]);
    // only the changed rectangle is stored
    expect([g.frames[1]!.x, g.frames[1]!.y, g.frames[1]!.w, g.frames[1]!.h]).toEqual([30, 10, 10, 10]);
    expect([g.frames[2]!.w, g.frames[2]!.h]).toEqual([1, 1]);
  });

  it('codes a run in few bytes (LZW)', () => {
    expect(lzw(new Uint8Array(10_000), 2).length).toBeLessThan(200);
  });

  it('draws letters with the pixel font, upside down when turned', () => {
    const p = { width: 20, height: 12, background: '#ffffff', shapes: [{ kind: 'text' as const, x: 10, y: 6, text: '兵', alt: 'L', size: 10, fill: '#000000' }] };
    const px = rasterise(p, ['#ffffff', '#000000']);
    const rows = Array.from({ length: 12 }, (_, y) => [...px.subarray(y * 20, y * 20 + 20)].map((v) => (v ? '#' : '.')).join(''));
    const L = fontGlyph('L').map((r) => r.map((on) => (on ? '#' : '.')).join(''));
    expect(rows.some((r) => r.includes(L[0]!))).toBe(true);
    expect(rows.filter((r) => r.includes('#####'))).toHaveLength(1);
    expect(fontGlyph('x')).toEqual(fontGlyph('X'));
    expect(fontGlyph('將')).toEqual(fontGlyph('?'));
  });
});

describe('convert --to gif', () => {
  it('writes one animated GIF a game: the start and one frame a ply, the final one held', async () => {
    const out = join(dir, 'gifs') + '/';
    const r = await runCli(['convert', '--to', 'gif', '-o', out, 'fixtures/convert/short.pgn']);
    expect(r.code).toBe(0);
    const files = readdirSync(out);
    expect(files).toEqual(['short.gif']);
    const g = readGif(readFileSync(join(out, 'short.gif')));
    // 7. e5e7 1-0: 13 plies
    expect(g.frames).toHaveLength(14);
    expect(g.width).toBeGreaterThan(300);
    expect(g.height).toBeGreaterThan(g.width);
    expect(g.frames[0]!.w * g.frames[0]!.h).toBe(g.width * g.height);
    expect(g.frames.at(-1)!.delay).toBeGreaterThan(g.frames[1]!.delay);
    // the palette is the pictures' few colours
    expect(g.palette.length).toBeLessThanOrEqual(16);
    // a move changes part of the board only
    expect(g.frames[1]!.w * g.frames[1]!.h).toBeLessThan((g.width * g.height) / 2);
  });
});

describe('the evaluation graph', () => {
  const scores = Array.from({ length: 301 }, (_, i) => (i < 100 ? 0 : i < 200 ? 2000 : -400));
  const marks = scores.map((_, i) => (i === 150 ? 'blunder' : i === 250 ? 'mistake' : null));
  const graph = { scores, cap: 1000, sides: ['Red', 'Black'] as const, marks };

  it('fits 80 columns, caps the scores, draws each side of the zero line and marks the mistakes', () => {
    const lines = evalGraphLines(graph);
    for (const l of lines) expect([...l].length, l).toBeLessThanOrEqual(80);
    const plot = lines.slice(0, 8).map((l) => [...l].slice(5));
    expect(lines[0]!.startsWith('+10 │')).toBe(true);
    expect(lines[7]!.startsWith('-10 │')).toBe(true);
    // the middle third is capped: full columns from the top to the zero line
    const mid = Math.floor(plot[0]!.length / 2);
    for (let r = 0; r < 4; r++) expect(plot[r]![mid], `row ${r}`).toBe('⣿');
    for (let r = 4; r < 8; r++) expect(plot[r]![mid]).toBe('⠀');
    // the last third, −4 pawns: below the line only, 6 of its 16 dot rows (0.4 × 16 = 6.4)
    const end = plot[0]!.length - 1;
    expect(plot.slice(0, 4).map((r) => r[end])).toEqual(['⠀', '⠀', '⠀', '⠀']);
    expect(plot.slice(4).map((r) => r[end])).toEqual(['⣿', '⠛', '⠀', '⠀']);
    expect(lines.find((l) => l.includes('X'))).toMatch(/^ {5}\s*X\s+\?$/);
    expect(lines.join('\n')).toMatch(/x: ply \(300 plies in 75 columns\)/);
  });

  it('draws one ply a dot column when the game is short', () => {
    const lines = evalGraphLines({ scores: [0, 100, 200, 300, 400], cap: 1000, sides: ['Sente', 'Gote'] });
    expect([...lines[0]!].length).toBe(5 + 3);
    expect(lines.at(-1)).toMatch(/x: ply$/);
  });

  it('as SVG: a well-formed picture with both areas, the curve and the marks', () => {
    const els = parseXml(pictureSvg(evalGraphPicture(graph, { title: 'A – B' })));
    expect(byClass(els, 'area-first')).toHaveLength(1);
    expect(byClass(els, 'area-second')).toHaveLength(1);
    expect(byClass(els, 'curve')).toHaveLength(300);
    expect(byClass(els, 'blunder')).toHaveLength(1);
    expect(byClass(els, 'mistake')).toHaveLength(1);
    expect(els.find((e) => e.name === 'title')?.text).toBe('A – B');
  });

  it('review prints the graph under the moves and writes it with --svg', async () => {
    const svg = join(dir, 'graph.svg');
    const r = await runCli(['review', 'fixtures/review/drops-chariot.pgn', '--depth', '2', '--svg', svg]);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    const top = lines.findIndex((l) => l.startsWith('+10 │'));
    expect(top).toBe(5); // the title and four moves above it
    expect(lines[top + 7]!.startsWith('-10 │')).toBe(true);
    expect(lines.findIndex((l) => l.startsWith('final position:'))).toBeGreaterThan(top + 8);
    const els = parseXml(readFileSync(svg, 'utf8'));
    expect(byClass(els, 'curve')).toHaveLength(4);
    const quiet = await runCli(['review', 'fixtures/review/drops-chariot.pgn', '--depth', '1', '--no-graph']);
    expect(quiet.stdout).not.toContain('│');
  });

  it('review: an --svg or -o that cannot be written is said before the analysis (exit 2, nothing analysed)', async () => {
    for (const opt of ['--svg', '-o']) {
      for (const [path, why] of [
        [dir, 'it is a directory'],
        [join(dir, 'no-such-folder', 'g.svg'), 'does not exist'],
        ['', 'no file name'],
      ] as const) {
        const r = await runCli(['review', 'fixtures/review/drops-chariot.pgn', '--depth', '1', opt, path]);
        expect(r.code, `${opt} ${path}`).toBe(2);
        expect(r.stdout, `${opt} ${path}`).toBe('');
        expect(r.stderr).toContain(why);
        expect(r.stderr.split('\n')).toHaveLength(2);
      }
    }
  });
});
