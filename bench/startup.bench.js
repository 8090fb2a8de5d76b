// Start-up of the CLI as a ratio to bare `node -e 0`, in paired runs (each run of a command is
// paired with a bare node run just before it, so both see the same machine load), median of 10;
// and the time until `chuhan play` shows its board in a pseudo-terminal (util-linux `script`),
// (120×40), from spawning to the first frame containing both generals. Issue 17 targets: `--version` and
// `moves` at most 1.5x bare node, play's board within 0.6 s.
//
// Alone: `node bench/startup.bench.js` (or `npm run bench -- startup`). To compare with another
// checkout (built, e.g. `git archive <commit> | tar -x -C DIR`, node_modules linked, tsc run):
// `CHUHAN_BENCH_AGAINST=DIR node bench/startup.bench.js` runs DIR/bin/chuhan.js in the same
// iterations (bare node, this checkout, the other), so both see the same machine load.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const name = 'start-up (ratio to bare node -e 0, paired runs, median of 10)';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'bin', 'chuhan.js');
const against = process.env.CHUHAN_BENCH_AGAINST ? join(process.env.CHUHAN_BENCH_AGAINST, 'bin', 'chuhan.js') : null;
const RUNS = 10;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};

function wall(args) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;
const sh = (s) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * Milliseconds from spawning `cmd` in a pseudo-terminal (script -q, 120×40 by stty) until its output
 * contains every string of `until` (null: until it exits); it is stopped then.
 */
function inPty(cmd, until, env) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn('script', ['-qfec', `stty cols 120 rows 40; exec ${cmd}`, '/dev/null'], {
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    let done = false;
    const finish = (ms, err) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      err ? reject(err) : resolve(ms);
    };
    const timer = setTimeout(() => finish(0, new Error(`no board after 20 s: ${JSON.stringify(out.slice(-300))}`)), 20_000);
    child.stdout.on('data', (d) => {
      out += d.toString('utf8');
      if (until?.every((u) => out.includes(u))) finish(performance.now() - t0);
    });
    child.on('exit', () => finish(performance.now() - t0, until ? new Error(`exited before the board: ${out.slice(-300)}`) : null));
    child.on('error', (e) => finish(0, e));
  });
}

export async function run(log) {
  // the machine may be shared: figures are comparable only at a similar load, so it is said
  log(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} CPUs`);
  const bare = ['-e', '0'];
  const cases = [
    ['--version', [bin, '--version']],
    ['--help', [bin, '--help']],
    ['moves', [bin, 'moves']],
    ['moves --fen', [bin, 'moves', '--fen', 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1']],
    ['show', [bin, 'show']],
  ];
  const fmt = (times, bases, ratios) =>
    `${median(times).toFixed(0).padStart(5)} ms  bare node ${median(bases).toFixed(0).padStart(4)} ms  ratio ${median(ratios).toFixed(2)}×`;
  for (const [label, args] of cases) {
    const other = against ? [against, ...args.slice(1)] : null;
    wall(args); // warm the file cache
    if (other) wall(other);
    const ratios = [];
    const times = [];
    const bases = [];
    const oRatios = [];
    const oTimes = [];
    for (let i = 0; i < RUNS; i++) {
      const b = wall(bare);
      const t = wall(args);
      bases.push(b);
      times.push(t);
      ratios.push(t / b);
      if (other) {
        const o = wall(other);
        oTimes.push(o);
        oRatios.push(o / b);
      }
    }
    const target = label === '--version' || label.startsWith('moves') ? '  (target ≤ 1.5×)' : '';
    log(`chuhan ${label.padEnd(11)} ${fmt(times, bases, ratios)}${target}`);
    if (other) log(`  against    ${fmt(oTimes, bases, oRatios)}  (${process.env.CHUHAN_BENCH_AGAINST})`);
  }
  if (!hasScript) {
    log('play: SKIPPED (needs util-linux `script` for a pseudo-terminal)');
    return;
  }
  const home = mkdtempSync(join(tmpdir(), 'chuhan-bench-'));
  try {
    // --style given: a pty of `script` has no terminal to answer the ambiguous-width probe (it would
    // wait for its 200 ms timeout); real terminals answer at once
    const play = `${sh(process.execPath)} ${sh(bin)} play --black human --style unicode`;
    const env = { CHUHAN_HOME: home, TERM: 'xterm-256color' };
    const otherPlay = against ? `${sh(process.execPath)} ${sh(against)} play --black human --style unicode` : null;
    await inPty(play, ['帥', '將'], env);
    const times = [];
    const bases = [];
    const oTimes = [];
    for (let i = 0; i < RUNS; i++) {
      bases.push(await inPty(`${sh(process.execPath)} -e 0`, null, env));
      times.push(await inPty(play, ['帥', '將'], env));
      if (otherPlay) oTimes.push(await inPty(otherPlay, ['帥', '將'], env));
    }
    log(`chuhan play: board on screen after ${median(times).toFixed(0)} ms (median of ${RUNS}; bare node in the same pty ${median(bases).toFixed(0)} ms)  (target ≤ 600 ms)`);
    if (otherPlay) log(`  against: board on screen after ${median(oTimes).toFixed(0)} ms`);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run((l) => console.log(l));
