/**
 * How each engine protocol writes positions and moves when chuhan talks *to* an engine (the engine
 * client, `src/engine-client/`). The facts live in each game (`game.engineWire`,
 * src/games/<game>/engine-wire.ts), so the client never asks which game it is: a protocol a game
 * has no entry for is not spoken for that game.
 */
import type { ClientProtocol, EngineWire, GameId } from '../games/game.js';
import { GAMES, getGame } from '../games/registry.js';

export type { ClientProtocol, WireFormat } from '../games/game.js';
export type GameWire = EngineWire;

/** A game's wire formats. */
export const wireOf = (id: GameId): GameWire => getGame(id).engineWire;

/** The games a protocol can carry at all (before asking the engine). */
export const gamesOfProtocol = (p: ClientProtocol): GameId[] => GAMES.filter((g) => g.engineWire[p] !== undefined).map((g) => g.id);

/** The game a CECP variant name or a UCI_Variant value stands for. */
export function gameOfVariantName(name: string): GameId | null {
  const n = name.toLowerCase();
  for (const g of GAMES) {
    const w = g.engineWire;
    if (w.xboardVariant === n || w.uciVariants.includes(n)) return g.id;
  }
  const x = n.match(/^\d+x\d+\+\d+_(.+)$/);
  return x ? gameOfVariantName(x[1]!) : null;
}
