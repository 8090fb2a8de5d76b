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
  /** --rules: the game's rule set (chu: lishogi, jcsa). */
  rules?: string;
}

/** The --rules option's help text. */
export const RULES_HELP = 'chu rule set: lishogi (default) | jcsa (docs/rules.md)';

/** The game under the rule set --rules names (an error for an unknown set or a game without rule sets). */
export function withRules(game: Game, rules: string | undefined): Game {
  if (rules === undefined) return game;
  if (!game.withRules) throw new CliError(`--rules is for chu shogi only (${game.title} has one rule set)`);
  const g = game.withRules(rules);
  if (!g) throw new CliError(`unknown rules ${quoteInput(rules)} (use ${(game.ruleSets ?? []).join(' or ')})`);
  return g;
}

/** The game named by --variant, or guessed from the FEN's rank count, or xiangqi. */
export function resolveGame(opts: CommonOptions): Game {
  return withRules(resolveGameOnly(opts), opts.rules);
}

function resolveGameOnly(opts: CommonOptions): Game {
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
