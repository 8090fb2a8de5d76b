/**
 * The saved games of `chuhan play`: one file per game, `<state>/games/<date>-<id>.pgn`, where
 * `<state>` is `$CHUHAN_HOME`, else `$XDG_STATE_HOME/chuhan`, else `~/.local/state/chuhan`.
 *
 * - A new game gets a new file: a random id, published with link(2), which fails rather than
 *   replace an existing file, so two sessions never share one.
 * - Every write is atomic: a temporary file with an unpredictable name, opened with
 *   O_CREAT|O_EXCL|O_NOFOLLOW (a planted file or symlink makes it fail, never redirects it), written,
 *   fsync'ed, then renamed over the game file; on any failure it is removed and the previous save
 *   stays as it was.
 * - A session holds `<game file>.lock` (its pid) while it plays a game, so `--resume` never opens a
 *   game another live session is writing. The lock is published whole with link(2) (never seen
 *   empty); a lock whose process is gone is stale and taken over under `<lock>.break` (itself
 *   published with link(2)), re-checked there, so two sessions taking over one stale lock at the
 *   same moment never both hold it.
 * - Lock and game files are read with O_NOFOLLOW|O_NONBLOCK and must be regular files of a
 *   bounded size: a FIFO, a symlink (to /dev/zero…) or a huge file planted there is reported in
 *   one sentence (`warnings`) and ignored, never waited on or read whole.
 * - A state folder of another user that this one can write too (shared) is refused with one
 *   sentence (`ownerProblem`).
 * - The old single autosave (`<state>/autosave.pgn`) is moved into games/ the first time the games
 *   are listed, as one unfinished game.
 *
 * All file access goes through a `StoreFs` (node:fs by default) so tests can inject failures
 * such as a full disk.
 */
import * as nodeFsModule from 'node:fs';
import { randomBytes } from 'node:crypto';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { variantFromVariantTag } from '../notation/pgn.js';
import { WHOLE_READERS } from '../notation/records/index.js';
import { holdsGame, readRecordBytes } from '../notation/records/open.js';
import { DEFAULT_GAME } from '../games/registry.js';
import { escapeControls, quoteInput, quoteName } from '../core/text.js';

export type StoreFs = Pick<
  typeof nodeFsModule,
  | 'mkdirSync'
  | 'openSync'
  | 'writeSync'
  | 'fsyncSync'
  | 'closeSync'
  | 'renameSync'
  | 'linkSync'
  | 'unlinkSync'
  | 'readdirSync'
  | 'readFileSync'
  | 'statSync'
  | 'lstatSync'
  | 'fstatSync'
  | 'readSync'
  | 'accessSync'
>;

export const nodeFs: StoreFs = nodeFsModule;

/** The folder of chuhan's state (saved games). */
export function stateDir(env: Record<string, string | undefined>): string {
  if (env.CHUHAN_HOME) return resolve(env.CHUHAN_HOME);
  const base = env.XDG_STATE_HOME || join(env.HOME || homedir(), '.local', 'state');
  return resolve(base, 'chuhan');
}

const { O_WRONLY, O_CREAT, O_EXCL, O_RDONLY } = nodeFsModule.constants;
const O_NOFOLLOW = nodeFsModule.constants.O_NOFOLLOW ?? 0;
const O_NONBLOCK = nodeFsModule.constants.O_NONBLOCK ?? 0;

/** A lock file holds a pid and a newline. */
export const MAX_LOCK_BYTES = 64;
/** The largest saved game read (a long chu game is a few hundred KB). */
export const MAX_GAME_BYTES = 16 * 1024 * 1024;

const kindOf = (st: nodeFsModule.Stats): string =>
  st.isFIFO() ? 'a FIFO' : st.isDirectory() ? 'a folder' : st.isCharacterDevice() || st.isBlockDevice() ? 'a device' : st.isSocket() ? 'a socket' : 'not a regular file';

export type SafeRead = { ok: true; text: string } | { ok: false; missing: boolean; problem: string };

/**
 * Reads a small file without trusting what is there: opened with O_NOFOLLOW|O_NONBLOCK (a symlink
 * fails, a FIFO never blocks), then it must be a regular file of at most `max` bytes, and no more
 * than `max` bytes are read. Else why not, in words (`it is a FIFO`, `it is a symbolic link`).
 */
export function readSmallFile(path: string, max: number, fs: StoreFs = nodeFs): SafeRead {
  let fd: number;
  try {
    fd = fs.openSync(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, missing: true, problem: 'it does not exist' };
    if (code === 'ELOOP' || code === 'EMLINK') return { ok: false, missing: false, problem: 'it is a symbolic link' };
    if (code === 'EACCES' || code === 'EPERM') return { ok: false, missing: false, problem: 'permission denied' };
    return { ok: false, missing: false, problem: `it cannot be opened (${escapeControls(code ?? String(e))})` };
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return { ok: false, missing: false, problem: `it is ${kindOf(st)}` };
    if (st.size > max) return { ok: false, missing: false, problem: `it is too large (${st.size} bytes, at most ${max})` };
    const buf = Buffer.alloc(max + 1);
    let n = 0;
    while (n < buf.length) {
      const k = fs.readSync(fd, buf, n, buf.length - n, null);
      if (k === 0) break;
      n += k;
    }
    if (n > max) return { ok: false, missing: false, problem: `it is too large (more than ${max} bytes)` };
    return { ok: true, text: buf.toString('utf8', 0, n) };
  } catch (e) {
    return { ok: false, missing: false, problem: `it cannot be read (${escapeControls((e as NodeJS.ErrnoException).code ?? String(e))})` };
  } finally {
    fs.closeSync(fd);
  }
}

/** Sleeps `ms` without returning to the event loop (a lock being broken is held for microseconds). */
const pause = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

/**
 * Creates a folder and the missing ones above it (mode 0700 unless told), one level at a time: Node 20's
 * `mkdirSync(…, { recursive: true })` loops for ever under /proc or /sys, where creating a folder
 * fails with ENOENT whatever exists above it. Throws the fs error of the first level that fails.
 */
export function makeFolders(dir: string, fs: StoreFs = nodeFs, mode = 0o700): void {
  const exists = (d: string): boolean => {
    try {
      fs.statSync(d);
      return true;
    } catch {
      return false;
    }
  };
  const missing: string[] = [];
  for (let d = dir; !exists(d); d = dirname(d)) {
    missing.push(d);
    if (dirname(d) === d) break;
  }
  for (const d of missing.reverse()) {
    try {
      fs.mkdirSync(d, { mode });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
}

/**
 * Writes `text` to `path` atomically (creating the folder). `exclusive`: the file must not exist
 * yet (it is published with link(2), which never replaces a file). Throws the fs error; the
 * temporary file never survives a failure.
 */
export function writeAtomically(path: string, text: string, exclusive = false, fs: StoreFs = nodeFs): void {
  makeFolders(dirname(path), fs);
  const tmp = join(dirname(path), `.${basename(path)}.${randomBytes(12).toString('hex')}.tmp`);
  const fd = fs.openSync(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600);
  let published = false;
  try {
    try {
      const bytes = Buffer.from(text, 'utf8');
      let off = 0;
      while (off < bytes.length) off += fs.writeSync(fd, bytes, off, bytes.length - off);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    if (exclusive) fs.linkSync(tmp, path);
    else {
      fs.renameSync(tmp, path);
      published = true;
    }
  } finally {
    if (!published) {
      try {
        fs.unlinkSync(tmp);
      } catch {
        // already gone
      }
    }
  }
}

/** One sentence on why `what` (games, the settings…) cannot be saved in `dir` and what to do. */
export function storageProblem(e: unknown, dir: string, what = 'games'): string {
  const err = e as NodeJS.ErrnoException;
  const where = quoteName(dir);
  const fix = 'set CHUHAN_HOME to a writable folder';
  switch (err?.code) {
    case 'EROFS':
      return `${what} cannot be saved in ${where}: it is on a read-only file system; ${fix}`;
    case 'EACCES':
    case 'EPERM':
      return `${what} cannot be saved in ${where}: the folder is read-only to this user (permission denied); make it writable or ${fix}`;
    case 'ENOSPC':
      return `${what} cannot be saved in ${where}: the disk is full; free some space or ${fix}`;
    case 'EDQUOT':
      return `${what} cannot be saved in ${where}: the disk quota is used up; free some space or ${fix}`;
    case 'ENOTDIR':
    case 'EEXIST':
      return `${what} cannot be saved in ${where}: a file is in the way of the folder; move it or ${fix}`;
    case 'ENOENT':
      // the folder cannot be made: a parent is missing or read-only (mkdir may say ENOENT for that)
      return `${what} cannot be saved in ${where}: the folder does not exist and cannot be made there (a parent folder is missing or read-only); ${fix}`;
    default: {
      // the errno's words once (a message starts with its code: `EIO: i/o error, open '…'`), no path
      const code = err?.code ?? '';
      const words = String(err?.message ?? e).replace(/^[A-Z0-9_]+: /, '').replace(/, \w+ '.*$/s, '');
      return `${what} cannot be saved in ${where}: ${quoteInput(words, 120)}${code ? ` (${escapeControls(code)})` : ''}; ${fix}`;
    }
  }
}

export interface SavedGame {
  /** The short id (`--resume ID`). */
  id: string;
  path: string;
  /** The day the game was started (from the file name), YYYY-MM-DD. */
  date: string;
  /** When the file was last written (ISO 8601, UTC). */
  modified: string;
  modifiedMs: number;
  game: string;
  players: [string, string] | null;
  result: string;
  plies: number;
  finished: boolean;
  /** The pid of a live session playing it, or null. */
  openBy: number | null;
  /** The file cannot be read as a record (listed, never resumed by default). */
  unreadable?: string;
}

/** A saved game picked for `--resume` and its text. */
export interface ResumedGame {
  game: SavedGame;
  text: string;
}

const FILE_RE = /^(\d{4}-\d{2}-\d{2})-([0-9a-f]{8})\.pgn$/;

const alive = (pid: number): boolean => {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export class GameStore {
  readonly gamesDir: string;

  constructor(
    readonly dir: string,
    readonly fs: StoreFs = nodeFs,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.gamesDir = join(dir, 'games');
  }

  /** A fresh game file name (not created yet). */
  newPath(): string {
    const date = this.now().toISOString().slice(0, 10);
    return join(this.gamesDir, `${date}-${randomBytes(4).toString('hex')}.pgn`);
  }

  static idOf(path: string): string {
    const m = FILE_RE.exec(basename(path));
    return m ? m[2]! : basename(path).replace(/\.pgn$/, '');
  }

  /** Moves the old single autosave into games/ (once); errors are ignored (it stays listed). */
  migrate(): void {
    const old = join(this.dir, 'autosave.pgn');
    try {
      const st = this.fs.lstatSync(old);
      if (!st.isFile()) return;
      const r = readSmallFile(old, MAX_GAME_BYTES, this.fs);
      if (!r.ok) return;
      const text = r.text;
      const path = join(this.gamesDir, `${new Date(st.mtimeMs).toISOString().slice(0, 10)}-${randomBytes(4).toString('hex')}.pgn`);
      writeAtomically(path, text, true, this.fs);
      this.fs.unlinkSync(old);
    } catch {
      // no old autosave, or the folder is read-only: nothing to do
    }
  }

  /** The saved games, most recently written first. */
  list(): SavedGame[] {
    this.migrate();
    let names: string[];
    try {
      names = this.fs.readdirSync(this.gamesDir);
    } catch {
      names = [];
    }
    const games: SavedGame[] = [];
    for (const name of names) {
      const m = FILE_RE.exec(name);
      if (!m) continue;
      const g = this.read(join(this.gamesDir, name), m[1]!, m[2]!);
      if (g) games.push(g);
    }
    const legacy = join(this.dir, 'autosave.pgn');
    const old = this.read(legacy, '', 'autosave');
    if (old) games.push({ ...old, date: old.modified.slice(0, 10) });
    return games.sort((a, b) => b.modifiedMs - a.modifiedMs || (a.id < b.id ? -1 : 1));
  }

  private read(path: string, date: string, id: string): SavedGame | null {
    let mtime: number;
    try {
      const st = this.fs.lstatSync(path);
      if (!st.isFile()) return null;
      mtime = st.mtimeMs;
    } catch {
      return null;
    }
    const r = readSmallFile(path, MAX_GAME_BYTES, this.fs);
    if (!r.ok) {
      if (r.missing) return null;
      this.warn(`the saved game ${escapeControls(path)} was skipped: ${r.problem}`);
      return null;
    }
    const text = r.text;
    const g: SavedGame = {
      id,
      path,
      date,
      modified: new Date(mtime).toISOString(),
      modifiedMs: mtime,
      game: DEFAULT_GAME.id,
      players: null,
      result: '*',
      plies: 0,
      finished: false,
      openBy: this.openBy(path),
    };
    // opened as every record is (notation/records/open.ts)
    const rec = readRecordBytes(Buffer.from(text, 'utf8'), WHOLE_READERS).records.find(holdsGame);
    if (!rec) {
      g.unreadable = 'no game in the file';
      return g;
    }
    const tags = rec.tags;
    // the game the Variant tag names (any of its aliases), the default game without one, else the tag as written
    const variant = tags['Variant'];
    g.game = variant ? (variantFromVariantTag(variant) ?? escapeControls(variant).slice(0, 40)) : DEFAULT_GAME.id;
    const names = tags['ChuhanPlayers']?.split(/\s+/);
    if (names?.length === 2) g.players = [escapeControls(names[0]!).slice(0, 40), escapeControls(names[1]!).slice(0, 40)];
    g.result = rec.result ?? tags['Result'] ?? '*';
    if (!['1-0', '0-1', '1/2-1/2', '*'].includes(g.result)) g.result = '*';
    g.finished = g.result !== '*';
    g.plies = rec.moves.length;
    if (rec.errors.length > 0) g.unreadable = rec.errors[0]!.message;
    return g;
  }

  lockPath = (path: string): string => `${path}.lock`;

  /** Sentences about files found unsafe and ignored (a FIFO or symlink at a lock), each once. */
  readonly warnings: string[] = [];

  private warn(sentence: string): void {
    if (!this.warnings.includes(sentence)) this.warnings.push(sentence);
  }

  /**
   * Why this state folder must not be used, or null: it (or its games/ folder) belongs to another
   * user and this one can write there too: a folder shared by two users, where each could plant
   * files for the other or read the other's games. (Another user's folder this one cannot write
   * is said when a save fails: storageProblem, `permission denied`.)
   */
  ownerProblem(): string | null {
    const uid = process.getuid?.();
    if (uid === undefined) return null;
    for (const d of [this.dir, this.gamesDir]) {
      let st: nodeFsModule.Stats;
      try {
        st = this.fs.statSync(d);
      } catch {
        continue;
      }
      if (st.uid === uid) continue;
      try {
        this.fs.accessSync(d, nodeFsModule.constants.W_OK);
      } catch {
        continue; // not writable here: a save says so (permission denied)
      }
      return `the state folder ${escapeControls(d)} is shared with another user (it belongs to uid ${st.uid}); set CHUHAN_HOME to a folder of your own`;
    }
    return null;
  }

  /** The game file as text, read safely (`readSmallFile`); an error sentence when it cannot be. */
  readGame(path: string): { ok: true; text: string } | { ok: false; error: string } {
    const r = readSmallFile(path, MAX_GAME_BYTES, this.fs);
    return r.ok ? r : { ok: false, error: `cannot read the saved game ${escapeControls(path)}: ${r.problem}` };
  }

  /**
   * Who holds the lock file `lock`: a live pid, `stale` (its process is gone, or it holds no
   * pid), `none`, or `unsafe` (not a regular small file: said in `warnings`, ignored).
   */
  private holder(lock: string): { pid: number } | 'stale' | 'none' | 'unsafe' {
    const r = readSmallFile(lock, MAX_LOCK_BYTES, this.fs);
    if (!r.ok) {
      if (r.missing) return 'none';
      this.warn(`the lock file ${escapeControls(lock)} was ignored: ${r.problem}; remove it`);
      return 'unsafe';
    }
    const pid = Number(r.text.trim());
    return pid === process.pid || alive(pid) ? { pid } : 'stale';
  }

  /** The pid of the live session holding the game's lock, or null. */
  openBy(path: string): number | null {
    const h = this.holder(this.lockPath(path));
    return typeof h === 'object' && h.pid !== process.pid ? h.pid : null;
  }

  /**
   * Publishes `<file>` holding our pid, whole, only where nothing is: a temporary file linked to
   * the name (link(2) never replaces). 'taken', 'exists', or the error of a folder we cannot write.
   */
  private publish(file: string): 'taken' | 'exists' | 'failed' {
    const tmp = join(dirname(file), `.${basename(file)}.${randomBytes(12).toString('hex')}.tmp`);
    try {
      const fd = this.fs.openSync(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600);
      try {
        this.fs.writeSync(fd, `${process.pid}\n`);
      } finally {
        this.fs.closeSync(fd);
      }
      this.fs.linkSync(tmp, file);
      return 'taken';
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'EEXIST' ? 'exists' : 'failed';
    } finally {
      try {
        this.fs.unlinkSync(tmp);
      } catch {
        // never made
      }
    }
  }

  /** Removes `file` if it holds our pid (read safely). */
  private unpublish(file: string): void {
    const r = readSmallFile(file, MAX_LOCK_BYTES, this.fs);
    if (!r.ok || Number(r.text.trim()) !== process.pid) return;
    try {
      this.fs.unlinkSync(file);
    } catch {
      // gone already
    }
  }

  /**
   * Takes over the stale lock `lock`: under `<lock>.break` (one taker at a time), the lock is
   * read again and removed only if still stale, then ours is published. Another live taker
   * holding the break: 'busy' (try again); a break left by a taker that died is removed.
   */
  private takeOver(lock: string): 'taken' | 'exists' | 'busy' | 'failed' | 'unsafe' | { pid: number } {
    const brk = `${lock}.break`;
    const b = this.publish(brk);
    if (b === 'failed') return 'failed';
    if (b === 'exists') {
      const h = this.holder(brk);
      if (h === 'unsafe') return 'unsafe';
      if (h === 'stale') {
        // its taker died within the few microseconds it holds it
        try {
          this.fs.unlinkSync(brk);
        } catch {
          // another taker removed it
        }
      }
      return 'busy';
    }
    try {
      const h = this.holder(lock);
      if (h === 'unsafe') return 'unsafe';
      if (typeof h === 'object') return h;
      if (h === 'stale') {
        try {
          this.fs.unlinkSync(lock);
        } catch {
          return 'failed';
        }
      }
      return this.publish(lock);
    } finally {
      this.unpublish(brk);
    }
  }

  /**
   * Takes the game's lock for this process. Returns a release function, or the pid of the live
   * session that holds it. Where no lock can be written (read-only folder), or something unsafe is
   * at the lock's name (said in `warnings`), it returns a no-op: the game is played without one.
   */
  lock(path: string): { release: () => void } | { heldBy: number } {
    const lock = this.lockPath(path);
    const none = { release: () => undefined };
    for (let attempt = 0; attempt < 200; attempt++) {
      let r = this.publish(lock);
      if (r === 'failed') return none;
      if (r === 'exists') {
        const h = this.holder(lock);
        if (h === 'unsafe') return none;
        if (typeof h === 'object') return h.pid === process.pid ? { release: () => this.unpublish(lock) } : { heldBy: h.pid };
        if (h === 'none') continue; // released in between: publish again
        const t = this.takeOver(lock);
        if (t === 'failed' || t === 'unsafe') return none;
        if (typeof t === 'object') return t.pid === process.pid ? { release: () => this.unpublish(lock) } : { heldBy: t.pid };
        if (t === 'busy') {
          pause(2 + (attempt % 5));
          continue;
        }
        r = t;
      }
      if (r === 'taken') return { release: () => this.unpublish(lock) };
    }
    return none;
  }

  /**
   * The game `--resume [ID]` means: the latest unfinished game no live session holds (of `variant`
   * when one is given), or the one whose id (or file name) starts with `id`. An error sentence when
   * there is none.
   */
  pick(id: string | true, variant?: string): { ok: true; game: SavedGame } | { ok: false; error: string } {
    const games = this.list();
    if (id === true) {
      // `play -v chushogi --resume`: the latest unfinished game of that variant
      const open = games.filter((g) => !g.finished && !g.unreadable && (variant === undefined || g.game === variant));
      const g = open.find((x) => x.openBy === null);
      if (g) return { ok: true, game: g };
      if (open.length > 0)
        return { ok: false, error: `every unfinished game is open in another chuhan play (pid ${open[0]!.openBy}); chuhan games lists them` };
      return { ok: false, error: `there is no unfinished ${variant === undefined ? '' : `${variant} `}game to resume in ${escapeControls(this.gamesDir)} (chuhan games lists the saved games)` };
    }
    const want = id.toLowerCase().replace(/\.pgn$/, '');
    const hits = games.filter((g) => g.id === want || g.id.startsWith(want) || basename(g.path, '.pgn').startsWith(want));
    const exact = hits.filter((g) => g.id === want || basename(g.path, '.pgn') === want);
    const found = exact.length === 1 ? exact : hits;
    if (found.length === 0) return { ok: false, error: `there is no saved game ${escapeControls(id).slice(0, 40)} (chuhan games lists them)` };
    if (found.length > 1)
      return { ok: false, error: `${escapeControls(id).slice(0, 40)} matches ${found.length} saved games (${found.slice(0, 4).map((g) => g.id).join(', ')}); give more of the id` };
    const g = found[0]!;
    if (g.openBy !== null) return { ok: false, error: `the game ${g.id} is open in another chuhan play (pid ${g.openBy})` };
    return { ok: true, game: g };
  }

  /** Removes a game file (a new game in which no move was played). */
  remove(path: string): void {
    try {
      this.fs.unlinkSync(path);
    } catch {
      // nothing to remove
    }
  }
}
