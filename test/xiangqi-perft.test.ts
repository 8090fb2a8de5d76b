import { describe, expect, it } from 'vitest';
import { Perft } from '../src/core/perft.js';
import { FULL_TESTS } from './helpers/sample.js';
import { xq } from './helpers/xiangqi.js';

// Reference counts from spec/xiangqi.md ("Reference perft"), up to depth 4.
const ROWS: { name: string; fen: string; counts: number[] }[] = [
  {
    name: 'start position',
    fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1',
    counts: [44, 1920, 79666, 3290240],
  },
  {
    name: 'middlegame 1 (d4 only, 4.5 M nodes: with CHUHAN_FULL_TESTS=1)',
    fen: '1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1',
    counts: [0, 0, 0, FULL_TESTS ? 4485547 : 0],
  },
  { name: 'endgame with pawns (d4 only)', fen: '4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1', counts: [0, 0, 0, 92741] },
  {
    name: 'cannon battery',
    fen: 'r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1',
    counts: [38, 1128, 43929, 1339047],
  },
  { name: 'red in check', fen: '1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1', counts: [7, 281, 8620, 326201] },
  { name: 'chariot endgame', fen: '5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1', counts: [25, 424, 9850, 202884] },
  { name: 'flying general', fen: '3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1', counts: [2] },
];

describe('xiangqi perft (spec reference counts)', () => {
  const perft = new Perft();
  for (const row of ROWS)
    row.counts.forEach((expected, i) => {
      if (expected === 0) return;
      it(`${row.name}: depth ${i + 1} = ${expected}`, () => {
        expect(perft.count(xq(row.fen), i + 1)).toBe(expected);
      });
    });
});
