import { describe, expect, it } from 'vitest';
import { loses, tacticsFixture, wins } from './helpers/mates.js';
import { moveFrom, moveMid, moveTo } from '../src/core/move.js';
import { legalMoves } from '../src/core/perft.js';
import { Searcher } from '../src/engine/search.js';
import { chooseMove } from '../src/engine/player.js';
import { getGame } from '../src/games/registry.js';
import { formatIccs } from '../src/games/xiangqi/notation/iccs.js';
import { xq } from './helpers/xiangqi.js';
import { formatProblem } from '../src/core/problem.js';

const fixture = tacticsFixture;

describe('xiangqi mates in 1-3 (fixtures/tactics/xiangqi-mates.txt)', () => {
  const rows = fixture('xiangqi-mates.txt');
  it('has mates of every length 1-3', () => {
    expect(new Set(rows.map((r) => r[1]))).toEqual(new Set(['1', '2', '3']));
    expect(rows.length).toBeGreaterThanOrEqual(12);
  });
  for (const [fen, n, pattern] of rows) {
    const moves = Number(n);
    it(`mate in ${moves}: ${pattern}`, () => {
      const pos = xq(fen!);
      // the fixture is exact: a forced win in n moves and none shorter
      if (moves > 1) expect(wins(pos, moves - 1)).toBe(false);
      expect(wins(pos, moves)).toBe(true);
      // a selective search (null move, reductions, futility) may need more than 2n-1 plies of
      // nominal depth: the budget is the node budget of engine-mates.test.ts, not a depth
      const r = new Searcher({ ttMegabytes: 1 }).search(pos, { nodes: 150_000 });
      expect(r.mate).toBe(moves);
      // the engine's move keeps the forced win: the opponent is lost within n-1 more moves
      pos.play(r.move);
      expect(loses(pos, moves - 1), `${formatIccs(r.move)} does not force mate`).toBe(true);
      pos.undo();
      // the principal variation starts with the move and is legal all the way
      const p = pos.clone();
      for (const m of r.pv) {
        expect(legalMoves(p)).toContain(m);
        p.play(m);
      }
      expect(r.pv[0]).toBe(r.move);
    });
  }

  it('level 4 plays the mating move', () => {
    for (const [fen, n] of rows) {
      if (n !== '1') continue;
      const pos = xq(fen!);
      const c = chooseMove(null, pos, 4, { deterministic: true, searcher: new Searcher({ ttMegabytes: 1 }) });
      pos.play(c.move);
      expect(loses(pos, 0)).toBe(true);
    }
  });
});

describe('chu shogi: winning a Lion (fixtures/tactics/chushogi-lions.txt)', () => {
  const chu = getGame('chushogi');
  const lion = (p: number) => p !== 0 && ['lion', '+kirin'].includes(chu.variant.pieces[(p >> 1) - 1]!.id);
  for (const [sfen, name] of fixture('chushogi-lions.txt')) {
    it(name!, () => {
      const r = chu.parseFen(sfen!);
      if (!r.ok) throw new Error(formatProblem(r.error));
      const pos = r.value;
      const res = new Searcher({ ttMegabytes: 2 }).search(pos, { depth: 4 });
      expect(legalMoves(pos)).toContain(res.move);
      expect(res.pv[0]).toBe(res.move);
      // the engine's line takes an enemy lion with its first move, or with its second after a
      // check (a king attack that must be answered, as in the bishop line, wins the lion a move later)
      const p = pos.clone();
      const side = pos.turn;
      let won = false;
      for (let i = 0; i < Math.min(3, res.pv.length) && !won; i++) {
        const m = res.pv[i]!;
        expect(legalMoves(p)).toContain(m);
        const from = moveFrom(m);
        const to = moveTo(m);
        const mid = moveMid(m);
        const captured = [to !== from ? p.board[to]! : 0, mid >= 0 ? p.board[mid]! : 0];
        if (i % 2 === 0 && captured.some((q) => lion(q) && (q & 1) !== side)) won = true;
        p.play(m);
        if (i === 0 && !won) expect(chu.variant.inCheck(p), 'a first move that takes no lion must attack the king').toBe(true);
      }
      expect(won, `${chu.coordinate.format(pos, res.move)}: the line wins no lion`).toBe(true);
    });
  }

  it('captures the king when it hangs (chu: the royal can be taken)', () => {
    // gote's king stands next to a sente gold; taking it ends the game
    const r = chu.parseFen('12/12/12/12/12/5k6/5G6/12/12/12/12/6K5 b - 1');
    if (!r.ok) throw new Error(formatProblem(r.error));
    const res = new Searcher({ ttMegabytes: 1 }).search(r.value, { depth: 3 });
    expect(chu.coordinate.format(r.value, res.move)).toMatch(/^7g7f\+?$/);
    expect(res.mate).toBe(1);
  });
});
