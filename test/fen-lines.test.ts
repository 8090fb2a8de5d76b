/**
 * A chu SFEN (127 characters for the start position) is wider than a 120-column terminal: the
 * board shows it broken between ranks (each line but the last ending in `/`), never wrapped
 * inside a rank, and `fen` in play and in the repl takes it back pasted in those pieces.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { getGame } from '../src/games/registry.js';
import { breakFen } from '../src/tui/Screen.js';
import { fenGoesOn, initialUi, reduceKey } from '../src/tui/ui.js';
import { runRepl } from '../src/tui/repl.js';
import { Session } from '../src/tui/session.js';
import type { ComputerPlayer } from '../src/tui/computer.js';

const chu = getGame('chushogi');
const FEN = 'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 3';
const none: ComputerPlayer = { name: 'none', placeholder: true, choose: async () => null };

describe('a FEN wider than the terminal', () => {
  it('is broken between ranks at 120 and 80 columns, each line fitting, the pieces the FEN again', () => {
    expect(FEN.length).toBeGreaterThan(120);
    for (const columns of [120, 80, 40]) {
      const lines = breakFen(FEN, columns);
      expect(lines.length).toBeGreaterThan(1);
      for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(columns);
      for (const l of lines.slice(0, -1)) expect(l.endsWith('/'), l).toBe(true);
      expect(lines.join('')).toBe(FEN);
    }
    // a FEN that fits, and text that is not a FEN, are left as they are
    const xq = getGame('xiangqi').startFen;
    expect(breakFen(xq, 120)).toEqual([xq]);
    const words = 'a long sentence '.repeat(10).trim();
    expect(breakFen(words, 80)).toEqual([words]);
  });

  it('play: pasted back in those pieces (line breaks between), the prompt joins them into one fen command', () => {
    const s = new Session(chu, { players: ['human', 'human'] });
    const [a, b] = breakFen(FEN, 120);
    expect(fenGoesOn(`fen ${a}`)).toBe(true);
    expect(fenGoesOn(`fen ${FEN}`)).toBe(false);
    const pasted = reduceKey(s, initialUi(), `fen ${a}\n${b}\n`, {});
    expect(pasted.submit).toEqual([`fen ${FEN}`]);
    // typed: Enter after the first piece waits for the rest
    const first = reduceKey(s, { ...initialUi(), input: `fen ${a}` }, '\r', { return: true });
    expect(first.submit).toEqual([]);
    expect(first.ui.input).toBe(`fen ${a}`);
    expect(s.command(pasted.submit[0]!).ok).toBe(true);
    expect(chu.formatFen(s.pos)).toBe(FEN);
  });

  it('repl: fen …/ goes on in the next line', async () => {
    const session = new Session(chu, { players: ['human', 'human'] });
    const [a, ...rest] = breakFen(FEN, 80);
    let out = '';
    let err = '';
    const code = await runRepl({ session, computer: none, input: Readable.from([`fen ${a}\n`, ...rest.map((r) => r + '\n'), 'fen\n']), io: { out: (t) => void (out += t), err: (t) => void (err += t) } });
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out.trim().split('\n').at(-1)).toBe(FEN);
  });
});
