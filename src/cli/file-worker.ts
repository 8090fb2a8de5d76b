/**
 * A worker thread of `--jobs` (jobs.ts): runs the per-file function of its command on each file
 * it is sent, in the order sent, and posts the text and the result of each. It loads that
 * command's per-file code alone (scripts/bundle.mjs builds it as its own entry).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { JOB_TEXT_CHUNK, jobError, type FileRunner, type JobReply, type JobRequest, type JobWorkerData } from './jobs.js';

const data = workerData as JobWorkerData;
const port = parentPort!;

async function runnerOf(d: JobWorkerData): Promise<FileRunner<unknown>> {
  if (d.kind === 'validate') return (await import('./commands/validate.js')).validateFiles(d.options as never);
  return (await import('./commands/convert.js')).convertFiles(d.options as never);
}

const queue: JobRequest[] = [];
let running = false;
const ready = runnerOf(data);

async function work(): Promise<void> {
  if (running) return;
  running = true;
  const run = await ready;
  for (let job = queue.shift(); job; job = queue.shift()) {
    const { index } = job;
    let text = '';
    const emit = (t: string): void => {
      text += t;
      if (text.length >= JOB_TEXT_CHUNK) {
        port.postMessage({ index, text, last: false } satisfies JobReply<unknown>);
        text = '';
      }
    };
    try {
      const result = await run(job.input, emit);
      port.postMessage({ index, text, last: true, result } satisfies JobReply<unknown>);
    } catch (e) {
      port.postMessage({ index, text, last: true, error: jobError(e) } satisfies JobReply<unknown>);
    }
  }
  running = false;
}

port.on('message', (job: JobRequest) => {
  queue.push(job);
  void work();
});
