/** `chuhan play` plumbing that needs no terminal: autosave paths and files, resume, start-up cost. */
import { afterAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CliError, type Io } from '../src/cli/context.js';
import { getGame } from '../src/games/registry.js';
import { placeholderPlayer } from '../src/tui/computer.js';
import { readIfExists, writeAtomically } from '../src/tui/files.js';
import { GameStore, stateDir } from '../src/tui/store.js';
import { prepareSession, type PlayOptions } from '../src/tui/run-play.js';
import { Session } from '../src/tui/session.js';
import { removeTempDirs, tempDir } from './helpers/tmp.js';

afterAll(removeTempDirs);

const xq = getGame('xiangqi');
const io: Io = { out: () => undefined, err: () => undefined, isTTY: false, env: {} };
const opts = (o: Partial<PlayOptions> = {}): PlayOptions => ({
  game: xq,
  players: [undefined, undefined],
  resume: false,
  color: false,
  style: 'unicode',
  io,
  ...o,
});

function cliError(f: () => unknown): CliError {
  try {
    f();
  } catch (e) {
    if (e instanceof CliError) return e;
    throw e;
  }
  throw new Error('no CliError');
}

describe('autosave files', () => {
  it('CHUHAN_HOME, then XDG_STATE_HOME, then ~/.local/state', () => {
    expect(stateDir({ CHUHAN_HOME: '/x/home' })).toBe('/x/home');
    expect(stateDir({ XDG_STATE_HOME: '/state', HOME: '/h' })).toBe('/state/chuhan');
    expect(stateDir({ HOME: '/h' })).toBe('/h/.local/state/chuhan');
    expect(new GameStore('/x/home').newPath()).toMatch(/^\/x\/home\/games\/\d{4}-\d\d-\d\d-[0-9a-f]{8}\.pgn$/);
  });

  it('writes atomically into a new directory and leaves no temp file', () => {
    const dir = tempDir('save');
    const path = join(dir, 'a/b/autosave.pgn');
    expect(readIfExists(path)).toBeNull();
    writeAtomically(path, 'one');
    writeAtomically(path, 'two');
    expect(readFileSync(path, 'utf8')).toBe('two');
    expect(readdirSync(dirname(path))).toEqual(['autosave.pgn']);
  });
});

describe('play start-up', () => {
  const computer = placeholderPlayer(1);

  it('a new game: red human, black the computer by default; the placeholder is named', () => {
    const none = new GameStore('/nonexistent');
    const { session, greeting } = prepareSession(opts(), none, computer);
    expect(session.players).toEqual(['human', 'computer']);
    expect(greeting).toEqual([`note: the computer is a ${computer.name}`, expect.stringMatching(/^seed \d+ \(--seed \d+ repeats the computer's choices\)$/)]);
    expect(computer.name).toMatch(/placeholder/);
    const fen = prepareSession(opts({ fen: '4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1', players: ['human', 'human'] }), none, computer);
    expect(xq.formatFen(fen.session.pos)).toBe('4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1');
    expect(fen.greeting).toEqual([]);
    expect(cliError(() => prepareSession(opts({ fen: 'junk' }), none, computer)).exitCode).toBe(2);
  });

  it('--resume continues the saved game with its players; flags override them', () => {
    const dir = tempDir('resume');
    const store = new GameStore(dir);
    const path = store.newPath();
    const s = new Session(xq, { players: ['human', 'human'], level: 3 });
    s.command('move h2e2 h9g7');
    writeAtomically(path, s.record());
    const r = prepareSession(opts({ resume: true }), store, computer);
    expect(r.session.history).toEqual(s.history);
    expect(r.session.players).toEqual(['human', 'human']);
    expect(r.session.level).toBe(3);
    expect(r.greeting).toEqual([`resumed the saved game ${GameStore.idOf(path)} (2 plies)`]);
    expect(r.target).toEqual({ path, id: GameStore.idOf(path), fresh: false });
    const o = prepareSession(opts({ resume: true, players: [undefined, 'computer'], level: 5 }), store, computer);
    expect(o.session.players).toEqual(['human', 'computer']);
    expect(o.session.level).toBe(5);
  });

  it('--resume without a saved game, or with a broken one, is exit 2 with the path', () => {
    const dir = tempDir('resume');
    const store = new GameStore(dir);
    const none = cliError(() => prepareSession(opts({ resume: true }), store, computer));
    expect(none.exitCode).toBe(2);
    expect(none.message).toBe(`there is no unfinished game to resume in ${dir}/games (chuhan games lists the saved games)`);
    const path = store.newPath();
    writeAtomically(path, '[Variant "xiangqi"]\n\n1. h2e2 h2e2 *\n');
    const bad = cliError(() => prepareSession(opts({ resume: GameStore.idOf(path) }), store, computer));
    expect(bad.exitCode).toBe(2);
    expect(bad.message).toMatch(/^the saved game .* cannot be resumed: move 2 \(line 3:9\)/);
  });
});

describe('start-up cost', () => {
  it('commands load ink and react only inside the play action', () => {
    const dir = resolve(dirname(fileURLToPath(import.meta.url)), '../src/cli');
    const files = [join(dir, 'main.ts'), ...readdirSync(join(dir, 'commands')).map((f) => join(dir, 'commands', f))];
    for (const f of files) {
      const src = readFileSync(f, 'utf8');
      const staticImports = [...src.matchAll(/^import\s[^;]*?from\s+['"]([^'"]+)['"]/gms)].map((m) => m[1]!);
      for (const i of staticImports) {
        expect(i, `${f} imports ${i}`).not.toMatch(/^(ink|react)|\/tui\/(App|Screen|run-play)\.js$/);
      }
    }
  });
});
