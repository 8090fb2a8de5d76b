// Search speed (nodes/s) in middlegame positions of both games, fixed node budgets (deterministic
// work; the time varies with the machine). Issue 7 aims at >= 1 M nodes/s for xiangqi.
import { Searcher } from '../dist/engine/search.js';
import { getGame } from '../dist/games/registry.js';

export const name = 'search nodes/s (middlegames, fixed node budgets)';

export const POSITIONS = {
  xiangqi: [
    // spec perft middlegame, a cannon battery position, and a quiet developed opening
    '1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1',
    'r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1',
    'r2akab2/9/1cn1b1n2/p1p1p3p/6pr1/2P6/P3P1P1P/1CN1C1N2/4A4/R1BAK1B1R w - - 0 1',
  ],
  chushogi: [
    // lishogi games 1 and 4 after 60 plies
    'lfcsgekgscfl/a2htxot2va/2r1dqdrbh2/1mvpbpppp2m/2p1p4p2/pp1i1n3N1p/8IPP1/PPPIPPPPPF1P/MF1P4H2M/1VRHD1QD1RV1/A1B1TOXTCB1A/L1CSGKEGS2L b - 61',
    'l1csgekgsc1l/a1bdtxodtbfa/2r1hq3r1m/m1vp4p1vp/p1fi1pppipp1/1pp1pn6/12/PPPIP1PPIPPP/MF1PHP1NP1FM/A1R2DQH1R1A/1V1STOXTSBV1/LBC1GKEG1C1L b - 61',
  ],
};
export const BUDGET = { xiangqi: 1_500_000, chushogi: 600_000 };
export const TTD_DEPTH = { xiangqi: 10, chushogi: 6 };

/**
 * One search of `fen` to `depth` with a build's Searcher (1 thread, 16 MB table, a new one each
 * time): its CPU milliseconds and result. Shared with scripts/bench-depth-interleaved.mjs.
 */
export function searchToDepth(Searcher, game, fen, depth) {
  const r = game.parseFen(fen);
  if (!r.ok) throw new Error(r.error);
  const t = process.cpuUsage();
  const result = new Searcher({ ttMegabytes: 16 }).search(r.value, { depth });
  const c = process.cpuUsage(t);
  return { ms: (c.user + c.system) / 1000, pos: r.value, result };
}

export function run(log) {
  for (const [id, fens] of Object.entries(POSITIONS)) {
    const game = getGame(id);
    let nodes = 0;
    let ms = 0;
    for (const fen of fens) {
      const r = game.parseFen(fen);
      if (!r.ok) throw new Error(r.error);
      new Searcher({ ttMegabytes: 16 }).search(r.value.clone(), { nodes: 20_000 }); // warm-up
      const res = new Searcher({ ttMegabytes: 16 }).search(r.value, { nodes: BUDGET[id] });
      nodes += res.nodes;
      ms += res.timeMs;
      log(`${id}: depth ${res.depth}, ${res.nodes} nodes in ${(res.timeMs / 1000).toFixed(2)} s, ${(res.nps / 1e6).toFixed(2)} M nodes/s, best ${game.coordinate.format(r.value, res.move)}`);
    }
    log(`${id}: ${((nodes / ms) * 1000 / 1e6).toFixed(2)} M nodes/s over ${fens.length} positions`);
  }
  // Two threads (Lazy SMP): the same positions and budgets, the main thread's node budget (the
  // helper searches as long as it does); nodes/s = both threads' nodes / wall time
  for (const [id, fens] of Object.entries(POSITIONS)) {
    const game = getGame(id);
    const searcher = new Searcher({ ttMegabytes: 16, threads: 2 });
    searcher.startHelpers();
    let nodes = 0;
    let ms = 0;
    const depths = [];
    for (const fen of fens) {
      const r = game.parseFen(fen);
      if (!r.ok) throw new Error(r.error);
      searcher.search(r.value.clone(), { nodes: 20_000 }); // warm-up
      searcher.clear();
      const t0 = performance.now();
      const res = searcher.search(r.value, { nodes: BUDGET[id] });
      const wall = performance.now() - t0;
      nodes += res.nodes;
      ms += wall;
      depths.push(res.depth);
      log(`${id} 2 threads: depth ${res.depth}, ${res.nodes} nodes in ${(wall / 1000).toFixed(2)} s, ${(res.nodes / wall / 1e3).toFixed(2)} M nodes/s, best ${game.coordinate.format(r.value, res.move)}`);
    }
    log(`${id} 2 threads: ${((nodes / ms) * 1000 / 1e6).toFixed(2)} M nodes/s over ${fens.length} positions, depths ${depths.join(' ')}`);
    searcher.close();
  }
  // Time to a fixed depth, 1 thread: nodes per second alone mislead when pruning makes the trees
  // smaller and their nodes dearer (scripts/bench-depth-interleaved.mjs compares builds this way)
  for (const [id, fens] of Object.entries(POSITIONS)) {
    const game = getGame(id);
    const depth = TTD_DEPTH[id];
    let cpu = 0;
    let nodes = 0;
    for (const fen of fens) {
      const { ms, result } = searchToDepth(Searcher, game, fen, depth);
      cpu += ms;
      nodes += result.nodes;
    }
    log(`${id} to depth ${depth}: ${cpu.toFixed(0)} ms CPU, ${nodes} nodes over ${fens.length} positions`);
  }
}
