/**
 * Mouse support of `play`: xterm SGR mouse reports (`ESC[<b;x;yM` press, `…m` release; enabled with
 * `ESC[?1000h ESC[?1006h`) and the map from a screen cell to a board square, read off the drawn
 * board lines (the rank rows are the lines with a vertical rule at every cell boundary).
 */
import { measureFor } from '../render/width.js';

export const MOUSE_ON = '\x1b[?1000h\x1b[?1006h';
export const MOUSE_OFF = '\x1b[?1006l\x1b[?1000l';

export interface MouseEvent {
  /** 0 left, 1 middle, 2 right, 64/65 wheel. */
  button: number;
  /** 1-based screen column and row. */
  x: number;
  y: number;
  press: boolean;
}

/** An SGR mouse report as Ink hands it over (with or without the ESC), or null. */
export function parseSgrMouse(input: string): MouseEvent | null {
  const m = /^\x1b?\[<(\d+);(\d+);(\d+)([Mm])$/.exec(input);
  if (!m) return null;
  return { button: Number(m[1]), x: Number(m[2]), y: Number(m[3]), press: m[4] === 'M' };
}

/** Screen cells of the board's squares: for each rank row on screen, the column span of each file. */
export interface BoardGeometry {
  /** Screen row (0-based, within the board lines) of each displayed rank, top first. */
  rows: number[];
  /** Display column spans [start, end) of each displayed file, left first. */
  columns: [number, number][];
}

/** Finds the rank rows and file columns in drawn board lines (plain text) of a board `files` wide. */
export function boardGeometry(lines: readonly string[], files: number): BoardGeometry {
  const measure = measureFor(false);
  const rows: number[] = [];
  let columns: [number, number][] = [];
  for (const [i, line] of lines.entries()) {
    const bars: number[] = [];
    let col = 0;
    for (const ch of line) {
      if (ch === '│' || ch === '|') bars.push(col);
      col += measure(ch);
    }
    if (bars.length < files + 1) continue;
    // the grid's own bars: the last files+1 (a label column may not hold a bar)
    const grid = bars.slice(0, files + 1);
    rows.push(i);
    if (columns.length === 0) columns = grid.slice(0, files).map((b, j) => [b + 1, grid[j + 1]!] as [number, number]);
  }
  return { rows, columns };
}

/**
 * The square under screen cell (col, row) — 0-based, relative to the board's first line — as
 * [file index left to right, rank index top to bottom], or null off the squares.
 */
export function cellAt(g: BoardGeometry, col: number, row: number): [number, number] | null {
  const r = g.rows.indexOf(row);
  if (r < 0) return null;
  const f = g.columns.findIndex(([a, b]) => col >= a && col < b);
  return f < 0 ? null : [f, r];
}
