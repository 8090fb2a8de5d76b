/** How the CLI ends on a failure or a closed pipe (main.ts and the quick paths of bin/chuhan.js). */
import { CliError, type Io } from '../tui/io.js';
import { escapeControls } from '../core/text.js';

/** The exit code when the reader of stdout (or stderr) goes away: 128 + SIGPIPE, as a shell reports a C tool killed by it. */
export const EXIT_PIPE = 141;

let guarded = false;

/**
 * A closed pipe (`chuhan validate many.pgn | head -1`, a GUI quitting its engine) ends the program
 * at once and quietly with exit 141: no stack trace, no write after the reader left.
 */
export function guardPipes(exit: (code: number) => never = (c) => process.exit(c)): void {
  if (guarded) return;
  guarded = true;
  for (const stream of [process.stdout, process.stderr]) {
    // EPIPE, or any other failure to write the output: nothing more can be said, end as for a closed pipe
    stream.on('error', () => exit(EXIT_PIPE));
  }
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

