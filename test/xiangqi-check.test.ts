/**
 * The general-outward attack test (games/xiangqi/check.ts) that replay uses on every ply must
 * answer as the generic one (kingAttacked, the attack tables): compared on the positions of random
 * playouts (fixed seed) from the perft reference positions, for both generals, and after every
 * pseudo-legal move (the test a legality check makes, with the mover's piece moved). The per-kind
 * move test of the record reader (`isLegalMove`) must accept exactly the generated legal moves.
 */
import { describe, expect, it } from 'vitest';
import { moveFrom, moveTo, plainMove } from '../src/core/move.js';
import { generatePseudo } from '../src/core/movegen.js';
import { generalAttacked, generalSquare } from '../src/games/xiangqi/check.js';
import { kingAttacked, kingSquare, KING, xiangqi } from '../src/games/xiangqi/index.js';
import { isLegalMove } from '../src/games/xiangqi/notation/legal-check.js';
import { parseXiangqiFen } from '../src/games/xiangqi/notation/fen.js';

const FENS = [
  'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1',
  '1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1',
  'r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1',
  '1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1',
  '3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1',
  '4k4/4P4/3P1P3/9/9/9/9/3p1p3/4p4/4K4 w - - 0 1',
];

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('generalAttacked', () => {
  it('answers as kingAttacked, and isLegalMove with a known check state as without', () => {
    const rand = rng(20261201);
    const moves = new Int32Array(256);
    const legal = new Int32Array(256);
    const bad: string[] = [];
    let compared = 0;
    let attacked = 0;
    for (const fen of FENS) {
      for (let game = 0; game < 8; game++) {
        const r = parseXiangqiFen(fen);
        if (!r.ok) throw new Error(fen);
        const pos = r.value.clone();
        for (let ply = 0; ply < 120; ply++) {
          const b = pos.board;
          for (const side of [0, 1]) {
            const k = kingSquare(pos, side);
            if (generalSquare(b, side) !== k) bad.push(`square ${fen} ${side}`);
            if (k < 0) continue;
            const want = kingAttacked(pos, k, side);
            if (generalAttacked(b, k, side) !== want) bad.push(`attacked ${pos.board.join('')} ${side}`);
            compared++;
            if (want) attacked++;
          }
          const checked = xiangqi.inCheck(pos) ? 1 : 0;
          const n = generatePseudo(pos, moves, 0);
          const nl = xiangqi.generateLegal(pos, legal, 0);
          const set = new Set(legal.subarray(0, nl));
          for (let i = 0; i < n; i++) {
            const m = moves[i]!;
            // with the piece moved: the general's square after the move, as a legality test asks
            const from = moveFrom(m);
            const to = moveTo(m);
            const p = b[from]!;
            const cap = b[to]!;
            b[to] = p;
            b[from] = 0;
            const k = p >> 1 === KING ? to : kingSquare(pos, pos.turn);
            if (k >= 0 && generalAttacked(b, k, pos.turn) !== kingAttacked(pos, k, pos.turn)) bad.push(`after ${m}`);
            b[from] = p;
            b[to] = cap;
            if (isLegalMove(pos, m, checked) !== set.has(m) || isLegalMove(pos, m) !== set.has(m)) bad.push(`legal ${m}`);
          }
          if (ply % 7 === 0) {
            // every other from → to of the side to move: not legal (nor pseudo-legal) either
            for (let from = 0; from < 90; from++) {
              const p = b[from]!;
              if (p === 0 || (p & 1) !== pos.turn) continue;
              for (let to = 0; to < 90; to++) {
                const m = plainMove(from, to);
                if (isLegalMove(pos, m, checked) !== set.has(m)) bad.push(`any ${from}-${to} ${b.join(',')}`);
              }
            }
          }
          if (nl === 0) break;
          pos.play(legal[Math.floor(rand() * nl)]!);
        }
      }
    }
    expect(bad.slice(0, 5)).toEqual([]);
    expect(compared).toBeGreaterThan(5000);
    expect(attacked).toBeGreaterThan(100);
  });
});
