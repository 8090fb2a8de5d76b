/**
 * How games end, game-agnostic: the result type, and the history of a game (the moves, the
 * position hash after each ply, per-ply flags) with repetition detection. Each game supplies its
 * rules as an `EndRules` object (`src/games/xiangqi/end.ts`, `src/games/chushogi/end.ts`).
 *
 * Ply numbering: ply 0 is the start position; ply k (1-based) is the k-th move played and also
 * the position after it. A repetition "cycle" from ply `first` to ply `last` (both positions
 * equal, same side to move) is judged on the moves of plies first+1 … last, plus — for the side
 * that made the last move — the move of ply `first` that produced the first occurrence (when
 * there is one), as Fairy-Stockfish and lishogi count them.
 *
 * Hot paths (`push`, `pop`, `judgeRepetition`) allocate nothing; the judges use module-level
 * scratch buffers and walk the cycle with undo/play on the history's own position.
 */
import type { Move } from './move.js';
import { Position } from './position.js';
import type { Side } from './piece.js';

export type Winner = 'red' | 'black' | 'sente' | 'gote' | 'none';

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

export interface GameResult {
  /** The winning side by name, or 'none' for a draw. */
  readonly winner: Winner;
  readonly reason: Reason;
  /** One human sentence: who did what, where, at which plies. */
  readonly detail?: string;
  /** The ply at which the game ended (moves played from the history's start). */
  readonly ply?: number;
}

/** `1-0` (first side wins), `0-1`, `1/2-1/2`, or `*` while the game goes on. */
export function resultScore(r: GameResult | null | undefined): '1-0' | '0-1' | '1/2-1/2' | '*' {
  if (!r) return '*';
  if (r.winner === 'none') return '1/2-1/2';
  return r.winner === 'red' || r.winner === 'sente' ? '1-0' : '0-1';
}

/** `0-1 perpetual chase: red horse chased the black chariot on c7 at plies 31–42`. */
export function formatResult(r: GameResult | null | undefined): string {
  if (!r) return '*';
  return `${resultScore(r)} ${r.reason}${r.detail ? `: ${r.detail}` : ''}`;
}

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
  /** Xiangqi: the pieces this move newly chased, as text (`black chariot on c7 (by red horse on d5)`). */
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
}

/** The rules by which a game ends; one object per game. */
export interface EndRules {
  readonly id: string;
  /** Names of the sides as results use them: [first, second]. */
  readonly sideNames: readonly [Winner, Winner];
  /** The occurrence of one position that ends the game (xiangqi 3, chu 4). */
  readonly repetitions: number;
  /** FLAG_* bits of the move just played on pos (pos.lastMove()). */
  moveFlags(pos: Position): number;
  /** Does the move just played on pos clear the repetition history? Cheap. */
  irreversible(pos: Position): boolean;
  /** The end of the game decided by this position alone (no history), or null. */
  positionResult(pos: Position): GameResult | null;
  /**
   * The part of `positionResult` that needs no move generation (material, bare king, royals),
   * for replaying records fast; `irreversible` tells whether the last move was a capture etc.
   */
  quickResult(pos: Position, irreversible: boolean): GameResult | null;
  /**
   * Judges a repetition whose cycle is the last `length` plies on pos's undo stack (the position
   * `length` plies ago equals pos); the move before the cycle, when on the stack, is judged with
   * the last mover's moves. Returns a V_* code; pos is left as it was. When `details` is given,
   * fills it in (allocates; for explanations only), numbering the cycle's first move `firstPly`.
   */
  judgeCycle(pos: Position, length: number, details?: CycleDetails, firstPly?: number): number;
  /** The end by move counting (60-move rule, ply limit), or null. */
  limitResult(h: GameHistory): GameResult | null;
  /** Describes the run of forcing moves by `side` ending at the last ply, for warnings, or null. */
  forcingRun?(h: GameHistory, side: Side): ForcingRun | null;
}

/** A run of consecutive checks (or chases, or chu attacks) by one side, for warnings. */
export interface ForcingRun {
  readonly side: Side;
  readonly kind: 'check' | 'chase' | 'attack';
  /** Consecutive forcing moves of that side, ending with its last move. */
  readonly count: number;
  /** Distinct pieces that made them. */
  readonly pieces: number;
  /** The seed 003 allowance for that many pieces (6 with one piece, 12 with two, 18 with three), or 0. */
  readonly limit: number;
}

/** A warning for `play`/`repl`: a repetition is about to be judged against `side`. */
export interface RepetitionWarning {
  readonly side: Side;
  readonly winner: Winner;
  /** What the ruling would be if the position is repeated once more. */
  readonly ruling: Reason;
  /** How often the current position has occurred (the game ends at `rules.repetitions`). */
  readonly occurrences: number;
  readonly run: ForcingRun | null;
  readonly message: string;
}

/** Search verdicts for the side to move (see `judgeRepetition`). */
export const REP_NONE = 0;
export const REP_DRAW = 1;
export const REP_WIN = 2;
export const REP_LOSS = 3;


const copyPosition = (src: Position, stack: number): Position => src.clone(stack);

const DEFAULT_CAPACITY = 1024;
/** Room kept free on the position's undo stack for a search started from the history. */
const SEARCH_MARGIN = 512;
/** flags[k] not computed yet (moves added with `push`/`record`). */
const FLAG_UNKNOWN = 0x80;

/**
 * The moves of one game from a start position, with what the end-of-game rules need: the hash of
 * every position, the plies since the last irreversible move, per-ply flags (check, …).
 *
 * - `play(m)` is for games move by move (play, repl): it judges everything after each move.
 * - `record(m)` is for replaying records fast: everything but "no legal move" is judged per ply;
 *   call `finish()` after the last move.
 * - `push(m)` / `pop()` are the light versions for a search walking from the game's position
 *   (nothing judged; `judgeRepetition` asks on demand).
 * The history owns its position (`position`); play moves through the history only.
 */
export class GameHistory {
  readonly rules: EndRules;
  /** The start position (never changed). */
  readonly start: Position;
  private pos: Position;
  private capacity: number;
  private n = 0;
  private moves: Int32Array;
  private lo: Int32Array;
  private hi: Int32Array;
  private flags: Uint8Array;
  /** since[k]: the earliest ply whose position may equal the position at ply k. */
  private since: Int32Array;
  private ended: GameResult | null = null;
  /** The explanation of the repetition that ended the game, if it ended so. */
  private explained: CycleExplanation | null = null;

  constructor(rules: EndRules, start: Position, capacity = DEFAULT_CAPACITY) {
    this.rules = rules;
    this.capacity = Math.max(capacity, 64);
    const size = this.capacity + SEARCH_MARGIN + 1;
    this.start = copyPosition(start, 1);
    this.pos = copyPosition(start, size);
    this.moves = new Int32Array(size);
    this.lo = new Int32Array(size);
    this.hi = new Int32Array(size);
    this.flags = new Uint8Array(size);
    this.since = new Int32Array(size);
    this.begin(false);
  }

  /** Starts over from a new start position of the same game (reuses the buffers). */
  reset(start: Position, judgeStart = true): void {
    this.start.copyFrom(start);
    this.pos.copyFrom(start);
    this.begin(judgeStart);
  }

  private begin(quick: boolean): void {
    this.n = 0;
    this.lo[0] = this.pos.hashLo;
    this.hi[0] = this.pos.hashHi;
    this.since[0] = 0;
    this.flags[0] = 0;
    this.explained = null;
    const r = quick ? this.rules.quickResult(this.pos, true) : this.rules.positionResult(this.pos);
    this.ended = r ? { ...r, ply: 0 } : null;
  }

  /** The current position. Play moves through the history, not on this object directly. */
  get position(): Position {
    return this.pos;
  }

  /** Moves played since the start. */
  get plies(): number {
    return this.n;
  }

  /** The move of ply k (1-based). */
  moveAt(k: number): Move {
    return this.moves[k]!;
  }

  /** The moves played, oldest first. */
  moveList(): Move[] {
    return Array.from(this.moves.subarray(1, this.n + 1));
  }

  /** FLAG_* bits of ply k (1-based); computed on first use for moves added by `push`/`record`. */
  flagsAt(k: number): number {
    if (this.flags[k]! & FLAG_UNKNOWN) this.computeFlags(k);
    return this.flags[k]!;
  }

  hashLoAt(k: number): number {
    return this.lo[k]!;
  }

  hashHiAt(k: number): number {
    return this.hi[k]!;
  }

  /** The earliest ply whose position may repeat at ply k (the last irreversible move). */
  sinceAt(k: number): number {
    return this.since[k]!;
  }

  /** The side that made the move of ply k. */
  sideAt(k: number): Side {
    return ((this.start.turn + k - 1) & 1) as Side;
  }

  /** Plays a move without judging anything (search). The move must be legal. */
  push(m: Move): void {
    const n = this.n + 1;
    if (n >= this.moves.length) throw new RangeError('game history is full');
    const pos = this.pos;
    pos.play(m);
    this.moves[n] = m;
    this.lo[n] = pos.hashLo;
    this.hi[n] = pos.hashHi;
    this.flags[n] = FLAG_UNKNOWN;
    this.since[n] = this.rules.irreversible(pos) ? n : this.since[n - 1]!;
    this.n = n;
  }

  /** Takes back the last `push`. */
  pop(): void {
    if (this.n === 0) return;
    this.pos.undo();
    this.n--;
  }

  /** Plays a legal move of the game and judges whether it ended the game; returns the ending it caused, if any. */
  play(m: Move): GameResult | null {
    if (this.n + 1 >= this.capacity) this.grow();
    this.push(m);
    this.flags[this.n] = this.rules.moveFlags(this.pos);
    if (this.ended) return null;
    const r = this.judgeCurrent(true);
    if (r) this.ended = r;
    return r;
  }

  /**
   * Adds a legal move of a record being replayed: judges repetition, move limits and the endings
   * that need no move generation; call `finish()` after the last move.
   */
  record(m: Move): GameResult | null {
    if (this.n + 1 >= this.capacity) this.grow();
    this.push(m);
    if (this.ended) return null;
    const r = this.judgeCurrent(false);
    if (r) this.ended = r;
    return r;
  }

  /** After `record`ing the last move: judges the final position fully (checkmate, stalemate, …). */
  finish(): GameResult | null {
    if (this.ended) return this.ended;
    const r = this.rules.positionResult(this.pos);
    if (r) this.ended = { ...r, ply: this.n };
    return this.ended;
  }

  /** Takes back the last move; an ending reached later than the new current ply is forgotten. */
  undo(): void {
    if (this.n === 0) return;
    this.pop();
    if (this.ended && (this.ended.ply ?? 0) > this.n) {
      this.ended = null;
      this.explained = null;
    }
  }

  /** The way the game ended (the first ending reached), or null while it goes on. */
  result(): GameResult | null {
    return this.ended;
  }

  /** Ends the game by a decision of the players (resignation, agreement) at the current ply. */
  setOutcome(winner: Winner, reason: 'resignation' | 'agreement', detail?: string): GameResult {
    if (!this.ended) this.ended = { winner, reason, ...(detail ? { detail } : {}), ply: this.n };
    return this.ended;
  }

  /** How often the current position has occurred since the last irreversible move (≥ 1). */
  occurrences(): number {
    const n = this.n;
    const lo = this.lo[n]!;
    const hi = this.hi[n]!;
    let c = 1;
    for (let j = n - 2; j >= this.since[n]!; j -= 2) if (this.lo[j] === lo && this.hi[j] === hi) c++;
    return c;
  }

  /** The plies at which the position of ply k occurred (oldest first), since the last irreversible move. */
  occurrencePlies(k = this.n): number[] {
    const out = [k];
    const lo = this.lo[k]!;
    const hi = this.hi[k]!;
    for (let j = k - 2; j >= this.since[k]!; j -= 2) if (this.lo[j] === lo && this.hi[j] === hi) out.unshift(j);
    return out;
  }

  /** The ply of the `count`-th previous occurrence of the position at ply k, or -1. */
  private earlierOccurrence(k: number, count: number): number {
    const lo = this.lo[k]!;
    const hi = this.hi[k]!;
    let c = 0;
    for (let j = k - 2; j >= this.since[k]!; j -= 2)
      if (this.lo[j] === lo && this.hi[j] === hi && ++c === count) return j;
    return -1;
  }

  /** Judges the current ply: the position (fully, or only its cheap part), repetition, move limits. */
  private judgeCurrent(full: boolean): GameResult | null {
    const rules = this.rules;
    const n = this.n;
    const r = full ? rules.positionResult(this.pos) : rules.quickResult(this.pos, this.since[n] === n);
    if (r) return { ...r, ply: n };
    const first = this.earlierOccurrence(n, rules.repetitions - 1);
    if (first >= 0) {
      const explained = this.judgeSpan(first);
      this.explained = explained;
      return explained.result;
    }
    const l = rules.limitResult(this);
    if (!l) return null;
    // a move that reaches the limit may also end the game on the board (mate): that comes first
    const board = full ? null : rules.positionResult(this.pos);
    return { ...(board ?? l), ply: n };
  }

  /** Judges the moves since ply `first` (whose position equals the current one), with details. */
  private judgeSpan(first: number): CycleExplanation {
    const n = this.n;
    const details: CycleDetails = { moves: [], detail: '' };
    const code = this.rules.judgeCycle(this.pos, n - first, details, first + 1);
    const result = { ...verdictResult(this.rules, code, details.detail), ply: n };
    return { occurrences: this.occurrencePlies(n), from: first + 1, to: n, moves: details.moves, result };
  }

  /** For a game that ended by repetition: the cycle, move by move, and the ruling. */
  explain(): CycleExplanation | null {
    return this.explained;
  }

  /**
   * The ruling a repetition of the current position would get now (judging the moves since its
   * oldest earlier occurrence), for warnings and analysis; null if it did not occur before.
   */
  previewRepetition(): CycleExplanation | null {
    const plies = this.occurrencePlies(this.n);
    if (plies.length < 2) return null;
    return this.judgeSpan(plies[0]!);
  }

  /**
   * A warning for the side that is forcing a repetition that would be judged against it (seed
   * 003: perpetual check or chase is not allowed), or null. Call after each move in `play`/`repl`.
   */
  warning(): RepetitionWarning | null {
    if (this.ended) return null;
    const occ = this.occurrences();
    if (occ < 2) return null;
    const preview = this.previewRepetition();
    if (!preview || preview.result.winner === 'none') return null;
    const side = (this.rules.sideNames.indexOf(preview.result.winner) ^ 1) as Side;
    const run = this.rules.forcingRun ? this.rules.forcingRun(this, side) : null;
    const name = this.rules.sideNames[side];
    const left = this.rules.repetitions - occ;
    let message = `${name}: this position has occurred ${occ} times`;
    if (run && run.count > 0) {
      const what = run.kind === 'check' ? 'checks' : run.kind === 'chase' ? 'chasing moves' : 'attacking moves';
      message += `; ${run.count} ${what} in a row with ${run.pieces} piece${run.pieces === 1 ? '' : 's'}`;
      if (run.limit > 0) message += ` (seed 003 allows ${run.limit})`;
    }
    message +=
      left <= 1
        ? `; repeating it once more loses by ${preview.result.reason}`
        : `; repeating it ${left} more times loses by ${preview.result.reason}`;
    return { side, winner: preview.result.winner, ruling: preview.result.reason, occurrences: occ, run, message };
  }

  /**
   * Walks the moves of plies from+1 … to: undoes the live position back to ply `from`, then
   * replays every move, calling `before(k)` just before the move of ply k and `after(k)` once it
   * is on the board (for k ≤ to). The live position is back at the current ply afterwards.
   */
  walk(from: number, to: number, before: ((k: number) => void) | null, after: ((k: number) => void) | null): void {
    const pos = this.pos;
    const n = this.n;
    for (let k = n; k > from; k--) pos.undo();
    for (let k = from + 1; k <= n; k++) {
      if (k <= to && before) before(k);
      pos.play(this.moves[k]!);
      if (k <= to && after) after(k);
    }
  }

  /** Computes the unknown flags of plies up to k (back to the oldest unknown one). */
  private computeFlags(k: number): void {
    let from = k;
    while (from > 1 && this.flags[from - 1]! & FLAG_UNKNOWN) from--;
    this.walk(from - 1, k, null, (j) => {
      this.flags[j] = this.rules.moveFlags(this.pos);
    });
  }

  /** Replaces the live position by one with a larger undo stack (keeps every move undoable). */
  private grow(): void {
    const cap = this.capacity * 2;
    const size = cap + SEARCH_MARGIN + 1;
    const pos = copyPosition(this.start, size);
    for (let k = 1; k <= this.n; k++) pos.play(this.moves[k]!);
    const grow32 = (a: Int32Array) => {
      const b = new Int32Array(size);
      b.set(a);
      return b;
    };
    this.moves = grow32(this.moves);
    this.lo = grow32(this.lo);
    this.hi = grow32(this.hi);
    this.since = grow32(this.since);
    const f = new Uint8Array(size);
    f.set(this.flags);
    this.flags = f;
    this.capacity = cap;
    this.pos = pos;
  }
}

/**
 * How many distinct pieces made the moves of the given plies (all by one side, newest first):
 * follows each piece back from its destination to its origin.
 */
export function distinctMovers(h: GameHistory, plies: readonly number[]): number {
  const at: number[] = []; // square of each tracked piece at the time of the ply looked at
  for (const k of plies) {
    const m = h.moveAt(k);
    const from = m & 0xff;
    const to = (m >>> 8) & 0xff;
    const i = at.indexOf(to);
    if (i >= 0) at[i] = from;
    else at.push(from);
  }
  return at.length;
}

/** The result for a verdict code. */
export function verdictResult(rules: EndRules, code: number, detail: string): GameResult {
  const loser = code & V_LOSER_MASK;
  if (loser === V_DRAW) return { winner: 'none', reason: 'repetition', ...(detail ? { detail } : {}) };
  const winner = rules.sideNames[loser === V_SIDE0_LOSES ? 1 : 0];
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

/** Lines explaining a judged repetition (for `validate --explain`): `formatMove(ply, move)` names a move. */
export function formatExplanation(e: CycleExplanation, sideNames: readonly string[], formatMove: (ply: number, m: Move) => string): string[] {
  const lines = [`position at ply ${e.occurrences[e.occurrences.length - 1]} occurred at plies ${e.occurrences.join(', ')}`];
  lines.push(`cycle: plies ${e.from}–${e.to}`);
  for (const mv of e.moves) {
    const what: string[] = [];
    if (mv.check) what.push('check');
    if (mv.attack && !mv.check) what.push('attacking');
    if (mv.chases.length) what.push(`chases ${mv.chases.join(', ')}`);
    if (mv.entry) what.push('(made the first occurrence)');
    lines.push(`  ${String(mv.ply).padStart(4)}. ${sideNames[mv.side]!.padEnd(5)} ${formatMove(mv.ply, mv.move).padEnd(8)} ${what.length ? what.join('; ') : '-'}`);
  }
  lines.push(`ruling: ${formatResult(e.result)}`);
  return lines;
}
