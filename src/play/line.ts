/**
 * The game in progress, owned once: its start position, the moves played, the position they lead
 * to, the rules' view of them (a `GameHistory`: repetitions, move limits, every ending) and the
 * verdict. The board session (tui/session.ts), the protocol sessions (xboard, UCI/UCCI/USI) and the
 * match runner each keep one `Line` instead of parallel copies of the game.
 *
 * Everything is incremental: `play` and `undo` change one ply; `setMoves` (a protocol's
 * `position … moves …`) keeps the common prefix and plays only what differs; what a search needs
 * (`searchRoot`: the current position with the game's moves on its undo stack, a memory copy;
 * `repetitionHistory`: the hashes and checks of the earlier positions, kept move by move) is
 * ready without replaying the game.
 */
import { GameHistory, type EndRules, type GameResult } from '../core/history.js';
import type { Move } from '../core/move.js';
import type { Side } from '../core/piece.js';
import type { Position } from '../core/position.js';
import type { Verdict } from '../core/verdict.js';

/** One earlier position, for the search's repetition detection (the engine's `HistoryEntry`). */
export interface RepetitionEntry {
  readonly hashLo: number;
  readonly hashHi: number;
  readonly inCheck: boolean;
}

/** What a search needs of the game, as plain data (structured-clone friendly). */
export interface LineSnapshot {
  /** The start position (a copy). */
  readonly start: Position;
  /** The moves from the start to the searched position. */
  readonly moves: readonly Move[];
}

export class Line {
  private judge: GameHistory;
  private readonly moveList: Move[] = [];
  private readonly entries: RepetitionEntry[] = [];
  /** A verdict not given by the rules (resignation, agreement, time, a record's stated result). */
  private declared: Verdict | null = null;
  /** Moves played on the line's position since it was made (play, setMoves, …): tests count replays with it. */
  applied = 0;

  constructor(rules: EndRules, start: Position, capacity?: number) {
    this.judge = new GameHistory(rules, start, capacity);
  }

  /** The end rules the line is judged by. */
  get rules(): EndRules {
    return this.judge.rules;
  }

  /** The start position (never changed; copy before playing on it). */
  get start(): Position {
    return this.judge.start;
  }

  /** The current position, to read (play through the line, never on this object). */
  get position(): Position {
    return this.judge.position;
  }

  get turn(): Side {
    return this.judge.position.turn;
  }

  /** Moves played since the start. */
  get plies(): number {
    return this.moveList.length;
  }

  /** The moves played, oldest first (the line's own array: read, do not change). */
  get moves(): readonly Move[] {
    return this.moveList;
  }

  /** The last move played, or 0. */
  get lastMove(): Move {
    return this.moveList[this.moveList.length - 1] ?? 0;
  }

  /** The rules' history of the line (repetition warnings, explanations, occurrences). */
  get history(): GameHistory {
    return this.judge;
  }

  /** Starts over from `start` (with other rules: a new game or variant). */
  reset(start: Position, rules: EndRules = this.judge.rules): void {
    if (rules !== this.judge.rules || start.variant !== this.judge.start.variant) this.judge = new GameHistory(rules, start);
    else this.judge.reset(start, false);
    this.moveList.length = 0;
    this.entries.length = 0;
    this.declared = null;
  }

  /** Plays a legal move and judges it; returns the ending it caused, if any. */
  play(m: Move): GameResult | null {
    const pos = this.judge.position;
    this.entries.push({ hashLo: pos.hashLo, hashHi: pos.hashHi, inCheck: pos.variant.inCheck(pos) });
    this.moveList.push(m);
    this.applied++;
    return this.judge.play(m);
  }

  /** Takes back the last move (and a declared verdict); returns it, or 0 at the start. */
  undo(): Move {
    const m = this.moveList.pop();
    if (m === undefined) return 0;
    this.entries.pop();
    this.judge.undo();
    this.declared = null;
    return m;
  }

  /**
   * Makes the line `start` + `moves` (a protocol's `position`): when the start is the line's own,
   * the moves in common stay and only the rest is undone and played. `legal(pos, m)` may refuse a
   * move (the line then stops before it); returns how many of `moves` were taken.
   */
  setMoves(start: Position | null, moves: readonly Move[], legal?: (pos: Position, m: Move) => boolean): number {
    if (start && !samePosition(start, this.judge.start)) this.reset(start);
    let common = 0;
    const n = Math.min(moves.length, this.moveList.length);
    while (common < n && moves[common] === this.moveList[common]) common++;
    while (this.moveList.length > common) this.undo();
    this.declared = null;
    for (let k = common; k < moves.length; k++) {
      if (legal && !legal(this.judge.position, moves[k]!)) return k;
      this.play(moves[k]!);
    }
    return moves.length;
  }

  /** Ends the game by a decision off the board (resignation, agreement, a flag, a record's result). */
  declare(v: Verdict | null): void {
    this.declared = v ? { ...v, ply: v.ply ?? this.plies } : null;
  }

  /** The verdict declared off the board, if any. */
  get declaredVerdict(): Verdict | null {
    return this.declared;
  }

  /** The first ending the rules found along the line, or null. */
  rulesResult(): GameResult | null {
    return this.judge.result();
  }

  /** The verdict: a declared one first, else the rules' ending, else null while the game goes on. */
  result(): Verdict | null {
    return this.declared ?? this.judge.result();
  }

  /** The hashes and checks of the positions before the current one, oldest first (the line's own array). */
  repetitionHistory(): readonly RepetitionEntry[] {
    return this.entries;
  }

  /**
   * The current position for a search: a copy holding the game's moves on its undo stack (the
   * rules' repetition judge walks them), with room for `extra` more; no move is replayed.
   */
  searchRoot(extra?: number): Position {
    return this.judge.position.cloneWithHistory(extra);
  }

  /** Start and moves, copied (what a search on another thread is sent). */
  snapshot(): LineSnapshot {
    return { start: this.judge.start.clone(1), moves: [...this.moveList] };
  }
}

/** Same board, side to move and counters (a protocol re-sending the line's start). */
export function samePosition(a: Position, b: Position): boolean {
  if (a.variant !== b.variant || a.hashLo !== b.hashLo || a.hashHi !== b.hashHi || a.turn !== b.turn || a.aux !== b.aux) return false;
  if (a.halfmove !== b.halfmove || a.fullmove !== b.fullmove || a.plyParity !== b.plyParity) return false;
  const x = a.board;
  const y = b.board;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}
