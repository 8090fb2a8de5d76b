// One move codec: src/core/move.ts is the only file that knows the bit layout of a move. The
// helpers round-trip every field, real generated moves decode and re-encode to themselves, and a
// scan of src/ fails on hand-written move bits anywhere else.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC, scanOutside } from './helpers/source-scan.js';
import { formatProblem } from '../src/core/problem.js';
import {
  hasMid,
  isPass,
  isPlainMove,
  isPromotion,
  makeMove,
  moveFrom,
  moveMid,
  moveMidRaw,
  moveTo,
  plainMove,
  PROMOTE,
  staysPut,
  withoutPromotion,
  withPromotion,
} from '../src/core/move.js';
import { legalMoves } from '../src/core/perft.js';
import { createRng } from '../src/engine/rng.js';
import { getGame } from '../src/games/registry.js';

describe('move codec', () => {
  it('round-trips from, to, mid and promotion over every square', () => {
    const bad: string[] = [];
    const rng = createRng(11);
    for (let from = 0; from < 256; from++)
      for (let to = 0; to < 256; to++) {
        const mid = to % 3 === 0 ? -1 : rng.int(255); // mid + 1 fits the 8 bits
        const promote = (from + to) % 2 === 0;
        const m = makeMove(from, to, mid, promote);
        if (moveFrom(m) !== from || moveTo(m) !== to || moveMid(m) !== mid || isPromotion(m) !== promote)
          bad.push(`${from} ${to} ${mid} ${promote}: ${m}`);
        if (moveMidRaw(m) !== mid + 1 || hasMid(m) !== mid >= 0 || staysPut(m) !== (from === to)) bad.push(`fields of ${m}`);
        if (withoutPromotion(withPromotion(m)) !== makeMove(from, to, mid) || withPromotion(m) !== makeMove(from, to, mid, true))
          bad.push(`promotion bit of ${m}`);
        if (makeMove(from, to) !== plainMove(from, to) || !isPlainMove(plainMove(from, to))) bad.push(`plain ${from} ${to}`);
        if (isPlainMove(m) !== (mid < 0 && !promote)) bad.push(`isPlainMove ${m}`);
      }
    expect(bad).toEqual([]);
  });

  it('keeps the documented layout (moves stored in tables and records stay readable)', () => {
    expect(PROMOTE).toBe(2 ** 24);
    expect(makeMove(0x12, 0x34, 0x55, true)).toBe(0x1563412);
    expect(plainMove(3, 200)).toBe(3 + 200 * 256);
    expect(moveMid(plainMove(7, 9))).toBe(-1);
    expect(moveMidRaw(plainMove(7, 9))).toBe(0);
  });

  it('tells a pass (from === to through an empty square) from an igui', () => {
    const board = new Int8Array(16);
    board[5] = 4; // an enemy piece to capture in place
    expect(isPass(board, makeMove(6, 6, 7))).toBe(true);
    expect(isPass(board, makeMove(6, 6, 5))).toBe(false); // igui: captures on 5
    expect(isPass(board, makeMove(6, 8, 7))).toBe(false); // a double move
    expect(isPass(board, plainMove(6, 6))).toBe(false); // no mid square
  });

  it('decodes and re-encodes every generated move (sampled playouts, both games)', () => {
    let promotions = 0;
    let mids = 0;
    let moves = 0;
    for (const id of ['xiangqi', 'chushogi'] as const) {
      const game = getGame(id);
      for (let seed = 1; seed <= 3; seed++) {
        const rng = createRng(seed);
        const r = game.parseFen(game.startFen);
        if (!r.ok) throw new Error(formatProblem(r.error));
        const pos = r.value;
        for (let ply = 0; ply < 120; ply++) {
          const legal = legalMoves(pos);
          if (legal.length === 0) break;
          for (const m of legal) {
            moves++;
            if (isPromotion(m)) promotions++;
            if (hasMid(m)) mids++;
            expect(makeMove(moveFrom(m), moveTo(m), moveMid(m), isPromotion(m))).toBe(m);
          }
          pos.play(legal[rng.int(legal.length)]!);
        }
      }
    }
    expect(moves).toBeGreaterThan(10_000);
    expect(promotions).toBeGreaterThan(0); // the promotion bit was exercised
    expect(mids).toBeGreaterThan(0); // and the mid field (lion moves)
  });
});

// ---- no hand-written move bits outside src/core/move.ts ----

const CODEC = 'core/move.ts';
/** Files allowed a number of hand decodes (none: every layer may import the codec). */
const EXCEPTIONS: Readonly<Record<string, number>> = {};

/** Hand decoding or encoding of move bits (the helpers of core/move.ts say it by name). */
const HAND_MOVE_BITS: readonly [string, RegExp][] = [
  ['the promotion bit', /0x0*1000000\b|\b1\s*<<\s*24\b/i],
  ['the to field', /\(\s*[\w.\]!]+\s*>>>?\s*8\s*\)\s*&\s*(?:0xff|255)\b/i],
  ['the mid field', /\(\s*[\w.\]!]+\s*>>>?\s*16\s*\)\s*&\s*(?:0xff|255)\b/i],
  ['a hand-built move', /\b\w+\s*\|\s*\(\s*[\w.]+\s*<<\s*8\s*\)|\+\s*1\s*\)\s*<<\s*16\b/],
];

const handMoveBits = (text: string): string[] => {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const [what, re] of HAND_MOVE_BITS) if (re.test(line)) found.push(`${i + 1}: ${what}: ${line.trim()}`);
  });
  return found;
};

describe('one move codec', () => {
  it('the scan catches each kind of hand-written move bits', () => {
    for (const text of [
      'const np = m & 0x1000000 ? a : b;',
      'out[n++] = m | (1 << 24);',
      'const to = (m >>> 8) & 0xff;',
      'if (((r >>> 8) & 0xff) === sq) x();',
      'const mid = ((m >>> 16) & 0xff) - 1;',
      'out[n++] = from | (to << 8);',
      'const mm = (mid + 1) << 16;',
    ])
      expect(handMoveBits(text), text).toHaveLength(1);
    // other uses of bytes and shifts stay allowed
    for (const text of [
      'z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);',
      'return (this.data[i + 3]! & 0xff) - 1;',
      'd[slot + 3] = (depth + 1) | (bound << 8) | (this.generation << 10);',
      'return (r * W + f) | (next << 8);',
      'const FLUSH = 1 << 16;',
    ])
      expect(handMoveBits(text), text).toEqual([]);
  });

  it('no file of src/ but core/move.ts reads or builds move bits by hand', () => {
    const { files, bad } = scanOutside(CODEC, handMoveBits, EXCEPTIONS);
    expect(files).toBeGreaterThan(100);
    expect(bad).toEqual([]);
  });

  it('core/move.ts itself holds the layout (the scan would see it there)', () => {
    expect(handMoveBits(readFileSync(join(SRC, CODEC), 'utf8')).length).toBeGreaterThan(0);
  });
});
