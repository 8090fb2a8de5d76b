/**
 * The quick `validate` (bin/chuhan.js runs it from a CommonJS bundle whose compiled code V8 keeps
 * in a code cache, scripts/bundle.mjs): a plain `validate` command line (its inputs, then plain
 * options: commands/validate.ts `plainValidateArgs`). Anything else answers null and goes to the
 * whole CLI (main.ts), which reads the same command line the same way.
 */
import { plainValidateArgs, runValidate } from './commands/validate.js';
import { failed } from './failure.js';
import { directIo } from './direct-io.js';
import { readShippedTables } from './shipped-tables.js';

export async function quickValidate(args: readonly string[], bundleDir?: string): Promise<number | null> {
  const plain = plainValidateArgs(args);
  if (!plain) return null;
  // chu records: chu's move tables from the build's file (xiangqi's are in the bundle)
  if (bundleDir !== undefined) readShippedTables(bundleDir);
  const io = directIo();
  try {
    await runValidate(plain.inputs, plain.opts, io);
    return 0;
  } catch (e) {
    return failed(e, io, null);
  }
}
