/** Perft: counts leaf nodes of the legal move tree (bulk-counted at the last ply). */
import type { Move } from './move.js';
import type { Position } from './position.js';

const MAX_MOVES = 1024;

export class Perft {
  private readonly buffers: Int32Array[] = [];

  private buffer(depth: number): Int32Array {
    while (this.buffers.length <= depth) this.buffers.push(new Int32Array(MAX_MOVES));
    return this.buffers[depth]!;
  }

  count(pos: Position, depth: number): number {
    if (depth <= 0) return 1;
    const buf = this.buffer(depth);
    const n = pos.variant.generateLegal(pos, buf, 0);
    if (depth === 1) return n;
    let total = 0;
    for (let i = 0; i < n; i++) {
      pos.play(buf[i]!);
      total += this.count(pos, depth - 1);
      pos.undo();
    }
    return total;
  }

  /** Per root move counts, in generation order. */
  divide(pos: Position, depth: number): { move: Move; nodes: number }[] {
    const buf = new Int32Array(MAX_MOVES);
    const n = pos.variant.generateLegal(pos, buf, 0);
    const out: { move: Move; nodes: number }[] = [];
    for (let i = 0; i < n; i++) {
      pos.play(buf[i]!);
      out.push({ move: buf[i]!, nodes: this.count(pos, depth - 1) });
      pos.undo();
    }
    return out;
  }
}

export const perft = (pos: Position, depth: number): number => new Perft().count(pos, depth);

/** All legal moves as a plain array (convenient outside hot paths). */
export function legalMoves(pos: Position): Move[] {
  const buf = new Int32Array(MAX_MOVES);
  const n = pos.variant.generateLegal(pos, buf, 0);
  return Array.from(buf.subarray(0, n));
}
