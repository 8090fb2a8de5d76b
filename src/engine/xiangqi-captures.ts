/**
 * Legal captures only, for quiescence in xiangqi: captures straight from the move tables (steps,
 * first piece on a ray, the piece behind a cannon's screen), each kept when the own general is
 * then not attacked (flying general included).
 */
import type { Position } from '../core/position.js';
import { MODE_CAPTURE, MODE_HOP_CAPTURE } from '../core/tables.js';
import { kingAttacked, kingSquare } from '../games/xiangqi/index.js';

const SIZE = 90;

/**
 * SENSITIVE[k * 90 + sq]: a piece leaving or entering sq can expose a general on k (same file or
 * rank, or a horse-leg point diagonally next to it).
 */
const SENSITIVE = (() => {
  const t = new Uint8Array(SIZE * SIZE);
  for (let k = 0; k < SIZE; k++) {
    const kx = k % 9;
    const ky = (k / 9) | 0;
    for (let sq = 0; sq < SIZE; sq++) {
      const x = sq % 9;
      const y = (sq / 9) | 0;
      t[k * SIZE + sq] = x === kx || y === ky || (Math.abs(x - kx) === 1 && Math.abs(y - ky) === 1) ? 1 : 0;
    }
  }
  return t;
})();

export function xiangqiCaptures(pos: Position, out: Int32Array, start: number): number {
  const b = pos.board;
  const us = pos.turn;
  const ksq = kingSquare(pos, us);
  if (ksq < 0) return start;
  const { classOf, stepStart, stepTo, stepLeg, stepMode, rayStart, rayMode, rayFirst, raySq } = pos.variant.tables;
  // Only a general move or a piece leaving/entering the general's file or rank or a horse-leg point
  // next to it can expose the general (the side to move is not in check in quiescence).
  const checked = kingAttacked(pos, ksq, us);
  const sens = ksq * SIZE;
  let n = start;
  for (let from = 0; from < SIZE; from++) {
    const p = b[from]!;
    if (p === 0 || (p & 1) !== us) continue;
    const base = classOf[p]! * SIZE + from;
    for (let i = stepStart[base]!, e = stepStart[base + 1]!; i < e; i++) {
      const to = stepTo[i]!;
      const q = b[to]!;
      if (q === 0 || (q & 1) === us || !(stepMode[i]! & MODE_CAPTURE)) continue;
      const leg = stepLeg[i]!;
      if (leg >= 0 && b[leg] !== 0) continue;
      if (!checked && from !== ksq && SENSITIVE[sens + from] === 0 && SENSITIVE[sens + to] === 0) {
        out[n++] = from | (to << 8);
        continue;
      }
      b[to] = p;
      b[from] = 0;
      const legal = !kingAttacked(pos, from === ksq ? to : ksq, us);
      b[from] = p;
      b[to] = q;
      if (legal) out[n++] = from | (to << 8);
    }
    for (let r = rayStart[base]!, e = rayStart[base + 1]!; r < e; r++) {
      const mode = rayMode[r]!;
      if (!(mode & (MODE_CAPTURE | MODE_HOP_CAPTURE))) continue;
      let i = rayFirst[r]!;
      const end = rayFirst[r + 1]!;
      while (i < end && b[raySq[i]!] === 0) i++;
      if (i >= end) continue;
      let to = -1;
      if (mode & MODE_CAPTURE) to = raySq[i]!;
      else {
        for (i++; i < end && b[raySq[i]!] === 0; i++);
        if (i < end) to = raySq[i]!;
      }
      if (to < 0) continue;
      const q = b[to]!;
      if (q === 0 || (q & 1) === us) continue;
      if (!checked && from !== ksq && SENSITIVE[sens + from] === 0 && SENSITIVE[sens + to] === 0) {
        out[n++] = from | (to << 8);
        continue;
      }
      b[to] = p;
      b[from] = 0;
      const legal = !kingAttacked(pos, from === ksq ? to : ksq, us);
      b[from] = p;
      b[to] = q;
      if (legal) out[n++] = from | (to << 8);
    }
  }
  return n;
}
