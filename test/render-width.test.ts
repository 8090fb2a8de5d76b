/** render/width.ts's quick measure of simple strings gives string-width's answers. */
import { describe, expect, it } from 'vitest';
import rawStringWidth from 'string-width';
import { simpleWidth, stringWidth } from '../src/render/width.js';

const RANGES: [number, number][] = [
  [0x20, 0x7e],
  [0xa1, 0xff],
  [0x2500, 0x25ff],
  [0x3000, 0x3029],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xff01, 0xff60],
  [0xffe0, 0xffe6],
];
const simpleChars = RANGES.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => String.fromCharCode(a + i))).filter((c) => c !== '\u00ad');

/** A fixed-seed generator (xorshift), so a failure repeats. */
function rng(seed: number): () => number {
  let x = seed;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

describe('width: the quick measure of simple strings', () => {
  it('every character of its ranges measures as string-width says, ambiguous narrow and wide', () => {
    for (const wide of [false, true]) {
      const opts = { ambiguousIsNarrow: !wide };
      const wrong = simpleChars.filter((c) => simpleWidth(c, wide) !== rawStringWidth(c, opts));
      expect(wrong.map((c) => c.codePointAt(0)!.toString(16))).toEqual([]);
    }
  });

  it('strings of those characters and SGR colours measure as string-width says (a seeded sample)', () => {
    const next = rng(17);
    const sgr = ['\x1b[1m', '\x1b[22m', '\x1b[2m', '\x1b[31;1m', '\x1b[0m', '\x1b[m', '\x1b[48;5;240m'];
    for (let n = 0; n < 2000; n++) {
      let s = '';
      const len = 1 + Math.floor(next() * 40);
      for (let i = 0; i < len; i++) s += next() < 0.1 ? sgr[Math.floor(next() * sgr.length)] : simpleChars[Math.floor(next() * simpleChars.length)];
      for (const wide of [false, true]) {
        const w = simpleWidth(s, wide);
        expect(w, JSON.stringify(s)).toBe(rawStringWidth(s, { ambiguousIsNarrow: !wide }));
        expect(stringWidth(s, { ambiguousIsNarrow: !wide }), JSON.stringify(s)).toBe(w);
      }
    }
  });

  it('anything else goes to string-width: combining marks, emoji, Hangul, other escapes', () => {
    const others = ['e\u0301', '👍🏽', '❤️', '1\ufe0f\u20e3', '한', '\u1100\u1161', '\x1b]8;;https://x\x07link\x1b]8;;\x07', '\x1b[38:5:1mx', 'a\u200db', '\u00ad', '\t', '\x1b'];
    for (const s of others) {
      expect(simpleWidth(s, false), JSON.stringify(s)).toBe(-1);
      expect(stringWidth(s), JSON.stringify(s)).toBe(rawStringWidth(s));
      expect(stringWidth(s, { ambiguousIsNarrow: false }), JSON.stringify(s)).toBe(rawStringWidth(s, { ambiguousIsNarrow: false }));
    }
    // counted escape codes: always string-width's own count
    expect(stringWidth('\x1b[1m帥\x1b[22m', { countAnsiEscapeCodes: true })).toBe(rawStringWidth('\x1b[1m帥\x1b[22m', { countAnsiEscapeCodes: true }));
  });
});
