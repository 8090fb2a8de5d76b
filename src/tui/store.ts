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
 *   game another live session is writing; a lock whose process is gone is stale and taken over.
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
import { escapeControls } from '../core/text.js';

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
>;

export const nodeFs: StoreFs = nodeFsModule;

/** The folder of chuhan's state (saved games). */
export function stateDir(env: Record<string, string | undefined>): string {
  if (env.CHUHAN_HOME) return resolve(env.CHUHAN_HOME);
  const base = env.XDG_STATE_HOME || join(env.HOME || homedir(), '.local', 'state');
  return resolve(base, 'chuhan');
}

const { O_WRONLY, O_CREAT, O_EXCL } = nodeFsModule.constants;
const O_NOFOLLOW = nodeFsModule.constants.O_NOFOLLOW ?? 0;

/**
 * Writes `text` to `path` atomically (creating the folder). `exclusive`: the file must not exist
 * yet (it is published with link(2), which never replaces a file). Throws the fs error; the
 * temporary file never survives a failure.
 */
export function writeAtomically(path: string, text: string, exclusive = false, fs: StoreFs = nodeFs): void {
  fs.mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
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

/** One sentence on why games cannot be saved in `dir` and what to do. */
export function storageProblem(e: unknown, dir: string): string {
  const err = e as NodeJS.ErrnoException;
  const where = escapeControls(dir);
  const fix = 'set CHUHAN_HOME to a writable folder';
  switch (err?.code) {
    case 'EROFS':
      return `games cannot be saved in ${where}: it is on a read-only file system; ${fix}`;
    case 'EACCES':
    case 'EPERM':
      return `games cannot be saved in ${where}: permission denied; make it writable or ${fix}`;
    case 'ENOSPC':
      return `games cannot be saved in ${where}: the disk is full; free some space or ${fix}`;
    case 'EDQUOT':
      return `games cannot be saved in ${where}: the disk quota is used up; free some space or ${fix}`;
    case 'ENOTDIR':
    case 'EEXIST':
      return `games cannot be saved in ${where}: a file is in the way of the folder; move it or ${fix}`;
    default:
      return `games cannot be saved in ${where}: ${escapeControls(err?.code ?? '')}${err?.code ? ' ' : ''}${escapeControls(err?.message ?? String(e))}; ${fix}`;
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
      const text = this.fs.readFileSync(old, 'utf8');
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
    let text: string;
    let mtime: number;
    try {
      const st = this.fs.lstatSync(path);
      if (!st.isFile()) return null;
      mtime = st.mtimeMs;
      text = this.fs.readFileSync(path, 'utf8');
    } catch {
      return null;
    }
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

  /** The pid of the live session holding the game's lock, or null. */
  openBy(path: string): number | null {
    try {
      const pid = Number(this.fs.readFileSync(this.lockPath(path), 'utf8').trim());
      return pid !== process.pid && alive(pid) ? pid : null;
    } catch {
      return null;
    }
  }

  /**
   * Takes the game's lock for this process. Returns a release function, or the pid of the live
   * session that holds it. Where no lock can be written (read-only folder) it returns a no-op:
   * such a session cannot write the game either.
   */
  lock(path: string): { release: () => void } | { heldBy: number } {
    const lock = this.lockPath(path);
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = this.fs.openSync(lock, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600);
        try {
          this.fs.writeSync(fd, `${process.pid}\n`);
        } finally {
          this.fs.closeSync(fd);
        }
        return {
          release: () => {
            try {
              if (Number(this.fs.readFileSync(lock, 'utf8').trim()) === process.pid) this.fs.unlinkSync(lock);
            } catch {
              // gone already
            }
          },
        };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return { release: () => undefined };
        const holder = this.openBy(path);
        if (holder !== null) return { heldBy: holder };
        try {
          this.fs.unlinkSync(lock); // stale: its session is gone
        } catch {
          return { release: () => undefined };
        }
      }
    }
    return { release: () => undefined };
  }

  /**
   * The game `--resume [ID]` means: the latest unfinished game no live session holds, or the one
   * whose id (or file name) starts with `id`. An error sentence when there is none.
   */
  pick(id: string | true): { ok: true; game: SavedGame } | { ok: false; error: string } {
    const games = this.list();
    if (id === true) {
      const open = games.filter((g) => !g.finished && !g.unreadable);
      const g = open.find((x) => x.openBy === null);
      if (g) return { ok: true, game: g };
      if (open.length > 0)
        return { ok: false, error: `every unfinished game is open in another chuhan play (pid ${open[0]!.openBy}); chuhan games lists them` };
      return { ok: false, error: `there is no unfinished game to resume in ${escapeControls(this.gamesDir)} (chuhan games lists the saved games)` };
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
