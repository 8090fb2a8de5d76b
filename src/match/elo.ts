/**
 * Match statistics: the Elo difference from a score with a 95% error margin, the score with its
 * 95% interval, from the per-game score variance (trinomial: wins/draws/losses) or, for games
 * played in pairs on the same opening with colours swapped, from the variance of the pair scores
 * (pentanomial: pairs scoring 0, ½, 1, 1½, 2), which counts the opening's share of the result
 * once; and a sequential probability ratio test (GSPRT, the normal approximation cutechess and
 * fishtest use) of elo0 against elo1.
 *
 * `elo(p) = -400·log10(1/p - 1)`; σ = sd(score per game, or per pair / 2) / √n; the score interval
 * is p ± 1.96·σ and the Elo margin half the width of its image under elo().
 */

export interface Score {
  wins: number;
  draws: number;
  losses: number;
}

export interface EloEstimate {
  /** Games counted (pentanomial: 2 × pairs). */
  games: number;
  /** Mean points per game (0..1). */
  score: number;
  /** The 95% interval of the score (clipped to 0..1). */
  scoreLow: number;
  scoreHigh: number;
  /** Elo difference (positive: the first player is stronger); ±Infinity for 100% / 0%. */
  elo: number;
  /** Half-width of the 95% interval in Elo (Infinity when it reaches 0% or 100%). */
  margin: number;
  /** The 95% interval itself. */
  low: number;
  high: number;
}

export const eloFromScore = (p: number): number =>
  p <= 0 ? -Infinity : p >= 1 ? Infinity : -400 * Math.log10(1 / p - 1) + 0; // + 0: no -0

/** The expected score of an Elo difference (logistic). */
export const scoreFromElo = (elo: number): number => 1 / (1 + 10 ** (-elo / 400));

const Z95 = 1.959964;

/** Mean and variance (per sample, divided by n) of scores with weights (counts). */
function moments(values: readonly number[], counts: readonly number[]): { n: number; mean: number; variance: number } {
  const n = counts.reduce((a, b) => a + b, 0);
  if (n === 0) return { n: 0, mean: 0.5, variance: 0 };
  const mean = values.reduce((a, v, i) => a + v * counts[i]!, 0) / n;
  const variance = values.reduce((a, v, i) => a + counts[i]! * (v - mean) ** 2, 0) / n;
  return { n, mean, variance };
}

function estimate(games: number, m: { n: number; mean: number; variance: number }): EloEstimate {
  if (m.n === 0) return { games: 0, score: 0.5, scoreLow: 0, scoreHigh: 1, elo: 0, margin: Infinity, low: -Infinity, high: Infinity };
  const p = m.mean;
  const sigma = Math.sqrt(m.variance / m.n);
  const low = eloFromScore(p - Z95 * sigma);
  const high = eloFromScore(p + Z95 * sigma);
  // one sample has no spread to measure: no margin
  const margin = m.n >= 2 && Number.isFinite(low) && Number.isFinite(high) ? (high - low) / 2 : Infinity;
  // every sample won (lost): the normal interval collapses to a point; Wilson's bound instead
  const n = m.n;
  const edge = m.variance === 0 && (p === 0 || p === 1);
  return {
    games,
    score: p,
    scoreLow: edge ? (p === 1 ? n / (n + Z95 * Z95) : 0) : Math.max(0, p - Z95 * sigma),
    scoreHigh: edge ? (p === 0 ? (Z95 * Z95) / (n + Z95 * Z95) : 1) : Math.min(1, p + Z95 * sigma),
    elo: eloFromScore(p),
    margin,
    low,
    high,
  };
}

/** Trinomial estimate from wins, draws and losses. */
export function estimateElo(s: Score): EloEstimate {
  const m = moments([1, 0.5, 0], [s.wins, s.draws, s.losses]);
  return estimate(m.n, m);
}

/** Pair counts by pair score 0, ½, 1, 1½, 2 (the first player's points in the two games). */
export type Pentanomial = readonly [number, number, number, number, number];

/** Pentanomial estimate from pairs of games (each pair's score / 2 is one sample). */
export function estimateEloPairs(p: Pentanomial): EloEstimate {
  const m = moments([0, 0.25, 0.5, 0.75, 1], p);
  return estimate(2 * m.n, m);
}

/** Pairs from games in order: games 2k and 2k+1 form pair k; pairs with a void game (null) or a missing second game are left out. */
export function pentanomialOf(scores: readonly (number | null)[]): Pentanomial {
  const p = [0, 0, 0, 0, 0];
  for (let k = 0; 2 * k + 1 < scores.length; k++) {
    const a = scores[2 * k];
    const b = scores[2 * k + 1];
    if (a === null || a === undefined || b === null || b === undefined) continue;
    p[Math.round((a + b) * 2)]!++;
  }
  return p as unknown as Pentanomial;
}

export interface SprtResult {
  llr: number;
  /** Bounds: accept H0 (elo0) at or below `lower`, H1 (elo1) at or above `upper`. */
  lower: number;
  upper: number;
  verdict: 'H0' | 'H1' | null;
}

/**
 * GSPRT log-likelihood ratio (normal approximation): LLR = n·(s1 − s0)·(2·mean − s0 − s1) / (2·var),
 * with s0, s1 the expected scores of elo0 and elo1 (logistic Elo), mean and var the sample mean and
 * variance of the samples (games, or pairs scored / 2). Bounds ln(β/(1−α)) and ln((1−β)/α).
 * `sprtTrinomial`/`sprtPentanomial` add one pseudo-sample at each extreme (a loss and a win, a
 * 0- and a 2-point pair) so that a few identical results (variance 0) cannot decide the test;
 * over a real test (hundreds of games) this moves the LLR by well under 1%. A variance still 0 is
 * taken as 1e-4.
 */
export function sprtLlr(m: { n: number; mean: number; variance: number }, elo0: number, elo1: number, alpha = 0.05, beta = 0.05): SprtResult {
  const lower = Math.log(beta / (1 - alpha));
  const upper = Math.log((1 - beta) / alpha);
  const s0 = scoreFromElo(elo0);
  const s1 = scoreFromElo(elo1);
  const llr = m.n === 0 ? 0 : (m.n * (s1 - s0) * (2 * m.mean - s0 - s1)) / (2 * Math.max(m.variance, 1e-4));
  return { llr, lower, upper, verdict: llr >= upper ? 'H1' : llr <= lower ? 'H0' : null };
}

/** SPRT on wins/draws/losses (trinomial). */
export const sprtTrinomial = (s: Score, elo0: number, elo1: number, alpha = 0.05, beta = 0.05): SprtResult =>
  sprtLlr(moments([1, 0.5, 0], [s.wins + 1, s.draws, s.losses + 1]), elo0, elo1, alpha, beta);

/** SPRT on pairs (pentanomial). */
export const sprtPentanomial = (p: Pentanomial, elo0: number, elo1: number, alpha = 0.05, beta = 0.05): SprtResult =>
  sprtLlr(moments([0, 0.25, 0.5, 0.75, 1], [p[0] + 1, p[1], p[2], p[3], p[4] + 1]), elo0, elo1, alpha, beta);

/** "+35 ± 60" or, at 0%/100%, a bound from the one-sided interval, e.g. "< -300 (0%)". */
export function formatElo(e: EloEstimate): string {
  if (e.games === 0) return 'no games';
  if (!Number.isFinite(e.elo)) {
    // all games lost (won): report the bound from a one more drawn game, a common convention
    const n = e.games;
    const bound = eloFromScore(e.elo < 0 ? 0.5 / (n + 1) : 1 - 0.5 / (n + 1));
    return e.elo < 0 ? `< ${Math.round(bound)} (score 0%)` : `> +${Math.round(bound)} (score 100%)`;
  }
  const sign = e.elo >= 0 ? '+' : '';
  const margin = Number.isFinite(e.margin) ? `± ${Math.round(e.margin)}` : '± ∞';
  return `${sign}${Math.round(e.elo)} ${margin}`;
}

/** "62.5% [48.1, 76.9]": the score with its 95% interval. */
export const formatScore = (e: EloEstimate): string =>
  e.games === 0 ? '-' : `${(100 * e.score).toFixed(1)}% [${(100 * e.scoreLow).toFixed(1)}, ${(100 * e.scoreHigh).toFixed(1)}]`;
