/**
 * Xiangqi movement diagrams drawn from the engine's own tables: a red piece on a square where its
 * moves show (the general and advisor mid-palace, the elephant on its own side, the soldier just
 * across the river), and what its tables reach within three points — `step` (○) a single step or
 * leap, `slide` (●) a point of a line it may run along (the cannon's line includes its captures
 * over one screen). Region limits (palace, river) come out of the tables by themselves.
 */
import { pieceCode } from '../../core/piece.js';
import { xiangqi } from './index.js';
import { XIANGQI_PIECES } from './pieces.js';

export type XiangqiDiagramMark = 'step' | 'slide' | null;

const W = 9;
/** Where each kind stands for its diagram (x, y), by piece id. */
const HOME: Record<string, [number, number]> = {
  king: [4, 1],
  advisor: [4, 1],
  elephant: [4, 2],
  horse: [4, 4],
  chariot: [4, 4],
  cannon: [4, 4],
  soldier: [4, 5],
};

/** The square (ICCS name) the diagram's piece stands on. */
export const xiangqiDiagramSquare = (kind: number): string => {
  const [x, y] = HOME[XIANGQI_PIECES[kind - 1]!.id]!;
  return String.fromCharCode(97 + x) + y;
};

/** The (2r+1)×(2r+1) marks around the piece, rows top (forward) → bottom, columns left → right. */
export function xiangqiMoveDiagram(kind: number, radius = 3): XiangqiDiagramMark[][] {
  const spec = XIANGQI_PIECES[kind - 1];
  if (!spec) throw new RangeError(`no xiangqi piece kind ${kind}`);
  const [cx, cy] = HOME[spec.id]!;
  const size = 2 * radius + 1;
  const cells: XiangqiDiagramMark[][] = Array.from({ length: size }, () => new Array<XiangqiDiagramMark>(size).fill(null));
  const t = xiangqi.tables;
  const base = t.classOf[pieceCode(kind, 0)]! * xiangqi.geometry.size + cy * W + cx;
  const mark = (sq: number, m: XiangqiDiagramMark) => {
    const dx = (sq % W) - cx;
    const dy = ((sq / W) | 0) - cy;
    if (Math.abs(dx) <= radius && Math.abs(dy) <= radius) cells[radius - dy]![radius + dx] = m;
  };
  for (let i = t.stepStart[base]!, e = t.stepStart[base + 1]!; i < e; i++) mark(t.stepTo[i]!, 'step');
  for (let r = t.rayStart[base]!, e = t.rayStart[base + 1]!; r < e; r++)
    for (let i = t.rayFirst[r]!; i < t.rayFirst[r + 1]!; i++) mark(t.raySq[i]!, 'slide');
  return cells;
}
