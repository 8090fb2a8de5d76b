/**
 * Choosing a board layout for a terminal size (pure: no terminal here, the caller passes its size).
 *
 * The candidates, best first: the full board with the move panel beside it, then below it; the
 * compact board with the panel beside, below, then without a panel; when even the compact board
 * does not fit, a one-line message saying the size needed.
 */
import { renderBoard } from './board.js';
import type { BoardLayout, BoardRenderOptions, BoardView } from './types.js';
import { measureFor } from './width.js';

/** A size in terminal cells. */
export interface Size {
  columns: number;
  rows: number;
}

/** What the move panel needs: beside the board `gap + minColumns` columns, below it `minRows` rows. */
export interface PanelNeeds {
  minColumns: number;
  gap: number;
  minRows: number;
}

/** The play screen's move panel: a 2-column gap, 16 columns ("12. h2e2 h9g7"), 3 rows below. */
export const DEFAULT_PANEL: PanelNeeds = Object.freeze({ minColumns: 16, gap: 2, minRows: 3 });

export interface LayoutRequest {
  /** The terminal's size. */
  columns: number;
  rows: number;
  /**
   * Rows the screen needs besides the board and the move panel (title, status line, input line…),
   * including any line the terminal library keeps free (Ink redraws in place only while its output
   * is shorter than the terminal).
   */
  reservedRows: number;
  /** The board's size in each layout (see `boardSizes`). */
  boards: Readonly<Record<BoardLayout, Size>>;
  /** Default `DEFAULT_PANEL`. */
  panel?: PanelNeeds;
}

export type PanelPlace = 'beside' | 'below' | 'none';

export type LayoutChoice =
  | {
      fits: true;
      layout: BoardLayout;
      panel: PanelPlace;
      /** The board's size. */
      board: Size;
      /** Room for the move panel (beside: right of the board and its gap; below: under the board). */
      panelSize: Size;
      /** Rows left for optional lines (messages, key help) after board, panel minimum and reserve. */
      spareRows: number;
      /** The terminal's size (from the request). */
      terminal: Size;
    }
  | {
      fits: false;
      /** The smallest terminal that shows the compact board with the reserved rows. */
      needs: Size;
      /** One line for the screen (fits in `columns` when possible). */
      message: string;
    };

/** The board's size (columns of its widest line, lines) in both layouts, as `renderBoard` draws it. */
export function boardSizes(view: BoardView, opts: BoardRenderOptions): Record<BoardLayout, Size> {
  const measure = measureFor(opts.ambiguousWide);
  const size = (layout: BoardLayout): Size => {
    const lines = renderBoard(view, { ...opts, layout, paint: undefined });
    return { columns: Math.max(0, ...lines.map(measure)), rows: lines.length };
  };
  return { full: size('full'), compact: size('compact') };
}

/** "terminal too small: needs at least 41×19", shortened when `columns` is narrower than that. */
export function tooSmallMessage(needs: Size, columns = Infinity): string {
  const size = `${needs.columns}×${needs.rows}`;
  const long = `terminal too small: needs at least ${size}`;
  if (long.length <= columns) return long;
  const short = `too small: needs ${size}`;
  return short.length <= columns ? short : `needs ${size}`;
}

/** The best layout for the terminal (see the module comment for the order). */
export function chooseLayout(req: LayoutRequest): LayoutChoice {
  const panel = req.panel ?? DEFAULT_PANEL;
  const { columns, rows, reservedRows } = req;
  const terminal = { columns, rows };
  for (const layout of ['full', 'compact'] as const) {
    const board = req.boards[layout];
    if (board.columns > columns) continue;
    const freeRows = rows - reservedRows - board.rows;
    if (freeRows < 0) continue;
    const besideColumns = columns - board.columns - panel.gap;
    if (besideColumns >= panel.minColumns) {
      return { fits: true, layout, panel: 'beside', board, panelSize: { columns: besideColumns, rows: board.rows }, spareRows: freeRows, terminal };
    }
    if (freeRows >= panel.minRows) {
      return { fits: true, layout, panel: 'below', board, panelSize: { columns, rows: freeRows }, spareRows: freeRows - panel.minRows, terminal };
    }
    if (layout === 'compact') {
      return { fits: true, layout, panel: 'none', board, panelSize: { columns: 0, rows: 0 }, spareRows: freeRows, terminal };
    }
  }
  const c = req.boards.compact;
  const needs = { columns: c.columns, rows: c.rows + reservedRows };
  return { fits: false, needs, message: tooSmallMessage(needs, columns) };
}
