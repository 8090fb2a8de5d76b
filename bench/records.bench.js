// `chuhan validate` on the 482 XQF files of fixtures/records/xqf (24,570 plies), start-up included:
// (1) the shipped CLI once on the folder, a real `chuhan validate fixtures/records/xqf --json`;
// (2) the bundle's main() called once per file in one process, as `chuhan validate F --json`.
// Reports plies per CPU second (user + system of the whole process, from its start; median of 5
// runs), which depends less on how busy the machine is than wall time does.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const name = 'chuhan validate (482 XQF files, one process)';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PLIES = 24_570;
const RUNS = 5;

function walk(dir, out = []) {
  for (const f of readdirSync(dir).sort()) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

export function validateMany(files) {
  // the shipped CLI's code: the esbuild bundle bin/chuhan.js runs
  const main = JSON.stringify(join(root, 'dist', 'bundle', 'main.js'));
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

/**
 * The shipped CLI once on the whole folder (`chuhan validate fixtures/records/xqf --json`, output
 * thrown away): CPU time (user + system) of the whole process from its start, as
 * `/usr/bin/time -f '%U %S'` gives it. One game of the folder has an illegal move, so exit 1 is expected.
 */
function cpuFolder(dir) {
  const bin = JSON.stringify(pathToFileURL(join(root, 'bin', 'chuhan.js')).href);
  const code = `process.argv = [process.argv[0], 'chuhan', 'validate', ${JSON.stringify(dir)}, '--json'];
process.on('exit', (c) => { const u = process.cpuUsage(); process.stderr.write('CPU ' + (u.user + u.system) / 1000 + ' EXIT ' + c + '\\n'); });
await import(${bin});`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  const m = /CPU ([\d.]+) EXIT ([01])/.exec(r.stderr);
  if (!m) throw new Error(`validate (cpu run) exited ${r.status}: ${r.stderr}`);
  return Number(m[1]);
}

export async function run(log) {
  const folder = join(root, 'fixtures', 'records', 'xqf');
  const whole = [];
  for (let i = 0; i < RUNS; i++) whole.push(cpuFolder(folder));
  whole.sort((a, b) => a - b);
  log(
    `one CLI process on the folder (chuhan validate fixtures/records/xqf --json), CPU time incl. start-up: median ${whole[RUNS >> 1].toFixed(0)} ms, best ${whole[0].toFixed(0)} ms of ${RUNS} → ` +
      `${Math.round(PLIES / (whole[RUNS >> 1] / 1000)).toLocaleString('en-US')} plies per CPU second (median)`,
  );
  const files = walk(folder).filter((f) => !f.endsWith('.md'));
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(validateMany(files));
  const { plies, games } = runs[0];
  log(`${files.length} files, ${games} games, ${plies} plies (expected ${PLIES}${plies === PLIES ? ', ok' : ', MISMATCH'})`);
  const cpu = runs.map((r) => r.cpuMs).sort((a, b) => a - b);
  const median = cpu[RUNS >> 1];
  const best = cpu[0];
  const wall = Math.min(...runs.map((r) => r.ms));
  log(
    `CPU time (user+sys, whole process incl. start-up): median ${median.toFixed(0)} ms, best ${best.toFixed(0)} ms of ${RUNS} → ` +
      `${Math.round(plies / (median / 1000)).toLocaleString('en-US')} plies per CPU second (median; best ${Math.round(plies / (best / 1000)).toLocaleString('en-US')})`,
  );
  log(`wall time: best ${wall.toFixed(0)} ms → ${Math.round(plies / (wall / 1000)).toLocaleString('en-US')} plies/s`);
}
