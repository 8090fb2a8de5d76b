/** How xiangqi's board is drawn (src/render): the seed's glyphs, the river, the edge labels. */
import type { BoardStyle } from '../game.js';

/** Xiangqi glyphs by FEN letter: upper case Red (side 0), lower case Black (side 1). */
export const XIANGQI_GLYPHS: Readonly<Record<string, string>> = Object.freeze({
  K: '帥', A: '仕', B: '相', N: '傌', R: '俥', C: '炮', P: '兵',
  k: '將', a: '士', b: '象', n: '馬', r: '車', c: '砲', p: '卒',
});

export const XIANGQI_BOARD_STYLE: BoardStyle = {
  glyphs: XIANGQI_GLYPHS,
  promotedGlyphs: null,
  byCase: true,
  river: { left: '楚 河', right: '漢 界', asciiLeft: 'CHU HE', asciiRight: 'HAN JIE' },
  labels: ['iccs', 'wxf'],
  // pictures: pieces on the points, the two palaces with their diagonals, the corner marks of the
  // cannons' and soldiers' start points
  picture: {
    onPoints: true,
    palaces: [{ x: 3, y: 0, w: 2, h: 2 }, { x: 3, y: 7, w: 2, h: 2 }],
    stars: [],
    marked: [[1, 2], [7, 2], [1, 7], [7, 7], ...[0, 2, 4, 6, 8].flatMap((x) => [[x, 3], [x, 6]] as [number, number][])],
  },
};
