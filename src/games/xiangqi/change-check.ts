/**
 * Is a general attacked after a change on two squares, given that it was not before? Only the
 * lines (file and rank halves) from the general through the two squares, the horses behind a leg
 * that was freed and a horse that arrived can carry a new attack, so only they are looked at; the
 * answer is `generalAttacked`'s (check.ts) for every position where that held no attack before
 * (test/engine-search.test.ts compares them after every legal move of random playouts).
 */
import { pieceCode, pieceKind, pieceSide } from '../../core/piece.js';
import { LINE_LENGTH, STEPS } from './check.js';
import { CANNON, CHARIOT, HORSE, KING, SOLDIER } from './pieces.js';
import { readShipped } from './shipped.js';

const W = 9;
const H = 10;

/** Per square and direction (0 up +W, 1 down -W, 2 right +1, 3 left -1): points that lie that way (check.ts). */
const LENGTH = LINE_LENGTH;
const STEP = new Int8Array(STEPS);

/**
 * Over (general's square k, square sq), t[k * 90 + sq]:
 * DIR_TO: the direction from k to sq along a file or rank (0 up, 1 down, 2 right, 3 left), -1 on
 * neither (sq = k counts as down, as the direction test it stands for answered);
 * LEG_HORSES: for sq diagonally next to k (a horse's leg), the two horse points behind it as
 * (a + 1) | (b + 1) << 7 (0 for a point off the board), else 0;
 * HORSE_LEG: for sq a horse's move away from k, its leg point + 1, else 0.
 */
const DIR_TO = new Int8Array(90 * 90);
const LEG_HORSES = new Int16Array(90 * 90);
const HORSE_LEG = new Int8Array(90 * 90);
if (!readShipped('change-check', [DIR_TO, LEG_HORSES, HORSE_LEG])) for (let k = 0; k < 90; k++) {
  const kx = k % W;
  const ky = (k / W) | 0;
  for (let sq = 0; sq < 90; sq++) {
    const dx = (sq % W) - kx;
    const dy = ((sq / W) | 0) - ky;
    const i = k * 90 + sq;
    DIR_TO[i] = dx === 0 ? (dy > 0 ? 0 : 1) : dy === 0 ? (dx > 0 ? 2 : 3) : -1;
    if ((dx === 1 || dx === -1) && (dy === 1 || dy === -1)) {
      const x2 = kx + 2 * dx;
      const y2 = ky + 2 * dy;
      LEG_HORSES[i] = (x2 >= 0 && x2 < W ? (ky + dy) * W + x2 + 1 : 0) | (y2 >= 0 && y2 < H ? (y2 * W + kx + dx + 1) << 7 : 0);
    }
    const ax = dx < 0 ? -dx : dx;
    const ay = dy < 0 ? -dy : dy;
    if ((ax === 1 && ay === 2) || (ax === 2 && ay === 1)) HORSE_LEG[i] = (ky + (dy > 0 ? 1 : -1)) * W + kx + (dx > 0 ? 1 : -1) + 1;
  }
}

/**
 * SOLDIER_HITS[side * 360 + ksq * 4 + d] = 1 when a soldier of the other side next to side's
 * general on ksq in direction d captures it (forward onto it, or sideways once across the river).
 */
const SOLDIER_HITS = new Uint8Array(2 * 360);
for (let ksq = 0; ksq < 90; ksq++) {
  const y = (ksq / W) | 0;
  for (let d = 0; d < 4; d++) {
    SOLDIER_HITS[ksq * 4 + d] = d === 0 || (d >= 2 && y <= 4) ? 1 : 0; // side 0's general, a black soldier
    SOLDIER_HITS[360 + ksq * 4 + d] = d === 1 || (d >= 2 && y >= 5) ? 1 : 0;
  }
}

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
  if (pieceSide(q) === them) {
    const kind = pieceKind(q);
    if (kind === CHARIOT) return true;
    if (kind === KING && d === side) return true; // up for side 0, down for side 1
    if (kind === SOLDIER && s === ksq + step && SOLDIER_HITS[side * 360 + ksq * 4 + d] !== 0) return true;
  }
  s += step;
  n--;
  while (n > 0 && b[s] === 0) {
    s += step;
    n--;
  }
  return n > 0 && b[s] === pieceCode(CANNON, them);
}

/**
 * Is side's general on ksq attacked now, after the contents of `from` (now empty) and `to`
 * changed, when it was not attacked before? (The squares need not be a move's: any two.)
 */
export function attackedAfterChange(b: Uint8Array, ksq: number, side: number, from: number, to: number): boolean {
  const row = ksq * 90;
  const df = DIR_TO[row + from]!;
  const dt = DIR_TO[row + to]!;
  if (df >= 0 && lineAttack(b, ksq, side, df)) return true;
  if (dt >= 0 && dt !== df && lineAttack(b, ksq, side, dt)) return true;
  const horse = pieceCode(HORSE, side ^ 1);
  // a freed leg (a diagonal neighbour): the two horse points behind it
  const behind = LEG_HORSES[row + from]!;
  if (behind !== 0) {
    const a = behind & 0x7f;
    const c = behind >> 7;
    if ((a !== 0 && b[a - 1] === horse) || (c !== 0 && b[c - 1] === horse)) return true;
  }
  // a horse that arrived a horse's move away, its leg free
  const leg = HORSE_LEG[row + to]!;
  return leg !== 0 && b[to] === horse && b[leg - 1] === 0;
}
