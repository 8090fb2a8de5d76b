#!/usr/bin/env node
// Fixed-depth search trees of the bench positions (bench/search.bench.js, plus each game's start),
// one line per position: nodes, score and move. A pure speed-up must leave every line unchanged.
// `node scripts/search-trees.mjs [DIR] [xiangqi depth] [chu depth]` (DIR: a repository with dist/
// built, default this one; depths default 9 and 6).
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = resolve(process.argv[2] ?? here);
const depths = { xiangqi: Number(process.argv[3] ?? 9), chushogi: Number(process.argv[4] ?? 6) };
const load = async (p) => import(pathToFileURL(resolve(dir, p)).href);
const { Searcher } = await load('dist/engine/search.js');
const { getGame } = await load('dist/games/registry.js');
const { POSITIONS } = await import(pathToFileURL(resolve(here, 'bench/search.bench.js')).href);
for (const [id, fens] of Object.entries(POSITIONS)) {
  const game = getGame(id);
  const all = [game.startFen ?? game.variant?.startFen, ...fens].filter(Boolean);
  const row = [];
  for (const fen of all) {
    const r = game.parseFen(fen);
    if (!r.ok) throw new Error(r.error);
    const res = new Searcher({ ttMegabytes: 16 }).search(r.value, { depth: depths[id] });
    row.push(`${res.nodes}/${res.score}/${game.coordinate.format(r.value, res.move)}`);
  }
  console.log(`${id} d${depths[id]}: ${row.join(' ')}`);
}
