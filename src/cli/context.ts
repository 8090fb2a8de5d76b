/** What every command shares: I/O streams, errors with exit codes, picking the game and position. */
import { getGame } from '../games/registry.js';
import type { Game } from '../games/game.js';
import { chosenGame, withRules, type CommonOptions } from './game-choice.js';
import { CliError, type Io } from '../tui/io.js';
import { quoteInput } from '../core/text.js';

export { CliError, processIo, type Io } from '../tui/io.js';
export { NOTATION_HELP, PROBLEM_HELP, RULES_HELP, VARIANT_HELP, VARIANT_NAMES, variantHelp, resolvePosition, withRules, type CommonOptions } from './game-choice.js';

/** The game named by --variant, or guessed from the FEN's rank count, or xiangqi (game-choice.ts). */
export function resolveGame(opts: CommonOptions): Game {
  return withRules(getGame(chosenGame(opts).id), opts.rules);
}

/** Colour is on only for a terminal without NO_COLOR and without --no-color. */
export const colorEnabled = (io: Io, opts: CommonOptions): boolean =>
  opts.color !== false && io.isTTY && !('NO_COLOR' in io.env && io.env.NO_COLOR !== '');

/**
 * Before an Ink board is drawn (`play`, `puzzle`): Ink draws nothing but the last frame where it
 * thinks it runs in CI (a CI or CONTINUOUS_INTEGRATION variable), and styles its text (bold, dim,
 * underline) with chalk's shared instance, which read no colour depth there when it loaded. The
 * board runs in a terminal (its runner checks), so it must draw, in colour when `color` says so.
 */
export async function readyInk(color: boolean): Promise<void> {
  for (const key of ['CI', 'CONTINUOUS_INTEGRATION']) if (key in process.env) process.env[key] = 'false';
  if (color) {
    const { default: chalk } = await import('chalk');
    if (chalk.level === 0) chalk.level = 1;
  }
}

/** `--delay MS` (play, puzzle): a whole number of milliseconds, or exit 2. */
export function parseDelay(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v)) throw new CliError(`--delay must be a number of milliseconds, not ${quoteInput(v)}`);
  return Number(v);
}
