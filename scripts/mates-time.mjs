#!/usr/bin/env node
// Wall-time check of the mate fixtures: each problem is searched for at most 1 s (the issue's
// limit); prints when the exact mate was first reported. `node scripts/mates-time.mjs` (needs dist/).
// Exit 1 if any mate is not found in time.
import { readFileSync } from 'node:fs';
import { Searcher } from '../dist/engine/search.js';
import { getGame } from '../dist/games/registry.js';

const LIMIT = Number(process.argv[2] ?? 1000);
let bad = 0;
for (const [id, file] of [
  ['xiangqi', 'xiangqi-mates-fsf.txt'],
  ['chushogi', 'chushogi-mates.txt'],
]) {
  const game = getGame(id);
  const rows = readFileSync(new URL(`../fixtures/tactics/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => l.split('|').map((f) => f.trim()));
  for (const [fen, n, , name] of rows) {
    const pos = game.parseFen(fen).value;
    let at = null;
    const t0 = performance.now();
    new Searcher({ ttMegabytes: 16 }).search(pos, {
      timeMs: LIMIT,
      softTimeMs: LIMIT,
      onInfo: (i) => {
        if (at === null && i.mate === Number(n)) at = { ms: performance.now() - t0, depth: i.depth, nodes: i.nodes };
      },
    });
    if (at === null) bad++;
    console.log(`${id} mate in ${n}: ${at ? `${at.ms.toFixed(0)} ms (depth ${at.depth}, ${at.nodes} nodes)` : 'NOT FOUND'}  ${name}`);
  }
}
console.log(bad === 0 ? `all found within ${LIMIT} ms` : `${bad} not found within ${LIMIT} ms`);
process.exit(bad === 0 ? 0 : 1);
