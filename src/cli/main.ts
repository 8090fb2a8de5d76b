/** The CLI entry: builds the commander program and maps failures to exit codes (cli.md). */
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
  for (const register of COMMANDS) register(program, io);
  if (argv.length === 0 && program.commands.some((c) => c.name() === 'play')) argv = ['play'];
  try {
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
