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
import { pieceCode, pieceKind } from '../../core/piece.js';
import { CANNON, CHARIOT, HORSE, KING, SOLDIER } from './pieces.js';
import { readShipped } from './shipped.js';

const W = 9;
const H = 10;

/** The four directions (up, down, right, left) and, per square, how many points lie that way. */
export const STEPS = [W, -W, 1, -1];
export const LINE_LENGTH = (() => {
  const t = new Int8Array(90 * 4);
  for (let sq = 0; sq < 90; sq++) {
    const x = sq % W;
    const y = (sq / W) | 0;
    t[sq * 4] = H - 1 - y;
    t[sq * 4 + 1] = y;
    t[sq * 4 + 2] = W - 1 - x;
    t[sq * 4 + 3] = x;
  }
  return t;
})();
/** Per side, the order the lines are looked at: the file towards the other general first. */
const LINE_DIR = new Int8Array([0, 1, 2, 3, 1, 0, 2, 3]);
const LINE_STEP = new Int8Array(8).map((_, i) => STEPS[LINE_DIR[i]!]!);

/** Is the general of `side` on ksq attacked by the other side (captures, or the generals facing)? */
export function generalAttacked(b: Uint8Array, ksq: number, side: number): boolean {
  const them = side ^ 1;
  const rook = pieceCode(CHARIOT, them);
  const cannon = pieceCode(CANNON, them);
  const x = ksq % W;
  const y = (ksq / W) | 0;
  // the four lines (the file towards the other general first: there the facing general attacks
  // too): a chariot first, or a cannon behind one screen; one loop, no call per line
  const general = pieceCode(KING, them);
  const lines = ksq * 4;
  for (let d = 0; d < 4; d++) {
    const step = LINE_STEP[side * 4 + d]!;
    let n = LINE_LENGTH[lines + LINE_DIR[side * 4 + d]!]!;
    let s = ksq + step;
    while (n > 0 && b[s] === 0) {
      s += step;
      n--;
    }
    if (n === 0) continue;
    const q = b[s]!;
    if (q === rook || (d === 0 && q === general)) return true;
    s += step;
    n--;
    while (n > 0 && b[s] === 0) {
      s += step;
      n--;
    }
    if (n > 0 && b[s] === cannon) return true;
  }
  // horses: the leg is the general's diagonal neighbour on the horse's side
  const horse = pieceCode(HORSE, them);
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
  const soldier = pieceCode(SOLDIER, them);
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
 * The three tables over (general's square k, square sq), t[k * 90 + sq], from the distances of the
 * two squares along files (dx) and ranks (dy); built in one pass at load (no call per entry).
 *
 * EXPOSES[k * 90 + sq] = 1 when sq is on the file or rank of a general on k, or diagonally next to
 * it (a horse's leg): only a move from or to such a square can leave that general attacked, or
 * (a horse landing a horse's move away aside) newly attack it.
 * ON_LINE[k * 90 + sq] = 1 when sq is on the file or rank of a general on k.
 * HORSE_POINTS[k * 90 + sq] = 1 when a horse on sq could attack a general on k (a (1, 2) leap away).
 */
export const EXPOSES = new Uint8Array(90 * 90);
export const ON_LINE = new Uint8Array(90 * 90);
export const HORSE_POINTS = new Uint8Array(90 * 90);
if (!readShipped('check', [EXPOSES, ON_LINE, HORSE_POINTS])) for (let k = 0; k < 90; k++) {
  const kx = k % W;
  const ky = (k / W) | 0;
  for (let sq = 0; sq < 90; sq++) {
    const dx = Math.abs(kx - (sq % W));
    const dy = Math.abs(ky - ((sq / W) | 0));
    const line = dx === 0 || dy === 0;
    const i = k * 90 + sq;
    ON_LINE[i] = line ? 1 : 0;
    EXPOSES[i] = line || (dx === 1 && dy === 1) ? 1 : 0;
    HORSE_POINTS[i] = (dx === 1 && dy === 2) || (dx === 2 && dy === 1) ? 1 : 0;
  }
}

/**
 * Can the move from → to just played (the piece now on `to`) have newly attacked the general on
 * ksq? A new attack needs the move to open or fill a square of the general's file or rank (a
 * chariot's or cannon's line, the facing generals), free a horse's leg (a diagonal neighbour), or
 * bring the attacker itself: on the file or rank, or a horse a horse's move away. When this says
 * no and the general was not attacked before the move, it is not attacked after it.
 */
export function mayHaveAttacked(b: Uint8Array, from: number, to: number, ksq: number): boolean {
  const row = ksq * 90;
  if (EXPOSES[row + from] !== 0 || EXPOSES[row + to] !== 0) return true;
  return pieceKind(b[to]!) === HORSE && HORSE_POINTS[row + to] !== 0;
}

/** The square of side's general (it never leaves the palace), or -1. */
export function generalSquare(b: Uint8Array, side: number): number {
  const code = pieceCode(KING, side);
  const y0 = side === 0 ? 0 : 7;
  for (let y = y0; y < y0 + 3; y++) {
    const row = y * W;
    if (b[row + 3] === code) return row + 3;
    if (b[row + 4] === code) return row + 4;
    if (b[row + 5] === code) return row + 5;
  }
  return -1;
}
