/** The ambiguous-width probe of `play` (src/tui/detect-width.ts) against scripted terminals. */
import { describe, expect, it } from 'vitest';
import { EventEmitter } from 'node:events';
import { ambiguousIsWide, PROBE_CHAR } from '../src/tui/detect-width.js';

/** A fake terminal: answers the cursor-position query with `answer` (or never, for null). */
function terminal(answer: string | null, tty = true) {
  const written: string[] = [];
  const raw: boolean[] = [];
  const input = Object.assign(new EventEmitter(), {
    isTTY: tty,
    isRaw: false,
    setRawMode(m: boolean) {
      raw.push(m);
      this.isRaw = m;
    },
    resume() {},
    pause() {},
    given: [] as Buffer[],
    unshift(chunk: Buffer) {
      this.given.unshift(chunk);
    },
  });
  const output = {
    isTTY: tty,
    write(s: string) {
      written.push(s);
      if (s.includes('\x1b[6n') && answer !== null) setTimeout(() => input.emit('data', Buffer.from(answer, 'latin1')), 5);
    },
  };
  return { input, output, written, raw };
}

describe('ambiguousIsWide', () => {
  it('column 3 after ▲: the terminal draws it two columns wide', async () => {
    const t = terminal('\x1b[7;3R');
    expect(await ambiguousIsWide(t.input, t.output)).toBe(true);
    expect(t.written[0]).toBe(`\r${PROBE_CHAR}\x1b[6n`);
    expect(t.written.at(-1)).toBe('\r\x1b[2K'); // the probe is erased
    expect(t.raw).toEqual([true, false]); // raw mode restored
    expect(t.input.listenerCount('data')).toBe(0);
  });

  it('column 2: one column wide (other bytes before the answer)', async () => {
    const t = terminal('x\x1b[12;2R');
    expect(await ambiguousIsWide(t.input, t.output)).toBe(false);
  });

  it('keys typed before and around the answer are given back to stdin, in order; the answer is not', async () => {
    // typed while the program started (in the line buffer), then the answer, then a key in the same chunk
    const t = terminal('h2e2\n\x1b[12;2R\xe7a');
    expect(await ambiguousIsWide(t.input, t.output)).toBe(false);
    expect(Buffer.concat(t.input.given)).toEqual(Buffer.from('h2e2\n\xe7a', 'latin1'));
    // nothing typed: nothing given back
    const quiet = terminal('\x1b[3;3R');
    await ambiguousIsWide(quiet.input, quiet.output);
    expect(quiet.input.given).toEqual([]);
  });

  it('no answer within the timeout: cannot tell', async () => {
    const t = terminal(null);
    // (a wait that never ended would fail on the test's timeout; no wall-clock bound, for loaded machines)
    expect(await ambiguousIsWide(t.input, t.output, 50)).toBeNull();
    expect(t.input.listenerCount('data')).toBe(0);
  });

  it('not a terminal: asks nothing', async () => {
    const t = terminal('\x1b[1;3R', false);
    expect(await ambiguousIsWide(t.input, t.output)).toBeNull();
    expect(t.written).toEqual([]);
  });
});
