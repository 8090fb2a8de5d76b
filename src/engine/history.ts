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
 * Replays `moves` from `start` (not modified) and returns the final position, whose undo stack
 * holds the moves (so the rules' repetition judge can walk them), with the entries of every
 * position before it, oldest first.
 */
export function replay(start: Position, moves: readonly Move[]): { position: Position; history: HistoryEntry[] } {
  // a copy with room for the whole game (and a search) on its undo stack
  const pos = start.clone(moves.length + 1024);
  const history: HistoryEntry[] = [];
  for (const m of moves) {
    history.push(historyEntry(pos));
    pos.play(m);
  }
  return { position: pos, history };
}
