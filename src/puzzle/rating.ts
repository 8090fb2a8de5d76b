/**
 * Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2012), for the puzzle trainer:
 * the player and every puzzle have a rating, a rating deviation (how sure the rating is) and a
 * volatility (how erratic the results are). Each attempt is one rating period of one game for both:
 * the player plays the puzzle, who wins when the player fails; both are updated from the ratings
 * they had before the attempt.
 *
 * Written from the published description: the scale change (rating − 1500) / 173.7178, the
 * estimated variance v and improvement Δ from the games of the period, the new volatility by the
 * Illinois variant of regula falsi (the paper's step 5), then the new deviation and rating.
 */

export interface Glicko {
  /** The rating (1500 = the average). */
  readonly rating: number;
  /** The rating deviation: about 95 % of the time the true rating is within ±2 RD. */
  readonly rd: number;
  /** The volatility σ. */
  readonly vol: number;
}

/** One game of a rating period: the opponent's rating and the score (1 win, 0.5 draw, 0 loss). */
export interface GlickoGame {
  readonly opponent: Glicko;
  readonly score: number;
}

/** The Glicko-2 scale factor (400 / ln 10). */
const SCALE = 173.7178;
/** The system constant τ: how much the volatility may change (Glickman suggests 0.3 to 1.2). */
export const DEFAULT_TAU = 0.5;
/** A new player or puzzle: 1500 ± 350, volatility 0.06 (the paper's defaults). */
export const NEW_RATING: Glicko = { rating: 1500, rd: 350, vol: 0.06 };
/** The deviation never grows past a newcomer's, nor shrinks below this (the rating keeps moving). */
export const MAX_RD = 350;
export const MIN_RD = 45;
const EPSILON = 0.000001;

const g = (phi: number): number => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu: number, muJ: number, phiJ: number): number => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/**
 * The rating after one rating period with these games (none: only the deviation grows). `tau`: the
 * system constant; the deviation is not clamped here (`clampRd` does it for the trainer).
 */
export function glicko2(player: Glicko, games: readonly GlickoGame[], tau = DEFAULT_TAU): Glicko {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  const sigma = player.vol;
  if (games.length === 0) return { rating: player.rating, rd: Math.sqrt(phi * phi + sigma * sigma) * SCALE, vol: sigma };
  // step 3 and 4: the estimated variance of the rating from the games alone, and the improvement
  let vInv = 0;
  let sum = 0;
  for (const { opponent, score } of games) {
    const muJ = (opponent.rating - 1500) / SCALE;
    const phiJ = opponent.rd / SCALE;
    const gJ = g(phiJ);
    const e = expected(mu, muJ, phiJ);
    vInv += gJ * gJ * e * (1 - e);
    sum += gJ * (score - e);
  }
  const v = 1 / vInv;
  const delta = v * sum;
  // step 5: the new volatility, the root of f by the Illinois algorithm
  const a = Math.log(sigma * sigma);
  const f = (x: number): number => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  for (let i = 0; i < 200 && Math.abs(B - A) > EPSILON; i++) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA /= 2;
    B = C;
    fB = fC;
  }
  const vol = Math.exp(A / 2);
  // steps 6 to 8: the deviation grown by the volatility, narrowed by the games; the new rating
  const phiStar = Math.sqrt(phi * phi + vol * vol);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return { rating: muNew * SCALE + 1500, rd: phiNew * SCALE, vol };
}

/** The deviation kept within [MIN_RD, MAX_RD]. */
export const clampRd = (r: Glicko): Glicko => ({ ...r, rd: Math.min(MAX_RD, Math.max(MIN_RD, r.rd)) });

/**
 * One attempt at a puzzle: the player's and the puzzle's new ratings (`solved`: the player won).
 * Both come from the ratings before the attempt; each deviation stays within [MIN_RD, MAX_RD].
 */
export function rateAttempt(player: Glicko, puzzle: Glicko, solved: boolean, tau = DEFAULT_TAU): { player: Glicko; puzzle: Glicko } {
  const s = solved ? 1 : 0;
  return {
    player: clampRd(glicko2(player, [{ opponent: puzzle, score: s }], tau)),
    puzzle: clampRd(glicko2(puzzle, [{ opponent: player, score: 1 - s }], tau)),
  };
}

/** The chance the player solves the puzzle, by the Glicko-2 expectation (0 to 1). */
export function solveChance(player: Glicko, puzzle: Glicko): number {
  return expected((player.rating - 1500) / SCALE, (puzzle.rating - 1500) / SCALE, puzzle.rd / SCALE);
}
