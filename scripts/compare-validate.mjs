#!/usr/bin/env node
// Compares `chuhan validate` of two builds, byte for byte (stdout, stderr, exit code), over every
// file of the given folders (each file alone, in each of the per-file modes) and over the folders
// themselves (in every mode). For changes that must not change validate's output (speed work).
//
//   node scripts/compare-validate.mjs BEFORE_DIR AFTER_DIR [FOLDER…]
//
// BEFORE_DIR and AFTER_DIR are built checkouts (each with bin/chuhan.js and dist/); FOLDER…
// defaults to fixtures and ../shared/data (this script may read ../shared: it is not a test).
// Environment: JOBS (parallel runs, default 2), FILE_MODES / FOLDER_MODES (`;`-separated option
// lists, replacing the defaults below; FILE_MODES= (empty): the folders only). Prints each
// difference and a count; exits 1 on any.
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const [before, after, ...folders] = process.argv.slice(2);
if (!before || !after) {
  console.error('usage: node scripts/compare-validate.mjs BEFORE_DIR AFTER_DIR [FOLDER…]');
  process.exit(2);
}
const root = resolve(import.meta.dirname, '..');
const targets = folders.length > 0 ? folders : [join(root, 'fixtures'), resolve(root, '..', '..', 'shared', 'data')];
const split = (s) => s.split(';').map((m) => m.trim().split(/\s+/).filter(Boolean));
const FILE_MODES = process.env.FILE_MODES === '' ? [] : split(process.env.FILE_MODES ?? '; --json; --explain --strict');
const FOLDER_MODES = split(
  process.env.FOLDER_MODES ??
    '; --json; --explain; --json --explain; --strict; --format list; --format pgn; --format wxf; --variant xiangqi; --variant chushogi --json; --rules jcsa; --format bogus',
);
const JOBS = Number(process.env.JOBS ?? 2);

const files = [];
const walk = (d) => {
  for (const e of readdirSync(d).sort()) {
    if (e.startsWith('.')) continue;
    const p = join(d, e);
    const st = statSync(p);
    if (st.isDirectory()) walk(p);
    else if (st.isFile()) files.push(p);
  }
};
for (const t of targets) (statSync(t).isDirectory() ? walk(t) : files.push(t));

const cases = [];
for (const f of files) for (const m of FILE_MODES) cases.push([f, ...m]);
for (const t of targets) for (const m of FOLDER_MODES) cases.push([t, ...m]);
// the master games of the bench, both files at once
const master = ['Hu_Ronghua_1391_UCI_games.pgn', 'Liu_Dahua_1125_UCI_games.pgn'].map((f) => join(root, 'fixtures', 'games', 'xiangqi', f));
for (const m of FOLDER_MODES) cases.push([...master, ...m]);

function run(dir, args) {
  return new Promise((done) => {
    const child = spawn('nice', ['-n', '19', process.execPath, join(dir, 'bin', 'chuhan.js'), 'validate', ...args], { cwd: root });
    const out = [];
    const err = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => err.push(c));
    child.on('close', (code) => done({ code, out: Buffer.concat(out), err: Buffer.concat(err) }));
  });
}

let next = 0;
let same = 0;
const diffs = [];
async function worker() {
  while (next < cases.length) {
    const args = cases[next++];
    const [a, b] = await Promise.all([run(before, args), run(after, args)]);
    if (a.code === b.code && a.out.equals(b.out) && a.err.equals(b.err)) same++;
    else {
      diffs.push(args);
      const what = [a.code !== b.code ? `exit ${a.code} vs ${b.code}` : '', a.out.equals(b.out) ? '' : 'stdout', a.err.equals(b.err) ? '' : 'stderr'].filter(Boolean).join(', ');
      console.log(`DIFF (${what}): validate ${args.join(' ')}`);
    }
  }
}
await Promise.all(Array.from({ length: JOBS }, worker));
console.log(`${same} of ${cases.length} runs identical (${files.length} files × ${FILE_MODES.length} modes, ${targets.length} folders and the master games × ${FOLDER_MODES.length} modes); ${diffs.length} differ`);
process.exit(diffs.length > 0 ? 1 : 0);
