/**
 * File access for the interactive front ends: save/load through `FileAccess`. The saved games of
 * `play` (one file each, written atomically) are in store.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FileAccess } from './types.js';

export { writeAtomically } from './store.js';

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
    readBytes(path) {
      try {
        return readFileSync(resolve(cwd, path));
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
