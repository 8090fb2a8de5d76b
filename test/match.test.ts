/**
 * The match runner against scripted xboard engines (fixtures/matches/fake-engine.mjs) and a short
 * smoke game of chuhan against itself over pipes; Elo estimates; time-control parsing.
 */
import { describe, expect, it } from 'vitest';
import { parseRecords } from '../src/notation/pgn.js';
import { parseCoordinate } from '../src/games/xiangqi/notation/iccs.js';
import type { ProtocolGame } from '../src/protocol/dialect.js';
import { CHU_XBOARD as CHU } from '../src/games/chushogi/xboard.js';
import { XIANGQI_XBOARD as XIANGQI } from '../src/games/xiangqi/xboard.js';
import { resultScore } from '../src/core/history.js';
import { eloFromScore, estimateElo, formatElo } from '../src/match/elo.js';
import { parseTimeControl, scoreLine } from '../src/match/cli.js';
import { historyAdjudicator, runMatch, timeControlTags, type MatchGame, type TimeControlSpec } from '../src/match/runner.js';
import { formatProblem } from '../src/core/problem.js';

const node = JSON.stringify(process.execPath);
const fake = (...args: string[]) => `${node} fixtures/matches/fake-engine.mjs ${args.join(' ')}`;

function match(game: ProtocolGame, commands: [string, string], games: number, tc: TimeControlSpec = { kind: 'st', seconds: 1 }, maxPlies = 40) {
  return runMatch({
    game,
    engines: [
      { command: commands[0], label: 'a' },
      { command: commands[1], label: 'b' },
    ],
    games,
    tc,
    maxPlies,
    timeMarginMs: 150,
  });
}

describe('Elo estimate', () => {
  it('matches the logistic formula and gives a 95% margin', () => {
    expect(eloFromScore(0.5)).toBe(0);
    expect(eloFromScore(0.75)).toBeCloseTo(190.85, 1);
    const even = estimateElo({ wins: 5, draws: 10, losses: 5 });
    expect(even.elo).toBe(0);
    // per-game sd 0.3536 → σ 0.0791 → p ∈ [0.345, 0.655] → ±111 Elo
    expect(even.margin).toBeCloseTo(111.4, 0);
    expect(formatElo(even)).toBe('+0 ± 111');
    const strong = estimateElo({ wins: 15, draws: 0, losses: 5 });
    expect(strong.elo).toBeCloseTo(190.85, 1);
    expect(strong.low).toBeLessThan(strong.elo);
    expect(strong.high).toBeGreaterThan(strong.elo);
    expect(formatElo(estimateElo({ wins: 0, draws: 0, losses: 20 }))).toBe('< -645 (score 0%)');
  });

  it('the score line counts wins, losses and draws of the first engine', () => {
    const g = (s: number | null) => ({ scoreEngine0: s }) as MatchGame;
    // four games: the upper end of the interval passes 100%, so the margin is unbounded
    expect(scoreLine([g(1), g(0.5), g(0), g(1), g(null)], 'chuhan', 'MaxQi')).toBe(
      'Score of chuhan vs MaxQi: 2 - 1 - 1 [62.5%] 4 games (1 not counted); Elo difference +89 ± ∞ (95%)',
    );
  });
});

describe('the match judge (GameHistory with the game\'s end rules)', () => {
  it('sees mate, perpetual check and a bare king', () => {
    const mate = XIANGQI.parseFen('4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1');
    if (!mate.ok) throw new Error(formatProblem(mate.error));
    const j = historyAdjudicator(XIANGQI, mate.value);
    expect(j.result()).toBeNull();
    const m = XIANGQI.parseMove(mate.value, 'b0b9');
    if (!m.ok) throw new Error(formatProblem(m.error));
    j.play(m.value);
    expect(j.result()).toMatchObject({ reason: 'checkmate', winner: 0 });
    expect(resultScore(j.result())).toBe('1-0');
    // Red's chariot checks on ranks 9 and 8 in turn, Black's king steps e9-e8-e9: the position
    // after a8a9 occurs a 3rd time at ply 9, and Red checked with every move of the cycle
    const rep = XIANGQI.parseFen('4k4/9/9/9/9/9/9/9/9/R4K3 w - - 0 1');
    if (!rep.ok) throw new Error(formatProblem(rep.error));
    const pos = rep.value.clone();
    const r = historyAdjudicator(XIANGQI, pos);
    const line = ['a0a9', 'e9e8', 'a9a8', 'e8e9', 'a8a9', 'e9e8', 'a9a8', 'e8e9', 'a8a9', 'e9e8'];
    let end = null;
    let plies = 0;
    for (const text of line) {
      if (end) break;
      const mv = XIANGQI.parseMove(pos, text);
      if (!mv.ok) throw new Error(`${text}: ${mv.error}`);
      plies++;
      pos.play(mv.value);
      r.play(mv.value);
      end = r.result();
    }
    expect(end).toMatchObject({ reason: 'perpetual check', winner: 1 });
    expect(resultScore(end)).toBe('0-1');
    expect(plies).toBe(9);
    const bare = CHU.parseFen('11k/12/12/12/12/12/5G6/12/12/12/12/K11 w - 0 1');
    if (!bare.ok) throw new Error(formatProblem(bare.error));
    expect(historyAdjudicator(CHU, bare.value).result()).toMatchObject({ reason: 'bare king', winner: 0 });
  });
});

describe('time controls', () => {
  it('reads moves/seconds, seconds+increment and seconds per move', () => {
    expect(parseTimeControl('40/60')).toEqual({ kind: 'level', movesPerSession: 40, baseMs: 60_000, incMs: 0 });
    expect(parseTimeControl('60+0.5')).toEqual({ kind: 'level', movesPerSession: 0, baseMs: 60_000, incMs: 500 });
    expect(parseTimeControl('st=1')).toEqual({ kind: 'st', seconds: 1 });
    // the PGN tag in seconds; a fixed time a move is one move a period (PGN 9.6.1)
    expect(timeControlTags({ kind: 'st', seconds: 2 }, { kind: 'st', seconds: 2 })).toEqual([['TimeControl', '1/2']]);
    expect(timeControlTags(parseTimeControl('60+0.5')!, parseTimeControl('60+0.5')!)).toEqual([['TimeControl', '60+0.5']]);
    expect(timeControlTags(parseTimeControl('40/60')!, parseTimeControl('40/30')!)).toEqual([
      ['WhiteTimeControl', '40/60'],
      ['BlackTimeControl', '40/30'],
    ]);
    expect(parseTimeControl('0/0')).toBeNull();
    expect(parseTimeControl('fast')).toBeNull();
  });
});

describe('match runner with scripted engines', () => {
  it('an illegal move loses, colours alternate, moves are recorded', async () => {
    const games = await match(XIANGQI, [fake('script', 'h2e2', 'h0g2', 'i0h0'), fake('script', 'a0a5')], 2);
    expect(games.map((g) => [g.firstEngine, g.result, g.scoreEngine0])).toEqual([
      [0, '1-0', 1],
      [1, '0-1', 1],
    ]);
    expect(games[0]!.reason).toMatch(/^black \(fake\) played the illegal move a0a5/);
    expect(games[0]!.moves).toEqual(['h2e2']);
    expect(games[1]!.reason).toMatch(/^red \(fake\) played the illegal move a0a5/);
    expect(games[1]!.pgn).toContain('[Termination "red (fake) played the illegal move a0a5');
  });

  it('resignation, conceding claims and false claims', async () => {
    const resign = await match(XIANGQI, [fake('script', 'h2e2'), fake('resign')], 1);
    expect([resign[0]!.result, resign[0]!.reason]).toEqual(['1-0', 'black (fake) resigned']);
    const claims = await match(XIANGQI, [fake('script', 'h2e2', 'h9g7'), fake('claim')], 2);
    // as Black a "1-0" claim concedes; as Red it claims a win our rules do not see
    expect(claims[0]!.reason).toMatch(/^black \(fake\) conceded/);
    expect(claims[1]!.result).toBe('0-1');
    expect(claims[1]!.reason).toMatch(/^red \(fake\) made a false claim 1-0/);
  });

  it('a silent engine loses on time; multi-leg moves are joined before the check', async () => {
    const slow = await match(XIANGQI, [fake('silent'), fake('script', 'h2e2')], 1, { kind: 'st', seconds: 0.3 });
    expect([slow[0]!.result, slow[0]!.reason]).toEqual(['0-1', 'red (fake) lost on time']);
    const legs = await match(CHU, [fake('legs', 'h4h5,h5h6'), fake('script', 'a9a8')], 1);
    expect(legs[0]!.result).toBe('0-1');
    expect(legs[0]!.reason).toMatch(/^sente \(fake\) played the illegal move h4h5,h5h6/);
  });
});

describe('chuhan against itself over pipes (smoke)', () => {
  it('plays legal moves to the ply cap and writes a PGN our reader replays', async () => {
    const ours = `${node} bin/chuhan.js engine --protocol xboard --level 1`;
    const games = await match(XIANGQI, [ours, ours], 1, { kind: 'level', movesPerSession: 40, baseMs: 20_000, incMs: 0 }, 10);
    const g = games[0]!;
    expect(g.names).toEqual(['chuhan 0.1.0', 'chuhan 0.1.0']);
    // level 1 plays with large random errors: usually the ply cap, sometimes a quick mate
    expect(g.reason, g.pgn).toMatch(/^(move limit \(10 plies\)|checkmate|stalemate)$/);
    expect(g.plies).toBeLessThanOrEqual(10);
    const [rec] = parseRecords(g.pgn);
    expect(rec!.tags['Variant']).toBe('xiangqi');
    const pos = XIANGQI.start();
    for (const m of rec!.moves) {
      const r = parseCoordinate(pos, m.text, 'iccs');
      expect(r.ok, m.text).toBe(true);
      if (r.ok) pos.play(r.value);
    }
  });
});
