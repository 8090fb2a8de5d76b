/**
 * The computer player as the UI sees it: the engine's search on a worker thread
 * (`engineComputer`, src/engine chooseMoveAsync, levels 1–8, aborted when the game moves on), and
 * a search-free `placeholderPlayer` (mate-in-one, else a capture, else a random move) used by tests
 * and available as a fallback; the UI labels it as a placeholder.
 */
import { moveFrom, moveMid, moveTo, type Move } from '../core/move.js';
import { legalMoves } from '../core/perft.js';
import type { Position } from '../core/position.js';
import { chooseMoveAsync, searchAsync } from '../engine/index.js';
import type { HistoryEntry } from '../engine/search.js';
import type { Game } from '../games/registry.js';
import type { EngineClock } from './clock.js';

export interface ThinkRequest {
  game: Game;
  /** The position to move in (the player must leave it as it found it). */
  pos: Position;
  level: number;
  /** The game's start position and moves (repetition rules); optional. */
  start?: Position;
  moves?: readonly Move[];
  /**
   * The entries of the positions before `pos` (with `start` and `moves`, when `pos` holds the
   * moves on its undo stack: a `Line`'s search root): then the search replays nothing.
   */
  history?: readonly HistoryEntry[];
  /** Aborts the search; the player then resolves early (with its best move so far, or null). */
  signal?: AbortSignal;
  /** Think for this long instead of the level's limits (`go <time>`, or the clock's share). */
  timeMs?: number;
  /**
   * With clocks (`play --tc`, and no `go <time>` for this move): both sides' time, for an engine
   * that budgets its own (other engines get it through their protocol; chuhan's uses `timeMs`).
   */
  clock?: EngineClock;
  /** Seed for the level's random choice (the session's seed and the ply). */
  seed?: number;
}

export interface ComputerPlayer {
  /** Shown in the UI. */
  readonly name: string;
  /** True for a stand-in that does not search. */
  readonly placeholder: boolean;
  /**
   * The name a saved game gives the side it plays (the side tag: `Red`, `Black`, `Sente`, `Gote`):
   * the engine and its version, `chuhan 0.1.0 level 3` for the built-in one at level 3, an external
   * engine's own `id name` / `myname` once it has answered. Absent (a placeholder): `computer`.
   */
  recordName?(side: 0 | 1, level: number): string;
  /**
   * An external engine's name for the players line (`red: Pikafish 2024… · black: human`): its own
   * `id name` / `myname` once it has answered, else our name for it. Absent or null: the built-in
   * engine, shown as `computer (level N)`.
   */
  engineName?(side: 0 | 1): string | null;
  /** The move to play, or null when there is none. */
  choose(req: ThinkRequest): Promise<Move | null>;
}

/**
 * The built-in engine as a saved game names it: `chuhan 0.1.0 level 3`, the program and its version
 * (`program`: the command line passes `chuhan <version>`; src/cli holds the version) and the level.
 */
export const builtinRecordName = (level: number, program = 'chuhan'): string => `${program} level ${level}`;

/** The engine's computer player (src/engine). */
export function engineComputer(program = 'chuhan'): ComputerPlayer {
  return {
    name: 'chuhan engine',
    placeholder: false,
    recordName: (_side, level) => builtinRecordName(level, program),
    async choose(req) {
      // the whole game line lets the worker apply the full repetition judge (perpetual chase too)
      const options = req.start && req.moves ? { line: { start: req.start, moves: req.moves }, ...(req.history ? { history: req.history } : {}) } : {};
      const search =
        req.timeMs !== undefined
          ? searchAsync(req.pos, { timeMs: req.timeMs }, options)
          : chooseMoveAsync(req.pos, req.level, { ...options, ...(req.seed !== undefined ? { seed: req.seed } : {}) });
      const onAbort = (): void => search.abort();
      req.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const c = await search.promise;
        return c.move === 0 ? null : c.move;
      } finally {
        req.signal?.removeEventListener('abort', onAbort);
      }
    },
  };
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
  };
}

/** Picks a move without search: mate in one, else a capture, else anything (all at random). */
export function placeholderMove(pos: Position, random: () => number): Move | null {
  const moves = legalMoves(pos);
  if (moves.length === 0) return null;
  const pick = (list: Move[]): Move => list[Math.floor(random() * list.length)]!;
  const mates: Move[] = [];
  const captures: Move[] = [];
  for (const m of moves) {
    const to = moveTo(m);
    const mid = moveMid(m);
    if ((to !== moveFrom(m) && pos.board[to]) || (mid >= 0 && pos.board[mid])) captures.push(m);
    pos.play(m);
    const mate = legalMoves(pos).length === 0;
    pos.undo();
    if (mate) mates.push(m);
  }
  if (mates.length) return pick(mates);
  if (captures.length) return pick(captures);
  return pick(moves);
}

export function placeholderPlayer(seed = Date.now()): ComputerPlayer {
  const random = rng(seed);
  return {
    name: 'placeholder random mover (no search)',
    placeholder: true,
    choose: async (req) => placeholderMove(req.pos, random),
  };
}
