/**
 * The contract between the game-agnostic history (`GameHistory`) and a game's end rules
 * (`src/games/<game>/end.ts`): per-ply flags, verdict codes of a judged repetition cycle, what a
 * judged cycle looks like move by move, and the `EndRules` object each game supplies.
 */
import type { GameHistory } from './history.js';
import type { Move } from './move.js';
import type { Side } from './piece.js';
import type { Position } from './position.js';
import type { GameResult, Reason } from './game-result.js';

/** Per-ply flags stored by the history (computed by the game's `moveFlags`). */
export const FLAG_CHECK = 1;
/** Chu: the move was "attacking" (check, or the moved piece attacks an enemy piece). */
export const FLAG_ATTACK = 2;

/** Verdict codes of a judged cycle: who loses (or draw) and why. */
export const V_DRAW = 0;
export const V_SIDE0_LOSES = 1;
export const V_SIDE1_LOSES = 2;
export const V_LOSER_MASK = 3;
/** Kind bits: what the loser (or both, for a draw) did. */
export const V_CHECK = 4;
export const V_CHASE = 8;
export const V_MUTUAL = 16;

/** What one move of a judged cycle did. */
export interface CycleMove {
  readonly ply: number;
  readonly side: Side;
  readonly move: Move;
  readonly check: boolean;
  /** Chu: the move was attacking. */
  readonly attack?: boolean;
  /** Xiangqi: the pieces this move newly chased, as text worded by the game. */
  readonly chases: readonly string[];
  /** The move that produced the first occurrence (judged with the last mover's moves). */
  readonly entry?: boolean;
}

/** A judged repetition, explained. */
export interface CycleExplanation {
  /** Plies at which the repeated position occurred (oldest first). */
  readonly occurrences: readonly number[];
  /** First and last ply of the judged moves. */
  readonly from: number;
  readonly to: number;
  readonly moves: readonly CycleMove[];
  readonly result: GameResult;
}

/** Filled by a judge when details are asked for (not on the hot path). */
export interface CycleDetails {
  moves: CycleMove[];
  /** Sentence for the ruling (without the score). */
  detail: string;
  /** Only the ruling's sentence is wanted: a judge may leave `moves` empty (replaying records). */
  brief?: boolean;
}

/** A run of consecutive checks (or chases, or chu attacks) by one side, for warnings. */
export interface ForcingRun {
  readonly side: Side;
  readonly kind: 'check' | 'chase' | 'attack';
  /** Consecutive forcing moves of that side, ending with its last move. */
  readonly count: number;
  /** Distinct pieces that made them. */
  readonly pieces: number;
  /** The game's allowance for that many pieces (xiangqi: 6 with one piece, 12 with two, 18 with three), or 0. */
  readonly limit: number;
}

/** What a repetition warning says, as data (the game words it: `EndRules.warningText`). */
export interface WarningFacts {
  /** The side the repetition would be judged against. */
  readonly side: Side;
  readonly winner: Side;
  /** What the ruling would be if the position is repeated once more. */
  readonly ruling: Reason;
  /** How often the current position has occurred (the game ends at `rules.repetitions`). */
  readonly occurrences: number;
  readonly run: ForcingRun | null;
}

/** A warning for `play`/`repl`: a repetition is about to be judged against `side`. */
export interface RepetitionWarning extends WarningFacts {
  readonly message: string;
}

/** The rules by which a game ends; one object per game. */
export interface EndRules {
  readonly id: string;
  /** Names of the sides for sentences: [first, second]. */
  readonly sideNames: readonly [string, string];
  /** The occurrence of one position that ends the game (xiangqi 3, chu 4). */
  readonly repetitions: number;
  /** FLAG_* bits of the move just played on pos (pos.lastMove()). */
  moveFlags(pos: Position): number;
  /** Does the move just played on pos clear the repetition history? Cheap. */
  irreversible(pos: Position): boolean;
  /**
   * What the rules need to know of a game's start position (chu: which sides had royals, since a
   * mate problem's attacker has none), as a number the history passes back to the judges below.
   */
  startState?(start: Position): number;
  /**
   * The end of the game decided by this position alone (no history), or null. `state`: the
   * `startState` of the game's start (absent: the position is taken as the start).
   */
  positionResult(pos: Position, state?: number): GameResult | null;
  /**
   * The part of `positionResult` that needs no move generation (material, bare king, royals),
   * for replaying records fast; `irreversible` tells whether the last move was a capture etc.
   */
  quickResult(pos: Position, irreversible: boolean, state?: number): GameResult | null;
  /**
   * Judges a repetition whose cycle is the last `length` plies on pos's undo stack (the position
   * `length` plies ago equals pos); the move before the cycle, when on the stack, is judged with
   * the last mover's moves. Returns a V_* code; pos is left as it was. When `details` is given,
   * fills it in (allocates; for explanations only), numbering the cycle's first move `firstPly`.
   * `flags` (a history's FLAG_* bits by ply, every one known), when given, tells which moves gave
   * check: that of the move before the cycle at flags[firstPly - 1], the cycle's from firstPly on.
   */
  judgeCycle(pos: Position, length: number, details?: CycleDetails, firstPly?: number, flags?: Uint8Array): number;
  /**
   * The end by a run of forcing moves (xiangqi, seed 003: one piece checking 6 times in a row, two
   * pieces 12, three 18), judged after repetition and before the move limits, or null.
   */
  runResult?(h: GameHistory): GameResult | null;
  /** The end by move counting (60-move rule, ply limit), or null. */
  limitResult(h: GameHistory): GameResult | null;
  /** Describes the run of forcing moves by `side` ending at the last ply, for warnings, or null. */
  forcingRun?(h: GameHistory, side: Side): ForcingRun | null;
  /** The sentence of a repetition warning (the game's wording, its rule sources). */
  warningText(w: WarningFacts): string;
  /**
   * Has `side` material that could still win (for a loss on time: a flag against a side that
   * cannot win is a draw)? Absent: always.
   */
  canWin?(pos: Position, side: Side): boolean;
}
