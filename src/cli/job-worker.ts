/**
 * The loop of a worker thread of `--jobs` (jobs.ts): runs the per-file function of its command on
 * each file it is sent, in the order sent, and posts the text and the result of each. Started by
 * file-worker.ts (its own bundle entry) or, for `validate` from the quick bundle, by bin/chuhan.js
 * with that bundle's code cache (quick-validate.ts `quickFileWorker`).
 */
import { createRequire } from 'node:module';
import { GO, JOB_TEXT_CHUNK, READY, REPLY_MS, jobError, type FileRunner, type JobReply, type JobRequest, type JobWorkerData } from './jobs.js';

/**
 * node:worker_threads, loaded when a worker needs it: the quick validate bundle holds this file, and
 * a run of one file never starts a worker (jobs.ts loads `Worker` the same way).
 */
const threads = (): typeof import('node:worker_threads') => createRequire(import.meta.url)('node:worker_threads') as typeof import('node:worker_threads');

/**
 * Waits for the main thread's GO (jobs.ts: V8's settings of the command are set again), having
 * said READY; then `then`.
 */
export function awaitGo(then: () => void): void {
  const { parentPort: port } = threads();
  if (!port) return;
  port.once('message', (m: unknown) => {
    if (m === GO) then();
  });
  port.postMessage(READY);
}

/**
 * Serves the files the main thread sends, with the runner `make` gives for the worker's data
 * (after GO: see `awaitGo`).
 */
export function serveFileJobs<E>(make: (data: JobWorkerData) => FileRunner<unknown, E> | Promise<FileRunner<unknown, E>>): void {
  const { parentPort: port, workerData } = threads();
  if (!port) return;
  const data = workerData as JobWorkerData;
  const ready = Promise.resolve(make(data));
  const queue: JobRequest[] = [];
  let running = false;
  // replies go in batches (a message costs far more than a small file's report): when the text
  // reaches JOB_TEXT_CHUNK, when REPLY_MS have passed, and when the queue is empty
  let replies: JobReply<unknown>[] = [];
  let size = 0;
  let since = performance.now();
  const post = (): void => {
    if (replies.length > 0) port.postMessage(replies);
    replies = [];
    size = 0;
    since = performance.now();
  };
  const reply = (r: JobReply<unknown>, n: number): void => {
    replies.push(r);
    size += n;
    if (size >= JOB_TEXT_CHUNK || performance.now() - since >= REPLY_MS) post();
  };
  const work = async (): Promise<void> => {
    if (running) return;
    running = true;
    const run = await ready;
    for (let job = queue.shift(); job; job = queue.shift()) {
      const { index } = job;
      // text comes as one string (a list of many small strings costs more to post), other output as is
      let out: unknown[] = [];
      let size = 0;
      const emit = (o: unknown): void => {
        const n = out.length;
        if (typeof o === 'string') {
          if (n > 0 && typeof out[n - 1] === 'string') out[n - 1] += o;
          else out.push(o);
          size += o.length;
        } else {
          out.push(o);
          size += o !== null && typeof o === 'object' && 'body' in o ? (o.body as { length: number }).length : 64;
        }
        if (size >= JOB_TEXT_CHUNK) {
          reply({ index, out, last: false }, size);
          out = [];
          size = 0;
        }
      };
      try {
        const result = await run(job.input, emit);
        reply({ index, out, last: true, result }, size);
      } catch (e) {
        reply({ index, out, last: true, error: jobError(e) }, size);
      }
    }
    post();
    running = false;
  };
  port.on('message', (jobs: JobRequest[]) => {
    queue.push(...jobs);
    void work();
  });
}
