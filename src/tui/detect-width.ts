/**
 * Does the terminal draw East-Asian "ambiguous" characters (▲ ─ │ …) two columns wide? (CJK-locale
 * terminals often do; the unicode board then breaks and `--style wide` is the one to use.)
 *
 * Asked the only way a terminal tells: print one ambiguous character (▲) at the start of the line,
 * ask for the cursor position (`ESC [ 6 n`, answered `ESC [ row ; col R`) and see whether the cursor
 * moved one column or two; then erase the line. Only on a terminal (both stdin and stdout TTYs),
 * with a short timeout: null when it cannot be told. Keys typed before the answer (a player typing
 * while the program starts) are given back to stdin (`unshift`), in their order, for the board to
 * read: only the answer is taken.
 */

/** What the probe needs of stdin (a tty.ReadStream). */
export interface ProbeInput {
  readonly isTTY?: boolean;
  readonly isRaw?: boolean;
  setRawMode?(mode: boolean): unknown;
  on(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  off(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  resume(): unknown;
  pause(): unknown;
  /** Puts bytes back at the front of what is read next (stream.Readable's). */
  unshift?(chunk: Buffer | string): unknown;
}

/** What the probe needs of stdout (a tty.WriteStream). */
export interface ProbeOutput {
  readonly isTTY?: boolean;
  write(s: string): unknown;
}

/** The character printed: ▲ (U+25B2), East Asian Width "A", the board's own side marker. */
export const PROBE_CHAR = '\u25b2';

/** The terminal's answer to `ESC [ 6 n`: the cursor's row and column. */
const ANSWER = /\x1b\[(\d+);(\d+)R/;

export function ambiguousIsWide(input: ProbeInput, output: ProbeOutput, timeoutMs = 200): Promise<boolean | null> {
  if (!input.isTTY || !output.isTTY || typeof input.setRawMode !== 'function') return Promise.resolve(null);
  const wasRaw = !!input.isRaw;
  return new Promise((resolve) => {
    let buffer = '';
    let strings = false;
    let finished = false;
    const finish = (answer: boolean | null): void => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      input.off('data', onData);
      input.setRawMode!(wasRaw);
      input.pause();
      // everything but the answer was typed by the player: read again by whoever reads stdin next
      const typed = buffer.replace(ANSWER, '');
      if (typed !== '' && input.unshift) input.unshift(strings ? typed : Buffer.from(typed, 'latin1'));
      output.write('\r\x1b[2K');
      resolve(answer);
    };
    const onData = (chunk: Buffer | string): void => {
      if (typeof chunk === 'string') strings = true;
      buffer += typeof chunk === 'string' ? chunk : chunk.toString('latin1');
      const m = ANSWER.exec(buffer);
      if (m) finish(Number(m[2]) >= 3);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    input.setRawMode!(true);
    input.on('data', onData);
    input.resume();
    // the cursor is then at column 2 (one column wide) or 3 (two columns wide)
    output.write(`\r${PROBE_CHAR}\x1b[6n`);
  });
}
