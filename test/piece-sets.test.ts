import { describe, expect, it } from 'vitest';
import { isPromotion, moveFrom, moveMid, moveTo } from '../src/core/move.js';
import { generatePseudo } from '../src/core/movegen.js';
import { legalMoves } from '../src/core/perft.js';
import type { Position } from '../src/core/position.js';
import { formatProblem } from '../src/core/problem.js';
import { CHU_START_SFEN } from '../src/games/chushogi/index.js';
import { createRng } from '../src/engine/rng.js';
import { getGame } from '../src/games/registry.js';
import { KING, kingAttacked, kingAttackedByTables, kingSquare } from '../src/games/xiangqi/index.js';
import { failures, type Failures } from './helpers/failures.js';
import { xq } from './helpers/xiangqi.js';

const XQ_START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

/** The occupancy bitsets recomputed from the board. */
function occFromBoard(pos: Position): number[] {
  const occ = new Int32Array(pos.occ.length);
  pos.board.forEach((p, sq) => {
    if (p !== 0) occ[(p & 1) * pos.occWords + (sq >> 5)]! |= 1 << (sq & 31);
  });
  return Array.from(occ);
}

/** The per-code occupancy bitsets recomputed from the board. */
function pieceOccFromBoard(pos: Position): number[] {
  const occ = new Int32Array(pos.pieceOcc.length);
  pos.board.forEach((p, sq) => {
    if (p !== 0) occ[p * pos.occWords + (sq >> 5)]! |= 1 << (sq & 31);
  });
  return Array.from(occ);
}

/** Both kinds of occupancy, as the position keeps them and as recomputed. */
const kept = (pos: Position) => [Array.from(pos.occ), Array.from(pos.pieceOcc)];
const fromBoard = (pos: Position) => [occFromBoard(pos), pieceOccFromBoard(pos)];
/** Records in `f` where the kept occupancy differs from the board's (asserted once at the end: test/helpers/failures.ts). */
const checkOccupancy = (f: Failures, pos: Position, where: string): boolean => {
  const a = JSON.stringify(kept(pos));
  const b = JSON.stringify(fromBoard(pos));
  return f.check(a === b, () => `${where}: kept ${a}, from the board ${b}`);
};

describe('per-side and per-code occupancy (Position.occ, pieceOcc)', () => {
  for (const id of ['xiangqi', 'chushogi'] as const) {
    it(`${id}: stays equal to the board through random play and undo, clone and put`, () => {
      const r = getGame(id).parseFen(id === 'xiangqi' ? XQ_START : CHU_START_SFEN);
      if (!r.ok) throw new Error(formatProblem(r.error));
      const pos = r.value;
      const f = failures();
      checkOccupancy(f, pos, 'start');
      const rng = createRng(id === 'xiangqi' ? 11 : 12);
      let captures = 0;
      for (let game = 0; game < 6; game++) {
        let plies = 0;
        for (; plies < 120; plies++) {
          const moves = legalMoves(pos);
          if (moves.length === 0) break;
          const m = moves[rng.int(moves.length)]!;
          pos.play(m);
          if (pos.lastCaptures().some((c) => c !== 0)) captures++;
          checkOccupancy(f, pos, `game ${game} ply ${plies}`);
        }
        const copy = pos.clone();
        checkOccupancy(f, copy, `game ${game}: the clone`);
        // a put that replaces a piece of one side by one of the other
        const sq = pos.board.findIndex((p) => p !== 0);
        copy.put(sq, pos.board[sq]! ^ 1);
        copy.put(sq + 1 < pos.board.length && pos.board[sq + 1] === 0 ? sq + 1 : sq, 0);
        checkOccupancy(f, copy, `game ${game}: the clone after put`);
        for (; plies > 0; plies--) pos.undo();
        checkOccupancy(f, pos, `game ${game}: taken back`);
      }
      expect(f.list).toEqual([]);
      expect(captures).toBeGreaterThan(20);
    });
  }
});

describe('a line longer than the undo stack’s first capacity (4096 plies)', () => {
  /** Everything play changes and undo must restore. */
  const state = (p: Position): string =>
    JSON.stringify([Array.from(p.board), Array.from(p.occ), Array.from(p.roy), Array.from(p.pieceOcc), p.hashLo, p.hashHi, p.aux, p.halfmove, p.turn]);
  for (const id of ['xiangqi', 'chushogi'] as const) {
    it(`${id}: 5,000 random plies (chu: lion double moves, passes, promotions) taken back exactly`, () => {
      const r = getGame(id).parseFen(id === 'xiangqi' ? XQ_START : CHU_START_SFEN);
      if (!r.ok) throw new Error(formatProblem(r.error));
      const pos = r.value;
      const rng = createRng(id === 'xiangqi' ? 21 : 22);
      const before: string[] = [];
      const f = failures();
      let special = 0;
      for (let tries = 0; before.length < 5000 && tries < 50_000; tries++) {
        const moves = legalMoves(pos);
        if (moves.length === 0) {
          // the game is over: take back a few plies (checked too) and play on differently
          for (let k = 0; k < 10 && before.length > 0; k++) {
            pos.undo();
            const want = before.pop();
            f.check(state(pos) === want, () => `undo at ply ${before.length + 1}: ${state(pos)}, before the move ${want}`);
          }
          continue;
        }
        // quiet moves mostly, so that the game lasts; the double moves and promotions often
        const quiet = moves.filter((m) => pos.board[moveTo(m)] === 0 && !(moveMid(m) >= 0 && pos.board[moveMid(m)] !== 0));
        const rare = moves.filter((m) => moveMid(m) >= 0 || isPromotion(m));
        const from = rare.length > 0 && rng.int(4) === 0 ? rare : quiet.length > 0 && rng.int(8) > 0 ? quiet : moves;
        const m = from[rng.int(from.length)]!;
        if (moveMid(m) >= 0 || isPromotion(m)) special++;
        before.push(state(pos));
        pos.play(m);
        if (before.length % 500 === 0) checkOccupancy(f, pos, `ply ${before.length}`);
      }
      expect(f.list).toEqual([]);
      expect(before.length).toBe(5000);
      if (id === 'chushogi') expect(special).toBeGreaterThan(100);
      for (let k = before.length - 1; k >= 0; k--) {
        pos.undo();
        const now = state(pos);
        if (now !== before[k]) expect([k, now]).toEqual([k, before[k]]);
      }
      expect(pos.sp).toBe(0);
    });
  }
});

describe('xiangqi kingAttacked (looked at from the general)', () => {
  it('equals the table-driven test in every position reached by a pseudo-legal move', () => {
    const pos = xq(XQ_START);
    const rng = createRng(7);
    const buf = new Int32Array(256);
    const f = failures();
    let tested = 0;
    let attacked = 0;
    for (let game = 0; game < 4; game++) {
      let plies = 0;
      for (; plies < 150; plies++) {
        const us = pos.turn;
        const n = generatePseudo(pos, buf, 0);
        const b = pos.board;
        for (let i = 0; i < n; i++) {
          const from = moveFrom(buf[i]!);
          const to = moveTo(buf[i]!);
          const p = b[from]!;
          const cap = b[to]!;
          b[to] = p;
          b[from] = 0;
          for (const side of [us, us ^ 1]) {
            const k = p >> 1 === KING && side === us ? to : kingSquare(pos, side);
            if (k < 0) continue;
            const a = kingAttacked(pos, k, side);
            const t = kingAttackedByTables(pos, k, side);
            f.check(a === t, () => `game ${game} ply ${plies}, ${from}->${to}, side ${side}: ${a}, the tables ${t}`);
            tested++;
            if (a) attacked++;
          }
          b[from] = p;
          b[to] = cap;
        }
        const moves = legalMoves(pos);
        if (moves.length === 0) break;
        pos.play(moves[rng.int(moves.length)]!);
      }
      for (; plies > 0; plies--) pos.undo();
    }
    expect(f.list).toEqual([]);
    expect(tested).toBeGreaterThan(25_000);
    expect(attacked).toBeGreaterThan(1_000);
  });
});
