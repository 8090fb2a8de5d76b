/** What every command shares: I/O streams, errors with exit codes, picking the game and position. */
import type { Position } from '../core/position.js';
import { DEFAULT_GAME, GAMES, gameFromName, type Game } from '../games/registry.js';
import { quoteInput } from '../core/text.js';

import { CliError, type Io } from '../tui/io.js';
import { formatProblem } from '../core/problem.js';

export { CliError, processIo, type Io } from '../tui/io.js';

export interface CommonOptions {
  variant?: string;
  fen?: string;
  json?: boolean;
  color?: boolean;
}

/** The game named by --variant, or guessed from the FEN's rank count, or xiangqi. */
export function resolveGame(opts: CommonOptions): Game {
  if (opts.variant) {
    const game = gameFromName(opts.variant);
    if (!game) throw new CliError(`unknown variant ${quoteInput(opts.variant)} (use xiangqi or chushogi)`);
    return game;
  }
  if (opts.fen) {
    const ranks = opts.fen.trim().split(/\s+/)[0]!.split('/').length;
    const byRanks = GAMES.find((g) => g.variant.geometry.height === ranks);
    if (byRanks) return byRanks;
  }
  return DEFAULT_GAME;
}

export function resolvePosition(game: Game, opts: CommonOptions): Position {
  const r = game.parseFen(opts.fen ?? game.startFen);
  if (!r.ok) throw new CliError(formatProblem(r.error));
  return r.value;
}

/** Colour is on only for a terminal without NO_COLOR and without --no-color. */
export const colorEnabled = (io: Io, opts: CommonOptions): boolean =>
  opts.color !== false && io.isTTY && !('NO_COLOR' in io.env && io.env.NO_COLOR !== '');
