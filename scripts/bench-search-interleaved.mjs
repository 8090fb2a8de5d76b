#!/usr/bin/env node
// The search bench (bench/search.bench.js: same positions and node budgets) for several builds loaded
// into ONE process, their runs interleaved (the order of the builds flips every round), in nodes per
// CPU second: a changing load hits every build alike. `node scripts/bench-search-interleaved.mjs
// [--rounds N] [--scale F] DIR…` (each DIR a repository with dist/ built; --scale multiplies the node
// budgets). Prints, per build and game, the best and median rate over the rounds, and each
// position's depth, best move and nodes of the first round (equal searches give equal lines).
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
let rounds = 3;
let scale = 1;
while (args[0]?.startsWith('--')) {
  const [flag, value] = args.splice(0, 2);
  if (flag === '--rounds') rounds = Number(value);
  else if (flag === '--scale') scale = Number(value);
  else throw new Error(`unknown option ${flag}`);
}
const { POSITIONS, BUDGET } = await import(pathToFileURL(resolve(here, 'bench/search.bench.js')).href);
const builds = [];
for (const d of args.length ? args : [here]) {
  const load = async (p) => import(pathToFileURL(resolve(d, p)).href);
  const { Searcher } = await load('dist/engine/search.js');
  const { getGame } = await load('dist/games/registry.js');
  const b = { dir: d, Searcher, getGame, rates: {}, lines: [] };
  for (const [id, fens] of Object.entries(POSITIONS)) {
    b.rates[id] = [];
    const game = getGame(id);
    for (const fen of fens) new Searcher({ ttMegabytes: 16 }).search(game.parseFen(fen).value, { nodes: 20_000 }); // warm-up
  }
  builds.push(b);
}
for (let round = 0; round < rounds; round++)
  for (const [id, fens] of Object.entries(POSITIONS))
    for (const b of round % 2 ? [...builds].reverse() : builds) {
      const game = b.getGame(id);
      let nodes = 0;
      let cpu = 0;
      for (const fen of fens) {
        const pos = game.parseFen(fen).value;
        const c0 = process.cpuUsage();
        const res = new b.Searcher({ ttMegabytes: 16 }).search(pos, { nodes: Math.round(BUDGET[id] * scale) });
        const c = process.cpuUsage(c0);
        nodes += res.nodes;
        cpu += (c.user + c.system) / 1e6;
        if (round === 0) b.lines.push(`${id} depth ${res.depth} ${game.coordinate.format(pos, res.move)} ${res.nodes} nodes ${((c.user + c.system) / 1e6).toFixed(2)} CPU s`);
      }
      b.rates[id].push(nodes / cpu / 1e6);
    }
for (const b of builds) {
  for (const l of b.lines) console.log(`${b.dir}: ${l}`);
  const parts = Object.entries(b.rates).map(([id, r]) => {
    r.sort((x, y) => x - y);
    return `${id} best ${r.at(-1).toFixed(3)} median ${r[r.length >> 1].toFixed(3)}`;
  });
  console.log(`${b.dir}: ${parts.join(', ')} (M nodes per CPU s, ${rounds} rounds)`);
}
