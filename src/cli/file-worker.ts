/**
 * The entry of a worker thread of `--jobs` (jobs.ts; scripts/bundle.mjs builds it as its own
 * entry, dist/bundle/file-worker.js): serves the files of its command, loading that command's
 * per-file code alone.
 */
import { awaitGo, serveFileJobs } from './job-worker.js';

awaitGo(() =>
  serveFileJobs(async (d) => {
    if (d.kind === 'validate') return (await import('./commands/validate.js')).validateFiles(d.options as never);
    throw new Error(`no worker for ${d.kind}`);
  }),
);
