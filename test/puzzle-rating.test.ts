// Glicko-2 (src/puzzle/rating.ts) against the worked example of Glickman's "Example of the Glicko-2 system".
import { describe, expect, it } from 'vitest';
import { glicko2, MAX_RD, MIN_RD, NEW_RATING, rateAttempt, solveChance } from '../src/puzzle/rating.js';

describe('Glicko-2', () => {
  it("the paper's example: 1500/200/0.06 against 1400/30 (won), 1550/100 (lost), 1700/300 (lost), τ 0.5", () => {
    const r = glicko2({ rating: 1500, rd: 200, vol: 0.06 }, [
      { opponent: { rating: 1400, rd: 30, vol: 0.06 }, score: 1 },
      { opponent: { rating: 1550, rd: 100, vol: 0.06 }, score: 0 },
      { opponent: { rating: 1700, rd: 300, vol: 0.06 }, score: 0 },
    ]);
    expect(r.rating).toBeCloseTo(1464.06, 1);
    expect(r.rd).toBeCloseTo(151.52, 1);
    expect(r.vol).toBeCloseTo(0.06, 4);
    expect(r.vol).toBeLessThan(0.06); // the paper: 0.05999;
  });

  it('a period without games only widens the deviation', () => {
    const r = glicko2({ rating: 1600, rd: 100, vol: 0.06 }, []);
    expect(r.rating).toBe(1600);
    expect(r.rd).toBeCloseTo(Math.sqrt((100 / 173.7178) ** 2 + 0.06 ** 2) * 173.7178, 6);
  });

  it('an attempt: solving raises the player and lowers the puzzle, failing the other way; deviations stay in bounds', () => {
    const player = NEW_RATING;
    const puzzle = { rating: 1500, rd: 150, vol: 0.06 };
    const won = rateAttempt(player, puzzle, true);
    expect(won.player.rating).toBeGreaterThan(1500);
    expect(won.puzzle.rating).toBeLessThan(1500);
    const lost = rateAttempt(player, puzzle, false);
    expect(lost.player.rating).toBeLessThan(1500);
    expect(lost.puzzle.rating).toBeGreaterThan(1500);
    // the newcomer moves more than the puzzle (its rating is less sure)
    expect(won.player.rating - 1500).toBeGreaterThan(1500 - won.puzzle.rating);
    let p = player;
    for (let i = 0; i < 200; i++) p = rateAttempt(p, puzzle, i % 2 === 0).player;
    expect(p.rd).toBeGreaterThanOrEqual(MIN_RD);
    expect(p.rd).toBeLessThanOrEqual(MAX_RD);
    expect(solveChance(NEW_RATING, puzzle)).toBeCloseTo(0.5, 6);
    expect(solveChance({ rating: 1800, rd: 60, vol: 0.06 }, puzzle)).toBeGreaterThan(0.8);
  });
});
