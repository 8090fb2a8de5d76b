/**
 * The one-move legality test used by the record replay agrees with the legal-move generator.
 * Each sweep checks a seeded sample of its positions; all of them with CHUHAN_FULL_TESTS=1.
 */
import { describe, expect, it } from 'vitest';
import { plainMove, withPromotion } from '../src/core/move.js';
import { legalMoves } from '../src/core/perft.js';
import type { Position } from '../src/core/position.js';
import { isLegalMove } from '../src/games/xiangqi/notation/legal-check.js';
import { getGame } from '../src/games/registry.js';
import { FULL_TESTS, sample } from './helpers/sample.js';
import { xq } from './helpers/xiangqi.js';
import { formatProblem } from '../src/core/problem.js';

function walk(start: Position, plies: number, seed: number, out: Position[]): void {
  let s = seed >>> 0;
  const pos = start.clone();
  for (let i = 0; i < plies; i++) {
    const moves = legalMoves(pos);
    out.push(pos.clone());
    if (moves.length === 0) return;
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    pos.play(moves[(s >>> 8) % moves.length]!);
  }
}

/** Every (from, to) pair, with and without the promotion bit. */
function mismatches(pos: Position): string[] {
  const size = pos.variant.geometry.size;
  const legal = new Set(legalMoves(pos));
  const out: string[] = [];
  for (let from = 0; from < size; from++) {
    const p = pos.board[from]!;
    if (p === 0) continue;
    for (let to = 0; to < size; to++) {
      const m = plainMove(from, to);
      if (isLegalMove(pos, m) !== legal.has(m)) out.push(`${from}->${to}`);
      const promoted = withPromotion(m);
      if (isLegalMove(pos, promoted) !== legal.has(promoted)) out.push(`${from}->${to}+`);
    }
  }
  return out;
}

describe('isLegalMove', () => {
  it(`matches the xiangqi legal moves on every start/end pair of ${FULL_TESTS ? '1,200' : '200 of 1,200'} positions`, () => {
    const all: Position[] = [];
    const starts = [
      getGame('xiangqi').startFen,
      '2bak4/4a4/2n1b1n2/2P1r1r2/2P1c1c2/2P2R3/9/4R4/4A4/3AK4 w - - 0 1',
      'r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1',
      '4k4/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1',
    ];
    starts.forEach((fen, i) => {
      for (let g = 0; g < 6; g++) walk(xq(fen), 50, 1000 * i + g, all);
    });
    expect(all.length).toBeGreaterThan(1000);
    const positions = sample(all, 200, 21); // all of them with CHUHAN_FULL_TESTS=1
    const bad = positions.flatMap((p) => mismatches(p).map((x) => `${getGame('xiangqi').formatFen(p)}: ${x}`));
    expect(bad.slice(0, 10)).toEqual([]);
  });

  it(`matches the chu legal moves on ${FULL_TESTS ? '30' : '6 of 30'} positions`, () => {
    const chu = getGame('chushogi');
    const start = chu.parseFen(chu.startFen);
    if (!start.ok) throw new Error(formatProblem(start.error));
    const all: Position[] = [];
    walk(start.value, 30, 7, all);
    expect(all).toHaveLength(30);
    const positions = sample(all, 6, 22); // all of them with CHUHAN_FULL_TESTS=1
    const bad = positions.flatMap((p) => mismatches(p));
    expect(bad.slice(0, 10)).toEqual([]);
  });
});
