/**
 * File access for the interactive front ends: save/load through `FileAccess`. The saved games of
 * `play` (one file each, written atomically) are in store.ts.
 */
import { closeSync, existsSync, openSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { quoteName } from '../core/text.js';
import { fileChunksSync } from './file-chunks.js';
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

/** Bytes read at a time by `readChunks`. */
const CHUNK = 1 << 16;

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
    readChunks(path) {
      const full = resolve(cwd, path);
      try {
        const st = statSync(full);
        if (st.isDirectory()) throw Object.assign(new Error('it is a directory'), { code: 'EISDIR' });
        // a device is streamed too (an endless one like /dev/zero is told from its head: no record)
        if (st.isFile()) closeSync(openSync(full, 'r'));
      } catch (e) {
        throw short(e);
      }
      return {
        *[Symbol.iterator]() {
          try {
            yield* fileChunksSync(full, CHUNK);
          } catch (e) {
            throw short(e);
          }
        },
      };
    },
    write(path, text) {
      const full = resolve(cwd, path);
      try {
        writeFileSync(full, text);
      } catch (e) {
        // a read-only folder (or file) named as such, not the bare errno words
        const code = (e as NodeJS.ErrnoException).code;
        if ((code === 'EACCES' || code === 'EPERM') && !existsSync(full)) throw new Error(`permission denied: the folder ${quoteName(dirname(full))} is read-only`);
        if (code === 'EROFS') throw new Error('the file system is read-only');
        throw short(e);
      }
    },
  };
}
