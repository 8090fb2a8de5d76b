/**
 * Lazy SMP: helper threads that search the main thread's root at the same time, sharing its
 * transposition table (on a SharedArrayBuffer, see tt.ts), so that the main thread finds more of
 * the tree already searched. The helpers' results are not used, only their table entries.
 *
 * The main thread's Searcher owns a HelperPool: the workers start at its first search and are
 * reused. `start` hands each helper the root (with its game line, for the repetition rules) and
 * the depth limit by message; the main thread then searches synchronously, and `stop` raises the
 * helpers' stop flag and waits (Atomics.wait) until every helper has left its search, so the next
 * search starts clean. Nobody waits for a helper to load: one that is not listening yet takes the
 * search when it gets there, or finds it withdrawn.
 *
 * Shared control words (Int32Array): the stop flag, the count of helpers listening, then one state
 * word per helper: the search's
 * number `seq` when it is offered, `-seq` while the helper searches it, 0 when idle. The helper
 * takes a search by turning seq into -seq (compareExchange); `stop` withdraws an offer not taken
 * by turning seq into 0, so a late or stale message finds its number gone and is dropped. Each
 * helper's node count is in a Float64Array over the same memory.
 */
import { Worker } from 'node:worker_threads';
import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';
import { positionData, type PositionData } from './protocol.js';
import type { HistoryEntry } from './search.js';

/** The stop flag's word. */
export const STOP = 0;
/** The number of helpers listening (each adds 1 when it has loaded). */
export const READY = 1;
/** The word of helper i's state (i 0-based). */
export const stateWord = (i: number): number => 2 + i;
/** A helper polls the stop flag every few hundred nodes: one that does not stop by then is lost. */
const STOP_WAIT_MS = 10_000;

/** A helper's instructions for one search. */
export interface HelperGo {
  /** The search's number (see the state words). */
  readonly seq: number;
  /** The game's first position on the root's undo stack, and the moves from it to the root. */
  readonly start: PositionData;
  readonly moves: readonly Move[];
  readonly history: readonly HistoryEntry[];
  readonly depth: number;
  readonly exactRoot: boolean;
  readonly instantSingle: boolean;
  /** The main thread's transposition-table generation for this search. */
  readonly generation: number;
}

/** A helper's workerData: its number (1-based), the shared table and the control memory. */
export interface HelperInit {
  readonly index: number;
  readonly count: number;
  readonly tt: SharedArrayBuffer;
  readonly control: SharedArrayBuffer;
}

/** Bytes of the control memory for `count` helpers: the words, then the node counts (float64). */
const nodesAt = (count: number): number => Math.ceil((4 * (2 + count)) / 8) * 8;
const controlBytes = (count: number): number => nodesAt(count) + 8 * count;

/** The control views over `control` for `count` helpers. */
export function controlViews(control: SharedArrayBuffer, count: number): { ctrl: Int32Array; nodes: Float64Array } {
  return { ctrl: new Int32Array(control, 0, 2 + count), nodes: new Float64Array(control, nodesAt(count), count) };
}

/**
 * Does helper `helper` (1, 2, …) skip the iteration of `depth`? The helpers spread over the
 * depths: helper 1 searches every other depth (one ply ahead of the main thread half of the
 * time), helpers 2–5 pairs of depths at four phases, and so on, so that the threads work on
 * different depths and fill the table for each other.
 */
export function skipDepth(helper: number, depth: number): boolean {
  const i = (helper - 1) % 20;
  // helper i's group: size 1 (i = 0), 2 (1–4), 3 (5–10), 4 (11–19) plies; phase within the group
  const size = i < 1 ? 1 : i < 5 ? 2 : i < 11 ? 3 : 4;
  const phase = i < 1 ? 1 : i < 5 ? i - 1 : i < 11 ? i - 5 : i - 11;
  return Math.floor((depth + phase) / size) % 2 === 1;
}

/**
 * Starts a helper: dist/engine/smp-worker.js, or the bundle's smp-worker.js beside the chunk
 * running this, or from the TypeScript sources (tests, tsx) through tsx.
 */
function spawnHelper(init: HelperInit): Worker {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const target = JSON.stringify(new URL('./smp-worker.ts', here).href);
    return new Worker(`import('tsx/esm/api').then((api) => { api.register(); return import(${target}); });`, { eval: true, workerData: init });
  }
  return new Worker(new URL('./smp-worker.js', here), { workerData: init });
}

export class HelperPool {
  private readonly workers: (Worker | null)[] = [];
  private readonly ctrl: Int32Array;
  private readonly nodeCounts: Float64Array;
  private seq = 0;

  /** `count` helper threads searching with the table memory `tt`. */
  constructor(
    readonly count: number,
    tt: SharedArrayBuffer,
    spawn: (init: HelperInit) => Worker = spawnHelper,
  ) {
    const control = new SharedArrayBuffer(controlBytes(count));
    ({ ctrl: this.ctrl, nodes: this.nodeCounts } = controlViews(control, count));
    for (let i = 0; i < count; i++) {
      let w: Worker | null = null;
      try {
        w = spawn({ index: i + 1, count, tt, control });
        const lost = w;
        w.on('error', () => this.lose(lost));
        w.on('exit', () => this.lose(lost));
        // idle helpers do not keep the process alive
        w.unref();
      } catch {
        w = null;
      }
      this.workers.push(w);
    }
  }

  private lose(w: Worker): void {
    const i = this.workers.indexOf(w);
    if (i >= 0) this.workers[i] = null;
  }

  /** Offers `pos` to the helpers (the main thread searches it next). */
  start(pos: Position, history: readonly HistoryEntry[], depth: number, exactRoot: boolean, instantSingle: boolean, generation: number): void {
    const ctrl = this.ctrl;
    Atomics.store(ctrl, STOP, 0);
    this.seq = this.seq >= 0x3fffffff ? 1 : this.seq + 1;
    const seq = this.seq;
    // the root's undo stack, which the rules' repetition judge may walk: its moves and first position
    const line = pos.line();
    const start = positionData(line.start);
    const moves = line.moves;
    const go: HelperGo = { seq, start, moves, history, depth, exactRoot, instantSingle, generation };
    for (let i = 0; i < this.count; i++) {
      this.nodeCounts[i] = 0;
      const w = this.workers[i];
      if (!w) continue;
      Atomics.store(ctrl, stateWord(i), seq);
      w.postMessage(go);
    }
  }

  /** Waits until every helper has loaded, at most `timeoutMs`; says whether they all have. */
  waitReady(timeoutMs: number): boolean {
    const until = performance.now() + timeoutMs;
    for (;;) {
      const n = Atomics.load(this.ctrl, READY);
      if (n >= this.workers.filter((w) => w !== null).length) return true;
      const left = until - performance.now();
      if (left <= 0) return false;
      Atomics.wait(this.ctrl, READY, n, Math.min(left, 100));
    }
  }

  /** Nodes searched by the helpers so far in this search (as last published). */
  nodes(): number {
    let n = 0;
    for (let i = 0; i < this.count; i++) n += this.nodeCounts[i]!;
    return n;
  }

  /** Stops the helpers and waits until each has left its search; returns their nodes. */
  stop(): number {
    const ctrl = this.ctrl;
    const seq = this.seq;
    Atomics.store(ctrl, STOP, 1);
    for (let i = 0; i < this.count; i++) {
      const word = stateWord(i);
      // an offer not taken yet (the helper is loading or busy with its message queue) is withdrawn
      if (Atomics.compareExchange(ctrl, word, seq, 0) === seq) continue;
      const until = performance.now() + STOP_WAIT_MS;
      while (Atomics.load(ctrl, word) === -seq) {
        const left = until - performance.now();
        if (left <= 0) {
          // not answering: no longer used
          const w = this.workers[i];
          this.workers[i] = null;
          void w?.terminate();
          break;
        }
        Atomics.wait(ctrl, word, -seq, left);
      }
    }
    return this.nodes();
  }

  /** Ends the helper threads. */
  async close(): Promise<void> {
    const all = this.workers.splice(0);
    await Promise.all(all.map((w) => w?.terminate()));
  }
}
