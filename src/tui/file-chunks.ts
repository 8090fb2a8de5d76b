/**
 * The bytes of a file `chunk` bytes at a time, with plain synchronous reads (no stream machinery
 * for the one reader that consumes them). Errors (ENOENT, EISDIR, EIO) come at the first or a later
 * read, as a stream's do. Shared by the board's `load` (tui/files.ts) and the commands' inputs
 * (cli/record-files.ts); it imports nothing else, so a quick command loads only this.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

export function* fileChunksSync(path: string | Uint8Array, chunk: number): Generator<Uint8Array, void, undefined> {
  // a path's bytes (a name that is not UTF-8) may come as a plain Uint8Array (from a worker thread's message)
  const fd = openSync(typeof path === 'string' ? path : Buffer.from(path.buffer, path.byteOffset, path.byteLength), 'r');
  try {
    // a regular file is read up to its size: a small file in one buffer of its size (from Node's
    // pool) and one read, not a fresh `chunk`-byte buffer and a second read that finds its end
    let left = -1;
    try {
      const st = fstatSync(fd);
      if (st.isFile() && st.size > 0) left = st.size;
    } catch {
      // read as a stream: to the end
    }
    for (;;) {
      const size = left > 0 ? Math.min(chunk, left) : chunk;
      const buf = Buffer.allocUnsafe(size);
      const n = readSync(fd, buf, 0, size, null);
      if (n === 0) break;
      yield n < size ? buf.subarray(0, n) : buf;
      if (left > 0 && (left -= n) <= 0) break;
    }
  } finally {
    closeSync(fd);
  }
}
