// Fixed-budget xiangqi (or chu) search over the bench positions, for instruction counts:
// nice valgrind --tool=callgrind --callgrind-out-file=cg.out node --single-threaded scripts/search-fixed.mjs DIR [nodes] [game]
// (--single-threaded: V8 compiles on the main thread, so the count varies much less than with background compile threads; compare builds on a quiet machine)
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
const dir = resolve(process.argv[2] ?? '.');
const budget = Number(process.argv[3] ?? 300000);
const id = process.argv[4] ?? 'xiangqi';
const { Searcher } = await import(pathToFileURL(resolve(dir, 'dist/engine/search.js')).href);
const { getGame } = await import(pathToFileURL(resolve(dir, 'dist/games/registry.js')).href);
const { POSITIONS } = await import(pathToFileURL(resolve(dirname(fileURLToPath(import.meta.url)), '../bench/search.bench.js')).href);
const game = getGame(id);
let nodes = 0;
for (const fen of POSITIONS[id]) nodes += new Searcher({ ttMegabytes: 16 }).search(game.parseFen(fen).value, { nodes: budget }).nodes;
console.log(`${id} ${nodes} nodes`);
