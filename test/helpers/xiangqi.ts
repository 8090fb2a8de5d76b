/** Small helpers for xiangqi tests. */
import { legalMoves } from '../../src/core/perft.js';
import type { Position } from '../../src/core/position.js';
import { formatIccs } from '../../src/notation/iccs.js';
import { parseXiangqiFen } from '../../src/notation/fen.js';

export function xq(fen: string): Position {
  const r = parseXiangqiFen(fen);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/** Legal moves in ICCS, sorted. */
export const iccsMoves = (pos: Position): string[] => legalMoves(pos).map(formatIccs).sort();

/** Legal ICCS moves starting on a square. */
export const movesFrom = (pos: Position, square: string): string[] =>
  iccsMoves(pos).filter((m) => m.startsWith(square)).map((m) => m.slice(2));
