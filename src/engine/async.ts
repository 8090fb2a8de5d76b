/**
 * Searching without blocking the caller's thread: a worker thread runs the search and posts its
 * progress; `abort()` raises a shared stop flag, and the search then resolves with the best move
 * found so far. If no worker can be started, the search runs on the calling thread after the
 * current event-loop turn (correct, but blocking while it runs).
 */
import { Worker } from 'node:worker_threads';
import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';
import { replay } from './history.js';
import { chooseMove, sharedSearcher, type ChosenMove } from './player.js';
import { positionData, positionFromData, type LineData, type WorkerLimits, type WorkerReply, type WorkerRequest } from './protocol.js';
import { createRng } from './rng.js';
import type { HistoryEntry, SearchInfo, SearchResult } from './search.js';

export interface AsyncSearch<T> {
  readonly promise: Promise<T>;
  /** Stops the search; the promise then resolves with the best move found so far. */
  abort(): void;
}

export interface AsyncOptions {
  /** Earlier positions (repetition rules, checks only); see also `line`. */
  history?: readonly HistoryEntry[];
  /**
   * The game so far: its start position and the moves that led to the searched position. When
   * given, it replaces `history` and `pos`'s role as the root, and the search can apply the
   * game's full repetition judge (perpetual chase too) to cycles reaching into the game.
   */
  line?: { readonly start: Position; readonly moves: readonly Move[] };
  onInfo?: (info: SearchInfo) => void;
}

interface Pending {
  resolve(r: { result: SearchResult; move: number; score: number }): void;
  reject(e: Error): void;
  /** Runs the request on this thread instead (when the worker could not start). */
  local(): void;
  onInfo?: (info: SearchInfo) => void;
}

function spawnWorker(): Worker {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    // running from the TypeScript sources (tests, tsx): load the worker through tsx
    const target = JSON.stringify(new URL('./worker.ts', here).href);
    return new Worker(`import('tsx/esm/api').then((api) => { api.register(); return import(${target}); });`, { eval: true });
  }
  return new Worker(new URL('./worker.js', here));
}

export class EngineWorker {
  private worker: Worker | null = null;
  private unavailable = false;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** Has the worker ever answered? If it fails before that, it cannot start here: search locally. */
  private answered = false;

  /** `spawn` replaces the worker factory (tests). */
  constructor(private readonly spawn: () => Worker = spawnWorker) {}

  /** Is the search running on a worker thread (false: on the calling thread)? */
  get threaded(): boolean {
    return this.ensure() !== null;
  }

  private ensure(): Worker | null {
    if (this.worker || this.unavailable) return this.worker;
    try {
      const w = this.spawn();
      w.on('message', (msg: WorkerReply) => this.onMessage(msg));
      w.on('error', (e) => this.fail(e));
      w.on('exit', () => {
        if (this.worker === w) this.worker = null;
        this.fail(new Error('the search worker stopped'));
      });
      w.unref();
      this.worker = w;
    } catch {
      this.unavailable = true;
    }
    return this.worker;
  }

  private fail(e: Error): void {
    const all = [...this.pending.values()];
    this.pending.clear();
    if (!this.answered && all.length > 0) {
      this.unavailable = true;
      this.worker = null;
      for (const p of all) p.local();
      return;
    }
    for (const p of all) p.reject(e);
  }

  private onMessage(msg: WorkerReply): void {
    this.answered = true;
    const p = this.pending.get(msg.id);
    if (!p) return;
    if (msg.type === 'info') p.onInfo?.(msg.info);
    else {
      this.pending.delete(msg.id);
      if (this.pending.size === 0) this.worker?.unref();
      if (msg.type === 'done') p.resolve({ result: msg.result, move: msg.move, score: msg.score });
      else p.reject(new Error(msg.message));
    }
  }

  private run(
    make: (id: number, stop: Int32Array) => WorkerRequest,
    local: (stop: Int32Array) => { result: SearchResult; move: number; score: number },
    onInfo?: (info: SearchInfo) => void,
  ): AsyncSearch<{ result: SearchResult; move: number; score: number }> {
    const stop = new Int32Array(new SharedArrayBuffer(4));
    const abort = () => Atomics.store(stop, 0, 1);
    type Out = { result: SearchResult; move: number; score: number };
    const runLocal = (resolve: (r: Out) => void, reject: (e: Error) => void) =>
      setImmediate(() => {
        try {
          resolve(local(stop));
        } catch (e) {
          reject(e instanceof Error ? e : new Error(String(e)));
        }
      });
    const w = this.ensure();
    if (!w) return { promise: new Promise<Out>(runLocal), abort };
    const id = this.nextId++;
    const promise = new Promise<Out>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, local: () => runLocal(resolve, reject), ...(onInfo ? { onInfo } : {}) });
    });
    w.ref();
    w.postMessage(make(id, stop));
    return { promise, abort };
  }

  /** Searches `pos` with explicit limits. */
  search(pos: Position, limits: WorkerLimits, options: AsyncOptions = {}): AsyncSearch<SearchResult> {
    const position = positionData(pos);
    const { local, line } = prepareLine(pos, options);
    // the worker takes the line's moves and history from its own copy of the game (engine/line-cache.ts)
    const history = line ? [] : local().history;
    const r = this.run(
      (id, stop) => ({ type: 'search', id, position, history, line, limits, stop }),
      (stop) => {
        const { snapshot, history } = local();
        const result = sharedSearcher(snapshot.variant).search(snapshot, {
          ...limits,
          history,
          stop,
          ...(options.onInfo ? { onInfo: options.onInfo } : {}),
        });
        return { result, move: result.move, score: result.score };
      },
      options.onInfo,
    );
    return { promise: r.promise.then((x) => x.result), abort: r.abort };
  }

  /** The computer player's move at `level` (see chooseMove). */
  choose(
    pos: Position,
    level: number,
    options: AsyncOptions & { seed?: number; deterministic?: boolean; book?: boolean } = {},
  ): AsyncSearch<ChosenMove> {
    const position = positionData(pos);
    const { local, line } = prepareLine(pos, options);
    const history = line ? [] : local().history;
    const seed = options.seed ?? null;
    const deterministic = options.deterministic ?? false;
    const book = options.book ?? true;
    const r = this.run(
      (id, stop) => ({ type: 'choose', id, position, history, line, level, seed, deterministic, book, stop }),
      (stop) => {
        const { snapshot, history } = local();
        const c = chooseMove(null, snapshot, level, {
          history,
          stop,
          deterministic,
          book,
          ...(seed !== null ? { rng: createRng(seed) } : {}),
          ...(options.onInfo ? { onInfo: options.onInfo } : {}),
        });
        return { result: c.result, move: c.move, score: c.score };
      },
      options.onInfo,
    );
    return { promise: r.promise.then((x) => ({ move: x.move, score: x.score, result: x.result })), abort: r.abort };
  }

  /** Forget the transposition tables (a new game). */
  newGame(): void {
    this.worker?.postMessage({ type: 'clear' } satisfies WorkerRequest);
  }

  /** Ends the worker thread (pending searches are rejected). */
  async terminate(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}

/**
 * The line to send to the worker, and the root to search on this thread (when no worker runs) with
 * its history. Nothing is replayed when `pos` already holds the line's moves on its undo stack and
 * `history` has their entries (a `Line`'s `searchRoot` and `repetitionHistory`); otherwise the
 * game is replayed, and only when the search runs on this thread.
 */
function prepareLine(pos: Position, options: AsyncOptions): { local: () => { snapshot: Position; history: readonly HistoryEntry[] }; line: LineData | null } {
  if (!options.line) {
    const snapshot = pos.clone();
    const history = options.history ?? [];
    return { local: () => ({ snapshot, history }), line: null };
  }
  const moves = [...options.line.moves];
  const line: LineData = { start: positionData(options.line.start), moves };
  const given = options.history;
  if (pos.sp === moves.length && given?.length === moves.length) {
    const snapshot = pos.cloneWithHistory();
    const history = [...given];
    return { local: () => ({ snapshot, history }), line };
  }
  const variant = pos.variant;
  return {
    local: () => {
      const { position, history } = replay(positionFromData(variant, line.start, 1), moves);
      return { snapshot: position, history };
    },
    line,
  };
}

let shared: EngineWorker | null = null;

/** The process-wide engine worker. */
export function engineWorker(): EngineWorker {
  shared ??= new EngineWorker();
  return shared;
}

/** Searches on the shared worker; see EngineWorker.search. */
export const searchAsync = (pos: Position, limits: WorkerLimits, options?: AsyncOptions): AsyncSearch<SearchResult> =>
  engineWorker().search(pos, limits, options);

/** The computer's move on the shared worker; see EngineWorker.choose. */
export const chooseMoveAsync = (
  pos: Position,
  level: number,
  options?: AsyncOptions & { seed?: number; deterministic?: boolean; book?: boolean },
): AsyncSearch<ChosenMove> => engineWorker().choose(pos, level, options);
