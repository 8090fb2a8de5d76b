/** Game status of a single position (no history): ongoing, or who won and why. */
import { legalMoves } from '../core/perft.js';
import type { Position } from '../core/position.js';
import type { Game } from './registry.js';

export interface Status {
  /** null while the game goes on. */
  readonly reason: string | null;
  readonly winner: string | null;
}

export function positionStatus(game: Game, pos: Position): Status {
  if (legalMoves(pos).length === 0) {
    const reason = pos.variant.inCheck(pos) ? 'checkmate' : 'stalemate';
    return { reason, winner: game.sideNames[pos.turn ^ 1]! };
  }
  return { reason: null, winner: null };
}
