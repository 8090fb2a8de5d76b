/**
 * The game history (core/history.ts): hashes, irreversible moves clearing the repetition history,
 * undo, reuse, growth, lazy flags, warnings; chu shogi's fourfold repetition with the
 * attacking-side-loses rule and the other chu endings from hand-made sequences.
 */
import { describe, expect, it } from 'vitest';
import { FLAG_ATTACK, FLAG_CHECK, GameHistory, formatExplanation, resultScore } from '../src/core/history.js';
import { moveFrom } from '../src/core/move.js';
import { legalMoves } from '../src/core/perft.js';
import { chushogiEndRules } from '../src/games/chushogi/end.js';
import { xiangqiEndRules } from '../src/games/xiangqi/end.js';
import { parseXiangqiFen } from '../src/games/xiangqi/notation/fen.js';
import { getGame } from '../src/games/registry.js';
import { loadCases, playCase } from './end-helpers.js';
import { formatProblem } from '../src/core/problem.js';

const XQ_START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
const SHUFFLE = 'h0g2 h9g7 g2h0 g7h9';

describe('chu shogi endings from hand-made sequences', () => {
  for (const c of loadCases('chushogi')) {
    it(c.name, () => {
      const h = playCase('chushogi', c.fen, c.moves);
      const r = h.result();
      expect(resultScore(r)).toBe(c.result);
      expect(r?.reason ?? null).toBe(c.reason);
      if (c.detail) expect(r?.detail).toBe(c.detail);
      if (r) expect(r.ply).toBe(h.plies);
    });
  }

  it('a perpetual check is judged at the 4th occurrence, not the 3rd', () => {
    const c = loadCases('chushogi')[0]!;
    const moves = c.moves.split(' ');
    const h = playCase('chushogi', c.fen, moves.slice(0, 11).join(' '));
    expect(h.result()).toBeNull();
    expect(h.occurrences()).toBe(3);
    const w = h.warning();
    expect(w?.side).toBe(0);
    expect(w?.ruling).toBe('perpetual check');
    expect(w?.message).toMatch(/^sente: this position has occurred 3 times; 6 checks in a row with 1 piece; repeating it once more loses by perpetual check$/);
  });

  it('every move of the checker is a check and attacking; the escapes are neither', () => {
    const c = loadCases('chushogi')[0]!;
    const e = playCase('chushogi', c.fen, c.moves).explain()!;
    expect(e.occurrences).toEqual([0, 4, 8, 12]);
    expect(e.moves.map((m) => (m.check ? 'C' : m.attack ? 'A' : '-')).join('')).toBe('C-C-C-C-C-C-');
  });

  it('a promotion, a pawn move or a capture clears the history', () => {
    const game = getGame('chushogi');
    const start = game.parseFen('5sg4k/12/10R1/12/12/12/12/12/12/12/P11/K11 b - 1');
    if (!start.ok) throw new Error(formatProblem(start.error));
    const h = new GameHistory(chushogiEndRules, start.value);
    const play = (t: string) => {
      const m = game.parseMove(h.position, t);
      if (!m.ok) throw new Error(formatProblem(m.error));
      h.play(m.value);
    };
    play('12l11l');
    play('1a2a');
    expect(h.sinceAt(h.plies)).toBe(0);
    play('12k12j'); // a pawn move
    expect(h.sinceAt(h.plies)).toBe(3);
    play('2a1a');
    play('2c2a'); // the rook takes nothing yet: a quiet move keeps the history
    expect(h.sinceAt(h.plies)).toBe(3);
    play('1a1b');
    play('2a6a'); // takes the gold
    expect(h.sinceAt(h.plies)).toBe(7);
    play('7a7b');
    play('11l10l');
    play('7b8a');
    expect(h.sinceAt(h.plies)).toBe(7);
    // a promotion (the rook enters the zone from outside and promotes)
    const p2 = game.parseFen('6g4k/12/12/12/12/10R1/12/12/12/12/12/K11 b - 1');
    if (!p2.ok) throw new Error(formatProblem(p2.error));
    const h2 = new GameHistory(chushogiEndRules, p2.value);
    const pm = game.parseMove(h2.position, '2f2d+');
    if (!pm.ok) throw new Error(formatProblem(pm.error));
    h2.play(pm.value);
    expect(h2.sinceAt(1)).toBe(1);
  });
});

describe('the game history', () => {
  it('counts occurrences of the current position since the last capture', () => {
    const h = playCase('xiangqi', XQ_START, SHUFFLE);
    expect(h.occurrences()).toBe(2);
    expect(h.occurrencePlies()).toEqual([0, 4]);
    expect(h.result()).toBeNull();
  });

  it('a capture clears the repetition history (positions before it cannot count)', () => {
    // a shuffle, a capture, then the same shuffle: no position occurs three times after the capture
    const h = playCase('xiangqi', '3k5/9/9/9/4p4/4P4/9/9/9/R3K4 w - - 0 1', 'a0a1 d9d8 a1a0 d8d9 e4e5 d9d8 a0a1 d8d9 a1a0 d9d8');
    expect(h.sinceAt(h.plies)).toBe(5);
    expect(h.result()).toBeNull();
  });

  it('undo forgets an ending reached later; a replayed move reaches it again', () => {
    const c = loadCases('xiangqi').find((x) => x.name.startsWith('direct chase'))!;
    const h = playCase('xiangqi', c.fen, c.moves);
    expect(h.result()?.reason).toBe('perpetual chase');
    const last = h.moveAt(h.plies);
    h.undo();
    expect(h.result()).toBeNull();
    expect(h.explain()).toBeNull();
    h.play(last);
    expect(h.result()?.reason).toBe('perpetual chase');
  });

  it('moves after the end are kept but do not change the result', () => {
    const c = loadCases('xiangqi').find((x) => x.name.startsWith('perpetual check'))!;
    const h = playCase('xiangqi', c.fen, `${c.moves} d7e7`);
    expect(h.plies).toBe(9);
    expect(h.result()).toMatchObject({ reason: 'perpetual check', winner: 1, ply: 8 });
  });

  it('record + finish (replay of records) judges like play', () => {
    for (const c of loadCases('xiangqi')) {
      const played = playCase('xiangqi', c.fen, c.moves);
      const p = parseXiangqiFen(c.fen);
      if (!p.ok) throw new Error(formatProblem(p.error));
      const h = new GameHistory(xiangqiEndRules, p.value);
      for (const m of played.moveList()) h.record(m);
      expect(h.finish(), c.name).toEqual(played.result());
    }
  });

  it('reset reuses the history for another game', () => {
    const p = parseXiangqiFen(XQ_START);
    if (!p.ok) throw new Error(formatProblem(p.error));
    const h = playCase('xiangqi', XQ_START, `${SHUFFLE} ${SHUFFLE}`);
    expect(h.result()?.reason).toBe('repetition');
    h.reset(p.value);
    expect([h.plies, h.result(), h.position.hashLo]).toEqual([0, null, p.value.hashLo]);
  });

  it('grows past its capacity and keeps every move undoable', () => {
    const p = parseXiangqiFen(XQ_START);
    if (!p.ok) throw new Error(formatProblem(p.error));
    const h = new GameHistory(xiangqiEndRules, p.value, 64);
    const moves = SHUFFLE.split(' ');
    const game = getGame('xiangqi');
    for (let i = 0; i < 300; i++) {
      const r = game.parseMove(h.position, moves[i % 4]!);
      if (!r.ok) throw new Error(formatProblem(r.error));
      h.record(r.value);
    }
    expect(h.plies).toBe(300);
    expect(h.result()?.ply).toBe(8);
    expect(h.position.sp).toBe(300);
    for (let i = 0; i < 300; i++) h.undo();
    expect([h.position.hashLo, h.position.hashHi]).toEqual([p.value.hashLo, p.value.hashHi]);
  });

  it('flags are computed on demand for recorded moves', () => {
    const c = loadCases('xiangqi').find((x) => x.name.startsWith('one check'))!;
    const played = playCase('xiangqi', c.fen, c.moves);
    const p = parseXiangqiFen(c.fen);
    if (!p.ok) throw new Error(formatProblem(p.error));
    const h = new GameHistory(xiangqiEndRules, p.value);
    for (const m of played.moveList()) h.push(m);
    const flags = Array.from({ length: 8 }, (_, i) => h.flagsAt(i + 1) & FLAG_CHECK);
    expect(flags).toEqual([1, 0, 0, 0, 1, 0, 0, 0]);
    expect(legalMoves(h.position).length).toBeGreaterThan(0);
    void FLAG_ATTACK;
  });

  it('formats an explanation line by line', () => {
    const c = loadCases('xiangqi').find((x) => x.name.startsWith('direct chase'))!;
    const h = playCase('xiangqi', c.fen, c.moves);
    const lines = formatExplanation(h.explain()!, ['red', 'black'], (_ply, m) => `#${moveFrom(m)}`);
    expect(lines[0]).toBe('position at ply 8 occurred at plies 0, 4, 8');
    expect(lines[1]).toBe('cycle: plies 1–8');
    expect(lines[2]).toMatch(/^ {5}1\. red {3}#18 +chases black horse on c7 \(by red cannon on c2\)$/);
    expect(lines[3]).toMatch(/^ {5}2\. black #65 +-$/);
    expect(lines.at(-1)).toBe('ruling: 0-1 perpetual chase: red cannon chased the black horse on c7 at plies 1–8');
  });
});

describe('warnings before a repetition is judged against a side', () => {
  it('perpetual chase: the chaser is warned at the second occurrence, with seed 003 counts', () => {
    const c = loadCases('xiangqi').find((x) => x.name.startsWith('direct chase'))!;
    const moves = c.moves.split(' ');
    const h = playCase('xiangqi', c.fen, moves.slice(0, 4).join(' '));
    const w = h.warning();
    expect(w).toMatchObject({ side: 0, winner: 1, ruling: 'perpetual chase', occurrences: 2 });
    expect(w?.run).toMatchObject({ kind: 'chase', count: 2, pieces: 1, limit: 6 });
    expect(w?.message).toBe(
      'red: this position has occurred 2 times; 2 chasing moves in a row with 1 piece (seed 003 allows 6); repeating it once more loses by perpetual chase',
    );
  });

  it('a discovered chase uses two pieces: seed 003 allows 12', () => {
    const c = loadCases('xiangqi').find((x) => x.name.startsWith('discovered'))!;
    const h = playCase('xiangqi', c.fen, c.moves.split(' ').slice(0, 5).join(' '));
    expect(h.warning()?.run).toMatchObject({ kind: 'chase', count: 3, pieces: 2, limit: 12 });
  });

  it('no warning for an idle repetition, nor before any repetition', () => {
    expect(playCase('xiangqi', XQ_START, SHUFFLE).warning()).toBeNull();
    expect(playCase('xiangqi', XQ_START, 'h0g2 h9g7').warning()).toBeNull();
  });
});
