#!/usr/bin/env node
// `validate DIR --jobs N` timed as a user runs it: `node scripts/bench-jobs.mjs [--rounds R] [--cmd validate|convert] DIR... [-- BUILD...]`.
// Each round runs every build × input × jobs (1 and 2) once, interleaved, under /usr/bin/time
// (wall, user+sys of the whole process, output to /dev/null); prints the medians, the median of
// the paired wall ratios (--jobs 2 / --jobs 1 of the same round) and the load average.
// BUILD: checkouts with bin/chuhan.js (default: this one).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
let rounds = 5;
let cmd = 'validate';
const inputs = [];
const builds = [];
let target = inputs;
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--rounds') rounds = Number(args[++i]);
  else if (a === '--cmd') cmd = args[++i];
  else if (a === '--') target = builds;
  else target.push(resolve(a));
}
if (builds.length === 0) builds.push(join(dirname(fileURLToPath(import.meta.url)), '..'));
const tmp = mkdtempSync(join(tmpdir(), 'chuhan-bench-jobs-'));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function once(build, input, jobs) {
  const timing = join(tmp, 'time');
  const extra = cmd === 'convert' ? ['--to', 'pgn', '-o', join(tmp, 'out.pgn'), '--force'] : [];
  const r = spawnSync('/usr/bin/time', ['-o', timing, '-f', '%e %U %S', process.execPath, join(build, 'bin', 'chuhan.js'), cmd, input, ...extra, '--jobs', String(jobs)], {
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (r.status !== 0 && r.status !== 1) throw new Error(`${cmd} ${input} --jobs ${jobs} exited ${r.status}: ${r.stderr}`);
  const [wall, user, sys] = readFileSync(timing, 'utf8').trim().split('\n').pop().split(' ').map(Number);
  return { wall, cpu: user + sys };
}

const results = new Map();
const loads = [];
try {
  for (let r = 0; r < rounds; r++) {
    loads.push(loadavg()[0]);
    for (const input of inputs)
      for (const build of builds)
        for (const jobs of r % 2 ? [2, 1] : [1, 2]) {
          const key = `${build}\t${input}`;
          if (!results.has(key)) results.set(key, { 1: [], 2: [] });
          results.get(key)[jobs].push(once(build, input, jobs));
        }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
console.log(`${cmd}, ${rounds} rounds, load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} (1 min) on this machine`);
console.log('build\tinput\t--jobs 1 wall / CPU s\t--jobs 2 wall / CPU s\tpaired wall ratio (median)');
for (const [key, v] of results) {
  const ratio = median(v[1].map((a, i) => v[2][i].wall / a.wall));
  const f = (xs) => `${median(xs.map((x) => x.wall)).toFixed(2)} / ${median(xs.map((x) => x.cpu)).toFixed(2)}`;
  console.log(`${key}\t${f(v[1])}\t${f(v[2])}\t${ratio.toFixed(2)}`);
}
