/**
 * What the front ends (the command line and the boards) share: the process streams and the
 * expected failure they print as one sentence with an exit code (cli.md). Lives below src/cli so
 * the TUI does not import the command line; src/cli/context.ts re-exports both.
 */
export interface Io {
  out(text: string): void;
  /** Bytes to stdout (text in another encoding: `convert --encoding gbk`); absent: only text. */
  outBytes?(bytes: Uint8Array): void;
  err(text: string): void;
  /** Is stdout a terminal (colour, interactive)? */
  readonly isTTY: boolean;
  readonly env: Record<string, string | undefined>;
  /**
   * Waits until what `out` wrote has gone out (a closed pipe then ends the process with 141, as
   * src/cli/main.ts's guard does): for a last line on stderr that must not follow a broken stdout.
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
      process.stdout.write('', (e) => (e ? process.exit(141) : resolve()));
    }),
});

/** An expected failure: printed as one sentence on stderr, exit code 1 or 2 (cli.md). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 2,
  ) {
    super(message);
  }
}
