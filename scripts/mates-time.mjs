#!/usr/bin/env node
// Wall-time check of the mate fixtures: each problem is searched for at most 1 s (the issue's
// limit); prints when the exact mate was first reported. `node scripts/mates-time.mjs [ms] [FILE]`
// (needs dist/): the fixtures' xiangqi and chu mates, or the xiangqi mates of FILE (same format, e.g.
// fixtures/tactics/xiangqi-mates-generated.txt; then only the misses and a summary are printed).
// `--cold` (last): each problem in a fresh process, as `chuhan analyse --fen … --time ms --json`
// (start-up and the JIT's warm-up included in the search's time, not the process start).
// Exit 1 if any mate is not found in time.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Searcher } from '../dist/engine/search.js';
import { getGame } from '../dist/games/registry.js';

const cold = process.argv.at(-1) === '--cold';
const args = process.argv.slice(2, cold ? -1 : undefined);
const LIMIT = Number(args[0] ?? 1000);
const only = args[1];
const bin = fileURLToPath(new URL('../bin/chuhan.js', import.meta.url));

/** The first report of the exact mate in a fresh `chuhan analyse` process, or null. */
function coldSearch(id, fen, n) {
  const out = execFileSync(process.execPath, [bin, 'analyse', '--variant', id, '--fen', fen, '--time', String(LIMIT), '--json'], { encoding: 'utf8' });
  const it = JSON.parse(out).iterations.find((i) => i.mate === n);
  return it ? { ms: it.timeMs, depth: it.depth, nodes: it.nodes } : null;
}
const sets = only
  ? [['xiangqi', resolve(only)]]
  : [
      ['xiangqi', new URL('../fixtures/tactics/xiangqi-mates-fsf.txt', import.meta.url)],
      ['chushogi', new URL('../fixtures/tactics/chushogi-mates.txt', import.meta.url)],
    ];
let bad = 0;
const times = [];
for (const [id, file] of sets) {
  const game = getGame(id);
  const rows = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => l.split('|').map((f) => f.trim()));
  for (const [fen, n, , name] of rows) {
    let at = null;
    if (cold) at = coldSearch(id, fen, Number(n));
    else {
      const t0 = performance.now();
      new Searcher({ ttMegabytes: 16 }).search(game.parseFen(fen).value, {
        timeMs: LIMIT,
        softTimeMs: LIMIT,
        onInfo: (i) => {
          if (at === null && i.mate === Number(n)) at = { ms: performance.now() - t0, depth: i.depth, nodes: i.nodes };
        },
      });
    }
    if (at === null) bad++;
    else times.push(at.ms);
    if (!only || at === null) console.log(`${id} mate in ${n}: ${at ? `${at.ms.toFixed(0)} ms (depth ${at.depth}, ${at.nodes} nodes)` : 'NOT FOUND'}  ${only ? fen : name}`);
  }
}
times.sort((a, b) => a - b);
const pct = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(0);
if (only) console.log(`${times.length} found: median ${pct(0.5)} ms, 99th percentile ${pct(0.99)} ms, slowest ${pct(1)} ms`);
console.log(bad === 0 ? `all found within ${LIMIT} ms` : `${bad} not found within ${LIMIT} ms`);
process.exit(bad === 0 ? 0 : 1);
