/** The Position→BoardView bridge on real engine positions, and `chuhan show`. */
import { describe, expect, it } from 'vitest';
import { XQ_START_TEXT as XQ_START } from './helpers/boards.js';
import { stripVTControlCharacters } from 'node:util';
import stringWidth from 'string-width';
import { main } from '../src/cli/main.js';
import { chalkPainter } from '../src/tui/paint.js';
import { isAttacked } from '../src/core/movegen.js';
import { getGame, type Game } from '../src/games/registry.js';
import { renderBoard } from '../src/render/board.js';
import type { BoardRenderOptions } from '../src/render/types.js';
import { boardView, checkedRoyals } from '../src/render/view.js';
import { runCli } from './helpers/cli.js';
import { formatProblem } from '../src/core/problem.js';

const xq = getGame('xiangqi');
const chu = getGame('chushogi');
const CHU_PROMOTED =
  '+l+f+c+s+gk+e+t+a+m+v+b/+r+h+d+o+x+i+p5/12/12/12/12/12/12/12/12/5+P+I+X+O+D+H+R/+B+V+M+A+T+EK+G+S+C+F+L b - 1';

function position(game: Game, fen: string) {
  const r = game.parseFen(fen);
  if (!r.ok) throw new Error(formatProblem(r.error));
  return r.value;
}

function draw(game: Game, fen: string, opts: Partial<BoardRenderOptions> = {}): string[] {
  return renderBoard(boardView(game, position(game, fen), { attacked: isAttacked }), { style: 'unicode', ...opts });
}

const BOX = new Set([...'│┼├┤┌┬┐└┴┘']);

/**
 * Display columns of the grid characters of a line. ASCII style: `|` in rows, `+` in rules (a `+`
 * inside a row is a promoted piece, not the grid).
 */
function gridColumns(line: string): number[] {
  const plain = stripVTControlCharacters(line);
  const grid = /[│┼├┤┌┬┐└┴┘]/.test(plain) ? BOX : new Set([plain.includes('|') ? '|' : '+']);
  const cols: number[] = [];
  let col = 0;
  for (const ch of plain) {
    if (grid.has(ch)) cols.push(col);
    col += stringWidth(ch);
  }
  return cols;
}

/** Same display width on every line; every grid line has its vertical lines in the same columns. */
function expectAligned(lines: string[]): void {
  const widths = new Set(lines.map((l) => stringWidth(l)));
  expect(widths.size, `widths ${[...widths]}`).toBe(1);
  const gridLines = lines.filter((l) => gridColumns(l).length > 2); // not labels, not the river banner
  expect(gridLines.length).toBeGreaterThan(10);
  const first = gridColumns(gridLines[0]!).join(',');
  for (const l of gridLines) expect(gridColumns(l).join(','), l).toBe(first);
  const banner = lines.filter((l) => gridColumns(l).length === 2);
  for (const l of banner) {
    const c = gridColumns(l);
    expect(c[0]).toBe(gridColumns(gridLines[0]!)[0]);
    expect(c[1]).toBe(gridColumns(gridLines[0]!).at(-1));
  }
}

describe('board view of engine positions', () => {
  it('xiangqi start: aligned, exact text', () => {
    const lines = draw(xq, xq.startFen);
    expectAligned(lines);
    expect(lines.map((l) => l.trimEnd()).join('\n')).toBe(XQ_START);
  });

  it('chu start: aligned, 12 files, seed glyphs', () => {
    const lines = draw(chu, chu.startFen);
    expectAligned(lines);
    expect(lines[0]!.trim()).toBe('12  11  10   9   8   7   6   5   4   3   2   1');
    expect(lines[2]).toBe('  │▽香│▽豹│▽铜│▽银│▽金│▽象│▽王│▽金│▽银│▽铜│▽豹│▽香│ a');
    expect(lines[20]).toBe('  │▲横│▲竖│▲飞│▲马│▲龙│▲狮│▲奔│▲龙│▲马│▲飞│▲竖│▲横│ j');
  });

  it('chu promoted pieces: promoted glyphs with the ▲/▽ side markers and a + mark, aligned, exact text', () => {
    const lines = draw(chu, CHU_PROMOTED);
    expectAligned(lines);
    expect(lines.map((l) => l.trimEnd()).join('\n')).toBe(CHU_PROMOTED_TEXT);
    // the same glyph as a base piece and as a promoted one differ by the mark: Rook 飞 vs +Gold 飞
    const start = draw(chu, chu.startFen).join('\n');
    expect(start).toContain('▲飞');
    expect(start).not.toContain('+');
    expect(lines.join('\n')).toContain('▲飞+');
    expect(lines.join('\n')).toContain('▽龙+');
  });

  it('ascii style: SFEN letters with + for promoted pieces, aligned', () => {
    const lines = draw(chu, CHU_PROMOTED, { style: 'ascii' });
    expectAligned(lines);
    expect(lines[2]).toBe('|+l |+f |+c |+s |+g | k |+e |+t |+a |+m |+v |+b | a');
    expect(lines[24]).toBe('|+B |+V |+M |+A |+T |+E | K |+G |+S |+C |+F |+L | l');
  });

  it('colour: painting never changes the text; red, promoted, last move and check are painted', () => {
    const paint = chalkPainter(true);
    const pos = position(xq, '4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1');
    pos.play(xq.parseMove(pos, 'a0a9').ok ? (xq.parseMove(pos, 'a0a9') as { value: number }).value : 0);
    expect(checkedRoyals(pos, isAttacked)).toEqual([4 + 9 * 9]);
    const view = boardView(xq, pos, { attacked: isAttacked });
    expect(view.checked).toEqual([[4, 9]]);
    expect(view.lastMove).toEqual({ from: [0, 0], to: [0, 9] });
    const painted = renderBoard(view, { style: 'unicode', paint });
    const plain = renderBoard(view, { style: 'unicode' });
    expect(painted.map((l) => stripVTControlCharacters(l))).toEqual(plain);
    expectAligned(painted);
    const row9 = painted[1]!;
    expect(row9).toContain('\x1b[7m'); // the checked general, inverted
    expect(row9).toContain('\x1b[31m'); // red chariot
    expect(row9).toContain('\x1b[100m'); // last-move square background
    const promoted = renderBoard(boardView(chu, position(chu, CHU_PROMOTED)), { style: 'unicode', paint });
    expect(promoted.join('\n')).toContain('\x1b[33m'); // promoted glyphs yellow
    expectAligned(promoted);
  });

  it('highlights and a flipped board', () => {
    const pos = position(xq, xq.startFen);
    const lines = renderBoard(boardView(xq, pos, { highlights: [18, 20] }), { style: 'unicode', flip: true });
    expectAligned(lines);
    // flipped: red at the top, rank 0 first, files i…a; b0's destinations a2/c2 marked with a dot
    expect(lines[1]).toBe('0 │▲俥│▲傌│▲相│▲仕│▲帥│▲仕│▲相│▲傌│▲俥│  ');
    expect(lines[5]).toBe('2 │　 │▲炮│　 │　 │　 │　 │　·│▲炮│　·│  ');
  });
});

describe('chuhan show', () => {
  it('prints the start position, the status and the FEN; no colour in a pipe', async () => {
    const r = await runCli(['show']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.slice(0, -2).map((l) => l.trimEnd()).join('\n')).toBe(XQ_START);
    expect(lines.at(-2)).toBe('red to move');
    expect(lines.at(-1)).toBe(`fen ${xq.startFen}`);
    expect(r.stdout).not.toContain('\x1b[');
  });

  it('plays --moves in ICCS, WXF and Chinese', async () => {
    const r = await runCli(['show', '--moves', 'h2e2 H8+7 炮五进四']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.at(-2)).toBe('black to move · last move e2e6');
    expect(lines.at(-1)).toBe('fen rnbakab1r/9/1c4nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2');
    const n = await runCli(['show', '--moves', 'h2e2 H8+7 炮五进四', '--notation', 'chinese']);
    expect(n.stdout).toContain('last move 炮五进四');
  });

  it('shows check and a finished game', async () => {
    const check = await runCli(['show', '--fen', '4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1', '--moves', 'a0a9']);
    expect(check.stdout).toContain('black to move · check · last move a0a9');
    const mate = await runCli(['show', '--fen', '4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1', '--moves', 'i0i9']);
    expect(mate.code).toBe(0);
    expect(mate.stdout).toContain('game over: 1-0 red wins by checkmate · last move i0i9');
  });

  it('colours a terminal, not with NO_COLOR or --no-color', async () => {
    const run = async (args: string[], env: Record<string, string> = {}) => {
      let out = '';
      const code = await main(args, { out: (t) => void (out += t), err: () => undefined, isTTY: true, env });
      expect(code).toBe(0);
      return out;
    };
    const coloured = await run(['show', '--moves', 'h2e2']);
    expect(coloured).toContain('\x1b[');
    expect(stripVTControlCharacters(coloured)).toBe((await runCli(['show', '--moves', 'h2e2'])).stdout);
    expect(await run(['show'], { NO_COLOR: '1' })).not.toContain('\x1b[');
    expect(await run(['show', '--no-color'])).not.toContain('\x1b[');
  });

  it('ascii style, WXF labels, no labels, chu', async () => {
    const a = await runCli(['show', '--style', 'ascii', '--labels', 'wxf']);
    expect(a.stdout.split('\n')[0]).toBe('    1   2   3   4   5   6   7   8   9  ');
    expect(a.stdout.split('\n')[2]).toBe('9 | r | n | b | a | k | a | b | n | r |');
    const n = await runCli(['show', '--no-labels']);
    expect(n.stdout.split('\n')[1]).toBe('  │▽車│▽馬│▽象│▽士│▽將│▽士│▽象│▽馬│▽車│  ');
    const c = await runCli(['show', '-v', 'chu', '--moves', '7i7h 6d6e']);
    expect(c.code).toBe(0);
    expect(c.stdout).toContain('sente to move · last move 6d6e');
  });

  it('bad input: one sentence naming the ply, no stack trace; illegal 1, malformed 2', async () => {
    const bad = await runCli(['show', '--moves', 'h2e2 h9h0']);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^chuhan: illegal move 2: "h9h0": .+\n$/);
    const wxf = await runCli(['show', '--moves', 'h2e2 R9+5']);
    expect(wxf.code).toBe(1);
    expect(wxf.stderr).toMatch(/^chuhan: illegal move 2 "R9\+5": |^chuhan: illegal move 2: "R9\+5"/);
    const junk = await runCli(['show', '--moves', 'h2e2 zz']);
    expect(junk.code).toBe(2);
    expect(junk.stderr).toMatch(/^chuhan: malformed move 2[ :]/);
    expect(junk.stderr.split('\n')).toHaveLength(2);
    const fen = await runCli(['show', '--fen', 'rnbakabnr/9 w']);
    expect(fen.code).toBe(2);
    expect(fen.stderr).toMatch(/^chuhan: bad FEN: .+\n$/);
    const over = await runCli(['show', '--fen', '4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1', '--moves', 'i0i9 e9e8']);
    expect(over.code).toBe(1);
    expect(over.stderr).toBe('chuhan: illegal move 2 "e9e8": the game is already over (checkmate)\n');
    for (const args of [['show', '--style', 'fancy'], ['show', '--labels', 'roman'], ['show', '-v', 'chess']]) {
      const r = await runCli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^chuhan: unknown /);
    }
  });
});


const CHU_PROMOTED_TEXT = `     12   11   10    9    8    7    6    5    4    3    2    1
▽ ┌────┬────┬────┬────┬────┬────┬────┬────┬────┬────┬────┬────┐
  │▽驹+│▽角+│▽横+│▽竖+│▽飞+│▽王 │▽子+│▽鹿+│▽鲸+│▽猪+│▽牛+│▽马+│ a
  ├────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┤
  │▽龙+│▽鹰+│▽鹫+│▽狮+│▽奔+│▽象+│▽と+│　　│　　│　　│　　│　　│ b
  ├────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┤
  │　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│ c
  ├────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┤
  │　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│ d
  ├────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┤
  │　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│ e
  ├────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┤
  │　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│ f
  ├────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┤
  │　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│ g
  ├────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┤
  │　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│ h
  ├────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┤
  │　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│ i
  ├────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┤
  │　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│　　│ j
  ├────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┤
  │　　│　　│　　│　　│　　│▲と+│▲象+│▲奔+│▲狮+│▲鹫+│▲鹰+│▲龙+│ k
  ├────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┼────┤
  │▲马+│▲牛+│▲猪+│▲鲸+│▲鹿+│▲子+│▲王 │▲飞+│▲竖+│▲横+│▲角+│▲驹+│ l
  └────┴────┴────┴────┴────┴────┴────┴────┴────┴────┴────┴────┘ ▲`;
