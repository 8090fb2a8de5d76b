#!/usr/bin/env node
// Perft from the start position in nodes per CPU second (process.cpuUsage; best of 5 runs):
// xiangqi depth 4 and chu shogi depth 3. Compares builds on a loaded machine:
// `node scripts/bench-perft-cpu.mjs [dist dir …]` (default: this repository's dist/).
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dirs = process.argv.length > 2 ? process.argv.slice(2) : [resolve(here, 'dist')];
const XQ = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
for (const dir of dirs) {
  const load = async (p) => import(pathToFileURL(resolve(dir, p)).href);
  const { Perft } = await load('core/perft.js');
  const { parseXiangqiFen } = await load('games/xiangqi/notation/fen.js');
  const { parseChuSfen } = await load('games/chushogi/notation/sfen.js');
  const { CHU_START_SFEN } = await load('games/chushogi/index.js');
  const cases = [
    ['xiangqi perft(4)', parseXiangqiFen(XQ), 4],
    ['chushogi perft(3)', parseChuSfen(CHU_START_SFEN), 3],
  ];
  for (const [name, r, depth] of cases) {
    if (!r.ok) throw new Error(r.error);
    const perft = new Perft();
    for (let i = 0; i < 3; i++) perft.count(r.value, depth); // warm-up (lets the JIT settle)
    let best = 0;
    let nodes = 0;
    for (let i = 0; i < 5; i++) {
      const c0 = process.cpuUsage();
      nodes = perft.count(r.value, depth);
      const c = process.cpuUsage(c0);
      best = Math.max(best, nodes / ((c.user + c.system) / 1e6));
    }
    console.log(`${dir}: ${name}: ${nodes} nodes, best ${(best / 1e6).toFixed(3)} M nodes per CPU second`);
  }
}
