// `chuhan validate` end to end (process start-up included) on the 2,516 master games
// (221,678 plies, ../shared/data/xiangqi/*_UCI_games.pgn); issue target >= 300,000 plies/s.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const name = 'chuhan validate (2,516 master games, end to end)';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const data = join(root, '..', 'shared', 'data', 'xiangqi');
const FILES = ['Hu_Ronghua_1391_UCI_games.pgn', 'Liu_Dahua_1125_UCI_games.pgn'];
const PLIES = 221_678;
const RUNS = 5;

function timeValidate(file) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [join(root, 'bin', 'chuhan.js'), 'validate', file, '--json'], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`validate exited ${r.status}: ${r.stderr}`);
  const json = JSON.parse(r.stdout);
  return { ms, plies: json.games.reduce((n, g) => n + g.plies, 0), games: json.summary.games };
}

export function run(log) {
  const dir = mkdtempSync(join(tmpdir(), 'chuhan-bench-'));
  try {
    const all = join(dir, 'master_games.pgn');
    writeFileSync(all, FILES.map((f) => readFileSync(join(data, f), 'utf8')).join('\n'));
    const startup = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      spawnSync(process.execPath, [join(root, 'bin', 'chuhan.js'), '--version']);
      startup.push(performance.now() - t0);
    }
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(timeValidate(all));
    const { plies, games } = runs[0];
    const times = runs.map((r) => r.ms).sort((a, b) => a - b);
    const median = times[RUNS >> 1];
    const best = times[0];
    log(`${games} games, ${plies} plies (expected ${PLIES}${plies === PLIES ? ', ok' : ', MISMATCH'})`);
    log(`process start-up (chuhan --version): median ${startup.sort((a, b) => a - b)[RUNS >> 1].toFixed(0)} ms`);
    log(`wall time: median ${median.toFixed(0)} ms, best ${best.toFixed(0)} ms of ${RUNS}`);
    log(`throughput: median ${Math.round(plies / (median / 1000)).toLocaleString('en-US')} plies/s, best ${Math.round(plies / (best / 1000)).toLocaleString('en-US')} plies/s (target 300,000)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
