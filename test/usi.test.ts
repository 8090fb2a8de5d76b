/** Chu Shogi USI moves (lishogi) and XBoard/HaChu legs. */
import { describe, expect, it } from 'vitest';
import type { Position } from '../src/core/position.js';
import { CHU_START_SFEN } from '../src/games/chushogi/index.js';
import { parseChuSfen } from '../src/games/chushogi/notation/sfen.js';
import { formatUsi, parseUsi, parseUsiSquare, usiSquare } from '../src/games/chushogi/notation/usi.js';
import { formatProblem } from '../src/core/problem.js';

const sfen = (text: string): Position => {
  const r = parseChuSfen(text);
  if (!r.ok) throw new Error(formatProblem(r.error));
  return r.value;
};
const read = (pos: Position, text: string): string => {
  const r = parseUsi(pos, text);
  return r.ok ? formatUsi(r.value) : `error: ${formatProblem(r.error)}`;
};

describe('squares', () => {
  it('file 12..1 from the left, rank a..l from the top', () => {
    expect(usiSquare(0)).toBe('12l');
    expect(usiSquare(11)).toBe('1l');
    expect(usiSquare(143)).toBe('1a');
    expect(usiSquare(5 * 12 + 5)).toBe('7g');
    for (let sq = 0; sq < 144; sq++) expect(parseUsiSquare(usiSquare(sq))).toBe(sq);
    expect(parseUsiSquare('13a')).toBe(-1);
    expect(parseUsiSquare('0a')).toBe(-1);
    expect(parseUsiSquare('1m')).toBe(-1);
  });
});

describe('reading and writing', () => {
  it('plain moves and promotions', () => {
    const start = sfen(CHU_START_SFEN);
    expect(read(start, '7i7h')).toBe('7i7h');
    expect(read(start, ' 7i7h ')).toBe('7i7h');
    const rook = sfen('k11/12/12/12/5R6/12/12/12/12/12/12/11K b - 1');
    expect(read(rook, '7e7c+')).toBe('7e7c+');
    expect(read(rook, '7e7c')).toBe('7e7c');
    expect(read(rook, '7e7f+')).toMatch(/error: .*may not promote/);
  });

  it('lion double moves: igui, capture then step, double capture, pass', () => {
    const pos = sfen('k11/12/12/12/5s6/5g6/5N6/12/12/12/12/11K b - 1');
    expect(read(pos, '7g7f7g')).toBe('7g7f7g');
    expect(read(pos, '7g7f6e')).toBe('7g7f6e');
    expect(read(pos, '7g7f7e')).toBe('7g7f7e');
    const pass = read(pos, '7g8g7g');
    expect(pass).toMatch(/^7g(6f|6g|6h|7h|8f|8g|8h)7g$/);
    expect(read(pos, '7g6h7g')).toBe(pass);
  });

  it('a double step through an empty square to another square is the plain move', () => {
    const pos = sfen('k11/12/12/12/12/12/5N6/12/12/12/12/11K b - 1');
    expect(read(pos, '7g6f5e')).toBe('7g5e');
    expect(read(pos, '7g6f6f')).toMatch(/error: .*middle square/);
    expect(read(pos, '7g6f4d')).toMatch(/error: .*no double move/);
  });

  it('three-square forms only for pieces with lion power', () => {
    const pos = sfen('k11/12/12/12/12/12/5G6/12/12/12/12/11K b - 1');
    expect(read(pos, '7g7f7e')).toMatch(/error: "7g7f7e": the Gold General on 7g has no double move/);
  });

  it('XBoard/HaChu coordinates and legs', () => {
    const pos = sfen('k11/12/12/12/5s6/5g6/5N6/12/12/12/12/11K b - 1');
    // 7g = f6, 7f = f7, 7e = f8, 6e = g8
    expect(read(pos, 'f6f7')).toBe('7g7f');
    expect(read(pos, 'f6f7,f7f6')).toBe('7g7f7g');
    expect(read(pos, 'f6f7,f7f8')).toBe('7g7f7e');
    expect(read(pos, 'f6f7,f7g8')).toBe('7g7f6e');
    expect(read(pos, 'f6f7,g7g8')).toMatch(/error: the second leg .* must start where the first one ended/);
  });

  it('clear errors', () => {
    const pos = sfen(CHU_START_SFEN);
    expect(read(pos, 'hello')).toMatch(/error: "hello" is not a USI move/);
    expect(read(pos, '7g7f')).toMatch(/error: .*no piece on 7g/);
    expect(read(pos, '6d6e')).toMatch(/error: .*is gote's, and it is sente's move/);
    expect(read(pos, '7i7g')).toMatch(/error: .*the Pawn on 7i cannot move to 7g/);
    expect(read(pos, '7i7i')).toMatch(/error: .*must leave its square/);
    expect(read(pos, '7j7i7h')).toMatch(/error: .*own piece on 7i/);
  });

  it('every legal move of a busy position reads back from its own USI', () => {
    const pos = sfen('lf1s1x1kg1sl/ac1degt1ocfa/mb1h1tn1drvm/pv6pbp1/3pp1p1i2p/1prI2P3h1/3PP1+H1IPPP/1Pp4pPR2/P3DP1S2Q1/MR1HO1E1B1VM/AVBCTKDT2FA/LF1S1G1GXC1L b 5h 115');
    const buf = new Int32Array(1024);
    const n = pos.variant.generateLegal(pos, buf, 0);
    expect(n).toBeGreaterThan(50);
    for (const m of buf.subarray(0, n)) {
      const r = parseUsi(pos, formatUsi(m));
      expect(r.ok && r.value === m).toBe(true);
    }
  });
});
