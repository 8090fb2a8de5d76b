/**
 * Xiangqi's pseudo-legal move generators for the search: the quiet moves and all moves, the same
 * lists in the same order as the core's `generatePseudoQuiets` and `generatePseudo` (the pieces in
 * square order, each piece's steps, then its rays, in the move tables' order), with the chariots'
 * and cannons' rays walked along the board by (step, length) instead of read square by square
 * from the tables. (No xiangqi piece has special moves or promotions.)
 */
import { plainMove } from '../../core/move.js';
import { pieceKind, pieceSide } from '../../core/piece.js';
import type { Position } from '../../core/position.js';
import type { MoveTables } from '../../core/tables.js';
import { CANNON, CHARIOT } from './pieces.js';

const SIZE = 90;

/**
 * The rays of the chariots and cannons as (step, length) pairs, in the move tables' order, by
 * (code * 90 + square) * 4 + ray, RAY_COUNT[code * 90 + square] of them (rays of length 0 left
 * out). Built from the tables by `xiangqiRays`.
 */
export const RAY_STEP = new Int8Array(16 * SIZE * 4);
export const RAY_LEN = new Uint8Array(16 * SIZE * 4);
export const RAY_COUNT = new Uint8Array(16 * SIZE);
let raysOf: MoveTables | null = null;

/** Makes the ray tables those of `t` (the variant's move tables; built once). */
export function xiangqiRays(t: MoveTables): void {
  if (t === raysOf) return;
  raysOf = t;
  RAY_COUNT.fill(0);
  for (let code = 2; code < 16; code++) {
    const kind = pieceKind(code);
    if (kind !== CHARIOT && kind !== CANNON) continue;
    for (let sq = 0; sq < SIZE; sq++) {
      const base = t.classOf[code]! * SIZE + sq;
      const at = code * SIZE + sq;
      for (let r = t.rayStart[base]!, e = t.rayStart[base + 1]!; r < e; r++) {
        const first = t.rayFirst[r]!;
        const len = t.rayFirst[r + 1]! - first;
        if (len === 0) continue;
        const k = RAY_COUNT[at]!++;
        RAY_STEP[at * 4 + k] = t.raySq[first]! - sq;
        RAY_LEN[at * 4 + k] = len;
      }
    }
  }
}

/** The pseudo-legal moves of the side to move that capture nothing, appended to out[n..]. */
export function xiangqiPseudoQuiets(pos: Position, out: Int32Array, n: number): number {
  const b = pos.board;
  const us = pos.turn;
  const tables = pos.variant.tables;
  xiangqiRays(tables);
  const { classOf, stepStart, stepTo, stepLeg } = tables;
  const occ = pos.occ;
  const o = us * 3;
  for (let w = 0; w < 3; w++)
    for (let x = occ[o + w]!; x !== 0; x &= x - 1) {
      const from = (w << 5) + 31 - Math.clz32(x & -x);
      const p = b[from]!;
      const kind = pieceKind(p);
      if (kind === CHARIOT || kind === CANNON) {
        // the empty squares up to the first piece on each ray (a cannon's moves too)
        const at = p * SIZE + from;
        for (let r = at * 4, e = r + RAY_COUNT[at]!; r < e; r++) {
          const step = RAY_STEP[r]!;
          for (let k = RAY_LEN[r]!, s = from + step; k > 0 && b[s] === 0; k--, s += step) out[n++] = plainMove(from, s);
        }
        continue;
      }
      // every step of the other pieces moves (the leg free)
      const base = classOf[p]! * SIZE + from;
      for (let i = stepStart[base]!, e = stepStart[base + 1]!; i < e; i++) {
        const to = stepTo[i]!;
        if (b[to] !== 0) continue;
        const leg = stepLeg[i]!;
        if (leg < 0 || b[leg] === 0) out[n++] = plainMove(from, to);
      }
    }
  return n;
}

/** The pseudo-legal moves of the side to move, appended to out[n..]. */
export function xiangqiPseudo(pos: Position, out: Int32Array, n: number): number {
  const b = pos.board;
  const us = pos.turn;
  const tables = pos.variant.tables;
  xiangqiRays(tables);
  const { classOf, stepStart, stepTo, stepLeg } = tables;
  const occ = pos.occ;
  const o = us * 3;
  for (let w = 0; w < 3; w++)
    for (let x = occ[o + w]!; x !== 0; x &= x - 1) {
      const from = (w << 5) + 31 - Math.clz32(x & -x);
      const p = b[from]!;
      const kind = pieceKind(p);
      if (kind === CHARIOT || kind === CANNON) {
        // the empty squares, then the first piece (chariot) or the one behind it (cannon) if the enemy's
        const hop = kind === CANNON;
        const at = p * SIZE + from;
        for (let r = at * 4, e = r + RAY_COUNT[at]!; r < e; r++) {
          const step = RAY_STEP[r]!;
          let k = RAY_LEN[r]!;
          let s = from + step;
          for (; k > 0 && b[s] === 0; k--, s += step) out[n++] = plainMove(from, s);
          if (k === 0) continue;
          if (hop) {
            if (--k === 0) continue;
            s += step;
            while (b[s] === 0 && --k > 0) s += step;
            if (k === 0) continue;
          }
          if (pieceSide(b[s]!) !== us) out[n++] = plainMove(from, s);
        }
        continue;
      }
      // every step of the other pieces moves and captures (the leg free)
      const base = classOf[p]! * SIZE + from;
      for (let i = stepStart[base]!, e = stepStart[base + 1]!; i < e; i++) {
        const leg = stepLeg[i]!;
        if (leg >= 0 && b[leg] !== 0) continue;
        const to = stepTo[i]!;
        const q = b[to]!;
        if (q === 0 || pieceSide(q) !== us) out[n++] = plainMove(from, to);
      }
    }
  return n;
}
