/**
 * The referee of a match game: our rules decide when it is over. This judge covers what engine
 * games reach: no legal move (checkmate, stalemate: a loss in both games; chu: royals captured),
 * repetition (xiangqi: 3rd occurrence, chu: 4th) where a side that checked with every move of the
 * cycle loses and anything else is a draw, and xiangqi's 60-move rule (120 plies without a
 * capture: draw). Perpetual chase and chu's "attacking" repetitions need the full rules judge.
 */
import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';
import type { GameId } from '../games/registry.js';
import { Referee, type MatchResult } from '../engine/referee.js';
import { plyRecord, positionEnd, repetitionEnd, SIDE_NAMES, type GameEnd, type PlyRecord } from '../protocol/end.js';

export interface Adjudicator {
  play(m: Move): void;
  /** The result once the game is over, else null. */
  result(): GameEnd | null;
}

export function simpleAdjudicator(game: GameId, start: Position): Adjudicator {
  const pos = start.clone();
  let plies: PlyRecord[] = [plyRecord(pos)];
  return {
    play(m) {
      pos.play(m);
      const [capTo, capMid] = pos.lastCaptures();
      // a capture or promotion cannot be repeated: earlier positions no longer matter
      if (capTo || capMid || m & 0x1000000) plies = [];
      plies.push(plyRecord(pos));
    },
    result() {
      const end = positionEnd(game, pos) ?? repetitionEnd(game, plies, game === 'xiangqi' ? 3 : 4);
      if (end) return end;
      if (game === 'xiangqi' && pos.halfmove >= 120) return { result: '1/2-1/2', reason: '60-move rule', winner: null };
      return null;
    },
  };
}

/**
 * The engine's match referee (src/engine/referee.ts) as an adjudicator: the simple judge plus
 * xiangqi's insufficient material and chu's bare king and bare kings.
 */
export function refereeAdjudicator(game: GameId, start: Position, maxPlies = 100_000): Adjudicator {
  const names = SIDE_NAMES[game];
  const referee = new Referee(start.clone(), maxPlies);
  let last: MatchResult | null = referee.result();
  return {
    play(m) {
      last = referee.play(m);
    },
    result() {
      if (!last) return null;
      const w = last.winner;
      return { result: w === null ? '1/2-1/2' : w === 0 ? '1-0' : '0-1', reason: last.reason, winner: w === null ? null : names[w]! };
    },
  };
}
