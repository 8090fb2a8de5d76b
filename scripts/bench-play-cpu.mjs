#!/usr/bin/env node
/**
 * CPU of the interactive board (`chuhan play`) in a real terminal: runs the built CLI in a detached
 * tmux session on a private socket (100×30 by default), and reads the play process's and the tmux
 * server's utime+stime (/proc/PID/stat) around each workload:
 *
 * - start: wall time from starting the session until the screen shows Ink's prompt line and the board,
 *   and the CPU the process spent until 1.5 s after that;
 * - keys: 50 cursor keys (arrows), one a `send-keys`, 30 ms apart (each its own redraw);
 * - typing: 25 letters typed into the prompt, then 25 backspaces (the board does not change);
 * - lines: 10 move lines and 10 `undo` lines, typed and sent with Enter;
 * - clock: a game with clocks (--tc 10+0), 10 s left alone (CPU per clock second);
 * - idle: the same without clocks (the baseline).
 *
 * Usage: node scripts/bench-play-cpu.mjs [--runs 3] [--variant xiangqi|chushogi|both] [--size 100x30]
 * (run `npm run -s build:emit` first; it measures dist/ through bin/chuhan.js). Prints one line per
 * run and the medians; CPU in ms (clock ticks of 10 ms: the figures are sums over many keys).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const runs = Number(opt('--runs', '3'));
const variants = opt('--variant', 'both') === 'both' ? ['xiangqi', 'chushogi'] : [opt('--variant')];
const [columns, rows] = opt('--size', '100x30').split('x').map(Number);
const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
const socket = `chuhan-bench-${process.pid}`;
const tmux = (...a) => execFileSync('tmux', ['-L', socket, ...a], { encoding: 'utf8' });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** utime + stime of a process, ms. */
function cpu(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * TICK_MS;
}

const MOVES = { xiangqi: ['h2e2', 'h0g2', 'b2c2', 'c3c4', 'b0c2'], chushogi: ['10i10h', '10l11k', '11i11h', '11j11k', '10l9k'] };

async function session(variant, extra) {
  const home = mkdtempSync(join(tmpdir(), 'chuhan-bench-'));
  const name = `b${Math.random().toString(36).slice(2, 8)}`;
  const cmd = `cd ${JSON.stringify(root)} && exec env CHUHAN_HOME=${JSON.stringify(home)} node bin/chuhan.js play -v ${variant} --black human --no-bell ${extra}`;
  const t0 = performance.now();
  tmux('new-session', '-d', '-s', name, '-x', String(columns), '-y', String(rows), cmd);
  const pid = Number(tmux('display', '-p', '-t', name, '#{pane_pid}').trim());
  const server = Number(tmux('display', '-p', '-t', name, '#{pid}').trim());
  let screen = '';
  for (;;) {
    screen = tmux('capture-pane', '-t', name, '-p');
    if (/^>( |$)/m.test(screen) && /moves/.test(screen)) break;
    if (performance.now() - t0 > 30_000) throw new Error(`no board:\n${screen}`);
    await sleep(10);
  }
  const startMs = performance.now() - t0;
  await sleep(1500);
  return { name, pid, server, home, startMs, startCpu: cpu(pid) };
}

function end(s) {
  tmux('send-keys', '-t', s.name, '-l', 'quit');
  tmux('send-keys', '-t', s.name, 'Enter');
  spawnSync('tmux', ['-L', socket, 'kill-session', '-t', s.name]);
  rmSync(s.home, { recursive: true, force: true });
}

/** CPU of the play process and the tmux server over `work`, after a settling pause. */
async function measure(s, work, settle = 1000) {
  const a = cpu(s.pid);
  const b = cpu(s.server);
  await work();
  await sleep(settle);
  return { play: cpu(s.pid) - a, tmux: cpu(s.server) - b };
}

const keys = async (s, list) => {
  for (const k of list) {
    tmux('send-keys', '-t', s.name, k);
    await sleep(30);
  }
};

async function one(variant) {
  const s = await session(variant, '');
  const out = { start: s.startMs, startCpu: s.startCpu };
  const arrows = Array.from({ length: 50 }, (_, i) => ['Right', 'Right', 'Up', 'Left', 'Left', 'Down'][i % 6]);
  out.keys = await measure(s, () => keys(s, arrows));
  keys(s, ['Escape']);
  await sleep(300);
  const letters = 'abcdefgimnopqrstuvwxyzabc'.split('');
  out.typing = await measure(s, () => keys(s, [...letters, ...letters.map(() => 'BSpace')]));
  out.lines = await measure(s, async () => {
    for (const m of MOVES[variant].concat(MOVES[variant])) {
      tmux('send-keys', '-t', s.name, '-l', m);
      tmux('send-keys', '-t', s.name, 'Enter');
      await sleep(150);
      tmux('send-keys', '-t', s.name, '-l', 'undo');
      tmux('send-keys', '-t', s.name, 'Enter');
      await sleep(150);
    }
  });
  out.idle = await measure(s, () => sleep(10_000), 0);
  end(s);
  const c = await session(variant, '--tc 10+0');
  out.clock = await measure(c, () => sleep(10_000), 0);
  end(c);
  return out;
}

const median = (xs) => {
  const v = [...xs].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const commit = spawnSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
console.log(`# ${new Date().toISOString()} commit ${commit}${spawnSync('git', ['-C', root, 'diff', '--quiet']).status ? '+dirty' : ''} ${columns}x${rows} load ${load()}`);
try {
  for (const v of variants) {
    const all = [];
    for (let r = 0; r < runs; r++) {
      const o = await one(v);
      all.push(o);
      const f = (x) => `${x.play.toFixed(0)}+${x.tmux.toFixed(0)}`;
      console.log(
        `${v} run ${r + 1}: start ${o.start.toFixed(0)} ms, ${o.startCpu.toFixed(0)} ms CPU · 50 keys ${f(o.keys)} · 50 typing ${f(o.typing)} · 20 lines ${f(o.lines)} · idle 10 s ${f(o.idle)} · clock 10 s ${f(o.clock)} (ms CPU play+tmux) · load ${load()}`,
      );
    }
    const m = (k, who) => median(all.map((o) => o[k][who]));
    console.log(
      `${v} median: start ${median(all.map((o) => o.start)).toFixed(0)} ms, ${median(all.map((o) => o.startCpu)).toFixed(0)} ms CPU · per key ${(m('keys', 'play') / 50).toFixed(1)} ms (tmux ${(m('keys', 'tmux') / 50).toFixed(1)}) · per typed key ${(m('typing', 'play') / 50).toFixed(1)} ms (tmux ${(m('typing', 'tmux') / 50).toFixed(1)}) · per line ${(m('lines', 'play') / 20).toFixed(1)} ms · idle ${(m('idle', 'play') / 10).toFixed(1)} ms/s · clock ${(m('clock', 'play') / 10).toFixed(1)} ms/s (tmux ${(m('clock', 'tmux') / 10).toFixed(1)})`,
    );
  }
} finally {
  spawnSync('tmux', ['-L', socket, 'kill-server']);
}
