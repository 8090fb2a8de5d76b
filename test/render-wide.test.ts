/**
 * The `wide` style, for terminals that draw East-Asian "ambiguous" characters (▲ ○ ─ │ …) two
 * columns wide: no character of East Asian Width "A" (Unicode EastAsianWidth.txt, through
 * get-east-asian-width, the table string-width itself uses), so the board measures the same
 * whichever width the terminal gives those characters.
 */
import { describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { eastAsianWidthType } from 'get-east-asian-width';
import { getGame, type GameId } from '../src/games/registry.js';
import { chuMoveDiagram } from '../src/games/chushogi/diagram.js';
import { chuKind } from '../src/games/chushogi/pieces.js';
import { renderBoard, renderMoveDiagram, WIDE_MARKS, type BoardView, type LabelMode } from '../src/render/index.js';
import { boardView } from '../src/render/view.js';
import { runCli } from './helpers/cli.js';
import { formatProblem } from '../src/core/problem.js';

function view(id: GameId, fen?: string): BoardView {
  const g = getGame(id);
  const r = g.parseFen(fen ?? g.startFen);
  if (!r.ok) throw new Error(formatProblem(r.error));
  return boardView(g, r.value, { lastMove: null });
}

const narrow = (s: string) => stringWidth(s);
const wide = (s: string) => stringWidth(s, { ambiguousIsNarrow: false });

/** Every character of the texts that is ambiguous (by the Unicode table or by string-width's two measures). */
function ambiguous(texts: string[]): string[] {
  const bad = new Set<string>();
  for (const t of texts)
    for (const ch of t) {
      if (eastAsianWidthType(ch.codePointAt(0)!) === 'ambiguous' || narrow(ch) !== wide(ch)) bad.add(ch);
    }
  return [...bad];
}

/** A chu position with promoted pieces of both sides (a promoted Rook 龙 and a Dragon King), a check. */
const CHU_PROMOTED = 'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/5+R6/3I4I3/PPPPPPPPPPPP/MV1HDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1';

const boards = (): { name: string; lines: string[] }[] => {
  const out: { name: string; lines: string[] }[] = [];
  const cases: [GameId, string | undefined, LabelMode | undefined][] = [
    ['xiangqi', undefined, 'iccs'],
    ['xiangqi', undefined, 'wxf'],
    ['xiangqi', '4k4/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1', undefined],
    ['chushogi', undefined, undefined],
    ['chushogi', CHU_PROMOTED, undefined],
  ];
  for (const [id, fen, labels] of cases)
    for (const layout of ['full', 'compact'] as const)
      for (const flip of [false, true]) {
        const v = { ...view(id, fen), highlights: [[4, 4], [0, 0]] as [number, number][], cursor: [1, 1] as [number, number], lastMove: { from: [1, 0], to: [2, 2] } as BoardView['lastMove'] };
        out.push({ name: `${id} ${fen ?? 'start'} ${labels ?? ''} ${layout}${flip ? ' flipped' : ''}`, lines: renderBoard(v, { style: 'wide', layout, flip, labels }) });
      }
  return out;
};

describe('wide style', () => {
  it('uses no character of ambiguous East Asian Width (boards of both games, all layouts, labels, flips)', () => {
    for (const b of boards()) expect(ambiguous(b.lines), b.name).toEqual([]);
  });

  it('measures the same with ambiguous characters narrow and wide: equal line widths, same grid columns', () => {
    for (const b of boards()) {
      const n = b.lines.map(narrow);
      const w = b.lines.map(wide);
      expect(w, b.name).toEqual(n);
      expect(new Set(n).size, b.name).toBe(1);
    }
  });

  it('the unicode style is not (it is for ordinary terminals): its widths change with the measure', () => {
    const lines = renderBoard(view('xiangqi'), { style: 'unicode' });
    expect(ambiguous(lines)).toEqual(expect.arrayContaining(['▲', '▽', '─', '│', '┼']));
    expect(lines.map(wide)).not.toEqual(lines.map(narrow));
  });

  it('draws the xiangqi start position', () => {
    const lines = renderBoard(view('xiangqi'), { style: 'wide', layout: 'compact' });
    expect(lines.join('\n')).toBe(`v +---+---+---+---+---+---+---+---+---+  
9 |v車|v馬|v象|v士|v將|v士|v象|v馬|v車|  
8 |　 |　 |　 |　 |　 |　 |　 |　 |　 |  
7 |　 |v砲|　 |　 |　 |　 |　 |v砲|　 |  
6 |v卒|　 |v卒|　 |v卒|　 |v卒|　 |v卒|  
5 |　 |　 |　 |　 |　 |　 |　 |　 |　 |  
  |      楚 河            漢 界       |  
4 |　 |　 |　 |　 |　 |　 |　 |　 |　 |  
3 |^兵|　 |^兵|　 |^兵|　 |^兵|　 |^兵|  
2 |　 |^炮|　 |　 |　 |　 |　 |^炮|　 |  
1 |　 |　 |　 |　 |　 |　 |　 |　 |　 |  
0 |^俥|^傌|^相|^仕|^帥|^仕|^相|^傌|^俥|  
  +---+---+---+---+---+---+---+---+---+ ^
     a   b   c   d   e   f   g   h   i   `);
  });

  it('chu: a promoted piece keeps its side marker and gets a + after the glyph; the column is always there', () => {
    const lines = renderBoard(view('chushogi', CHU_PROMOTED), { style: 'wide', layout: 'compact' });
    expect(lines[0]).toBe('    12   11   10    9    8    7    6    5    4    3    2    1    ');
    expect(lines[8]).toBe('  |　　|　　|　　|　　|　　|^龙+|　　|　　|　　|　　|　　|　　| g');
    expect(lines[11]).toBe('  |^横 |^竖 |　　|^马 |^龙 |^狮 |^奔 |^龙 |^马 |^飞 |^竖 |^横 | j');
    // the start position has no promoted piece but the same width
    const start = renderBoard(view('chushogi'), { style: 'wide', layout: 'compact' });
    expect(narrow(start[0]!)).toBe(narrow(lines[0]!));
  });

  it('movement diagrams: no ambiguous character, the same widths in both measures', () => {
    for (const name of ['lion', 'king', '+dragon', '+bishop']) {
      const kind = chuKind(name);
      expect(kind, name).toBeGreaterThan(0);
      const lines = renderMoveDiagram({ center: { glyph: '狮', side: 0, promoted: name.startsWith('+') }, cells: chuMoveDiagram(kind) }, { style: 'wide' });
      expect(ambiguous(lines), name).toEqual([]);
      expect(lines.map(wide)).toEqual(lines.map(narrow));
      expect(new Set(lines.map(narrow)).size).toBe(1);
    }
    expect(ambiguous(Object.values(WIDE_MARKS))).toEqual([]);
  });
});

describe('--style wide in the CLI', () => {
  it('show --style wide (both games, also --layout compact)', async () => {
    for (const args of [['show', '--style', 'wide'], ['show', '-v', 'chu', '--style', 'wide', '--layout', 'compact'], ['show', '--style', 'wide', '--labels', 'wxf']]) {
      const r = await runCli(args);
      expect(r.code, args.join(' ')).toBe(0);
      const board = r.stdout.split('\n').filter((l) => /[|+]/.test(l) && !l.startsWith('fen'));
      expect(board.length).toBeGreaterThan(12);
      expect(ambiguous(board)).toEqual([]);
    }
    const c = await runCli(['show', '--layout', 'compact']);
    expect(c.stdout.split('\n').filter((l) => l.includes('├'))).toEqual([]);
  });

  it('piece --style wide draws the diagram and legend without ambiguous characters', async () => {
    for (const args of [['piece', 'lion', '--style', 'wide'], ['piece', 'horse', '-v', 'xiangqi', '--style', 'wide']]) {
      const r = await runCli(args);
      expect(r.code, args.join(' ')).toBe(0);
      const lines = r.stdout.split('\n').slice(1); // the first line is the description (with ·)
      expect(ambiguous(lines)).toEqual([]);
      expect(r.stdout).toContain('〇 one step');
    }
  });

  it('an unknown style or layout is a usage error naming the choices', async () => {
    const r = await runCli(['show', '--style', 'fancy']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('chuhan: unknown style "fancy" (use unicode, ascii or wide)\n');
    const l = await runCli(['show', '--layout', 'tiny']);
    expect(l.code).toBe(2);
    expect(l.stderr).toBe('chuhan: unknown layout "tiny" (use full or compact)\n');
    const p = await runCli(['piece', 'lion', '--style', 'fancy']);
    expect(p.code).toBe(2);
    expect(p.stderr).toContain('unknown style "fancy" (use unicode, ascii, wide)');
  });
});
