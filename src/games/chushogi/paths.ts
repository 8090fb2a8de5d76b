/**
 * Counting the way lishogi does (`chuhan perft --count-paths`): lishogi lists a lion-power piece's
 * double moves per middle square, so one distinct move can be several lishogi moves — a plain move
 * also reachable as a double step through an empty square, and a pass through each empty
 * neighbour. `pathCount` gives that multiplicity; the positions after all paths of a move are the
 * same, so a path perft is a weighted distinct-move perft.
 */
import { moveFrom, moveMid, moveTo, type Move } from '../../core/move.js';
import type { Position } from '../../core/position.js';
import { lionDoubleStepSquares } from './index.js';

const W = 12;
const H = 12;

/** How many lishogi move strings stand for the legal move m (1 for all but lion-power moves). */
export function pathCount(pos: Position, m: Move): number {
  const b = pos.board;
  const from = moveFrom(m);
  const to = moveTo(m);
  const mid = moveMid(m);
  const p = b[from]!;
  if (pos.variant.special[p] === 0) return 1;
  if (mid >= 0 && b[mid] !== 0) return 1; // a capturing first step: one path
  const fx = from % W;
  const fy = (from / W) | 0;
  let n = mid >= 0 ? 0 : 1; // a plain move: its own path; a pass: only through middle squares
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) {
      if (dx === 0 && dy === 0) continue;
      const x = fx + dx;
      const y = fy + dy;
      if (x < 0 || y < 0 || x >= W || y >= H) continue;
      const s = y * W + x;
      if (s === to || b[s] !== 0) continue;
      if (lionDoubleStepSquares(pos, from, s, to)) n++;
    }
  return n;
}

const MAX_MOVES = 1024;

/** Perft counting lishogi paths instead of distinct moves (game-over nodes count 0). */
export class PathPerft {
  private readonly buffers: Int32Array[] = [];

  count(pos: Position, depth: number): number {
    if (depth <= 0) return 1;
    while (this.buffers.length <= depth) this.buffers.push(new Int32Array(MAX_MOVES));
    const buf = this.buffers[depth]!;
    const n = pos.variant.generateLegal(pos, buf, 0);
    let total = 0;
    for (let i = 0; i < n; i++) {
      const m = buf[i]!;
      const k = pathCount(pos, m);
      if (depth === 1) total += k;
      else {
        pos.play(m);
        total += k * this.count(pos, depth - 1);
        pos.undo();
      }
    }
    return total;
  }

  divide(pos: Position, depth: number): { move: Move; nodes: number }[] {
    const buf = new Int32Array(MAX_MOVES);
    const n = pos.variant.generateLegal(pos, buf, 0);
    const out: { move: Move; nodes: number }[] = [];
    for (let i = 0; i < n; i++) {
      const m = buf[i]!;
      const k = pathCount(pos, m);
      pos.play(m);
      out.push({ move: m, nodes: k * this.count(pos, depth - 1) });
      pos.undo();
    }
    return out;
  }
}
