import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { legalMoves } from '../src/core/perft.js';
import { EngineWorker } from '../src/engine/async.js';
import { replay } from '../src/engine/history.js';
import { formatIccs, parseCoordinate } from '../src/games/xiangqi/notation/iccs.js';
import type { SearchInfo } from '../src/engine/search.js';
import { getGame } from '../src/games/registry.js';
import { xq } from './helpers/xiangqi.js';
import { formatProblem } from '../src/core/problem.js';

const MIDDLE = '1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1';
const worker = new EngineWorker();
afterAll(() => worker.terminate());

describe('search on a worker thread', () => {
  it('runs on a worker and resolves with a legal move, posting one info per iteration', async () => {
    expect(worker.threaded).toBe(true);
    const pos = xq(MIDDLE);
    const infos: SearchInfo[] = [];
    const r = await worker.search(pos, { depth: 4 }, { onInfo: (i) => infos.push(i) }).promise;
    expect(legalMoves(pos)).toContain(r.move);
    expect(r.depth).toBe(4);
    expect(infos.map((i) => i.depth)).toEqual([1, 2, 3, 4]);
  });

  it('keeps the event loop free while searching', async () => {
    const search = worker.search(xq(MIDDLE), { timeMs: 1500, softTimeMs: 1500 });
    let ended = false;
    let ticks = 0;
    const timer = setInterval(() => ended || ticks++, 10);
    await search.promise.finally(() => (ended = true));
    clearInterval(timer);
    // a blocked loop would see no tick at all before the search ended (a few are enough: a loaded
    // machine may run the timer far less often than every 10 ms)
    expect(ticks).toBeGreaterThan(1);
  });

  it('abort() stops a long search, which then resolves with its best move so far', async () => {
    const pos = xq(MIDDLE);
    const search = worker.search(pos, { timeMs: 120_000, softTimeMs: 120_000 });
    setTimeout(() => search.abort(), 300);
    // a search that ignored abort() would run its 120 s past the test's timeout
    const r = await search.promise;
    expect(r.stoppedBy).toBe('stop');
    expect(legalMoves(pos)).toContain(r.move);
  });

  it('chooses a move for a level, for both games', async () => {
    const chu = getGame('chushogi');
    const c0 = chu.parseFen(chu.startFen);
    if (!c0.ok) throw new Error(formatProblem(c0.error));
    for (const pos of [xq(MIDDLE), c0.value]) {
      const c = await worker.choose(pos, 2, { seed: 5, deterministic: true }).promise;
      expect(legalMoves(pos)).toContain(c.move);
      // deterministic with a seed: the same move again
      const again = await worker.choose(pos, 2, { seed: 5, deterministic: true }).promise;
      expect(again.move).toBe(c.move);
    }
  });

  it('with the game line, the worker applies the full repetition judge (no perpetual chase)', async () => {
    const start = xq('2n1k3r/9/9/9/9/9/R8/9/9/3K5 w - - 0 1');
    const pos = start.clone();
    const moves = ['a3c3', 'c9a8', 'c3a3', 'a8c9'].map((w) => {
      const r = parseCoordinate(pos, w);
      if (!r.ok) throw new Error(formatProblem(r.error));
      pos.play(r.value);
      return r.value;
    });
    const { history } = replay(start, moves);
    const judged = await worker.search(pos, { depth: 5 }, { line: { start, moves } }).promise;
    expect(formatIccs(judged.move)).not.toBe('a3c3');
    const checksOnly = await worker.search(pos, { depth: 5 }, { history }).promise;
    expect(formatIccs(checksOnly.move)).toBe('a3c3');
  });

  it('falls back to searching on the calling thread when the worker cannot start', async () => {
    const broken = new EngineWorker(() => new Worker('throw new Error("no worker here")', { eval: true }));
    const pos = xq(MIDDLE);
    const r = await broken.search(pos, { depth: 3 }).promise;
    expect(legalMoves(pos)).toContain(r.move);
    expect(broken.threaded).toBe(false);
    const c = await broken.choose(pos, 1, { seed: 1, deterministic: true }).promise;
    expect(legalMoves(pos)).toContain(c.move);
    await broken.terminate();
  });
});
