/** Issue 16 meeting main: the Rules tag through save/load (and --dialect), the JCSA rules in XBoard's FEN and over USI. */
import { describe, expect, it } from 'vitest';
import { CHU_GAME } from '../src/games/chushogi/game.js';
import { parseChuFen } from '../src/games/chushogi/xboard.js';
import { inlineThinker } from '../src/protocol/thinker.js';
import { UciSession } from '../src/protocol/uci.js';
import { readRecord, writeRecord } from '../src/tui/record.js';

const JCSA = CHU_GAME.withRules!('jcsa')!;
const LANCE = 'k11/11L/12/12/12/12/12/12/12/12/12/K11 b - 1';

describe('the Rules tag survives save and load', () => {
  it('a JCSA game is written with [Rules "jcsa"] and read back under the JCSA rules', () => {
    const w = writeRecord({ game: JCSA, startFen: JCSA.startFen, moves: [], outcome: null });
    expect(w.ok).toBe(true);
    if (!w.ok) return;
    expect(w.value).toContain('[Rules "jcsa"]');
    const back = readRecord(w.value);
    expect(back.ok && back.value.game.rules).toBe('jcsa');
    // written again (load, then save): one Rules tag, not two
    if (!back.ok) return;
    const again = writeRecord(back.value);
    expect(again.ok && again.value.match(/\[Rules /g)?.length).toBe(1);
    const xb = writeRecord(back.value, 'xboard');
    expect(xb.ok && xb.value).toContain('[Rules "jcsa"]');
  });

  it('lishogi (the default) writes no Rules tag; an unknown one is refused on load', () => {
    const w = writeRecord({ game: CHU_GAME, startFen: CHU_GAME.startFen, moves: [], outcome: null });
    expect(w.ok && w.value).not.toContain('[Rules');
    const bad = readRecord('[Variant "chushogi"]\n[Rules "nope"]\n\n*\n');
    expect(bad).toEqual({ ok: false, error: 'Rules tag: unknown rules "nope" (use lishogi or jcsa)' });
  });
});

describe('JCSA positions in XBoard FEN and over USI', () => {
  it("XBoard's FEN under JCSA carries the JCSA variant; a mate problem is seen with Gote to move", () => {
    const r = parseChuFen('k11/11L/12/12/12/12/12/12/12/12/12/K11 w - 0 1', true, true);
    expect(r.ok && r.value.variant.ruleKey).toBe('jcsa');
    // Gote (XBoard's b) to move with pieces but no royal, Sente with a king: a mate problem
    const t = parseChuFen('12/11g/12/12/12/12/12/12/12/12/12/K11 b - 0 1', true, false);
    expect(t.ok && t.value.variant.ruleKey).toBe('problem');
  });

  it('usi with the JCSA game: the lance may not promote on the last rank', () => {
    const lines: string[] = [];
    for (const [game, expected] of [
      [JCSA.xboard, false],
      [CHU_GAME.xboard, true],
    ] as const) {
      lines.length = 0;
      const s = new UciSession({ dialect: 'usi', thinker: inlineThinker(), write: (l) => lines.push(l), game });
      s.feed(`position sfen ${LANCE} moves 1b1a+`);
      expect(lines.some((l) => l.startsWith('info string bad move 1b1a+'))).toBe(!expected);
    }
  });
});
