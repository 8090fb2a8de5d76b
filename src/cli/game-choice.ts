/**
 * Picking the game and the position from the common options, without loading any game
 * (games/catalog.ts): context.ts's resolveGame (every game loaded) and the quick path of `moves`
 * (only the game asked for is loaded, `loadGame`) decide alike.
 */
import type { Position } from '../core/position.js';
import { formatProblem } from '../core/problem.js';
import { quoteInput } from '../core/text.js';
import { CATALOG, descriptorFromName, descriptorOfFen, type GameDescriptor } from '../games/catalog.js';
import type { Game } from '../games/game.js';
import { CliError } from '../tui/io.js';

export interface CommonOptions {
  variant?: string;
  fen?: string;
  json?: boolean;
  color?: boolean;
  /** --rules: the game's rule set (chu: lishogi, jcsa). */
  rules?: string;
  /** --problem: the --fen position is a mate problem (chu: the side to move may have no royal). */
  problem?: boolean;
}

const IDS = CATALOG.map((g) => g.id);

/** The game ids for a message: `xiangqi or chushogi`. */
export const VARIANT_NAMES = IDS.length > 1 ? `${IDS.slice(0, -1).join(', ')} or ${IDS[IDS.length - 1]}` : IDS.join('');

/** A --variant option's help text: the game ids, then a note in parentheses. */
export const variantHelp = (note: string): string => `${IDS.join(' | ')} (${note})`;

/** The --variant option's help text: every game's id and its first alias after it (`xq`, `chu`). */
export const VARIANT_HELP = variantHelp(`aliases ${CATALOG.map((g) => g.aliases[1] ?? g.id).join(', ')}`);

/** The --notation option's help text: each game's notations. */
export const NOTATION_HELP = CATALOG.map((g) => `${g.id}: ${g.notations.join(' | ')}`).join('; ');

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

/** The game named by --variant, or guessed from the FEN's rank count, or xiangqi (the first). */
export function chosenGame(opts: CommonOptions): GameDescriptor {
  if (opts.variant) {
    const game = descriptorFromName(opts.variant);
    if (!game) throw new CliError(`unknown variant ${quoteInput(opts.variant)} (use ${VARIANT_NAMES})`);
    return game;
  }
  if (opts.fen) {
    const byShape = descriptorOfFen(opts.fen);
    if (byShape) return byShape;
  }
  return CATALOG[0]!;
}

/** The chosen game (`chosenGame`, under --rules), its module loaded now. */
export async function loadGame(opts: CommonOptions): Promise<Game> {
  return withRules(await chosenGame(opts).load(), opts.rules);
}

/** The --problem option's help text. */
export const PROBLEM_HELP = 'the --fen position is a mate problem: a side to move without royals plays on (chu; default: it has lost)';

/** The --fen position, given alone: a finished game where the side to move has lost its royals, unless --problem. */
export function resolvePosition(game: Game, opts: CommonOptions): Position {
  const r = opts.fen === undefined ? game.parseFen(game.startFen) : game.parseFen(opts.fen, opts.problem ? 'problem' : 'position');
  if (!r.ok) throw new CliError(formatProblem(r.error));
  return r.value;
}
