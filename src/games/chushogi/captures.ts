/**
 * Chu shogi captures only, for quiescence: straight from the move tables (steps and the first piece
 * on each ray), plus the capturing lion-power moves (igui, capture-and-step, double captures), each
 * with its promotion choices; captures of a lion pass the lion-trading rules. Equal to the
 * captures among `generateLegal`'s moves (test/engine-search.test.ts); the side-without-royals
 * case is the search's business.
 */
import { moveFrom, moveMid, moveTo } from '../../core/move.js';
import type { Position } from '../../core/position.js';
import { generatePseudoCaptures } from '../../core/movegen.js';
import { LION_CODE, lionCaptureAllowed } from './index.js';

export function chuCaptures(pos: Position, out: Int32Array, start: number): number {
  const b = pos.board;
  const n = generatePseudoCaptures(pos, out, start);
  // the lion-trading rules
  let w = start;
  for (let i = start; i < n; i++) {
    const m = out[i]!;
    const from = moveFrom(m);
    const to = moveTo(m);
    const mid = moveMid(m);
    const capTo = to !== from ? b[to]! : 0;
    if (LION_CODE[capTo] === 0 && (mid < 0 || LION_CODE[b[mid]!] === 0)) out[w++] = m;
    else if (lionCaptureAllowed(pos, m)) out[w++] = m;
  }
  return w;
}
