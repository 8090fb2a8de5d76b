/**
 * What the front ends (the command line and the boards) share: the process streams and the
 * expected failure they print as one sentence with an exit code (cli.md). Lives below src/cli so
 * the TUI does not import the command line; src/cli/context.ts re-exports both.
 */
import { writeSync } from 'node:fs';
import { escapeControls } from '../core/text.js';

export interface Io {
  out(text: string): void;
  /** Bytes to stdout (text in another encoding: `convert --encoding gbk`); absent: only text. */
  outBytes?(bytes: Uint8Array): void;
  err(text: string): void;
  /** Is stdout a terminal (colour, interactive)? */
  readonly isTTY: boolean;
  readonly env: Record<string, string | undefined>;
  /**
   * Waits until what `out` wrote has gone out (a closed pipe then ends the process with 141, another
   * write error with its sentence and 2, as src/cli/failure.ts's guard does): for a last line on stderr that must not follow a broken stdout.
   */
  drained?(): Promise<void>;
}

export const processIo = (): Io => ({
  out: (t) => void process.stdout.write(t),
  outBytes: (b) => void process.stdout.write(b),
  err: (t) => void process.stderr.write(t),
  isTTY: Boolean(process.stdout.isTTY),
  env: process.env,
  drained: () =>
    new Promise<void>((resolve) => {
      process.stdout.write('', (e) => (e ? endOnWriteError(e, 'output') : resolve()));
    }),
});

/** The exit code when the reader of stdout (or stderr) goes away: 128 + SIGPIPE, as a shell reports a C tool killed by it. */
export const EXIT_PIPE = 141;

/** The exit code of any other failure to write the output (a full disk, an I/O error): as for unreadable input (cli.md: 2). */
export const EXIT_WRITE = 2;

/** The words for the errors a write to a file or device gives (also bin/chuhan.js's, through dist/bundle/version.cjs). */
export const WRITE_REASONS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space is left on the device',
  EDQUOT: 'the disk quota is used up',
  EIO: 'an input/output error on the device',
  EBADF: 'it is not open for writing',
  EFBIG: 'the file is too large',
  EROFS: 'it is on a read-only file system',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
};

/**
 * Why writing `stream` failed, as one sentence (`cannot write the output: no space is left on the
 * device (ENOSPC)`), or null for a closed pipe (EPIPE: the reader went away, nothing to say).
 */
export function writeFailure(e: unknown, stream: 'output' | 'error output'): string | null {
  const code = (e as NodeJS.ErrnoException | null)?.code ?? '';
  if (code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED') return null;
  const reason = WRITE_REASONS[code] ?? (e instanceof Error ? escapeControls(e.message).slice(0, 120) : 'an unknown error');
  return `cannot write the ${stream}: ${reason}${code && WRITE_REASONS[code] ? ` (${code})` : ''}`;
}

/**
 * Ends the process after a failure to write: quietly with 141 for a closed pipe; else the
 * sentence on stderr (written synchronously, when stderr is not the stream that failed) and 2.
 */
export function endOnWriteError(e: unknown, stream: 'output' | 'error output', exit: (code: number) => never = (c) => process.exit(c)): never {
  const sentence = writeFailure(e, stream);
  if (sentence === null) return exit(EXIT_PIPE);
  if (stream === 'output') {
    try {
      writeSync(2, `chuhan: ${sentence}\n`);
    } catch {
      // stderr is gone too: the exit code says it
    }
  }
  return exit(EXIT_WRITE);
}

/** An expected failure: printed as one sentence on stderr, exit code 1 or 2 (cli.md). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 2,
  ) {
    super(message);
  }
}
