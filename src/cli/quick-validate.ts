/**
 * The quick `validate` (bin/chuhan.js runs it from a CommonJS bundle whose compiled code V8 keeps
 * in a code cache, scripts/bundle.mjs): a plain `validate` command line (its inputs, then plain
 * options: commands/validate.ts `plainValidateArgs`). Anything else answers null and goes to the
 * whole CLI (main.ts), which reads the same command line the same way.
 */
import { plainValidateArgs, runValidate, validateFiles } from './commands/validate.js';
import { setQuickWorker } from './jobs.js';
import { serveFileJobs } from './job-worker.js';
import { failed } from './failure.js';
import { directIo } from './direct-io.js';
import { readShippedTables } from './shipped-tables.js';

export async function quickValidate(args: readonly string[], bundleDir?: string): Promise<number | null> {
  const plain = plainValidateArgs(args);
  if (!plain) return null;
  // chu records: chu's move tables from the build's file (xiangqi's are in the bundle)
  if (bundleDir !== undefined) readShippedTables(bundleDir);
  // the workers of --jobs start as this command did: bin/chuhan.js runs this bundle with its code cache
  setQuickWorker({ kind: 'validate', script: new URL('../../bin/chuhan.js', import.meta.url), argv: [QUICK_WORKER, 'quick-validate.cjs', 'quickFileWorker'] });
  const io = directIo();
  try {
    await runValidate(plain.inputs, plain.opts, io);
    return 0;
  } catch (e) {
    return failed(e, io, null);
  }
}

/** bin/chuhan.js's first argument in a worker thread of `--jobs` that runs a quick bundle's worker entry. */
export const QUICK_WORKER = '--chuhan-quick-worker';

/** A worker thread of `validate --jobs` (jobs.ts), run by bin/chuhan.js from this bundle. */
export async function quickFileWorker(_args: readonly string[], bundleDir?: string): Promise<null> {
  if (bundleDir !== undefined) readShippedTables(bundleDir);
  serveFileJobs((d) => validateFiles(d.options as never));
  return null;
}
