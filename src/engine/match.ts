/**
 * Engine matches: a level against another level or a uniformly random mover, alternating colours.
 * Reproducible for a seed: searches are limited by depth and nodes only (unless `timed`), the random
 * mover and the noisy levels draw from seeded generators, every game starts with fresh players.
 */
import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';
import { GameHistory, type GameResult } from '../core/history.js';
import type { Game } from '../games/registry.js';
import { historyEntry } from './history.js';
import { chooseMove, randomMove } from './player.js';
import { createRng, type Rng } from './rng.js';
import { Searcher, type HistoryEntry } from './search.js';
import { ProblemError } from '../core/problem.js';

export type Opponent = { readonly kind: 'random' } | { readonly kind: 'level'; readonly level: number };

export interface MatchOptions {
  readonly games: number;
  readonly level: number;
  readonly opponent: Opponent;
  readonly seed: number;
  /** Plies after which a game is drawn (default: xiangqi 400, chu 1000). */
  readonly maxPlies?: number;
  /** Use the levels' time caps (not reproducible). */
  readonly timed?: boolean;
  /** Keep the moves of each game (coordinate notation). */
  readonly keepMoves?: boolean;
  /**
   * Plies played by a seeded random mover before the players take over, the same for both games
   * of a colour-swapped pair (default: 2 between two levels, whose searches are otherwise
   * deterministic and would repeat one game per colour; 0 against the random mover).
   */
  readonly randomPlies?: number;
}

export interface GameRecord {
  readonly index: number;
  /** Player names by side: [first, second]. */
  readonly players: readonly [string, string];
  /** Points of player A (the `level` player): 1, 0.5 or 0. */
  readonly scoreA: number;
  readonly result: '1-0' | '0-1' | '1/2-1/2';
  readonly reason: string;
  readonly plies: number;
  readonly seconds: number;
  readonly moves?: readonly string[];
}

export interface MatchSummary {
  readonly variant: string;
  readonly a: string;
  readonly b: string;
  readonly games: number;
  readonly seed: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly points: number;
  readonly plies: number;
  readonly seconds: number;
  readonly records: readonly GameRecord[];
}

interface Player {
  readonly name: string;
  move(pos: Position, history: readonly HistoryEntry[], rng: Rng): Move;
}

function levelPlayer(level: number, timed: boolean): Player {
  const searcher = new Searcher({ ttMegabytes: 16 });
  return {
    name: `level ${level}`,
    move: (pos, history, rng) => chooseMove(null, pos, level, { history, rng, searcher, deterministic: !timed }).move,
  };
}

const randomPlayer: Player = { name: 'random', move: (pos, _h, rng) => randomMove(pos, rng) };

export const playerName = (o: Opponent): string => (o.kind === 'random' ? 'random' : `level ${o.level}`);

/** Plays one game; player A has side `aSide`. The first `randomPlies` plies come from `openingSeed`. */
function playGame(
  game: Game,
  a: Player,
  b: Player,
  aSide: 0 | 1,
  seed: number,
  maxPlies: number,
  keepMoves: boolean,
  randomPlies: number,
  openingSeed: number,
) {
  const start = game.parseFen(game.startFen);
  if (!start.ok) throw new ProblemError(start.error);
  // the game's history judges every ending (as validate does); the match adds its ply cap
  const judge = new GameHistory(game.endRules, start.value, maxPlies + 16);
  const pos = judge.position;
  const rng = createRng(seed);
  const opening = createRng(openingSeed);
  const history: HistoryEntry[] = [];
  const moves: string[] = [];
  const capped = (): GameResult | null => (judge.plies >= maxPlies ? { winner: null, reason: 'move limit', detail: `${maxPlies} plies played` } : null);
  let result: GameResult | null = judge.result() ?? capped();
  while (!result) {
    const player = judge.plies < randomPlies ? randomPlayer : pos.turn === aSide ? a : b;
    // the players search the history's position in place (it has room for a search on its stack)
    const m = player.move(pos, history, judge.plies < randomPlies ? opening : rng);
    if (m === 0) throw new Error(`${player.name} found no move in a game that is not over`);
    if (keepMoves) moves.push(game.coordinate.format(pos, m));
    history.push(historyEntry(pos));
    judge.play(m);
    result = judge.result() ?? capped();
  }
  return { result, plies: judge.plies, moves };
}

export function playMatch(game: Game, options: MatchOptions, onGame?: (record: GameRecord) => void): MatchSummary {
  const maxPlies = options.maxPlies ?? game.defaults.enginePlies;
  const nameA = `level ${options.level}`;
  const nameB = playerName(options.opponent);
  const timed = options.timed ?? false;
  const records: GameRecord[] = [];
  const t0 = performance.now();
  for (let g = 0; g < options.games; g++) {
    const a = levelPlayer(options.level, timed);
    const b = options.opponent.kind === 'random' ? randomPlayer : levelPlayer(options.opponent.level, timed);
    const aSide = (g % 2) as 0 | 1;
    const tg = performance.now();
    const randomPlies = options.randomPlies ?? (options.opponent.kind === 'level' ? 2 : 0);
    const openingSeed = options.seed * 7_919 + (g >> 1) + 1;
    const { result, plies, moves } = playGame(
      game,
      a,
      b,
      aSide,
      options.seed * 1_000_003 + g,
      maxPlies,
      options.keepMoves ?? false,
      randomPlies,
      openingSeed,
    );
    const record: GameRecord = {
      index: g + 1,
      players: aSide === 0 ? [nameA, nameB] : [nameB, nameA],
      scoreA: result.winner === null ? 0.5 : result.winner === aSide ? 1 : 0,
      result: result.winner === null ? '1/2-1/2' : result.winner === 0 ? '1-0' : '0-1',
      reason: result.reason,
      plies,
      seconds: (performance.now() - tg) / 1000,
      ...(options.keepMoves ? { moves } : {}),
    };
    records.push(record);
    onGame?.(record);
  }
  const wins = records.filter((r) => r.scoreA === 1).length;
  const draws = records.filter((r) => r.scoreA === 0.5).length;
  return {
    variant: game.id,
    a: nameA,
    b: nameB,
    games: options.games,
    seed: options.seed,
    wins,
    draws,
    losses: records.length - wins - draws,
    points: wins + draws / 2,
    plies: records.reduce((s, r) => s + r.plies, 0),
    seconds: (performance.now() - t0) / 1000,
    records,
  };
}
