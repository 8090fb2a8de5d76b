/**
 * How the engine protocols write positions and moves. The CECP (XBoard) dialect of each game is
 * part of its Game (src/games/<game>/xboard.ts); UCI, UCCI and USI come from the game's
 * `engineWire` (the same table the engine client writes to other engines), and this module finds
 * games by CECP variant name.
 */
import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';
import type { MoveProblem } from '../core/problem.js';
import type { Result } from '../core/result.js';
import type { ClientProtocol, ProtocolGame, WireFormat } from '../games/game.js';
import { GAMES } from '../games/registry.js';

export type { ProtocolGame } from '../games/game.js';

/** The game for a CECP variant name (`normal` and unknown names: null). */
export function gameForXboardVariant(name: string): ProtocolGame | null {
  const n = name.toLowerCase();
  for (const g of GAMES) if (g.xboard.xboardName === n || g.xboard.xboardAliases.includes(n)) return g.xboard;
  return null;
}

// --- UCI (Fairy-Stockfish) and UCCI coordinates ------------------------------------------------
// One table per protocol per game: the game's `engineWire`, which the engine client uses too.

/** The wire format of the first game (registry order) that speaks the protocol. */
export function protocolWire(p: ClientProtocol): WireFormat {
  for (const g of GAMES) {
    const w = g.engineWire[p];
    if (w) return w;
  }
  throw new Error(`no game speaks ${p}`);
}

/** `h3e3`, `b3b10`: files a–i, ranks 1–10. */
export const parseUciMove = (pos: Position, text: string): Result<Move, MoveProblem> => protocolWire('uci').parseMove(pos, text);
