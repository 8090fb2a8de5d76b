/** Moves as users type them (play, repl, show --moves): board coordinates, move numbers, annotations. */
import { describe, expect, it } from 'vitest';
import { getGame } from '../src/games/registry.js';
import { typedMoveWords, withoutCheckMark } from '../src/notation/typed.js';
import { Session } from '../src/tui/session.js';
import { runCli } from './helpers/cli.js';

const XQ = getGame('xiangqi');
const CHU = getGame('chushogi');

describe('typed coordinates mean what the board shows', () => {
  it('show --moves a1a3 is an error naming a1a3 (exit 1); --notation uci reads it as a0a2', async () => {
    const bad = await runCli(['show', '--moves', 'a1a3']);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('"a1a3": there is no piece on a1');
    expect(bad.stderr).toContain('it would be a0a2');
    expect(bad.stderr.split('\n')).toHaveLength(2);
    const uci = await runCli(['show', '--moves', 'a1a3', '--notation', 'uci']);
    expect(uci.code).toBe(0);
    const iccs = await runCli(['show', '--moves', 'a0a2', '--notation', 'iccs']);
    expect(uci.stdout.split('\n').at(-2)).toBe(iccs.stdout.split('\n').at(-2)); // same FEN
    expect(uci.stdout).toContain('fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/RC5C1/9/1NBAKABNR b');
  });

  it('e4e5 is not e3e4; a UCI-only text (b3b10) is refused unless notation uci', async () => {
    const s = new Session(XQ);
    const r = s.command('e4e5');
    expect(r.ok).toBe(false);
    expect(r.err[0]).toMatch(/"e4e5": there is no piece on e4 .*e3e4/);
    expect(s.history).toHaveLength(0);
    const r10 = s.command('b3b10');
    expect(r10.ok).toBe(false);
    expect(r10.err[0]).toContain('"b3b10": not an ICCS move');
    expect(s.command('notation uci').ok).toBe(true);
    expect(s.command('e4e5').ok).toBe(true);
    expect(s.command('b10c8').ok).toBe(true); // black horse b9c7 in ICCS
    expect(s.moveTexts()).toEqual(['e4e5', 'b10c8']);
  });

  it('validate still detects the numbering per game', async () => {
    const { writeFileSync, mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'chuhan-typed-'));
    try {
      const f = join(dir, 'g.txt');
      writeFileSync(f, 'h3e3 h10g8 b1c3\n');
      const v = await runCli(['validate', f]);
      expect(v.code).toBe(0);
      expect(v.stdout).toContain('ok, 3 plies');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('move numbers and annotations', () => {
  it('typedMoveWords drops numbers and glyphs, keeps the WXF index form', () => {
    expect(typedMoveWords('1. h2e2 1... h9g7 2.C2.5! 2…H8+7?! 15.6 $1 e3e4$14')).toEqual(['h2e2', 'h9g7', 'C2.5', 'H8+7', '15.6', 'e3e4']);
    expect(typedMoveWords('1.')).toEqual([]);
  });

  it('check marks go only where the notation has no such suffix', () => {
    expect(withoutCheckMark(XQ, 'h2e2+')).toBe('h2e2');
    expect(withoutCheckMark(XQ, 'h2e2#')).toBe('h2e2');
    expect(withoutCheckMark(CHU, '7i7h+')).toBe('7i7h+'); // chu: + is promotion
    expect(withoutCheckMark(CHU, 'P-7h+')).toBe('P-7h+');
    expect(withoutCheckMark(CHU, '7i7h#')).toBe('7i7h');
  });

  it('play/repl and show accept them', async () => {
    const s = new Session(XQ);
    const r = s.command('1. h2e2 1... h9g7 2. H2+3!? 2... C2.5+');
    expect(r.ok, r.err.join()).toBe(true);
    expect(s.history).toHaveLength(4);
    expect(s.command('move 3. R1.2?').ok).toBe(true);
    const c = new Session(CHU);
    expect(c.command('1. 7i7h?! 1... 6d6e!').ok).toBe(true);
    expect(c.history).toHaveLength(2);
    const sh = await runCli(['show', '--moves', '1. h2e2! 1... h9g7?! 2. H8+7']);
    expect(sh.code, sh.stderr).toBe(0);
    expect(sh.stdout).toContain('last move');
  });
});

describe('go <time>', () => {
  it('a bare number is milliseconds (UCI movetime); units s and ms; junk refused with the units', () => {
    const s = new Session(XQ);
    for (const [arg, ms] of [['500', 500], ['500ms', 500], ['2s', 2000], ['1.5s', 1500]] as const) {
      const r = s.command(`go ${arg}`);
      expect(r.think).toBe(true);
      expect(s.thinkRequest().timeMs).toBe(ms);
    }
    const bad = s.command('go soon');
    expect(bad.ok).toBe(false);
    expect(bad.err[0]).toContain('milliseconds');
  });
});
