/** `chuhan repl`: the line-oriented shell of cli.md; works with piped stdin. Exit 1 if any command failed. */
import type { Command } from 'commander';
import { CliError, RULES_HELP, VARIANT_HELP, colorEnabled, resolveGame, type CommonOptions, type Io } from '../context.js';
import { chalkPainter } from '../../tui/paint.js';
import { ENGINE_OPTION_HELP } from '../engine-choice.js';
import { choosePlayers, parseSeed } from '../player-choice.js';
import { parseLabels, parseStyle } from './show.js';
import { quoteInput } from '../../core/text.js';

interface ReplCliOptions extends CommonOptions {
  style?: string;
  labels?: string | boolean;
  red?: string;
  black?: string;
  engine?: string;
  movetime?: string;
  seed?: string;
  delay?: string;
}

export function registerRepl(program: Command, io: Io): void {
  program
    .command('repl')
    .description('a line-oriented shell (new, fen, move, undo, moves, show, perft, go, save, load, help, quit); reads piped stdin too; exit 1 if any command failed')
    .option('-v, --variant <variant>', VARIANT_HELP)
    .option('--rules <rules>', RULES_HELP)
    .option('--fen <fen>', 'the start position (FEN or SFEN)')
    .option('--style <style>', 'board style for show: unicode (default) | ascii')
    .option('--labels [mode]', 'edge labels: iccs (default) | wxf | usi | none')
    .option('--no-labels', 'no edge labels')
    .option('--delay <ms>', 'pause between computer-vs-computer moves (default 1000 at a terminal, 0 for piped input)')
    .option('--no-color', 'no colours (also NO_COLOR, or when stdout is not a terminal)')
    .option('--red <player>', 'first side: human | computer | an engine (default human)')
    .option('--black <player>', 'second side: human | computer | an engine (default human)')
    .option('-e, --engine <engine>', `the computer (go, hint, computer sides): ${ENGINE_OPTION_HELP}`)
    .option('--movetime <ms>', 'other engines: thinking time per move (default 1000)')
    .option('--seed <n>', "seed of the computer's random choices below level 8 (level shows it)")
    .action(async (opts: ReplCliOptions) => {
      const style = parseStyle(opts.style);
      const labels = parseLabels(opts.labels);
      const game = resolveGame(opts);
      const [{ Session }, { runRepl }, { closeComputer }, { nodeFiles }] = await Promise.all([
        import('../../tui/session.js'),
        import('../../tui/repl.js'),
        import('../../tui/engine-computer.js'),
        import('../../tui/files.js'),
      ]);
      const { players, computer } = choosePlayers(opts, io.env);
      const seed = parseSeed(opts.seed);
      const created = Session.create(game, {
        fen: opts.fen,
        style,
        labels,
        paint: chalkPainter(colorEnabled(io, opts)),
        files: nodeFiles(),
        computerName: computer.placeholder ? 'computer (placeholder)' : 'computer',
        ...(seed !== undefined ? { seed } : {}),
      });
      if (!created.ok) throw new CliError(`bad FEN: ${created.error}`);
      const interactive = Boolean(process.stdin.isTTY) && io.isTTY;
      if (players[0] || players[1]) created.value.players = [players[0] ?? 'human', players[1] ?? 'human'];
      if (opts.delay !== undefined && !/^\d+$/.test(opts.delay)) throw new CliError(`--delay must be a number of milliseconds, not ${quoteInput(opts.delay)}`);
      const delayMs = opts.delay !== undefined ? Number(opts.delay) : interactive ? 1000 : 0;
      let code: number;
      try {
        code = await runRepl({
          session: created.value,
          computer,
          input: process.stdin,
          output: process.stdout,
          io,
          interactive,
          delayMs,
        });
      } finally {
        await closeComputer(computer);
      }
      if (code !== 0) throw new CliError('some commands failed (see the errors above)', 1);
    });
}
