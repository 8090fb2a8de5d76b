import { describe, expect, it } from 'vitest';
import { legalMoves } from '../src/core/perft.js';
import type { Position } from '../src/core/position.js';
import { LEVELS, levelSettings } from '../src/engine/levels.js';
import { playMatch } from '../src/engine/match.js';
import { chooseMove, pickForLevel, randomMove } from '../src/engine/player.js';
import { createRng } from '../src/engine/rng.js';
import { Searcher } from '../src/engine/search.js';
import { parseCoordinate } from '../src/games/xiangqi/notation/iccs.js';
import { getGame, type GameId } from '../src/games/registry.js';
import { newGameHistory } from '../src/notation/status.js';
import type { GameHistory } from '../src/core/history.js';
import { xq } from './helpers/xiangqi.js';
import { formatProblem } from '../src/core/problem.js';

const XQ_START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
const chu = getGame('chushogi');
const chuPos = (sfen: string): Position => {
  const r = chu.parseFen(sfen);
  if (!r.ok) throw new Error(formatProblem(r.error));
  return r.value;
};

describe('levels', () => {
  it('has eight levels growing in strength', () => {
    expect(LEVELS.map((l) => l.level)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (let i = 1; i < LEVELS.length; i++) {
      const [a, b] = [LEVELS[i - 1]!, LEVELS[i]!];
      expect(b.depth).toBeGreaterThanOrEqual(a.depth);
      expect(b.timeMs).toBeGreaterThanOrEqual(a.timeMs);
      expect(b.noise).toBeLessThanOrEqual(a.noise);
    }
    expect(LEVELS.slice(0, 3).every((l) => l.noise > 0)).toBe(true);
    expect(LEVELS[7]!.timeMs).toBeGreaterThanOrEqual(5000);
    // every level has a finite node budget, so deterministic (untimed) play always ends
    expect(LEVELS.every((l) => Number.isFinite(l.nodes) && l.nodes >= LEVELS[0]!.nodes)).toBe(true);
  });

  it('clamps and rounds level numbers', () => {
    expect(levelSettings(0).level).toBe(1);
    expect(levelSettings(99).level).toBe(8);
    expect(levelSettings(4.4).level).toBe(4);
    expect(levelSettings(Number.NaN).level).toBe(4);
  });
});

describe('chooseMove and randomMove', () => {
  it('plays legal moves at the low levels in both games, reproducibly for a seed', () => {
    for (const pos of [xq(XQ_START), chuPos(chu.startFen)]) {
      for (const level of [1, 2, 3, 4]) {
        const a = chooseMove(null, pos, level, { deterministic: true, rng: createRng(9), searcher: new Searcher({ ttMegabytes: 1 }) });
        const b = chooseMove(null, pos, level, { deterministic: true, rng: createRng(9), searcher: new Searcher({ ttMegabytes: 1 }) });
        expect(legalMoves(pos)).toContain(a.move);
        expect(b.move).toBe(a.move);
      }
    }
  });

  it('varies at the noisy levels, and at level 4 among the moves within its margin; the same seed repeats', () => {
    const pos = xq(XQ_START);
    const pick = (level: number, seed: number) =>
      // the level's own choice (noise, margin) is under test: the opening book would answer the start position
      chooseMove(null, pos, level, { deterministic: true, rng: createRng(seed), searcher: new Searcher({ ttMegabytes: 1 }), book: false });
    const picks = (level: number, seeds: number[]) => seeds.map((seed) => pick(level, seed));
    expect(new Set(picks(1, [1, 2, 3, 4, 5, 6, 7, 8]).map((c) => c.move)).size).toBeGreaterThan(1);
    // level 4 searches 150,000 nodes (the same search for every seed; the seed only chooses among
    // the moves within the margin): one search, and four seeds' picks from it show the variation
    const searched = pick(4, 1);
    const level4 = [1, 2, 3, 4].map((seed) => pickForLevel(searched.result, 4, createRng(seed)));
    expect(level4[0]!.move).toBe(searched.move);
    expect(new Set(level4.map((c) => c.move)).size).toBeGreaterThan(1);
    for (const c of level4) {
      const best = Math.max(...c.result.rootScores!.map((r) => r.score));
      expect(c.score).toBeGreaterThanOrEqual(best - levelSettings(4).margin);
    }
    // the same seed repeats its pick, the search included
    expect(pick(4, 2).move).toBe(level4[1]!.move);
    // the top level always plays its best move
    expect(levelSettings(8).margin).toBe(0);
    expect(levelSettings(8).noise).toBe(0);
  });

  it('random mover: legal, spread over the moves, 0 without moves', () => {
    const pos = xq(XQ_START);
    const rng = createRng(1);
    const seen = new Set<number>();
    for (let i = 0; i < 400; i++) {
      const m = randomMove(pos, rng);
      expect(legalMoves(pos)).toContain(m);
      seen.add(m);
    }
    expect(seen.size).toBe(legalMoves(pos).length);
    expect(randomMove(xq('4k4/9/9/9/9/9/9/9/r8/3K1r3 w - - 0 1'), rng)).toBe(0);
  });
});

describe('the match judge: the game history with the game\'s end rules', () => {
  const judge = (pos: Position) => newGameHistory(pos.variant.spec.id as GameId, pos);
  it('checkmate and stalemate lose (xiangqi)', () => {
    expect(judge(xq('4k4/9/9/9/9/9/9/9/r8/3K1r3 w - - 0 1')).result()).toMatchObject({ winner: 1, reason: 'checkmate' });
    // black king d9: e9 and d8 covered by the soldier on e8, no check
    expect(judge(xq('3k5/4P4/9/9/9/9/9/9/9/5K3 b - - 0 1')).result()).toMatchObject({ winner: 0, reason: 'stalemate' });
  });

  it('judges the third occurrence: quiet cycle draws, perpetual check loses', () => {
    const cycle = (h: GameHistory, words: string[]) => {
      let r = null;
      for (let k = 0; k < 2; k++)
        for (const w of words) {
          const m = parseCoordinate(h.position, w);
          if (!m.ok) throw new Error(formatProblem(m.error));
          expect(r).toBeNull();
          r = h.play(m.value);
        }
      return r;
    };
    const quiet = judge(xq('4k4/7R1/9/2n6/9/9/9/r8/9/3K5 w - - 0 1'));
    expect(cycle(quiet, ['h8g8', 'a2a3', 'g8h8', 'a3a2'])).toMatchObject({ winner: null, reason: 'repetition' });
    const checks = judge(xq('4k4/7R1/9/2n6/9/9/9/r8/9/3K5 w - - 0 1'));
    expect(cycle(checks, ['h8h9', 'e9e8', 'h9h8', 'e8e9'])).toMatchObject({ winner: 1, reason: 'perpetual check' });
  });

  it('draws on 120 plies without capture, insufficient material, and the match ply cap', () => {
    const h = judge(xq('4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 118 1'));
    const move = (w: string) => {
      const m = parseCoordinate(h.position, w);
      if (!m.ok) throw new Error(formatProblem(m.error));
      return h.play(m.value);
    };
    expect(move('f0f1')).toBeNull();
    expect(move('e9e8')).toMatchObject({ winner: null, reason: 'move limit' });
    expect(judge(xq('3aka3/9/4b4/9/9/9/9/4B4/4A4/3AK4 w - - 0 1')).result()).toMatchObject({
      winner: null,
      reason: 'insufficient material',
    });
    const capped = playMatch(getGame('xiangqi'), { games: 1, level: 1, opponent: { kind: 'random' }, seed: 1, maxPlies: 1 });
    expect(capped.records.map((r) => [r.result, r.reason, r.plies])).toEqual([['1/2-1/2', 'move limit', 1]]);
  });

  it('chu: royals captured and bare king', () => {
    const taken = chuPos('12/12/12/12/12/12/5G6/12/12/12/12/6K5 w - 1');
    // gote has no royal at all while sente has one: gote has lost
    expect(judge(taken).result()).toMatchObject({ winner: 0, reason: 'royals captured' });
    // gote: a lone king; sente: king and a gold
    const bare = chuPos('5k6/12/12/12/12/12/12/12/12/5G6/12/6K5 b - 1');
    expect(judge(bare).result()).toMatchObject({ winner: 0, reason: 'bare king' });
    // a pawn is not enough to win by bare king
    const pawn = chuPos('5k6/12/12/12/12/12/12/5P6/12/12/12/6K5 b - 1');
    expect(judge(pawn).result()).toBeNull();
  });
});

describe('matches', () => {
  it('plays a reproducible 2-game match at level 1 against the random mover, alternating colours', () => {
    const game = getGame('xiangqi');
    const options = { games: 2, level: 1, opponent: { kind: 'random' as const }, seed: 3, keepMoves: true };
    const a = playMatch(game, options);
    const b = playMatch(game, options);
    expect(a.records.map((r) => r.players)).toEqual([
      ['level 1', 'random'],
      ['random', 'level 1'],
    ]);
    expect(a.wins + a.draws + a.losses).toBe(2);
    expect(a.points).toBe(a.wins + a.draws / 2);
    expect(a.records.map((r) => [r.result, r.reason, r.plies, r.moves])).toEqual(b.records.map((r) => [r.result, r.reason, r.plies, r.moves]));
    // the scores agree with the results and colours
    for (const r of a.records) {
      const aIsFirst = r.players[0] === 'level 1';
      const expected = r.result === '1/2-1/2' ? 0.5 : (r.result === '1-0') === aIsFirst ? 1 : 0;
      expect(r.scoreA).toBe(expected);
      expect(r.moves!.length).toBe(r.plies);
    }
  });

  it('level against level: each colour-swapped pair starts from its own random opening', () => {
    const game = getGame('xiangqi');
    const m = playMatch(game, { games: 4, level: 1, opponent: { kind: 'level', level: 2 }, seed: 1, keepMoves: true, maxPlies: 6 });
    const openings = m.records.map((r) => r.moves!.slice(0, 2).join(' '));
    expect(openings[0]).toBe(openings[1]);
    expect(openings[2]).toBe(openings[3]);
    expect(openings[0]).not.toBe(openings[2]);
    expect(m.records.every((r) => r.reason === 'move limit' || r.plies < 6)).toBe(true);
  });
});
