// Lazy SMP (src/engine/smp.ts): the shared transposition table's lockless entries, and searches
// with helper threads.
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { legalMoves } from '../src/core/perft.js';
import { EngineWorker } from '../src/engine/async.js';
import { Searcher, type SearchInfo } from '../src/engine/search.js';
import { skipDepth } from '../src/engine/smp.js';
import { BOUND_EXACT, BOUND_LOWER, TranspositionTable } from '../src/engine/tt.js';
import { getGame } from '../src/games/registry.js';
import { xq } from './helpers/xiangqi.js';

const MIDDLE = '1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1';
const CHU = 'lfcsgekgscfl/a2htxot2va/2r1dqdrbh2/1mvpbpppp2m/2p1p4p2/pp1i1n3N1p/8IPP1/PPPIPPPPPF1P/MF1P4H2M/1VRHD1QD1RV1/A1B1TOXTCB1A/L1CSGKEGS2L b - 61';

describe('shared transposition table', () => {
  it('is seen by every table over the same memory', () => {
    const a = new TranspositionTable(1, { shared: true });
    const b = new TranspositionTable(0, { buffer: a.buffer!, follower: true });
    expect(new TranspositionTable(1).buffer).toBeNull();
    a.store(5, 77, 0x0102, -40, 6, BOUND_LOWER);
    const e = b.probe(5, 77);
    expect(e).toBeGreaterThanOrEqual(0);
    expect([b.move, b.score, b.depth, b.bound]).toEqual([0x0102, -40, 6, BOUND_LOWER]);
  });

  it('reads a torn or foreign entry as a miss', () => {
    const t = new TranspositionTable(1, { shared: true });
    const words = new Int32Array(t.buffer!);
    t.store(9, 1234, 0x0203, 55, 4, BOUND_EXACT);
    const e = t.probe(9, 1234);
    expect(e).toBeGreaterThanOrEqual(0);
    // another position's entry in the same bucket
    expect(t.probe(9, 1235)).toBe(-1);
    // a write of another thread half done: one word of another entry in each field
    for (const k of [1, 2, 3]) {
      const saved = words[e + k]!;
      words[e + k] = saved ^ 0x40;
      expect(t.probe(9, 1234)).toBe(-1);
      words[e + k] = saved;
    }
    expect(t.probe(9, 1234)).toBe(e);
    // the check word of one entry with the data of another (same key, other move)
    t.store(9, 1234, 0x0304, 60, 5, BOUND_EXACT);
    const check = words[e]!;
    t.store(9, 1234, 0x0506, 60, 5, BOUND_EXACT);
    words[e] = check;
    expect(t.probe(9, 1234)).toBe(-1);
  });

  it('answers for the entry as it was probed, whatever is written there after', () => {
    const t = new TranspositionTable(1, { shared: true });
    t.store(3, 8, 0x0708, 12, 3, BOUND_EXACT);
    expect(t.probe(3, 8)).toBeGreaterThanOrEqual(0);
    new TranspositionTable(0, { buffer: t.buffer! }).store(3, 8, 0x0900, -7, 9, BOUND_LOWER);
    expect([t.move, t.score, t.depth, t.bound]).toEqual([0x0708, 12, 3, BOUND_EXACT]);
  });
});

describe('helper depths', () => {
  it('helper 1 searches every other depth; others spread over the phases', () => {
    expect([1, 2, 3, 4, 5, 6].map((d) => skipDepth(1, d))).toEqual([false, true, false, true, false, true]);
    const patterns = new Set([2, 3, 4, 5].map((h) => [1, 2, 3, 4, 5, 6, 7, 8].map((d) => (skipDepth(h, d) ? 1 : 0)).join('')));
    expect(patterns.size).toBe(4);
  });
});

describe('search on two threads', () => {
  const searchers: Searcher[] = [];
  afterAll(async () => {
    for (const s of searchers) await s.close();
  });
  // one two-thread searcher for the tests below: its helper loads once (through tsx here, a second
  // or more of CPU each time), before the searches that count on it; each test reuses it as `go`
  // after `go` does
  let shared: Searcher | null = null;
  const smp = () => {
    if (shared) return shared;
    const s = new Searcher({ ttMegabytes: 4, threads: 2 });
    searchers.push(s);
    expect(s.startHelpers(30_000)).toBe(true);
    shared = s;
    return s;
  };

  it('returns a legal move, counting the helper nodes too, and stops on its node limit', () => {
    const s = smp();
    const pos = xq(MIDDLE);
    const infos: SearchInfo[] = [];
    const r = s.search(pos, { nodes: 30_000, onInfo: (i) => infos.push(i) });
    expect(legalMoves(pos)).toContain(r.move);
    expect(r.stoppedBy).toBe('nodes');
    expect(r.depth).toBeGreaterThan(3);
    expect(infos.length).toBeGreaterThan(0);
    // the main thread's 30,000 (and a poll interval) and whatever the helper did meanwhile
    expect(r.nodes).toBeGreaterThan(30_000 + 300);
    expect(r.nps).toBeGreaterThan(0);
    // the searcher and its helper are reused; the root is unchanged by the search
    const again = s.search(pos, { depth: 5 });
    expect(again.depth).toBe(5);
    expect(legalMoves(pos)).toContain(again.move);
  });

  it('stops on its time limit (the helpers stop with it)', () => {
    const s = smp();
    const chu = getGame('chushogi').parseFen(CHU);
    if (!chu.ok) throw new Error('bad FEN');
    const r = s.search(chu.value, { timeMs: 200, softTimeMs: 200 });
    // the outcome, not the wall clock (a loaded machine stretches the stop and the helpers' join):
    // a search that ignored its limit would end by depth, minutes later
    expect(r.stoppedBy).toBe('time');
    expect(legalMoves(chu.value)).toContain(r.move);
    // a next search right away starts clean
    const r2 = s.search(chu.value, { depth: 2 });
    expect(r2.depth).toBe(2);
  });

  it('honours an external stop flag and game history', () => {
    const s = smp();
    const stop = new Int32Array(new SharedArrayBuffer(4));
    Atomics.store(stop, 0, 1);
    const pos = xq(MIDDLE);
    const r = s.search(pos, { stop, depth: 30, history: [{ hashLo: 1, hashHi: 2, inCheck: false }] });
    expect(r.stoppedBy).toBe('stop');
    expect(legalMoves(pos)).toContain(r.move);
  });

  it('does not wait for a helper still loading (it joins a later search)', () => {
    const s = new Searcher({ ttMegabytes: 2, threads: 2 });
    searchers.push(s);
    const r = s.search(xq(MIDDLE), { nodes: 3000 });
    // A tsx worker takes a second or more to load, a 3,000-node search a few milliseconds. A search
    // that waited for its helper would have been joined by it (more nodes, another table); this one
    // is the one-thread search exactly: the main thread searched alone and did not wait.
    const alone = new Searcher({ ttMegabytes: 2, threads: 1 }).search(xq(MIDDLE), { nodes: 3000 });
    expect([r.nodes, r.move, r.score]).toEqual([alone.nodes, alone.move, alone.score]);
    expect(s.startHelpers(30_000)).toBe(true);
    expect(s.search(xq(MIDDLE), { nodes: 30_000 }).nodes).toBeGreaterThan(30_000 + 300);
  });

  it('runs on the engine worker thread too (its helpers are threads of that thread)', async () => {
    const worker = new EngineWorker();
    try {
      const pos = xq(MIDDLE);
      for (let i = 0; i < 2; i++) {
        const r = await worker.search(pos, { nodes: 20_000, threads: 2 }).promise;
        expect(legalMoves(pos)).toContain(r.move);
        expect(r.nodes).toBeGreaterThanOrEqual(20_000);
      }
    } finally {
      await worker.terminate();
    }
  });

  it('with one thread the tree is the same as before (no helpers)', () => {
    const a = new Searcher({ ttMegabytes: 2 }).search(xq(MIDDLE), { depth: 6 });
    const b = new Searcher({ ttMegabytes: 2, threads: 1 }).search(xq(MIDDLE), { depth: 6 });
    expect([b.nodes, b.move, b.score]).toEqual([a.nodes, a.move, a.score]);
  });

  it('leaves no thread running: a process that searched on two threads exits by itself', () => {
    // the emitted dist/ (npm test builds it first): a process loading the sources through tsx would
    // spend seconds compiling them before its search
    const dist = (path: string) => pathToFileURL(resolve(dirname(fileURLToPath(import.meta.url)), '../dist', path)).href;
    const code = `const { Searcher } = await import(${JSON.stringify(dist('engine/search.js'))});
      const { getGame } = await import(${JSON.stringify(dist('games/registry.js'))});
      const pos = getGame('xiangqi').parseFen(${JSON.stringify(MIDDLE)});
      const r = new Searcher({ ttMegabytes: 2, threads: 2 }).search(pos.value, { nodes: 30000 });
      console.log('move', r.move !== 0, r.nodes >= 30000);`;
    // a thread left running would keep the process alive until the kill at the timeout (status null);
    // generous, for a loaded machine
    const out = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', timeout: 120_000 });
    expect(out.stderr).toBe('');
    expect(out.stdout.trim()).toBe('move true true');
    expect(out.status).toBe(0);
  }, 150_000);
});
