/** What every command shares: I/O streams, errors with exit codes, picking the game and position. */
import type { Position } from '../core/position.js';
import { gameIdFromName, getGame, type Game, type GameId } from '../notation/registry.js';
import { quoteInput } from '../core/text.js';

export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Is stdout a terminal (colour, interactive)? */
  readonly isTTY: boolean;
  readonly env: Record<string, string | undefined>;
}

export const processIo = (): Io => ({
  out: (t) => void process.stdout.write(t),
  err: (t) => void process.stderr.write(t),
  isTTY: Boolean(process.stdout.isTTY),
  env: process.env,
});

/** An expected failure: printed as one sentence on stderr, exit code 1 or 2 (cli.md). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 2,
  ) {
    super(message);
  }
}

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
    if (!id) throw new CliError(`unknown variant ${quoteInput(opts.variant)} (use xiangqi or chushogi)`);
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
