import type { BoardStyle, CellView } from './types.js';

export type { BoardStyle } from './types.js';


/** The glyph of a piece by its FEN/SFEN letter in its side's case (without `+`), or undefined. */
export function glyphFor(style: BoardStyle, letter: string, promoted: boolean): string | undefined {
  if (style.byCase) return style.glyphs[letter];
  return (promoted && style.promotedGlyphs ? style.promotedGlyphs : style.glyphs)[letter.toLowerCase()];
}

const letterTables = new Map<BoardStyle, { base: Map<string, string>; promoted: Map<string, string> }>();

function lettersOf(style: BoardStyle): { base: Map<string, string>; promoted: Map<string, string> } {
  let t = letterTables.get(style);
  if (!t) {
    t = { base: invert(style.glyphs), promoted: invert(style.promotedGlyphs ?? {}) };
    letterTables.set(style, t);
  }
  return t;
}

function invert(t: Readonly<Record<string, string>>): Map<string, string> {
  const m = new Map<string, string>();
  for (const [k, v] of Object.entries(t)) if (!m.has(v)) m.set(v, k);
  return m;
}


/**
 * The ASCII text of a piece: its FEN/SFEN letter in its side's case (upper = side 0), preceded by
 * `+` when promoted. `cell.letter` when the view gives one; otherwise derived from the glyph (a glyph
 * that only exists as a promoted form, e.g. 鹰, implies the `+`); '?' for an unknown glyph.
 */
export function asciiPiece(style: BoardStyle | undefined, cell: CellView): string {
  const cased = (l: string): string => (cell.side === 0 ? l.toUpperCase() : l.toLowerCase());
  if (cell.letter) return (cell.promoted && !cell.letter.startsWith('+') ? '+' : '') + cell.letter;
  if (!style) return '?';
  const t = lettersOf(style);
  const base = t.base.get(cell.glyph);
  if (style.byCase) return base ? cased(base) : '?';
  const promo = t.promoted.get(cell.glyph);
  if (cell.promoted && promo) return '+' + cased(promo);
  if (base) return (cell.promoted ? '+' : '') + cased(base);
  if (promo) return '+' + cased(promo);
  return '?';
}
