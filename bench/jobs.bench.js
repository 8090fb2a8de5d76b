// `chuhan validate --jobs 1` against `--jobs 2` (cli/jobs.ts), end to end as a user runs it: wall
// time and CPU time (user + system, every thread of the process, start-up included) on two
// folders: the 482 XQF files of fixtures/records/xqf copied to 1,517 files (the folder),
// and fixtures/games/xiangqi (5 PGN files, 2,561 games), whose plies per CPU second are printed
// for --jobs 1 (issue target >= 500,000). Runs alternate between the two job counts (5 rounds);
// medians. Wall times mean little on a busy machine: the load average is printed.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const name = 'chuhan validate --jobs 1 / --jobs 2 (two folders, end to end)';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = 5;
const XQF_FILES = 1517;

/** Every file under `dir`, sorted. */
function filesUnder(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(p));
    else if (/\.xqf$/i.test(e.name)) out.push(p);
  }
  return out;
}

/**
 * One run: wall time (ms) from the spawn to the exit, and CPU time (ms) of the whole process from
 * process.cpuUsage() at its exit (a wrapper that sets argv and imports the launcher), output thrown away.
 */
function once(args) {
  const bin = JSON.stringify(pathToFileURL(join(root, 'bin', 'chuhan.js')).href);
  const code = `process.argv = [process.argv[0], 'chuhan', ...${JSON.stringify(args)}];
process.on('exit', (c) => { const u = process.cpuUsage(); process.stderr.write('CPU ' + (u.user + u.system) / 1000 + ' EXIT ' + c + '\\n'); });
await import(${bin});`;
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  const wall = performance.now() - t0;
  const m = /CPU ([\d.]+) EXIT (\d+)/.exec(r.stderr);
  // the XQF folder has one record with an illegal move: exit 1
  if (!m || Number(m[2]) > 1) throw new Error(`chuhan ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { wall, cpu: Number(m[1]) };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** Plies of the games of `dir` (validate --json). */
function plies(dir) {
  const r = spawnSync(process.execPath, [join(root, 'bin', 'chuhan.js'), 'validate', dir, '--json'], { encoding: 'utf8', maxBuffer: 256 << 20 });
  return JSON.parse(r.stdout).games.reduce((n, g) => n + g.plies, 0);
}

export async function run(log) {
  const dir = mkdtempSync(join(tmpdir(), 'chuhan-bench-jobs-'));
  try {
    const xqf = join(dir, 'xqf');
    mkdirSync(xqf);
    const sources = filesUnder(join(root, 'fixtures', 'records', 'xqf'));
    for (let i = 0; i < XQF_FILES; i++) copyFileSync(sources[i % sources.length], join(xqf, `${String(i).padStart(4, '0')}.xqf`));
    const pgn = join(root, 'fixtures', 'games', 'xiangqi');
    const folders = [
      { label: `${XQF_FILES} XQF files (fixtures/records/xqf's ${sources.length}, copied)`, dir: xqf },
      { label: 'fixtures/games/xiangqi (5 PGN files)', dir: pgn },
    ];
    const loads = [];
    for (const f of folders) {
      const runs = { 1: [], 2: [] };
      for (let r = 0; r < ROUNDS; r++) {
        loads.push(loadavg()[0]);
        for (const jobs of r % 2 ? [2, 1] : [1, 2]) runs[jobs].push(once(['validate', f.dir, '--jobs', String(jobs)]));
      }
      const ratio = median(runs[1].map((a, i) => runs[2][i].wall / a.wall));
      const fmt = (rs) => `wall ${median(rs.map((x) => x.wall)).toFixed(0)} ms, CPU ${median(rs.map((x) => x.cpu)).toFixed(0)} ms`;
      log(`${f.label}: --jobs 1 ${fmt(runs[1])}; --jobs 2 ${fmt(runs[2])}; wall --jobs 2 / --jobs 1 ${ratio.toFixed(2)} (paired median; issue target <= 0.6 on 2 cores)`);
      f.cpu1 = median(runs[1].map((x) => x.cpu));
    }
    const n = plies(pgn);
    log(`fixtures/games/xiangqi, --jobs 1: ${n.toLocaleString('en-US')} plies, ${Math.round(n / (folders[1].cpu1 / 1000)).toLocaleString('en-US')} plies per CPU second (whole process; target 500,000)`);
    log(`load average while measuring: ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} on ${(await import('node:os')).cpus().length} CPUs`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
