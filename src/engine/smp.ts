/**
 * Lazy SMP: helper threads that search the main thread's root at the same time, sharing its
 * transposition table (on a SharedArrayBuffer, see tt.ts), so that the main thread finds more of
 * the tree already searched. The helpers' results are not used, only their table entries.
 *
 * The main thread's Searcher owns a HelperPool: the workers start at its first search and are
 * reused. `start` hands each ready helper the root (its game line, for the repetition rules) and
 * the depth limit by message; the main thread then searches synchronously, and `stop` raises the
 * helpers' stop flag and waits (Atomics.wait) until every helper has left its search, so the next
 * search starts clean. Shared control words (Int32Array): the stop flag, and per helper a ready
 * flag and a busy flag; each helper's node count is in a Float64Array over the same memory.
 */
import { Worker } from 'node:worker_threads';
import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';
import { positionData, type PositionData } from './protocol.js';
import type { HistoryEntry } from './search.js';

/** Control words: the stop flag, then a ready flag per helper, then a busy flag per helper. */
export const STOP = 0;
/** The word of helper i's ready flag (i 0-based; set by the helper once it can search). */
export const readyWord = (i: number): number => 1 + i;
/** The word of helper i's busy flag (set by the main thread with `go`, cleared by the helper after it). */
export const busyWord = (count: number, i: number): number => 1 + count + i;
/** How long the first search waits for the helpers to load (a loaded machine, tsx in tests). */
const READY_WAIT_MS = 10_000;
/** A helper polls the stop flag every few hundred nodes: one that does not stop by then is lost. */
const STOP_WAIT_MS = 10_000;

/** A helper's instructions for one search. */
export interface HelperGo {
  readonly type: 'go';
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

export const controlWords = (count: number): { ints: number; bytes: number } => {
  const ints = 1 + 2 * count;
  // the node counts (float64) start at the next 8-byte boundary
  const nodesAt = Math.ceil((ints * 4) / 8) * 8;
  return { ints, bytes: nodesAt + 8 * count };
};

/** The control views over `control` for `count` helpers. */
export function controlViews(control: SharedArrayBuffer, count: number): { ctrl: Int32Array; nodes: Float64Array } {
  const { bytes } = controlWords(count);
  return { ctrl: new Int32Array(control, 0, 1 + 2 * count), nodes: new Float64Array(control, bytes - 8 * count, count) };
}

/**
 * Does helper `helper` (1, 2, …) skip the iteration of `depth`? The helpers spread over the
 * depths: helper 1 searches every other depth (one ply ahead of the main thread half of the
 * time), helpers 2–5 in pairs of depths at four phases, and so on, so that at any moment the
 * threads work on different depths and their table entries help each other.
 */
export function skipDepth(helper: number, depth: number): boolean {
  const i = (helper - 1) % 20;
  // helper i's group: size 1 (i = 0), 2 (1–4), 3 (5–10), 4 (11–19) plies; phase within the group
  const size = i < 1 ? 1 : i < 5 ? 2 : i < 11 ? 3 : 4;
  const phase = i < 1 ? 1 : i < 5 ? i - 1 : i < 11 ? i - 5 : i - 11;
  return Math.floor((depth + phase) / size) % 2 === 1;
}

/**
 * Starts helper `init.index`: dist/engine/smp-worker.js, or the bundle's smp-worker.js beside the
 * chunk running this, or from the TypeScript sources (tests, tsx) through tsx. A helper that cannot
 * load says so in its ready flag (-1), so that no search waits for it.
 */
function spawnHelper(init: HelperInit): Worker {
  const here = import.meta.url;
  const target = JSON.stringify(new URL(here.endsWith('.ts') ? './smp-worker.ts' : './smp-worker.js', here).href);
  const load = here.endsWith('.ts') ? `import('tsx/esm/api').then((api) => { api.register(); return import(${target}); })` : `import(${target})`;
  const word = readyWord(init.index - 1);
  const failed = `const c = new Int32Array(require('node:worker_threads').workerData.control); Atomics.store(c, ${word}, -1); Atomics.notify(c, ${word});`;
  return new Worker(`${load}.catch(() => { ${failed} });`, { eval: true, workerData: init });
}

export class HelperPool {
  private readonly workers: (Worker | null)[] = [];
  private readonly ctrl: Int32Array;
  private readonly nodeCounts: Float64Array;
  /** Helpers given the current search. */
  private readonly active: boolean[];
  private first = true;

  /** `count` helper threads searching with the table memory `tt`. */
  constructor(
    readonly count: number,
    tt: SharedArrayBuffer,
    spawn: (init: HelperInit) => Worker = spawnHelper,
  ) {
    const control = new SharedArrayBuffer(controlWords(count).bytes);
    const views = controlViews(control, count);
    this.ctrl = views.ctrl;
    this.nodeCounts = views.nodes;
    this.active = new Array<boolean>(count).fill(false);
    for (let i = 0; i < count; i++) {
      let w: Worker | null = null;
      try {
        w = spawn({ index: i + 1, count, tt, control });
        w.on('error', () => this.lose(i));
        w.on('exit', () => this.lose(i));
        // idle helpers do not keep the process alive
        w.unref();
      } catch {
        w = null;
      }
      this.workers.push(w);
    }
  }

  private lose(i: number): void {
    this.workers[i] = null;
    Atomics.store(this.ctrl, readyWord(i), -1);
    // a helper that ended while busy will not clear its flag: nothing is to be waited for
    Atomics.store(this.ctrl, busyWord(this.count, i), 0);
    Atomics.notify(this.ctrl, busyWord(this.count, i));
  }

  /** Starts the helpers on `pos` (the main thread searches it next). */
  start(pos: Position, history: readonly HistoryEntry[], depth: number, exactRoot: boolean, instantSingle: boolean, generation: number): void {
    const ctrl = this.ctrl;
    if (this.first) {
      // the first search waits for the helpers to load (a few tens of ms from the build)
      this.first = false;
      const until = performance.now() + READY_WAIT_MS;
      for (let i = 0; i < this.count; i++) {
        // 0 while it loads, 1 ready, -1 failed
        while (this.workers[i] && Atomics.load(ctrl, readyWord(i)) === 0) {
          const left = until - performance.now();
          if (left <= 0) break;
          Atomics.wait(ctrl, readyWord(i), 0, Math.min(left, 50));
        }
      }
    }
    Atomics.store(ctrl, STOP, 0);
    // the root's undo stack, which the rules' repetition judge may walk: its moves and first position
    const moves: Move[] = [];
    const sp = pos.sp;
    for (let k = 0; k < sp; k++) {
      moves.push(pos.lastMove());
      pos.undo();
    }
    const start = positionData(pos);
    moves.reverse();
    for (const m of moves) pos.play(m);
    const go: HelperGo = { type: 'go', start, moves, history, depth, exactRoot, instantSingle, generation };
    for (let i = 0; i < this.count; i++) {
      const w = this.workers[i];
      this.active[i] = w !== null && w !== undefined && Atomics.load(ctrl, readyWord(i)) === 1;
      this.nodeCounts[i] = 0;
      if (!this.active[i]) continue;
      Atomics.store(ctrl, busyWord(this.count, i), 1);
      w!.postMessage(go);
    }
  }

  /** Nodes searched by the helpers so far in this search (as last published). */
  nodes(): number {
    let n = 0;
    for (let i = 0; i < this.count; i++) if (this.active[i]) n += this.nodeCounts[i]!;
    return n;
  }

  /** Stops the helpers and waits until each has left its search; returns their nodes. */
  stop(): number {
    const ctrl = this.ctrl;
    Atomics.store(ctrl, STOP, 1);
    for (let i = 0; i < this.count; i++) {
      if (!this.active[i]) continue;
      const busy = busyWord(this.count, i);
      const until = performance.now() + STOP_WAIT_MS;
      while (Atomics.load(ctrl, busy) !== 0) {
        const left = until - performance.now();
        if (left <= 0) {
          // not answering: no longer used
          const w = this.workers[i];
          this.workers[i] = null;
          void w?.terminate();
          break;
        }
        Atomics.wait(ctrl, busy, 1, left);
      }
    }
    const n = this.nodes();
    this.active.fill(false);
    return n;
  }

  /** Ends the helper threads. */
  async close(): Promise<void> {
    const all = this.workers.splice(0);
    await Promise.all(all.map((w) => w?.terminate()));
  }
}
