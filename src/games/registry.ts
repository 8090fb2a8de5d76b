/**
 * The games: with catalog.ts (the same games as light descriptors, loaded on demand, for the CLI's
 * quick `moves`), the only place that lists game ids. Everything else reaches a game through its
 * `Game` object (src/games/game.ts), found here by id, by a name the user typed, or by its variant.
 */
import { fenHasShape } from '../core/fen-shape.js';
import type { Variant } from '../core/variant.js';
import type { Game, GameId } from './game.js';
import { CHU_GAME } from './chushogi/game.js';
import { XIANGQI_GAME } from './xiangqi/game.js';

export type { Game, GameDefaults, GameId, Notation, OpeningName, OpeningNamer, ProtocolGame, SquareNaming } from './game.js';

const BY_ID: Readonly<Record<GameId, Game>> = { xiangqi: XIANGQI_GAME, chushogi: CHU_GAME };

/** Every game, the default (xiangqi) first. */
export const GAMES: readonly Game[] = [XIANGQI_GAME, CHU_GAME];

/** The game played when none is named (CECP's `new`, `chuhan play` without --variant). */
export const DEFAULT_GAME: Game = XIANGQI_GAME;

export function getGame(id: GameId): Game {
  return BY_ID[id];
}

/** The game a typed name stands for (`xiangqi`, `xq`, `象棋`, `chu`, `中将棋`…), or null. */
export function gameFromName(name: string): Game | null {
  const n = name.trim().toLowerCase();
  return GAMES.find((g) => g.aliases.includes(n)) ?? null;
}

export function gameIdFromName(name: string): GameId | null {
  return gameFromName(name)?.id ?? null;
}

/** The game whose rules a variant is (null for a variant built elsewhere, e.g. a test's). */
export function gameOfVariant(v: Variant): Game | null {
  return GAMES.find((g) => g.variant === v || g.variant.spec.id === v.spec.id) ?? null;
}

/**
 * The game a FEN/SFEN is for, by its board's whole geometry (files and ranks; not the rank count
 * alone: a 10-rank board of another width is no xiangqi board), or null.
 */
export function gameOfFen(fen: string): Game | null {
  return GAMES.find((g) => fenHasShape(fen, g.variant.geometry.width, g.variant.geometry.height)) ?? null;
}
