/**
 * The games as light descriptors, for the quick paths of the CLI (`moves`): what is known about a
 * game before its module is loaded (id, the names it is typed as, its board's rank count), and the
 * loader of its `Game`. The default game (xiangqi) is imported with this module (a dynamic import
 * of it would only add module files to load at start-up); the others load on first use.
 * registry.ts has every game loaded, for everything else; the two list the same games, with the
 * same names and board shapes (test/games-catalog.test.ts).
 */
import { fenHasShape } from '../core/fen-shape.js';
import type { Game, GameId } from './game.js';
import { XIANGQI_GAME } from './xiangqi/game.js';

export interface GameDescriptor {
  readonly id: GameId;
  /** As the game's `aliases` (lower case). */
  readonly aliases: readonly string[];
  /** Files and ranks of the board: a FEN of this shape is this game's. */
  readonly files: number;
  readonly ranks: number;
  /** The notations `--notation` may name (the ids of the game's `notations`, in the order help lists them). */
  readonly notations: readonly string[];
  /** The game, its module loaded on first use (the default game's is already). */
  load(): Promise<Game>;
}

/** Every game, the default (xiangqi) first (as registry.ts's GAMES). */
export const CATALOG: readonly GameDescriptor[] = [
  {
    id: 'xiangqi',
    aliases: ['xiangqi', 'xq', 'chinese', 'chinesechess', 'cxq', '象棋'],
    files: 9,
    ranks: 10,
    notations: ['iccs', 'wxf', 'chinese', 'uci'],
    load: () => Promise.resolve(XIANGQI_GAME),
  },
  {
    id: 'chushogi',
    aliases: ['chushogi', 'chu', 'chu-shogi', '中将棋'],
    files: 12,
    ranks: 12,
    notations: ['usi', 'western'],
    load: () => import('./chushogi/game.js').then((m) => m.CHU_GAME),
  },
];

/** The game a typed name stands for (as registry.ts's gameFromName), or null. */
export function descriptorFromName(name: string): GameDescriptor | null {
  const n = name.trim().toLowerCase();
  return CATALOG.find((g) => g.aliases.includes(n)) ?? null;
}

/** The game a FEN's board shape (files and ranks) says, as registry.ts's gameOfFen, or null. */
export function descriptorOfFen(fen: string): GameDescriptor | null {
  return CATALOG.find((g) => fenHasShape(fen, g.files, g.ranks)) ?? null;
}
