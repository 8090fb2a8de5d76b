/**
 * Paths of the files the tests read. Everything lives in the repository (`fixtures/`), so a fresh
 * clone with nothing beside it passes `npm ci && npm test`; fixtures/*\/SOURCE.md say where each came from.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** `fixtures/` of the repository. */
export const FIXTURES = join(REPO, 'fixtures');
/** The real xiangqi game collections (`fixtures/games/xiangqi/`, with a trailing slash). */
export const XQ_GAMES = join(FIXTURES, 'games', 'xiangqi') + '/';
/** The real chu shogi games (`fixtures/games/chushogi/`, with a trailing slash). */
export const CHU_GAMES = join(FIXTURES, 'games', 'chushogi') + '/';
/** The seed document with the chu shogi piece diagrams. */
export const CHU_PIECE_SEED = join(FIXTURES, 'seeds', '004_7a04d097ac2faee5.txt');
/** A path under `fixtures/`. */
export const fixture = (...parts: string[]): string => join(FIXTURES, ...parts);

/** The moves (ICCS) of fixtures/engines/pikafish-game.pgn, the game the UCI and UCCI stand-ins know: red mates in 23 plies. */
export const pikafishGame = (): string[] =>
  readFileSync(fixture('engines', 'pikafish-game.pgn'), 'utf8')
    .split('\n')
    .filter((l) => !l.startsWith('['))
    .join(' ')
    .split(/\s+/)
    .filter((w) => /^[a-i]\d[a-i]\d$/.test(w));
