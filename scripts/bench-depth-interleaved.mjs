#!/usr/bin/env node
// CPU time to a fixed depth on the positions of bench/search.bench.js (chu unless `--variant
// xiangqi`), for several builds loaded into ONE process, rounds interleaved (the order flips every
// round), median and best of 3: `node scripts/bench-depth-interleaved.mjs [--variant V] DEPTH DIR…`
// (each DIR a repository with dist/ built). Nodes per second alone misleads when a change makes
// nodes dearer but trees smaller (chu quiescence's attack test per capture, xiangqi's pruning):
// this is the time a search needs to see as deep.
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const variant = args[0] === '--variant' ? args.splice(0, 2)[1] : 'chushogi';
const [depthText, ...dirs] = args;
const depth = Number(depthText);
const { POSITIONS, searchToDepth } = await import(pathToFileURL(resolve(here, 'bench/search.bench.js')).href);
if (!Number.isInteger(depth) || depth < 1 || dirs.length === 0 || !(variant in POSITIONS)) {
  console.error(`usage: node scripts/bench-depth-interleaved.mjs [--variant ${Object.keys(POSITIONS).join('|')}] DEPTH DIR…`);
  process.exit(2);
}
const builds = [];
for (const d of dirs) {
  const load = async (p) => import(pathToFileURL(resolve(d, p)).href);
  const { Searcher } = await load('dist/engine/search.js');
  const { getGame } = await load('dist/games/registry.js');
  builds.push({ dir: d, Searcher, game: getGame(variant), ms: [], lines: [] });
}
for (let round = 0; round < 3; round++)
  for (const b of round % 2 ? [...builds].reverse() : builds) {
    let ms = 0;
    b.lines = [];
    for (const fen of POSITIONS[variant]) {
      const { ms: cpu, pos, result: r } = searchToDepth(b.Searcher, b.game, fen, depth);
      ms += cpu;
      b.lines.push(`${b.game.coordinate.format(pos, r.move)} ${r.score} ${r.nodes} nodes`);
    }
    b.ms.push(ms);
  }
for (const b of builds) {
  const s = [...b.ms].sort((x, y) => x - y);
  console.log(`${b.dir}: ${variant} depth ${depth}: median ${s[1].toFixed(0)} ms CPU, best ${s[0].toFixed(0)} ms; ${b.lines.join(' | ')}`);
}
