/**
 * Is a general attacked? The question replaying a record asks on every ply (is the move's side
 * left in check, does the move give check), answered from the general's square outward instead of
 * through the generic attack tables (core/movegen.ts `isAttacked`): the four lines (a chariot or
 * the facing general first, a cannon behind one screen), the eight horse points (leg free), the
 * soldiers in front of and beside it. Advisors, elephants and the other general cannot reach a
 * general in its palace (their moves stay in their own palace or half), so for a general in its
 * palace (every position the FEN check accepts, and every one reached from it by legal moves) the
 * answer is the same as `kingAttacked`'s (test/xiangqi-check.test.ts compares them).
 */
import { CANNON, CHARIOT, HORSE, KING, SOLDIER } from './pieces.js';

const W = 9;
const H = 10;

/** Is the general of `side` on ksq attacked by the other side (captures, or the generals facing)? */
export function generalAttacked(b: Uint8Array, ksq: number, side: number): boolean {
  const them = side ^ 1;
  const rook = (CHARIOT << 1) | them;
  const cannon = (CANNON << 1) | them;
  const x = ksq % W;
  const y = (ksq / W) | 0;
  // the file, towards the other general: chariot or general first, cannon behind one screen
  const general = (KING << 1) | them;
  if (side === 0) {
    if (lineAttacked(b, ksq + W, W, H - 1 - y, rook, cannon, general)) return true;
    if (lineAttacked(b, ksq - W, -W, y, rook, cannon, 0)) return true;
  } else {
    if (lineAttacked(b, ksq - W, -W, y, rook, cannon, general)) return true;
    if (lineAttacked(b, ksq + W, W, H - 1 - y, rook, cannon, 0)) return true;
  }
  if (lineAttacked(b, ksq + 1, 1, W - 1 - x, rook, cannon, 0)) return true;
  if (lineAttacked(b, ksq - 1, -1, x, rook, cannon, 0)) return true;
  // horses: the leg is the general's diagonal neighbour on the horse's side
  const horse = (HORSE << 1) | them;
  if (y + 1 < H) {
    if (x + 1 < W && b[ksq + W + 1] === 0) {
      if (y + 2 < H && b[ksq + 2 * W + 1] === horse) return true;
      if (x + 2 < W && b[ksq + W + 2] === horse) return true;
    }
    if (x >= 1 && b[ksq + W - 1] === 0) {
      if (y + 2 < H && b[ksq + 2 * W - 1] === horse) return true;
      if (x >= 2 && b[ksq + W - 2] === horse) return true;
    }
  }
  if (y >= 1) {
    if (x + 1 < W && b[ksq - W + 1] === 0) {
      if (y >= 2 && b[ksq - 2 * W + 1] === horse) return true;
      if (x + 2 < W && b[ksq - W + 2] === horse) return true;
    }
    if (x >= 1 && b[ksq - W - 1] === 0) {
      if (y >= 2 && b[ksq - 2 * W - 1] === horse) return true;
      if (x >= 2 && b[ksq - W - 2] === horse) return true;
    }
  }
  // soldiers: one step forward onto the general, or sideways once across the river
  const soldier = (SOLDIER << 1) | them;
  if (them === 0) {
    if (y >= 1 && b[ksq - W] === soldier) return true;
    if (y >= 5 && ((x >= 1 && b[ksq - 1] === soldier) || (x + 1 < W && b[ksq + 1] === soldier))) return true;
  } else {
    if (y + 1 < H && b[ksq + W] === soldier) return true;
    if (y <= 4 && ((x >= 1 && b[ksq - 1] === soldier) || (x + 1 < W && b[ksq + 1] === soldier))) return true;
  }
  return false;
}

/**
 * Along a line from `s` (n squares, step `step`): is the first piece `rook` or `first` (the
 * facing general; 0 for none), or the second one `cannon`?
 */
function lineAttacked(b: Uint8Array, s: number, step: number, n: number, rook: number, cannon: number, first: number): boolean {
  for (; n > 0; n--, s += step) {
    const q = b[s]!;
    if (q === 0) continue;
    if (q === rook || (first !== 0 && q === first)) return true;
    for (n--, s += step; n > 0; n--, s += step) {
      const r = b[s]!;
      if (r !== 0) return r === cannon;
    }
    return false;
  }
  return false;
}

/** The square of side's general (it never leaves the palace), or -1. */
export function generalSquare(b: Uint8Array, side: number): number {
  const code = (KING << 1) | side;
  const y0 = side === 0 ? 0 : 7;
  for (let y = y0; y < y0 + 3; y++) {
    const row = y * W;
    if (b[row + 3] === code) return row + 3;
    if (b[row + 4] === code) return row + 4;
    if (b[row + 5] === code) return row + 5;
  }
  return -1;
}
