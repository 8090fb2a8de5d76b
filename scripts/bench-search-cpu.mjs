#!/usr/bin/env node
// The search bench (bench/search.bench.js: same positions and node budgets) measured in nodes per
// CPU second (process.cpuUsage) instead of wall time: on a loaded shared machine wall-time nodes/s
// swing by 5x between runs, CPU time far less. Compares builds: `node scripts/bench-search-cpu.mjs
// [repo dir …]` (each dir needs dist/ built; default: this repository).
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dirs = process.argv.length > 2 ? process.argv.slice(2) : [here];
for (const dir of dirs) {
  const load = async (p) => import(pathToFileURL(resolve(dir, p)).href);
  const { Searcher } = await load('dist/engine/search.js');
  const { getGame } = await load('dist/games/registry.js');
  const { POSITIONS, BUDGET } = await import(pathToFileURL(resolve(here, 'bench/search.bench.js')).href);
  for (const [id, fens] of Object.entries(POSITIONS)) {
    const game = getGame(id);
    let nodes = 0;
    let cpu = 0;
    for (const fen of fens) {
      const r = game.parseFen(fen);
      if (!r.ok) throw new Error(r.error);
      new Searcher({ ttMegabytes: 16 }).search(r.value.clone(), { nodes: 20_000 }); // warm-up
      const c0 = process.cpuUsage();
      const res = new Searcher({ ttMegabytes: 16 }).search(r.value, { nodes: BUDGET[id] });
      const c = process.cpuUsage(c0);
      nodes += res.nodes;
      cpu += (c.user + c.system) / 1e6;
    }
    console.log(`${dir}: ${id}: ${(nodes / cpu / 1e6).toFixed(3)} M nodes per CPU second over ${fens.length} positions`);
  }
}
