/** What every command shares: I/O streams, errors with exit codes, picking the game and position. */
import type { Position } from '../core/position.js';
import { CliError, type Io } from './io.js';
import { gameIdFromName, getGame, type Game, type GameId } from '../notation/registry.js';

export { CliError, processIo, type Io } from './io.js';

export interface CommonOptions {
  variant?: string;
  fen?: string;
  json?: boolean;
  color?: boolean;
}

/** The game named by --variant, or guessed from the FEN's rank count, or xiangqi. */
export function resolveGame(opts: CommonOptions): Game {
  if (opts.variant) {
    const id = gameIdFromName(opts.variant);
    if (!id) throw new CliError(`unknown variant "${opts.variant}" (use xiangqi or chushogi)`);
    return getGame(id);
  }
  if (opts.fen) {
    const ranks = opts.fen.trim().split(/\s+/)[0]!.split('/').length;
    if (ranks === 12) return getGame('chushogi' as GameId);
  }
  return getGame('xiangqi');
}

export function resolvePosition(game: Game, opts: CommonOptions): Position {
  const r = game.parseFen(opts.fen ?? game.startFen);
  if (!r.ok) throw new CliError(r.error);
  return r.value;
}

/** Colour is on only for a terminal without NO_COLOR and without --no-color. */
export const colorEnabled = (io: Io, opts: CommonOptions): boolean =>
  opts.color !== false && io.isTTY && !('NO_COLOR' in io.env && io.env.NO_COLOR !== '');
