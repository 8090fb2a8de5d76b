/**
 * The CLI's I/O streams and its expected-failure error: a module of its own (no game code), so
 * `chuhan --help` and the start-up path load nothing they do not need.
 */

export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Is stdout a terminal (colour, interactive)? */
  readonly isTTY: boolean;
  readonly env: Record<string, string | undefined>;
}

export const processIo = (): Io => ({
  out: (t) => void process.stdout.write(t),
  err: (t) => void process.stderr.write(t),
  isTTY: Boolean(process.stdout.isTTY),
  env: process.env,
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
