/**
 * The trainer's progress, kept in the state folder (`<state>/puzzles.json`, written by the board's
 * store): the player's Glicko-2 rating for each game, and for every puzzle tried its rating, how
 * many rated attempts it had, whether it was solved and how often it was failed. Pure data here
 * (read, change, write as text); the file work is the host's.
 *
 *   {"version":1,
 *    "players":{"xiangqi":{"rating":1523.4,"rd":290.1,"vol":0.06,"solved":3,"failed":1}},
 *    "puzzles":{"xiangqi/shipped/xq-0042":{"rating":1610,"rd":140,"vol":0.06,"attempts":2,"solved":true,"failed":1,"last":"2026-12-07T01:02:03Z"}}}
 */
import { err, ok, type Result } from '../core/result.js';
import { GAMES, type GameId } from '../games/registry.js';
import { NEW_RATING, rateAttempt, type Glicko } from './rating.js';
import type { Puzzle } from './types.js';

export const PROGRESS_VERSION = 1;

export interface PlayerProgress extends Glicko {
  readonly solved: number;
  readonly failed: number;
}

export interface PuzzleProgress extends Glicko {
  /** Rated attempts (the first try of a puzzle each time it is dealt; a retry is not rated). */
  readonly attempts: number;
  /** Solved at least once. */
  readonly solved: boolean;
  /** Rated attempts failed. */
  readonly failed: number;
  /** When it was last rated (ISO 8601). */
  readonly last: string;
}

export interface Progress {
  readonly players: Readonly<Partial<Record<GameId, PlayerProgress>>>;
  readonly puzzles: Readonly<Record<string, PuzzleProgress>>;
}

export const emptyProgress = (): Progress => ({ players: {}, puzzles: {} });

/** A puzzle's key in the progress: `<game>/<library>/<id>`. */
export const puzzleKey = (library: string, p: Puzzle): string => `${p.game}/${library}/${p.id}`;

/** The player's rating in a game (a newcomer's when none is kept). */
export function playerOf(progress: Progress, game: GameId): PlayerProgress {
  return progress.players[game] ?? { ...NEW_RATING, solved: 0, failed: 0 };
}

/**
 * A puzzle's rating: kept, else from its source's difficulty (a deviation of 150: the source's
 * guess), else a newcomer's.
 */
export function puzzleRatingOf(progress: Progress, library: string, p: Puzzle): Glicko {
  const kept = progress.puzzles[puzzleKey(library, p)];
  if (kept) return kept;
  return p.rating === undefined ? NEW_RATING : { rating: p.rating, rd: 150, vol: 0.06 };
}

/** One rated attempt: the progress with the player and the puzzle rated, and both ratings before and after. */
export function recordAttempt(
  progress: Progress,
  library: string,
  p: Puzzle,
  solved: boolean,
  now: Date = new Date(),
): { progress: Progress; player: { before: Glicko; after: Glicko }; puzzle: { before: Glicko; after: Glicko } } {
  const player = playerOf(progress, p.game);
  const puzzle = puzzleRatingOf(progress, library, p);
  const key = puzzleKey(library, p);
  const kept = progress.puzzles[key];
  const r = rateAttempt(player, puzzle, solved);
  const rounded = (g: Glicko): Glicko => ({ rating: round(g.rating, 2), rd: round(g.rd, 2), vol: round(g.vol, 6) });
  const nextPlayer: PlayerProgress = { ...rounded(r.player), solved: player.solved + (solved ? 1 : 0), failed: player.failed + (solved ? 0 : 1) };
  const nextPuzzle: PuzzleProgress = {
    ...rounded(r.puzzle),
    attempts: (kept?.attempts ?? 0) + 1,
    solved: (kept?.solved ?? false) || solved,
    failed: (kept?.failed ?? 0) + (solved ? 0 : 1),
    last: now.toISOString().replace(/\.\d+Z$/, 'Z'),
  };
  return {
    progress: { players: { ...progress.players, [p.game]: nextPlayer }, puzzles: { ...progress.puzzles, [key]: nextPuzzle } },
    player: { before: player, after: nextPlayer },
    puzzle: { before: puzzle, after: nextPuzzle },
  };
}

/**
 * Merges one attempt into progress read again from the file (another trainer may have written it
 * since): this game's player and this puzzle are taken from `mine`, the rest from `onDisk`.
 */
export function mergeAttempt(onDisk: Progress, mine: Progress, game: GameId, key: string): Progress {
  const player = mine.players[game];
  const puzzle = mine.puzzles[key];
  return {
    players: player ? { ...onDisk.players, [game]: player } : onDisk.players,
    puzzles: puzzle ? { ...onDisk.puzzles, [key]: puzzle } : onDisk.puzzles,
  };
}

const round = (x: number, digits: number): number => Math.round(x * 10 ** digits) / 10 ** digits;

/** The progress as the file's text (stable key order: a diff shows what changed). */
export function formatProgress(p: Progress): string {
  const players: Record<string, PlayerProgress> = {};
  for (const k of Object.keys(p.players).sort()) players[k] = p.players[k as GameId]!;
  const puzzles: Record<string, PuzzleProgress> = {};
  for (const k of Object.keys(p.puzzles).sort()) puzzles[k] = p.puzzles[k]!;
  return `${JSON.stringify({ version: PROGRESS_VERSION, players, puzzles }, null, 1)}\n`;
}

const isNum = (x: unknown, lo: number, hi: number): x is number => typeof x === 'number' && Number.isFinite(x) && x >= lo && x <= hi;
const isGlicko = (x: Record<string, unknown>): boolean => isNum(x.rating, -2000, 6000) && isNum(x.rd, 0, 1000) && isNum(x.vol, 0, 10);

/** Reads the file's text; the error is one sentence (what is wrong, where). */
export function parseProgress(text: string): Result<Progress> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return err('it is not JSON');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return err('it is not a JSON object');
  const d = data as Record<string, unknown>;
  if (d.version !== PROGRESS_VERSION) return err(`its version is ${JSON.stringify(d.version)}, not ${PROGRESS_VERSION}`);
  const players: Partial<Record<GameId, PlayerProgress>> = {};
  const puzzles: Record<string, PuzzleProgress> = {};
  const obj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
  if (d.players !== undefined && !obj(d.players)) return err('its "players" is not an object');
  if (d.puzzles !== undefined && !obj(d.puzzles)) return err('its "puzzles" is not an object');
  for (const [k, v] of Object.entries((d.players as Record<string, unknown>) ?? {})) {
    if (!GAMES.some((g) => g.id === k)) continue; // a game this chuhan does not know: left out
    if (!obj(v) || !isGlicko(v) || !isNum(v.solved ?? 0, 0, 1e9) || !isNum(v.failed ?? 0, 0, 1e9)) return err(`the player's rating for ${k} is not a rating`);
    players[k as GameId] = { rating: v.rating as number, rd: v.rd as number, vol: v.vol as number, solved: (v.solved as number) ?? 0, failed: (v.failed as number) ?? 0 };
  }
  for (const [k, v] of Object.entries((d.puzzles as Record<string, unknown>) ?? {})) {
    if (!obj(v) || !isGlicko(v) || !isNum(v.attempts ?? 0, 0, 1e9) || !isNum(v.failed ?? 0, 0, 1e9))
      return err(`the entry of the puzzle ${JSON.stringify(k.slice(0, 80))} is not a puzzle's progress`);
    puzzles[k] = {
      rating: v.rating as number,
      rd: v.rd as number,
      vol: v.vol as number,
      attempts: (v.attempts as number) ?? 0,
      solved: v.solved === true,
      failed: (v.failed as number) ?? 0,
      last: typeof v.last === 'string' ? v.last : '',
    };
  }
  return ok({ players, puzzles });
}

/**
 * Whether a puzzle trains a theme: one of its themes is the theme, or under it (`endgame` takes
 * `endgame:rook`; `mate` takes `mate2` too).
 */
export function hasTheme(p: Puzzle, theme: string): boolean {
  const t = theme.toLowerCase();
  return p.themes.some((x) => x === t || x.startsWith(`${t}:`) || (t === 'mate' && /^mate\d+$/.test(x)));
}

/** The themes of a set, each with how many puzzles have it, by name. */
export function themeCounts(puzzles: readonly Puzzle[]): [string, number][] {
  const n = new Map<string, number>();
  for (const p of puzzles) for (const t of new Set(p.themes)) n.set(t, (n.get(t) ?? 0) + 1);
  return [...n].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/**
 * The next puzzle: among those of the theme not solved yet, the one whose rating is nearest the
 * player's (fewer attempts first on a tie, then the set's order), not `last` (the one just played)
 * while another is left; null when every puzzle of the theme is solved.
 */
export function nextPuzzle(progress: Progress, library: string, puzzles: readonly Puzzle[], theme: string | undefined, last?: string): Puzzle | null {
  const game = puzzles[0]?.game;
  if (!game) return null;
  const me = playerOf(progress, game).rating;
  let open = puzzles.filter((p) => (theme === undefined || hasTheme(p, theme)) && !progress.puzzles[puzzleKey(library, p)]?.solved);
  if (open.length > 1 && last !== undefined) open = open.filter((p) => p.id !== last);
  let best: Puzzle | null = null;
  let bestKey: [number, number] = [Infinity, Infinity];
  for (const p of open) {
    const key: [number, number] = [Math.abs(puzzleRatingOf(progress, library, p).rating - me), progress.puzzles[puzzleKey(library, p)]?.attempts ?? 0];
    if (key[0] < bestKey[0] || (key[0] === bestKey[0] && key[1] < bestKey[1])) {
      best = p;
      bestKey = key;
    }
  }
  return best;
}
