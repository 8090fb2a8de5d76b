/**
 * Captures for quiescence and the search's capture stage in xiangqi: the legal ones (the core's
 * table-driven captures kept when the own general is then safe), and the pseudo-legal ones by a
 * generator that knows the pieces (chariot: the first piece on each line, cannon: the piece behind
 * one screen, the others single steps), walking the same move tables in the same order as the
 * core's `generatePseudoCaptures`, so it yields the same moves in the same order.
 */
import { plainMove } from '../../core/move.js';
import { generatePseudoCaptures } from '../../core/movegen.js';
import { pieceKind, pieceSide } from '../../core/piece.js';
import type { Position } from '../../core/position.js';
import { filterLegal } from './index.js';
import { RAY_COUNT, RAY_LEN, RAY_STEP, xiangqiRays } from './moves.js';
import { CANNON, CHARIOT } from './pieces.js';

export const xiangqiCaptures = (pos: Position, out: Int32Array, start: number): number =>
  filterLegal(pos, out, start, generatePseudoCaptures(pos, out, start));

const SIZE = 90;

/** The pseudo-legal captures of the side to move, appended to out[n..] (same list as `generatePseudoCaptures`). */
export function xiangqiPseudoCaptures(pos: Position, out: Int32Array, n: number): number {
  const b = pos.board;
  const us = pos.turn;
  const tables = pos.variant.tables;
  xiangqiRays(tables);
  const { classOf, stepStart, stepTo, stepLeg, captureReach } = tables;
  const occ = pos.occ;
  const ow = pos.occWords; // 3 words for 90 squares
  const o = us * ow;
  // the enemy pieces: a piece whose reach (every square it could capture on) meets none has no capture
  const t = (us ^ 1) * ow;
  const e0 = occ[t]!;
  const e1 = occ[t + 1]!;
  const e2 = occ[t + 2]!;
  for (let w = 0; w < ow; w++)
    for (let x = occ[o + w]!; x !== 0; x &= x - 1) {
      const from = (w << 5) + 31 - Math.clz32(x & -x);
      const p = b[from]!;
      const kind = pieceKind(p);
      if (kind === CHARIOT || kind === CANNON) {
        // chariot: the first piece on each ray; cannon: the first piece behind the first (the screen)
        const hop = kind === CANNON;
        const at = p * SIZE + from;
        for (let r = at * 4, e = r + RAY_COUNT[at]!; r < e; r++) {
          const step = RAY_STEP[r]!;
          let k = RAY_LEN[r]!;
          let s = from + step;
          while (b[s] === 0 && --k > 0) s += step;
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
      const base = classOf[p]! * SIZE + from;
      // steps' reach at base * 6 (core/tables.ts captureReach)
      const rb = base * 6;
      if (((captureReach[rb]! & e0) | (captureReach[rb + 1]! & e1) | (captureReach[rb + 2]! & e2)) === 0) continue;
      // every step of the other pieces moves and captures
      for (let i = stepStart[base]!, e = stepStart[base + 1]!; i < e; i++) {
        const to = stepTo[i]!;
        const q = b[to]!;
        if (q === 0 || pieceSide(q) === us) continue;
        const leg = stepLeg[i]!;
        if (leg < 0 || b[leg] === 0) out[n++] = plainMove(from, to);
      }
    }
  return n;
}
