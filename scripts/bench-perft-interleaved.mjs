#!/usr/bin/env node
// Perft in M nodes per CPU second for several compiled trees loaded into ONE process, their runs
// interleaved (xiangqi perft(4), then chu perft(4); the order of the trees flips every round), so a
// changing load hits every tree alike: `node scripts/bench-perft-interleaved.mjs [--rounds N] DIST…`.
// Give a copy of one tree twice (`cp -r dist /tmp/a`) as a control: the spread between the two copies
// is the noise of the run. Each tree's `Perft` is warmed up 3 times per game first.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
let rounds = 10;
if (args[0] === '--rounds') {
  rounds = Number(args[1]);
  args.splice(0, 2);
}
const XQ = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
const trees = [];
for (const d of args.length ? args : ['dist']) {
  const dir = resolve(d);
  const load = async (...paths) => {
    for (const p of paths) if (existsSync(resolve(dir, p))) return import(pathToFileURL(resolve(dir, p)).href);
    throw new Error(`none of ${paths.join(', ')} in ${dir}`);
  };
  const { Perft } = await load('core/perft.js');
  const { parseXiangqiFen } = await load('games/xiangqi/notation/fen.js', 'notation/fen.js');
  const { parseChuSfen } = await load('games/chushogi/notation/sfen.js', 'notation/sfen.js');
  const { CHU_START_SFEN } = await load('games/chushogi/index.js');
  const t = { dir: d, perft: new Perft(), pos: { xiangqi: parseXiangqiFen(XQ).value, chushogi: parseChuSfen(CHU_START_SFEN).value }, rates: { xiangqi: [], chushogi: [] } };
  for (const g of ['xiangqi', 'chushogi']) for (let i = 0; i < 3; i++) t.perft.count(t.pos[g], 4);
  trees.push(t);
}
for (let i = 0; i < rounds; i++)
  for (const g of ['xiangqi', 'chushogi'])
    for (const t of i % 2 ? [...trees].reverse() : trees) {
      const c0 = process.cpuUsage();
      const n = t.perft.count(t.pos[g], 4);
      const c = process.cpuUsage(c0);
      t.rates[g].push(n / (c.user + c.system)); // nodes per CPU µs = M nodes per CPU s
    }
for (const t of trees) {
  const line = Object.entries(t.rates).map(([g, r]) => {
    r.sort((a, b) => a - b);
    return `${g} best ${r.at(-1).toFixed(2)} median ${r[r.length >> 1].toFixed(2)}`;
  });
  console.log(`${t.dir}: ${line.join(', ')} (M nodes/CPU s, ${rounds} runs)`);
}
