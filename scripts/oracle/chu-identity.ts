/** Our Chu Shogi legal moves in the fixtures' canonical USI form (shared by the script and the test's logic). */
import { legalMoves } from '../../src/core/perft.js';
import type { Position } from '../../src/core/position.js';
import { lionDoubleStepSquares } from '../../src/games/chushogi/index.js';
import { formatUsi, usiSquare } from '../../src/games/chushogi/notation/usi.js';

/**
 * Sorted USI of the legal moves; a pass is written with the middle square that gives the smallest
 * string among its spellings (any empty first-step square of the piece).
 */
export function canonicalMoves(pos: Position): string[] {
  const b = pos.board;
  return legalMoves(pos)
    .map((m) => {
      const from = m & 0xff;
      const to = (m >>> 8) & 0xff;
      const mid = ((m >>> 16) & 0xff) - 1;
      if (mid < 0 || to !== from || b[mid] !== 0) return formatUsi(m);
      let best = '';
      for (let s = 0; s < b.length; s++) {
        if (s === from || b[s] !== 0 || !lionDoubleStepSquares(pos, from, s, from)) continue;
        const u = usiSquare(from) + usiSquare(s) + usiSquare(from);
        if (best === '' || u < best) best = u;
      }
      return best;
    })
    .sort();
}
