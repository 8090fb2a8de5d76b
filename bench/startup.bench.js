// Start-up of the CLI as a ratio to bare `node -e 0`: CPU seconds (user + system) of the whole
// process, as the kernel counts them for a finished child (bash's `times`), each run interleaved with
// a bare node run so both see the same machine; median of 7. Issue 43 targets: `--version`, `moves`,
// `moves -v chu` and `validate` of one game at most 1.5x bare node. Then the time until `chuhan play`
// shows its board in a pseudo-terminal (util-linux `script`, 120×40), from spawning to the first
// frame containing both generals (target ≤ 500 ms).
//
// Alone: `node bench/startup.bench.js` (or `npm run bench -- startup`). To compare with another
// checkout (built, e.g. `git archive <commit> | tar -x -C DIR`, node_modules linked, npm run build):
// `CHUHAN_BENCH_AGAINST=DIR node bench/startup.bench.js` runs DIR/bin/chuhan.js in the same
// iterations (bare node, this checkout, the other), so both see the same machine load.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const name = 'start-up (CPU of the whole process as a ratio to bare node -e 0, interleaved, median of 7)';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'bin', 'chuhan.js');
const against = process.env.CHUHAN_BENCH_AGAINST ? join(process.env.CHUHAN_BENCH_AGAINST, 'bin', 'chuhan.js') : null;
const RUNS = 7;
const oneGame = join(root, 'fixtures', 'validate', 'one-game.pgn');

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};

const hasBash = spawnSync('bash', ['-c', 'times'], { encoding: 'utf8' }).status === 0;

/**
 * CPU milliseconds (user + system) of `node ARGS` run to its end, output thrown away: bash runs it
 * and then `times`, whose second line is what its children used (the kernel's count, to the ms).
 */
function cpu(args) {
  const r = spawnSync('bash', ['-c', '"$@" >/dev/null 2>/dev/null </dev/null; echo "exit $?"; times', '_', process.execPath, ...args], { encoding: 'utf8' });
  const lines = r.stdout.trim().split('\n');
  if (lines[0] !== 'exit 0') throw new Error(`node ${args.join(' ')}: ${lines[0]}`);
  const secs = (t) => {
    const m = /^(\d+)m([\d.]+)s$/.exec(t);
    if (!m) throw new Error(`bash times: ${lines[2]}`);
    return Number(m[1]) * 60 + Number(m[2]);
  };
  const [user, sys] = (lines[2] ?? '').split(/\s+/);
  return (secs(user) + secs(sys)) * 1000;
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
  if (!hasBash) log('start-up ratios: SKIPPED (needs bash for the CPU time of a child)');
  const bare = ['-e', '0'];
  const cases = [
    ['--version', [bin, '--version'], true],
    ['moves', [bin, 'moves'], true],
    ['moves -v chu', [bin, 'moves', '-v', 'chu'], true],
    ['validate 1 game', [bin, 'validate', oneGame], true],
    ['--help', [bin, '--help'], false],
    ['show', [bin, 'show'], false],
  ];
  const fmt = (times, bases, ratios) =>
    `${median(times).toFixed(0).padStart(5)} ms CPU  bare node ${median(bases).toFixed(0).padStart(4)} ms  ratio ${median(ratios).toFixed(2)}×`;
  for (const [label, args, target] of hasBash ? cases : []) {
    const other = against ? [against, ...args.slice(1)] : null;
    cpu(args); // warm the file cache
    if (other) cpu(other);
    const ratios = [];
    const times = [];
    const bases = [];
    const oRatios = [];
    const oTimes = [];
    for (let i = 0; i < RUNS; i++) {
      const b = cpu(bare);
      const t = cpu(args);
      bases.push(b);
      times.push(t);
      ratios.push(t / b);
      if (other) {
        const o = cpu(other);
        oTimes.push(o);
        oRatios.push(o / b);
      }
    }
    log(`chuhan ${label.padEnd(15)} ${fmt(times, bases, ratios)}${target ? '  (target ≤ 1.5×)' : ''}`);
    if (other) log(`  against        ${fmt(oTimes, bases, oRatios)}  (${process.env.CHUHAN_BENCH_AGAINST})`);
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
    log(`chuhan play: board on screen after ${median(times).toFixed(0)} ms (median of ${RUNS}; bare node in the same pty ${median(bases).toFixed(0)} ms)  (target ≤ 500 ms)`);
    if (otherPlay) log(`  against: board on screen after ${median(oTimes).toFixed(0)} ms`);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run((l) => console.log(l));
