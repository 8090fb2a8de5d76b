/**
 * `--jobs N` of `validate` and `convert`: the files of a command spread over threads, their output
 * in the order of the files, byte for byte what one thread writes.
 *
 * The lanes: the main thread itself and N - 1 worker threads (file-worker.ts), each running the
 * same per-file function (commands/validate.ts `validateFiles`, commands/convert.ts
 * `convertFiles`). A free lane takes the next file of the list; the text a file gives and then its
 * result (or its error) are handed on in the order of the files: a file's text waits until every
 * file before it is done. The first error in that order ends the run as one thread ends it (the
 * text before it written, nothing after it), the workers are stopped.
 *
 * A worker loads only the per-file code of its command (no commander, no UI): file-worker.ts.
 */
import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import type { Worker } from 'node:worker_threads';
import { CliError } from '../tui/io.js';
import type { Input } from './record-files.js';

/**
 * The per-file work of a command: reads `input`, hands its output to `emit` (text, or what the
 * command writes: convert's games), answers its result.
 */
export type FileRunner<R, E = string> = (input: Input, emit: (out: E) => void) => Promise<R>;

export type JobKind = 'validate' | 'convert';

/** A failure of one file, as it crosses threads (exit 3: an internal error, a bug). */
export interface JobError {
  readonly message: string;
  readonly exitCode: 1 | 2 | 3;
}

/** A file sent to a worker (in lists). */
export interface JobRequest {
  readonly index: number;
  readonly input: Input;
}

/** A worker's answer (posted in lists): output of file `index` (more may follow), then its end (`last`). */
export interface JobReply<R> {
  readonly index: number;
  readonly out: readonly unknown[];
  readonly last: boolean;
  readonly result?: R;
  readonly error?: JobError;
}

/** What a worker is started with (file-worker.ts). */
export interface JobWorkerData {
  readonly kind: JobKind;
  readonly options: unknown;
}

/** Text a worker collects before it posts it (a file's output goes in pieces of about this size). */
export const JOB_TEXT_CHUNK = 1 << 16;
/** A worker posts what it has at least this often (ms) while it reads (job-worker.ts). */
export const REPLY_MS = 4;

/**
 * The number of jobs when `--jobs` is not given: one per core but one. V8's own threads (its
 * optimizing compiler, its garbage collector) take a good share of a run's CPU on the other cores
 * (about a third of a validate run's on 2 cores), and each worker thread compiles and warms up
 * the code again: on 2 cores a worker did not pay for itself (the 1,517 XQF files, the 2,516
 * master games in 2 files), so there the default is 1, and with more cores a small input gets fewer
 * workers (`workersFor`); `--jobs N` asks for N. Run from the
 * TypeScript sources (the tests, in-process), 1: a worker there starts through tsx.
 */
export function defaultJobs(): number {
  if (import.meta.url.endsWith('.ts')) return 1;
  return Math.max(1, availableParallelism() - 1);
}

/** `--jobs`' value: a whole number from 1 up; else one sentence (exit 2). */
export function parseJobs(value: string | undefined): number {
  if (value === undefined) return defaultJobs();
  const n = /^\d{1,4}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!(n >= 1)) throw new CliError(`--jobs takes a whole number from 1 (got "${value.slice(0, 40)}")`, 2);
  return n;
}

/** A thrown failure as it crosses threads. */
export function jobError(e: unknown): JobError {
  if (e instanceof CliError) return { message: e.message, exitCode: e.exitCode };
  return { message: e instanceof Error ? e.message : String(e), exitCode: 3 };
}

/** The failure again, on the main thread. */
const rethrown = (e: JobError): Error => (e.exitCode === 3 ? new Error(e.message) : new CliError(e.message, e.exitCode));

/** A worker started by a launcher instead of file-worker.js (see `setQuickWorker`). */
interface QuickWorker {
  readonly kind: JobKind;
  readonly script: URL;
  readonly argv: readonly string[];
}
let quickWorker: QuickWorker | null = null;

/**
 * The workers of `kind` run `script` with `argv` (quick-validate.ts: bin/chuhan.js, which runs the
 * quick bundle's worker entry with its code cache, as it runs the command itself).
 */
export function setQuickWorker(w: QuickWorker): void {
  quickWorker = w;
}

/** A worker's first message: it has started and waits for GO before it loads its command's code. */
export const READY = 'ready';
/** The main thread's first message to a worker: load the code and take files. */
export const GO = 'go';

async function spawnJobWorker(data: JobWorkerData): Promise<Worker> {
  // loaded here, not at start-up: a run of one file never needs it (by require: the quick bundle,
  // CommonJS run by bin/chuhan.js through node:vm, has no dynamic import)
  const { Worker } = createRequire(import.meta.url)('node:worker_threads') as typeof import('node:worker_threads');
  if (quickWorker?.kind === data.kind) return new Worker(quickWorker.script, { argv: [...quickWorker.argv], workerData: data });
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    // running from the TypeScript sources (tests, tsx): load the worker through tsx
    const target = JSON.stringify(new URL('./file-worker.ts', here).href);
    return new Worker(`import('tsx/esm/api').then((api) => { api.register(); return import(${target}); });`, { eval: true, workerData: data });
  }
  // dist/cli/ (tsc, scripts/emit.mjs) and dist/bundle/ (scripts/bundle.mjs: its own entry) both
  // have file-worker.js beside the module that starts it
  return new Worker(new URL('./file-worker.js', here), { workerData: data });
}

/**
 * V8 settings of the command (validate.ts VALIDATE_V8_FLAGS), process-wide: `set` them, `reset`
 * them to V8's defaults. A worker thread starts under V8's defaults (node's own compiled code for
 * its start-up is kept for those only; under other settings a worker's start costs about twice as
 * much CPU): the settings are reset while the workers start and set again before they load any
 * code of the command.
 */
export interface V8Settings {
  readonly set: string;
  readonly reset: string;
}

export interface FileJobs<R, E = string> {
  readonly inputs: readonly Input[];
  /** Threads in all, the main thread included (1: every file on this thread, no worker). */
  readonly jobs: number;
  readonly kind: JobKind;
  /** The options the workers make their runner from (structured-cloneable). */
  readonly options: unknown;
  /** This thread's runner, made from the same options. */
  readonly local: FileRunner<R, E>;
  /** The command's V8 settings, when it has set any. */
  readonly v8?: V8Settings;
  /** `jobs` is the default (no --jobs): fewer workers for a small input (see `workersFor`). */
  readonly auto?: boolean;
  /** Output, in the order of the files. */
  out(input: Input, out: E): void;
  /** A file's result, after its output, in the order of the files. */
  done(input: Input, result: R): void;
}

interface Slot<R, E> {
  out: E[];
  end?: { result?: R; error?: JobError };
}

/**
 * Bytes of input per worker thread when --jobs is not given. A worker pays for its start and for
 * compiling and warming up the replay code again (the extra CPU of `--jobs 2` over `--jobs 1`,
 * about 0.3 s here, docs/performance.md), which is about what one thread spends on 4 MB of games
 * (the 2,561 games of fixtures/games/xiangqi): below that a worker cannot pay back its start.
 */
export const BYTES_PER_WORKER = 4 << 20;

/**
 * How many of `workers` worker threads the files of `sizes` (bytes, in order; answered lazily)
 * are worth: one per BYTES_PER_WORKER of input, up to `workers`.
 */
export function workersFor(sizes: Iterable<number>, workers: number): number {
  let total = 0;
  for (const n of sizes) {
    total += n;
    if (total >= (workers + 1) * BYTES_PER_WORKER) break;
  }
  return Math.min(workers, Math.floor(total / BYTES_PER_WORKER));
}

/** The sizes of the input files (0 for one that cannot be read: its error comes when it is read). */
function* sizesOf(inputs: readonly Input[]): Generator<number> {
  for (const i of inputs) {
    try {
      yield statSync(i.raw ? Buffer.from(i.raw) : i.path).size;
    } catch {
      yield 0;
    }
  }
}

/**
 * Files a worker is given ahead, so that it does not wait for the main thread between files (which
 * lets messages in only between its own files): up to 16 while many files are left, down to one
 * near the end (the last files spread evenly).
 */
const ahead = (left: number, lanes: number): number => Math.max(1, Math.min(16, Math.floor(left / (lanes * 4))));

/** This thread lets the workers' messages in after a file when it has read files this long (ms). */
const YIELD_MS = 2;

/**
 * Runs every input through the lanes (see above); resolves when all are done and handed on, or
 * rejects with the first failure in the order of the files (its text before it handed on).
 */
export async function runFileJobs<R, E>(spec: FileJobs<R, E>): Promise<void> {
  const { inputs } = spec;
  // no more threads than files, nor than twice the cores (more would only cost memory and start-up)
  let workers = Math.max(0, Math.min(spec.jobs, inputs.length, 2 * Math.max(1, availableParallelism())) - 1);
  if (spec.auto && workers > 0) workers = workersFor(sizesOf(inputs), workers);
  const slots: (Slot<R, E> | undefined)[] = [];
  let head = 0;
  let next = 0;
  let failure: unknown = null;
  let settle: (() => void) | null = null;
  const finished = new Promise<void>((resolve) => (settle = resolve));
  const all: Worker[] = [];
  let onWorkers = 0;

  const stop = (e: unknown): void => {
    if (failure !== null) return;
    failure = e;
    for (const w of all) void w.terminate();
    settle?.();
  };
  /** Hands on what the head files have, in order. */
  const drain = (): void => {
    while (failure === null && head < inputs.length) {
      const s = slots[head];
      if (!s) return;
      if (s.out.length > 0) {
        for (const o of s.out) spec.out(inputs[head]!, o);
        s.out = [];
      }
      if (!s.end) return;
      slots[head] = undefined;
      if (s.end.error) {
        stop(rethrown(s.end.error));
        return;
      }
      try {
        spec.done(inputs[head]!, s.end.result as R);
      } catch (e) {
        stop(e);
        return;
      }
      head++;
    }
    if (head === inputs.length) {
      for (const w of all) void w.terminate();
      settle?.();
    }
  };
  const slot = (i: number): Slot<R, E> => (slots[i] ??= { out: [] });
  const take = (): number | null => (failure === null && next < inputs.length ? next++ : null);

  // the workers start under V8's defaults; once each has started (or failed), the settings are set again
  let starting = 0;
  const waiting: (() => void)[] = [];
  let allStarted: (ready: number) => void = () => {};
  const whenStarted = new Promise<number>((resolve) => (allStarted = resolve));
  const started = (): void => {
    if (--starting > 0) return;
    if (spec.v8) setV8(spec.v8.set);
    const ready = waiting.length;
    for (const go of waiting.splice(0)) go();
    allStarted(ready);
  };
  if (spec.v8 && workers > 0) setV8(spec.v8.reset);
  for (let k = 0; k < workers; k++) {
    let w: Worker;
    try {
      w = await spawnJobWorker({ kind: spec.kind, options: spec.options });
    } catch {
      break; // no worker here: the other lanes do its share
    }
    all.push(w);
    starting++;
    let ready = false;
    let inFlight = 0;
    const give = (): void => {
      const batch: JobRequest[] = [];
      while (inFlight < ahead(inputs.length - next, workers + 1)) {
        const i = take();
        if (i === null) break;
        inFlight++;
        onWorkers++;
        batch.push({ index: i, input: inputs[i]! });
      }
      if (batch.length > 0) w.postMessage(batch);
    };
    w.on('message', (m: JobReply<R>[] | typeof READY) => {
      if (m === READY) {
        ready = true;
        waiting.push(() => {
          w.postMessage(GO);
          give();
        });
        started();
        return;
      }
      for (const r of m) {
        const s = slot(r.index);
        for (const o of r.out) s.out.push(o as E);
        if (r.last) {
          s.end = { ...(r.result !== undefined ? { result: r.result } : {}), ...(r.error ? { error: r.error } : {}) };
          inFlight--;
        }
      }
      give();
      drain();
    });
    // a worker that cannot start (before READY) leaves its share to the other lanes; one that
    // fails later, with files it owes, is a failure of the run (a bug: exit 3)
    w.on('error', (e) => {
      if (ready) stop(e);
    });
    w.on('exit', () => {
      if (!ready) started();
      else if (inFlight > 0) stop(new Error('a worker thread stopped'));
    });
  }
  if (starting === 0) {
    if (spec.v8 && workers > 0) setV8(spec.v8.set);
    allStarted(0);
  }

  // this thread's lane: one file at a time, letting the workers' messages in between files
  const local = async (): Promise<void> => {
    let since = performance.now();
    for (let i = take(); i !== null; i = take()) {
      const s = slot(i);
      const emit = (t: E): void => {
        if (i === head && failure === null) spec.out(inputs[i]!, t);
        else s.out.push(t);
      };
      try {
        const result = await spec.local(inputs[i]!, emit);
        s.end = { result };
      } catch (e) {
        s.end = { error: jobError(e) };
      }
      drain();
      if (performance.now() - since >= YIELD_MS) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        since = performance.now();
      }
    }
  };
  // CHUHAN_JOBS_LOCAL=0 (tests): this thread reads no file while a worker does
  if (process.env.CHUHAN_JOBS_LOCAL !== '0' || (await whenStarted) === 0) await local();
  drain();
  await finished;
  // settings left reset by workers that never started
  if (starting > 0 && spec.v8) setV8(spec.v8.set);
  // CHUHAN_JOBS_CHECK=1 (tests): how many files the workers read
  if (process.env.CHUHAN_JOBS_CHECK === '1') process.stderr.write(`chuhan: jobs: ${onWorkers} of ${inputs.length} files on ${all.length} worker threads\n`);
  if (failure !== null) throw failure;
}

function setV8(flags: string): void {
  try {
    setFlagsFromString(flags);
  } catch {
    // a runtime without these settings: they only cost speed
  }
}
