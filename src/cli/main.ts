/**
 * The CLI entry: builds the commander program and maps failures to exit codes (cli.md).
 *
 * Start-up is kept short: `--version` prints the version compiled in (src/cli/version.ts) without
 * loading commander; `--help` and unknown words register only the command list (names and
 * summaries from commands/index.ts), and a command loads its own module alone.
 */
import { COMMANDS, findCommand } from './commands/index.js';
import { CliError, processIo, type Io } from '../tui/io.js';
import { escapeControls } from '../core/text.js';
import { VERSION } from './version.js';
import { pathToFileURL } from 'node:url';
import { plainOptions } from './plain-options.js';

export { plainOptions };

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
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    io.out(`${VERSION}\n`);
    return 0;
  }
  // `moves` with plain options only (the common call of scripts and GUIs): without commander
  if (argv[0] === 'moves') {
    const { MOVES_OPTIONS, runMoves } = await import('./commands/moves.js');
    const opts = plainOptions(argv.slice(1), MOVES_OPTIONS);
    if (opts) {
      try {
        await runMoves(opts, io);
        return 0;
      } catch (e) {
        return failed(e, io, null);
      }
    }
  }
  const { Command, CommanderError, Help } = await import('commander');
  const program = new Command();
  program
    .name('chuhan')
    .description('Xiangqi and Chu Shogi in the terminal')
    .version(VERSION)
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) })
    .showSuggestionAfterError(true);
  if (argv.length === 0) argv = ['play'];
  try {
    // `chuhan help moves` is `chuhan moves --help`
    const wanted = findCommand(argv[0] === 'help' ? argv[1] : argv[0]);
    if (wanted) (await wanted.load())(program, io);
    else {
      // the command list only (help, an unknown word): no command module is loaded
      const help = new Help();
      program.configureHelp({ subcommandTerm: (cmd) => findCommand(cmd.name())?.term ?? help.subcommandTerm(cmd) });
      for (const c of COMMANDS) program.command(c.name).aliases(c.aliases ?? []).description(c.summary);
    }
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (e) {
    return failed(e, io, CommanderError);
  }
}

/** The exit code of a failure, its sentence printed (cli.md). */
function failed(e: unknown, io: Io, commanderError: (abstract new (...a: never[]) => { exitCode: number }) | null): number {
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

// run directly (`node dist/cli/main.js validate …`) as well as through bin/chuhan.js
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (e: unknown) => {
      process.stderr.write(`chuhan: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 3;
    },
  );
}
