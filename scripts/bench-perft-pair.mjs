#!/usr/bin/env node
// Perft in M nodes per CPU second (process.cpuUsage, best of 5 after 3 warm-ups), xiangqi perft(4)
// and chu perft(4) from the start, for one compiled tree: `node scripts/bench-perft-pair.mjs DIST`.
// DIST may be this tree's dist/ or an older build's (either module layout), so that two builds can
// be run alternately on a loaded machine and compared pair by pair.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = resolve(process.argv[2] ?? 'dist');
const load = async (...paths) => {
  for (const p of paths) if (existsSync(resolve(dir, p))) return import(pathToFileURL(resolve(dir, p)).href);
  throw new Error(`none of ${paths.join(', ')} in ${dir}`);
};
const { Perft } = await load('core/perft.js');
const { parseXiangqiFen } = await load('games/xiangqi/notation/fen.js', 'notation/fen.js');
const { parseChuSfen } = await load('games/chushogi/notation/sfen.js', 'notation/sfen.js');
const { CHU_START_SFEN } = await load('games/chushogi/index.js');
const XQ = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
const out = {};
for (const [name, r, depth] of [
  ['xiangqi perft(4)', parseXiangqiFen(XQ), 4],
  ['chushogi perft(4)', parseChuSfen(CHU_START_SFEN), 4],
]) {
  const perft = new Perft();
  for (let i = 0; i < 3; i++) perft.count(r.value, depth);
  let best = 0;
  for (let i = 0; i < 5; i++) {
    const c0 = process.cpuUsage();
    const n = perft.count(r.value, depth);
    const c = process.cpuUsage(c0);
    best = Math.max(best, n / ((c.user + c.system) / 1e6));
  }
  out[name] = Number((best / 1e6).toFixed(2));
}
console.log(JSON.stringify(out));
