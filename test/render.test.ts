import { describe, expect, it } from 'vitest';
import { XQ_START_TEXT } from './helpers/boards.js';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import stringWidth from 'string-width';
import {
  parseSeedDiagrams,
  parseSeedGrids,
  renderBoard,
  renderMoveDiagram,
  type BoardView,
  type CellView,
  type MoveMark,
  type Painter,
} from '../src/render/index.js';
import { CHU_PIECE_SEED } from './helpers/fixtures.js';
import { getGame } from '../src/games/registry.js';

const here = dirname(fileURLToPath(import.meta.url));
const SEED_PATH = CHU_PIECE_SEED;
const seedText = readFileSync(SEED_PATH, 'utf8');

// ---- a tiny FEN/SFEN → BoardView helper (letters from spec/xiangqi.md and spec/chushogi.md) ----

const XQ: Record<string, string> = {
  K: '帥', A: '仕', B: '相', N: '傌', R: '俥', C: '炮', P: '兵',
  k: '將', a: '士', b: '象', n: '馬', r: '車', c: '砲', p: '卒',
};
const CHU: Record<string, string> = {
  l: '香', f: '豹', c: '铜', s: '银', g: '金', e: '象', k: '王', a: '反', b: '角', t: '虎', x: '凤',
  o: '麒', m: '横', v: '竖', r: '飞', h: '马', d: '龙', q: '奔', n: '狮', p: '步', i: '仲',
};
const CHU_PROMOTED: Record<string, string> = {
  p: 'と', l: '驹', a: '鲸', m: '猪', v: '牛', t: '鹿', h: '鹰', d: '鹫', e: '子',
  g: '飞', f: '角', s: '竖', c: '横', i: '象', b: '马', r: '龙', o: '狮', x: '奔',
};

function fenView(fen: string, variant: 'xiangqi' | 'chushogi', extra: Partial<BoardView> = {}): BoardView {
  const ranks = fen.split(' ')[0]!.split('/');
  const H = ranks.length;
  const W = variant === 'xiangqi' ? 9 : 12;
  const board: (CellView | null)[][] = [];
  ranks.forEach((rank, i) => {
    const row: (CellView | null)[] = [];
    let promoted = false;
    for (const [t] of rank.matchAll(/\d+|\+|[a-zA-Z]/g)) {
      if (/\d/.test(t)) {
        for (let k = 0; k < Number(t); k++) row.push(null);
      } else if (t === '+') {
        promoted = true;
      } else {
        const side = t === t.toUpperCase() ? 0 : 1;
        const glyph = variant === 'xiangqi' ? XQ[t] : (promoted ? CHU_PROMOTED : CHU)[t.toLowerCase()];
        if (!glyph) throw new Error(`bad letter ${t}`);
        row.push({ glyph, side, promoted, letter: t });
        promoted = false;
      }
    }
    if (row.length !== W) throw new Error(`rank ${i} has ${row.length} squares`);
    board[H - 1 - i] = row;
  });
  return { style: getGame(variant).boardStyle, width: W, height: H, cell: (x, y) => board[y]?.[x] ?? null, ...extra };
}

const XQ_START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w';
const CHU_START =
  'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b';
// Promoted forms that reuse a base glyph next to their base pieces: +G (飞) beside R (飞),
// +I (象) beside E (象), +r (龙) beside d (龙), +B (马) beside H (马), +o (狮) beside n (狮) …
const CHU_PROMOTED_POS = '5k6/3+r1d+o1n3/12/12/2+p9/12/12/8+L3/12/2+GR+IE+BH4/12/5K+X5 w';

const xqStart = fenView(XQ_START, 'xiangqi');
const chuStart = fenView(CHU_START, 'chushogi');
const chuPromoted = fenView(CHU_PROMOTED_POS, 'chushogi');

// ---- width / column checks ----

const VERTICAL = new Set([...'│┼├┤┬┴┌┐└┘']);

/** Display columns of the vertical grid characters of a line (after removing ANSI codes). */
function gridColumns(line: string, ascii = false): number[] {
  const plain = stripVTControlCharacters(line);
  const isRule = ascii && /^[ \d a-l]*\+/.test(plain.replace(/\|.*/, ''));
  const cols: number[] = [];
  let col = 0;
  for (const ch of plain) {
    if (ascii ? ch === (isRule ? '+' : '|') : VERTICAL.has(ch)) cols.push(col);
    col += stringWidth(ch);
  }
  return cols;
}

/**
 * Every line has the same display width; every line with grid characters has them in the columns of
 * the top border (a banner line only in its outer two).
 */
function expectAligned(lines: string[], ascii = false): void {
  const widths = new Set(lines.map((l) => stringWidth(l)));
  expect([...widths]).toHaveLength(1);
  const top = lines.find((l) => stripVTControlCharacters(l).includes(ascii ? '+-' : '┌'))!;
  const cols = gridColumns(top, ascii);
  expect(cols.length).toBeGreaterThan(2);
  let gridLines = 0;
  for (const l of lines) {
    const c = gridColumns(l, ascii);
    if (c.length === 0) continue; // a label row
    gridLines++;
    if (c.length === 2) expect(c).toEqual([cols[0], cols[cols.length - 1]]);
    else expect(c).toEqual(cols);
  }
  expect(gridLines).toBeGreaterThan(10);
}

/** Lines without their trailing ASCII spaces (the ideographic space is content). */
const trimmed = (lines: string[]): string => lines.map((l) => l.replace(/ +$/, '')).join('\n');

/** A fake chalk: real SGR codes, so stringWidth must ignore them. */
const sgr = (open: number, close: number) => (s: string) => `\x1b[${open}m${s}\x1b[${close}m`;
const ansiPainter: Painter = {
  red: sgr(31, 39),
  side1: sgr(34, 39),
  promoted: sgr(35, 39),
  lastMove: sgr(43, 49),
  check: sgr(41, 49),
  highlight: sgr(42, 49),
  dim: sgr(2, 22),
};

// ---- seed diagrams ----

const MARK: Record<string, MoveMark> = { '　○': 'step', '　●': 'slide', '　Ａ': 'lionA', '　Ｂ': 'lionB' };
const seedDiagrams = parseSeedDiagrams(seedText);

function diagramFromSeed(glyph: string) {
  const cells = seedDiagrams.get(glyph)!;
  return {
    center: { glyph, side: 0 as const, promoted: false },
    cells: cells.map((r) => r.map((c) => MARK[c] ?? null)),
  };
}

// =====================================================================================

describe('renderBoard: xiangqi', () => {
  it('start position, unicode, ICCS labels', () => {
    const lines = renderBoard(xqStart, { style: 'unicode' });
    expectAligned(lines);
    expect(trimmed(lines)).toBe(XQ_START_TEXT);
  });

  it('flipped, WXF labels', () => {
    const lines = renderBoard(xqStart, { style: 'unicode', flip: true, labels: 'wxf' });
    expectAligned(lines);
    expect(trimmed(lines)).toBe(XQ_FLIPPED_WXF_TEXT);
  });

  it('WXF labels, Red at the bottom: 1…9 on top, 九…一 below', () => {
    const lines = renderBoard(xqStart, { style: 'unicode', labels: 'wxf' });
    expectAligned(lines);
    expect(lines[0]!.trim().split(/ +/)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(lines.at(-1)!.trim().split(/ +/)).toEqual([...'九八七六五四三二一']);
  });

  it('ascii', () => {
    const lines = renderBoard(xqStart, { style: 'ascii' });
    expectAligned(lines, true);
    expect(lines.every((l) => /^[\x20-\x7e]*$/.test(l))).toBe(true);
    expect(trimmed(lines)).toBe(XQ_ASCII_TEXT);
  });

  it('painter keeps widths and columns; last move, check and highlights are painted', () => {
    const view = fenView(XQ_START, 'xiangqi', {
      lastMove: { from: [7, 2], to: [4, 2] },
      checked: [[4, 9]],
      highlights: [[4, 3], [4, 4]],
    });
    const plain = renderBoard(view, { style: 'unicode' });
    const painted = renderBoard(view, { style: 'unicode', paint: ansiPainter });
    expect(painted.map((l) => stringWidth(l))).toEqual(plain.map((l) => stringWidth(l)));
    expect(painted.map((l) => stripVTControlCharacters(l))).toEqual(plain);
    expectAligned(painted);
    const all = painted.join('\n');
    for (const code of [31, 34, 43, 41, 42, 2]) expect(all).toContain(`\x1b[${code}m`);
    // The empty highlighted squares show a dot even without colour.
    expect(plain.join('\n').match(/　·/g)).toHaveLength(1);
  });
});

describe('renderBoard: chu shogi', () => {
  it('start position, unicode (the seed board)', () => {
    const lines = renderBoard(chuStart, { style: 'unicode' });
    expectAligned(lines);
    expect(trimmed(lines)).toBe(CHU_START_TEXT);
  });

  it('is the seed board verbatim with CJK-width ambiguous characters and the seed rule —', () => {
    const lines = renderBoard(chuStart, { style: 'unicode', labels: 'none', ambiguousWide: true, rule: '—' });
    const seedBoard = seedText.slice(seedText.indexOf('▽ ┌'), seedText.indexOf('┘ ▲') + 3);
    expect(lines.join(' ').replace(/ +/g, ' ').trim()).toBe(seedBoard);
    // …and aligned in such a terminal too.
    const wide = (s: string) => stringWidth(s, { ambiguousIsNarrow: false });
    expect(new Set(lines.map(wide)).size).toBe(1);
  });

  it('cells equal the seed board cell for cell', () => {
    const [seedBoard] = parseSeedGrids(seedText);
    const [ours] = parseSeedGrids(renderBoard(chuStart, { style: 'unicode' }).join('\n'));
    expect(ours!.map((r) => r.map((c) => (c === '　 ' ? '　　' : c)))).toEqual(seedBoard);
  });

  it('promoted pieces: the side marker stays ▲/▽, a separate + marks the promoted piece, widths kept', () => {
    const lines = renderBoard(chuPromoted, { style: 'unicode' });
    expectAligned(lines);
    expect(trimmed(lines)).toBe(CHU_PROMOTED_TEXT);
    const text = lines.join('\n');
    expect(text).toContain('│▲飞+│▲飞 │▲象+│▲象 │▲马+│▲马 │'); // promoted gold, rook, …
    expect(text).toContain('│▽龙+│'); // promoted rook of Gote
    expect(text).toContain('│▽龙 │');
    expect(text).not.toMatch(/[△▼]/);
    // the chu board with promoted pieces still fits an 80-column terminal
    expect(Math.max(...lines.map((l) => stringWidth(l)))).toBeLessThanOrEqual(80);
    // without colour (no painter) the mark is all there is: promoted and base pieces still differ
    const mono = renderBoard(chuPromoted, { style: 'unicode', paint: {} }).join('\n');
    expect(mono).toContain('▲飞+');
    expect(mono).toContain('▲飞 ');
    const painted = renderBoard(chuPromoted, { style: 'unicode', paint: ansiPainter });
    expect(painted.map((l) => stringWidth(l))).toEqual(lines.map((l) => stringWidth(l)));
    expect(painted.join('\n')).toContain('\x1b[35m飞\x1b[39m');
    // a board without promoted pieces keeps the seed's cells (no mark column)
    expect(renderBoard(chuStart, { style: 'unicode' }).join('\n')).not.toContain('+');
  });

  it('a lion double move paints from, mid and to; labels none drops the edges', () => {
    const view = fenView(CHU_START, 'chushogi', { lastMove: { from: [6, 2], to: [6, 4], mid: [6, 3] } });
    const painted = renderBoard(view, { style: 'unicode', labels: 'none', paint: { lastMove: sgr(43, 49) } });
    expect(painted.join('\n').match(/\x1b\[43m/g)).toHaveLength(3);
    expectAligned(painted);
    expect(painted[0]!.startsWith('▽ ┌')).toBe(true);
    expect(painted.at(-1)!.endsWith('┘ ▲')).toBe(true);
    const bare = renderBoard(view, { style: 'unicode', labels: 'none', sideIndicators: false });
    expect(bare[0]!.startsWith('┌')).toBe(true);
    expect(bare.at(-1)!.endsWith('┘')).toBe(true);
  });

  it('flipped: Gote at the bottom, files 1…12, ranks l…a', () => {
    const lines = renderBoard(chuStart, { style: 'unicode', flip: true });
    expectAligned(lines);
    expect(trimmed(lines)).toBe(CHU_FLIPPED_TEXT);
  });

  it('ascii with promoted pieces', () => {
    const lines = renderBoard(chuPromoted, { style: 'ascii' });
    expectAligned(lines, true);
    expect(lines.every((l) => /^[\x20-\x7e]*$/.test(l))).toBe(true);
    expect(trimmed(lines)).toBe(CHU_PROMOTED_ASCII_TEXT);
  });

  it('ascii letters are derived from the glyphs when the view has none', () => {
    const bare: BoardView = { ...chuPromoted, cell: (x, y) => {
      const c = chuPromoted.cell(x, y);
      return c ? { glyph: c.glyph, side: c.side, promoted: c.promoted } : null;
    } };
    expect(renderBoard(bare, { style: 'ascii' })).toEqual(renderBoard(chuPromoted, { style: 'ascii' }));
  });
});

describe('movement diagrams', () => {
  it('parseSeedDiagrams finds all 19 diagrams', () => {
    expect([...seedDiagrams.keys()].sort()).toEqual(
      [...'王步金飞龙鹫仲象子豹角马鹰银竖牛铜横猪'].sort(),
    );
    for (const g of seedDiagrams.values()) {
      expect(g).toHaveLength(7);
      for (const r of g) expect(r).toHaveLength(7);
    }
    expect(seedDiagrams.get('王')![3]).toEqual(['　　', '　　', '　○', '▲王', '　○', '　　', '　　']);
    expect(seedDiagrams.get('鹫')![2]).toEqual(['　　', '　　', '　Ａ', '　●', '　Ａ', '　　', '　　']);
  });

  it('the 王 diagram matches the seed cell for cell', () => {
    const king = {
      center: { glyph: '王', side: 0 as const, promoted: false },
      cells: Array.from({ length: 7 }, (_, r) =>
        Array.from({ length: 7 }, (_, c): MoveMark =>
          Math.abs(r - 3) <= 1 && Math.abs(c - 3) <= 1 && !(r === 3 && c === 3) ? 'step' : null,
        ),
      ),
    };
    const lines = renderMoveDiagram(king);
    expectAligned(lines);
    const [cells] = parseSeedGrids(lines.join('\n'));
    expect(cells!.map((r) => r.map((c) => c.replace(/ +$/, '')))).toEqual(seedDiagrams.get('王'));
    expect(trimmed(lines)).toBe(KING_TEXT);
  });

  it('every seed diagram is reproduced verbatim in a CJK-width terminal with the seed rule', () => {
    const blocks = [...seedText.matchAll(/┌[^┘]*┘/g)].map((m) => m[0]).slice(1);
    expect(blocks).toHaveLength(19);
    for (const block of blocks) {
      const glyph = block.match(/▲(.)/)![1]!;
      const lines = renderMoveDiagram(diagramFromSeed(glyph), { ambiguousWide: true, rule: '—' });
      expect(lines.join(' ')).toBe(block);
    }
  });

  it('lion-power diagrams stay aligned in an ordinary terminal, painted or not', () => {
    for (const g of ['鹫', '鹰']) {
      const lines = renderMoveDiagram(diagramFromSeed(g));
      expectAligned(lines);
      const painted = renderMoveDiagram(diagramFromSeed(g), { paint: ansiPainter });
      expect(painted.map((l) => stripVTControlCharacters(l))).toEqual(lines);
      expectAligned(painted);
    }
    expect(trimmed(renderMoveDiagram(diagramFromSeed('鹫')))).toBe(EAGLE_TEXT);
  });

  it('ascii diagram', () => {
    const lines = renderMoveDiagram(diagramFromSeed('鹰'), { style: 'ascii', boardStyle: getGame('chushogi').boardStyle });
    expectAligned(lines, true);
    expect(trimmed(lines)).toBe(FALCON_ASCII_TEXT);
  });
});

describe('purity', () => {
  it('src/render imports no chalk, ink, react, commander or fs (of core, only the import-free codecs)', () => {
    const dir = resolve(here, '../src/render');
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts'))) {
      const src = readFileSync(join(dir, f), 'utf8');
      const imports = [...src.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);
      for (const i of imports) expect(i, `${f} imports ${i}`).toMatch(/^(\.\/.*\.js|string-width|\.\.\/core\/(piece|move)\.js)$/);
    }
  });
});

// ---- expected texts (reviewed in a 120-column tmux pane) ----

const XQ_FLIPPED_WXF_TEXT = `    一  二  三  四  五  六  七  八  九
▲ ┌───┬───┬───┬───┬───┬───┬───┬───┬───┐
0 │▲俥│▲傌│▲相│▲仕│▲帥│▲仕│▲相│▲傌│▲俥│
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┤
1 │　 │　 │　 │　 │　 │　 │　 │　 │　 │
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┤
2 │　 │▲炮│　 │　 │　 │　 │　 │▲炮│　 │
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┤
3 │▲兵│　 │▲兵│　 │▲兵│　 │▲兵│　 │▲兵│
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┤
4 │　 │　 │　 │　 │　 │　 │　 │　 │　 │
  ├───┴───┴───┴───┴───┴───┴───┴───┴───┤
  │      楚 河            漢 界       │
  ├───┬───┬───┬───┬───┬───┬───┬───┬───┤
5 │　 │　 │　 │　 │　 │　 │　 │　 │　 │
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┤
6 │▽卒│　 │▽卒│　 │▽卒│　 │▽卒│　 │▽卒│
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┤
7 │　 │▽砲│　 │　 │　 │　 │　 │▽砲│　 │
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┤
8 │　 │　 │　 │　 │　 │　 │　 │　 │　 │
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┤
9 │▽車│▽馬│▽象│▽士│▽將│▽士│▽象│▽馬│▽車│
  └───┴───┴───┴───┴───┴───┴───┴───┴───┘ ▽
     9   8   7   6   5   4   3   2   1`;
const XQ_ASCII_TEXT = `  +---+---+---+---+---+---+---+---+---+
9 | r | n | b | a | k | a | b | n | r |
  +---+---+---+---+---+---+---+---+---+
8 | . | . | . | . | . | . | . | . | . |
  +---+---+---+---+---+---+---+---+---+
7 | . | c | . | . | . | . | . | c | . |
  +---+---+---+---+---+---+---+---+---+
6 | p | . | p | . | p | . | p | . | p |
  +---+---+---+---+---+---+---+---+---+
5 | . | . | . | . | . | . | . | . | . |
  +---+---+---+---+---+---+---+---+---+
  |     CHU HE           HAN JIE      |
  +---+---+---+---+---+---+---+---+---+
4 | . | . | . | . | . | . | . | . | . |
  +---+---+---+---+---+---+---+---+---+
3 | P | . | P | . | P | . | P | . | P |
  +---+---+---+---+---+---+---+---+---+
2 | . | C | . | . | . | . | . | C | . |
  +---+---+---+---+---+---+---+---+---+
1 | . | . | . | . | . | . | . | . | . |
  +---+---+---+---+---+---+---+---+---+
0 | R | N | B | A | K | A | B | N | R |
  +---+---+---+---+---+---+---+---+---+
    a   b   c   d   e   f   g   h   i`;
const CHU_START_TEXT = `    12  11  10   9   8   7   6   5   4   3   2   1
▽ ┌───┬───┬───┬───┬───┬───┬───┬───┬───┬───┬───┬───┐
  │▽香│▽豹│▽铜│▽银│▽金│▽象│▽王│▽金│▽银│▽铜│▽豹│▽香│ a
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┤
  │▽反│　 │▽角│　 │▽虎│▽凤│▽麒│▽虎│　 │▽角│　 │▽反│ b
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┤
  │▽横│▽竖│▽飞│▽马│▽龙│▽奔│▽狮│▽龙│▽马│▽飞│▽竖│▽横│ c
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┤
  │▽步│▽步│▽步│▽步│▽步│▽步│▽步│▽步│▽步│▽步│▽步│▽步│ d
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┤
  │　 │　 │　 │▽仲│　 │　 │　 │　 │▽仲│　 │　 │　 │ e
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┤
  │　 │　 │　 │　 │　 │　 │　 │　 │　 │　 │　 │　 │ f
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┤
  │　 │　 │　 │　 │　 │　 │　 │　 │　 │　 │　 │　 │ g
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┤
  │　 │　 │　 │▲仲│　 │　 │　 │　 │▲仲│　 │　 │　 │ h
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┤
  │▲步│▲步│▲步│▲步│▲步│▲步│▲步│▲步│▲步│▲步│▲步│▲步│ i
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┤
  │▲横│▲竖│▲飞│▲马│▲龙│▲狮│▲奔│▲龙│▲马│▲飞│▲竖│▲横│ j
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┤
  │▲反│　 │▲角│　 │▲虎│▲麒│▲凤│▲虎│　 │▲角│　 │▲反│ k
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┤
  │▲香│▲豹│▲铜│▲银│▲金│▲王│▲象│▲金│▲银│▲铜│▲豹│▲香│ l
  └───┴───┴───┴───┴───┴───┴───┴───┴───┴───┴───┴───┘ ▲`;
const CHU_PROMOTED_TEXT = `     12   11   10    9    8    7    6    5    4    3    2    1
▽ ┌────┬────┬────┬────┬────┬────┬────┬────┬────┬────┬────┬────┐
  │　　│　　│　　│　　│　　│▽王 │　　│　　│　　│　　│　　│　　│ a
  ├────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┤
  │　　│　　│　　│▽龙+│　　│▽龙 │▽狮+│　　│▽狮 │　　│　　│　　│ b
  ├────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┤
  │　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│ c
  ├────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┤
  │　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│ d
  ├────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┤
  │　　│　　│▽と+│　　│　　│　　│　　│　　│　　│　　│　　│　　│ e
  ├────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┤
  │　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│ f
  ├────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┤
  │　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│ g
  ├────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┤
  │　　│　　│　　│　　│　　│　　│　　│　　│▲驹+│　　│　　│　　│ h
  ├────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┤
  │　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│ i
  ├────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┤
  │　　│　　│▲飞+│▲飞 │▲象+│▲象 │▲马+│▲马 │　　│　　│　　│　　│ j
  ├────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┤
  │　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│ k
  ├────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┤
  │　　│　　│　　│　　│　　│▲王 │▲奔+│　　│　　│　　│　　│　　│ l
  └────┴────┴────┴────┴────┴────┴────┴────┴────┴────┴────┴────┘ ▲`;
const CHU_FLIPPED_TEXT = `     1   2   3   4   5   6   7   8   9  10  11  12
▲ ┌───┬───┬───┬───┬───┬───┬───┬───┬───┬───┬───┬───┐
  │▲香│▲豹│▲铜│▲银│▲金│▲象│▲王│▲金│▲银│▲铜│▲豹│▲香│ l
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┤
  │▲反│　 │▲角│　 │▲虎│▲凤│▲麒│▲虎│　 │▲角│　 │▲反│ k
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┤
  │▲横│▲竖│▲飞│▲马│▲龙│▲奔│▲狮│▲龙│▲马│▲飞│▲竖│▲横│ j
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┤
  │▲步│▲步│▲步│▲步│▲步│▲步│▲步│▲步│▲步│▲步│▲步│▲步│ i
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┤
  │　 │　 │　 │▲仲│　 │　 │　 │　 │▲仲│　 │　 │　 │ h
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┤
  │　 │　 │　 │　 │　 │　 │　 │　 │　 │　 │　 │　 │ g
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┤
  │　 │　 │　 │　 │　 │　 │　 │　 │　 │　 │　 │　 │ f
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┤
  │　 │　 │　 │▽仲│　 │　 │　 │　 │▽仲│　 │　 │　 │ e
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┤
  │▽步│▽步│▽步│▽步│▽步│▽步│▽步│▽步│▽步│▽步│▽步│▽步│ d
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┤
  │▽横│▽竖│▽飞│▽马│▽龙│▽狮│▽奔│▽龙│▽马│▽飞│▽竖│▽横│ c
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┤
  │▽反│　 │▽角│　 │▽虎│▽麒│▽凤│▽虎│　 │▽角│　 │▽反│ b
  ├───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┼───┤
  │▽香│▽豹│▽铜│▽银│▽金│▽王│▽象│▽金│▽银│▽铜│▽豹│▽香│ a
  └───┴───┴───┴───┴───┴───┴───┴───┴───┴───┴───┴───┘ ▽`;
const CHU_PROMOTED_ASCII_TEXT = ` 12  11  10   9   8   7   6   5   4   3   2   1
+---+---+---+---+---+---+---+---+---+---+---+---+
| . | . | . | . | . | k | . | . | . | . | . | . | a
+---+---+---+---+---+---+---+---+---+---+---+---+
| . | . | . |+r | . | d |+o | . | n | . | . | . | b
+---+---+---+---+---+---+---+---+---+---+---+---+
| . | . | . | . | . | . | . | . | . | . | . | . | c
+---+---+---+---+---+---+---+---+---+---+---+---+
| . | . | . | . | . | . | . | . | . | . | . | . | d
+---+---+---+---+---+---+---+---+---+---+---+---+
| . | . |+p | . | . | . | . | . | . | . | . | . | e
+---+---+---+---+---+---+---+---+---+---+---+---+
| . | . | . | . | . | . | . | . | . | . | . | . | f
+---+---+---+---+---+---+---+---+---+---+---+---+
| . | . | . | . | . | . | . | . | . | . | . | . | g
+---+---+---+---+---+---+---+---+---+---+---+---+
| . | . | . | . | . | . | . | . |+L | . | . | . | h
+---+---+---+---+---+---+---+---+---+---+---+---+
| . | . | . | . | . | . | . | . | . | . | . | . | i
+---+---+---+---+---+---+---+---+---+---+---+---+
| . | . |+G | R |+I | E |+B | H | . | . | . | . | j
+---+---+---+---+---+---+---+---+---+---+---+---+
| . | . | . | . | . | . | . | . | . | . | . | . | k
+---+---+---+---+---+---+---+---+---+---+---+---+
| . | . | . | . | . | K |+X | . | . | . | . | . | l
+---+---+---+---+---+---+---+---+---+---+---+---+`;
const KING_TEXT = `┌────┬────┬────┬────┬────┬────┬────┐
│　　│　　│　　│　　│　　│　　│　　│
├────┼────┼────┼────┼────┼────┼────┤
│　　│　　│　　│　　│　　│　　│　　│
├────┼────┼────┼────┼────┼────┼────┤
│　　│　　│　○ │　○ │　○ │　　│　　│
├────┼────┼────┼────┼────┼────┼────┤
│　　│　　│　○ │▲王 │　○ │　　│　　│
├────┼────┼────┼────┼────┼────┼────┤
│　　│　　│　○ │　○ │　○ │　　│　　│
├────┼────┼────┼────┼────┼────┼────┤
│　　│　　│　　│　　│　　│　　│　　│
├────┼────┼────┼────┼────┼────┼────┤
│　　│　　│　　│　　│　　│　　│　　│
└────┴────┴────┴────┴────┴────┴────┘`;
const EAGLE_TEXT = `┌────┬────┬────┬────┬────┬────┬────┐
│　　│　　│　　│　● │　　│　　│　　│
├────┼────┼────┼────┼────┼────┼────┤
│　　│　Ｂ│　　│　● │　　│　Ｂ│　　│
├────┼────┼────┼────┼────┼────┼────┤
│　　│　　│　Ａ│　● │　Ａ│　　│　　│
├────┼────┼────┼────┼────┼────┼────┤
│　● │　● │　● │▲鹫 │　● │　● │　● │
├────┼────┼────┼────┼────┼────┼────┤
│　　│　　│　● │　● │　● │　　│　　│
├────┼────┼────┼────┼────┼────┼────┤
│　　│　● │　　│　● │　　│　● │　　│
├────┼────┼────┼────┼────┼────┼────┤
│　● │　　│　　│　● │　　│　　│　● │
└────┴────┴────┴────┴────┴────┴────┘`;
const FALCON_ASCII_TEXT = `+---+---+---+---+---+---+---+
| * | . | . | . | . | . | * |
+---+---+---+---+---+---+---+
| . | * | . | B | . | * | . |
+---+---+---+---+---+---+---+
| . | . | * | A | * | . | . |
+---+---+---+---+---+---+---+
| * | * | * |+H | * | * | * |
+---+---+---+---+---+---+---+
| . | . | * | * | * | . | . |
+---+---+---+---+---+---+---+
| . | * | . | * | . | * | . |
+---+---+---+---+---+---+---+
| * | . | . | * | . | . | * |
+---+---+---+---+---+---+---+`;

describe('width: the remembering string-width', () => {
  it('answers as string-width does, for both ambiguous widths, the first time and again', async () => {
    const { stringWidth: remembered } = await import('../src/render/width.js');
    const texts = ['', 'a0a1', '帥', '▲王', '─┼─', '\x1b[31m將\x1b[39m', '👍🏽', 'é', 'ｱﾞ', '·…←→', '中将棋 chu'];
    for (let round = 0; round < 2; round++)
      for (const t of texts)
        for (const o of [undefined, { ambiguousIsNarrow: false }, { countAnsiEscapeCodes: true }]) {
          expect(remembered(t, o), `${JSON.stringify(t)} ${JSON.stringify(o)}`).toBe(stringWidth(t, o));
        }
    // the options are told apart (▲ is ambiguous: 1 or 2 columns)
    expect(remembered('▲')).toBe(1);
    expect(remembered('▲', { ambiguousIsNarrow: false })).toBe(2);
  });
});
