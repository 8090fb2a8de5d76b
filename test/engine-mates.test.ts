// Forced mates in <= 3 moves (fixtures/tactics/xiangqi-mates-fsf.txt, lengths confirmed by
// Fairy-Stockfish; fixtures/tactics/chushogi-mates.txt, composed and solved by brute force): the
// engine must find each mate, at its exact length, within a node budget (deterministic; the wall
// time limit of 1 s is checked by scripts/mates-time.mjs).
import { describe, expect, it } from 'vitest';
import { loses, tacticsFixture } from './helpers/mates.js';
import { legalMoves } from '../src/core/perft.js';
import { formatProblem } from '../src/core/problem.js';
import { Searcher } from '../src/engine/search.js';
import { getGame } from '../src/games/registry.js';

/** Nodes allowed per problem: a small fraction of one second's search on this machine. */
export const MATE_NODES = 150_000;

const fixture = tacticsFixture;

function check(id: 'xiangqi' | 'chushogi', file: string, minRows: number): void {
  const game = getGame(id);
  const rows = fixture(file);
  it(`has at least ${minRows} problems`, () => expect(rows.length).toBeGreaterThanOrEqual(minRows));
  for (const [fen, n, expected, name] of rows) {
    const k = Number(n);
    it(`mate in ${k}: ${name}`, () => {
      const r = game.parseFen(fen!);
      if (!r.ok) throw new Error(formatProblem(r.error));
      const pos = r.value;
      const fmt = (m: number) => game.coordinate.format(pos, m);
      // the fixture's move(s) are legal and force mate in k
      const solutions = expected!.split(' ');
      for (const s of solutions) {
        const m = legalMoves(pos).find((x) => fmt(x) === s);
        expect(m, `${s} is not legal`).toBeDefined();
        pos.play(m!);
        expect(loses(pos, k - 1), `${s} does not mate in ${k}`).toBe(true);
        pos.undo();
      }
      const res = new Searcher({ ttMegabytes: 4 }).search(pos, { nodes: MATE_NODES });
      expect(res.mate, `found ${fmt(res.move)} score ${res.score} at depth ${res.depth}`).toBe(k);
      pos.play(res.move);
      expect(loses(pos, k - 1), `${fmt(res.move)} does not force mate`).toBe(true);
      pos.undo();
      // chu lists every solution: the engine's move is one of them
      if (id === 'chushogi') expect(solutions).toContain(fmt(res.move));
    });
  }
}

describe('xiangqi mates in 1-3 (lengths confirmed by Fairy-Stockfish)', () => check('xiangqi', 'xiangqi-mates-fsf.txt', 12));
describe('chu shogi wins in 2-3 (king captured or bared with the k-th move)', () => check('chushogi', 'chushogi-mates.txt', 6));

describe('chu search and the bare-king rule', () => {
  // Gote has its king and one pawn; Sente's bishop takes the pawn (3c): a lone king against a king
  // and three pieces is bared under the lishogi rules, a win at once. Under the JCSA rules a bare
  // king needs exactly one piece against it, so the capture is no win there.
  const sfen = '12/9Ck1/9p2/11B/5H6/12/12/12/12/12/5K6/12 b - 1';
  it('lishogi: capturing the last piece is a win in 1', () => {
    const g = getGame('chushogi');
    const r = g.parseFen(sfen);
    if (!r.ok) throw new Error(formatProblem(r.error));
    const res = new Searcher({ ttMegabytes: 4 }).search(r.value, { depth: 3 });
    expect(res.mate).toBe(1);
    expect(g.coordinate.format(r.value, res.move)).toMatch(/3c$/);
  });
  it('JCSA: the same capture is not a win (three pieces against the lone king)', () => {
    const g = getGame('chushogi').withRules?.('jcsa');
    const r = g?.parseFen(sfen);
    if (!r?.ok) throw new Error('jcsa position');
    const res = new Searcher({ ttMegabytes: 4 }).search(r.value, { depth: 1 });
    expect(res.mate).not.toBe(1);
  });
});
