/**
 * Moves are plain integers (no allocation in the hot path):
 *   bits 0-7   from square
 *   bits 8-15  to square
 *   bits 16-23 mid square + 1 (0 = none): the square a double move's first step captures on,
 *              or, when from === to and nothing is captured there, the empty square of a pass
 *   bit  24    promotion
 * A square index is y * width + x (x = 0 the leftmost file and y = 0 the back rank, both from
 * side 0's point of view).
 */
export type Move = number;

export const NO_SQUARE = -1;
export const PROMOTE = 1 << 24;

export const makeMove = (from: number, to: number, mid = -1, promote = false): Move =>
  from | (to << 8) | ((mid + 1) << 16) | (promote ? PROMOTE : 0);

export const moveFrom = (m: Move): number => m & 0xff;
export const moveTo = (m: Move): number => (m >>> 8) & 0xff;
/** The mid square of a double move, or -1. */
export const moveMid = (m: Move): number => ((m >>> 16) & 0xff) - 1;
export const isPromotion = (m: Move): boolean => (m & PROMOTE) !== 0;
