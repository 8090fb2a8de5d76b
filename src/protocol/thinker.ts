/**
 * What the protocol sessions need from the computer player: start a search that can be stopped at
 * any time (it then resolves with the best move found so far), forget the last game, shut down.
 * `workerThinker` searches on the engine's worker thread, so the protocol loop keeps reading input
 * (`?`, `stop`, `force`, `quit` interrupt it); `inlineThinker` searches on the calling thread after
 * the current event-loop turn (deterministic, for scripted tests with depth limits).
 */
import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';
import { EngineWorker } from '../engine/async.js';
import { bookMove } from '../engine/book.js';
import { chooseMove } from '../engine/player.js';
import { replay } from '../engine/history.js';
import { createRng, type Rng } from '../engine/rng.js';
import { Searcher, type HistoryEntry, type SearchInfo } from '../engine/search.js';

export { MAX_THREADS } from './options.js';

export interface ThinkLimits {
  depth?: number;
  nodes?: number;
  timeMs?: number;
  softTimeMs?: number;
  /** Exact scores for every root move (MultiPV reports them). */
  exactRoot?: boolean;
  /** Search threads (UCI/USI `Threads`, XBoard `cores`; default 1). */
  threads?: number;
}

export interface Thought {
  /** 0 when the side to move has no legal move. */
  readonly move: Move;
  /** Centipawns from the side to move's view. */
  readonly score: number;
  readonly depth: number;
  readonly nodes: number;
  readonly timeMs: number;
  readonly pv: readonly Move[];
  /** With `exactRoot`: every root move and its score, best first. */
  readonly rootScores?: readonly { move: Move; score: number }[];
}

export interface Thinking {
  readonly promise: Promise<Thought>;
  /** Stop now; the promise resolves with the best move so far. */
  abort(): void;
}

export interface ThinkRequest {
  /**
   * The root. With `line`, best a position holding the line's moves on its undo stack and
   * `history` their entries (a `Line`'s `searchRoot()` and `repetitionHistory()`): then nothing is
   * replayed; otherwise the thinker replays the line.
   */
  pos: Position;
  history: readonly HistoryEntry[];
  /**
   * The game that led to `pos`: its start and moves, so that the rules' own repetition judge (chu's
   * attacks, xiangqi's chases, the move that began a loop) can walk cycles reaching into the game;
   * with `history` alone it knows the earlier positions' hashes and checks only.
   */
  line?: { readonly start: Position; readonly moves: readonly Move[] };
  limits: ThinkLimits;
  /** Play at this level (1–8, engine/levels.ts) instead of the limits' full strength. */
  level?: number | null;
  /** Answer from the opening book when the position is in it (a timed or level move, not analysis). */
  book?: boolean;
  onInfo?: (info: SearchInfo) => void;
}

/** The book's move as a finished thought, or null when the position is not in the book. */
function fromBook(req: ThinkRequest, rng: Rng): Thinking | null {
  if (!req.book) return null;
  const move = bookMove(req.pos, rng);
  if (move === 0) return null;
  return { promise: Promise.resolve({ move, score: 0, depth: 0, nodes: 0, timeMs: 0, pv: [move] }), abort: () => {} };
}

export interface Thinker {
  think(req: ThinkRequest): Thinking;
  newGame(): void;
  close(): Promise<void>;
}

/** Searches on a worker thread of its own; book moves vary from run to run (`seed` fixes them). */
export function workerThinker(seed: number = Date.now() >>> 0): Thinker {
  const worker = new EngineWorker();
  const rng = createRng(seed);
  return {
    think(req) {
      const booked = fromBook(req, rng);
      if (booked) return booked;
      const opts = { history: req.history, ...(req.line ? { line: req.line } : {}), ...(req.onInfo ? { onInfo: req.onInfo } : {}) };
      if (req.level != null) {
        const s = worker.choose(req.pos, req.level, { ...opts, book: false });
        return {
          promise: s.promise.then((c) => ({ ...pick(c.result), move: c.move, score: c.score })),
          abort: s.abort,
        };
      }
      const s = worker.search(req.pos, req.limits, opts);
      return { promise: s.promise.then((r) => ({ ...pick(r), move: r.move, score: r.score })), abort: s.abort };
    },
    newGame: () => worker.newGame(),
    close: () => worker.terminate(),
  };
}

const pick = (r: { depth: number; nodes: number; timeMs: number; pv: readonly Move[]; rootScores?: readonly { move: Move; score: number }[] }) => ({
  depth: r.depth,
  nodes: r.nodes,
  timeMs: r.timeMs,
  pv: r.pv,
  ...(r.rootScores ? { rootScores: [...r.rootScores].sort((a, b) => b.score - a.score) } : {}),
});

/** Searches on the calling thread (after the current event-loop turn); book moves seeded by the position. */
export function inlineThinker(): Thinker {
  let searcher = new Searcher({ ttMegabytes: 4 });
  return {
    think(req) {
      const booked = fromBook(req, createRng(req.pos.hashLo ^ req.pos.hashHi));
      if (booked) return booked;
      const stop = new Int32Array(new SharedArrayBuffer(4));
      // the root with the game's moves on its undo stack (the repetition judge): a copy of the
      // request's root when it holds them (a Line's searchRoot), else the game replayed now
      const rooted = req.line && req.pos.sp === req.line.moves.length && req.history.length === req.line.moves.length;
      const replayed = req.line && !rooted ? replay(req.line.start, req.line.moves) : null;
      const pos = replayed ? replayed.position : rooted ? req.pos.cloneWithHistory() : req.pos.clone();
      const history = replayed ? replayed.history : [...req.history];
      const promise = new Promise<Thought>((resolve, reject) =>
        setImmediate(() => {
          try {
            if (req.level != null) {
              const c = chooseMove(null, pos, req.level, {
                history,
                stop,
                searcher,
                deterministic: true,
                book: false,
                ...(req.onInfo ? { onInfo: req.onInfo } : {}),
              });
              resolve({ ...pick(c.result), move: c.move, score: c.score });
              return;
            }
            const r = searcher.search(pos, {
              ...req.limits,
              history,
              stop,
              ...(req.onInfo ? { onInfo: req.onInfo } : {}),
            });
            resolve({ ...pick(r), move: r.move, score: r.score });
          } catch (e) {
            reject(e instanceof Error ? e : new Error(String(e)));
          }
        }),
      );
      return { promise, abort: () => Atomics.store(stop, 0, 1) };
    },
    newGame: () => {
      searcher = new Searcher({ ttMegabytes: 4 });
    },
    close: async () => {},
  };
}
