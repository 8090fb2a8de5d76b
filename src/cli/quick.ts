/**
 * The quick `moves` (bin/chuhan.js runs it from a CommonJS bundle whose compiled code V8 keeps in a
 * code cache, scripts/bundle.mjs): a plain `moves` command line of any game, without --json
 * (chu's move tables read from the file the build made, shipped-tables.ts). Anything else answers null and goes to the whole CLI (main.ts).
 */
import { MOVES_OPTIONS, runMoves, type MovesOptions } from './commands/moves.js';
import { CliError } from '../tui/io.js';
import { directIo } from './direct-io.js';
import { escapeControls } from '../core/text.js';
import { plainOptions } from './plain-options.js';
import { readShippedTables } from './shipped-tables.js';

export async function quickMoves(args: readonly string[], bundleDir?: string): Promise<number | null> {
  const opts = plainOptions<MovesOptions>(args, MOVES_OPTIONS);
  if (!opts || opts.json) return null;
  if (bundleDir !== undefined) readShippedTables(bundleDir);
  // a closed pipe ends the program quietly with 141, another write error with its sentence and 2
  const io = directIo();
  try {
    await runMoves(opts, io);
    return 0;
  } catch (e) {
    if (e instanceof CliError) {
      io.err(`chuhan: ${escapeControls(e.message)}\n`);
      return e.exitCode;
    }
    throw e;
  }
}
