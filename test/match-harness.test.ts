/**
 * The match harness's additions: fixed openings (file format, transpositions, the built-in lists,
 * colour pairing in the runner), statistics on known numbers (trinomial and pentanomial Elo,
 * score interval, GSPRT), concurrent games reported in order, an early stop, and an engine that
 * hangs (answers nothing, not even quit) losing on time and being replaced. Scripted engines only
 * (fixtures/matches/fake-engine.mjs).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHU_XBOARD as CHU } from '../src/games/chushogi/xboard.js';
import { XIANGQI_XBOARD as XIANGQI } from '../src/games/xiangqi/xboard.js';
import { parseRecords } from '../src/notation/pgn.js';
import { replayRecord } from '../src/notation/replay.js';
import {
  estimateElo,
  estimateEloPairs,
  pentanomialOf,
  scoreFromElo,
  sprtPentanomial,
  sprtLlr,
  sprtTrinomial,
} from '../src/match/elo.js';
import { matchStats, runOpponentMatch, statsLines, timeLine, timeSummary } from '../src/match/cli.js';
import { execCommand } from '../src/match/external.js';
import { builtinOpenings, builtinPlies, fromOpening, openingOf, parseOpenings } from '../src/match/openings.js';
import { runMatch, type MatchConfig, type MatchGame } from '../src/match/runner.js';
import { Searcher } from '../src/engine/search.js';

const node = JSON.stringify(process.execPath);
const fake = (...args: string[]) => `${node} fixtures/matches/fake-engine.mjs ${args.join(' ')}`;
const dir = mkdtempSync(join(tmpdir(), 'chuhan-match-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const config = (over: Partial<MatchConfig> & Pick<MatchConfig, 'engines' | 'games'>): MatchConfig => ({
  game: XIANGQI,
  tc: { kind: 'st', seconds: 1 },
  maxPlies: 40,
  timeMarginMs: 150,
  ...over,
});

describe('openings', () => {
  it('reads a file: comments, blank lines, a transposition played once, --plies cuts', () => {
    const text = '# two lines reach the same position\nh2e2 h9g7 b0c2   # central cannon\n\nb0c2 h9g7 h2e2\nc3c4 g6g5 b0c2 h9g7\n';
    const r = parseOpenings(text, XIANGQI);
    expect(r.ok && r.openings.map((o) => o.moves.join(' '))).toEqual(['h2e2 h9g7 b0c2', 'c3c4 g6g5 b0c2 h9g7']);
    const cut = parseOpenings(text, XIANGQI, 2);
    // cut to 2 plies: h2e2 h9g7 and b0c2 h9g7 differ, c3c4 g6g5 is a third
    expect(cut.ok && cut.openings.map((o) => o.moves.join(' '))).toEqual(['h2e2 h9g7', 'b0c2 h9g7', 'c3c4 g6g5']);
    const bad = parseOpenings('h2e2 h9g7\nh2e2 a0a5\n', XIANGQI);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).toMatch(/^line 2: a0a5 is not a legal move here/);
    expect(parseOpenings('# nothing\n', XIANGQI)).toEqual({ ok: false, message: 'no opening in the list' });
  });

  it('the built-in lists: legal from the start, distinct, N plies each, most played first', () => {
    expect(builtinPlies(XIANGQI)).toEqual([4, 6, 8, 10, 12]);
    for (const pg of [XIANGQI, CHU]) {
      const r = builtinOpenings(pg, 8);
      if (!r.ok) throw new Error(r.message);
      expect(r.openings.length).toBeGreaterThanOrEqual(40);
      for (const o of r.openings) expect(o.moves).toHaveLength(8);
    }
    const x = builtinOpenings(XIANGQI, 4);
    // the central cannon with both horses developed, the rook out: the master games' favourite
    expect(x.ok && x.openings[0]!.moves.join(' ')).toBe('h2e2 h9g7 h0g2 i9h9');
    expect(builtinOpenings(XIANGQI, 7)).toEqual({ ok: false, message: 'the built-in openings are for 4, 6, 8, 10, 12 plies, not 7' });
  });

  it('no built-in chu opening hands one side a piece (a lishogi line that loses a lion at ply 8 is left out)', () => {
    const r = builtinOpenings(CHU, 8);
    if (!r.ok) throw new Error(r.message);
    const lines = r.openings.map((o) => o.moves.join(' '));
    expect(lines).not.toContain('f4f5 g9g8 f3g5 e9e8 e4e5 g10f8 g5f7 f8f7');
    const searcher = new Searcher({ ttMegabytes: 4 });
    for (const o of r.openings.slice(0, 20)) {
      const pos = CHU.start();
      for (const t of o.moves) {
        const m = CHU.parseMove(pos, t);
        if (!m.ok) throw new Error(t);
        pos.play(m.value);
      }
      expect(Math.abs(searcher.search(pos, { depth: 3 }).score), o.moves.join(' ')).toBeLessThan(500);
    }
  });

  it('games 2k and 2k+1 share opening k with colours swapped; the list cycles', () => {
    const r = parseOpenings('h2e2\nc3c4\nb2e2', XIANGQI);
    if (!r.ok) throw new Error(r.message);
    expect([0, 1, 2, 3, 4, 5, 6].map((i) => openingOf(r.openings, i).number)).toEqual([1, 1, 2, 2, 3, 3, 1]);
  });

  it('--first-opening N: the list from opening N, its numbers kept, the ones before N last; out of the list: one sentence, exit 2', async () => {
    const r = parseOpenings('h2e2\nc3c4\nb2e2', XIANGQI);
    if (!r.ok) throw new Error(r.message);
    const turned = fromOpening(r.openings, 2);
    expect(turned.ok && [0, 2, 4].map((i) => openingOf(turned.openings, i).number)).toEqual([2, 3, 1]);
    expect(fromOpening(r.openings, 4)).toEqual({ ok: false, message: 'the list has openings 1 to 3, not 4' });
    const err: string[] = [];
    const io = { out: () => {}, err: (t: string) => void err.push(t) };
    const builtin = builtinOpenings(XIANGQI, 8);
    if (!builtin.ok) throw new Error(builtin.message);
    expect(await runOpponentMatch(['--opponent', 'maxqi', '--openings', 'builtin', '--first-opening', '0'], io)).toBe(2);
    expect(await runOpponentMatch(['--opponent', 'maxqi', '--openings', 'builtin', '--first-opening', 'x'], io)).toBe(2);
    expect(await runOpponentMatch(['--opponent', 'maxqi', '--first-opening', '3'], io)).toBe(2);
    expect(err).toEqual([
      `match: --first-opening 0: the list has openings 1 to ${builtin.openings.length}, not 0\n`,
      'match: --first-opening must be a positive whole number, not "x"\n',
      'match: --first-opening needs --openings builtin|FILE\n',
    ]);
  });

  it('the runner plays the opening as moves, records it (PGN replays), alternates colours per pair', async () => {
    const r = parseOpenings('h2e2 h9g7 h0g2 i9h9\nc3c4 b7c7 h2e2', XIANGQI);
    if (!r.ok) throw new Error(r.message);
    const logFile = join(dir, 'openings.log');
    process.env['FAKE_ENGINE_LOG'] = logFile;
    try {
      // each engine answers with an illegal move at once: the game ends on the engines' first move
      const games = await runMatch(config({ engines: [{ command: fake('script', 'a0a5'), label: 'a' }, { command: fake('script', 'a0a5'), label: 'b' }], games: 4, openings: r.openings }));
      expect(games.map((g) => [g.index, g.firstEngine, g.opening?.number, g.moves.length])).toEqual([
        [0, 0, 1, 4],
        [1, 1, 1, 4],
        [2, 0, 2, 3],
        [3, 1, 2, 3],
      ]);
      // after the opening Red moves (4 plies) or Black (3 plies): engine 0 played Red in game 1
      expect(games[0]!.reason).toMatch(/^red \(fake\) played the illegal move a0a5/);
      expect(games[1]!.reason).toMatch(/^red \(fake\) played the illegal move a0a5/);
      expect(games[2]!.reason).toMatch(/^black \(fake\) played the illegal move a0a5/);
      expect(games.map((g) => g.scoreEngine0)).toEqual([0, 1, 1, 0]);
      expect(games[2]!.pgn).toContain('[Opening "2: c3c4 b7c7 h2e2"]');
      const rec = parseRecords(games[0]!.pgn)[0]!;
      const rep = replayRecord(rec, { keepMoves: true });
      expect(rep.status).toBe('ok');
      expect(rep.plies).toBe(4);
      // both engines append to the one log, so their lines may interleave: the opening must come
      // as usermove lines in its order (a subsequence of the log)
      const sent = readFileSync(logFile, 'utf8').split('\n').filter((l) => l.startsWith('usermove '));
      const want = ['usermove h2e2', 'usermove h9g7', 'usermove h0g2', 'usermove i9h9'];
      let k = 0;
      for (const l of sent) if (k < want.length && l === want[k]) k++;
      expect(k, sent.join(' ')).toBe(want.length);
    } finally {
      delete process.env['FAKE_ENGINE_LOG'];
    }
  });
});

describe('statistics on known numbers', () => {
  it('trinomial: Elo, margin and the score interval', () => {
    // 40 wins, 40 draws, 20 losses → p 0.6, per-game var (40·.16 + 40·.01 + 20·.36)/100 = 0.14
    const e = estimateElo({ wins: 40, draws: 40, losses: 20 });
    expect(e.score).toBeCloseTo(0.6, 10);
    expect(e.scoreLow).toBeCloseTo(0.6 - 1.959964 * Math.sqrt(0.0014), 9);
    expect(e.scoreLow).toBeCloseTo(0.52666, 5);
    expect(e.scoreHigh).toBeCloseTo(0.67334, 5);
    expect(e.elo).toBeCloseTo(70.44, 2); // -400·log10(1/0.6 - 1)
    // (elo(0.67334) − elo(0.52666)) / 2 = (125.6 − 18.5) / 2
    expect(e.margin).toBeCloseTo(53.55, 1);
    // all 10 games won: Wilson's lower bound 10 / (10 + 1.96²) instead of a point
    const all = estimateElo({ wins: 10, draws: 0, losses: 0 });
    expect([all.scoreLow, all.scoreHigh]).toEqual([10 / (10 + 1.959964 ** 2), 1]);
    expect(estimateElo({ wins: 0, draws: 0, losses: 10 }).scoreHigh).toBeCloseTo(0.2775, 4);
  });

  it('pentanomial: pairs from games in order, variance of the pair scores', () => {
    // pairs: (1,0) (1,1) (0.5,0.5) (0,0.5) (1, null: left out) and an unpaired last game
    expect(pentanomialOf([1, 0, 1, 1, 0.5, 0.5, 0, 0.5, 1, null, 1])).toEqual([0, 1, 2, 0, 1]);
    // 10 pairs each 1-1 (a win and a loss): same mean as 10 draws-pairs, zero spread per pair
    const pairs = estimateEloPairs([0, 0, 10, 0, 0]);
    expect(pairs.games).toBe(20);
    expect(pairs.elo).toBe(0);
    expect(pairs.margin).toBe(0);
    // the same 20 games as W-L-D 10-10-0 are noisy game by game
    expect(estimateElo({ wins: 10, draws: 0, losses: 10 }).margin).toBeCloseTo(163.3, 0);
    // [5, 10, 20, 10, 5] pairs: mean 0.5, var = (5·.25 + 10·.0625)·2 / 50 = 0.075 → σ 0.0387
    const p = estimateEloPairs([5, 10, 20, 10, 5]);
    expect(p.scoreHigh - 0.5).toBeCloseTo(1.959964 * Math.sqrt(0.075 / 50), 6);
  });

  it('GSPRT: LLR by the normal approximation, bounds ±2.944, verdicts', () => {
    const s0 = scoreFromElo(0);
    const s1 = scoreFromElo(10);
    expect(s0).toBe(0.5);
    expect(s1).toBeCloseTo(0.514387, 6);
    // the formula: 40-20-40 (W-L-D) has mean 0.6, var 0.14, n 100 → 100·(s1−s0)·(1.2−s0−s1)/0.28
    expect(sprtLlr({ n: 100, mean: 0.6, variance: 0.14 }, 0, 10).llr).toBeCloseTo(0.9537, 3);
    // with the pseudo-games (41-21-40): mean 61/102, var from the counts
    const t = sprtTrinomial({ wins: 40, draws: 40, losses: 20 }, 0, 10);
    const mean = 61 / 102;
    const v = (41 * (1 - mean) ** 2 + 40 * (0.5 - mean) ** 2 + 21 * mean ** 2) / 102;
    expect(t.llr).toBeCloseTo((102 * (s1 - s0) * (2 * mean - s0 - s1)) / (2 * v), 9);
    expect(t.llr).toBeCloseTo(0.9365, 3);
    expect(t.lower).toBeCloseTo(-2.944, 3);
    expect(t.upper).toBeCloseTo(2.944, 3);
    expect(t.verdict).toBeNull();
    expect(sprtTrinomial({ wins: 160, draws: 160, losses: 80 }, 0, 10).verdict).toBe('H1');
    expect(sprtTrinomial({ wins: 60, draws: 120, losses: 120 }, 0, 10).verdict).toBe('H0');
    // one won pair, or two, decides nothing (the pseudo-pairs give it a spread)
    expect(sprtPentanomial([0, 0, 0, 0, 1], 0, 10).verdict).toBeNull();
    expect(sprtPentanomial([0, 0, 0, 0, 2], 0, 10).verdict).toBeNull();
    // 10 even pairs [0,0,10,0,0] + pseudo [1,0,10,0,1]: mean 0.5, var 2·0.25/12
    const p = sprtPentanomial([0, 0, 10, 0, 0], 0, 10);
    expect(p.llr).toBeCloseTo((12 * (s1 - s0) * (1 - s0 - s1)) / (2 * (0.5 / 12)), 9);
    // 300 even pairs: H0 (the difference is below 10)
    expect(sprtPentanomial([0, 0, 300, 0, 0], 0, 10).verdict).toBe('H0');
  });

  it('the summary lines: W-L-D, score interval, both Elo estimates, the SPRT', () => {
    const g = (s: number | null, i: number) => ({ scoreEngine0: s, index: i }) as MatchGame;
    const games = [1, 0, 1, 0.5, 0.5, 0.5, null, 1].map(g);
    const st = matchStats({ games, paired: true, sprt: { elo0: 0, elo1: 10 } });
    expect([st.wins, st.losses, st.draws, st.notCounted]).toEqual([3, 1, 3, 1]);
    // pairs (1,0) (1,½) (½,½) and (void, 1) left out
    expect(st.pentanomial?.pairs).toEqual([0, 0, 2, 1, 0]);
    const lines = statsLines(st, 'new', 'old');
    expect(lines[0]).toBe(`Score of new vs old: 3 - 1 - 3 (W-L-D), 7 games (1 not counted); score 64.3% [38.4, 90.2] (95%)`);
    expect(lines[1]).toMatch(/^Elo difference \+102 ± \d+ \(95%, trinomial\)$/);
    expect(lines[2]).toMatch(/^Pairs \(0, 0.5, 1, 1.5, 2 points\): 0 0 2 1 0; Elo difference \+58 ± /);
    expect(lines[3]).toMatch(/^SPRT elo0=0 elo1=10 alpha=beta=0.05 \(pentanomial\): LLR -?\d+\.\d\d \[-2.94, 2.94\], /);
  });
});

describe('runner: concurrency, early stop, hanging engines', () => {
  it('two games at once: a fast second game is reported after the slow first one', async () => {
    const logFile = join(dir, 'concurrency.log');
    process.env['FAKE_ENGINE_LOG'] = logFile;
    const order: number[] = [];
    try {
      // game 1: engine a (slow, Red) moves after 500 ms, b answers illegally; game 2: b (Red) at once
      const games = await runMatch(
        config({
          engines: [{ command: fake('slow', 'h2e2'), label: 'a' }, { command: fake('script', 'a0a5'), label: 'b' }],
          games: 2,
          concurrency: 2,
          onGame: (x) => order.push(x.index),
        }),
      );
      expect(order).toEqual([0, 1]);
      expect(games.map((x) => [x.index, x.firstEngine, x.scoreEngine0])).toEqual([
        [0, 0, 1],
        [1, 1, 1],
      ]);
      // (which game ended first is not compared: on a loaded machine the engines' start-ups can
      // differ by more than the slow engine's 500 ms)
      // four processes: each concurrent game has its own two
      expect(readFileSync(logFile, 'utf8').match(/^protover 2$/gm)).toHaveLength(4);
    } finally {
      delete process.env['FAKE_ENGINE_LOG'];
    }
  });

  it('stop (an SPRT) ends the match early', async () => {
    const games = await runMatch(
      config({ engines: [{ command: fake('script', 'h2e2'), label: 'a' }, { command: fake('resign'), label: 'b' }], games: 20, stop: (gs) => gs.length >= 3 }),
    );
    expect(games).toHaveLength(3);
  });

  it('an engine that hangs (not even quit) loses on time, and the next game gets a new one', async () => {
    const games = await runMatch(
      config({ engines: [{ command: fake('hang'), label: 'a' }, { command: fake('script', 'h2e2'), label: 'b' }], games: 3, tc: { kind: 'st', seconds: 0.3 } }),
    );
    expect(games.map((g) => [g.result, g.reason])).toEqual([
      ['0-1', 'red (fake) lost on time'],
      // game 2: b is Red and plays h2e2, the fresh hanging engine times out as Black
      ['1-0', 'black (fake) lost on time'],
      ['0-1', 'red (fake) lost on time'],
    ]);
    // A harness that waited for the hung engine to exit would never end: the test's timeout is the
    // bound (no wall-clock assertion: the fake engines' start-ups take seconds each on a loaded machine).
  });

  it('a first Ctrl-C (finishSignal): the game under way is played to its end, no other starts', async () => {
    const finish = new AbortController();
    // a (Red, slow) moves after 500 ms and b's a0a5 is illegal: game 1 ends 1-0 after the signal
    const games = await runMatch(
      config({
        engines: [{ command: fake('slow', 'h2e2'), label: 'a' }, { command: fake('script', 'a0a5'), label: 'b' }],
        games: 4,
        finishSignal: finish.signal,
        log: (line) => {
          if (line.startsWith('>first: go')) finish.abort();
        },
      }),
    );
    expect(games.map((g) => [g.result, g.scoreEngine0])).toEqual([['1-0', 1]]);
  });

  it('a second Ctrl-C (abortSignal): the game under way ends unfinished and not counted, every engine process is killed', async () => {
    const logFile = join(dir, 'abort.log');
    process.env['FAKE_ENGINE_LOG'] = logFile;
    const abort = new AbortController();
    try {
      // a hangs after its first go (not even quit ends it), behind a shell that a kill of the
      // shell alone would leave running; the clock (30 s a move) would take long to end the game
      const games = await runMatch(
        config({
          engines: [{ command: `${fake('hang')}; true`, label: 'a' }, { command: fake('script', 'h9g7'), label: 'b' }],
          games: 2,
          tc: { kind: 'st', seconds: 30 },
          abortSignal: abort.signal,
          log: (line) => {
            if (line.startsWith('>first: go')) setTimeout(() => abort.abort(), 200);
          },
        }),
      );
      // interrupted, not lost on time: the abort ended the game, not its 30 s clock
      expect(games.map((g) => [g.result, g.reason, g.scoreEngine0])).toEqual([['*', 'interrupted', null]]);
      const pids = [...readFileSync(logFile, 'utf8').matchAll(/^pid (\d+)$/gm)].map((m) => Number(m[1]));
      expect(pids).toHaveLength(2);
      // (a killed process may take a moment to be reaped: look again for up to 3 s)
      const isAlive = (pid: number) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      let alive = pids.filter(isAlive);
      for (let i = 0; i < 30 && alive.length > 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        alive = alive.filter(isAlive);
      }
      expect(alive).toEqual([]);
    } finally {
      delete process.env['FAKE_ENGINE_LOG'];
    }
  });

  it('an engine that crashes loses that game, and the next game gets a new one', async () => {
    const games = await runMatch(config({ engines: [{ command: fake('crash'), label: 'a' }, { command: fake('script', 'h2e2'), label: 'b' }], games: 2 }));
    expect(games.map((g) => [g.result, g.reason])).toEqual([
      ['0-1', 'red (fake) exited'],
      ['1-0', 'black (fake) exited'],
    ]);
  });

  it('time odds: each engine gets its own level and its own clock, the PGN both time controls', async () => {
    const logFile = join(dir, 'odds.log');
    process.env['FAKE_ENGINE_LOG'] = logFile;
    try {
      // both move after 500 ms; a (Red) has 40 moves in 5 s, b (Black) the match's 40 in 1 s:
      // b's clock is used up by its second move, its third comes too late (a's 5 s last)
      const games = await runMatch(
        config({
          engines: [
            { command: fake('slow', 'h2e2', 'h0g2', 'i0h0', 'a0a1'), label: 'a', tc: { kind: 'level', movesPerSession: 40, baseMs: 5000, incMs: 0 } },
            { command: fake('slow', 'h9g7', 'b9c7', 'i9h9', 'a9a8'), label: 'b' },
          ],
          games: 1,
          tc: { kind: 'level', movesPerSession: 40, baseMs: 1000, incMs: 0 },
        }),
      );
      // (with one clock for both, 40/1, Red would lose first, at its third move; under load b may lose at its second)
      expect(games.map((g) => [g.result, g.reason])).toEqual([['1-0', 'black (fake) lost on time']]);
      expect([3, 5]).toContain(games[0]!.plies);
      const levels = readFileSync(logFile, 'utf8').split('\n').filter((l) => l.startsWith('level '));
      expect(levels.sort()).toEqual(['level 40 0:01 0', 'level 40 0:05 0']);
      expect(games[0]!.pgn).toContain('[WhiteTimeControl "40/5"]');
      expect(games[0]!.pgn).toContain('[BlackTimeControl "40/1"]');
      expect(games[0]!.pgn).not.toContain('[TimeControl ');
      // each engine's thinking: its own moves, each at least the fake's 500 ms
      const [a, b] = games[0]!.time;
      expect([a.moves, b.moves]).toEqual([Math.ceil(games[0]!.plies / 2), Math.floor(games[0]!.plies / 2)]);
      expect(a.ms).toBeGreaterThanOrEqual(490 * a.moves);
      expect(b.ms).toBeGreaterThanOrEqual(490 * b.moves);
    } finally {
      delete process.env['FAKE_ENGINE_LOG'];
    }
  });

  it('time use: the clock left as each session ends, by engine; the opening moves are not an engine’s own', async () => {
    // 2 moves a session; the opening's h2e2 and h9g7 count as moves made (as in XBoard), so each
    // side's first session ends at its first own move
    const games = await runMatch(
      config({
        engines: [
          { command: fake('script', 'h0g2', 'i0h0', 'a0a1'), label: 'a' },
          { command: fake('script', 'b9c7', 'i9h9'), label: 'b' },
        ],
        games: 1,
        tc: { kind: 'level', movesPerSession: 2, baseMs: 5000, incMs: 0 },
        openings: [{ number: 1, moves: ['h2e2', 'h9g7'] }],
      }),
    );
    // b resigns at its third move: Red made h2e2 (opening), h0g2, i0h0, a0a1 (sessions end at moves 2
    // and 4), Black h9g7 (opening), b9c7, i9h9 (one session ended, at move 2)
    expect(games[0]!.result).toBe('1-0');
    const [a, b] = games[0]!.time;
    expect([a.moves, b.moves]).toEqual([3, 2]);
    expect([a.sessionLeftMs.length, b.sessionLeftMs.length]).toEqual([2, 1]);
    // the clock carries over: at Red's second session end it holds what was left of the first plus 5 s, less its thinking
    const [first, second] = a.sessionLeftMs as [number, number];
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(5000);
    expect(second).toBeGreaterThan(5000);
    expect(second).toBeLessThanOrEqual(first + 5000);
    expect(b.sessionLeftMs[0]).toBeLessThanOrEqual(5000);
  });

  it('time summaries: mean per move, the median and least clock left as sessions ended', () => {
    const game = (ms0: number, left0: number[], ms1: number, left1: number[], moves = 40) =>
      ({ time: [{ moves, ms: ms0, sessionLeftMs: left0 }, { moves, ms: ms1, sessionLeftMs: left1 }] }) as unknown as MatchGame;
    const tc = { kind: 'level', movesPerSession: 40, baseMs: 30_000, incMs: 0 } as const;
    const games = [game(24_000, [6000], 28_000, [2000]), game(26_000, [4000, 3000], 29_000, [1000, 500])];
    const ours = timeSummary(games, 0, tc);
    expect(ours).toEqual({ moves: 80, meanMs: 625, sessions: 3, medianLeftMs: 4000, leastLeftMs: 3000, medianLeftShare: 0.133 });
    expect(timeSummary(games, 1, tc)).toMatchObject({ meanMs: 713, medianLeftMs: 1000, leastLeftMs: 500, medianLeftShare: 0.033 });
    expect(timeLine('chuhan', ours, tc)).toBe('Time: chuhan 0.63 s a move (80 moves); clock left as a 40-move session ended: median 4.00 s (13% of 30 s), least 3.00 s (3 sessions)');
    expect(timeLine('x', timeSummary(games, 0, { kind: 'st', seconds: 1 }), { kind: 'st', seconds: 1 })).toBe('Time: x 0.63 s a move (80 moves)');
  });

  it('--opponent-tc that is no time control: exit 2, one sentence, nothing started', async () => {
    let err = '';
    const code = await runOpponentMatch(['--opponent', fake('script'), '--opponent-tc', '40/fast'], { out: () => {}, err: (t) => (err += t) });
    expect(code).toBe(2);
    expect(err).toBe('match: --opponent-tc "40/fast" is not a time control (40/60, 60+1 or st=1)\n');
  });

  it('--level N is sent as option Level=N to our engine, whatever its command; one that declares no Level option: exit 2', async () => {
    const logFile = join(dir, 'level.log');
    const json = join(dir, 'level.json');
    process.env['FAKE_ENGINE_LOG'] = logFile;
    try {
      let err = '';
      const io = { out: () => {}, err: (t: string) => (err += t) };
      const args = ['--opponent', fake('script', 'h9g7'), '--games', '1', '--tc', 'st=1', '--pgn', join(dir, 'level.pgn'), '--level', '6'];
      const refused = await runOpponentMatch([...args, '--engine', fake('script', 'h2e2')], io);
      expect(refused).toBe(2);
      expect(err).toBe(`match: the engine "${fake('script', 'h2e2')}" declares no Level option, so it cannot play at level 6\n`);
      expect(readFileSync(logFile, 'utf8')).not.toMatch(/^(new|go|option)/m); // it was stopped before any game
      writeFileSync(logFile, '');
      err = '';
      const played = await runOpponentMatch([...args, '--engine', fake('+level', 'script', 'h2e2'), '--json', json], io);
      expect([played, err]).toEqual([0, '']);
      // only our engine gets the option (the opponent's log lines are interleaved in the same file)
      expect(readFileSync(logFile, 'utf8').match(/^option .*$/gm)).toEqual(['option Level=6']);
      const summary = JSON.parse(readFileSync(json, 'utf8')) as { engine: { level: number | null }; games: number };
      expect([summary.engine.level, summary.games]).toEqual([6, 1]);
      // the PGN names our engine with the level it played at
      expect(readFileSync(join(dir, 'level.pgn'), 'utf8')).toMatch(/^\[(Red|Black) "[^"]+ level 6"\]$/m);
    } finally {
      delete process.env['FAKE_ENGINE_LOG'];
    }
  });

  it('interrupted (a first Ctrl-C during game 1 of 4): the summary of the games played, "interrupted": true, exit 130', async () => {
    const json = join(dir, 'interrupted.json');
    const finish = new AbortController();
    const abort = new AbortController();
    let out = '';
    const io = {
      out: (t: string) => {
        out += t;
      },
      err: () => {},
    };
    const args = ['--opponent', fake('script', 'a0a5'), '--engine', fake('slow', 'h2e2'), '--games', '4', '--tc', 'st=5', '--pgn', join(dir, 'interrupted.pgn'), '--json', json];
    // the signal comes once our engine (Red in game 1, slow: it moves after 500 ms) is asked to move
    const logFile = join(dir, 'interrupted.log');
    writeFileSync(logFile, '');
    process.env['FAKE_ENGINE_LOG'] = logFile;
    const watch = setInterval(() => {
      if (/^go$/m.test(readFileSync(logFile, 'utf8'))) finish.abort();
    }, 20);
    let code: number;
    try {
      code = await runOpponentMatch(args, io, { finish: finish.signal, abort: abort.signal });
    } finally {
      clearInterval(watch);
      delete process.env['FAKE_ENGINE_LOG'];
    }
    expect(code).toBe(130);
    expect(out).toContain('match: interrupted after 1 of 4 games\n');
    const summary = JSON.parse(readFileSync(json, 'utf8')) as { games: number; interrupted: boolean; wins: number };
    expect([summary.games, summary.interrupted, summary.wins]).toEqual([1, true, 1]);
  });

  it('plain commands are run with exec (a kill reaches the engine, not only sh)', () => {
    expect(execCommand('node x.mjs hang')).toBe('exec node x.mjs hang');
    expect(execCommand('cd /tmp && engine')).toBe('cd /tmp && engine');
    expect(execCommand('FOO=1 engine')).toBe('FOO=1 engine');
  });
});
