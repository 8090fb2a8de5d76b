/**
 * Moves are plain integers (no allocation in the hot path):
 *   bits 0-7   from square
 *   bits 8-15  to square
 *   bits 16-23 mid square + 1 (0 = none): the square a double move's first step captures on,
 *              or, when from === to and nothing is captured there, the empty square of a pass
 *   bit  24    promotion
 * A square index is y * width + x (x = 0 the leftmost file and y = 0 the back rank, both from
 * side 0's point of view).
 *
 * This module is the only place that knows the bit layout: everything else encodes and decodes
 * moves with the helpers below (tiny arrow functions, which V8 inlines in hot paths); a test
 * (test/move-codec.test.ts) fails on hand-written move bits elsewhere in src/.
 */
export type Move = number;

export const NO_SQUARE = -1;
export const PROMOTE = 1 << 24;

/** The move from → to, through `mid` (a double move's first step or a pass's square; -1 = none). */
export const makeMove = (from: number, to: number, mid = -1, promote = false): Move =>
  from | (to << 8) | ((mid + 1) << 16) | (promote ? PROMOTE : 0);

/** The plain move from → to (no mid square, no promotion): small enough for V8 to always inline. */
export const plainMove = (from: number, to: number): Move => from | (to << 8);

export const moveFrom = (m: Move): number => m & 0xff;
export const moveTo = (m: Move): number => (m >>> 8) & 0xff;
/** The mid square of a double move, or -1. */
export const moveMid = (m: Move): number => ((m >>> 16) & 0xff) - 1;
/** The mid field as stored: mid square + 1, 0 for none (a small positive key for a move's mid). */
export const moveMidRaw = (m: Move): number => (m >>> 16) & 0xff;
/** Has the move a mid square (a double move, igui or pass)? */
export const hasMid = (m: Move): boolean => (m & 0xff0000) !== 0;
export const isPromotion = (m: Move): boolean => (m & PROMOTE) !== 0;
/** m with the promotion bit set. */
export const withPromotion = (m: Move): Move => m | PROMOTE;
/** m with the promotion bit cleared. */
export const withoutPromotion = (m: Move): Move => m & ~PROMOTE;
/** Does the piece end on its own square (igui or pass: from === to)? */
export const staysPut = (m: Move): boolean => (m & 0xff) === ((m >>> 8) & 0xff);
/** Is m a pass on this board: from === to through an empty mid square? */
export const isPass = (board: ArrayLike<number>, m: Move): boolean => staysPut(m) && hasMid(m) && board[moveMid(m)] === 0;
/** Is m only from → to (no mid square, no promotion, no stray high bits)? */
export const isPlainMove = (m: Move): boolean => m >>> 16 === 0;
