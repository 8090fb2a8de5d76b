/**
 * XBoard's longest game, for the `xboard` PGN dialect of every game (`PgnDialect.unloadable`):
 * XBoard 4.9 keeps a game's positions in arrays of MAX_MOVES (1000), so its loader plays at most
 * 999 plies and stops a longer game at the 1000th with "Game too long; increase MAX_MOVES and
 * recompile" (XBoard 4.9.1 under Xvfb, 7 Dec 2026: lishogi chu game 4, 1,000 plies, loaded to ply
 * 999 and stopped; the same game cut to 999 plies loaded whole).
 */
export const XBOARD_MAX_PLIES = 999;

/** Why XBoard cannot load a game of this many plies, or null. */
export function xboardTooLong(plies: number): string | null {
  return plies > XBOARD_MAX_PLIES
    ? `it has ${plies} plies and XBoard loads at most ${XBOARD_MAX_PLIES} (its MAX_MOVES), stopping at ply ${XBOARD_MAX_PLIES + 1} with "Game too long"`
    : null;
}
