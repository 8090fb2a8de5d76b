/** How chu shogi's board is drawn (src/render): the seed's glyphs, no river, USI edge labels. */
import type { BoardStyle } from '../game.js';

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

export const CHU_BOARD_STYLE: BoardStyle = {
  glyphs: CHU_GLYPHS,
  promotedGlyphs: CHU_PROMOTED_GLYPHS,
  byCase: false,
  river: null,
  labels: ['usi'],
  // pictures: pieces in squares, the four dots that bound the promotion zones
  picture: { onPoints: false, palaces: [], stars: [[4, 4], [8, 4], [4, 8], [8, 8]] },
};
