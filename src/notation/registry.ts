/**
 * One facade per game over the engine: positions from FEN/SFEN, moves to and from text.
 * Commands and the UI go through this so they stay game-agnostic.
 */
import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';
import type { Result } from '../core/result.js';
import type { Variant } from '../core/variant.js';
import { xiangqi, XIANGQI_START_FEN } from '../games/xiangqi/index.js';
import { chushogi, CHU_START_SFEN } from '../games/chushogi/index.js';
import { formatChuSfen } from './sfen.js';
import { parseChuFen } from './xboard.js';
import { formatUsi } from './usi.js';
import { formatXiangqiFen, parseXiangqiFen } from './fen.js';
import { formatIccs, formatUci } from './iccs.js';
import { formatWxf } from './wxf.js';
import { formatChinese } from './chinese.js';
import { parseChuMove, parseXiangqiMove } from './detect.js';
import { formatWestern } from './western.js';

export type GameId = 'xiangqi' | 'chushogi';

export interface Notation {
  readonly id: string;
  format(pos: Position, m: Move): string;
}

export interface Game {
  readonly id: GameId;
  readonly variant: Variant;
  readonly startFen: string;
  /** Names of the sides: [first, second]. */
  readonly sideNames: readonly [string, string];
  parseFen(text: string): Result<Position>;
  formatFen(pos: Position): string;
  /** The default coordinate notation (ICCS for xiangqi, USI for chu). */
  readonly coordinate: Notation;
  /** All output notations by id. */
  readonly notations: ReadonlyMap<string, Notation>;
  /** Reads a move in any notation the game accepts. */
  parseMove(pos: Position, text: string): Result<Move>;
}

const xiangqiGame: Game = {
  id: 'xiangqi',
  variant: xiangqi,
  startFen: XIANGQI_START_FEN,
  sideNames: ['red', 'black'],
  parseFen: parseXiangqiFen,
  formatFen: formatXiangqiFen,
  coordinate: { id: 'iccs', format: (_pos, m) => formatIccs(m) },
  notations: new Map<string, Notation>([
    ['iccs', { id: 'iccs', format: (_pos, m) => formatIccs(m) }],
    ['uci', { id: 'uci', format: (_pos, m) => formatUci(m) }],
    ['wxf', { id: 'wxf', format: (pos, m) => formatWxf(pos, m) }],
    ['chinese', { id: 'chinese', format: formatChinese }],
  ]),
  // any notation: ICCS (or UCI when only that fits), WXF, Chinese
  parseMove: (pos, text) => parseXiangqiMove(pos, text),
};

const chushogiGame: Game = {
  id: 'chushogi',
  variant: chushogi,
  startFen: CHU_START_SFEN,
  sideNames: ['sente', 'gote'],
  parseFen: parseChuFen,
  formatFen: formatChuSfen,
  coordinate: { id: 'usi', format: (_pos, m) => formatUsi(m) },
  notations: new Map<string, Notation>([
    ['usi', { id: 'usi', format: (_pos, m) => formatUsi(m) }],
    ['western', { id: 'western', format: (pos, m) => formatWestern(pos, m) }],
  ]),
  // any notation: USI (lishogi), XBoard/HaChu legs, western
  parseMove: (pos, text) => parseChuMove(pos, text),
};

const games = new Map<GameId, Game>([
  ['xiangqi', xiangqiGame],
  ['chushogi', chushogiGame],
]);

/** Registers a game (used by modules that add games or notations). */
export function registerGame(game: Game): void {
  games.set(game.id, game);
}

export function getGame(id: GameId): Game {
  const g = games.get(id);
  if (!g) throw new Error(`game ${id} is not available`);
  return g;
}

const ALIASES: Record<string, GameId> = {
  xiangqi: 'xiangqi', xq: 'xiangqi', chinese: 'xiangqi',
  chushogi: 'chushogi', chu: 'chushogi', 'chu-shogi': 'chushogi',
};

export function gameIdFromName(name: string): GameId | null {
  return ALIASES[name.toLowerCase()] ?? null;
}
