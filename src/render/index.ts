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
