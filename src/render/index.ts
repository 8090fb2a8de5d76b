/**
 * Pure text rendering in the style of the seed diagrams (shared/spec/rendering.md). No terminal,
 * colour library or file system here: colour comes in through a `Painter` of plain functions.
 *
 * Decisions:
 * - Widths are MEASURED with `string-width` (ANSI codes ignored). Ordinary terminals draw East-Asian
 *   "ambiguous" characters (▲ ▽ △ ▼ ○ ● — ─ │) one column wide and CJK glyphs two, so a board cell
 *   `▲步` is 3 columns; an empty cell is `　 ` (ideographic space + space, as many `　` as fit) and the
 *   rule is `─` repeated to the cell width (`───`). `rule: '—'` gives the seed's em-dash look, and
 *   `ambiguousWide: true` measures for CJK-locale terminals, where the same code yields the seed's
 *   `——` / `　　` cells verbatim.
 * - Side markers ▲ (side 0: Red / Sente) and ▽ (side 1: Black / Gote) before each glyph, as in the
 *   seed. A promoted piece keeps its side's triangle direction with the fill inverted: △ promoted
 *   Sente piece, ▼ promoted Gote piece (so `△飞` promoted Gold vs `▲飞` Rook) — same width, readable
 *   without colour; with colour the glyph also gets `paint.promoted`. Overridable via `markers`.
 * - The seed's ▽ (top-left) / ▲ (bottom-right) side indicators frame the board (swap on flip).
 * - An empty highlighted square shows `　·` so legal destinations are visible without colour.
 * - Movement diagrams use the seed's exact cell texts (`　○` `　●` `　Ａ` `　Ｂ` `　　`, centre `▲王`),
 *   each padded with ASCII spaces to the widest (`　Ａ`, 4 columns).
 * - ASCII style: FEN/SFEN letters (upper case side 0, `+` before promoted pieces), `.` empty, `*`
 *   empty highlighted, `+---+` grid, river row `CHU HE / HAN JIE`.
 */
export * from './types.js';
export { renderBoard, markerOf, pieceText, HIGHLIGHT_DOT } from './board.js';
export {
  renderMoveDiagram,
  diagramCellTexts,
  SEED_MARKS,
  ASCII_MARKS,
  type MoveMark,
  type MoveDiagram,
  type DiagramRenderOptions,
} from './diagram.js';
export { parseSeedGrids, parseSeedDiagrams, cellGlyph } from './seed.js';
export { XIANGQI_GLYPHS, CHU_GLYPHS, CHU_PROMOTED_GLYPHS, asciiPiece } from './glyphs.js';
export { drawGrid, BOX_CHARS, ASCII_CHARS, type GridChars, type GridLine } from './grid.js';
export { measureFor, type Measure } from './width.js';
