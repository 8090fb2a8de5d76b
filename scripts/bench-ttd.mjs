#!/usr/bin/env node
// Wall time (and the main thread's and helpers' nodes) to a fixed depth on the search bench's
// positions, 1 thread against 2, interleaved: `node scripts/bench-ttd.mjs [DIR] [ROUNDS]` (DIR: a
// repository with dist/ built, default this one). Lazy SMP pays where 2 threads reach the depth
// sooner; their summed nodes per second alone do not say so.
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const [dirArg, roundsArg] = process.argv.slice(2);
const root = resolve(dirArg ?? here);
const rounds = Number(roundsArg || 1);
const load = (p) => import(pathToFileURL(resolve(root, p)).href);
const { Searcher } = await load('dist/engine/search.js');
const { HelperPool } = await load('dist/engine/smp.js');
const { getGame } = await load('dist/games/registry.js');
const { POSITIONS } = await import(pathToFileURL(resolve(here, 'bench/search.bench.js')).href);
let lastHelper = 0;
const stop0 = HelperPool.prototype.stop;
HelperPool.prototype.stop = function () { lastHelper = stop0.call(this); return lastHelper; };
const DEPTH = { xiangqi: [10, 12, 11], chushogi: [8, 6] };
const s1 = new Searcher({ ttMegabytes: 16 });
const s2 = new Searcher({ ttMegabytes: 16, threads: 2 }); s2.startHelpers();
for (const [id, fens] of Object.entries(POSITIONS)) {
  const g = getGame(id);
  s2.search(g.parseFen(fens[0]).value, { nodes: 20000 });
  s1.search(g.parseFen(fens[0]).value, { nodes: 20000 });
}
for (let round = 0; round < rounds; round++)
  for (const [id, fens] of Object.entries(POSITIONS)) {
    const g = getGame(id);
    fens.forEach((fen, k) => {
      for (const [t, s] of round % 2 ? [[2, s2], [1, s1]] : [[1, s1], [2, s2]]) {
        s.clear();
        lastHelper = 0;
        const t0 = performance.now();
        const r = s.search(g.parseFen(fen).value, { depth: DEPTH[id][k] });
        const wall = performance.now() - t0;
        console.log(`${id}#${k} d${r.depth} t${t} main ${r.nodes - lastHelper} helper ${lastHelper} wall ${wall.toFixed(0)} move ${g.coordinate.format(g.parseFen(fen).value, r.move)} score ${r.score}`);
      }
    });
  }
await s2.close();
