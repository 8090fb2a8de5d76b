/**
 * The quick `moves` (bin/chuhan.js runs it from a CommonJS bundle whose compiled code V8 keeps in a
 * code cache, scripts/bundle.mjs): a plain `moves` command line of the default game, without
 * --json. Anything else answers null and goes to the whole CLI (main.ts).
 */
import { MOVES_OPTIONS, runMoves, type MovesOptions } from './commands/moves.js';
import { chosenGame } from './game-choice.js';
import { CATALOG } from '../games/catalog.js';
import { CliError, processIo } from '../tui/io.js';
import { escapeControls } from '../core/text.js';
import { plainOptions } from './plain-options.js';
import { guardPipes } from './failure.js';

export async function quickMoves(args: readonly string[]): Promise<number | null> {
  const opts = plainOptions<MovesOptions>(args, MOVES_OPTIONS);
  if (!opts || opts.json) return null;
  const io = processIo();
  // a closed pipe ends the program quietly with 141, another write error with its sentence and 2
  guardPipes();
  try {
    if (chosenGame(opts) !== CATALOG[0]) return null;
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
