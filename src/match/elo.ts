/**
 * Elo difference from a match score, with a 95% error margin from the per-game score variance
 * (the usual trinomial estimate; no SPRT). `elo(p) = -400·log10(1/p - 1)`; the margin is half the
 * width of the Elo interval of p ± 1.96·σ, σ = the standard error of the mean game score.
 */

export interface Score {
  wins: number;
  draws: number;
  losses: number;
}

export interface EloEstimate {
  games: number;
  /** Mean points per game (0..1). */
  score: number;
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

export function estimateElo(s: Score): EloEstimate {
  const n = s.wins + s.draws + s.losses;
  if (n === 0) return { games: 0, score: 0.5, elo: 0, margin: Infinity, low: -Infinity, high: Infinity };
  const p = (s.wins + s.draws / 2) / n;
  const variance = (s.wins * (1 - p) ** 2 + s.draws * (0.5 - p) ** 2 + s.losses * (0 - p) ** 2) / n;
  const sigma = Math.sqrt(variance / n);
  const low = eloFromScore(p - 1.96 * sigma);
  const high = eloFromScore(p + 1.96 * sigma);
  const margin = Number.isFinite(low) && Number.isFinite(high) ? (high - low) / 2 : Infinity;
  return { games: n, score: p, elo: eloFromScore(p), margin, low, high };
}

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
