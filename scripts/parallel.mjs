#!/usr/bin/env node
// Runs npm scripts at the same time and fails if any fails: `node scripts/parallel.mjs a b`.
// Each script's output is printed whole when it ends (no interleaved lines), except the `--live` one's. `npm test` uses it to
// type-check (tsgo, a few CPU seconds) and lint (biome) while vitest runs.
// Each script's command line (package.json) runs in a shell with node_modules/.bin first on PATH, as
// `npm run` would run it, without starting npm for each (0.4 s of CPU apiece on the 2-core VM).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const env = { ...process.env, PATH: [join(root, 'node_modules', '.bin'), process.env.PATH].filter(Boolean).join(delimiter) };
// `--live NAME`: that script's output goes straight to the terminal as it comes (the test runner's
// progress), the others' is held and printed when they end
const args = process.argv.slice(2);
const live = args[0] === '--live' ? args[1] : undefined;
const names = live ? [live, ...args.slice(2)] : args;
for (const name of names)
  if (typeof scripts?.[name] !== 'string') {
    process.stderr.write(`parallel: package.json has no script "${name}"\n`);
    process.exit(2);
  }
const runs = names.map(
  (name) =>
    new Promise((done) => {
      const child = spawn(scripts[name], { cwd: root, env, shell: true, stdio: name === live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
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
