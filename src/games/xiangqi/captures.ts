/**
 * Legal captures only, for quiescence in xiangqi: the core's table-driven captures, kept when the
 * own general is then safe (the same filter as xiangqi's legal move generation).
 */
import { generatePseudoCaptures } from '../../core/movegen.js';
import type { Position } from '../../core/position.js';
import { filterLegal } from './index.js';

export const xiangqiCaptures = (pos: Position, out: Int32Array, start: number): number =>
  filterLegal(pos, out, start, generatePseudoCaptures(pos, out, start));
