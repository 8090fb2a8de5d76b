/** How the CLI ends on a failure or a closed pipe (main.ts and the quick paths of bin/chuhan.js). */
import { CliError, EXIT_PIPE, endOnWriteError, type Io } from '../tui/io.js';
import { escapeControls } from '../core/text.js';

export { EXIT_PIPE };

let guarded = false;

/**
 * A closed pipe (`chuhan validate many.pgn | head -1`, a GUI quitting its engine) ends the program
 * at once and quietly with exit 141: no stack trace, no write after the reader left. Any other
 * failure to write (a full disk: `> /dev/full`, an I/O error) is no closed pipe: it is said in one
 * sentence on stderr and the exit code is 2 (io.ts `endOnWriteError`).
 */
export function guardPipes(exit: (code: number) => never = (c) => process.exit(c)): void {
  if (guarded) return;
  guarded = true;
  process.stdout.on('error', (e) => endOnWriteError(e, 'output', exit));
  process.stderr.on('error', (e) => endOnWriteError(e, 'error output', exit));
}

/** The exit code of a failure, its sentence printed (cli.md). */
export function failed(e: unknown, io: Io, commanderError: (abstract new (...a: never[]) => { exitCode: number }) | null): number {
  if (e instanceof CliError) {
    // input quoted in a message is escaped where it is quoted; this is the last line of defence
    io.err(`chuhan: ${escapeControls(e.message)}\n`);
    return e.exitCode;
  }
  if (commanderError && e instanceof commanderError) {
    // help and version exit 0; usage errors were already printed by commander
    return e.exitCode === 0 ? 0 : 2;
  }
  const message = e instanceof Error ? e.message : String(e);
  io.err(`chuhan: internal error: ${escapeControls(message)}\n`);
  return 3;
}

