/** The CLI entry: builds the commander program and maps failures to exit codes (cli.md). */
import { pathToFileURL } from 'node:url';
import { Command, CommanderError } from 'commander';
import { COMMANDS } from './commands/index.js';
import { CliError, processIo, type Io } from './context.js';

export async function main(argv: string[], io: Io = processIo()): Promise<number> {
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
      io.err(`chuhan: ${e.message}\n`);
      return e.exitCode;
    }
    if (e instanceof CommanderError) {
      // help and version exit 0; usage errors were already printed by commander
      return e.exitCode === 0 ? 0 : 2;
    }
    const message = e instanceof Error ? e.message : String(e);
    io.err(`chuhan: internal error: ${message}\n`);
    return 3;
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
