/**
 * Is a general attacked after a change on two squares, given that it was not before? Only the
 * lines (file and rank halves) from the general through the two squares, the horses behind a leg
 * that was freed and a horse that arrived can carry a new attack, so only they are looked at; the
 * answer is `generalAttacked`'s (check.ts) for every position where that held no attack before
 * (test/engine-search.test.ts compares them after every legal move of random playouts).
 */
import { LINE_LENGTH, STEPS } from './check.js';
import { CANNON, CHARIOT, HORSE, KING, SOLDIER } from './pieces.js';

const W = 9;
const H = 10;

/** Per square and direction (0 up +W, 1 down -W, 2 right +1, 3 left -1): points that lie that way (check.ts). */
const LENGTH = LINE_LENGTH;
const STEP = new Int8Array(STEPS);

/**
 * Does `them` (= side ^ 1) attack side's general on ksq along direction d: a chariot (or, on the
 * file towards the other general, that general) first, a soldier next to it that captures that
 * way, or a cannon behind one screen? The same tests as `generalAttacked` makes on that line.
 */
function lineAttack(b: Uint8Array, ksq: number, side: number, d: number): boolean {
  const them = side ^ 1;
  const step = STEP[d]!;
  let n = LENGTH[ksq * 4 + d]!;
  let s = ksq + step;
  while (n > 0 && b[s] === 0) {
    s += step;
    n--;
  }
  if (n === 0) return false;
  const q = b[s]!;
  if (q === ((CHARIOT << 1) | them)) return true;
  if (q === ((KING << 1) | them) && d === side) return true; // up for side 0, down for side 1
  if (s === ksq + step && q === ((SOLDIER << 1) | them)) {
    // a soldier steps forward onto the general, or sideways once across the river
    const y = (ksq / W) | 0;
    if (them === 0 ? d === 1 || (d >= 2 && y >= 5) : d === 0 || (d >= 2 && y <= 4)) return true;
  }
  s += step;
  n--;
  while (n > 0 && b[s] === 0) {
    s += step;
    n--;
  }
  return n > 0 && b[s] === ((CANNON << 1) | them);
}

/** The direction from ksq to sq along a file or rank, or -1 when sq is on neither. */
function lineTo(ksq: number, sq: number): number {
  const dx = (sq % W) - (ksq % W);
  const dy = ((sq / W) | 0) - ((ksq / W) | 0);
  if (dx === 0) return dy > 0 ? 0 : 1;
  if (dy === 0) return dx > 0 ? 2 : 3;
  return -1;
}

/**
 * Is side's general on ksq attacked now, after the contents of `from` (now empty) and `to`
 * changed, when it was not attacked before? (The squares need not be a move's: any two.)
 */
export function attackedAfterChange(b: Uint8Array, ksq: number, side: number, from: number, to: number): boolean {
  const df = lineTo(ksq, from);
  const dt = lineTo(ksq, to);
  if (df >= 0 && lineAttack(b, ksq, side, df)) return true;
  if (dt >= 0 && dt !== df && lineAttack(b, ksq, side, dt)) return true;
  const horse = (HORSE << 1) | (side ^ 1);
  const kx = ksq % W;
  const ky = (ksq / W) | 0;
  // a freed leg (a diagonal neighbour): the two horse points behind it
  const fx = (from % W) - kx;
  const fy = ((from / W) | 0) - ky;
  if ((fx === 1 || fx === -1) && (fy === 1 || fy === -1)) {
    const x2 = kx + 2 * fx;
    const y2 = ky + 2 * fy;
    if (x2 >= 0 && x2 < W && b[(ky + fy) * W + x2] === horse) return true;
    if (y2 >= 0 && y2 < H && b[y2 * W + kx + fx] === horse) return true;
  }
  // a horse that arrived a horse's move away, its leg free
  if (b[to] === horse) {
    const tx = (to % W) - kx;
    const ty = ((to / W) | 0) - ky;
    const ax = tx < 0 ? -tx : tx;
    const ay = ty < 0 ? -ty : ty;
    if ((ax === 1 && ay === 2) || (ax === 2 && ay === 1)) {
      const leg = (ky + (ty > 0 ? 1 : -1)) * W + kx + (tx > 0 ? 1 : -1);
      if (b[leg] === 0) return true;
    }
  }
  return false;
}
