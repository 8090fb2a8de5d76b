/** `chuhan play`: the interactive Ink board (ink/react load only here, on demand). */
import type { Command } from 'commander';
import { parsePlayerKind, type PlayerKind } from '../../tui/types.js';
import { CliError, RULES_HELP, colorEnabled, resolveGame, type CommonOptions, type Io } from '../context.js';
import { parseLabels, parseStyle } from './show.js';

interface PlayCliOptions extends CommonOptions {
  red?: string;
  black?: string;
  level?: string;
  resume?: boolean;
  style?: string;
  labels?: string | boolean;
}

function player(flag: string, v: string | undefined): PlayerKind | undefined {
  if (v === undefined) return undefined;
  const k = parsePlayerKind(v);
  if (!k) throw new CliError(`${flag} must be human or computer, not "${v}"`);
  return k;
}

export function registerPlay(program: Command, io: Io): void {
  program
    .command('play')
    .description('the interactive board (default: you play red against the computer); the game is autosaved, --resume continues it')
    .option('-v, --variant <variant>', 'xiangqi | chushogi (aliases xq, chu)')
    .option('--rules <rules>', RULES_HELP)
    .option('--fen <fen>', 'the start position (FEN or SFEN)')
    .option('--red <player>', 'first side (red / sente): human | computer (default human)')
    .option('--black <player>', 'second side (black / gote): human | computer (default computer)')
    .option('--level <n>', 'computer strength, 1-8 (default 3)')
    .option('--resume', 'continue the autosaved game')
    .option('--style <style>', 'unicode (default) | ascii')
    .option('--labels [mode]', 'edge labels: iccs (default) | wxf | usi | none')
    .option('--no-labels', 'no edge labels')
    .option('--no-color', 'no colours (also NO_COLOR, or when stdout is not a terminal)')
    .action(async (opts: PlayCliOptions) => {
      const style = parseStyle(opts.style);
      const labels = parseLabels(opts.labels);
      const players: [PlayerKind | undefined, PlayerKind | undefined] = [player('--red', opts.red), player('--black', opts.black)];
      let level: number | undefined;
      if (opts.level !== undefined) {
        level = Number(opts.level);
        if (!/^\d+$/.test(opts.level) || level < 1 || level > 8) throw new CliError(`--level must be a number from 1 to 8, not "${opts.level}"`);
      }
      const game = resolveGame(opts);
      // Ink draws nothing but the last frame when it thinks it runs in CI (a CI or
      // CONTINUOUS_INTEGRATION variable); `play` runs in a terminal (run-play checks), so it must draw.
      for (const key of ['CI', 'CONTINUOUS_INTEGRATION']) if (key in process.env) process.env[key] = 'false';
      const { runPlay } = await import('../../tui/run-play.js');
      await runPlay({ game, fen: opts.fen, players, level, resume: !!opts.resume, color: colorEnabled(io, opts), style, labels, io });
    });
}
