#!/usr/bin/env node
/**
 * The CPU a test file spends, counting the `chuhan` programs it starts in tmux (they run under the
 * tmux server, not under vitest, so `time` does not see them): runs `npx vitest run FILE`, and
 * meanwhile reads /proc every 50 ms for every process whose command line runs bin/chuhan.js or is a
 * private tmux server of the tests (`tmux -L chuhan-…`), keeping each one's latest utime+stime.
 * A process's last < 50 ms are not seen (it exited between two reads).
 *
 * Usage: node scripts/test-play-cpu.mjs test/play-tmux.test.ts [more files…]
 * (run `npm run -s build:emit` first). Prints, per file: wall, vitest's own CPU (with its workers),
 * the CPU of the chuhan processes and of the tmux servers, the number of chuhan processes, the result.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** A process started in this checkout (other checkouts' tests on the machine are not counted). */
const here = (pid) => {
  try {
    return readlinkSync(`/proc/${pid}/cwd`) === root;
  } catch {
    return false;
  }
};

const TICK_MS = 10; // CLK_TCK 100 on Linux
const stat = (pid) => {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return { self: (Number(f[11]) + Number(f[12])) * TICK_MS, children: (Number(f[13]) + Number(f[14])) * TICK_MS };
  } catch {
    return null;
  }
};
const cmdline = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};

async function one(file) {
  const seen = new Map(); // pid → { kind, cpu }
  const poll = () => {
    for (const d of readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      const known = seen.get(d);
      const cmd = known ? null : cmdline(d);
      const kind =
        known?.kind ??
        (/bin\/chuhan\.js/.test(cmd) && /^node /.test(cmd) && here(d) ? 'chuhan' : /^tmux -L chuhan-/.test(cmd) && cmd.includes(`cd "${root}"`) ? 'tmux' : null);
      if (!kind) continue;
      const s = stat(d);
      if (s) seen.set(d, { kind, cpu: s.self, cmd: known?.cmd ?? cmd });
    }
  };
  const t0 = performance.now();
  const child = spawn('npx', ['vitest', 'run', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (b) => (out += b));
  child.stderr.on('data', (b) => (out += b));
  const timer = setInterval(poll, 50);
  const code = await new Promise((r) => child.on('exit', (c) => r(c)));
  clearInterval(timer);
  poll();
  const wall = (performance.now() - t0) / 1000;
  const sum = (k) => [...seen.values()].filter((v) => v.kind === k).reduce((a, v) => a + v.cpu, 0) / 1000;
  const n = [...seen.values()].filter((v) => v.kind === 'chuhan').length;
  const tests = /Tests\s+(.*)/.exec(out.replace(/\x1b\[[0-9;]*m/g, ''))?.[1]?.trim() ?? '?';
  return { seen, wall, chuhan: sum('chuhan'), tmux: sum('tmux'), n, code, tests, out };
}

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
for (const f of process.argv.slice(2)) {
  // vitest's CPU (with its workers): this script's reaped children (cutime + cstime), before and after
  const before = stat(process.pid).children;
  const r = await one(f);
  const vitest = (stat(process.pid).children - before) / 1000;
  console.log(
    `${f}: wall ${r.wall.toFixed(1)} s · vitest ${vitest.toFixed(1)} s CPU · chuhan ${r.chuhan.toFixed(1)} s CPU in ${r.n} processes · tmux ${r.tmux.toFixed(1)} s · exit ${r.code} · ${r.tests} · load ${load()}`,
  );
  if (r.code !== 0) console.log(r.out.slice(-3000));
  if (process.env.VERBOSE)
    for (const v of [...r.seen.values()].sort((a, b) => b.cpu - a.cpu)) console.log(`  ${(v.cpu / 1000).toFixed(2)} s ${v.cmd.slice(0, 200)}`);
}
