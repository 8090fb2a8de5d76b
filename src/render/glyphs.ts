import type { BoardView, CellView } from './types.js';

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

function invert(t: Readonly<Record<string, string>>): Map<string, string> {
  const m = new Map<string, string>();
  for (const [k, v] of Object.entries(t)) if (!m.has(v)) m.set(v, k);
  return m;
}

const XQ_LETTER = invert(XIANGQI_GLYPHS);
const CHU_LETTER = invert(CHU_GLYPHS);
const CHU_PROMOTED_LETTER = invert(CHU_PROMOTED_GLYPHS);

/**
 * The ASCII text of a piece: its FEN/SFEN letter in its side's case (upper = side 0), preceded by
 * `+` when promoted. `cell.letter` when the view gives one; otherwise derived from the glyph (a glyph
 * that only exists as a promoted form, e.g. 鹰, implies the `+`); '?' for an unknown glyph.
 */
export function asciiPiece(variant: BoardView['variant'], cell: CellView): string {
  const cased = (l: string): string => (cell.side === 0 ? l.toUpperCase() : l.toLowerCase());
  if (cell.letter) return (cell.promoted && !cell.letter.startsWith('+') ? '+' : '') + cell.letter;
  if (variant === 'xiangqi') {
    const l = XQ_LETTER.get(cell.glyph);
    return l ? cased(l) : '?';
  }
  const base = CHU_LETTER.get(cell.glyph);
  const promo = CHU_PROMOTED_LETTER.get(cell.glyph);
  if (cell.promoted && promo) return '+' + cased(promo);
  if (base) return (cell.promoted ? '+' : '') + cased(base);
  if (promo) return '+' + cased(promo);
  return '?';
}
