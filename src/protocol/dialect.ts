/**
 * How the engine protocols write positions and moves. The CECP (XBoard) dialect of each game is
 * part of its Game (src/games/<game>/xboard.ts); this module adds UCI as Fairy-Stockfish speaks it
 * for xiangqi (ranks 1–10: `h3e3`, `b3b10`, standard FEN) and UCCI (ICCS moves, ranks 0–9,
 * standard FEN), and finds games by CECP variant name.
 */
import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';
import type { MoveProblem } from '../core/problem.js';
import type { Result } from '../core/result.js';
import type { ProtocolGame } from '../games/game.js';
import { GAMES } from '../games/registry.js';
import { formatIccs, formatUci, parseCoordinate } from '../games/xiangqi/notation/iccs.js';

export type { ProtocolGame } from '../games/game.js';

/** The game for a CECP variant name (`normal` and unknown names: null). */
export function gameForXboardVariant(name: string): ProtocolGame | null {
  const n = name.toLowerCase();
  for (const g of GAMES) if (g.xboard.xboardName === n || g.xboard.xboardAliases.includes(n)) return g.xboard;
  return null;
}

// --- UCI (Fairy-Stockfish) and UCCI coordinates for xiangqi -------------------------------------

/** `h3e3`, `b3b10`: files a–i, ranks 1–10. */
export const formatUciMove = formatUci;
export const parseUciMove = (pos: Position, text: string): Result<Move, MoveProblem> => parseCoordinate(pos, text, 'uci');
/** `h2e2`: files a–i, ranks 0–9 (ICCS). */
export const formatUcciMove = formatIccs;
export const parseUcciMove = (pos: Position, text: string): Result<Move, MoveProblem> => parseCoordinate(pos, text, 'iccs');
