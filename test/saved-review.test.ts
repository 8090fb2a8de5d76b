/**
 * Issue 43 (4): a record opened with `load` is never saved as the user's own game unless a move is
 * played in it; each game of a session keeps its own file (new, fen and load never overwrite the
 * game saved before).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Io } from '../src/cli/context.js';
import { getGame } from '../src/games/registry.js';
import { placeholderPlayer } from '../src/tui/computer.js';
import { gameSaver, prepareSession, type PlayOptions } from '../src/tui/run-play.js';
import { GameStore } from '../src/tui/store.js';
import { removeTempDirs, tempDir } from './helpers/tmp.js';

const xq = getGame('xiangqi');
const computer = placeholderPlayer(1);
const io: Io = { out: () => undefined, err: () => undefined, isTTY: false, env: {} };
const opts = (o: Partial<PlayOptions> = {}): PlayOptions => ({ game: xq, players: ['human', 'human'], resume: false, color: false, style: 'unicode', io, ...o });
afterAll(removeTempDirs);

/** A master game of 6 plies, with its own tags, in a file of its own. */
function masterFile(): string {
  const path = join(tempDir('master'), 'master.pgn');
  writeFileSync(path, '[Event "Masters"]\n[Red "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 1-0\n');
  return path;
}

/** A `play` session on a new store: the App's autosave after every command that changed the game. */
function start() {
  const store = new GameStore(tempDir('games'));
  const p = prepareSession(opts(), store, computer);
  const saver = gameSaver(store, p.target);
  saver.save(p.session);
  const run = (...lines: string[]): void => {
    for (const line of lines) {
      const before = p.session.version;
      const r = p.session.command(line);
      expect(r.err).toEqual([]);
      if (p.session.version !== before) saver.save(p.session);
    }
  };
  const files = (): string[] => readdirSync(store.gamesDir).filter((f) => f.endsWith('.pgn')).sort();
  return { ...p, store, saver, run, files };
}

describe('a loaded record is not the user\'s game until a move is played', () => {
  it('load, step back, quit: nothing is saved (no truncated copy of the master game)', () => {
    const g = start();
    g.run(`load ${masterFile()}`, 'undo 3');
    expect(g.session.loadedRecord).toBe(true);
    expect(g.saver.finish(g.session)).toBe('empty');
    expect(g.files()).toEqual([]);
  });

  it('a game played before the load stays saved as it was; the loaded one is not written', () => {
    const g = start();
    g.run('c3c4', 'c6c5');
    const mine = readFileSync(g.target.path, 'utf8');
    g.run(`load ${masterFile()}`, 'undo 4', 'redo', 'undo 2');
    expect(readFileSync(g.target.path, 'utf8')).toBe(mine);
    expect(g.saver.finish(g.session)).toBeNull();
    expect(g.saver.target.path).toBe(g.target.path);
    expect(readFileSync(g.target.path, 'utf8')).toBe(mine);
    expect(g.files()).toHaveLength(1);
  });

  it('a move played in the loaded game makes it the user\'s: saved in a new file, the earlier game kept', () => {
    const g = start();
    g.run('c3c4');
    const mine = readFileSync(g.target.path, 'utf8');
    g.run(`load ${masterFile()}`, 'undo 4', 'b0c2');
    expect(g.session.loadedRecord).toBe(false);
    expect(g.saver.target.path).not.toBe(g.target.path);
    expect(readFileSync(g.target.path, 'utf8')).toBe(mine);
    const branch = readFileSync(g.saver.target.path, 'utf8');
    expect(branch).toMatch(/1\. h2e2 h9g7 2\. b0c2 \*/);
    expect(branch).toContain('[Event "Masters"]');
    expect(g.saver.finish(g.session)).toBeNull();
    expect(g.files()).toHaveLength(2);
    g.saver.release();
  });

  it('the first game of a session with nothing played: the loaded game with a move takes its file', () => {
    const g = start();
    g.run(`load ${masterFile()}`, 'undo', 'b7b0');
    expect(g.saver.target.path).toBe(g.target.path);
    expect(g.saver.finish(g.session)).toBeNull();
    expect(g.files()).toEqual([g.target.path.split('/').pop()]);
  });

  it('new after a played game: the played game is kept, an empty new game leaves no file, a move in it starts one', () => {
    const g = start();
    g.run('h2e2');
    const mine = readFileSync(g.target.path, 'utf8');
    g.run('new');
    expect(readFileSync(g.target.path, 'utf8')).toBe(mine);
    expect(g.files()).toHaveLength(1);
    g.run('b2e2');
    expect(g.files()).toHaveLength(2);
    expect(readFileSync(g.saver.target.path, 'utf8')).toMatch(/1\. b2e2 \*/);
    expect(readFileSync(g.target.path, 'utf8')).toBe(mine);
    expect(existsSync(g.store.lockPath(g.saver.target.path))).toBe(true);
    g.saver.release();
    expect(existsSync(g.store.lockPath(g.saver.target.path))).toBe(false);
  });
});
