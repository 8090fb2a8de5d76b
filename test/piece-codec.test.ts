// One piece codec: src/core/piece.ts is the only file that knows how a piece code packs its kind
// and side ((kind << 1) | side). The helpers round-trip every code, the board codes of real
// positions decode to their variant's pieces, and a scan of src/ fails on a hand decode anywhere else.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC, scanOutside } from './helpers/source-scan.js';
import { pieceCode, pieceKind, pieceSide } from '../src/core/piece.js';
import { formatProblem } from '../src/core/problem.js';
import { getGame } from '../src/games/registry.js';

describe('piece codec', () => {
  it('round-trips kind and side over every code', () => {
    const bad: string[] = [];
    for (let kind = 1; kind < 128; kind++)
      for (const side of [0, 1] as const) {
        const p = pieceCode(kind, side);
        if (pieceKind(p) !== kind || pieceSide(p) !== side) bad.push(`${kind} ${side}: ${p}`);
      }
    expect(bad).toEqual([]);
    for (let p = 2; p < 256; p++) expect(pieceCode(pieceKind(p), pieceSide(p))).toBe(p);
  });

  it('keeps the documented layout (codes index tables and records)', () => {
    expect(pieceCode(1, 0)).toBe(2);
    expect(pieceCode(1, 1)).toBe(3);
    expect(pieceCode(7, 1)).toBe(15);
    expect(pieceKind(15)).toBe(7);
    expect(pieceSide(14)).toBe(0);
  });

  it('decodes every piece on the start boards to a piece of its variant, both sides alike', () => {
    for (const id of ['xiangqi', 'chushogi'] as const) {
      const game = getGame(id);
      const r = game.parseFen(game.startFen);
      if (!r.ok) throw new Error(formatProblem(r.error));
      const pos = r.value;
      const kinds: [number[], number[]] = [[], []];
      for (const p of pos.board) {
        if (p === 0) continue;
        expect(pieceKind(p)).toBeGreaterThanOrEqual(1);
        expect(pieceKind(p)).toBeLessThanOrEqual(pos.variant.pieces.length);
        kinds[pieceSide(p)].push(pieceKind(p));
      }
      // the start positions are symmetric: each side has the same kinds
      expect(kinds[0].length).toBeGreaterThan(0);
      expect(kinds[0].sort((a, b) => a - b)).toEqual(kinds[1].sort((a, b) => a - b));
    }
  });
});

// ---- no hand-written piece decodes outside src/core/piece.ts ----

const CODEC = 'core/piece.ts';
/** Files allowed a number of hand decodes (none: every layer may import the codec). */
const EXCEPTIONS: Readonly<Record<string, number>> = {};

/**
 * A piece code as the source names it: a board read (`b[sq]`, `pos.board[to]!`) or one of the
 * names the code base gives pieces (p, q, code, piece, capTo, …). Sides, turns, flags, hashes and
 * counters are other names, so their `& 1` and `>> 1` stay allowed.
 */
const PIECE = String.raw`(?:(?<![.\w$])(?:p|q|r|pm|np|piece|code|old|moved|target|cap|capTo|capMid|victim|attacker)\b|\b(?:b|board|bd)\[[^\]]*\]!?)`;

/** Hand decoding or encoding of a piece code (the helpers of core/piece.ts say it by name). */
const HAND_PIECE_BITS: readonly [string, RegExp][] = [
  ['the side bit', new RegExp(String.raw`${PIECE}\s*&\s*1\b`, 'g')],
  ['the kind field', new RegExp(String.raw`${PIECE}\s*>>>?\s*1\b`, 'g')],
  ['a side flipped by hand', new RegExp(String.raw`${PIECE}\s*\^\s*1\b`, 'g')],
  ['a hand-built code', /\b[A-Za-z_][\w.]*\s*<<\s*1\b|\)\s*<<\s*1\s*\)\s*\||\b[A-Z]\w*0\s*\|\s*1\b|=\s*2\s*\|\s*\(/g],
];

const handPieceBits = (text: string): string[] => {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) return; // prose may say (kind << 1) | side
    for (const [what, re] of HAND_PIECE_BITS) for (const _ of line.matchAll(re)) found.push(`${i + 1}: ${what}: ${line.trim()}`);
  });
  return found;
};

describe('one piece codec', () => {
  it('the scan catches each kind of hand-written piece decode', () => {
    for (const text of [
      'if (q !== 0 && (q & 1) !== us) out[n++] = m;',
      'const side = b[sq]! & 1;',
      'this.occ[(capTo & 1) * ow + w]! ^= bit;',
      'if (pos.board[to]! >> 1 === HORSE) return true;',
      'const kind = code >> 1;',
      'const spec = v.pieces[(p >> 1) - 1]!;',
      'const enemy = p ^ 1;',
      'const horse = (HORSE << 1) | them;',
      'table[kind << 1] = 1;',
      'const code = ((i + 1) << 1) | side;',
      'const n = cnt[R0 | 1]!;',
      'for (let code = 2 | (pos.turn ^ 1); code < n; code += 2) f(code);',
    ])
      expect(handPieceBits(text), text).toHaveLength(1);
    // sides, parities, flags, bisection and hashes stay allowed
    for (const text of [
      'const them = side ^ 1;',
      'pos.setTurn((pos.turn ^ 1) as 0 | 1);',
      'const s = ((side0 + i) & 1) as Side;',
      'if (!(n.flags & 1)) pending++;',
      'const mid = (lo + hi + 1) >> 1;',
      'beta = (alpha + beta) >> 1;',
      'x -= (x >>> 1) & 0x55555555;',
      'if ((slide >>> classBit[q]!) & 1) return true;',
      'const slot = (lo & ((1 << CACHE_BITS) - 1)) << 1;',
      'd[slot | 1] = move;',
      'if (pieceSide(q) !== us && pieceKind(q) === KING) f(pieceCode(HORSE, them));',
      '// a piece code is (kind << 1) | side, and p & 1 its side',
    ])
      expect(handPieceBits(text), text).toEqual([]);
  });

  it('no file of src/ but core/piece.ts reads or builds piece codes by hand', () => {
    const { files, bad } = scanOutside(CODEC, handPieceBits, EXCEPTIONS);
    expect(files).toBeGreaterThan(100);
    expect(bad).toEqual([]);
  });

  it('core/piece.ts itself holds the layout (the scan would see it there)', () => {
    expect(handPieceBits(readFileSync(join(SRC, CODEC), 'utf8')).length).toBeGreaterThan(0);
  });
});
