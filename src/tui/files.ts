/**
 * File access for the interactive front ends: save/load through `FileAccess`, and the autosave of
 * the game in progress (`$CHUHAN_HOME/autosave.pgn`, else `$XDG_STATE_HOME/chuhan/autosave.pgn`,
 * else `~/.local/state/chuhan/autosave.pgn`), written atomically (temp file + rename) so a crash
 * mid-write never leaves a torn record.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { FileAccess } from './types.js';

export function autosavePath(env: Record<string, string | undefined>): string {
  if (env.CHUHAN_HOME) return resolve(env.CHUHAN_HOME, 'autosave.pgn');
  const base = env.XDG_STATE_HOME || join(env.HOME || homedir(), '.local', 'state');
  return resolve(base, 'chuhan', 'autosave.pgn');
}

/** Writes `text` to `path` via a temp file and a rename (creating the directory). */
export function writeAtomically(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

/** The text of a file, or null when it does not exist. Other errors throw. */
export function readIfExists(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/** Files relative to `cwd` (the user's directory), errors as short messages. */
export function nodeFiles(cwd: string = process.cwd()): FileAccess {
  const short = (e: unknown): Error => {
    const err = e as NodeJS.ErrnoException;
    const why: Record<string, string> = {
      ENOENT: 'no such file or directory',
      EACCES: 'permission denied',
      EISDIR: 'it is a directory',
      ENOTDIR: 'a parent is not a directory',
    };
    return new Error((err.code && why[err.code]) || err.message || String(e));
  };
  return {
    read(path) {
      try {
        return readFileSync(resolve(cwd, path), 'utf8');
      } catch (e) {
        throw short(e);
      }
    },
    write(path, text) {
      try {
        writeFileSync(resolve(cwd, path), text);
      } catch (e) {
        throw short(e);
      }
    },
  };
}
