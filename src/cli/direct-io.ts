/**
 * The quick paths' I/O (quick.ts, quick-validate.ts): output written straight to file descriptors
 * 1 and 2 (fs.writeSync), as Node's own stdout does for files and pipes, without creating Node's
 * stdout stream, whose modules cost a `moves` a noticeable part of its start-up. A closed pipe
 * ends the program quietly with 141, another failure to write in one sentence and 2, as
 * failure.ts guardPipes; a descriptor that would block (non-blocking, full: a pipe a parent left so)
 * gets that write and the rest through Node's stream.
 */
import { writeSync } from 'node:fs';
import { endOnWriteError, type Io } from '../tui/io.js';
import { guardPipes } from './failure.js';

export function directIo(): Io {
  const viaStream = [false, false, false];
  const write = (fd: 1 | 2, data: string | Uint8Array): void => {
    const stream = fd === 1 ? 'output' : 'error output';
    if (viaStream[fd]) {
      (fd === 1 ? process.stdout : process.stderr).write(data);
      return;
    }
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    let at = 0;
    try {
      while (at < bytes.length) at += writeSync(fd, bytes, at);
    } catch (e) {
      if ((e as NodeJS.ErrnoException | null)?.code !== 'EAGAIN') endOnWriteError(e, stream);
      viaStream[fd] = true;
      guardPipes();
      (fd === 1 ? process.stdout : process.stderr).write(bytes.subarray(at));
    }
  };
  return {
    out: (t) => write(1, t),
    outBytes: (b) => write(1, b),
    err: (t) => write(2, t),
    // read only by what needs it (colours): it creates Node's stdout stream
    get isTTY() {
      return Boolean(process.stdout.isTTY);
    },
    env: process.env,
    // the writes above are done when they return; a stream's, when it has written everything
    drained: () =>
      viaStream[1]
        ? new Promise<void>((resolve) => {
            process.stdout.write('', (e) => (e ? endOnWriteError(e, 'output') : resolve()));
          })
        : Promise.resolve(),
  };
}
