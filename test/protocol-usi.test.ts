/**
 * `chuhan engine --protocol usi` (chu as lishogi speaks it) and the UCI additions: ponder and
 * ponderhit, go infinite holding its answer, MultiPV, UCI_LimitStrength/UCI_Elo. Inline searches at
 * small depths, stub thinkers for timing; the real process at the end (needs `npm run build`).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { Position } from '../src/core/position.js';
import { formatUsi, parseUsi } from '../src/games/chushogi/notation/usi.js';
import { CHU_XBOARD as CHU } from '../src/games/chushogi/xboard.js';
import { XIANGQI_XBOARD as XIANGQI } from '../src/games/xiangqi/xboard.js';
import { inlineThinker, type Thinker, type ThinkRequest } from '../src/protocol/thinker.js';
import { eloToLevel, UciSession, type UciDialect } from '../src/protocol/uci.js';

const CHU_START = 'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1';

function session(dialect: UciDialect, thinker: Thinker = inlineThinker(), depth: number | undefined = 1) {
  const out: string[] = [];
  const s = new UciSession({ dialect, thinker, write: (l) => out.push(l), ...(depth !== undefined ? { limits: { depth } } : {}) });
  return {
    out,
    s,
    async send(...lines: string[]) {
      const from = out.length;
      for (const l of lines) s.feed(l);
      await s.idle();
      return out.slice(from);
    },
  };
}

/** A thinker whose search ends only when aborted (or at once with `instant`); records requests. */
function stubThinker(instant = false): Thinker & { requests: ThinkRequest[]; aborts: number } {
  const t = {
    requests: [] as ThinkRequest[],
    aborts: 0,
    think(req: ThinkRequest) {
      t.requests.push(req);
      let stop!: () => void;
      const done = instant ? Promise.resolve() : new Promise<void>((resolve) => (stop = resolve));
      const m = XIANGQI.parseMove(req.pos, 'h9g7');
      const move = m.ok ? m.value : 0;
      const promise = done.then(() => ({ move, score: 5, depth: 3, nodes: 10, timeMs: 1, pv: [move] }));
      return {
        promise,
        abort: () => {
          t.aborts++;
          stop?.();
        },
      };
    },
    newGame() {},
    close: async () => {},
  };
  return t;
}

const afterMoves = (pos: Position, moves: readonly string[]): Position => {
  const p = pos.clone();
  for (const m of moves) {
    const r = parseUsi(p, m);
    if (!r.ok) throw new Error(`${m}: ${r.error}`);
    p.play(r.value);
  }
  return p;
};

describe('USI for chu (lishogi)', () => {
  it('usi/usiok, isready/readyok, usinewgame, position sfen … moves, go byoyomi: a legal bestmove', async () => {
    const g = session('usi');
    const hello = await g.send('usi');
    expect(hello[0]).toBe('id name chuhan 0.1.0');
    expect(hello).toContain('option name USI_Hash type spin default 64 min 1 max 1024');
    expect(hello.at(-1)).toBe('usiok');
    expect(await g.send('isready')).toEqual(['readyok']);
    expect(await g.send('usinewgame', `position sfen ${CHU_START} moves 7i7h`)).toEqual([]);
    const r = await g.send('go btime 0 wtime 0 byoyomi 1000');
    const best = /^bestmove (\S+)$/.exec(r.at(-1)!);
    expect(best).not.toBeNull();
    expect(parseUsi(afterMoves(CHU.start(), ['7i7h']), best![1]!).ok).toBe(true);
    expect(r.some((l) => /^info depth 1 seldepth \d+ score cp -?\d+ nodes \d+ nps \d+ time \d+ pv \S+/.test(l))).toBe(true);
    expect(await g.send('position startpos moves 7i7h 7z7y')).toEqual([expect.stringMatching(/^info string bad move 7z7y/)]);
    expect(await g.send('gameover win', 'quit')).toEqual([]);
  });

  it('btime is Sente\'s clock, wtime Gote\'s; byoyomi bounds the move', async () => {
    const t = stubThinker(true);
    const g = session('usi', t, undefined);
    await g.send('usi', `position sfen ${CHU_START}`, 'go btime 60000 wtime 1000 byoyomi 2000');
    const sente = t.requests[0]!.limits;
    await g.send(`position sfen ${CHU_START} moves 7i7h`, 'go btime 60000 wtime 1000 byoyomi 2000');
    const gote = t.requests[1]!.limits;
    expect(sente.timeMs!).toBeGreaterThan(gote.timeMs!);
    expect(gote.timeMs!).toBeGreaterThan(1500);
    expect(gote.timeMs!).toBeLessThan(2600);
  });

  it('a scripted whole lishogi-style game with lion double moves: every position is read, every answer is legal', async () => {
    // game 1 of the chuhan–HaChu match record: 287 plies in lishogi USI, with lion double moves
    const text = readFileSync('fixtures/matches/chuhan-vs-hachu-chu-40-20.pgn', 'utf8').split('\n\n')[1]!;
    const moves = text.split(/\s+/).filter((w) => /^(1[0-2]|[1-9])[a-l](1[0-2]|[1-9])[a-l]((1[0-2]|[1-9])[a-l])?\+?$/.test(w));
    expect(moves.length).toBe(287);
    const lionDoubles = moves.filter((m) => /^(\d+[a-l]){3}/.test(m));
    expect(lionDoubles.length).toBeGreaterThan(5);
    const g = session('usi');
    await g.send('usi', 'isready', 'usinewgame');
    // ask for a move after every lion double move and every 25th ply
    const asks = moves.map((_m, i) => i).filter((i) => i % 25 === 0 || /^(\d+[a-l]){3}/.test(moves[i]!));
    let pos = CHU.start();
    let played = 0;
    for (const i of asks) {
      const line = moves.slice(0, i + 1);
      const r = await g.send(`position sfen ${CHU_START} moves ${line.join(' ')}`, 'go btime 10000 wtime 10000 byoyomi 100');
      expect(r.filter((l) => l.startsWith('info string'))).toEqual([]);
      pos = afterMoves(pos, moves.slice(played, i + 1));
      played = i + 1;
      const best = r.at(-1)!;
      if (best === 'bestmove resign') continue;
      const mv = parseUsi(pos, best.slice(9));
      expect(mv.ok, `ply ${i + 1}: ${best}`).toBe(true);
      if (mv.ok) expect(formatUsi(mv.value)).toBe(best.slice(9));
    }
    expect(await g.send('gameover lose', 'quit')).toEqual([]);
  });
});

describe('UCI: ponder, infinite, MultiPV, strength', () => {
  it('go ponder … then ponderhit gives bestmove within the remaining time, not before', async () => {
    // fake timers: the session's own clock, so a loaded machine cannot make the move look late
    vi.useFakeTimers();
    try {
      const t = stubThinker();
      const g = session('uci', t, undefined);
      g.s.feed('position startpos moves h3e3');
      g.s.feed('go ponder wtime 2000 btime 2000');
      // pondering waits for the GUI, however long: no move after a minute
      await vi.advanceTimersByTimeAsync(60_000);
      expect(g.out.some((l) => l.startsWith('bestmove'))).toBe(false);
      expect(t.requests[0]!.limits.timeMs).toBeUndefined();
      g.s.feed('ponderhit');
      await Promise.resolve();
      expect(g.out.some((l) => l.startsWith('bestmove'))).toBe(false);
      // 2 s on the clock: the move's budget is well under a second
      await vi.advanceTimersByTimeAsync(999);
      expect(g.out.at(-1)).toBe('bestmove h10g8');
      expect(t.aborts).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('go ponder then stop (the GUI\'s move was another) gives the bestmove at once', async () => {
    const g = session('uci', stubThinker(), undefined);
    g.s.feed('position startpos moves h3e3');
    g.s.feed('go ponder wtime 60000 btime 60000');
    g.s.feed('stop');
    await g.s.idle();
    expect(g.out.at(-1)).toBe('bestmove h10g8');
  });

  it('go infinite never answers on its own, even when the search ends early', async () => {
    const g = session('uci', stubThinker(true), undefined);
    g.s.feed('position startpos moves h3e3');
    g.s.feed('go infinite');
    await new Promise((r) => setTimeout(r, 100));
    expect(g.out.filter((l) => l.startsWith('bestmove'))).toEqual([]);
    g.s.feed('ponderhit'); // not pondering: nothing changes
    await new Promise((r) => setTimeout(r, 20));
    expect(g.out.filter((l) => l.startsWith('bestmove'))).toEqual([]);
    g.s.feed('stop');
    await g.s.idle();
    expect(g.out.at(-1)).toBe('bestmove h10g8');
  });

  it('Ponder on: bestmove names the expected reply', async () => {
    const g = session('uci', inlineThinker(), 3);
    const r = await g.send('setoption name Ponder value true', 'position startpos', 'go depth 3');
    expect(r.at(-1)).toMatch(/^bestmove [a-i]\d+[a-i]\d+ ponder [a-i]\d+[a-i]\d+$/);
  });

  it('MultiPV 3: three scored lines of different moves before bestmove', async () => {
    const g = session('uci', inlineThinker(), 2);
    const r = await g.send('setoption name MultiPV value 3', 'position startpos', 'go depth 2');
    const lines = r.filter((l) => / multipv \d /.test(l));
    expect(lines.map((l) => / multipv (\d) /.exec(l)![1])).toEqual(['1', '2', '3']);
    const firsts = lines.map((l) => / pv (\S+)/.exec(l)![1]);
    expect(new Set(firsts).size).toBe(3);
    const scores = lines.map((l) => Number(/ score cp (-?\d+)/.exec(l)![1]));
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(r.at(-1)).toBe(`bestmove ${firsts[0]}`);
  });

  it('UCI_LimitStrength with UCI_Elo plays at the mapped level; Threads, Hash accepted', async () => {
    expect([800, 1257, 1600, 2400, 3000].map(eloToLevel)).toEqual([1, 3, 5, 8, 8]);
    const t = stubThinker(true);
    const g = session('uci', t, undefined);
    const hello = await g.send('uci');
    expect(hello).toContain('option name UCI_Elo type spin default 1500 min 800 max 2400');
    expect(hello).toContain('option name MultiPV type spin default 1 min 1 max 20');
    await g.send('setoption name Threads value 1', 'setoption name Hash value 128', 'go movetime 100');
    expect(t.requests[0]!.level ?? null).toBeNull();
    await g.send('setoption name UCI_LimitStrength value true', 'setoption name UCI_Elo value 1257', 'go movetime 100');
    expect(t.requests[1]!.level).toBe(3);
    expect(g.out.filter((l) => l.startsWith('info string'))).toEqual([]);
  });

  it('Threads: 2 searches on two threads (the limits say so); out of range is refused', async () => {
    const t = stubThinker(true);
    const g = session('uci', t, undefined);
    expect(await g.send('uci')).toContain('option name Threads type spin default 1 min 1 max 64');
    await g.send('go movetime 100');
    expect(t.requests[0]!.limits.threads).toBeUndefined();
    await g.send('setoption name Threads value 2', 'go movetime 100');
    expect(t.requests[1]!.limits.threads).toBe(2);
    await g.send('setoption name Threads value 0', 'go movetime 100');
    expect(t.requests[2]!.limits.threads).toBe(2);
    expect(g.out.filter((l) => l.startsWith('info string'))).toEqual(['info string Threads: a whole number from 1 to 64, not 0']);
  });
});

describe('chuhan engine --protocol uci with Threads 2, the real process', () => {
  it('a node-limited search on two threads answers a legal move and the process exits', async () => {
    const proc = spawn(process.execPath, ['bin/chuhan.js', 'engine', '--protocol', 'uci'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const code = new Promise<number | null>((resolve) => proc.on('exit', resolve));
    const answered = async (n: number) => {
      for (let i = 0; i < 600 && (out.match(/^bestmove /gm) ?? []).length < n; i++) await new Promise((r) => setTimeout(r, 50));
    };
    // the first search starts the helper (it joins once loaded); the second has it from the start
    proc.stdin.write('uci\nsetoption name Threads value 2\nisready\nposition startpos\ngo nodes 30000\n');
    await answered(1);
    out = '';
    proc.stdin.write('go nodes 30000\n');
    // quit only after the answer (quit stops a search)
    await answered(1);
    proc.stdin.end('quit\n');
    expect(await code).toBe(0);
    const lines = out.trim().split('\n');
    expect(lines.filter((l) => l.startsWith('info string'))).toEqual([]);
    expect(lines.find((l) => l.startsWith('bestmove'))).toMatch(/^bestmove [a-i]\d+[a-i]\d+$/);
    // info lines come at the end of each finished iteration only, so the node limit (the main
    // thread's 30,000; the helper's nodes added) shows in none of them: test/engine-smp.test.ts
    // checks the count on the Searcher itself
    expect(lines.some((l) => /^info depth \d+ .* nodes \d+/.test(l))).toBe(true);
  }, 40_000);
});

describe('chuhan engine --protocol usi, the real process', () => {
  it("printf 'usi … go byoyomi 300' | chuhan engine --protocol usi: usiok, readyok, a legal bestmove", async () => {
    const proc = spawn(process.execPath, ['bin/chuhan.js', 'engine', '--protocol', 'usi'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const code = new Promise<number | null>((resolve) => proc.on('exit', resolve));
    proc.stdin.end(`usi\nisready\nusinewgame\nposition sfen ${CHU_START} moves 7i7h\ngo byoyomi 300\n`);
    expect(await code).toBe(0);
    const lines = out.trim().split('\n');
    expect(lines).toContain('usiok');
    expect(lines).toContain('readyok');
    const best = /^bestmove (\S+)$/.exec(lines.at(-1)!);
    expect(best).not.toBeNull();
    expect(parseUsi(afterMoves(CHU.start(), ['7i7h']), best![1]!).ok).toBe(true);
  }, 20_000);
});
