/** `chuhan repl`: the line-oriented shell of cli.md; works with piped stdin. Exit 1 if any command failed. */
import type { Command } from 'commander';
import { CliError, RULES_HELP, colorEnabled, resolveGame, type CommonOptions, type Io } from '../context.js';
import { chalkPainter } from '../../tui/paint.js';
import { parseLabels, parseStyle } from './show.js';

interface ReplCliOptions extends CommonOptions {
  style?: string;
  labels?: string | boolean;
}

export function registerRepl(program: Command, io: Io): void {
  program
    .command('repl')
    .description('a line-oriented shell (new, fen, move, undo, moves, show, perft, go, save, load, help, quit); reads piped stdin too; exit 1 if any command failed')
    .option('-v, --variant <variant>', 'xiangqi | chushogi (aliases xq, chu)')
    .option('--rules <rules>', RULES_HELP)
    .option('--fen <fen>', 'the start position (FEN or SFEN)')
    .option('--style <style>', 'board style for show: unicode (default) | ascii')
    .option('--labels [mode]', 'edge labels: iccs (default) | wxf | usi | none')
    .option('--no-labels', 'no edge labels')
    .option('--no-color', 'no colours (also NO_COLOR, or when stdout is not a terminal)')
    .action(async (opts: ReplCliOptions) => {
      const style = parseStyle(opts.style);
      const labels = parseLabels(opts.labels);
      const game = resolveGame(opts);
      const [{ Session }, { runRepl }, { engineComputer }, { nodeFiles }] = await Promise.all([
        import('../../tui/session.js'),
        import('../../tui/repl.js'),
        import('../../tui/computer.js'),
        import('../../tui/files.js'),
      ]);
      const computer = engineComputer();
      const created = Session.create(game, {
        fen: opts.fen,
        style,
        labels,
        paint: chalkPainter(colorEnabled(io, opts)),
        files: nodeFiles(),
        computerName: computer.placeholder ? 'computer (placeholder)' : 'computer',
      });
      if (!created.ok) throw new CliError(`bad FEN: ${created.error}`);
      const interactive = Boolean(process.stdin.isTTY) && io.isTTY;
      const code = await runRepl({
        session: created.value,
        computer,
        input: process.stdin,
        output: process.stdout,
        io,
        interactive,
      });
      if (code !== 0) throw new CliError('some commands failed (see the errors above)', 1);
    });
}
