/**
 * Captures for quiescence and the search's capture stage in xiangqi: the legal ones (the core's
 * table-driven captures kept when the own general is then safe), and the pseudo-legal ones by a
 * generator that knows the pieces (chariot: the first piece on each line, cannon: the piece behind
 * one screen, the others single steps), walking the same move tables in the same order as the
 * core's `generatePseudoCaptures`, so it yields the same moves in the same order.
 */
import { plainMove } from '../../core/move.js';
import { generatePseudoCaptures } from '../../core/movegen.js';
import type { Position } from '../../core/position.js';
import { filterLegal } from './index.js';
import { CANNON, CHARIOT } from './pieces.js';

export const xiangqiCaptures = (pos: Position, out: Int32Array, start: number): number =>
  filterLegal(pos, out, start, generatePseudoCaptures(pos, out, start));

const SIZE = 90;

/** The pseudo-legal captures of the side to move, appended to out[n..] (same list as `generatePseudoCaptures`). */
export function xiangqiPseudoCaptures(pos: Position, out: Int32Array, n: number): number {
  const b = pos.board;
  const us = pos.turn;
  const { classOf, stepStart, stepTo, stepLeg, rayStart, rayFirst, raySq, captureReach } = pos.variant.tables;
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
      const kind = p >> 1;
      const base = classOf[p]! * SIZE + from;
      const slider = kind === CHARIOT || kind === CANNON;
      // steps' reach at base * 6, rays' at base * 6 + 3 (core/tables.ts captureReach)
      const rb = base * 6 + (slider ? 3 : 0);
      if (((captureReach[rb]! & e0) | (captureReach[rb + 1]! & e1) | (captureReach[rb + 2]! & e2)) === 0) continue;
      if (slider) {
        const hop = kind === CANNON;
        for (let r = rayStart[base]!, e = rayStart[base + 1]!; r < e; r++) {
          let i = rayFirst[r]!;
          const end = rayFirst[r + 1]!;
          while (i < end && b[raySq[i]!] === 0) i++;
          if (hop) for (i++; i < end && b[raySq[i]!] === 0; i++);
          if (i >= end) continue;
          const to = raySq[i]!;
          const q = b[to]!;
          if ((q & 1) !== us) out[n++] = plainMove(from, to);
        }
      } else {
        // every step of the other pieces moves and captures
        for (let i = stepStart[base]!, e = stepStart[base + 1]!; i < e; i++) {
          const to = stepTo[i]!;
          const q = b[to]!;
          if (q === 0 || (q & 1) === us) continue;
          const leg = stepLeg[i]!;
          if (leg < 0 || b[leg] === 0) out[n++] = plainMove(from, to);
        }
      }
    }
  return n;
}
