/**
 * Start-up: `--version` from the compiled-in version, `--help` from the command list without
 * loading the commands, and the bundle bin/chuhan.js runs (dist/bundle, scripts/bundle.mjs).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { COMMANDS, findCommand } from '../src/cli/commands/index.js';
import type { Io } from '../src/tui/io.js';
import { VERSION } from '../src/cli/version.js';
import { runCli } from './helpers/cli.js';
import { freshBundle } from './helpers/build.js';
import { removeTempDirs, tempDir } from './helpers/tmp.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = join(root, 'dist', 'bundle');

beforeAll(() => freshBundle(), 60_000);

/** Every file main.js loads before running (its static imports, transitively). */
function staticGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(join(bundle, file), 'utf8');
  for (const m of text.matchAll(/^import\s[^'"]*?["']\.\/([^"']+)["'];?$/gm)) staticGraph(m[1]!, seen);
  for (const m of text.matchAll(/^import\s*["']\.\/([^"']+)["'];?$/gm)) staticGraph(m[1]!, seen);
  return seen;
}

describe('start-up', () => {
  it('src/cli/version.ts is the version of package.json', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    expect(VERSION).toBe(pkg.version);
  });

  it('--version and -V print it', async () => {
    for (const flag of ['--version', '-V']) {
      const r = await runCli([flag]);
      expect(r).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
    }
  });

  it('--help lists every command exactly as the commands define themselves', async () => {
    const quick = await runCli(['--help']);
    expect(quick.code).toBe(0);
    // the same program with every command module loaded
    let full = '';
    const io: Io = { out: (t) => void (full += t), err: () => {}, isTTY: false, env: {} };
    const program = new Command().name('chuhan').description('Xiangqi and Chu Shogi in the terminal').version(VERSION);
    for (const c of COMMANDS) (await c.load())(program, io);
    full = program.helpInformation();
    expect(quick.stdout).toBe(full);
    for (const c of COMMANDS) expect(quick.stdout).toContain(c.term);
  });

  it('help <command>, <command> --help and an alias load that command', async () => {
    const a = await runCli(['help', 'perft']);
    expect(a.code).toBe(0);
    expect(a.stdout).toMatch(/^Usage: chuhan perft \[options\] <depth>/);
    expect(a.stdout).toContain('--divide');
    const b = await runCli(['analyze', '--help']);
    expect(b.stdout).toMatch(/^Usage: chuhan analyse\|analyze/);
    expect(findCommand('analyze')?.name).toBe('analyse');
    const c = await runCli(['frobnicate']);
    expect(c.code).toBe(2);
    expect(c.stderr).toContain("unknown command 'frobnicate'");
  });

  it('the bundle: main.js loads no command, no commander, no ink before it runs', () => {
    const graph = staticGraph('main.js');
    const text = [...graph].map((f) => readFileSync(join(bundle, f), 'utf8')).join('\n');
    expect(text).not.toContain('class CommanderError');
    expect(text).not.toContain('yoga');
    expect(text).not.toContain('function registerMoves');
    expect(text.length).toBeLessThan(20_000);
    expect(existsSync(join(bundle, 'worker.js'))).toBe(true);
  });

  it('bin/chuhan.js runs the bundle: --version, moves, show', () => {
    const run = (...args: string[]) => spawnSync(process.execPath, [join(root, 'bin', 'chuhan.js'), ...args], { encoding: 'utf8' });
    expect(run('--version')).toMatchObject({ status: 0, stdout: `${VERSION}\n` });
    const moves = run('moves');
    expect(moves.status).toBe(0);
    expect(moves.stdout.split('\n').filter(Boolean)).toHaveLength(44);
    const show = run('show', '-v', 'chu', '--layout', 'compact');
    expect(show.status).toBe(0);
    expect(show.stdout).toContain('▲王');
    // a closed pipe after --version: exit 141, no stack trace
    const piped = spawnSync('sh', ['-c', `"${process.execPath}" "${join(root, 'bin', 'chuhan.js')}" --version | true`], { encoding: 'utf8' });
    expect(piped.stderr).toBe('');
  });

  it('bin/chuhan.js runs a plain moves (any game) from quick.cjs, its code cache accepted, answering as the whole CLI', async () => {
    const bin = join(root, 'bin', 'chuhan.js');
    const run = (file: string, args: string[], env: Record<string, string> = {}) => {
      const r = spawnSync(process.execPath, [file, ...args], { encoding: 'utf8', env: { ...process.env, ...env } });
      return { status: r.status, stdout: r.stdout, stderr: r.stderr };
    };
    expect(run(bin, ['moves'], { CHUHAN_CODE_CACHE_CHECK: '1' }).stderr).toBe('chuhan: code cache accepted\n');
    // a quick case or not (chu, --json go to main.js): the same answer as main.js run alone
    const FEN = '4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1';
    // a notation, a bad FEN, a bad notation, a rule set for the other game, chu, JSON (the quick
    // path's cases; the plain options themselves are read as commander reads them: the next block)
    for (const args of [
      ['moves', '--fen', FEN, '-n', 'wxf'],
      ['moves', '--fen', 'junk'],
      ['moves', '-n', 'klingon'],
      ['moves', '--rules', 'jcsa'],
      ['moves', '-v', 'chu'],
      ['moves', '--fen', FEN, '--json'],
    ]) {
      const quick = run(bin, args, { CHUHAN_CODE_CACHE_CHECK: '0' });
      // the whole CLI in-process (the source main.js is built from; a child process each would cost more)
      const whole = await runCli(args);
      expect(quick, args.join(' ')).toEqual({ status: whole.code, stdout: whole.stdout, stderr: whole.stderr });
      expect(quick.status, args.join(' ')).toBe(args.includes('junk') || args.includes('klingon') || args.includes('jcsa') ? 2 : 0);
    }
    // without the cache (or with one of another build) the code is compiled as usual
    const cache = join(bundle, 'quick.cjs.cache');
    const kept = readFileSync(cache);
    try {
      writeFileSync(cache, Buffer.concat([Buffer.from('//chuhan-build other\n'), kept.subarray(kept.indexOf(10) + 1)]));
      const r = run(bin, ['moves', '--fen', FEN], { CHUHAN_CODE_CACHE_CHECK: '1' });
      expect(r.stderr).toBe('chuhan: code cache none\n');
      expect(r.stdout).toBe(run(join(bundle, 'main.js'), ['moves', '--fen', FEN]).stdout);
    } finally {
      writeFileSync(cache, kept);
    }
  });

  it('bin/chuhan.js runs a plain validate from quick-validate.cjs, its code cache accepted, answering as commander reads it', async () => {
    const bin = join(root, 'bin', 'chuhan.js');
    const run = (args: string[], env: Record<string, string> = {}, input?: string) => {
      const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, ...env }, input });
      return { status: r.status, stdout: r.stdout, stderr: r.stderr };
    };
    const games = join(root, 'fixtures', 'games', 'xiangqi', 'bulk_games_uci.pgn');
    const five = join(root, 'fixtures', 'validate', 'five-games.pgn');
    const accepted = run(['validate', games, '--json'], { CHUHAN_CODE_CACHE_CHECK: '1' });
    expect(accepted.stderr).toBe('chuhan: code cache accepted\n');
    expect(accepted.status).toBe(0);
    expect(JSON.parse(accepted.stdout).summary.games).toBeGreaterThan(0);
    // inputs first, then plain options: the quick path; the same words with the options first go
    // through commander, which must answer the same
    for (const [inputs, options] of [
      [[five], []],
      [[games, five], ['--strict', '--format', 'pgn', '-v', 'xq']],
      [[five], ['--format', 'nope']],
      [[join(root, 'fixtures', 'no-such-file.pgn')], ['--json']],
    ] as const) {
      const quick = run(['validate', ...inputs, ...options], { CHUHAN_CODE_CACHE_CHECK: '0' });
      const words = [...inputs, ...options].join(' ');
      // commander's reading in-process (a child process each would cost more)
      const slow = await runCli(['validate', ...options, ...inputs]);
      expect(quick, words).toEqual({ status: slow.code, stdout: slow.stdout, stderr: slow.stderr });
      if (options.length === 0) expect(quick, words).toEqual(run(['validate', '--format', 'auto', ...inputs]));
    }
    const stdin = readFileSync(games, 'utf8');
    expect(run(['validate', '-', '--json'], {}, stdin)).toEqual(run(['validate', '--json', '-'], {}, stdin));
    // not plain (no input, an unknown option): commander's usage errors, exit 2
    expect(run(['validate']).status).toBe(2);
    expect(run(['validate', five, '--nope']).status).toBe(2);
  });

  it('the bundle holds one string-width (Ink and wrap-ansi get the remembering one of src/render/width.ts)', () => {
    const files = readdirSync(bundle).filter((f) => f.endsWith('.js'));
    // string-width's emoji expression, compiled at its start-up: once, not once per copy
    const withEmoji = files.filter((f) => readFileSync(join(bundle, f), 'utf8').includes('RGI_Emoji'));
    expect(withEmoji).toHaveLength(1);
  });

  it("the bundle's Ink keeps one set of output caches for every frame and writes rows the short way (scripts/bundle.mjs)", () => {
    const texts = readdirSync(bundle)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(bundle, f), 'utf8'));
    expect(texts.filter((t) => t.includes('caches = chuhanSharedCaches();'))).toHaveLength(1);
    expect(texts.filter((t) => /caches = new OutputCaches\(\);/.test(t))).toHaveLength(0);
    // and writes a row without working out the codes between two characters of one style (scripts/lib/ink-styled-chars.mjs)
    expect(texts.filter((t) => t.includes('function sameStyles('))).toHaveLength(1);
  });
});

/**
 * The files a run of bin/chuhan.js compiles as scripts and reads with readFileSync, relative to the
 * root (test/helpers/loaded-files.cjs, preloaded, writes them at exit), node_modules left out.
 */
function loadedBy(args: string[]): { scripts: string[]; read: string[]; status: number | null } {
  const log = join(tempDir('loaded'), 'loaded.log');
  const r = spawnSync(process.execPath, ['-r', join(root, 'test', 'helpers', 'loaded-files.cjs'), join(root, 'bin', 'chuhan.js'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, CHUHAN_LOADED_LOG: log },
  });
  const lines = readFileSync(log, 'utf8').split('\n').filter((l) => l.startsWith('script ') || l.startsWith('read '));
  const ours = (kind: string) =>
    [...new Set(lines.filter((l) => l.startsWith(kind)).map((l) => relative(root, l.slice(kind.length))))].filter((f) => !f.startsWith('..') && !f.includes('node_modules') && !f.startsWith('test/')).sort();
  return { scripts: ours('script '), read: ours('read '), status: r.status };
}

describe('what a command loads (bin/chuhan.js: the quick bundles, the tables files)', () => {
  afterAll(() => removeTempDirs());

  it('--version: the version file alone (no bundle, no ES module, no tables)', () => {
    expect(loadedBy(['--version'])).toEqual({ scripts: ['bin/chuhan.js', 'dist/bundle/version.cjs'], read: ['bin/chuhan.js', 'dist/bundle/version.cjs'], status: 0 });
  });

  it('moves: quick.cjs with its code cache; xiangqi reads no tables file (shipped in the bundle), chu its own: never main.js, commander or Ink', () => {
    const quick = ['bin/chuhan.js', 'dist/bundle/quick.cjs'];
    expect(loadedBy(['moves'])).toEqual({ scripts: quick, read: ['bin/chuhan.js', 'dist/bundle/quick.cjs', 'dist/bundle/quick.cjs.cache'], status: 0 });
    expect(loadedBy(['moves', '-v', 'chu'])).toEqual({
      scripts: quick,
      read: ['bin/chuhan.js', 'dist/bundle/chushogi.tables', 'dist/bundle/quick.cjs', 'dist/bundle/quick.cjs.cache'],
      status: 0,
    });
  });

  it('validate of one game: quick-validate.cjs alone', () => {
    const r = loadedBy(['validate', join(root, 'fixtures', 'validate', 'one-game.pgn')]);
    expect(r.scripts).toEqual(['bin/chuhan.js', 'dist/bundle/quick-validate.cjs']);
    expect(r.status).toBe(0);
  });

  it('the ECCO opening names (issue 45): not in the quick moves and play bundles; in the quick validate (--json) and in one chunk of main.js', () => {
    const has = (f: string): boolean => readFileSync(join(bundle, f), 'utf8').includes('ECCO_NAMES');
    expect([has('quick.cjs'), has('quick-play.cjs'), has('quick-validate.cjs'), has('main.js')]).toEqual([false, false, true, false]);
    expect(readdirSync(bundle).filter((f) => f.endsWith('.js') && has(f))).toHaveLength(1);
    const r = spawnSync(process.execPath, [join(root, 'bin', 'chuhan.js'), 'validate', '--json', join(root, 'fixtures', 'validate', 'one-game.pgn')], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).games[0].opening.system).toBe('ECCO');
  });

  it('the tables files beside the bundle are the tables and hash keys each game builds', async () => {
    const { GAMES } = await import('../src/games/registry.js');
    const { DEFAULT_SEED, ensureTables } = await import('../src/core/variant.js');
    const { tablesFromBytes, tablesKey } = await import('../src/core/tables-file.js');
    const bytes = (v: ArrayBufferView) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);
    for (const game of GAMES) {
      const v = game.variant;
      ensureTables(v);
      const read = tablesFromBytes(readFileSync(join(bundle, `${v.spec.id}.tables`)), tablesKey(v.spec, DEFAULT_SEED));
      expect(read, v.spec.id).not.toBeNull();
      for (const part of ['tables', 'zobrist'] as const) {
        const built = v[part] as unknown as Record<string, unknown>;
        const shipped = read![part] as unknown as Record<string, unknown>;
        expect(Object.keys(shipped), `${v.spec.id} ${part}`).toEqual(Object.keys(built));
        for (const k of Object.keys(built)) {
          const [a, b] = [built[k], shipped[k]];
          if (ArrayBuffer.isView(a) && ArrayBuffer.isView(b)) {
            expect(b.constructor === a.constructor, `${v.spec.id} ${part}.${k}: type`).toBe(true);
            expect(bytes(b).equals(bytes(a)), `${v.spec.id} ${part}.${k}`).toBe(true);
          } else expect(b, `${v.spec.id} ${part}.${k}`).toBe(a);
        }
      }
    }
  });
});

describe('moves without commander (plain options)', () => {
  const FEN = '4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1';

  it('plainOptions takes only plain known options, once each', async () => {
    const { plainOptions } = await import('../src/cli/main.js');
    const { MOVES_OPTIONS } = await import('../src/cli/commands/moves.js');
    expect(plainOptions(['--fen', FEN, '-n', 'wxf', '--json'], MOVES_OPTIONS)).toEqual({ fen: FEN, notation: 'wxf', json: true });
    expect(plainOptions([], MOVES_OPTIONS)).toEqual({});
    for (const args of [['--help'], ['--fen'], ['--fen', '-v'], ['--fen=x'], ['--json', '--json'], ['-v', 'xq', '--variant', 'chu'], ['extra'], ['-vxq']])
      expect(plainOptions(args, MOVES_OPTIONS), args.join(' ')).toBeNull();
  });

  it('answers as commander does: output, errors and exit codes', async () => {
    // the same call through the quick path and (written --opt=value) through commander
    const cases: [string[], string[]][] = [
      [['moves', '--fen', FEN, '--json'], ['moves', `--fen=${FEN}`, '--json']],
      [['moves', '-v', 'chu', '-n', 'western'], ['moves', '--variant=chu', '--notation=western']],
      [['moves', '--fen', 'junk'], ['moves', '--fen=junk']],
      [['moves', '-n', 'klingon'], ['moves', '--notation=klingon']],
    ];
    for (const [quick, slow] of cases) {
      const a = await runCli(quick);
      const b = await runCli(slow);
      expect(a, quick.join(' ')).toEqual(b);
    }
    expect((await runCli(['moves', '--fen', 'junk'])).code).toBe(2);
    // help and usage errors still come from commander
    expect((await runCli(['moves', '--help'])).stdout).toContain('--notation <notation>');
    const bad = await runCli(['moves', '--fen']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("option '--fen <fen>' argument missing");
  });
});
