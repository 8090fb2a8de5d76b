/**
 * The engine's judgement of puzzle positions, shared by the generator (scripts/puzzles/) and the
 * checker (check.ts): what a move is worth for the solver, whether exactly one move wins, the
 * opponent's best defence, and the facts themes are made of (material, phase, endgame kind).
 *
 * A move *wins* a mate puzzle when the search finds a forced mate after it; it wins a material
 * puzzle when its score stays at least `DECISIVE` centipawns. A solver step is *unique* when every
 * other move is clearly worse: in a mate puzzle no other move mates (at the judge's budget); in a
 * material puzzle every other move scores at least `GAP` and at least half the best's score below
 * the best (`clearlyWorse`: the advantage is mostly lost).
 */
import { legalMoves } from '../core/perft.js';
import { pieceKind, pieceSide } from '../core/piece.js';
import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';
import { isMateScore, Searcher, type SearchResult } from '../engine/search.js';
import { profileFor } from '../engine/profiles.js';
import { positionStatus } from '../notation/status.js';
import type { Game } from '../games/registry.js';

/** A score (centipawns, the side to move's view) at least this is a decisive advantage. */
export const DECISIVE = 300;
/**
 * The checker's bar for a solver's move to still be decisive: a little below `DECISIVE`, which the
 * generator demands, since a deeper search moves scores by some tens of centipawns.
 */
export const CHECK_DECISIVE = 250;
/** In a material puzzle the second-best move must be at least this much worse than the best. */
export const GAP = 250;
/** A material puzzle's line must win at least this much material (centipawns of piece values). */
export const MIN_GAIN = 250;

export type PuzzleKind = 'mate' | 'material' | 'advantage';

/** How hard the engine looks: a node budget per search (deterministic), or a time in ms. */
export interface JudgeBudget {
  readonly nodes?: number;
  readonly timeMs?: number;
  readonly depth?: number;
}

export interface RankedMove {
  readonly move: Move;
  /** The solver's score after the move (side to move's view at the root). */
  readonly score: number;
}

/** Is `other` clearly worse than the winning `best` in a material puzzle (solver's view, centipawns)? */
export const clearlyWorse = (best: number, other: number): boolean => other <= best - Math.max(GAP, best / 2);

/** Whether a score wins a puzzle of this kind. */
export const scoreWins = (kind: PuzzleKind, score: number): boolean => (kind === 'mate' ? score > 0 && isMateScore(score) : score >= DECISIVE);

/** Is the game over in this position (the side to move has lost: mate, stalemate, royals captured…)? */
export function gameOver(game: Game, pos: Position): boolean {
  return positionStatus(game, pos).reason !== null;
}

/** Has the side that just moved won (the side to move is mated, stalemated or lost its royals)? */
export function moverWon(game: Game, pos: Position): boolean {
  const s = positionStatus(game, pos);
  if (s.reason !== null) return s.winner === game.sideNames[pos.turn === 0 ? 1 : 0];
  // a mate problem's position (chu: the attacker has no royals) does not rule a side without
  // royals lost; the move that captured the defender's last royal has won all the same
  if (pos.sp === 0) return false;
  const [onTo, onMid] = pos.lastCaptures();
  const royal = (code: number) => code !== 0 && pos.variant.spec.pieces[pieceKind(code) - 1]?.royal === true;
  if (!royal(onTo) && !royal(onMid)) return false;
  const w = pos.occWords;
  for (let i = 0; i < w; i++) if (pos.roy[pos.turn * w + i] !== 0) return false;
  return true;
}

/** The engine's judgement at a fixed budget, one searcher reused (its table helps the next search). */
export class PuzzleJudge {
  readonly searcher: Searcher;
  constructor(
    readonly game: Game,
    readonly budget: JudgeBudget,
    ttMegabytes = 16,
  ) {
    this.searcher = new Searcher({ ttMegabytes });
  }

  private limits(extra: { exactRoot?: boolean } = {}) {
    const { nodes, timeMs, depth } = this.budget;
    return {
      ...(nodes === undefined ? {} : { nodes }),
      ...(timeMs === undefined ? {} : { timeMs, softTimeMs: timeMs }),
      ...(depth === undefined ? {} : { depth }),
      instantSingle: false,
      ...extra,
    };
  }

  /** The best move, its score and line. */
  best(pos: Position): SearchResult {
    return this.searcher.search(pos, this.limits());
  }

  /** Every legal move with its score, best first (a search with exact scores at the root). */
  rank(pos: Position): RankedMove[] {
    const moves = legalMoves(pos);
    if (moves.length === 0) return [];
    if (moves.length === 1) return [{ move: moves[0]!, score: this.best(pos).score }];
    const r = this.searcher.search(pos, this.limits({ exactRoot: true }));
    const scores = new Map<Move, number>((r.rootScores ?? []).map((x) => [x.move, x.score]));
    // a move that ends the game at once is scored by the rules, whatever the search saw
    const out = moves.map((m) => {
      pos.play(m);
      const won = moverWon(this.game, pos);
      pos.undo();
      return { move: m, score: won ? 30000 - 1 : (scores.get(m) ?? -32000) };
    });
    return out.sort((a, b) => b.score - a.score);
  }

  /** The solver's score after `m` (a search of the opponent's reply; a move that ends the game wins). */
  scoreAfter(pos: Position, m: Move): number {
    pos.play(m);
    try {
      if (moverWon(this.game, pos)) return 30000 - 1;
      if (gameOver(this.game, pos)) return 0;
      return -this.best(pos).score;
    } finally {
      pos.undo();
    }
  }
}

/** The engine's value of a piece code (royals: 10000 or more). */
export const pieceValue = (pos: Position, code: number): number => profileFor(pos.variant).values[code] ?? 0;

/** Non-royal material of a side, in the engine's piece values. */
export function material(pos: Position, side: 0 | 1): number {
  const values = profileFor(pos.variant).values;
  let sum = 0;
  for (let sq = 0; sq < pos.board.length; sq++) {
    const p = pos.board[sq]!;
    if (p === 0 || pieceSide(p) !== side) continue;
    const v = values[p] ?? 0;
    if (v < 10000) sum += v;
  }
  return sum;
}

/** The side to move's material minus the opponent's. */
export const balance = (pos: Position): number => material(pos, pos.turn) - material(pos, pos.turn === 0 ? 1 : 0);

/** The piece ids of a side that are not royal, by count (`{ chariot: 2, horse: 1 }`). */
export function pieceIds(pos: Position, side: 0 | 1): Map<string, number> {
  const out = new Map<string, number>();
  const pieces = pos.variant.spec.pieces;
  for (let sq = 0; sq < pos.board.length; sq++) {
    const p = pos.board[sq]!;
    if (p === 0 || pieceSide(p) !== side) continue;
    const spec = pieces[pieceKind(p) - 1];
    if (!spec || spec.royal) continue;
    out.set(spec.id, (out.get(spec.id) ?? 0) + 1);
  }
  return out;
}
