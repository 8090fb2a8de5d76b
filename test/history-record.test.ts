// GameHistory.record (replaying records) judges a repetition briefly — the ruling's sentence only —
// and explain() words the cycle move by move on demand: both must match the move-by-move `play` path.
import { formatProblem } from '../src/core/problem.js';
import { describe, expect, it } from 'vitest';
import { GameHistory } from '../src/core/history.js';
import { xiangqiEndRules } from '../src/games/xiangqi/end.js';
import { getGame } from '../src/games/registry.js';
import { loadCases } from './end-helpers.js';

const game = getGame('xiangqi');

function replay(fen: string, moves: string[], how: 'play' | 'record'): GameHistory {
  const start = game.parseFen(fen);
  if (!start.ok) throw new Error(formatProblem(start.error));
  const h = new GameHistory(xiangqiEndRules, start.value);
  for (const t of moves) {
    const m = game.parseMove(h.position, t);
    if (!m.ok) throw new Error(`${t}: ${m.error}`);
    if (how === 'play') h.play(m.value);
    else h.record(m.value);
  }
  if (how === 'record') h.finish();
  return h;
}

describe('a repetition met by record() is explained as by play()', () => {
  const cases = loadCases('xiangqi').filter((c) => /perpetual|repetition/.test(c.reason ?? ''));
  it('has repetition cases to compare', () => expect(cases.length).toBeGreaterThanOrEqual(3));
  for (const c of cases) {
    it(c.name, () => {
      const moves = c.moves.split(' ');
      const played = replay(c.fen, moves, 'play');
      const recorded = replay(c.fen, moves, 'record');
      expect(recorded.result()).toEqual(played.result());
      expect(recorded.explain()).toEqual(played.explain());
      expect(recorded.explain()!.moves.length).toBeGreaterThan(0);
    });
  }

  it('explains at the ply of the ruling when the record goes on after it, and leaves the position as it was', () => {
    const fen = game.startFen;
    const cycle = 'h0g2 h9g7 g2h0 g7h9'.split(' ');
    const moves = [...cycle, ...cycle, 'h0g2', 'h9g7', 'c3c4'];
    const played = replay(fen, moves.slice(0, 8), 'play');
    const recorded = replay(fen, moves, 'record');
    const before = `${recorded.position.hashLo}:${recorded.position.hashHi}`;
    expect(recorded.result()).toMatchObject({ reason: 'repetition', ply: 8 });
    expect(recorded.explain()).toEqual(played.explain());
    expect(`${recorded.position.hashLo}:${recorded.position.hashHi}`).toBe(before);
    expect(recorded.plies).toBe(11);
  });
});
