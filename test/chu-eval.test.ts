/** The chu evaluation's tuned terms (src/games/chushogi/eval.ts, eval-weights.ts) and the chu book. */
import { describe, expect, it } from 'vitest';
import { legalMoves } from '../src/core/perft.js';
import type { Position } from '../src/core/position.js';
import { bookMoves } from '../src/engine/book.js';
import { profileFor } from '../src/engine/profiles.js';
import { CHU_WEIGHTS } from '../src/games/chushogi/eval-weights.js';
import { getGame } from '../src/games/registry.js';

const chu = getGame('chushogi');
/** Kings on their back ranks, `row` the 7th rank from the top (sente's lion and friends), sente to move. */
function fen(text: string): Position {
  const r = chu.parseFen(text);
  if (!r.ok) throw new Error(`bad test position ${text}`);
  return r.value;
}
const withRow = (row: string): Position => fen(['6k5', '12', '12', '12', '12', '12', row, '12', '12', '12', '12', '6K5'].join('/') + ' b - 1');
const evalOf = (pos: Position) => profileFor(pos.variant).evaluate(pos);

describe('chu evaluation', () => {
  it('a lion with an own piece next to it scores exactly the lion-guard weight more than with the piece two squares off', () => {
    // the gold on the same rank and the same distance from the edge: only the guard differs
    expect(evalOf(withRow('4GN6')) - evalOf(withRow('5N1G4'))).toBe(CHU_WEIGHTS.lionGuards);
  });

  it('scores for the side to move: the same position from the other side is about the negation (tempo apart)', () => {
    const a = withRow('4GN6');
    const b = fen(chu.formatFen(a).replace(' b ', ' w '));
    expect(evalOf(a) + evalOf(b)).toBe(2 * CHU_WEIGHTS.tempo);
  });

  it('the chu book walks at least 6 plies from the start on legal moves, with a choice at the start', () => {
    const pos = fen(chu.startFen);
    expect(bookMoves(pos).length).toBeGreaterThanOrEqual(2);
    let plies = 0;
    for (;;) {
      const moves = bookMoves(pos);
      if (moves.length === 0) break;
      const legal = legalMoves(pos);
      for (const m of moves) expect(legal).toContain(m.move);
      pos.play([...moves].sort((x, y) => y.weight - x.weight)[0]!.move);
      plies++;
    }
    expect(plies).toBeGreaterThanOrEqual(6);
  });
});
