/** Xiangqi: the data plus its rules (king safety with the flying general). */
import { moveFrom, moveTo } from '../../core/move.js';
import { isAttacked, generatePseudo } from '../../core/movegen.js';
import type { Position } from '../../core/position.js';
import { buildVariantData, type Variant } from '../../core/variant.js';
import { CANNON, CHARIOT, HORSE, KING, SOLDIER, XIANGQI_PIECES, XIANGQI_REGIONS } from './pieces.js';

export * from './pieces.js';

export const XIANGQI_START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

const W = 9;
const data = buildVariantData({ id: 'xiangqi', width: 9, height: 10, pieces: XIANGQI_PIECES, regions: XIANGQI_REGIONS });

/** The square of side's general (it never leaves the palace), or -1. */
export function kingSquare(pos: Position, side: number): number {
  const b = pos.board;
  const code = (KING << 1) | side;
  const seen = lastKing[side]!;
  if (b[seen] === code) return seen;
  const y0 = side === 0 ? 0 : 7;
  for (let y = y0; y < y0 + 3; y++)
    for (let x = 3; x <= 5; x++)
      if (b[y * W + x] === code) {
        lastKing[side] = y * W + x;
        return y * W + x;
      }
  return -1;
}

/** The square where each side's general was last found (checked first: it seldom moves). */
const lastKing = new Int32Array([4, 85]);

/** Does the general on ksq (of side `side`) face the other general on an open file? */
function facing(b: Uint8Array, ksq: number, side: number): boolean {
  const step = side === 0 ? W : -W;
  const enemyKing = (KING << 1) | (side ^ 1);
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

// From each square: the squares outward along the four orthogonal lines (ORTHO_SQ[ORTHO_START[sq * 4
// + d] .. ORTHO_START[sq * 4 + d + 1])), and per diagonal d the leg point and the two squares a horse
// attacks the square from over that leg (HORSE_AT[(sq * 4 + d) * 3 + 0..2], -1 off the board).
const ORTHO_START = new Int32Array(90 * 4 + 1);
const ORTHO_SQ = new Int16Array(90 * 4 * 9);
const HORSE_AT = new Int16Array(90 * 4 * 3).fill(-1);
(() => {
  const on = (x: number, y: number): number => (x >= 0 && x < W && y >= 0 && y < 10 ? y * W + x : -1);
  let n = 0;
  for (let sq = 0; sq < 90; sq++) {
    const x = sq % W;
    const y = (sq / W) | 0;
    const ortho: [number, number][] = [[0, 1], [0, -1], [1, 0], [-1, 0]];
    ortho.forEach(([dx, dy], d) => {
      ORTHO_START[sq * 4 + d] = n;
      for (let k = 1; on(x + k * dx, y + k * dy) >= 0; k++) ORTHO_SQ[n++] = on(x + k * dx, y + k * dy);
    });
    const diag: [number, number][] = [[1, 1], [1, -1], [-1, 1], [-1, -1]];
    diag.forEach(([dx, dy], d) => {
      const i = (sq * 4 + d) * 3;
      HORSE_AT[i] = on(x + dx, y + dy);
      if (HORSE_AT[i]! < 0) return;
      HORSE_AT[i + 1] = on(x + 2 * dx, y + dy);
      HORSE_AT[i + 2] = on(x + dx, y + 2 * dy);
    });
  }
  ORTHO_START[90 * 4] = n;
})();

/**
 * Is `side`'s general on ksq attacked (including by the facing general)? Looked at from the
 * general: the first piece on each line (chariot, or the other general: they never share a rank)
 * and the one behind it (cannon), horses over a free leg, soldiers in front and beside. Equal to
 * `kingAttackedByTables` for every position whose pieces stand where they can (validate.ts).
 */
export function kingAttacked(pos: Position, ksq: number, side: number): boolean {
  if (ksq < 0) return false;
  const b = pos.board;
  const e = side ^ 1;
  const rook = (CHARIOT << 1) | e;
  const cannon = (CANNON << 1) | e;
  const king = (KING << 1) | e;
  const horse = (HORSE << 1) | e;
  const pawn = (SOLDIER << 1) | e;
  for (let d = 0; d < 4; d++) {
    let i = ORTHO_START[ksq * 4 + d]!;
    const end = ORTHO_START[ksq * 4 + d + 1]!;
    while (i < end && b[ORTHO_SQ[i]!] === 0) i++;
    if (i >= end) continue;
    const q = b[ORTHO_SQ[i]!]!;
    if (q === rook || q === king) return true;
    for (i++; i < end; i++) {
      const r = b[ORTHO_SQ[i]!]!;
      if (r !== 0) {
        if (r === cannon) return true;
        break;
      }
    }
  }
  const h = ksq * 12;
  for (let d = 0; d < 12; d += 3) {
    const leg = HORSE_AT[h + d]!;
    if (leg < 0 || b[leg] !== 0) continue;
    const a = HORSE_AT[h + d + 1]!;
    const c = HORSE_AT[h + d + 2]!;
    if ((a >= 0 && b[a] === horse) || (c >= 0 && b[c] === horse)) return true;
  }
  // soldiers: the square in front (from the soldier's side) and, once across the river, beside
  const front = side === 0 ? ksq + W : ksq - W;
  if (front >= 0 && front < 90 && b[front] === pawn) return true;
  const x = ksq % W;
  const crossed = side === 0 ? ksq < 45 : ksq >= 45;
  if (crossed && ((x > 0 && b[ksq - 1] === pawn) || (x < W - 1 && b[ksq + 1] === pawn))) return true;
  return false;
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

/** EXPOSES[k * 90 + sq] = 1 when sq is on the file or rank of a general on k, or diagonally next to it. */
const EXPOSES = (() => {
  const t = new Uint8Array(90 * 90);
  for (let k = 0; k < 90; k++)
    for (let sq = 0; sq < 90; sq++) {
      const dx = Math.abs((k % W) - (sq % W));
      const dy = Math.abs(((k / W) | 0) - ((sq / W) | 0));
      t[k * 90 + sq] = dx === 0 || dy === 0 || (dx === 1 && dy === 1) ? 1 : 0;
    }
  return t;
})();

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
  if (!checked && from !== ksq && EXPOSES[ksq * 90 + from] === 0 && EXPOSES[ksq * 90 + to] === 0) return true;
  const b = pos.board;
  const p = b[from]!;
  const cap = b[to]!;
  b[to] = p;
  b[from] = 0;
  const legal = !kingAttacked(pos, from === ksq ? to : ksq, us);
  b[from] = p;
  b[to] = cap;
  return legal;
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
