/** The positions before the searched one, for repetition detection in the search. */
import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';
import type { HistoryEntry } from './search.js';

/** One history entry for a position. */
export const historyEntry = (pos: Position): HistoryEntry => ({
  hashLo: pos.hashLo,
  hashHi: pos.hashHi,
  inCheck: pos.variant.inCheck(pos),
});

/**
 * Replays `moves` from `start` (not modified) and returns the final position with the entries of
 * every position before it, oldest first.
 */
export function replay(start: Position, moves: readonly Move[]): { position: Position; history: HistoryEntry[] } {
  const pos = start.clone();
  const history: HistoryEntry[] = [];
  for (const m of moves) {
    history.push(historyEntry(pos));
    pos.play(m);
  }
  return { position: pos, history };
}
