import { drawGrid, BOX_CHARS, ASCII_CHARS, type GridChars } from './grid.js';
import { asciiPiece } from './glyphs.js';
import {
  DEFAULT_MARKERS,
  PROMOTED_MARK,
  WIDE_MARKERS,
  fullPainter,
  type BoardRenderOptions,
  type BoardView,
  type CellView,
  type LabelMode,
  type Markers,
  type Painter,
} from './types.js';
import { blank, measureFor, padEnd, padStart, type Measure } from './width.js';

const CN_NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/** Plain-text mark of an empty highlighted square (unicode: `　·`, ascii: ` * `). */
export const HIGHLIGHT_DOT = '·';

/** The `wide` style's empty highlighted square: a space and a full-width asterisk (` ＊`). */
export const WIDE_HIGHLIGHT = ' \uff0a';

/** The `wide` style's mark after the glyph of a promoted piece (the unicode style's too: PROMOTED_MARK). */
export const WIDE_PROMOTED = PROMOTED_MARK;

/** The side marker of a piece: ▲/▽ (the markers' promoted entries for a promoted piece, by default the same). */
export function markerOf(cell: Pick<CellView, 'side' | 'promoted'>, markers: Markers = DEFAULT_MARKERS): string {
  if (cell.side === 0) return cell.promoted ? markers.side0Promoted : markers.side0;
  return cell.promoted ? markers.side1Promoted : markers.side1;
}

/** The painter hook for a side's pieces. */
export function sidePainter(p: Painter, side: 0 | 1): (s: string) => string {
  return side === 0 ? p.red : p.side1;
}

/**
 * Unicode cell text of a piece, plain and painted: marker (side colour) + glyph (side colour, or the
 * `promoted` colour when promoted).
 */
export function pieceText(
  cell: CellView,
  p: Painter,
  markers: Markers = DEFAULT_MARKERS,
): { plain: string; painted: string } {
  const marker = markerOf(cell, markers);
  const sp = sidePainter(p, cell.side);
  return {
    plain: marker + cell.glyph,
    painted: sp(marker) + (cell.promoted ? p.promoted(cell.glyph) : sp(cell.glyph)),
  };
}

export function resolveLabels(style: BoardView['style'], l: LabelMode | undefined): LabelMode {
  if (l === 'none') return 'none';
  const offered = style.labels;
  return l !== undefined && offered.includes(l) ? l : offered[0]!;
}

export interface EdgeLabels {
  top?: (x: number) => string;
  bottom?: (x: number) => string;
  left?: (y: number) => string;
  right?: (y: number) => string;
}

export function edgeLabels(view: BoardView, mode: LabelMode, ascii: boolean, flip: boolean): EdgeLabels {
  const W = view.width;
  const H = view.height;
  const fileLetter = (x: number): string => String.fromCharCode(97 + x);
  switch (mode) {
    case 'none':
      return {};
    case 'iccs':
      return { bottom: fileLetter, left: (y) => String(y) };
    case 'wxf': {
      // Files are counted from each player's right: Black's 1 is x = 0, Red's 一 is x = W-1.
      const side1 = (x: number): string => String(x + 1);
      const side0 = (x: number): string => (ascii ? String(W - x) : (CN_NUMERALS[W - 1 - x] ?? String(W - x)));
      const left = (y: number): string => String(y);
      return flip ? { top: side0, bottom: side1, left } : { top: side1, bottom: side0, left };
    }
    case 'usi':
      return { top: (x) => String(W - x), right: (y) => fileLetter(H - 1 - y) };
  }
}

/**
 * Render a position as text lines (no trailing newline), in the seed's style.
 *
 * Unicode style: a box grid of equal cells, each a one-column side marker (▲ side 0, ▽ side 1)
 * plus the two-column glyph, and while a promoted piece is on the board a column for the promoted
 * mark `+` after the glyph (a space for other pieces); an empty cell is `　 ` (ideographic space +
 * space); rules are `opts.rule` (default `─`) repeated to the MEASURED cell width. Xiangqi gets a
 * river row (楚 河 / 漢 界) between its 5th and 6th ranks. Every line has the same display width
 * and all vertical lines are in the same columns. ASCII style: FEN letters (upper = side 0,
 * `+` before a promoted piece), `.` empty, a `+---+` grid. Wide style: the unicode cells with the
 * ASCII markers `^`/`v` (and `+` after a promoted glyph) on the `+---+` grid, empty highlighted
 * squares ` ＊`: no character of East Asian Width "ambiguous", so the board measures the same with
 * `ambiguousWide` on and off. `layout: 'compact'` leaves out the rule lines between ranks (the
 * xiangqi river is one line), keeping borders and labels.
 */
export function renderBoard(view: BoardView, opts: BoardRenderOptions): string[] {
  const ascii = opts.style === 'ascii';
  const wide = opts.style === 'wide';
  const measure: Measure = measureFor(opts.ambiguousWide);
  const p = fullPainter(opts.paint);
  const markers: Markers = { ...(wide ? WIDE_MARKERS : DEFAULT_MARKERS), ...opts.markers };
  const flip = !!opts.flip;
  const W = view.width;
  const H = view.height;
  const xAt = (j: number): number => (flip ? W - 1 - j : j);
  const yAt = (i: number): number => (flip ? i : H - 1 - i);
  const key = (x: number, y: number): number => y * W + x;
  const keys = (sq: readonly (readonly [number, number] | undefined)[] | undefined): Set<number> =>
    new Set((sq ?? []).filter((s): s is readonly [number, number] => !!s).map(([x, y]) => key(x, y)));
  const checked = keys(view.checked);
  const highlighted = keys(view.highlights);
  const lm = view.lastMove;
  const last = keys(lm ? [lm.from, lm.to, lm.mid] : []);
  const cursor = view.cursor ? key(view.cursor[0], view.cursor[1]) : -1;
  // a column for the promotion mark: wide style, in a game with promotions (view.promotes) or
  // when a promoted piece is on the board; unicode style, when a promoted piece is on the board
  // (a board without one is the seed's), or from the start with `steadyWidth` (play)
  let promotions = (wide || (!ascii && !!opts.steadyWidth)) && !!view.promotes;
  if (!ascii && !promotions) {
    for (let y = 0; y < H && !promotions; y++) for (let x = 0; x < W; x++) if (view.cell(x, y)?.promoted) promotions = true;
  }

  // 1. Cell texts, plain (for measuring) and painted.
  const raw: { plain: string; painted: string; empty: boolean }[][] = [];
  for (let i = 0; i < H; i++) {
    const row: { plain: string; painted: string; empty: boolean }[] = [];
    for (let j = 0; j < W; j++) {
      const x = xAt(j);
      const y = yAt(i);
      const cell = view.cell(x, y);
      const hl = highlighted.has(key(x, y));
      if (cell) {
        if (ascii) {
          const a = asciiPiece(view.style, cell);
          const plain = a.startsWith('+') ? a : ' ' + a;
          const promoted = cell.promoted || a.startsWith('+');
          row.push({ plain, painted: (promoted ? p.promoted : sidePainter(p, cell.side))(plain), empty: false });
        } else {
          const t = pieceText(cell, p, markers);
          const mark = promotions ? (cell.promoted ? PROMOTED_MARK : ' ') : '';
          row.push({ plain: t.plain + mark, painted: t.painted + (cell.promoted ? p.promoted(mark) : mark), empty: false });
        }
      } else if (hl) {
        const plain = ascii ? ' *' : wide ? WIDE_HIGHLIGHT : '\u3000' + HIGHLIGHT_DOT;
        row.push({ plain, painted: p.highlight(plain), empty: false });
      } else {
        row.push({ plain: ascii ? ' .' : '', painted: ascii ? ' .' : '', empty: !ascii });
        // (wide: an empty cell is blank like unicode's; `blank` pads with `　` and spaces, both not ambiguous)
      }
    }
    raw.push(row);
  }
  let cellWidth = ascii ? 3 : measure(markers.side0 + '步') + (promotions ? 1 : 0);
  for (const row of raw) for (const c of row) cellWidth = Math.max(cellWidth, measure(c.plain) + (ascii ? 1 : 0));

  // 2. Pad to the cell width, then the square's background (cursor > check > highlight > last move).
  const cells = raw.map((row, i) =>
    row.map((c, j) => {
      const x = xAt(j);
      const y = yAt(i);
      const text = c.empty ? blank(cellWidth, measure) : padEnd(c.painted, cellWidth, measure);
      const k = key(x, y);
      if (k === cursor && p.cursor) return p.cursor(text);
      if (checked.has(k)) return p.check(text);
      if (highlighted.has(k)) return p.highlight(text);
      if (last.has(k)) return p.lastMove(text);
      return text;
    }),
  );

  // 3. The grid.
  const chars: GridChars = ascii || wide
    ? ASCII_CHARS
    : opts.rule
      ? { ...BOX_CHARS, h: opts.rule }
      : BOX_CHARS;
  const river = H % 2 === 0 ? view.style.river : null;
  const grid = drawGrid({
    cells,
    cellWidth,
    chars,
    measure,
    paintGrid: p.dim,
    banners: river
      ? [{ after: H / 2 - 1, left: ascii ? river.asciiLeft : river.left, right: ascii ? river.asciiRight : river.right }]
      : [],
    separators: opts.layout !== 'compact',
  });

  // 4. Edge labels and side indicators.
  const labels = edgeLabels(view, resolveLabels(view.style, opts.labels), ascii, flip);
  const indicators = !ascii && opts.sideIndicators !== false;
  // (wide: the indicators are its ASCII markers `v` top-left and `^` bottom-right)
  const topSide: 0 | 1 = flip ? 0 : 1;
  const bottomSide: 0 | 1 = flip ? 1 : 0;
  const indicator = (side: 0 | 1): string => sidePainter(p, side)(side === 0 ? markers.side0 : markers.side1);
  const leftItems: string[] = grid.map((g) => {
    if (g.kind === 'top') return indicators ? indicator(topSide) : '';
    if (g.kind === 'row' && labels.left) return p.dim(labels.left(yAt(g.row!)));
    return '';
  });
  const rightItems: string[] = grid.map((g) => {
    if (g.kind === 'bottom') return indicators ? indicator(bottomSide) : '';
    if (g.kind === 'row' && labels.right) return p.dim(labels.right(yAt(g.row!)));
    return '';
  });
  const leftW = Math.max(0, ...leftItems.map(measure));
  const rightW = Math.max(0, ...rightItems.map(measure));
  const leftMargin = leftW > 0 ? leftW + 1 : 0;
  const rightMargin = rightW > 0 ? rightW + 1 : 0;

  const lines: string[] = grid.map((g, n) => {
    const l = leftMargin ? padStart(leftItems[n]!, leftW, measure) + ' ' : '';
    const r = rightMargin ? ' ' + padEnd(rightItems[n]!, rightW, measure) : '';
    return l + g.text + r;
  });

  const vW = measure(chars.v);
  // Labels sit under/over the glyph: right-aligned in unicode cells (marker, then glyph), centred
  // in ascii cells (' P '); in wide cells under the glyph (marker, glyph, promotion mark).
  const place = (s: string): string => {
    const free = Math.max(0, cellWidth - measure(s));
    const left = ascii ? Math.floor(free / 2) : (wide || opts.steadyWidth) && promotions ? Math.max(0, free - 1) : free;
    return ' '.repeat(left) + p.dim(s) + ' '.repeat(free - left);
  };
  const labelRow = (f: (x: number) => string): string =>
    ' '.repeat(leftMargin + vW) +
    Array.from({ length: W }, (_, j) => place(f(xAt(j)))).join(' '.repeat(vW)) +
    ' '.repeat(vW + rightMargin);
  if (labels.top) lines.unshift(labelRow(labels.top));
  if (labels.bottom) lines.push(labelRow(labels.bottom));
  return lines;
}
