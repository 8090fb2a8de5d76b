/**
 * Chu Shogi move counts: the spec's "Reference counts" (distinct moves), and lishogi's path counts
 * (every path of a lion double move counted separately, `perft --count-paths`) on the spec's
 * positions and on positions from jh85/chushogi's public perft case file (tests/perft_cases.tsv,
 * commit 1b20c353: lishogi-style depth-1 counts of positions from real games).
 */
import { describe, expect, it } from 'vitest';
import { hasMid, isPass, moveFrom, moveTo } from '../src/core/move.js';
import { Perft, legalMoves } from '../src/core/perft.js';
import type { Position } from '../src/core/position.js';
import { CHU_START_SFEN } from '../src/games/chushogi/index.js';
import { PathPerft, pathCount } from '../src/games/chushogi/paths.js';
import { parseChuSfen } from '../src/games/chushogi/notation/sfen.js';
import { formatUsi } from '../src/games/chushogi/notation/usi.js';
import { failures } from './helpers/failures.js';
import { formatProblem } from '../src/core/problem.js';

const sfen = (text: string): Position => {
  const r = parseChuSfen(text);
  if (!r.ok) throw new Error(formatProblem(r.error));
  return r.value;
};
const usiList = (pos: Position): string[] => legalMoves(pos).map(formatUsi).sort();

/** Do the position's occupancy and royal bitsets match its board? */
function bitsetsAgree(pos: Position): boolean {
  const ow = pos.occWords;
  for (let sq = 0; sq < pos.board.length; sq++) {
    const p = pos.board[sq]!;
    for (let side = 0; side < 2; side++) {
      const bit = 1 << (sq & 31);
      const w = side * ow + (sq >> 5);
      const here = p !== 0 && (p & 1) === side;
      if (((pos.occ[w]! & bit) !== 0) !== here) return false;
      if (((pos.roy[w]! & bit) !== 0) !== (here && pos.variant.royal[p] === 1)) return false;
    }
  }
  return true;
}

const LONE_LION = '12/12/12/12/12/12/5N6/12/12/12/12/12 b - 1';
const LONE_FALCON = '12/12/12/12/12/12/5+H6/12/12/12/12/12 b - 1';
const LONE_EAGLE = '12/12/12/12/12/12/5+D6/12/12/12/12/12 b - 1';
const MIXED = '12/12/12/12/4B2l4/4S7/5N6/7n4/12/12/12/12 b - 1';

describe('reference counts (distinct moves)', () => {
  it.each([
    [1, 36],
    [2, 1296],
    [3, 48315],
  ])('start position depth %i = %i', (depth, nodes) => {
    expect(new Perft().count(sfen(CHU_START_SFEN), depth)).toBe(nodes);
  });

  it('lone Lion on 7g: 24 squares of the 5x5 area + one pass', () => {
    const moves = usiList(sfen(LONE_LION));
    expect(moves).toHaveLength(25);
    expect(moves.filter((m) => m.length === 6)).toEqual(['7g7f7g']); // the pass, once
    expect(moves).toContain('7g5e'); // jumps
    expect(moves).toContain('7g9i');
    expect(moves).toContain('7g8e'); // knight-like squares are in the area
  });

  it('lone Horned Falcon: 37 line squares + forward 1, 2 + pass = 40', () => {
    const moves = usiList(sfen(LONE_FALCON));
    expect(moves).toHaveLength(40);
    expect(moves).toEqual(expect.arrayContaining(['7g7f', '7g7e', '7g7f7g']));
    expect(moves).not.toContain('7g7d'); // forward only two squares
  });

  it('lone Soaring Eagle: 32 line squares + forward diagonals 1, 2 + pass = 37', () => {
    const moves = usiList(sfen(LONE_EAGLE));
    expect(moves).toHaveLength(37);
    expect(moves).toEqual(expect.arrayContaining(['7g6f', '7g5e', '7g8f', '7g9e']));
    expect(moves.filter((m) => m.length === 6)).toHaveLength(1);
    expect(moves).not.toContain('7g4d');
  });

  it('the mixed position: 48', () => {
    expect(legalMoves(sfen(MIXED))).toHaveLength(48);
  });

  it('start position depth 4 = 1,801,639 (the benchmark number)', () => {
    expect(new Perft().count(sfen(CHU_START_SFEN), 4)).toBe(1801639);
  });

  it('divide sums to the total', () => {
    const pos = sfen(CHU_START_SFEN);
    const parts = new Perft().divide(pos, 2);
    expect(parts).toHaveLength(36);
    expect(parts.reduce((s, p) => s + p.nodes, 0)).toBe(1296);
  });
});

describe('lishogi path counts (--count-paths)', () => {
  it.each([
    [1, 36],
    [2, 1296],
    [3, 52599],
  ])('start position depth %i = %i', (depth, nodes) => {
    expect(new PathPerft().count(sfen(CHU_START_SFEN), depth)).toBe(nodes);
  });

  it.each([
    ['lone Lion', LONE_LION, 24 + 8 * 8],
    ['lone promoted Kirin', '12/12/12/12/12/12/5+O6/12/12/12/12/12 b - 1', 24 + 8 * 8],
    ['lone Falcon', LONE_FALCON, 41],
    ['lone Eagle', LONE_EAGLE, 40],
    ['mixed', MIXED, 98],
  ])('%s', (_name, text, n) => {
    expect(new PathPerft().count(sfen(text), 1)).toBe(n);
  });

  it('a pass counts once per empty neighbour, a capturing first step once', () => {
    const pos = sfen('12/12/12/12/12/5p6/5N6/12/12/12/12/12 b - 1');
    const moves = legalMoves(pos);
    const pass = moves.find((m) => formatUsi(m).length === 6 && isPass(pos.board, m))!;
    expect(pathCount(pos, pass)).toBe(7);
    const igui = moves.find((m) => formatUsi(m) === '7g7f7g')!;
    expect(pathCount(pos, igui)).toBe(1);
    // 7g6e: directly, or through the empty 6f (7f holds the pawn, a capture, so that path is 7g7f6e)
    expect(pathCount(pos, moves.find((m) => formatUsi(m) === '7g6e')!)).toBe(2);
  });

  // jh85/chushogi tests/perft_cases.tsv: position → lishogi depth-1 count
  const JH85: [string, number][] = [
    ['kg10/12/12/12/12/12/5N6/12/12/12/12/11K b - 1', 91],
    ['kg10/12/12/12/12/12/5+O6/12/12/12/12/11K b - 1', 91],
    ['kg10/12/12/12/12/12/5+H6/12/12/12/12/11K b - 1', 44],
    ['kg10/12/12/12/12/12/5+D6/12/12/12/12/11K b - 1', 43],
    ['k11/12/12/12/7g4/6n5/5N6/12/12/12/12/11K b - 1', 91],
    ['k11/12/12/12/4B2l4/4S7/5N6/7n4/12/12/12/11K b - 1', 101],
    ['11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b - 1', 8],
    ['11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1', 7],
    ['lfcsg2gso1l/a1bdtet2fc1/2r2q1k1r1a/mv1x+P1+Pp1bvm/3p3d2pp/1Q4h1p2h/P1piD5PP/5B2iPV1/2HP1ONPP3/MCVTED1GBT1M/A1S4XH1RA/LF1RGK2SCFL w - 142', 113],
    ['lt5s1v1l/a1v1q3s2a/f2gge2kcf+A/2bc+H+Pt2+Po1/mpS1P3bOV1/1VD9/5E6/4+iB1PP1M+L/1+p6R3/A1C1K2R3S/L2XGBG2F2/2F2TT1HD2 b - 369', 171],
    ['l2e1tsg1hbl/avbs1dxtn1ca/f1g2k1d2rm/1r1h1q2ov1f/m3c1p5/P1Pp2OP1P2/RVD2p5p/3P1P4pM/B5PG1B1V/1M2SNQE1R2/AC3TDTHF1A/LF1G1K1H1SCL w - 230', 126],
    ['lf1s1x1kg1sl/ac1degt1ocfa/mb1h1tn1drvm/pv6pbp1/3pp1p1i2p/1prI2P3h1/3PP1+H1IPPP/1Pp4pPR2/P3DP1S2Q1/MR1HO1E1B1VM/AVBCTKDT2FA/LF1S1G1GXC1L b 5h 115', 80],
    ['l4k2n1x1/v4t1q1+B1l/2+P1s2e2ga/1+P+Pc4ct1f/2Cgp1m1C3/a1o5P3/2M8A/1D10/VG3O+p2+r2/2FDS+p3V2/A2K3E2TL/L7BFN1 b - 387', 135],
    ['4q1e3s1/l2g3d1kf1/svf1t7/3cmtn2+Pm1/1x1i3g4/4ph1K1F2/aD9C/1P1SM+oE1O2A/2M+h4N1VL/FV1C1DS5/L9G1/6XG3T w - 388', 251],
    ['2f4h1o1l/lt4k1ns1a/2hb+B1gqt1f1/acs1g1d5/8mc1+P/5m6/1v1O4E3/p6DS2G/1MR1+p1P2CV1/6+p1R2M/T1F2C4FA/L3DSNKBT1L w - 338', 152],
    ['lvt3k1s1fl/a1bf1g2o1cb/r2e1q2grv1/1d1s1+P1t3+P/m1x1c1D5/P2pB3ph2/AP1i3p2p1/2pPQN2K3/2H1TX+d4M/1M1F2E2SVA/L1V1RGT1R1F1/1BCS3GOC1L b - 225', 200],
    ['l2s2rt2fl/avch3bsrca/q6k3v/1+X1f2e1p1h1/3g4i2P/x4g1p2P1/9C1A/3Md1S1dF1V/1+pG+o2H2M1L/RB3HO5/AFCTK3G3/L3DERS2T1 w - 348', 218],
    ['lf2ex1tho1l/a6k1sca/1hgs3dbr1f/mv2b1t3mp/4c1d3V1/HP5p1g1P/1Vr2OH2C2/P2p2n1p3/4Q3X3/M1CSR3R2M/AFBG1KGT3A/L1T1E3B1FL b - 221', 116],
    ['3e2ttbcf1/l3n2sd3/ag+vdhok2+P1l/+L3f2r3+P/1ms9/11A/1FV1cDxM4/1H6p2L/GM2S1H+p1+r2/8GQ2/2BT1K1XSC1F/7E4 b - 389', 129],
    ['lv3t2t3/3m4kbs1/+Af3sq1e1f1/4o2g+P2l/2+h2+bP3ma/3P8/L1N2c4+H1/1d8DA/2C3+hMG+pTL/1F3+p3EC1/2BS2X5/2O1KT1RS1RF b - 361', 182],
    ['lf1sd1e4l/1vb1tg2tsca/2crkog1h3/a+P2+P1p3rf/d5m5/p1Pp3x1npH/3q4R3/1V3RPHP1P+v/M2XDP1+p1B2/AC2G2D1S2/LFBK1OGQV1F1/2S1TN1E1T1L w - 214', 196],
    ['lb1t2h4l/1vc1g1e1sfta/f1r1d1kxgrcm/1m1so4d1b/9v2/2R1NP1Pp2H/1p2X3PCPP/aMK1O1p3V1/A2P3E3R/1BCST1Q4A/L1VH1GG1D2L/1F2D2TS1BF w - 236', 94],
    ['2vgett4f/1f1s2d1m1c1/2mn2+Bsb1+Pl/lpc+H+P2k4/1d8ga/1PO8p/A4P5P/1V4N2r2/2RK+pG1TF+p2/L5T4A/FH1CS1DS1CV+v/3G2E5 w - 340', 136],
    ['1b1f4f2l/3cd1t1k2a/l3q3x1vg/a4mob2h1/4sp1g3m/7Bc1C1/M1R9/Av1V5+pR1/3G+p3X3/LS5TK2+r/3F1DTM1F2/2N2D2G3 w - 396', 133],
    ['1h3t2b3/10f1/2+Bok1+Id1x1Q/m3dc6/4N2m1g1+P/2f7n1/3GH7/2v3c4D/3CD2S3M/1+pH2G2E2A/F6+p1O1L/LVK4ST1F1 w - 392', 169],
    ['lcv2te3f1/+Ahfsg1okd2l/1m2g1t2s1a/7d2rb/5+P2Xmc1/b1pI3pP3/1r1PB1p4P/1+pP2Q3v2/4GT1D3F/1F2q3+pSRM/4S1TNCG1A/LCRK1DE4L w - 314', 130],
    ['l1v9/1s1dfkd3Ql/4c1ng1hr1/1m2g1t5/1Xh6s1a/2P9/ap5Hf3/4TpC1I+p+v1/5R2P3/MFSM3GF3/AG4K3T1/L1C1DE3R2 b - 393', 107],
    ['3b3t1sfl/lc4ek1r2/1f1tg1sh1gc1/avmp3dp1na/3x3o3m/LH5d4/3rBpPXqv1p/1R3P4pP/SF2+p1H1+iM2/1C1G2QD1CRA/1V1T1D1OSBTL/3E2K1G1F1 w - 250', 173],
    ['l3e4c1l/1fbt1xskdfva/a4+P5m/+Hc1dhq2pb1p/1svQ3o1D1P/3pP2P1P1n/1p2N1p1i3/M4R2P1rM/1P2G2GX1V1/AVCTK1O2D1R/L1BS1E3BCA/1F3HT1S1FL b - 241', 188],
  ];
  it.each(JH85)('%s → %i', (text, n) => {
    expect(new PathPerft().count(sfen(text), 1)).toBe(n);
  });
});

describe('move generation invariants', () => {
  it('a Drunk Elephant promoting to Crown Prince becomes a royal in the royal bitset, and undo takes it back', () => {
    const pos = sfen('5k6/12/12/12/4E7/12/12/12/12/12/12/6K5 b - 1');
    const promo = legalMoves(pos).filter((m) => formatUsi(m).endsWith('+'));
    expect(promo.length).toBeGreaterThan(0);
    const before = pos.roy.slice();
    for (const m of promo) {
      pos.play(m);
      expect(bitsetsAgree(pos)).toBe(true);
      expect(pos.roy.some((w, i) => w !== before[i])).toBe(true);
      pos.undo();
      expect(bitsetsAgree(pos)).toBe(true);
      expect([...pos.roy]).toEqual([...before]);
    }
  });

  it('no duplicate moves, and make/undo restores board and hash, on random games', () => {
    let seed = 12345;
    const rnd = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    // every position and move is checked; failures are collected and asserted once (test/helpers/failures.ts)
    const f = failures();
    for (let game = 0; game < 6; game++) {
      const pos = sfen(CHU_START_SFEN);
      for (let ply = 0; ply < 150; ply++) {
        const where = `game ${game + 1} ply ${ply + 1}`;
        const moves = legalMoves(pos);
        f.check(new Set(moves).size === moves.length, () => `${where}: duplicate moves`);
        if (moves.length === 0) break;
        const board = pos.board.slice();
        const hash = [pos.hashLo, pos.hashHi];
        for (const m of moves) {
          pos.play(m);
          const h = pos.computeHash();
          f.check(pos.hashLo === h[0] && pos.hashHi === h[1], () => `${where} after ${formatUsi(m)}: incremental hash differs from computeHash()`);
          f.check(bitsetsAgree(pos), () => `${where} after ${formatUsi(m)}: occ/roy differ from the board`);
          pos.undo();
        }
        f.check(bitsetsAgree(pos), () => `${where}: occ/roy differ from the board after undo`);
        f.check(pos.board.every((p, i) => p === board[i]) && pos.board.length === board.length, () => `${where}: play/undo changed the board`);
        f.check(pos.hashLo === hash[0] && pos.hashHi === hash[1], () => `${where}: play/undo changed the hash`);
        // prefer captures a little so that lions meet
        const captures = moves.filter((m) => {
          const to = moveTo(m);
          return (to !== moveFrom(m) && pos.board[to] !== 0) || hasMid(m);
        });
        const pick = captures.length > 0 && rnd(2) === 0 ? captures[rnd(captures.length)]! : moves[rnd(moves.length)]!;
        pos.play(pick);
      }
    }
    expect(f.list).toEqual([]);
  });
});
