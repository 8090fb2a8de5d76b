import { type Measure, repeatTo, center } from './width.js';

/** The characters of a cell grid. */
export interface GridChars {
  h: string;
  v: string;
  tl: string; tm: string; tr: string;
  ml: string; mm: string; mr: string;
  bl: string; bm: string; br: string;
}

export const BOX_CHARS: GridChars = Object.freeze({
  h: '─', v: '│',
  tl: '┌', tm: '┬', tr: '┐',
  ml: '├', mm: '┼', mr: '┤',
  bl: '└', bm: '┴', br: '┘',
});

export const ASCII_CHARS: GridChars = Object.freeze({
  h: '-', v: '|',
  tl: '+', tm: '+', tr: '+',
  ml: '+', mm: '+', mr: '+',
  bl: '+', bm: '+', br: '+',
});

export interface GridInput {
  /** Rows top→bottom; every cell already exactly `cellWidth` columns wide (may hold ANSI codes). */
  cells: string[][];
  cellWidth: number;
  chars: GridChars;
  measure: Measure;
  /** Painter for the grid lines. */
  paintGrid?: (s: string) => string;
  /**
   * Full-width rows (e.g. the xiangqi river) drawn after display row `after`: the rule above closes
   * the cells (┴), the one below reopens them (┬). `left`/`right` are centred in the two halves.
   */
  banners?: { after: number; left: string; right: string }[];
  /**
   * Rule lines between the rows (default true). Without them (the compact layout) every row is
   * one text line and a banner is a single line between its rows.
   */
  separators?: boolean;
}

export type GridLineKind = 'top' | 'row' | 'sep' | 'banner' | 'bottom';

export interface GridLine {
  kind: GridLineKind;
  /** Display row index for `row` lines. */
  row?: number;
  text: string;
}

/**
 * Draw a grid of equal cells. All lines have the same display width and the vertical lines (and
 * joints) of every line fall in the same columns: `v` and the joints must measure alike.
 */
export function drawGrid(g: GridInput): GridLine[] {
  const { cells, cellWidth, chars: c, measure } = g;
  const paint = g.paintGrid ?? ((s: string) => s);
  const rows = cells.length;
  const cols = rows > 0 ? cells[0]!.length : 0;
  const seg = repeatTo(c.h, cellWidth, measure);
  const rule = (l: string, m: string, r: string): string =>
    paint(l + Array.from({ length: cols }, () => seg).join(m) + r);
  const v = paint(c.v);
  const inner = cols * cellWidth + (cols - 1) * measure(c.v);
  const out: GridLine[] = [{ kind: 'top', text: rule(c.tl, c.tm, c.tr) }];
  for (let r = 0; r < rows; r++) {
    out.push({ kind: 'row', row: r, text: v + cells[r]!.join(v) + v });
    if (r === rows - 1) break;
    const banner = g.banners?.find((b) => b.after === r);
    const seps = g.separators !== false;
    if (banner) {
      const lw = Math.floor(inner / 2);
      if (seps) out.push({ kind: 'sep', text: rule(c.ml, c.bm, c.mr) });
      out.push({
        kind: 'banner',
        text: v + center(banner.left, lw, measure) + center(banner.right, inner - lw, measure) + v,
      });
      if (seps) out.push({ kind: 'sep', text: rule(c.ml, c.tm, c.mr) });
    } else if (seps) {
      out.push({ kind: 'sep', text: rule(c.ml, c.mm, c.mr) });
    }
  }
  out.push({ kind: 'bottom', text: rule(c.bl, c.bm, c.br) });
  return out;
}
