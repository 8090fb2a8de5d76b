/**
 * The history of one game (the moves, the position hash after each ply, per-ply flags) and the
 * judge of its end: `GameHistory` with the game's `EndRules` (src/games/<game>/end.ts) decides
 * every ending — validate, play, repl, the protocols' result claims, the match runner; the search
 * asks the same rules through `judgeRepetition` / `judgeRepetitionOnStack` (core/repetition.ts).
 *
 * Related modules: core/result.ts (the result type, Side-based), core/end-rules.ts (the rules
 * contract, flags, verdict codes), core/repetition.ts (verdicts, search queries),
 * core/explain.ts (explanation lines). They are re-exported here.
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
import type { CycleDetails, CycleExplanation, EndRules, RepetitionWarning } from './end-rules.js';
import type { Move } from './move.js';
import type { Side } from './piece.js';
import type { Position } from './position.js';
import { verdictResult } from './repetition.js';
import type { GameResult } from './game-result.js';

export * from './end-rules.js';
export * from './explain.js';
export * from './repetition.js';
export * from './game-result.js';

/** The arrays of a history, by ply (`GameHistory.tapes`). */
export interface HistoryTapes {
  moves: Int32Array;
  lo: Int32Array;
  hi: Int32Array;
  flags: Uint8Array;
  since: Int32Array;
}

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
  /** What the end rules need to know about the start position (`EndRules.startState`). */
  private startState: number | undefined = undefined;
  /** The explanation of the repetition that ended the game, if it ended so. */
  private explained: CycleExplanation | null = null;
  /** The explanation above has no moves yet (judged briefly by `record`; `explain()` completes it). */
  private explainedBrief = false;
  /**
   * -1: `pos` is the position of ply n, its undo stack holding every ply (the normal state). A
   * fast replayer (`adopt`, `settle`) may leave it behind: k >= 0, pos is the position of ply k
   * (plies k+1 … n are in `moves` but not played yet); -2, pos is the position of ply n without
   * undo history. `sync` restores the normal state; every method that plays, undoes or walks calls it.
   */
  private pending = -1;
  private readonly tape: HistoryTapes = { moves: new Int32Array(0), lo: new Int32Array(0), hi: new Int32Array(0), flags: new Uint8Array(0), since: new Int32Array(0) };

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
    this.pending = -1;
    this.lo[0] = this.pos.hashLo;
    this.hi[0] = this.pos.hashHi;
    this.since[0] = 0;
    this.flags[0] = 0;
    this.explained = null;
    this.explainedBrief = false;
    this.startState = this.rules.startState ? this.rules.startState(this.pos) : undefined;
    const r = quick ? this.rules.quickResult(this.pos, true, this.startState) : this.rules.positionResult(this.pos, this.startState);
    this.ended = r ? { ...r, ply: 0 } : null;
  }

  /** The current position. Play moves through the history, not on this object directly. */
  get position(): Position {
    if (this.pending !== -1) this.sync();
    return this.pos;
  }

  /**
   * The current position, to read only (its board, side to move, clocks): after `settle` it may
   * have no undo history, so it must not be walked back (`position` has it).
   */
  currentPosition(): Position {
    if (this.pending >= 0) this.sync();
    return this.pos;
  }

  /**
   * For a fast replayer that plays a record on a board of its own: the history's arrays (index:
   * ply), with room for plies up to `plies`, to write the plies after this.plies into — the move,
   * the position hash, the flags (never unknown) and the earliest ply whose position may repeat —
   * before `adopt` takes them. The arrays are valid until the next call of any other method.
   */
  tapes(plies: number): HistoryTapes {
    while (plies + 1 >= this.capacity) this.grow();
    const t = this.tape;
    t.moves = this.moves;
    t.lo = this.lo;
    t.hi = this.hi;
    t.flags = this.flags;
    t.since = this.since;
    return t;
  }

  /**
   * Takes the plies this.plies+1 … `to` a fast replayer wrote into the arrays (`tapes`), without
   * playing them on the history's position yet (`sync` does when something needs it). Nothing is
   * judged (`judgeLatest`).
   */
  adopt(to: number): void {
    if (to <= this.n) return;
    if (this.pending === -1) this.pending = this.n;
    this.n = to;
  }

  /** After `adopt`: judges the last ply as `record` would have (null when the game has ended already). */
  judgeLatest(): GameResult | null {
    if (this.ended) return null;
    this.sync();
    const r = this.judgeCurrent(false);
    if (r) this.ended = r;
    return r;
  }

  /**
   * After the last `adopt`: makes the history's position that of the last ply, from the replayer's
   * board (`board`, side to move, clocks), without playing the moves: the position then has no
   * undo history until something walks back (`sync` replays the moves then).
   */
  settle(board: Uint8Array, turn: Side, halfmove: number, fullmove: number): void {
    const k = this.pending;
    if (k < 0) return;
    const pos = this.pos;
    const b = pos.board;
    for (let sq = 0; sq < b.length; sq++) if (b[sq] !== board[sq]) pos.put(sq, board[sq]!);
    pos.setTurn(turn);
    pos.halfmove = halfmove;
    pos.fullmove = fullmove;
    this.pending = -2;
  }

  /** Plays the plies the position is behind (`pending`), from the start when it has no undo history. */
  private sync(): void {
    const k = this.pending;
    if (k === -1) return;
    this.pending = -1;
    const pos = this.pos;
    let j = k;
    if (k === -2) {
      pos.copyFrom(this.start);
      j = 0;
    }
    for (j++; j <= this.n; j++) pos.play(this.moves[j]!);
  }

  /** Moves played since the start. */
  get plies(): number {
    return this.n;
  }

  /** The move of ply k (1-based). */
  moveAt(k: number): Move {
    return this.moves[k]!;
  }

  /** The moves played, oldest first (the first `limit` of them when given). */
  moveList(limit?: number): Move[] {
    const count = limit !== undefined && limit < this.n ? limit : this.n;
    // (a loop: Array.from of a subarray made a view and went through the iterator protocol)
    const list: Move[] = [];
    for (let k = 1; k <= count; k++) list.push(this.moves[k]!);
    return list;
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
    if (this.pending !== -1) this.sync();
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
    if (this.pending !== -1) this.sync();
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

  /**
   * The players went on past the ending just reached (a record that continues after a ruling):
   * forgets it, so the moves that follow are judged again. The ending is returned (a ruling note).
   */
  overrule(): GameResult | null {
    const r = this.ended;
    this.ended = null;
    this.explained = null;
    return r;
  }

  /** The end rules' result for a position of this game (with what they know of its start). */
  positionResult(pos: Position): GameResult | null {
    return this.rules.positionResult(pos, this.startState);
  }

  /** After `record`ing the last move: judges the final position fully (checkmate, stalemate, …). */
  finish(): GameResult | null {
    if (this.ended) return this.ended;
    if (this.pending >= 0) this.sync();
    const r = this.rules.positionResult(this.pos, this.startState);
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
  setOutcome(winner: Side | null, reason: 'resignation' | 'agreement', detail?: string): GameResult {
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
    if (this.pending !== -1) this.sync();
    const rules = this.rules;
    const n = this.n;
    const state = this.startState;
    const r = full ? rules.positionResult(this.pos, state) : rules.quickResult(this.pos, this.since[n] === n, state);
    if (r) return { ...r, ply: n };
    const first = this.earlierOccurrence(n, rules.repetitions - 1);
    if (first >= 0) {
      // replaying a record (`record`), only the ruling is judged now; explain() words the moves
      const explained = this.judgeSpan(first, !full);
      this.explained = explained;
      this.explainedBrief = !full;
      return explained.result;
    }
    const l = rules.runResult?.(this) ?? rules.limitResult(this);
    if (!l) return null;
    // a move that reaches the limit may also end the game on the board (mate): that comes first
    const board = full ? null : rules.positionResult(this.pos, state);
    return { ...(board ?? l), ply: n };
  }

  /** Judges the moves since ply `first` (whose position equals the current one), with details. */
  private judgeSpan(first: number, brief = false): CycleExplanation {
    if (this.pending !== -1) this.sync();
    const n = this.n;
    const details: CycleDetails = { moves: [], detail: '', ...(brief ? { brief } : {}) };
    // the check flags of the judged moves (the one before the cycle too), when all are known
    let known = true;
    for (let k = first > 0 ? first : 1; k <= n && known; k++) if (this.flags[k]! & FLAG_UNKNOWN) known = false;
    const code = this.rules.judgeCycle(this.pos, n - first, details, first + 1, known ? this.flags : undefined);
    const result = { ...verdictResult(code, details.detail), ply: n };
    return { occurrences: this.occurrencePlies(n), from: first + 1, to: n, moves: details.moves, result };
  }

  /** For a game that ended by repetition: the cycle, move by move, and the ruling. */
  explain(): CycleExplanation | null {
    const e = this.explained;
    if (e && this.explainedBrief) {
      this.sync();
      // judge the span again at its ply, with the moves this time
      const n = this.n;
      const pos = this.pos;
      for (let k = n; k > e.to; k--) pos.undo();
      this.n = e.to;
      const full = this.judgeSpan(e.from - 1);
      this.n = n;
      for (let k = e.to + 1; k <= n; k++) pos.play(this.moves[k]!);
      this.explained = { ...e, moves: full.moves };
      this.explainedBrief = false;
    }
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
   * A warning for the side that is forcing a repetition that would be judged against it (the
   * facts here, the sentence from the game's `warningText`), or null. Call after each move in
   * `play`/`repl`.
   */
  warning(): RepetitionWarning | null {
    if (this.ended) return null;
    const occ = this.occurrences();
    if (occ < 2) return null;
    const preview = this.previewRepetition();
    if (!preview || preview.result.winner === null) return null;
    const winner = preview.result.winner;
    const side = (winner ^ 1) as Side;
    const run = this.rules.forcingRun ? this.rules.forcingRun(this, side) : null;
    const facts = { side, winner, ruling: preview.result.reason, occurrences: occ, run };
    return { ...facts, message: this.rules.warningText(facts) };
  }

  /**
   * Walks the moves of plies from+1 … to: undoes the live position back to ply `from`, then
   * replays every move, calling `before(k)` just before the move of ply k and `after(k)` once it
   * is on the board (for k ≤ to). The live position is back at the current ply afterwards.
   */
  walk(from: number, to: number, before: ((k: number) => void) | null, after: ((k: number) => void) | null): void {
    if (this.pending !== -1) this.sync();
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
    if (this.pending !== -1) this.sync();
    if (k === this.n && (k === 1 || !(this.flags[k - 1]! & FLAG_UNKNOWN))) {
      // the common case (a record replayed ply by ply): only the current ply is unknown, and the
      // live position is that ply's: no walk needed
      this.flags[k] = this.rules.moveFlags(this.pos);
      return;
    }
    let from = k;
    while (from > 1 && this.flags[from - 1]! & FLAG_UNKNOWN) from--;
    this.walk(from - 1, k, null, (j) => {
      this.flags[j] = this.rules.moveFlags(this.pos);
    });
  }

  /** Replaces the live position by one with a larger undo stack (keeps every move undoable). */
  private grow(): void {
    if (this.pending !== -1) this.sync();
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
