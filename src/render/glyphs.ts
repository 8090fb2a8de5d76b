import type { BoardView, CellView, LabelMode } from './types.js';

/** Xiangqi glyphs by FEN letter: upper case Red (side 0), lower case Black (side 1). */
export const XIANGQI_GLYPHS: Readonly<Record<string, string>> = Object.freeze({
  K: '帥', A: '仕', B: '相', N: '傌', R: '俥', C: '炮', P: '兵',
  k: '將', a: '士', b: '象', n: '馬', r: '車', c: '砲', p: '卒',
});

/** Chu Shogi glyphs (the seed's) by lishogi SFEN letter of the unpromoted piece. */
export const CHU_GLYPHS: Readonly<Record<string, string>> = Object.freeze({
  l: '香', f: '豹', c: '铜', s: '银', g: '金', e: '象', k: '王', a: '反', b: '角', t: '虎',
  x: '凤', o: '麒', m: '横', v: '竖', r: '飞', h: '马', d: '龙', q: '奔', n: '狮', p: '步', i: '仲',
});

/** Chu Shogi glyphs of promoted pieces by the SFEN letter of the piece that promoted (`+p` → と). */
export const CHU_PROMOTED_GLYPHS: Readonly<Record<string, string>> = Object.freeze({
  p: 'と', l: '驹', a: '鲸', m: '猪', v: '牛', t: '鹿', h: '鹰', d: '鹫', e: '子',
  g: '飞', f: '角', s: '竖', c: '横', i: '象', b: '马', r: '龙', o: '狮', x: '奔',
});

/**
 * What the renderer knows of a board style (a `BoardView`'s `variant`): the glyph tables, the
 * river, the edge labels. The renderer imports nothing (it is a leaf any position type can use),
 * so the styles are its own data; the game modules pick their style by naming it.
 */
export interface BoardStyle {
  /** Glyphs by cased letter (`byCase`: xiangqi, 傌/馬), or by lower-case base letter plus a promoted table (chu). */
  readonly glyphs: Readonly<Record<string, string>>;
  readonly promotedGlyphs: Readonly<Record<string, string>> | null;
  readonly byCase: boolean;
  /** A river row between the middle ranks (楚 河 / 漢 界). */
  readonly river: boolean;
  /** Edge labels offered, the default first. */
  readonly labels: readonly LabelMode[];
}

export const BOARD_STYLES: Readonly<Record<BoardView['variant'], BoardStyle>> = Object.freeze({
  xiangqi: { glyphs: XIANGQI_GLYPHS, promotedGlyphs: null, byCase: true, river: true, labels: ['iccs', 'wxf'] },
  chushogi: { glyphs: CHU_GLYPHS, promotedGlyphs: CHU_PROMOTED_GLYPHS, byCase: false, river: false, labels: ['usi'] },
});

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
export function asciiPiece(variant: BoardView['variant'], cell: CellView): string {
  const cased = (l: string): string => (cell.side === 0 ? l.toUpperCase() : l.toLowerCase());
  if (cell.letter) return (cell.promoted && !cell.letter.startsWith('+') ? '+' : '') + cell.letter;
  const style = BOARD_STYLES[variant];
  const t = lettersOf(style);
  const base = t.base.get(cell.glyph);
  if (style.byCase) return base ? cased(base) : '?';
  const promo = t.promoted.get(cell.glyph);
  if (cell.promoted && promo) return '+' + cased(promo);
  if (base) return (cell.promoted ? '+' : '') + cased(base);
  if (promo) return '+' + cased(promo);
  return '?';
}
