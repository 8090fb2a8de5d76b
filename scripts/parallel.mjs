#!/usr/bin/env node
// Runs npm scripts at the same time and fails if any fails: `node scripts/parallel.mjs a b`.
// Each script's output is printed whole when it ends (no interleaved lines), except the `--live` one's. `npm test` uses it to
// type-check (tsgo, a few CPU seconds) and lint (biome) while vitest runs.
import { spawn } from 'node:child_process';

const npm = process.env.npm_execpath;
// `--live NAME`: that script's output goes straight to the terminal as it comes (the test runner's
// progress), the others' is held and printed when they end
const args = process.argv.slice(2);
const live = args[0] === '--live' ? args[1] : undefined;
const names = live ? [live, ...args.slice(2)] : args;
const runs = names.map(
  (name) =>
    new Promise((done) => {
      const [cmd, argv] = npm ? [process.execPath, [npm, 'run', '--silent', name]] : ['npm', ['run', '--silent', name]];
      const child = spawn(cmd, argv, { stdio: name === live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout?.on('data', (d) => (out += d));
      child.stderr?.on('data', (d) => (out += d));
      child.on('error', (e) => done({ name, code: 1, out: `${out}${e.message}\n` }));
      child.on('close', (code) => done({ name, code: code ?? 1, out }));
    }),
);
let failed = 0;
for (const r of await Promise.all(runs)) {
  process.stdout.write(r.out);
  if (r.code !== 0) {
    process.stderr.write(`npm run ${r.name} failed (exit ${r.code})\n`);
    failed++;
  }
}
process.exitCode = failed ? 1 : 0;
