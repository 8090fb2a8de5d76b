/**
 * The game a search worker was last sent, kept between searches: a `go` after one more move plays
 * that move (and takes back what differs), instead of replaying the game from its start. The
 * request stays plain data (`LineData`: start position and moves); this is the worker's memory of it.
 */
import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';
import type { Variant } from '../core/variant.js';
import { historyEntry } from './history.js';
import { positionFromData, type LineData, type PositionData } from './protocol.js';
import type { HistoryEntry } from './search.js';

/** Room kept on the cached position's undo stack for the game's growth and a search. */
const MARGIN = 1024;

const sameData = (a: PositionData, b: PositionData): boolean => {
  if (a.variantId !== b.variantId || a.turn !== b.turn || a.aux !== b.aux || a.halfmove !== b.halfmove || a.fullmove !== b.fullmove) return false;
  if (a.board.length !== b.board.length) return false;
  for (let i = 0; i < a.board.length; i++) if (a.board[i] !== b.board[i]) return false;
  return true;
};

export class LineCache {
  private start: PositionData | null = null;
  private pos: Position | null = null;
  private moves: Move[] = [];
  private history: HistoryEntry[] = [];
  /** Moves the cached position's undo stack holds room for. */
  private capacity = 0;
  /** Moves played on the cached position since it was made (tests count replays with it). */
  played = 0;

  /**
   * The position at the end of `line` (its moves on the undo stack, for the rules' repetition
   * judge) and the entries of the positions before it. Both belong to the cache: a search must
   * leave the position as it found it, and the history is valid until the next `sync`.
   */
  sync(variant: Variant, line: LineData): { position: Position; history: readonly HistoryEntry[] } {
    let pos = this.pos;
    // (a search that left moves on the position, which it must not, makes the cache start over)
    const fits = pos !== null && pos.variant === variant && pos.sp === this.moves.length && this.start !== null && sameData(this.start, line.start);
    if (!fits || line.moves.length + MARGIN / 2 > this.capacity) {
      this.capacity = line.moves.length + MARGIN;
      pos = positionFromData(variant, line.start, this.capacity);
      this.pos = pos;
      this.start = line.start;
      this.moves = [];
      this.history = [];
    }
    const p = pos!;
    const moves = this.moves;
    let common = 0;
    const n = Math.min(moves.length, line.moves.length);
    while (common < n && moves[common] === line.moves[common]) common++;
    while (moves.length > common) {
      p.undo();
      moves.pop();
      this.history.pop();
    }
    for (let k = common; k < line.moves.length; k++) {
      const m = line.moves[k]!;
      this.history.push(historyEntry(p));
      p.play(m);
      moves.push(m);
      this.played++;
    }
    return { position: p, history: this.history };
  }

  /** Forget the game (a new game, or a position the cache must not keep). */
  clear(): void {
    this.pos = null;
    this.start = null;
    this.moves = [];
    this.history = [];
  }
}
