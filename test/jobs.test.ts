// `validate` and `convert` with --jobs (src/cli/jobs.ts): the files spread over worker threads give
// the same bytes, the same summary and the same exit code as one thread, in every build the CLI
// runs from: the quick validate bundle (bin/chuhan.js), the whole CLI's bundle (commander: options
// before the inputs) and dist/cli (scripts/emit.mjs, tsc). Needs `npm run build:emit`.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const XQF = join(ROOT, 'fixtures', 'records', 'xqf', 'cchess-tests');
const BAD = join(ROOT, 'fixtures', 'validate');

const dir = mkdtempSync(join(tmpdir(), 'chuhan-jobs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A folder of the XQF test files (one has an illegal move), with `extra` files copied in. */
function folder(name: string, opts: { illegal: boolean; extra?: string[] }): string {
  const to = join(dir, name);
  mkdirSync(join(to, 'sub'), { recursive: true });
  for (const f of readdirSync(XQF)) if (opts.illegal || f !== 'BadMoveTest3.xqf') copyFileSync(join(XQF, f), join(to, f.startsWith('t') ? `sub/${f}` : f));
  copyFileSync(join(ROOT, 'fixtures', 'games', 'xiangqi', 'bulk_games_uci.pgn'), join(to, 'games.pgn'));
  for (const f of opts.extra ?? []) copyFileSync(join(BAD, f), join(to, f));
  return to;
}

const OK = folder('ok', { illegal: false });
const ILLEGAL = folder('illegal', { illegal: true });
const MALFORMED = folder('bad', { illegal: true, extra: ['truncated-comment.pgn', 'truncated-moves.pgn', 'binary.pgn'] });
/** Inputs that cannot be read, for root too: a link to /proc/self/mem (EIO at the first read) and one to nothing. */
const MEM = join(dir, 'mem.pgn');
symlinkSync('/proc/self/mem', MEM);
const GONE = join(dir, 'gone.pgn');
symlinkSync(join(dir, 'no-such-target.pgn'), GONE);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const BIN = join(ROOT, 'bin', 'chuhan.js');
/** `convert OK --jobs 1`'s PGN, made once (the first convert test's one-job run, else here). */
let okPgn: string | undefined;
const okConverted = (): string => (okPgn ??= run(BIN, ['convert', OK, '--jobs', '1']).stdout);
const EMITTED = join(ROOT, 'dist', 'cli', 'main.js');

/**
 * The CLI in a child process; with `workersOnly`, this thread reads no file (CHUHAN_JOBS_LOCAL=0):
 * every file goes through a worker. CHUHAN_JOBS_CHECK's line (how many files the workers read) is
 * taken out of stderr and answered apart.
 */
function run(entry: string, args: string[], workersOnly = false): Run & { onWorkers: number; files: number } {
  const env: Record<string, string | undefined> = { ...process.env, CHUHAN_JOBS_CHECK: '1' };
  if (workersOnly) env.CHUHAN_JOBS_LOCAL = '0';
  const r = spawnSync(process.execPath, [entry, ...args], { cwd: ROOT, encoding: 'utf8', env, maxBuffer: 16 << 20 });
  const check = /^chuhan: jobs: (\d+) of (\d+) files on \d+ worker threads\n/m.exec(r.stderr);
  return { code: r.status, stdout: r.stdout, stderr: r.stderr.replace(check?.[0] ?? '', ''), onWorkers: check ? Number(check[1]) : 0, files: check ? Number(check[2]) : 0 };
}

/**
 * The same command with one job and with `jobs` (the files all on the workers, none on this
 * thread: one worker with 2, two with 3); with `mixed`, with two sharing them with this thread (how
 * many files the worker reads depends on how soon it starts).
 */
function compare(entry: string, args: string[], before: string[] = [], mixed = false, jobs = 2): Run {
  const one = run(entry, [...before, ...args, '--jobs', '1']);
  expect(one.onWorkers).toBe(0);
  const workers = run(entry, [...before, ...args, '--jobs', String(jobs)], true);
  // every file read by a worker (a conversion stops at its first error)
  expect(workers.onWorkers).toBeGreaterThan(0);
  if (args[0] === 'validate' || before[0] === 'validate') expect(workers.onWorkers).toBe(workers.files);
  const runs = mixed ? [workers, run(entry, [...before, ...args, '--jobs', '2'])] : [workers];
  for (const r of runs) {
    expect(r.code).toBe(one.code);
    expect(r.stderr).toBe(one.stderr);
    expect(r.stdout).toBe(one.stdout);
  }
  return one;
}

describe('validate --jobs: the same bytes as one job', () => {
  it('a folder, text: every line in the order of the files, the summary, exit 0', () => {
    const r = compare(BIN, ['validate', OK], [], true, 3);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').length).toBeGreaterThan(20);
    expect(r.stdout).toContain(`${join(OK, 'sub', 'test.xqf')}: game 1: ok`);
    expect(r.stderr).toMatch(/^summary: 21 files, 35 games: 35 ok, 0 illegal, 0 malformed/);
  });

  it('a folder, --json: one document, exit 0', () => {
    const r = compare(BIN, ['validate', OK, '--json']);
    const doc = JSON.parse(r.stdout) as { games: { file: string }[]; summary: { files: number; games: number } };
    expect(doc.summary).toMatchObject({ files: 21, games: 35 });
    expect(doc.games.length).toBe(35);
  });

  it('files named on the command line, one with no game, in their order: exit 2', () => {
    const empty = join(dir, 'empty.pgn');
    writeFileSync(empty, '\n');
    const named = [join(OK, 'games.pgn'), empty, join(ILLEGAL, 'BadMoveTest3.xqf'), join(OK, 'FiveGoatsTest.xqf')];
    const r = compare(BIN, ['validate', ...named]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`found no games in ${empty}`);
  });

  it('an illegal move (exit 1 and its sentence, JSON) and malformed files (exit 2): the whole CLI (commander) and dist/cli (scripts/emit.mjs) start their workers too', () => {
    const illegal = compare(BIN, [ILLEGAL, '--json'], ['validate', '--strict']);
    expect(illegal.code).toBe(1);
    expect(illegal.stderr).toBe('chuhan: 1 of 36 games in 22 files has an illegal move\n');
    expect(compare(EMITTED, ['validate', MALFORMED]).code).toBe(2);
  });

  it('files that cannot be read among the others (read on a worker too): the rest validated, the summary and one sentence, exit 2', () => {
    const r = compare(BIN, ['validate', ILLEGAL, MEM, OK, GONE], [], false, 3);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain(`${join(OK, 'sub', 'test.xqf')}: game 1: ok`);
    expect(r.stderr).toBe(
      `summary: 43 files, 71 games: 70 ok, 1 illegal, 0 malformed; 2 files could not be read\nchuhan: cannot read "${MEM}" and "${GONE}": an input/output error for 1, no such file for 1\n`,
    );
    const json = compare(EMITTED, ['validate', MEM, OK, '--json']);
    expect(json.code).toBe(2);
    expect((JSON.parse(json.stdout) as { summary: unknown }).summary).toEqual({ files: 21, games: 35, ok: 35, illegal: 0, malformed: 0, unreadable: 1 });
  });

  it('--jobs takes a whole number from 1', () => {
    const r = run(BIN, ['validate', OK, '--jobs', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('chuhan: --jobs takes a whole number from 1 (got "0")\n');
  });
});

describe('convert --jobs: the same bytes as one job', () => {
  it('a folder to PGN (a blank line between games)', () => {
    const pgn = compare(BIN, ['convert', OK]);
    okPgn = pgn.stdout;
    expect(pgn.code).toBe(0);
    expect(pgn.stdout.startsWith('[')).toBe(true);
    expect(pgn.stdout.split('\n\n[').length).toBe(35);
  });

  it('a game with an illegal move is left out, the others written: exit 1, the same bytes and sentences', () => {
    const r = compare(BIN, ['convert', ILLEGAL]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `chuhan: ${join(ILLEGAL, 'BadMoveTest3.xqf')}: game 1: left out: illegal move 10 "e1f0" at byte 1106: there is no piece on e1\n` +
        'chuhan: 1 game of 36 left out: it has an illegal move (see above)\n',
    );
    // every game of the folder without the bad file, byte for byte
    expect(r.stdout).toBe(okConverted());
    expect(r.stdout.split('\n\n[').length).toBe(35);
  });

  it('-o DIR with an illegal game and malformed files: the same files and sentences for any --jobs, exit 2', () => {
    const listing = (d: string): string[] => readdirSync(d).sort().map((f) => `${f} ${readFileSync(join(d, f)).toString('base64')}`);
    const one = join(dir, 'bad-1');
    const three = join(dir, 'bad-3');
    const a = run(BIN, ['convert', MALFORMED, '--to', 'xqf', '-o', `${one}/`, '--jobs', '1']);
    const b = run(BIN, ['convert', MALFORMED, '--to', 'xqf', '-o', `${three}/`, '--jobs', '3'], true);
    expect(b.onWorkers).toBeGreaterThan(0);
    expect([b.code, b.stderr.replaceAll(three, one)]).toEqual([a.code, a.stderr]);
    expect(a.code).toBe(2);
    expect(a.stderr).toContain('BadMoveTest3.xqf: game 1: left out: illegal move 10');
    expect(a.stderr).toContain('truncated-moves.pgn: game 1: left out: malformed move');
    expect(a.stderr).toMatch(/chuhan: 3 games of 38 left out: 1 has an illegal move, 2 are malformed \(see above\)\n$/);
    expect(listing(three)).toEqual(listing(one));
    expect(listing(one).length).toBe(35);
  });

  it('a file that cannot be read is left out with a line, the others written: the same bytes and sentences, exit 2', () => {
    const r = compare(BIN, ['convert', MEM, ILLEGAL, GONE], [], true, 3);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `chuhan: ${MEM}: left out: cannot read it: an input/output error\n` +
        `chuhan: ${join(ILLEGAL, 'BadMoveTest3.xqf')}: game 1: left out: illegal move 10 "e1f0" at byte 1106: there is no piece on e1\n` +
        `chuhan: ${GONE}: left out: cannot read it: no such file\n` +
        `chuhan: 1 game of 36 left out: it has an illegal move (see above); cannot read "${MEM}" and "${GONE}": an input/output error for 1, no such file for 1\n`,
    );
    expect(r.stdout).toBe(okConverted());
  });

  it('-o DIR: the same files with the same bytes', () => {
    const listing = (d: string): string[] => readdirSync(d).sort().map((f) => `${f} ${readFileSync(join(d, f)).toString('base64')}`);
    const one = join(dir, 'out-1');
    const three = join(dir, 'out-3');
    const a = run(BIN, ['convert', OK, '--to', 'dhtmlxq', '-o', `${one}/`, '--jobs', '1']);
    const b = run(BIN, ['convert', OK, '--to', 'dhtmlxq', '-o', `${three}/`, '--jobs', '3'], true);
    expect(b.onWorkers).toBeGreaterThan(0);
    expect([b.code, b.stderr.replace(three, one)]).toEqual([a.code, a.stderr]);
    expect(a.code).toBe(0);
    expect(listing(three)).toEqual(listing(one));
    expect(listing(one).length).toBe(35);
  });
});

describe('--jobs not given: workers for the size of the input', () => {
  it('starts one worker per BYTES_PER_WORKER of input, up to the cores', async () => {
    const { BYTES_PER_WORKER, workersFor } = await import('../src/cli/jobs.js');
    expect(workersFor([1000, 2000], 3)).toBe(0);
    expect(workersFor([BYTES_PER_WORKER - 1], 3)).toBe(0);
    expect(workersFor([BYTES_PER_WORKER / 2, BYTES_PER_WORKER / 2], 3)).toBe(1);
    expect(workersFor(Array(10).fill(BYTES_PER_WORKER), 3)).toBe(3);
    // the sizes are not all read once enough are known
    let read = 0;
    function* sizes(): Generator<number> {
      for (;;) {
        read++;
        yield BYTES_PER_WORKER;
      }
    }
    expect(workersFor(sizes(), 2)).toBe(2);
    expect(read).toBe(3);
  });
});
