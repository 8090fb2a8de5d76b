/**
 * Xiangqi repetition rulings (xiangqi.md "End of game"; seeds 000 and 003): hand-made move
 * sequences from FENs, every move checked against the legal-move generator, judged at the third
 * occurrence — perpetual check loses, perpetual chase of one same piece loses, mutual violations
 * and idle repetitions draw — plus the chase relation's exceptions one by one.
 */
import { describe, expect, it } from 'vitest';
import { formatResult, judgeRepetition, judgeRepetitionOnStack, REP_DRAW, REP_LOSS, REP_NONE, REP_WIN, resultScore } from '../src/core/history.js';
import type { Position } from '../src/core/position.js';
import { chaseRelation, xiangqiEndRules } from '../src/games/xiangqi/end.js';
import { xiangqi } from '../src/games/xiangqi/index.js';
import { parseXiangqiFen } from '../src/games/xiangqi/notation/fen.js';
import { loadCases, playCase } from './end-helpers.js';
import { formatProblem } from '../src/core/problem.js';

const CASES = loadCases('xiangqi');
const byName = (prefix: string) => {
  const c = CASES.find((x) => x.name.startsWith(prefix));
  if (!c) throw new Error(`no case ${prefix}`);
  return c;
};

describe('xiangqi endings from hand-made sequences', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const h = playCase('xiangqi', c.fen, c.moves);
      const r = h.result();
      expect(resultScore(r)).toBe(c.result);
      expect(r?.reason ?? null).toBe(c.reason);
      if (c.detail) expect(r?.detail).toBe(c.detail);
      // the game ends on the last move of each sequence, not before
      expect(r?.ply).toBe(h.plies);
    });
  }

  it('the game is not judged before the third occurrence', () => {
    const c = byName('direct chase');
    const moves = c.moves.split(' ');
    const h = playCase('xiangqi', c.fen, moves.slice(0, 7).join(' '));
    expect(h.result()).toBeNull();
    expect(h.occurrences()).toBe(2);
  });
});

describe('what each move of a judged cycle did (validate --explain)', () => {
  it('direct chase: every red move chases the black horse, black moves chase nothing', () => {
    const h = playCase('xiangqi', byName('direct chase').fen, byName('direct chase').moves);
    const e = h.explain()!;
    expect(e.occurrences).toEqual([0, 4, 8]);
    expect([e.from, e.to]).toEqual([1, 8]);
    expect(e.moves.map((m) => m.chases)).toEqual([
      ['black horse on c7 (by red cannon on c2)'],
      [],
      ['black horse on a8 (by red cannon on a2)'],
      [],
      ['black horse on c7 (by red cannon on c2)'],
      [],
      ['black horse on a8 (by red cannon on a2)'],
      [],
    ]);
  });

  it('discovered chase: the horse moves, the chariots it uncovers do the chasing', () => {
    const e = playCase('xiangqi', byName('discovered').fen, byName('discovered').moves).explain()!;
    expect(e.moves[0]!.chases).toEqual(['black horse on a7 (by red chariot on a0)']);
    expect(e.moves[2]!.chases).toEqual(['black horse on c8 (by red chariot on c0)']);
  });

  it('king-protected target: the new attacks are not chases', () => {
    const e = playCase('xiangqi', byName('target protected by its general').fen, byName('target protected by its general').moves).explain()!;
    expect(e.moves.every((m) => m.chases.length === 0 && !m.check)).toBe(true);
    const unprotected = playCase('xiangqi', byName('the same target without').fen, byName('the same target without').moves).explain()!;
    expect(unprotected.moves.filter((m) => m.side === 0).map((m) => m.chases)).toEqual([
      ['black horse on d9 (by red chariot on a9)'],
      ['black horse on d9 (by red chariot on d1)'],
      ['black horse on d9 (by red chariot on a9)'],
      ['black horse on d9 (by red chariot on d1)'],
    ]);
  });

  it('a pinned protector does not protect; unpinned it does', () => {
    const pinned = playCase('xiangqi', byName('fake protection').fen, byName('fake protection').moves).explain()!;
    expect(pinned.moves[0]!.chases).toEqual(['black horse on c7 (by red cannon on c2)']);
    const free = playCase('xiangqi', byName('the same protector unpinned').fen, byName('the same protector unpinned').moves).explain()!;
    expect(free.moves[0]!.chases).toEqual([]);
    expect(free.moves[2]!.chases).toEqual(['black horse on a8 (by red cannon on a2)']);
  });

  it('one check, one chase: the check moves chase nothing, so the chase is not perpetual', () => {
    const e = playCase('xiangqi', byName('one check').fen, byName('one check').moves).explain()!;
    const red = e.moves.filter((m) => m.side === 0);
    expect(red.map((m) => m.check)).toEqual([true, false, true, false]);
    expect(red.map((m) => m.chases.length)).toEqual([0, 1, 0, 1]);
  });

  it('the move that made the first occurrence is judged with the last mover\'s moves', () => {
    const c = byName('the move that made the first occurrence');
    const e = playCase('xiangqi', c.fen, c.moves).explain()!;
    expect(e.occurrences).toEqual([1, 5, 9]);
    expect(e.moves[0]).toMatchObject({ ply: 1, side: 1, entry: true, chases: [] });
    expect(e.moves.filter((m) => m.side === 1 && !m.entry).every((m) => m.chases.length === 1)).toBe(true);
  });

  it('the chariot exception: a protected chariot chased by a horse; black\'s counter-attack is not perpetual', () => {
    const e = playCase('xiangqi', byName('a protected chariot').fen, byName('a protected chariot').moves).explain()!;
    expect(e.moves[0]!.chases).toEqual(['black chariot on e4 (by red horse on d6)']);
    // black's chariot attacks the red horse on every other move only
    expect(e.moves.filter((m) => m.side === 1).map((m) => m.chases.length)).toEqual([0, 1, 0, 1]);
  });
});

/** The chase relation of `side` in a position, as "attacker>victim" square pairs (ICCS). */
function relation(fen: string, side: 0 | 1): string[] {
  const r = parseXiangqiFen(fen);
  if (!r.ok) throw new Error(formatProblem(r.error));
  const pos = r.value;
  const ids = new Int8Array(90).fill(-1);
  const sq = (s: number) => String.fromCharCode(97 + (s % 9)) + ((s / 9) | 0);
  const bySide: number[][] = [[], []];
  for (let s = 0; s < 90; s++) if (pos.board[s]) ids[s] = bySide[pos.board[s]! & 1]!.push(s) - 1;
  const out = new Uint16Array(16);
  const hash = [pos.hashLo, pos.hashHi, pos.turn];
  chaseRelation(pos, side, ids, out);
  expect([pos.hashLo, pos.hashHi, pos.turn]).toEqual(hash); // left as found
  const pairs: string[] = [];
  out.forEach((mask, a) => {
    for (let v = 0; v < 16; v++) if (mask & (1 << v)) pairs.push(`${sq(bySide[side]![a]!)}>${sq(bySide[side ^ 1]![v]!)}`);
  });
  return pairs.sort();
}

describe('the chase relation, exception by exception', () => {
  it('an unprotected piece attacked by a chariot is chased; protected it is not', () => {
    expect(relation('3k5/9/9/9/2n6/9/9/9/9/2R1K4 w - - 0 1', 0)).toEqual(['c0>c5']);
    expect(relation('3k5/9/9/2r6/2n6/9/9/9/9/2R1K4 w - - 0 1', 0)).toEqual([]);
  });

  it('an elephant or advisor attacking a chariot, cannon or horse always chases, protected or not', () => {
    // red elephant on e2 attacks the black horse on c4, which the black chariot on c3 protects
    expect(relation('3k5/9/9/9/9/2n6/2r6/4B4/9/4K4 w - - 0 1', 0)).toEqual(['e2>c4']);
  });

  it('a horse or cannon attacking a chariot always chases; a chariot attacking a protected cannon does not', () => {
    // the black chariot on c4 is protected by the one on c5
    expect(relation('3k5/9/9/9/2r6/2r6/9/1N7/9/4K4 w - - 0 1', 0)).toEqual(['b2>c4']);
    expect(relation('3k5/9/9/9/2r6/2c6/9/9/9/2R1K4 w - - 0 1', 0)).toEqual([]);
  });

  it('offering an equal exchange is not a chase, unless the target cannot take back', () => {
    // chariots facing each other on the c-file: each may take the other
    expect(relation('3k5/9/9/9/2r6/9/9/9/9/2R1K4 w - - 0 1', 0)).toEqual([]);
    // the black chariot is pinned on the d-file against its general: it cannot take back
    expect(relation('3k5/9/9/9/1R1r5/9/9/9/9/3RK4 w - - 0 1', 0)).toEqual(['b5>d5']);
  });

  it('soldiers and generals never chase; soldiers on their own side are never chased', () => {
    expect(relation('3k5/9/9/2p6/2P6/9/9/9/9/4K4 w - - 0 1', 0)).toEqual([]);
    // a red chariot attacks an uncrossed black soldier (c6): no chase; a crossed one (c4): chase
    expect(relation('3k5/9/9/2p6/9/9/9/9/9/2R1K4 w - - 0 1', 0)).toEqual([]);
    expect(relation('3k5/9/9/9/9/2p6/9/9/9/2R1K4 w - - 0 1', 0)).toEqual(['c0>c4']);
  });

  it('a pinned attacker does not attack', () => {
    // the red chariot on e3 is pinned against its general by the black chariot on e8: it cannot take
    // the horse on g3 (and taking the chariot on e8 is an offered exchange)
    expect(relation('3k5/4r4/9/9/9/9/4R1n2/9/9/4K4 w - - 0 1', 0)).toEqual([]);
    expect(relation('3k5/9/9/9/9/9/4R1n2/9/9/4K4 w - - 0 1', 0)).toEqual(['e3>g3']);
  });
});

describe('repetition verdicts for a search', () => {
  it('judgeRepetition: a two-fold inside the line, from the side to move', () => {
    const c = byName('perpetual check by a soldier');
    const moves = c.moves.split(' ');
    // four plies: the start position occurs a second time, red to move
    const h = playCase('xiangqi', c.fen, moves.slice(0, 4).join(' '));
    expect(h.position.turn).toBe(0);
    // red checked with every move of the cycle: a loss for red, the side to move
    expect(judgeRepetition(h, 2)).toBe(REP_LOSS);
    expect(judgeRepetition(h)).toBe(REP_NONE); // not yet the third occurrence
    h.push(h.moveAt(1)); // red checks again: now black to move, the red check position repeats
    expect(judgeRepetition(h, 2)).toBe(REP_WIN);
    h.pop();
    const idle = playCase('xiangqi', byName('idle repetition').fen, 'h0g2 h9g7 g2h0 g7h9');
    expect(judgeRepetition(idle, 2)).toBe(REP_DRAW);
  });

  it('judgeRepetitionOnStack works on any position whose undo stack holds the cycle', () => {
    const c = byName('direct chase');
    const r = parseXiangqiFen(c.fen);
    if (!r.ok) throw new Error(formatProblem(r.error));
    const pos: Position = r.value;
    const h = playCase('xiangqi', c.fen, c.moves);
    for (let k = 1; k <= 4; k++) pos.play(h.moveAt(k));
    const before = [pos.hashLo, pos.hashHi, pos.sp];
    // red, the side to move, chased with every move of the cycle: a loss for it
    expect(pos.turn).toBe(0);
    expect(judgeRepetitionOnStack(xiangqiEndRules, pos, 4)).toBe(REP_LOSS);
    expect([pos.hashLo, pos.hashHi, pos.sp]).toEqual(before);
    expect(xiangqi.inCheck(pos)).toBe(false);
    expect(formatResult(h.result())).toMatch(/^0-1 perpetual chase/);
  });
});
