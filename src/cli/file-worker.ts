/**
 * The entry of a worker thread of `--jobs` (jobs.ts; scripts/bundle.mjs builds it as its own
 * entry, dist/bundle/file-worker.js): serves the files of its command, loading that command's
 * per-file code alone.
 */
import type { FileRunner } from './jobs.js';
import { awaitGo, serveFileJobs } from './job-worker.js';

awaitGo(() =>
  serveFileJobs(async (d): Promise<FileRunner<unknown, unknown>> => {
    if (d.kind === 'validate') return (await import('./commands/validate.js')).validateFiles(d.options as never) as FileRunner<unknown, unknown>;
    return (await import('./commands/convert.js')).convertFiles(d.options as never) as FileRunner<unknown, unknown>;
  }),
);
