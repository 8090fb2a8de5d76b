/**
 * Saved games of `play` (issue 14, problems 1, 2, 6, 7): one file per game, atomic writes through
 * an unpredictable exclusive temp file, locks, storage problems, `chuhan games`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Io } from '../src/cli/context.js';
import { getGame } from '../src/games/registry.js';
import { placeholderPlayer } from '../src/tui/computer.js';
import { parseTimeControl, pgnTimeControl } from '../src/tui/clock.js';
import { gameSaver, prepareSession, type PlayOptions } from '../src/tui/run-play.js';
import { GameStore, storageProblem, writeAtomically, type StoreFs } from '../src/tui/store.js';
import { runCli } from './helpers/cli.js';
import { removeTempDirs, tempDir } from './helpers/tmp.js';

const xq = getGame('xiangqi');
const computer = placeholderPlayer(1);
const io: Io = { out: () => undefined, err: () => undefined, isTTY: false, env: {} };
const opts = (o: Partial<PlayOptions> = {}): PlayOptions => ({
  game: xq,
  players: ['human', 'human'],
  resume: false,
  color: false,
  style: 'unicode',
  io,
  ...o,
});
const home = (): string => tempDir('games');
afterAll(removeTempDirs);

const errno = (code: string): NodeJS.ErrnoException => Object.assign(new Error(`${code}: simulated`), { code });

/** Starts a `play` session on `store` and plays `moves` (each saved, as the App does). */
function session(store: GameStore, moves: string[], o: Partial<PlayOptions> = {}) {
  const p = prepareSession(opts(o), store, computer);
  const saver = gameSaver(store, p.target);
  const problems: (string | null)[] = [saver.save(p.session)];
  for (const m of moves) {
    const r = p.session.command(m);
    expect(r.err).toEqual([]);
    problems.push(saver.save(p.session));
  }
  return { ...p, saver, problems };
}

describe('one file per game (problems 1 and 2)', () => {
  it('a plain play after an unfinished game starts a new file, says the old one can be resumed, and --resume restores it', () => {
    const store = new GameStore(home());
    const first = session(store, ['h2e2', 'h9g7']);
    expect(first.saver.finish(first.session)).toBeNull();
    const saved = readFileSync(first.target.path, 'utf8');
    expect(saved).toMatch(/1\. h2e2 h9g7 \*/);

    // plain `chuhan play`: a new file, the greeting names the unfinished game; quitting at once keeps nothing
    const second = session(store, []);
    expect(second.target.path).not.toBe(first.target.path);
    expect(second.greeting).toContain(`an unfinished game (${first.target.id}, 2 plies) is saved: chuhan play --resume continues it`);
    expect(readFileSync(first.target.path, 'utf8')).toBe(saved);
    expect(second.saver.finish(second.session)).toBe('empty');
    expect(existsSync(second.target.path)).toBe(false);

    const resumed = prepareSession(opts({ resume: true }), store, computer);
    expect(resumed.target.path).toBe(first.target.path);
    expect(resumed.session.history).toEqual(first.session.history);
  });

  it('play --tc: the saver writes the clocks (TimeControl, ChuhanClock) and --resume ID restores them', () => {
    const store = new GameStore(home());
    const tc = parseTimeControl('5+3');
    if (!tc.ok) throw new Error(tc.error);
    const first = session(store, ['h2e2'], { timeControl: tc.value });
    expect(first.saver.finish(first.session)).toBeNull();
    const saved = readFileSync(first.target.path, 'utf8');
    // PGN's TimeControl is in seconds (5 minutes + 3 s a move); chuhan's own text beside it
    expect(saved).toContain('[TimeControl "300+3"]');
    expect(saved).toContain('[ChuhanTimeControl "5+3"]');
    expect(saved).toMatch(/\[ChuhanClock "\d+ \d+[^"]*"\]/);
    const resumed = prepareSession(opts({ resume: first.target.id }), store, computer);
    expect(resumed.session.clock?.tc.text).toBe('5+3');
    expect(resumed.session.clockLine()).toMatch(/\(5\+3\)$/);
    expect(resumed.session.history).toEqual(first.session.history);
    // saved again: the clocks' tags once each (the loaded record's copies are not kept besides)
    expect(gameSaver(store, resumed.target).save(resumed.session)).toBeNull();
    const again = readFileSync(first.target.path, 'utf8');
    expect(again.match(/\[TimeControl /g)).toHaveLength(1);
    expect(again.match(/\[ChuhanClock /g)).toHaveLength(1);
    expect(again.match(/\[ChuhanTimeControl /g)).toHaveLength(1);
  });

  it('PGN TimeControl in seconds for each kind of clock (byo-yomi has no PGN form)', () => {
    const pgn = (text: string) => {
      const tc = parseTimeControl(text);
      if (!tc.ok) throw new Error(tc.error);
      return pgnTimeControl(tc.value);
    };
    expect(pgn('5+3')).toBe('300+3');
    expect(pgn('0+1')).toBe('0+1');
    expect(pgn('0.2')).toBe('12');
    expect(pgn('90')).toBe('5400');
    expect(pgn('40/300')).toBe('40/300');
    expect(pgn('2.5+0.5')).toBe('150+0.5');
    expect(pgn('10m+30s')).toBeNull();
  });

  it('a byo-yomi game: no TimeControl (PGN cannot say it), ChuhanTimeControl keeps it', () => {
    const store = new GameStore(home());
    const tc = parseTimeControl('10m+30s');
    if (!tc.ok) throw new Error(tc.error);
    const first = session(store, ['h2e2'], { timeControl: tc.value });
    expect(first.saver.finish(first.session)).toBeNull();
    const saved = readFileSync(first.target.path, 'utf8');
    expect(saved).not.toContain('[TimeControl ');
    expect(saved).toContain('[ChuhanTimeControl "10m+30s"]');
    expect(prepareSession(opts({ resume: first.target.id }), store, computer).session.clock?.tc.text).toBe('10m+30s');
  });

  it('a game saved before ChuhanTimeControl (chuhan\'s text in TimeControl) still resumes with its clocks', () => {
    const store = new GameStore(home());
    const tc = parseTimeControl('0.2');
    if (!tc.ok) throw new Error(tc.error);
    const first = session(store, ['h2e2'], { timeControl: tc.value });
    expect(first.saver.finish(first.session)).toBeNull();
    const saved = readFileSync(first.target.path, 'utf8');
    // 0.2 minutes: 12 seconds, as PGN says it
    expect(saved).toContain('[TimeControl "12"]');
    writeFileSync(first.target.path, saved.replace('[TimeControl "12"]\n', '').replace('[ChuhanTimeControl "0.2"]', '[TimeControl "0.2"]'));
    const resumed = prepareSession(opts({ resume: first.target.id }), store, computer);
    expect(resumed.session.clock?.tc.text).toBe('0.2');
    expect(resumed.session.record()).toContain('[TimeControl "12"]');
  });

  it('two sessions at once write two files; both are listed and resumable by id; a live lock keeps a game to its session', () => {
    const store = new GameStore(home());
    const a = session(store, ['h2e2']);
    const b = session(store, ['b2e2', 'h9g7']);
    expect(a.target.path).not.toBe(b.target.path);
    expect(a.saver.finish(a.session)).toBeNull();
    expect(b.saver.finish(b.session)).toBeNull();
    const listed = store.list();
    expect(listed.map((g) => g.id).sort()).toEqual([a.target.id, b.target.id].sort());
    for (const s of [a, b]) {
      const r = prepareSession(opts({ resume: s.target.id }), store, computer);
      expect(r.session.history).toEqual(s.session.history);
    }
    // a lock held by a live process (here: the parent of this test process) keeps others out
    writeFileSync(store.lockPath(a.target.path), `${process.ppid}\n`);
    expect(store.lock(a.target.path)).toEqual({ heldBy: process.ppid });
    expect(store.pick(a.target.id)).toEqual({ ok: false, error: `the game ${a.target.id} is open in another chuhan play (pid ${process.ppid})` });
    // a stale lock (no such process) is taken over and released
    writeFileSync(store.lockPath(b.target.path), '999999999\n');
    const held = store.lock(b.target.path);
    expect('release' in held).toBe(true);
    expect(readFileSync(store.lockPath(b.target.path), 'utf8')).toBe(`${process.pid}\n`);
    if ('release' in held) held.release();
    expect(existsSync(store.lockPath(b.target.path))).toBe(false);
  });

  it('finished games stay in the history and are not what --resume picks', () => {
    const store = new GameStore(home());
    const open = session(store, ['h2e2']);
    open.saver.finish(open.session);
    const done = session(store, ['h2e2', 'resign']);
    expect(done.session.outcome()?.result).toBe('1-0');
    done.saver.finish(done.session);
    // the finished one is newer
    utimesSync(open.target.path, new Date(2020, 0, 1), new Date(2020, 0, 1));
    const games = store.list();
    expect(games.map((g) => [g.id, g.finished, g.result, g.plies])).toEqual([
      [done.target.id, true, '1-0', 1],
      [open.target.id, false, '*', 1],
    ]);
    expect(prepareSession(opts({ resume: true }), store, computer).target.id).toBe(open.target.id);
  });

  it('an old single autosave.pgn is kept: moved into games/ as one unfinished game', () => {
    const dir = home();
    writeFileSync(join(dir, 'autosave.pgn'), '[Variant "xiangqi"]\n[Result "*"]\n\n1. h2e2 h9g7 *\n');
    const store = new GameStore(dir);
    const r = prepareSession(opts({ resume: true }), store, computer);
    expect(r.session.history.length).toBe(2);
    expect(existsSync(join(dir, 'autosave.pgn'))).toBe(false);
    expect(readdirSync(join(dir, 'games'))).toEqual([`${r.target.path.split('/').pop()}`]);
  });

  it('chuhan games lists them, with --json', async () => {
    const dir = home();
    const store = new GameStore(dir);
    const a = session(store, ['h2e2', 'h9g7', 'b0c2']);
    a.saver.finish(a.session);
    const json = await runCli(['games', '--json'], { CHUHAN_HOME: dir });
    expect(json.code).toBe(0);
    const rows = JSON.parse(json.stdout);
    expect(rows).toEqual([
      expect.objectContaining({ id: a.target.id, file: a.target.path, game: 'xiangqi', players: ['human', 'human'], result: '*', plies: 3, finished: false, open: false }),
    ]);
    expect(rows[0].date).toMatch(/^\d{4}-\d\d-\d\d$/);
    const text = await runCli(['games'], { CHUHAN_HOME: dir });
    expect(text.stdout.split('\n')[0]).toMatch(/^id\s+saved\s+game\s+players\s+result\s+plies\s+state$/);
    expect(text.stdout).toMatch(new RegExp(`^${a.target.id}  \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d  xiangqi  human–human  \\*\\s+3  unfinished$`, 'm'));
    const empty = await runCli(['games'], { CHUHAN_HOME: home() });
    expect(empty.stdout).toMatch(/^no saved games in /);
  });
});

describe('atomic writes (problem 6)', () => {
  it('creates the missing folders level by level (mode 0700), and under /proc fails at once instead of looping as mkdir -p does in Node 20', () => {
    const dir = home();
    const path = join(dir, 'a', 'b', 'g.pgn');
    writeAtomically(path, 'one');
    expect(readFileSync(path, 'utf8')).toBe('one');
    expect(fs.statSync(join(dir, 'a')).mode & 0o777).toBe(0o700);
    // a folder that can never be made: an error (ENOENT), not a hang
    expect(() => writeAtomically('/proc/no-such-chuhan-dir/a/g.pgn', 'x')).toThrow(/ENOENT/);
  });

  it('the temporary name is random (no pid), opened O_EXCL|O_NOFOLLOW, and never left behind', () => {
    const dir = home();
    const opened: [string, number][] = [];
    const spy: StoreFs = { ...fs, openSync: ((p: string, flags: number, mode?: number) => (opened.push([p, flags]), fs.openSync(p, flags, mode))) as StoreFs['openSync'] };
    const path = join(dir, 'g.pgn');
    writeAtomically(path, 'one', true, spy);
    writeAtomically(path, 'two', false, spy);
    expect(readFileSync(path, 'utf8')).toBe('two');
    expect(readdirSync(dir)).toEqual(['g.pgn']);
    expect(opened.length).toBe(2);
    expect(opened[0]![0]).not.toBe(opened[1]![0]);
    for (const [p, flags] of opened) {
      expect(p).toMatch(/\/\.g\.pgn\.[0-9a-f]{24}\.tmp$/);
      expect(p).not.toContain(String(process.pid));
      expect(flags & fs.constants.O_EXCL).toBeTruthy();
      expect(flags & fs.constants.O_NOFOLLOW).toBeTruthy();
    }
  });

  it('a planted symlink is never followed: at the temp name the open fails, at the game file it is replaced', () => {
    const dir = home();
    const victim = join(dir, 'victim');
    writeFileSync(victim, 'precious');
    // whatever name a temp file gets, a symlink planted there makes the exclusive open fail
    const planted: StoreFs = {
      ...fs,
      openSync: ((p: string, flags: number, mode?: number) => {
        symlinkSync(victim, p);
        return fs.openSync(p, flags, mode);
      }) as StoreFs['openSync'],
    };
    expect(() => writeAtomically(join(dir, 'g.pgn'), 'evil', false, planted)).toThrow(/EEXIST/);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    // a symlink at the game file's own name: rename replaces the link, the victim is untouched
    symlinkSync(victim, join(dir, 'h.pgn'));
    writeAtomically(join(dir, 'h.pgn'), 'game', false);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(fs.lstatSync(join(dir, 'h.pgn')).isSymbolicLink()).toBe(false);
    // an exclusive create never replaces anything
    expect(() => writeAtomically(join(dir, 'h.pgn'), 'again', true)).toThrow(/EEXIST/);
    expect(readFileSync(join(dir, 'h.pgn'), 'utf8')).toBe('game');
  });
});

describe('storage problems (problems 2 and 7)', () => {
  it('a full disk: said in one sentence, the previous save intact, no temp file left', () => {
    const dir = home();
    const store = new GameStore(dir);
    const s = session(store, ['h2e2']);
    expect(s.problems).toEqual([null, null]);
    const before = readFileSync(s.target.path, 'utf8');
    const full: StoreFs = {
      ...fs,
      writeSync: (() => {
        throw errno('ENOSPC');
      }) as StoreFs['writeSync'],
    };
    const failing = gameSaver(new GameStore(dir, full), { ...s.target, fresh: false });
    s.session.command('h9g7');
    const problem = failing.save(s.session);
    expect(problem).toBe(`games cannot be saved in ${dir}/games: the disk is full; free some space or set CHUHAN_HOME to a writable folder`);
    expect(readFileSync(s.target.path, 'utf8')).toBe(before);
    expect(readdirSync(join(dir, 'games'))).toEqual([s.target.path.split('/').pop()]);
    expect(failing.finish(s.session)).toBe(problem);
  });

  it('read-only and unwritable folders: where, why, what to do', () => {
    expect(storageProblem(errno('EROFS'), '/x')).toBe('games cannot be saved in /x: it is on a read-only file system; set CHUHAN_HOME to a writable folder');
    expect(storageProblem(errno('EACCES'), '/x')).toBe('games cannot be saved in /x: the folder is read-only to this user (permission denied); make it writable or set CHUHAN_HOME to a writable folder');
    // a missing folder that cannot be made, and any other errno: its words once, no raw path, the folder quoted when not plain
    expect(storageProblem(errno('ENOENT'), '/ro dir/x')).toBe('games cannot be saved in "/ro dir/x": the folder does not exist and cannot be made there (a parent folder is missing or read-only); set CHUHAN_HOME to a writable folder');
    expect(storageProblem(Object.assign(new Error("EIO: i/o error, open '/x/\x1b]0;t\x07'"), { code: 'EIO' }), '/x')).toBe('games cannot be saved in /x: "i/o error" (EIO); set CHUHAN_HOME to a writable folder');
    const dir = home();
    writeFileSync(join(dir, 'file'), '');
    const store = new GameStore(join(dir, 'file', 'home'));
    const s = session(store, ['h2e2']);
    // the very first save (before any move) already reports it
    expect(s.problems[0]).toBe(`games cannot be saved in ${dir}/file/home/games: a file is in the way of the folder; move it or set CHUHAN_HOME to a writable folder`);
    expect(s.saver.finish(s.session)).toBe(s.problems[0]);
  });

  it('an unreadable games folder gives an empty list, not a crash', () => {
    const dir = home();
    mkdirSync(join(dir, 'games'));
    writeFileSync(join(dir, 'games', '2026-01-01-0000000z.pgn'), 'not a game file name');
    writeFileSync(join(dir, 'games', '2026-01-01-00000000.pgn'), '\x00\x01binary');
    const games = new GameStore(dir).list();
    expect(games.length).toBe(1);
    expect(games[0]!.unreadable).toBeTruthy();
    expect(new GameStore(dir).pick(true).ok).toBe(false);
  });
});
