/**
 * The one typed result of a game: who won (a `Side`, or null for a draw), why (a typed
 * termination), one sentence of detail, and the ply it was reached at — as python-chess's
 * `Outcome`. The rules' endings (`GameResult`, core/game-result.ts) are verdicts whose termination
 * is one of the rules' `Reason`s; the players and the clocks add the off-board terminations below.
 * Every other shape a result travels in (a score string, the board's `GameOutcome`, validate's
 * `Judgement`, a match game's `reason`) is a rendering of a verdict: `verdictScore`,
 * `verdictReasonText`, `verdictOf`.
 */
import type { Side } from './piece.js';
import { REASONS, resultScore, type Reason, type Score } from './game-result.js';

/**
 * Endings decided off the board: a flag fell (`loss on time`), a flag fell against a side that
 * cannot win (`time`, a draw), a result a record states in words of its own (`recorded`, the
 * words in `detail`), and a match referee's rulings on the players' programs.
 */
export type OffBoardTermination =
  | 'loss on time'
  | 'time'
  | 'recorded'
  /** A referee ended the game (a match's ply cap). */
  | 'adjudication'
  /** A player's program exited during the game. */
  | 'engine exit'
  /** A player sent a move the rules do not allow. */
  | 'illegal move'
  /** A player claimed a result the rules do not give. */
  | 'false claim';

export type Termination = Reason | OffBoardTermination;

export interface Verdict {
  /** The winning side, or null for a draw. */
  readonly winner: Side | null;
  /** Why the game ended. */
  readonly reason: Termination;
  /** One human sentence (who did what, where, at which plies), when there is one. */
  readonly detail?: string;
  /** The ply at which the game ended (moves played from the start). */
  readonly ply?: number;
}

/** `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on. */
export const verdictScore = (v: Verdict | null | undefined): Score => resultScore(v);

/**
 * A verdict as a match between engines words it (`MatchGame.reason`, the PGN `Termination` tag):
 * the endings the rules find on the board by their reason, the players' and the referee's by
 * their sentence, which names the player (`red (HaChu) lost on time`, `black (fake) resigned`).
 */
export const matchReasonText = (v: Verdict): string => (isBoardReason(v.reason) ? v.reason : (v.detail ?? v.reason));

/** Is `reason` an ending the rules find on the board (not the players' resignation or agreement)? */
export const isBoardReason = (reason: string): boolean => isRulesReason(reason) && reason !== 'resignation' && reason !== 'agreement';

/** Is `reason` a rules' ending (not decided off the board)? */
export const isRulesReason = (reason: string): reason is Reason => (REASONS as readonly string[]).includes(reason);

/**
 * The reason as the board and the play/repl messages word it (`red wins by capture of the
 * royals`, `draw by time (red ran out, black has no material to win)`).
 */
export function verdictReasonText(v: Verdict): string {
  if (v.reason === 'royals captured') return 'capture of the royals';
  if (v.reason === 'time') return `time (${v.detail ?? 'a flag fell'})`;
  if (v.reason === 'recorded') return v.detail ?? 'recorded result';
  if (v.reason === 'adjudication' || v.reason === 'engine exit' || v.reason === 'illegal move' || v.reason === 'false claim') return v.detail ?? v.reason;
  return v.reason;
}

/**
 * A verdict from a score and a reason worded as `verdictReasonText` words it (a record's
 * `Termination` tag, a saved game): the inverse of the rendering; other words are kept as a
 * `recorded` verdict's detail (rendered back as they were).
 */
export function verdictOf(score: string, reasonText: string | undefined): Verdict | null {
  const winner: Side | null | undefined = score === '1-0' ? 0 : score === '0-1' ? 1 : score === '1/2-1/2' ? null : undefined;
  if (winner === undefined) return null;
  const text = reasonText ?? '';
  if (text === 'capture of the royals') return { winner, reason: 'royals captured' };
  // the rules' own word for it renders as the line above: kept as written
  if (text === 'royals captured') return { winner, reason: 'recorded', detail: text };
  if (text === 'loss on time') return { winner, reason: 'loss on time' };
  const time = /^time \((.*)\)$/.exec(text);
  if (time) return { winner, reason: 'time', detail: time[1]! };
  if (isRulesReason(text)) return { winner, reason: text };
  return { winner, reason: 'recorded', ...(text ? { detail: text } : {}) };
}

/**
 * A verdict as validate reports it (a record's `Judgement`, a `Ruling` the record went past): the
 * score, the reason and the detail sentence (null when there is none).
 */
export const verdictFields = (v: Verdict): { result: Score; reason: Termination; detail: string | null } => ({
  result: verdictScore(v),
  reason: v.reason,
  detail: v.detail ?? null,
});
