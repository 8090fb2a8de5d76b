/**
 * The CLI entry: builds the commander program and maps failures to exit codes (cli.md).
 *
 * Start-up is kept short: `--version` prints the version compiled in (src/cli/version.ts) without
 * loading commander; `--help` and unknown words register only the command list (names and
 * summaries from commands/index.ts), and a command loads its own module alone.
 */
import { COMMANDS, findCommand } from './commands/index.js';
import { processIo, type Io } from '../tui/io.js';
import { EXIT_PIPE, failed, guardPipes } from './failure.js';
import { VERSION } from './version.js';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readShippedTables } from './shipped-tables.js';
import type { PlayHandOver } from './commands/play.js';
import { plainOptions } from './plain-options.js';

export { plainOptions, EXIT_PIPE, guardPipes };

/**
 * Runs the command line `argv`; `given`: the I/O (tests), else the process's; `handOver`: what
 * bin/chuhan.js's quick play did before (src/cli/quick-play.ts: the terminal asked, the board drawn).
 */
export async function main(argv: string[], given?: Io, handOver?: PlayHandOver): Promise<number> {
  if (!given) guardPipes();
  // the tables files a build writes beside the bundle (dist/bundle; elsewhere there are none)
  readShippedTables(fileURLToPath(new URL('.', import.meta.url)));
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
  // `validate` with its inputs and then plain options (the common call of scripts): without commander
  if (argv[0] === 'validate') {
    const { plainValidateArgs, runValidate } = await import('./commands/validate.js');
    const plain = plainValidateArgs(argv.slice(1));
    if (plain) {
      try {
        await runValidate(plain.inputs, plain.opts, io);
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
    if (wanted) (await wanted.load())(program, io, handOver);
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
