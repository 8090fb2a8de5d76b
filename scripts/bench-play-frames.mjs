#!/usr/bin/env node
/**
 * The play board's cost per key and per clock tick, in one process without a terminal: renders
 * dist/tui/App.js with Ink into a fake 100×30 TTY (debug mode: every render is drawn at once, no
 * frame throttle), feeds it keys, and reads process.cpuUsage() around each batch. Also prints a hash
 * of the last frame after each batch of the first round, to check that a change draws the same
 * screens (the number of frames varies: React sometimes draws two keys in one frame).
 *
 * Usage: node scripts/bench-play-frames.mjs [--variant xiangqi|chushogi] [--rounds 5] [--keys 200]
 * (run `npm run -s build:emit` first).
 */
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const imp = (p) => import(pathToFileURL(resolve(root, 'dist', p)).href);
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const variant = opt('--variant', 'xiangqi');
const rounds = Number(opt('--rounds', '5'));
const nKeys = Number(opt('--keys', '200'));

const React = (await import('react')).default;
const { render } = await import('ink');
const { App } = await imp('tui/App.js');
const { Session } = await imp('tui/session.js');
const { getGame } = await imp('games/registry.js');
const { boardPainter } = await imp('tui/paint.js');

class Out extends EventEmitter {
  columns = 100;
  rows = 30;
  isTTY = true;
  writes = 0;
  last = '';
  /** Ink's debug mode writes every render whole. */
  write = (s) => {
    this.writes++;
    this.last = s;
    return true;
  };
  hashes = [];
  /** The frame on screen now, hashed. */
  mark = () => this.hashes.push(createHash('sha1').update(this.last).digest('hex').slice(0, 10));
}
class In extends EventEmitter {
  isTTY = true;
  data = null;
  send = (d) => {
    this.data = d;
    this.emit('readable');
  };
  read = () => {
    const d = this.data;
    this.data = null;
    return d;
  };
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
}

const game = await getGame(variant);
const computer = { name: 'none', choose: async () => null };
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function run() {
  const session = new Session(game, { players: ['human', 'human'] });
  const stdout = new Out();
  const stdin = new In();
  const inst = render(
    React.createElement(App, { session, computer, paint: boardPainter(true, 'classic'), color: true, style: 'unicode', tickMs: 1_000_000_000 }),
    { stdout, stderr: stdout, stdin, debug: true, exitOnCtrlC: false, patchConsole: false },
  );
  await new Promise((r) => setTimeout(r, 50)); // Ink listens to the keys from an effect after the first frame
  return { session, stdout, stdin, inst };
}

const keys = ['\x1b[A', '\x1b[C', '\x1b[C', '\x1b[B', '\x1b[D', '\x1b[D'];
const typed = 'abcdefgimnopqrstuvwxyz';
const results = { arrow: [], typing: [] };
for (let r = 0; r < rounds; r++) {
  const { stdout, stdin, inst } = await run();
  let t = cpu();
  for (let i = 0; i < nKeys; i++) {
    stdin.send(keys[i % keys.length]);
    await new Promise((res) => setTimeout(res, 2));
  }
  results.arrow.push((cpu() - t) / nKeys);
  stdout.mark();
  stdin.send('\x1b');
  await new Promise((res) => setTimeout(res, 2));
  t = cpu();
  for (let i = 0; i < nKeys; i++) {
    stdin.send(i % 2 ? '\x7f' : typed[(i >> 1) % typed.length]);
    await new Promise((res) => setTimeout(res, 2));
  }
  results.typing.push((cpu() - t) / nKeys);
  stdout.mark();
  inst.unmount();
  if (r === 0) console.log(`${stdout.writes} renders; the last frames' sha1: ${stdout.hashes.join(' ')}`);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = (await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(
  `${variant} 100x30: CPU per arrow key ${median(results.arrow).toFixed(2)} ms, per typed key ${median(results.typing).toFixed(2)} ms (median of ${rounds} rounds of ${nKeys} keys; load ${load})`,
);
process.exit(0);
