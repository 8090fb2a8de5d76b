/** What every command shares: I/O streams, errors with exit codes, picking the game and position. */
import { getGame } from '../games/registry.js';
import type { Game } from '../games/game.js';
import { chosenGame, withRules, type CommonOptions } from './game-choice.js';
import type { Io } from '../tui/io.js';

export { CliError, processIo, type Io } from '../tui/io.js';
export { NOTATION_HELP, PROBLEM_HELP, RULES_HELP, VARIANT_HELP, VARIANT_NAMES, variantHelp, resolvePosition, withRules, type CommonOptions } from './game-choice.js';

/** The game named by --variant, or guessed from the FEN's rank count, or xiangqi (game-choice.ts). */
export function resolveGame(opts: CommonOptions): Game {
  return withRules(getGame(chosenGame(opts).id), opts.rules);
}

/** Colour is on only for a terminal without NO_COLOR and without --no-color. */
export const colorEnabled = (io: Io, opts: CommonOptions): boolean =>
  opts.color !== false && io.isTTY && !('NO_COLOR' in io.env && io.env.NO_COLOR !== '');
