/**
 * A puzzle: a position, the one winning line from it, and what it trains. Every source (the
 * shipped sets chuhan generated from real games, `.eglib` endgame libraries, chu mate problems)
 * is read into this one shape; the trainer (`chuhan puzzle`) and the checker (`--check`) use it.
 */
import type { GameId } from '../games/registry.js';

export interface Puzzle {
  /** Unique within its library, e.g. `xq-0042`; a library file's entry number where it has no id. */
  readonly id: string;
  readonly game: GameId;
  /** The position, in the game's FEN/SFEN, with the solver to move. */
  readonly fen: string;
  /**
   * The winning line in the game's coordinate notation (xiangqi `h2e2`, chu as `chuhan moves`
   * prints it): the solver's move, the reply, …, ending with the solver's last move.
   */
  readonly solution: readonly string[];
  /**
   * What it trains, lower-case tokens: `mate` and `mateN` (N = the solver's moves), `material`
   * (a decisive gain), `phase:opening|middlegame|endgame`, `endgame:<kind>` (e.g. `endgame:rook`).
   */
  readonly themes: readonly string[];
  /** Where it comes from: a game (players, event, year, ply) or a library file and entry. */
  readonly source: string;
  /** A starting rating on the Glicko-2 scale (1500 = average), where the source gives a difficulty. */
  readonly rating?: number;
}
