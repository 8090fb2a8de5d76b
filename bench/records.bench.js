// `chuhan validate` on the 482 XQF files of fixtures/records/xqf (24,570 plies), in one process
// (start-up included): the CLI's main() is called once per file, as `chuhan validate F --json`
// (until validate takes several files in one call). Reports plies per CPU second (user + system
// of the whole process, from its start), which does not depend on how busy the machine is.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const name = 'chuhan validate (482 XQF files, one process)';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PLIES = 24_570;
const RUNS = 3;

function walk(dir, out = []) {
  for (const f of readdirSync(dir).sort()) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

export function validateMany(files) {
  const main = JSON.stringify(join(root, 'dist', 'cli', 'main.js'));
  const code = `import { main } from ${main};
const files = JSON.parse(process.env.CHUHAN_BENCH_FILES);
let plies = 0, games = 0;
for (const f of files) {
  let out = '';
  await main(['validate', f, '--json'], { out: (t) => { out += t; }, err: () => {}, isTTY: false, env: {} });
  const j = JSON.parse(out);
  games += j.summary.games;
  for (const g of j.games) plies += g.plies;
}
const u = process.cpuUsage();
process.stdout.write(JSON.stringify({ plies, games, cpuMs: (u.user + u.system) / 1000 }) + '\\n');`;
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    encoding: 'utf8',
    env: { ...process.env, CHUHAN_BENCH_FILES: JSON.stringify(files) },
    maxBuffer: 64 << 20,
  });
  if (r.status !== 0) throw new Error(`validate run exited ${r.status}: ${r.stderr}`);
  return { ...JSON.parse(r.stdout), ms: performance.now() - t0 };
}

export async function run(log) {
  const files = walk(join(root, 'fixtures', 'records', 'xqf')).filter((f) => !f.endsWith('.md'));
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(validateMany(files));
  const { plies, games } = runs[0];
  log(`${files.length} files, ${games} games, ${plies} plies (expected ${PLIES}${plies === PLIES ? ', ok' : ', MISMATCH'})`);
  const best = Math.min(...runs.map((r) => r.cpuMs));
  const wall = Math.min(...runs.map((r) => r.ms));
  log(`CPU time (user+sys, whole process): best ${best.toFixed(0)} ms of ${RUNS} → ${Math.round(plies / (best / 1000)).toLocaleString('en-US')} plies per CPU second`);
  log(`wall time: best ${wall.toFixed(0)} ms → ${Math.round(plies / (wall / 1000)).toLocaleString('en-US')} plies/s`);
}
