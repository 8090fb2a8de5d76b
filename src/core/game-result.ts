/**
 * How a game ended, in game-agnostic terms: the winning side as a `Side` (0 = the side that moves
 * first in the game, 1 = the other), or null for a draw; the reason; one sentence of detail worded
 * by the game's rules. Names of sides belong to the game (`EndRules.sideNames`) or the UI.
 */
import type { Side } from './piece.js';
import type { Verdict } from './verdict.js';

export type Reason =
  | 'checkmate'
  | 'stalemate'
  | 'royals captured'
  | 'bare king'
  | 'perpetual check'
  | 'perpetual chase'
  | 'repetition'
  | 'move limit'
  | 'insufficient material'
  | 'resignation'
  | 'agreement';

export const REASONS: readonly Reason[] = [
  'checkmate',
  'stalemate',
  'royals captured',
  'bare king',
  'perpetual check',
  'perpetual chase',
  'repetition',
  'move limit',
  'insufficient material',
  'resignation',
  'agreement',
];

/** A verdict of the rules (core/verdict.ts): its termination is one of the rules' reasons. */
export interface GameResult extends Verdict {
  /** The winning side, or null for a draw. */
  readonly winner: Side | null;
  readonly reason: Reason;
  /** One human sentence (worded by the game's rules): who did what, where, at which plies. */
  readonly detail?: string;
  /** The ply at which the game ended (moves played from the history's start). */
  readonly ply?: number;
}

export type Score = '1-0' | '0-1' | '1/2-1/2' | '*';

/** `1-0` (first side wins), `0-1`, `1/2-1/2`, or `*` while the game goes on. */
export function resultScore(r: { readonly winner: Side | null } | null | undefined): Score {
  if (!r) return '*';
  if (r.winner === null) return '1/2-1/2';
  return r.winner === 0 ? '1-0' : '0-1';
}

/** `0-1 perpetual chase: red horse chased the black chariot on c7 at plies 31–42`. */
export function formatResult(r: GameResult | null | undefined): string {
  if (!r) return '*';
  return `${resultScore(r)} ${r.reason}${r.detail ? `: ${r.detail}` : ''}`;
}

/** The winning side of a decisive score, null for a draw, undefined for `*` or anything else. */
export function scoreWinner(score: string): Side | null | undefined {
  return score === '1-0' ? 0 : score === '0-1' ? 1 : score === '1/2-1/2' ? null : undefined;
}
