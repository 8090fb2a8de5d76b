/** Board layouts (full / compact / too small) and the pure layout chooser (src/render/layout.ts). */
import { describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { getGame, type GameId } from '../src/games/registry.js';
import { boardSizes, chooseLayout, renderBoard, tooSmallMessage, type BoardRenderOptions, type BoardView } from '../src/render/index.js';
import { boardView } from '../src/render/view.js';
import { RESERVED_ROWS } from '../src/tui/App.js';
import { formatProblem } from '../src/core/problem.js';

function startView(id: GameId): BoardView {
  const g = getGame(id);
  const r = g.parseFen(g.startFen);
  if (!r.ok) throw new Error(formatProblem(r.error));
  return boardView(g, r.value, { lastMove: null });
}

/** Display columns at which each grid line character (`│`, `|`, `┼`, `+`) of a line stands. */
function barColumns(line: string, bars = /[│|┼┬┴┌┐└┘├┤+]/u): number[] {
  const cols: number[] = [];
  let col = 0;
  for (const ch of line) {
    if (bars.test(ch)) cols.push(col);
    col += stringWidth(ch);
  }
  return cols;
}

const XQ_COMPACT = `▽ ┌───┬───┬───┬───┬───┬───┬───┬───┬───┐  
9 │▽車│▽馬│▽象│▽士│▽將│▽士│▽象│▽馬│▽車│  
8 │　 │　 │　 │　 │　 │　 │　 │　 │　 │  
7 │　 │▽砲│　 │　 │　 │　 │　 │▽砲│　 │  
6 │▽卒│　 │▽卒│　 │▽卒│　 │▽卒│　 │▽卒│  
5 │　 │　 │　 │　 │　 │　 │　 │　 │　 │  
  │      楚 河            漢 界       │  
4 │　 │　 │　 │　 │　 │　 │　 │　 │　 │  
3 │▲兵│　 │▲兵│　 │▲兵│　 │▲兵│　 │▲兵│  
2 │　 │▲炮│　 │　 │　 │　 │　 │▲炮│　 │  
1 │　 │　 │　 │　 │　 │　 │　 │　 │　 │  
0 │▲俥│▲傌│▲相│▲仕│▲帥│▲仕│▲相│▲傌│▲俥│  
  └───┴───┴───┴───┴───┴───┴───┴───┴───┘ ▲
     a   b   c   d   e   f   g   h   i   `;

const CHU_COMPACT = `    12  11  10   9   8   7   6   5   4   3   2   1   
▽ ┌───┬───┬───┬───┬───┬───┬───┬───┬───┬───┬───┬───┐  
  │▽香│▽豹│▽铜│▽银│▽金│▽象│▽王│▽金│▽银│▽铜│▽豹│▽香│ a
  │▽反│　 │▽角│　 │▽虎│▽凤│▽麒│▽虎│　 │▽角│　 │▽反│ b
  │▽横│▽竖│▽飞│▽马│▽龙│▽奔│▽狮│▽龙│▽马│▽飞│▽竖│▽横│ c
  │▽步│▽步│▽步│▽步│▽步│▽步│▽步│▽步│▽步│▽步│▽步│▽步│ d
  │　 │　 │　 │▽仲│　 │　 │　 │　 │▽仲│　 │　 │　 │ e
  │　 │　 │　 │　 │　 │　 │　 │　 │　 │　 │　 │　 │ f
  │　 │　 │　 │　 │　 │　 │　 │　 │　 │　 │　 │　 │ g
  │　 │　 │　 │▲仲│　 │　 │　 │　 │▲仲│　 │　 │　 │ h
  │▲步│▲步│▲步│▲步│▲步│▲步│▲步│▲步│▲步│▲步│▲步│▲步│ i
  │▲横│▲竖│▲飞│▲马│▲龙│▲狮│▲奔│▲龙│▲马│▲飞│▲竖│▲横│ j
  │▲反│　 │▲角│　 │▲虎│▲麒│▲凤│▲虎│　 │▲角│　 │▲反│ k
  │▲香│▲豹│▲铜│▲银│▲金│▲王│▲象│▲金│▲银│▲铜│▲豹│▲香│ l
  └───┴───┴───┴───┴───┴───┴───┴───┴───┴───┴───┴───┘ ▲`;

describe('compact layout', () => {
  it('xiangqi: one line per rank, the river one line, borders and ICCS labels kept', () => {
    const lines = renderBoard(startView('xiangqi'), { style: 'unicode', layout: 'compact' });
    expect(lines.join('\n')).toBe(XQ_COMPACT);
    expect(lines).toHaveLength(14);
  });

  it('chu: 12 ranks in 15 lines with file numbers and rank letters', () => {
    const lines = renderBoard(startView('chushogi'), { style: 'unicode', layout: 'compact' });
    expect(lines.join('\n')).toBe(CHU_COMPACT);
    expect(lines).toHaveLength(15);
  });

  for (const id of ['xiangqi', 'chushogi'] as const) {
    for (const style of ['unicode', 'ascii', 'wide'] as const) {
      it(`${id} ${style}: every line the same width, every grid line in the same columns`, () => {
        const view = { ...startView(id), highlights: [[4, 4]] as [number, number][], lastMove: { from: [1, 0], to: [2, 2] } as BoardView['lastMove'] };
        const lines = renderBoard(view, { style, layout: 'compact', flip: true });
        const widths = new Set(lines.map((l) => stringWidth(l)));
        expect(widths.size).toBe(1);
        const rows = lines.filter((l) => /[│|]/.test(l) && !/[楚河]|CHU/.test(l));
        expect(rows.length).toBe(id === 'xiangqi' ? 10 : 12);
        const first = barColumns(rows[0]!);
        expect(first.length).toBe(startView(id).width + 1);
        for (const r of rows) expect(barColumns(r)).toEqual(first);
        // the top and bottom borders have their joints in the same columns as the rows' bars
        for (const l of lines.filter((x) => /[┌└]|^\S? *\+-/.test(x))) expect(barColumns(l)).toEqual(first);
      });
    }
  }

  it('compact is the full board without its rule lines between ranks', () => {
    for (const id of ['xiangqi', 'chushogi'] as const) {
      const full = renderBoard(startView(id), { style: 'unicode' });
      const compact = renderBoard(startView(id), { style: 'unicode', layout: 'compact' });
      expect(compact).toEqual(full.filter((l) => !l.includes('├')));
    }
  });
});

describe('chooseLayout', () => {
  const sizes = (id: GameId, opts: Partial<BoardRenderOptions> = {}) => boardSizes(startView(id), { style: 'unicode', ...opts });
  // the play screen draws its boards steady (a chu board keeps the promotion mark's column all game)
  const choose = (id: GameId, columns: number, rows: number) =>
    chooseLayout({ columns, rows, reservedRows: RESERVED_ROWS, boards: sizes(id, { steadyWidth: true }) });

  it('measures both layouts of both games', () => {
    expect(sizes('xiangqi')).toEqual({ full: { columns: 41, rows: 24 }, compact: { columns: 41, rows: 14 } });
    expect(sizes('chushogi')).toEqual({ full: { columns: 53, rows: 26 }, compact: { columns: 53, rows: 15 } });
    expect(sizes('chushogi', { style: 'wide' })).toEqual({ full: { columns: 65, rows: 26 }, compact: { columns: 65, rows: 15 } });
    expect(sizes('chushogi', { steadyWidth: true })).toEqual({ full: { columns: 65, rows: 26 }, compact: { columns: 65, rows: 15 } });
    expect(sizes('xiangqi', { steadyWidth: true })).toEqual(sizes('xiangqi'));
  });

  it('120×40: the full board with the moves beside it, both games', () => {
    for (const id of ['xiangqi', 'chushogi'] as const) {
      const c = choose(id, 120, 40);
      expect(c).toMatchObject({ fits: true, layout: 'full', panel: 'beside' });
    }
    expect(choose('xiangqi', 120, 40)).toMatchObject({ panelSize: { columns: 120 - 41 - 2, rows: 24 }, spareRows: 40 - 6 - 24 });
  });

  it('80×24: compact, with the status, message and input lines (both games); chu with the moves below', () => {
    const xq = choose('xiangqi', 80, 24);
    expect(xq).toMatchObject({ fits: true, layout: 'compact', panel: 'beside', board: { columns: 41, rows: 14 }, spareRows: 24 - 6 - 14 });
    // the chu board is 65 columns all game: the moves go below it
    const chu = choose('chushogi', 80, 24);
    expect(chu).toMatchObject({ fits: true, layout: 'compact', panel: 'below', board: { columns: 65, rows: 15 }, panelSize: { columns: 80, rows: 3 }, spareRows: 0 });
  });

  it('100×30: xiangqi full with the moves beside; chu compact with the moves beside', () => {
    expect(choose('xiangqi', 100, 30)).toMatchObject({ fits: true, layout: 'full', panel: 'beside', spareRows: 0 });
    expect(choose('chushogi', 100, 30)).toMatchObject({ fits: true, layout: 'compact', panel: 'beside', spareRows: 30 - 6 - 15 });
  });

  it('60×20: xiangqi compact with the moves beside; chu does not fit', () => {
    expect(choose('xiangqi', 60, 20)).toMatchObject({ fits: true, layout: 'compact', panel: 'beside', spareRows: 0 });
    expect(choose('chushogi', 60, 20)).toMatchObject({ fits: false, needs: { columns: 65, rows: 21 } });
  });

  it('a narrow but tall terminal: the full board with the moves below', () => {
    expect(choose('xiangqi', 45, 40)).toMatchObject({ fits: true, layout: 'full', panel: 'below', panelSize: { columns: 45, rows: 10 } });
  });

  it('30×10: too small, one line saying the size needed', () => {
    const xq = choose('xiangqi', 30, 10);
    expect(xq).toEqual({ fits: false, needs: { columns: 41, rows: 20 }, message: 'too small: needs 41×20' });
    expect(choose('chushogi', 30, 10)).toMatchObject({ fits: false, needs: { columns: 65, rows: 21 } });
    expect(choose('xiangqi', 80, 12)).toMatchObject({ fits: false, message: 'terminal too small: needs at least 41×20' });
    expect(choose('xiangqi', 40, 30)).toMatchObject({ fits: false, message: 'terminal too small: needs at least 41×20' });
    // exactly the size needed fits
    expect(choose('xiangqi', 41, 20)).toMatchObject({ fits: true, layout: 'compact', panel: 'none' });
  });

  it('the too-small message fits the columns it is given', () => {
    expect(tooSmallMessage({ columns: 41, rows: 19 })).toBe('terminal too small: needs at least 41×19');
    expect(tooSmallMessage({ columns: 41, rows: 19 }, 20)).toBe('needs 41×19');
  });
});
