/** Xiangqi: the data plus its rules (king safety with the flying general). */
import { moveFrom, moveTo } from '../../core/move.js';
import { isAttacked, generatePseudo } from '../../core/movegen.js';
import { pieceCode, pieceKind } from '../../core/piece.js';
import type { Position } from '../../core/position.js';
import { buildVariantData, type Variant } from '../../core/variant.js';
import { attackedAfterChange } from './change-check.js';
import { EXPOSES, generalAttacked, generalSquare, HORSE_POINTS, ON_LINE } from './check.js';
import { HORSE, KING, XIANGQI_PIECES, XIANGQI_REGIONS } from './pieces.js';
import { shippedParts } from './shipped.js';

export * from './pieces.js';

export const XIANGQI_START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

const W = 9;
// the move tables and hash keys: made at build time where a bundle ships them (./shipped.ts), else here
const data = buildVariantData(
  { id: 'xiangqi', width: 9, height: 10, pieces: XIANGQI_PIECES, regions: XIANGQI_REGIONS },
  undefined,
  false,
  undefined,
  shippedParts(),
);

/** The square of side's general (it never leaves the palace), or -1; the square it was last found on is tried first. */
export function kingSquare(pos: Position, side: number): number {
  const b = pos.board;
  const seen = lastKing[side]!;
  if (b[seen] === pieceCode(KING, side)) return seen;
  const sq = generalSquare(b, side);
  if (sq >= 0) lastKing[side] = sq;
  return sq;
}

/** The square where each side's general was last found (checked first: it seldom moves). */
const lastKing = new Int32Array([4, 85]);

/** Does the general on ksq (of side `side`) face the other general on an open file? */
function facing(b: Uint8Array, ksq: number, side: number): boolean {
  const step = side === 0 ? W : -W;
  const enemyKing = pieceCode(KING, side ^ 1);
  for (let s = ksq + step; s >= 0 && s < 90; s += step) {
    const q = b[s]!;
    if (q !== 0) return q === enemyKing;
  }
  return false;
}

/** The generic form of `kingAttacked` (the move tables' attack test plus the facing generals), for tests. */
export function kingAttackedByTables(pos: Position, ksq: number, side: number): boolean {
  return isAttacked(pos, ksq, side ^ 1) || facing(pos.board, ksq, side);
}

/**
 * Is `side`'s general on ksq attacked (including by the facing general)? Looked at from the
 * general (check.ts `generalAttacked`, shared with the record reader); equal to
 * `kingAttackedByTables` for every position whose pieces stand where they can (test/piece-sets.test.ts).
 */
export function kingAttacked(pos: Position, ksq: number, side: number): boolean {
  return ksq >= 0 && generalAttacked(pos.board, ksq, side);
}

// Squares whose change can expose a general: its file and rank, and the four horse-leg points.
const sensitive = new Int32Array(90);
let stamp = 0;

function generateLegal(pos: Position, out: Int32Array, start: number): number {
  return filterLegal(pos, out, start, generatePseudo(pos, out, start));
}

/**
 * Keeps, in place, the moves of out[start..n) that leave the mover's general safe (not attacked,
 * not facing the other general); returns the new end. Only general moves and moves leaving or
 * entering the general's file, rank or horse-leg points need the full test.
 */
export function filterLegal(pos: Position, out: Int32Array, start: number, n: number): number {
  const us = pos.turn;
  const ksq = kingSquare(pos, us);
  if (ksq < 0) return start;
  const b = pos.board;
  const checked = kingAttacked(pos, ksq, us);
  if (!checked) {
    const s = ++stamp;
    const kx = ksq % W;
    const ky = (ksq / W) | 0;
    for (let x = 0; x < W; x++) sensitive[ky * W + x] = s;
    for (let y = 0; y < 10; y++) sensitive[y * W + kx] = s;
    sensitive[ksq + W + 1] = s;
    sensitive[ksq + W - 1] = s;
    if (ksq >= W) {
      sensitive[ksq - W + 1] = s;
      sensitive[ksq - W - 1] = s;
    }
  }
  const s = stamp;
  let w = start;
  for (let i = start; i < n; i++) {
    const m = out[i]!;
    const from = moveFrom(m);
    const to = moveTo(m);
    if (!checked && from !== ksq && sensitive[from] !== s && sensitive[to] !== s) {
      out[w++] = m;
      continue;
    }
    const p = b[from]!;
    const cap = b[to]!;
    b[to] = p;
    b[from] = 0;
    const legal = !kingAttacked(pos, from === ksq ? to : ksq, us);
    b[from] = p;
    b[to] = cap;
    if (legal) out[w++] = m;
  }
  return w;
}

/**
 * Is the pseudo-legal move m of the side to move legal (its general then safe)? `checked`: is the
 * general attacked now. As in `filterLegal`, only a general move, a move while in check, or a move
 * from or to the general's file, rank or a horse-leg point (diagonal neighbour) needs the full test.
 */
function moveLegal(pos: Position, m: number, checked: boolean): boolean {
  const us = pos.turn;
  const ksq = kingSquare(pos, us);
  if (ksq < 0) return false;
  const from = moveFrom(m);
  const to = moveTo(m);
  const b = pos.board;
  if (from !== ksq && EXPOSES[ksq * 90 + from] === 0 && EXPOSES[ksq * 90 + to] === 0) {
    if (!checked) return true;
    // in check: a move that neither leaves nor enters the general's lines or leg points, nor takes
    // a horse a horse's move away, leaves every attack on it as it was
    if (HORSE_POINTS[ksq * 90 + to] === 0 || b[to] !== pieceCode(HORSE, us ^ 1)) return false;
  }
  if (!checked && from !== ksq) {
    const k = ksq * 90;
    // a capture that leaves no line or leg point keeps every line's occupancy: nothing is exposed
    if (EXPOSES[k + from] === 0 && b[to] !== 0) return true;
    if (EXPOSES[k + from] === 0 && ON_LINE[k + to] === 0) return true; // onto a leg point: it only blocks
    if (ON_LINE[k + from] === 0 && ON_LINE[k + to] === 0) {
      // from a leg point, off the lines: only a horse behind that leg can attack now
      const them = pieceCode(HORSE, us ^ 1) as number;
      const kx = ksq % W;
      const ky = (ksq / W) | 0;
      const dx = (from % W) - kx;
      const dy = ((from / W) | 0) - ky;
      const x1 = kx + 2 * dx;
      const y2 = ky + 2 * dy;
      if (x1 >= 0 && x1 < W) {
        const h = (ky + dy) * W + x1;
        if (h !== to && b[h] === them) return false;
      }
      if (y2 >= 0 && y2 < 10) {
        const h = y2 * W + kx + dx;
        if (h !== to && b[h] === them) return false;
      }
      return true;
    }
  }
  const p = b[from]!;
  const cap = b[to]!;
  b[to] = p;
  b[from] = 0;
  // not in check before: only the lines through from and to (and freed legs) can attack now
  const legal = checked || from === ksq ? !kingAttacked(pos, from === ksq ? to : ksq, us) : !attackedAfterChange(b, ksq, us, from, to);
  b[from] = p;
  b[to] = cap;
  return legal;
}

/**
 * After the legal move m (just played): is the side to move in check, given that it was not before
 * m? Only a move from or to the general's file, rank or horse-leg points, or a horse landing a leap
 * away, can give check (a discovered line or horse, a new chariot, cannon, screen, soldier or
 * general on a line, a horse); any other move leaves the answer "no" without the full test.
 */
export function givesCheck(pos: Position, m: number): boolean {
  const us = pos.turn;
  const ksq = kingSquare(pos, us);
  if (ksq < 0) return false;
  const from = moveFrom(m);
  const to = moveTo(m);
  const k = ksq * 90;
  if (EXPOSES[k + from] === 0 && EXPOSES[k + to] === 0 && (HORSE_POINTS[k + to] === 0 || pieceKind(pos.board[to]!) !== HORSE)) return false;
  return attackedAfterChange(pos.board, ksq, us, from, to);
}

/**
 * Before the move m (of the side to move, which is not in check): true when `givesCheck` will
 * answer false right after it, by the same square test (the piece on m's from square lands on to).
 */
export function cannotGiveCheck(pos: Position, m: number): boolean {
  const ksq = kingSquare(pos, pos.turn ^ 1);
  if (ksq < 0) return true;
  const from = moveFrom(m);
  const to = moveTo(m);
  const k = ksq * 90;
  return EXPOSES[k + from] === 0 && EXPOSES[k + to] === 0 && (HORSE_POINTS[k + to] === 0 || pieceKind(pos.board[from]!) !== HORSE);
}

export const xiangqi: Variant = {
  ...data,
  generateLegal,
  moveLegal,
  inCheck(pos: Position): boolean {
    const ksq = kingSquare(pos, pos.turn);
    return ksq >= 0 && kingAttacked(pos, ksq, pos.turn);
  },
};
