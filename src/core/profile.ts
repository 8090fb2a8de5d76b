/**
 * What the game-agnostic search needs to know about a game beyond its Variant: an evaluation,
 * piece values for move ordering, and the game's draw/repetition rules. One profile per variant id;
 * games without one get a generic profile (material from the pieces' mobility).
 */
import { judgeLoopOnStack, judgeRepetitionOnStack, REP_LOSS, REP_WIN, type EndRules } from './history.js';
import { pieceCode, pieceKind, pieceSide } from './piece.js';
import type { Position } from './position.js';
import { ensureTables, type Variant } from './variant.js';

/** A position that repeats an earlier one (same side to move) on the line being searched. */
export interface RepetitionInfo {
  /** Plies between the two occurrences. */
  readonly length: number;
  /** Every move of the side to move within the cycle gave check. */
  readonly usAlwaysChecked: boolean;
  /** Every move of the opponent within the cycle gave check. */
  readonly themAlwaysChecked: boolean;
  /**
   * Plies back to the start of the run of positions, ending here, each of which recurs `length`
   * plies later (≥ length; absent: length). The run's first position is the one of the loop that
   * reaches the rules' count first if the loop goes on, so the rules judge its cycle, with the move
   * that produced it (which may come before the cycle the search found).
   */
  readonly span?: number;
}

/** Material + piece-square sum and piece counts, kept up to date by the search as it moves. */
export interface IncrementalEval {
  /** Sum of `pst` over the board, from side 0's point of view. */
  psqt: number;
  /** Pieces on the board per piece code. */
  readonly counts: Int32Array;
}

export interface EngineProfile {
  readonly id: string;
  /**
   * Static evaluation in centipawns from the side to move's point of view. With a window
   * (alpha, beta) the evaluator may return a cheaper estimate when the score is clearly outside it.
   * `inc` (when the profile has `pst`) holds the incrementally kept sums, so they need no scan.
   */
  evaluate(pos: Position, alpha?: number, beta?: number, inc?: IncrementalEval): number;
  /**
   * Optional material + piece-square value per (piece code * board size + square), from side 0's
   * point of view (negative for side 1's pieces); the search then keeps `IncrementalEval` for it.
   */
  readonly pst?: Int32Array;
  /** Material value per piece code (royals: a large value), for ordering and pruning. */
  readonly values: Int32Array;
  /**
   * Score of a repeated position for the side to move (0 = draw). Default: a side that checked
   * with every move of the cycle loses (both games' rules agree on that), otherwise a draw.
   * The rules' full judge (chases, chu attacks) can be plugged in here.
   */
  repetitionScore?(pos: Position, info: RepetitionInfo): number;
  /** Plies without capture after which the game is a draw (xiangqi: 120); 0 = none. */
  readonly drawPlies: number;
  /** Quiescence searches all evasions when in check (xiangqi: checks are forcing and mates are common). */
  readonly qsEvasions: boolean;
  /**
   * Quiescence skips a capture by a piece worth more than what it takes onto a square the opponent
   * attacks (a losing exchange by a cheap SEE bound), asking this attack test (the game's own form
   * of the core's `isAttacked`); absent: no such pruning. Chu: positions full of mutual attacks
   * made quiescence search every exchange sequence (a depth-1 search took a million nodes).
   */
  readonly qsSkipLosing?: (pos: Position, sq: number, by: number) => boolean;
  /**
   * Optional fast generator of the legal captures (and promotions) only, for quiescence; without
   * it quiescence filters `generateLegal`. It need not detect positions without legal moves.
   */
  generateCaptures?(pos: Position, out: Int32Array, start: number): number;
  /**
   * Optional game-specific form of the core's `generatePseudoCaptures` (same moves, same order),
   * for a search on a variant with `moveLegal`.
   */
  generatePseudoCaptures?(pos: Position, out: Int32Array, start: number): number;
  /** Likewise for the core's `generatePseudoQuiets` (same moves, same order). */
  generatePseudoQuiets?(pos: Position, out: Int32Array, start: number): number;
  /** Likewise for the core's `generatePseudo` (same moves, same order; quiescence's evasions). */
  generatePseudo?(pos: Position, out: Int32Array, start: number): number;
  /**
   * Optional fast check test right after the search played m: is the side to move now in check?
   * May assume that the side to move was not in check before m (the search uses it only then);
   * must then answer as `variant.inCheck` does.
   */
  givesCheck?(pos: Position, m: number): boolean;
  /**
   * Optional test before the search plays m (with `givesCheck`, under the same assumption): true
   * only when `givesCheck` would answer false right after m, so a pruned quiet move need not be
   * played to learn that it gives no check.
   */
  cannotGiveCheck?(pos: Position, m: number): boolean;
  /**
   * Optional, with `givesCheck` (under the same assumption): before the search plays the
   * pseudo-legal move m, exactly what `givesCheck` would answer right after it, so a pruned quiet
   * move need not be played (nor tested for legality) to learn that it gives no check. (The search
   * asks it for such moves only: for a move it plays, `givesCheck` after the move is cheaper.)
   */
  givesCheckBefore?(pos: Position, m: number): boolean;
  /**
   * Optional, for games without `givesCheck` (chu): does the side to move attack an opponent's
   * royal now? When it does not, `checksAfter` answers for the moves of the position.
   */
  royalsAttacked?(pos: Position): boolean;
  /**
   * Optional, with `royalsAttacked` (false for pos): before the pseudo-legal move m is played,
   * exactly what `variant.inCheck` would answer right after it, so the child node need not ask
   * and a pruned quiet move need not be played to learn that it gives no check.
   */
  checksAfter?(pos: Position, m: number): boolean;
  /**
   * Optional: has the game ended in this position by a rule the search cannot see by itself (chu's
   * bare king, two lone royals)? 1: the side to move has won, -1: it has lost, 2: a draw, 0: play
   * on. Asked at every node, so it must answer cheaply when it is far from true.
   */
  quickEnd?(pos: Position): number;
  /**
   * Optional: is the side to move, being in check, threatened with losing at once? Absent: always.
   * Chu: only with a single royal (with king and crown prince, losing one plays on), so the search
   * extends no checks of a side that has two; extending them let a hunt of the second royal run
   * to the extension cap (2026-12-07: 217,726 nodes to depth 3 in a won ending, 2,629 without).
   */
  checkIsThreat?(pos: Position): boolean;
  /** Can royals be captured (chu)? Then the search checks that the side to move still has one. */
  readonly royalsCapturable?: boolean;
  /** May the side to move try a null move (has pieces beyond pawns, so zugzwang is unlikely)? */
  nullMoveAllowed(pos: Position): boolean;
  /** The search's pruning and reduction choices where the games differ (absent: the defaults). */
  readonly tuning?: SearchTuning;
  /** Room for the legal moves of one position (move buffer stride). */
  readonly maxMoves: number;
}

/**
 * Pruning and reduction choices of the search that are settled per game by self-play (each one a
 * gate of its own: what helps xiangqi may hide a quiet mate in chu). Absent fields keep the
 * defaults.
 */
export interface SearchTuning {
  /**
   * Null move from depth 2 with R = 3 + depth / 4 + min(3, (static score - beta) / 200) instead of
   * from depth 3 with R = 2 (3 from depth 7).
   */
  readonly adaptiveNullMove?: boolean;
  /**
   * Late-move pruning: at a non-PV node of depth 1-3 not in check, a quiet move (no killer, no
   * countermove, no check) is skipped once `lateMoves + depth²` moves were searched. Absent: none.
   */
  readonly lateMoves?: number;
  /** Internal iterative reduction: a node of depth 4 or more with no table entry searches one ply less. */
  readonly iir?: boolean;
  /**
   * "Improving": a non-PV node is improving when its static score is above the one two plies
   * before (the same side's previous node), or that node had none. An improving node's reverse
   * futility margin is 110 × (depth − 1) instead of 110 × depth; a node that is not improving keeps
   * half as many moves in late-move pruning and reduces late moves one ply more.
   */
  readonly improving?: boolean;
  /** Quiescence reads and writes the transposition table (entries of depth 0). */
  readonly qsTable?: boolean;
  /**
   * Late-move reductions of ln(depth) × ln(move number) / lmrDivisor plies (rounded); smaller
   * reduces more. Absent: 2.5.
   */
  readonly lmrDivisor?: number;
  /** Reverse futility (static score − margin ≥ beta returns) up to this depth. Absent: 3. */
  readonly reverseFutilityDepth?: number;
  /**
   * History malus: at a quiet move's beta cutoff, the quiet moves searched before it lose
   * depth² of history (scores go negative), and a late quiet move with a negative score is
   * reduced one ply more.
   */
  readonly historyMalus?: boolean;
}

/**
 * The selectivity both games ship (each gated by self-play on its own; docs/strength.md): xiangqi
 * adds reverse futility to depth 6, which hid a fixture mate in chu.
 */
export const SELECTIVE_TUNING: SearchTuning = {
  adaptiveNullMove: true,
  lateMoves: 3,
  iir: true,
  improving: true,
  qsTable: true,
  lmrDivisor: 2.25,
  historyMalus: true,
};

/** Score given to a side that loses by a rule on a repetition (below the mate range). */
export const RULE_WIN = 20000;

/**
 * A repetition scored by the game's own rules judge when the whole cycle lies on the position's
 * undo stack (the moves searched from the root, plus any game moves played on the same object),
 * else by the check rule below.
 */
export function judgedRepetitionScore(rules: EndRules): (pos: Position, info: RepetitionInfo) => number {
  return (pos, info) => {
    if (pos.sp < info.length) return defaultRepetitionScore(pos, info);
    const span = info.span ?? info.length;
    const verdict = pos.sp >= span ? judgeLoopOnStack(rules, pos, info.length, span) : judgeRepetitionOnStack(rules, pos, info.length);
    return verdict === REP_WIN ? RULE_WIN : verdict === REP_LOSS ? -RULE_WIN : 0;
  };
}

export function defaultRepetitionScore(_pos: Position, info: RepetitionInfo): number {
  if (info.usAlwaysChecked && !info.themAlwaysChecked) return -RULE_WIN;
  if (info.themAlwaysChecked && !info.usAlwaysChecked) return RULE_WIN;
  return 0;
}

/** Average number of destinations of each piece kind on an empty board (from the move tables). */
export function averageMobility(v: Variant): Float64Array {
  ensureTables(v);
  const t = v.tables;
  const size = v.geometry.size;
  const out = new Float64Array(v.pieces.length + 1);
  for (let kind = 1; kind <= v.pieces.length; kind++) {
    const cls = t.classOf[pieceCode(kind, 0)]!;
    if (cls < 0) continue;
    let total = 0;
    for (let sq = 0; sq < size; sq++) {
      const base = cls * size + sq;
      total += t.stepStart[base + 1]! - t.stepStart[base]!;
      for (let r = t.rayStart[base]!; r < t.rayStart[base + 1]!; r++) {
        if (t.rayMode[r]! & 3) total += t.rayFirst[r + 1]! - t.rayFirst[r]!;
      }
    }
    out[kind] = total / size;
  }
  return out;
}

export const ROYAL_VALUE = 10000;

/** Material only, with values from mobility: the fallback for games without a tuned profile. */
export function genericProfile(v: Variant): EngineProfile {
  const mob = averageMobility(v);
  const values = new Int32Array(v.codeCount);
  for (let code = 2; code < v.codeCount; code++) {
    const kind = pieceKind(code);
    values[code] = v.royal[code] ? ROYAL_VALUE : Math.max(50, Math.round(40 * mob[kind]! + 40));
  }
  const size = v.geometry.size;
  return {
    id: v.spec.id,
    values,
    drawPlies: 0,
    qsEvasions: false,
    maxMoves: 2048,
    evaluate(pos: Position): number {
      const b = pos.board;
      let s = 0;
      for (let sq = 0; sq < size; sq++) {
        const p = b[sq]!;
        if (p !== 0 && !v.royal[p]) s += pieceSide(p) ? -values[p]! : values[p]!;
      }
      return pos.turn === 0 ? s : -s;
    },
    nullMoveAllowed: () => true,
    repetitionScore: defaultRepetitionScore,
  };
}
