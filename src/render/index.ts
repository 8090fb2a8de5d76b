/**
 * Pure text rendering in the style of the seed diagrams (shared/spec/rendering.md). No terminal,
 * colour library or file system here: colour comes in through a `Painter` of plain functions.
 *
 * Decisions:
 * - Widths are MEASURED with `string-width` (ANSI codes ignored). Ordinary terminals draw East-Asian
 *   "ambiguous" characters (▲ ▽ ○ ● — ─ │) one column wide and CJK glyphs two, so a board cell
 *   `▲步` is 3 columns; an empty cell is `　 ` (ideographic space + space, as many `　` as fit) and the
 *   rule is `─` repeated to the cell width (`───`). `rule: '—'` gives the seed's em-dash look, and
 *   `ambiguousWide: true` measures for CJK-locale terminals, where the same code yields the seed's
 *   `——` / `　　` cells verbatim.
 * - Side markers ▲ (side 0: Red / Sente) and ▽ (side 1: Black / Gote) before each glyph, as in the
 *   seed, for promoted pieces too (the side marker says the side, nothing else). A promoted piece
 *   gets a separate mark, `+` after its glyph (`▲飞+` promoted Gold vs `▲飞` Rook), readable without
 *   colour; every cell has that column while a promoted piece is on the board (a board without one
 *   is the seed's; the chu board is then 12 columns wider and still within 80); with colour the
 *   glyph and the mark also get `paint.promoted`. Overridable via `markers`.
 * - The seed's ▽ (top-left) / ▲ (bottom-right) side indicators frame the board (swap on flip).
 * - An empty highlighted square shows `　·` so legal destinations are visible without colour.
 * - Movement diagrams use the seed's exact cell texts (`　○` `　●` `　Ａ` `　Ｂ` `　　`, centre `▲王`),
 *   each padded with ASCII spaces to the widest (`　Ａ`, 4 columns).
 * - Wide style (`wide`, for terminals drawing ambiguous-width characters two columns wide): the
 *   CJK glyphs on an ASCII `+---+` grid with ASCII side markers `^`/`v`, `+` after a promoted glyph,
 *   ` ＊` for an empty highlighted square; diagrams `　〇` `　＊` `　Ａ` `　Ｂ`. No character of East Asian
 *   Width "ambiguous", so the board measures the same whichever width the terminal gives those.
 * - Layouts: `full` (rules between ranks) and `compact` (one line per rank); `chooseLayout` picks one
 *   for a terminal size (layout.ts).
 * - ASCII style: FEN/SFEN letters (upper case side 0, `+` before promoted pieces), `.` empty, `*`
 *   empty highlighted, `+---+` grid, river row `CHU HE / HAN JIE`.
 */
export * from './types.js';
export { renderBoard, markerOf, pieceText, HIGHLIGHT_DOT, WIDE_HIGHLIGHT, WIDE_PROMOTED } from './board.js';
export {
  chooseLayout,
  boardSizes,
  tooSmallMessage,
  DEFAULT_PANEL,
  type Size,
  type PanelNeeds,
  type PanelPlace,
  type LayoutRequest,
  type LayoutChoice,
} from './layout.js';
export {
  renderMoveDiagram,
  diagramCellTexts,
  SEED_MARKS,
  ASCII_MARKS,
  WIDE_MARKS,
  type MoveMark,
  type MoveDiagram,
  type DiagramRenderOptions,
} from './diagram.js';
export { parseSeedGrids, parseSeedDiagrams, cellGlyph } from './seed.js';
export { asciiPiece, glyphFor } from './glyphs.js';
export { drawGrid, BOX_CHARS, ASCII_CHARS, type GridChars, type GridLine } from './grid.js';
export { measureFor, type Measure } from './width.js';
