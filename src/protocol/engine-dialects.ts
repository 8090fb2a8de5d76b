/**
 * Per game, how each engine protocol writes positions and moves when chuhan talks *to* an engine
 * (the engine client, `src/engine-client/`). One table keyed by game id, so the client never asks
 * which game it is: a protocol a game has no entry for is not spoken for that game.
 *
 * - xiangqi: UCI as Fairy-Stockfish (`UCI_Variant xiangqi`, ranks 1–10: `h3e3`, `b3b10`, standard
 *   FEN); UCCI (ICCS ranks 0–9, standard FEN); XBoard (ICCS, XBoard's FEN with H/E, `variant xiangqi`).
 * - chu: USI as lishogi writes it (SFEN, `7g7f`, lion double moves `7j7i6h`, passes `8g7g8g`);
 *   XBoard (files a–l, ranks 1–12, legs `f5e6,e6e7`, pass `@@@@`, `variant chu`).
 *
 * The table is the place a `Game` object can take these facts from.
 */
import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';
import type { Result } from '../core/result.js';
import type { GameId } from '../notation/registry.js';
import { formatXiangqiFen } from '../notation/fen.js';
import { formatChuSfen } from '../notation/sfen.js';
import { formatUsi, parseUsi } from '../notation/usi.js';
import { CHU, XIANGQI, formatUcciMove, formatUciMove, parseUcciMove, parseUciMove } from './dialect.js';

export type ClientProtocol = 'uci' | 'ucci' | 'usi' | 'xboard';

export interface WireFormat {
  /** The position as this protocol's `position`/`setboard` command wants it. */
  fen(pos: Position): string;
  /** A move as the engine expects it (the position before the move, for chu's `@@@@`). */
  formatMove(m: Move, pos: Position): string;
  /** A move as the engine writes it, looked up among our legal moves. */
  parseMove(pos: Position, text: string): Result<Move>;
}

export interface GameWire {
  readonly uci?: WireFormat;
  readonly ucci?: WireFormat;
  readonly usi?: WireFormat;
  readonly xboard?: WireFormat;
  /** CECP's `variant` name. */
  readonly xboardVariant: string;
  /** Names a UCI engine's `UCI_Variant` option may give this game (the first is preferred). */
  readonly uciVariants: readonly string[];
  /** A fresh start position (a position equal to it needs no `setboard`). */
  start(): Position;
}

const xiangqiWire: GameWire = {
  uci: { fen: formatXiangqiFen, formatMove: (m) => formatUciMove(m), parseMove: parseUciMove },
  ucci: { fen: formatXiangqiFen, formatMove: (m) => formatUcciMove(m), parseMove: parseUcciMove },
  xboard: { fen: (p) => XIANGQI.formatFen(p), formatMove: (m) => XIANGQI.formatMove(m), parseMove: (p, t) => XIANGQI.parseMove(p, t) },
  xboardVariant: XIANGQI.xboardName,
  uciVariants: ['xiangqi'],
  start: () => XIANGQI.start(),
};

const chuWire: GameWire = {
  usi: { fen: formatChuSfen, formatMove: (m) => formatUsi(m), parseMove: parseUsi },
  xboard: { fen: (p) => CHU.formatFen(p), formatMove: (m, p) => CHU.formatMove(m, p), parseMove: (p, t) => CHU.parseMove(p, t) },
  xboardVariant: CHU.xboardName,
  uciVariants: ['chushogi', 'chu'],
  start: () => CHU.start(),
};

export const GAME_WIRES: Readonly<Record<GameId, GameWire>> = { xiangqi: xiangqiWire, chushogi: chuWire };

/** The games a protocol can carry at all (before asking the engine). */
export const gamesOfProtocol = (p: ClientProtocol): GameId[] =>
  (Object.keys(GAME_WIRES) as GameId[]).filter((g) => GAME_WIRES[g][p] !== undefined);

/** The game a CECP variant name or a UCI_Variant value stands for. */
export function gameOfVariantName(name: string): GameId | null {
  const n = name.toLowerCase();
  for (const g of Object.keys(GAME_WIRES) as GameId[]) {
    const w = GAME_WIRES[g];
    if (w.xboardVariant === n || w.uciVariants.includes(n)) return g;
  }
  const x = n.match(/^\d+x\d+\+\d+_(.+)$/);
  return x ? gameOfVariantName(x[1]!) : null;
}
