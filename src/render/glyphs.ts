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
 * The FEN/SFEN letter of a piece for ASCII rendering, in its side's case, without the `+` of
 * promotion: `cell.letter` when the view gives one, otherwise derived from the glyph ('?' if unknown).
 */
export function letterOf(variant: BoardView['variant'], cell: CellView): string {
  if (cell.letter) return cell.letter;
  let base: string | undefined;
  if (variant === 'xiangqi') {
    base = XQ_LETTER.get(cell.glyph);
    // Both sides share no glyph in xiangqi, but a view may pass e.g. '車' for Red: follow `side`.
  } else {
    base = (cell.promoted ? CHU_PROMOTED_LETTER : CHU_LETTER).get(cell.glyph) ?? CHU_LETTER.get(cell.glyph);
  }
  if (!base) return '?';
  return cell.side === 0 ? base.toUpperCase() : base.toLowerCase();
}
