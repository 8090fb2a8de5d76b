/** The computer player: a move for a level, and a uniformly random mover. */
import type { Move } from '../core/move.js';
import { legalMoves } from '../core/perft.js';
import type { Position } from '../core/position.js';
import type { Variant } from '../core/variant.js';
import { bookMove } from './book.js';
import { levelSettings } from './levels.js';
import { createRng, type Rng } from './rng.js';
import { isMateScore, Searcher, type HistoryEntry, type SearchInfo, type SearchResult } from './search.js';

export interface ChooseOptions {
  /** Earlier positions of the game (repetition rules). */
  history?: readonly HistoryEntry[];
  /** Random source for the noisy levels (default: seeded from the position hash). */
  rng?: Rng;
  /** Ignore the level's time cap (reproducible games: node and depth limits only). */
  deterministic?: boolean;
  /** Reuse a searcher (keeps its transposition table between moves). */
  searcher?: Searcher;
  /** Stop flag (Atomics), as in SearchLimits. */
  stop?: Int32Array;
  onInfo?: (info: SearchInfo) => void;
  /** Play a move of the opening book when the position is in it (default true; `--no-book`: false). */
  book?: boolean;
}

export interface ChosenMove {
  /** 0 when there is no legal move. */
  readonly move: Move;
  readonly score: number;
  readonly result: SearchResult;
}

const searchers = new Map<Variant, Searcher>();

/** A searcher kept per variant for the computer player. */
export function sharedSearcher(v: Variant): Searcher {
  let s = searchers.get(v);
  if (!s) {
    s = new Searcher();
    searchers.set(v, s);
  }
  return s;
}

/** The computer's move at `level` (1–8). `_game` is accepted for symmetry with the game facade. */
export function chooseMove(_game: { readonly variant: Variant } | null, pos: Position, level: number, options: ChooseOptions = {}): ChosenMove {
  const L = levelSettings(level);
  if (options.book !== false) {
    const m = bookMove(pos, options.rng ?? createRng(pos.hashLo ^ pos.hashHi));
    if (m !== 0) return { move: m, score: 0, result: bookResult(m) };
  }
  const searcher = options.searcher ?? sharedSearcher(pos.variant);
  const result = searcher.search(pos, {
    depth: L.depth,
    ...(Number.isFinite(L.nodes) ? { nodes: L.nodes } : {}),
    ...(options.deterministic ? {} : { timeMs: L.timeMs, softTimeMs: L.timeMs / 2 }),
    ...(options.history ? { history: options.history } : {}),
    ...(options.stop ? { stop: options.stop } : {}),
    ...(options.onInfo ? { onInfo: options.onInfo } : {}),
    exactRoot: L.noise > 0 || L.margin > 0,
  });
  return pickForLevel(result, level, options.rng ?? createRng(pos.hashLo ^ pos.hashHi));
}

/**
 * The level's choice among the root moves its search scored: the best one with the level's noise
 * added, or one drawn by `rng` among those within its margin of the best (never a longer mate), or
 * the search's own move.
 */
export function pickForLevel(result: SearchResult, level: number, rng: Rng): ChosenMove {
  const L = levelSettings(level);
  if (L.noise > 0 && result.rootScores && result.rootScores.length > 1) {
    let best = result.rootScores[0]!;
    let bestNoisy = -Infinity;
    for (const r of result.rootScores) {
      const noisy = r.score + rng.next() * L.noise;
      if (noisy > bestNoisy) {
        bestNoisy = noisy;
        best = r;
      }
    }
    return { move: best.move, score: best.score, result };
  }
  if (L.margin > 0 && result.rootScores && result.rootScores.length > 1) {
    const best = Math.max(...result.rootScores.map((r) => r.score));
    // a mate is never traded for a longer one: with a mate score only the best ones are candidates
    const near = result.rootScores.filter((r) => (isMateScore(best) ? r.score === best : r.score >= best - L.margin && !isMateScore(r.score)));
    const pick = near[rng.int(near.length)]!;
    return { move: pick.move, score: pick.score, result };
  }
  return { move: result.move, score: result.score, result };
}

/** What a book move reports in place of a search. */
export function bookResult(m: Move): SearchResult {
  return { move: m, score: 0, depth: 0, seldepth: 0, mate: null, nodes: 0, timeMs: 0, nps: 0, pv: [m], stoppedBy: 'book' };
}

/** A uniformly random legal move, or 0 when there is none. */
export function randomMove(pos: Position, rng: Rng): Move {
  const moves = legalMoves(pos);
  return moves.length === 0 ? 0 : moves[rng.int(moves.length)]!;
}
