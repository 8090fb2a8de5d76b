/**
 * The bytes of a file `chunk` bytes at a time, with plain synchronous reads (no stream machinery
 * for the one reader that consumes them). Errors (ENOENT, EISDIR, EIO) come at the first or a later
 * read, as a stream's do. Shared by the board's `load` (tui/files.ts) and the commands' inputs
 * (cli/record-files.ts); it imports nothing else, so a quick command loads only this.
 */
import { closeSync, openSync, readSync } from 'node:fs';

export function* fileChunksSync(path: string, chunk: number): Generator<Uint8Array, void, undefined> {
  const fd = openSync(path, 'r');
  try {
    for (;;) {
      const buf = Buffer.allocUnsafe(chunk);
      const n = readSync(fd, buf, 0, chunk, null);
      if (n === 0) break;
      yield n < chunk ? buf.subarray(0, n) : buf;
    }
  } finally {
    closeSync(fd);
  }
}
