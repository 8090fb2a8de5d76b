#!/usr/bin/env node
// Shell commands timed in alternating rounds: `node scripts/bench-alternate.mjs ROUNDS 'LABEL::COMMAND'...`
// (each COMMAND run by sh, output thrown away, under /usr/bin/time). Round r runs the commands in
// order, the next round in reverse; prints each one's median and least wall and CPU (user + sys of
// the whole process) and, after the first, the median of its paired wall ratio to the first; the
// load average (1 min) over the run. Example:
//   node scripts/bench-alternate.mjs 7 "j1::node bin/chuhan.js validate DIR --jobs 1" "j2::node bin/chuhan.js validate DIR --jobs 2"
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const [rounds, ...specs] = process.argv.slice(2);
const tmp = mkdtempSync(join(tmpdir(), 'chuhan-bench-alternate-'));
const timing = join(tmp, 'time');
const results = specs.map(() => []);
const loads = [];
try {
  for (let r = 0; r < Number(rounds); r++) {
    loads.push(loadavg()[0]);
    const order = specs.map((_, i) => i);
    if (r % 2) order.reverse();
    for (const i of order) {
      const command = specs[i].split('::')[1];
      spawnSync('/usr/bin/time', ['-o', timing, '-f', '%e %U %S', 'sh', '-c', `${command} >/dev/null 2>&1`], { stdio: 'ignore' });
      const [wall, user, sys] = readFileSync(timing, 'utf8').trim().split('\n').pop().split(' ').map(Number);
      results[i].push({ wall, cpu: user + sys });
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
console.log(`${rounds} rounds, load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`);
specs.forEach((spec, i) => {
  const walls = results[i].map((x) => x.wall);
  const cpus = results[i].map((x) => x.cpu);
  const ratio = i > 0 ? `  wall / first (paired median) ${median(results[i].map((x, k) => x.wall / results[0][k].wall)).toFixed(2)}` : '';
  console.log(`${spec.split('::')[0].padEnd(20)} wall median ${median(walls).toFixed(2)} least ${Math.min(...walls).toFixed(2)}  CPU median ${median(cpus).toFixed(2)} least ${Math.min(...cpus).toFixed(2)}${ratio}`);
});
