/**
 * Playing levels 1–8. Each level is a depth cap, a node budget (deterministic) and a time cap (for
 * interactive play; matches ignore it so they replay exactly), plus score noise on the weakest
 * levels, where every root move gets an exact score and the engine picks the best after adding a
 * uniform random amount up to `noise` centipawns, and a seeded random choice among the moves within
 * `margin` centipawns of the best on the levels 4–7.
 */
export interface Level {
  readonly level: number;
  /** Maximum depth in plies. */
  readonly depth: number;
  /** Node budget per move (also what bounds a deterministic search, which ignores time). */
  readonly nodes: number;
  /** Time cap per move in ms. */
  readonly timeMs: number;
  /** Random centipawns added to root scores (0: always the best move found). */
  readonly noise: number;
  /**
   * Below the top level without noise: a seeded random pick among the root moves scoring within
   * this many centipawns of the best (0: the best move), so a repeated game takes another course.
   */
  readonly margin: number;
  /** What it is, for help texts. */
  readonly summary: string;
}

export const LEVELS: readonly Level[] = [
  { level: 1, depth: 1, nodes: 20_000, timeMs: 200, margin: 0, noise: 300, summary: 'depth 1, large random error' },
  { level: 2, depth: 2, nodes: 50_000, timeMs: 300, margin: 0, noise: 150, summary: 'depth 2, random error' },
  { level: 3, depth: 3, nodes: 100_000, timeMs: 500, margin: 0, noise: 60, summary: 'depth 3, small random error' },
  // level 4: depth 6 (was 4 until the fourth round of levels, where xiangqi level 4 at 0.03 s a move lost
  // every game to level 5 at 0.3 s); chu stops at the 150k nodes either way (depth 2–3)
  { level: 4, depth: 6, nodes: 150_000, timeMs: 1_000, margin: 40, noise: 0, summary: 'depth 6 or 150k nodes' },
  { level: 5, depth: 64, nodes: 300_000, timeMs: 1_500, margin: 30, noise: 0, summary: '300k nodes or 1.5 s' },
  { level: 6, depth: 64, nodes: 1_200_000, timeMs: 3_000, margin: 20, noise: 0, summary: '1.2M nodes or 3 s' },
  { level: 7, depth: 64, nodes: 5_000_000, timeMs: 6_000, margin: 10, noise: 0, summary: '5M nodes or 6 s' },
  { level: 8, depth: 64, nodes: 30_000_000, timeMs: 12_000, margin: 0, noise: 0, summary: '30M nodes or 12 s (at least 6 s)' },
];

export const MIN_LEVEL = 1;
export const MAX_LEVEL = 8;

/** The level's settings; levels outside 1–8 are clamped, fractions rounded. */
export function levelSettings(level: number): Level {
  const l = Math.min(MAX_LEVEL, Math.max(MIN_LEVEL, Math.round(Number.isFinite(level) ? level : 4)));
  return LEVELS[l - 1]!;
}
