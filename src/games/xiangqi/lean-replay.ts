/**
 * A lean replay of a packed xiangqi record (notation/pgn.ts `PackedRecord`: one coordinate key per
 * move) into a `GameHistory`: the same plies, hashes, check flags and rulings as `record`ing each
 * move through the history (notation/replay.ts `replayPacked`), for a fraction of the work.
 *
 * Per ply it decodes the key, tests the move by the piece's own moves (a table of what
 * legal-check.ts `reaches` allows) and its general's safety (only a general move, a move while in
 * check, or a move from the general's lines or leg points or onto its lines can expose it;
 * change-check.ts tests the lines through the move), makes it on a board of its own, updates the
 * Zobrist hash (the variant's keys, as `Position.play`), and finds whether it gave check (only a
 * move that can have attacked the other general is tested). Nothing is judged on a ply where no
 * ending can happen; the history judges (`judgeLatest`, with everything it knows) the plies where
 * one may:
 *   - a capture that leaves neither side a chariot, horse, cannon or soldier (insufficient material);
 *   - a position that occurred twice before since the last capture (threefold repetition);
 *   - a sixth check in a row by one side (seed 003's limit on consecutive checks);
 *   - 120 plies or more without a capture (the 60-move rule).
 * Those are supersets of the cases where the end rules (end.ts, limit.ts) rule, so the rulings are
 * the history's own. The history's position is brought up to date only at those plies and for the
 * end (`settle`: the final board, without playing the moves again).
 *
 * Anything out of the ordinary (a key that is no move, an illegal move, a start without both
 * generals, a capture of a general) answers -1: the caller then replays the record the general way,
 * which words the error.
 */
import { FLAG_CHECK, type GameHistory } from '../../core/history.js';
import { plainMove } from '../../core/move.js';
import type { GameResult } from '../../core/game-result.js';
import { pieceCode, pieceKind, pieceSide, type Side } from '../../core/piece.js';
import type { Position } from '../../core/position.js';
import { EXPOSES, generalAttacked, generalSquare, HORSE_POINTS, ON_LINE } from './check.js';
import { attackedAfterChange } from './change-check.js';
import { ADVISOR, CANNON, CHARIOT, ELEPHANT, HORSE, inPalace, KING, SOLDIER } from './pieces.js';
import { XIANGQI_MOVE_LIMIT } from './limit.js';
import { XIANGQI_CHECKS_PER_PIECE } from './limit.js';
import { readShipped } from './shipped.js';

const SIZE = 90;

/**
 * KEY_MOVE[numbering * 8100 + key]: the move (core/move.ts `plainMove`: from | to << 8) of a
 * packed coordinate key (ICCS 0, UCI 1), -1 when none (a UCI rank 0) or from = to.
 */
const KEY_MOVE = new Int32Array(2 * 8100);
if (!readShipped('lean-replay.KEY_MOVE', [KEY_MOVE])) for (let key = 0; key < 8100; key++) {
  const r2 = key % 10;
  const f2 = ((key / 10) | 0) % 9;
  const r1 = ((key / 90) | 0) % 10;
  const f1 = (key / 900) | 0;
  const from = r1 * 9 + f1;
  const to = r2 * 9 + f2;
  KEY_MOVE[key] = from === to ? -1 : plainMove(from, to);
  KEY_MOVE[8100 + key] = r1 === 0 || r2 === 0 || from === to ? -1 : plainMove(from - 9, to - 9);
}

/**
 * MOVES[code * 8100 + from * 90 + to]: can the piece `code` go from → to by its own moves (the
 * moves `reaches` in legal-check.ts allows)? 0: no; 1: yes; SLIDES: a chariot or cannon on a
 * line with it (the points between decide); else the point + 2 that must be empty (a horse's leg,
 * an elephant's eye).
 */
export const MOVES = new Uint8Array(16 * 8100);
export const SLIDES = 255;
/** LINE_STEP[from * 90 + to]: the step from → to along a file (±9) or rank (±1), 0 when on neither. */
export const LINE_STEP = new Int8Array(8100);
if (!readShipped('lean-replay.MOVES', [MOVES, LINE_STEP])) {
  const mark = (code: number, from: number, tx: number, ty: number, value: number): void => {
    if (tx >= 0 && tx < 9 && ty >= 0 && ty < 10) MOVES[code * 8100 + from * 90 + ty * 9 + tx] = value;
  };
  for (let from = 0; from < SIZE; from++) {
    const fx = from % 9;
    const fy = (from / 9) | 0;
    for (let to = 0; to < SIZE; to++) {
      const tx = to % 9;
      const ty = (to / 9) | 0;
      if (to !== from && (tx === fx || ty === fy)) LINE_STEP[from * 90 + to] = tx === fx ? (ty > fy ? 9 : -9) : tx > fx ? 1 : -1;
    }
    for (let us = 0; us < 2; us++) {
      const own = (y: number): boolean => (us === 0 ? y <= 4 : y >= 5);
      const palace = (x: number, y: number): boolean => inPalace(x, y, us);
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) if (palace(fx + dx, fy + dy)) mark(pieceCode(KING, us), from, fx + dx, fy + dy, 1);
      for (const [dx, dy] of [[1, 1], [1, -1], [-1, 1], [-1, -1]] as const) {
        if (palace(fx + dx, fy + dy)) mark(pieceCode(ADVISOR, us), from, fx + dx, fy + dy, 1);
        const ex = fx + 2 * dx;
        const ey = fy + 2 * dy;
        if (ex >= 0 && ex < 9 && ey >= 0 && ey < 10 && own(ey)) mark(pieceCode(ELEPHANT, us), from, ex, ey, from + dy * 9 + dx + 2);
        // the horse: one orthogonal step (its leg), then one diagonal step outward
        if (fy + 2 * dy >= 0 && fy + 2 * dy < 10) mark(pieceCode(HORSE, us), from, fx + dx, fy + 2 * dy, from + dy * 9 + 2);
        if (fx + 2 * dx >= 0 && fx + 2 * dx < 9) mark(pieceCode(HORSE, us), from, fx + 2 * dx, fy + dy, from + dx + 2);
      }
      const forward = us === 0 ? 1 : -1;
      mark(pieceCode(SOLDIER, us), from, fx, fy + forward, 1);
      if (us === 0 ? fy >= 5 : fy <= 4) {
        mark(pieceCode(SOLDIER, us), from, fx + 1, fy, 1);
        mark(pieceCode(SOLDIER, us), from, fx - 1, fy, 1);
      }
      for (const kind of [CHARIOT, CANNON])
        for (let to = 0; to < SIZE; to++) if (LINE_STEP[from * 90 + to] !== 0) MOVES[pieceCode(kind, us) * 8100 + from * 90 + to] = SLIDES;
    }
  }
}

/** FORCING[code] = 1 for a chariot, horse, cannon or soldier of either side. */
const FORCING = new Uint8Array(256);
for (const k of [CHARIOT, HORSE, CANNON, SOLDIER]) FORCING[pieceCode(k, 0)] = FORCING[pieceCode(k, 1)] = 1;

const board = new Uint8Array(SIZE);
/** A filter of the position hashes seen in the current record: seen[lo & MASK] === stamp when one of them had those bits. */
const MASK = 4095;
const seen = new Int32Array(MASK + 1);
let stamp = 0;

// The state of the record being replayed, kept between the runs of `playUntil` (one per ending the
// history judges): S[...] below.
const S = new Int32Array(16);
const TURN = 0;
const LO = 1;
const HI = 2;
const HALF = 3;
const FULL = 4;
const SINCE = 5;
const K0 = 6;
const K1 = 7;
const CHECKED = 8;
const RUN0 = 9;
const RUN1 = 10;
const MATERIAL = 11;
const START_HALF = 12;
const STAMP = 13;
const BASE = 14;
/** Why `playUntil` stopped: the end of the record, a ply to judge, a move it does not take. */
const STOP = 15;
const AT_END = 0;
const TO_JUDGE = 1;
const REFUSED = 2;

/**
 * Replays the packed keys (three numbers per move, the key first) from the history's start (the
 * history just reset there, nothing played): `ruled(ply, ending)` is told each ending the history
 * rules at a ply (it may overrule it; false stops the replay, which then answers -1). Answers the
 * number of plies replayed (every move, the history's position the final one), or -1 (see the
 * module comment; the history is then in no defined state and must be reset).
 */
export function leanReplay(h: GameHistory, packed: Int32Array, uci: boolean, ruled: (ply: number, ending: GameResult) => boolean): number {
  const start: Position = h.start;
  const b = board;
  b.set(start.board);
  const k0 = generalSquare(b, 0);
  const k1 = generalSquare(b, 1);
  if (k0 < 0 || k1 < 0) return -1;
  const count = packed.length / 3;
  const tapes = h.tapes(count);
  let material = 0;
  for (let sq = 0; sq < SIZE; sq++) material += FORCING[b[sq]!]!;
  S[TURN] = start.turn;
  S[LO] = start.hashLo;
  S[HI] = start.hashHi;
  S[HALF] = S[START_HALF] = start.halfmove;
  S[FULL] = start.fullmove;
  S[SINCE] = 0;
  S[K0] = k0;
  S[K1] = k1;
  // the side to move in check now (the first move's is looked at; later ones are the check flags)
  S[CHECKED] = generalAttacked(b, start.turn === 0 ? k0 : k1, start.turn) ? 1 : 0;
  S[RUN0] = S[RUN1] = 0;
  S[MATERIAL] = material;
  S[STAMP] = ++stamp;
  S[BASE] = uci ? 8100 : 0;
  seen[start.hashLo & MASK] = stamp;
  let n = 0;
  for (;;) {
    n = playUntil(packed, count, n, tapes.moves, tapes.lo, tapes.hi, tapes.flags, tapes.since, start.variant.zobrist);
    const stop = S[STOP];
    if (stop === REFUSED) return -1;
    if (stop === AT_END) break;
    h.adopt(n);
    const ended = h.judgeLatest();
    if (ended && !ruled(n, ended)) return -1;
    if (n === count) return count;
  }
  h.adopt(count);
  h.settle(b, S[TURN] as Side, S[HALF]!, S[FULL]!);
  return count;
}

/**
 * Plays the moves of plies done+1 … count (keys in `packed`) on `board`, writing each ply into the
 * tapes, until a ply the history must judge (S[STOP] = TO_JUDGE: that ply is the answer), the end
 * (AT_END, count), or a move it does not take (REFUSED). The state between runs is S.
 */
function playUntil(
  packed: Int32Array,
  count: number,
  done: number,
  moves: Int32Array,
  los: Int32Array,
  his: Int32Array,
  flags: Uint8Array,
  sinces: Int32Array,
  z: { lo: Int32Array; hi: Int32Array; sideLo: number; sideHi: number },
): number {
  // (the tables in locals: the loop reads them without going through the module's scope)
  const b = board;
  const keyMove = KEY_MOVE;
  const reach = MOVES;
  const lineStep = LINE_STEP;
  const exposes = EXPOSES;
  const onLine = ON_LINE;
  const horsePoints = HORSE_POINTS;
  const forcing = FORCING;
  const filter = seen;
  const zlo = z.lo;
  const zhi = z.hi;
  const sideLo = z.sideLo;
  const sideHi = z.sideHi;
  let turn = S[TURN]!;
  let lo = S[LO]!;
  let hi = S[HI]!;
  let half = S[HALF]!;
  let full = S[FULL]!;
  let since = S[SINCE]!;
  let k0 = S[K0]!;
  let k1 = S[K1]!;
  let checked = S[CHECKED] === 1;
  let run0 = S[RUN0]!;
  let run1 = S[RUN1]!;
  let material = S[MATERIAL]!;
  const startHalf = S[START_HALF]!;
  const st = S[STAMP]!;
  const base = S[BASE]!;
  let stop = AT_END;
  let n = done;
  while (n < count) {
    const m = keyMove[base + packed[n * 3]!]!;
    const from = m & 0xff;
    const to = m >> 8;
    if (m < 0) {
      stop = REFUSED;
      break;
    }
    const p = b[from]!;
    const q = b[to]!;
    if (p === 0 || pieceSide(p) !== turn || (q !== 0 && (pieceSide(q) === turn || pieceKind(q) === KING))) {
      stop = REFUSED;
      break;
    }
    // the piece's own moves (legal-check.ts reaches)
    const t = reach[p * 8100 + from * 90 + to]!;
    if (t === SLIDES) {
      const step = lineStep[from * 90 + to]!;
      let between = 0;
      for (let s = from + step; s !== to; s += step) if (b[s] !== 0) between++;
      if (between !== (pieceKind(p) === CANNON && q !== 0 ? 1 : 0)) {
        stop = REFUSED;
        break;
      }
    } else if (t === 0 || (t !== 1 && b[t - 2] !== 0)) {
      stop = REFUSED;
      break;
    }
    // its general's safety: only a general move, a move while in check, a move from the general's
    // lines or leg points or onto its lines can leave it attacked (a piece that lands on a leg
    // point only blocks; change-check.ts looks at the lines through both squares and the freed leg)
    const ownK = pieceKind(p) === KING ? to : turn === 0 ? k0 : k1;
    b[to] = p;
    b[from] = 0;
    if (
      checked || ownK === to
        ? generalAttacked(b, ownK, turn)
        : (exposes[ownK * SIZE + from] !== 0 || onLine[ownK * SIZE + to] !== 0) && attackedAfterChange(b, ownK, turn, from, to)
    ) {
      b[from] = p;
      b[to] = q;
      stop = REFUSED;
      break;
    }
    if (turn === 0) k0 = ownK;
    else k1 = ownK;
    lo ^= zlo[p * SIZE + from]! ^ zlo[p * SIZE + to]! ^ sideLo;
    hi ^= zhi[p * SIZE + from]! ^ zhi[p * SIZE + to]! ^ sideHi;
    n++;
    let judge = false;
    if (q !== 0) {
      lo ^= zlo[q * SIZE + to]!;
      hi ^= zhi[q * SIZE + to]!;
      half = 0;
      since = n;
      material -= forcing[q]!;
      if (material === 0) judge = true;
    } else half++;
    if (turn === 1) full++;
    turn ^= 1;
    // did it give check? Before the first move the side now to move may have been in check
    // already (a composed start); after that its previous move left it safe, and only a move that
    // can have attacked its general needs the test: from its lines or leg points, onto its lines,
    // or a horse landing a leap away
    const theirK = turn === 0 ? k0 : k1;
    const gives =
      n === 1
        ? generalAttacked(b, theirK, turn)
        : (exposes[theirK * SIZE + from] !== 0 || onLine[theirK * SIZE + to] !== 0 || (pieceKind(p) === HORSE && horsePoints[theirK * SIZE + to] !== 0)) &&
          attackedAfterChange(b, theirK, turn, from, to);
    moves[n] = m;
    los[n] = lo;
    his[n] = hi;
    flags[n] = gives ? FLAG_CHECK : 0;
    sinces[n] = since;
    if (turn === 1) {
      run0 = gives ? run0 + 1 : 0;
      if (run0 >= XIANGQI_CHECKS_PER_PIECE) judge = true;
    } else {
      run1 = gives ? run1 + 1 : 0;
      if (run1 >= XIANGQI_CHECKS_PER_PIECE) judge = true;
    }
    checked = gives;
    const bucket = lo & MASK;
    if (filter[bucket] === st) {
      // a position with these hash bits was seen: has this one occurred twice before?
      let c = 0;
      for (let j = n - 2; j >= since && c < 2; j -= 2) if (los[j] === lo && his[j] === hi) c++;
      if (c === 2) judge = true;
    } else filter[bucket] = st;
    if (n - since + (since === 0 ? startHalf : 0) >= XIANGQI_MOVE_LIMIT) judge = true;
    if (judge) {
      stop = TO_JUDGE;
      break;
    }
  }
  S[TURN] = turn;
  S[LO] = lo;
  S[HI] = hi;
  S[HALF] = half;
  S[FULL] = full;
  S[SINCE] = since;
  S[K0] = k0;
  S[K1] = k1;
  S[CHECKED] = checked ? 1 : 0;
  S[RUN0] = run0;
  S[RUN1] = run1;
  S[MATERIAL] = material;
  S[STOP] = stop;
  return n;
}
