/**
 * How a game stands, for commands: the rules of each game's end (`endRulesFor`), the status of a
 * single position (`positionStatus`: checkmate, stalemate, royals captured, bare king, insufficient
 * material), and what a record's written result implies (`recordedOutcome`). Whole games are
 * judged by a `GameHistory` (src/core/history.ts) with the rules of src/games/<game>/end.ts.
 */
import { formatExplanation, formatResult, GameHistory, type EndRules, type GameResult } from '../core/history.js';
import type { Position } from '../core/position.js';
import type { Verdict } from '../core/verdict.js';
import { getGame, type Game, type GameId } from '../games/registry.js';

export type { GameResult } from '../core/history.js';

/** The end-of-game rules of a game. */
export function endRulesFor(game: Game | GameId): EndRules {
  return (typeof game === 'string' ? getGame(game) : game).endRules;
}

/** A fresh history of a game from a start position (for play, repl, analysis). */
export const newGameHistory = (game: Game | GameId, start: Position): GameHistory => new GameHistory(endRulesFor(game), start);

/** A verdict (or none) with the winner named: a rendering of `Verdict` (`statusOf`). */
export interface Status {
  /** null while the game goes on. */
  readonly reason: string | null;
  /** The winning side's name; null while the game goes on and for a draw. */
  readonly winner: string | null;
}

/** The status a verdict gives (null: the game goes on), the winner named by the game. */
export function statusOf(v: Verdict | null, sideNames: readonly [string, string]): Status {
  if (!v) return { reason: null, winner: null };
  return { reason: v.reason, winner: v.winner === null ? null : sideNames[v.winner] };
}

/**
 * The end of the game decided by this position alone (no history): checkmate, stalemate (both
 * lose in either game), royals captured, bare king, insufficient material — or null.
 */
export const positionResult = (game: Game | GameId, pos: Position): GameResult | null => endRulesFor(game).positionResult(pos);

/** Game status of a single position (no history): ongoing, or who won or drew and why. */
export function positionStatus(game: Game, pos: Position): Status {
  return statusOf(positionResult(game, pos), game.sideNames);
}

/**
 * The outcome a record's written result implies when the rules do not end the game on the board:
 * a decisive result is taken as a resignation (or a loss off the board), a draw as agreed.
 * Null for `*` or no result.
 */
export function recordedOutcome(game: Game, recorded: string | null): GameResult | null {
  if (recorded === '1-0' || recorded === '0-1') {
    const loser = recorded === '1-0' ? 1 : 0;
    return {
      winner: loser === 1 ? 0 : 1,
      reason: 'resignation',
      detail: `${game.sideNames[loser]} resigned or lost off the board (recorded ${recorded}; the rules do not end the game here)`,
    };
  }
  if (recorded === '1/2-1/2')
    return { winner: null, reason: 'agreement', detail: 'drawn by agreement (recorded 1/2-1/2; the rules do not end the game here)' };
  return null;
}

/** A judged repetition in words and as data (`chuhan validate --explain`). */
export interface RepetitionExplanation {
  /** Printable lines: the occurrences, the cycle move by move, the ruling. */
  readonly lines: string[];
  readonly json: {
    readonly occurrences: readonly number[];
    readonly from: number;
    readonly to: number;
    readonly moves: readonly { ply: number; side: string; move: string; check: boolean; attack?: boolean; chases: readonly string[] }[];
    readonly ruling: string;
  };
}

/**
 * The explanation of the repetition that ended a game recorded in `h` (null if it did not end
 * so), with the moves in the game's coordinate notation.
 */
export function explainRepetition(game: Game, h: GameHistory): RepetitionExplanation | null {
  const e = h.explain();
  if (!e) return null;
  const texts = new Map<number, string>();
  // from the entry move (ply e.from - 1: it made the first occurrence) to the last of the cycle
  h.walk(Math.max(0, e.from - 2), e.to, (k) => texts.set(k, game.coordinate.format(h.position, h.moveAt(k))), null);
  const fmt = (ply: number, m: number): string => texts.get(ply) ?? String(m);
  const lines = formatExplanation(e, game.sideNames, fmt);
  return {
    lines,
    json: {
      occurrences: e.occurrences,
      from: e.from,
      to: e.to,
      moves: e.moves.map((mv) => ({
        ply: mv.ply,
        side: game.sideNames[mv.side]!,
        move: fmt(mv.ply, mv.move),
        check: mv.check,
        ...(mv.attack !== undefined ? { attack: mv.attack } : {}),
        chases: mv.chases,
      })),
      ruling: formatResult(e.result),
    },
  };
}
