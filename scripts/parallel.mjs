#!/usr/bin/env node
// Runs npm scripts at the same time and fails if any fails: `node scripts/parallel.mjs a b`.
// Each script's output is printed whole when it ends (no interleaved lines). `npm test` uses it to
// type-check and lint on one core while the other emits dist/ (each alone keeps a core busy).
import { spawn } from 'node:child_process';

const npm = process.env.npm_execpath;
const runs = process.argv.slice(2).map(
  (name) =>
    new Promise((done) => {
      const [cmd, args] = npm ? [process.execPath, [npm, 'run', '--silent', name]] : ['npm', ['run', '--silent', name]];
      const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
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
