/**
 * The end of a game as the protocols report it: decided by the position alone (checkmate,
 * stalemate — a loss in both games —, chu: no royal left) or by a repetition of the same
 * position with the same side to move (`repetitions` times: xiangqi 3, chu 4) judged simply: a
 * side that gave check with every one of its moves in the cycle loses, otherwise a draw.
 * The match runner can plug in a fuller judge (`src/match/adjudicate.ts`).
 */
import { legalMoves } from '../core/perft.js';
import type { Position } from '../core/position.js';
import { royalsLost } from '../games/chushogi/index.js';
import type { GameId } from '../games/registry.js';

export interface GameEnd {
  /** PGN result from the first player's view. */
  readonly result: '1-0' | '0-1' | '1/2-1/2';
  /** Short reason, e.g. "checkmate", "perpetual check". */
  readonly reason: string;
  /** Winner's name ("red", "sente", …) or null for a draw. */
  readonly winner: string | null;
}

export const SIDE_NAMES: Readonly<Record<GameId, readonly [string, string]>> = {
  xiangqi: ['red', 'black'],
  chushogi: ['sente', 'gote'],
};

const win = (game: GameId, side: number, reason: string): GameEnd => ({
  result: side === 0 ? '1-0' : '0-1',
  reason,
  winner: SIDE_NAMES[game][side]!,
});

/** The end decided by the position alone, or null while the game goes on. */
export function positionEnd(game: GameId, pos: Position): GameEnd | null {
  if (game === 'chushogi' && royalsLost(pos)) return win(game, pos.turn ^ 1, 'royals captured');
  if (legalMoves(pos).length === 0) {
    return win(game, pos.turn ^ 1, pos.variant.inCheck(pos) ? 'checkmate' : 'stalemate');
  }
  return null;
}

/** Per ply of a game: the position's hash and side to move, and whether that side is in check. */
export interface PlyRecord {
  readonly hashLo: number;
  readonly hashHi: number;
  readonly turn: number;
  /** The side to move in this position is in check (the move that produced it gave check). */
  readonly check: boolean;
}

export const plyRecord = (pos: Position): PlyRecord => ({
  hashLo: pos.hashLo,
  hashHi: pos.hashHi,
  turn: pos.turn,
  check: pos.variant.inCheck(pos),
});

/**
 * A simple repetition judge over the plies of a game (index 0 = the start position): when the last
 * position occurred `times` times in all (same side to move), the side whose every move since the
 * first occurrence gave check loses (perpetual check); both or neither: a draw.
 */
export function repetitionEnd(game: GameId, plies: readonly PlyRecord[], times: number): GameEnd | null {
  const n = plies.length - 1;
  if (n < 4) return null;
  const last = plies[n]!;
  let count = 1;
  let first = n;
  for (let k = n - 2; k >= 0 && count < times; k -= 2) {
    const p = plies[k]!;
    if (p.hashLo === last.hashLo && p.hashHi === last.hashHi && p.turn === last.turn) {
      count++;
      first = k;
    }
  }
  if (count < times) return null;
  // the move of ply k was made by plies[k - 1].turn and gave check if plies[k].check
  const always = [true, true];
  for (let k = first + 1; k <= n; k++) if (!plies[k]!.check) always[plies[k - 1]!.turn] = false;
  if (always[0] !== always[1]) return win(game, always[0] ? 1 : 0, 'perpetual check');
  return { result: '1/2-1/2', reason: 'repetition', winner: null };
}
