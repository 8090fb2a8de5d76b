/**
 * Repetition judging on top of a game's `EndRules`: verdict codes as results, the search's
 * queries (`judgeRepetition` on a game history, `judgeRepetitionOnStack` on a searched line), and
 * the count of distinct pieces behind a run of moves. Allocation-free except `verdictResult`.
 */
import { V_CHASE, V_CHECK, V_DRAW, V_LOSER_MASK, V_SIDE0_LOSES, type EndRules } from './end-rules.js';
import type { GameHistory } from './history.js';
import { moveFrom, moveTo } from './move.js';
import type { Side } from './piece.js';
import type { Position } from './position.js';
import type { GameResult, Reason } from './game-result.js';

/** Search verdicts for the side to move (see `judgeRepetition`). */
export const REP_NONE = 0;
export const REP_DRAW = 1;
export const REP_WIN = 2;
export const REP_LOSS = 3;

/** The result for a verdict code. */
export function verdictResult(code: number, detail: string): GameResult {
  const loser = code & V_LOSER_MASK;
  if (loser === V_DRAW) return { winner: null, reason: 'repetition', ...(detail ? { detail } : {}) };
  const winner: Side = loser === V_SIDE0_LOSES ? 1 : 0;
  const reason: Reason = code & V_CHASE ? 'perpetual chase' : code & V_CHECK ? 'perpetual check' : 'repetition';
  return { winner, reason, ...(detail ? { detail } : {}) };
}

/** A V_* code as a search verdict for `side` (REP_DRAW, REP_WIN or REP_LOSS). */
export const verdictFor = (code: number, side: Side): number => {
  const loser = code & V_LOSER_MASK;
  return loser === V_DRAW ? REP_DRAW : loser - 1 === side ? REP_LOSS : REP_WIN;
};

/**
 * The search query on a game history: has the current position of `h` occurred `times - 1` times
 * before (since the last irreversible move)? If so, the ruling of that repetition for the side to
 * move: REP_DRAW, REP_WIN or REP_LOSS; REP_NONE otherwise. `times` defaults to the game's count
 * (3 xiangqi, 4 chu); a search usually passes 2 for repetitions inside its own tree. Allocation-free.
 */
export function judgeRepetition(h: GameHistory, times = h.rules.repetitions): number {
  const n = h.plies;
  const since = h.sinceAt(n);
  if (n - since < 4) return REP_NONE;
  const lo = h.hashLoAt(n);
  const hi = h.hashHiAt(n);
  let c = 0;
  for (let j = n - 2; j >= since; j -= 2) {
    if (h.hashLoAt(j) === lo && h.hashHiAt(j) === hi && ++c === times - 1)
      return verdictFor(h.rules.judgeCycle(h.position, n - j), h.position.turn);
  }
  return REP_NONE;
}

/**
 * The same for a search that keeps its own line: the position `length` plies ago (on pos's undo
 * stack; pos.sp ≥ length) equals pos. Returns REP_DRAW, REP_WIN or REP_LOSS for the side to move.
 * Allocation-free; pos is left as it was.
 */
export function judgeRepetitionOnStack(rules: EndRules, pos: Position, length: number): number {
  if (length < 2 || pos.sp < length) return REP_DRAW;
  return verdictFor(rules.judgeCycle(pos, length), pos.turn);
}

const loopMoves = new Int32Array(4096);

/**
 * The ruling of a loop on pos's undo stack if it goes on: pos recurs `length` plies back, and every
 * position of the last `span` plies (span ≥ length, all on the stack) recurs `length` plies after
 * it. The position `span` plies back then reaches the rules' count first, and is judged by its
 * cycle from there (with the move that produced it, for the side that made the last move, as the
 * rules count it): the cycle up to its last occurrence on the stack, a whole number of loops.
 * REP_DRAW, REP_WIN or REP_LOSS for the side to move. Allocation-free; pos is left as it was.
 */
export function judgeLoopOnStack(rules: EndRules, pos: Position, length: number, span: number): number {
  if (length < 2 || span < length || pos.sp < span) return REP_DRAW;
  const back = span % length; // plies from that position's last occurrence to here
  if (back > loopMoves.length) return judgeRepetitionOnStack(rules, pos, length);
  const side = pos.turn;
  for (let i = back - 1; i >= 0; i--) {
    loopMoves[i] = pos.lastMove();
    pos.undo();
  }
  const code = rules.judgeCycle(pos, span - back);
  for (let i = 0; i < back; i++) pos.play(loopMoves[i]!);
  return verdictFor(code, side);
}

/**
 * How many distinct pieces made the moves of the given plies (all by one side, newest first):
 * follows each piece back from its destination to its origin.
 */
export function distinctMovers(h: GameHistory, plies: readonly number[]): number {
  const at: number[] = []; // square of each tracked piece at the time of the ply looked at
  for (const k of plies) {
    const m = h.moveAt(k);
    const from = moveFrom(m);
    const to = moveTo(m);
    const i = at.indexOf(to);
    if (i >= 0) at[i] = from;
    else at.push(from);
  }
  return at.length;
}
