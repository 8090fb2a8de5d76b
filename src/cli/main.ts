/** The CLI entry: builds the commander program and maps failures to exit codes (cli.md). */
import { Command, CommanderError } from 'commander';
import { COMMANDS } from './commands/index.js';
import { escapeControls } from '../core/text.js';
import { CliError, processIo, type Io } from './context.js';

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

export async function main(argv: string[], given?: Io): Promise<number> {
  if (!given) guardPipes();
  const io = given ?? processIo();
  const program = new Command();
  program
    .name('chuhan')
    .description('Xiangqi and Chu Shogi in the terminal')
    .version('0.1.0')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) })
    .showSuggestionAfterError(true);
  if (argv.length === 0) argv = ['play'];
  try {
    // load just the command asked for (fast start-up); all of them for help or an unknown name
    const wanted = COMMANDS.find((c) => c.name === argv[0] || (argv[0] === 'analyze' && c.name === 'analyse'));
    for (const c of wanted ? [wanted] : COMMANDS) (await c.load())(program, io);
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (e) {
    if (e instanceof CliError) {
      // input quoted in a message is escaped where it is quoted; this is the last line of defence
      io.err(`chuhan: ${escapeControls(e.message)}\n`);
      return e.exitCode;
    }
    if (e instanceof CommanderError) {
      // help and version exit 0; usage errors were already printed by commander
      return e.exitCode === 0 ? 0 : 2;
    }
    const message = e instanceof Error ? e.message : String(e);
    io.err(`chuhan: internal error: ${escapeControls(message)}\n`);
    return 3;
  }
}
