/**
 * The bundle's Ink writes each row with scripts/lib/ink-styled-chars.mjs's styledCharsToString
 * (scripts/bundle.mjs): it must give the very text of @alcalzone/ansi-tokenize's own, for rows of
 * every mix of styles (here: seeded random rows of the codes chuhan's themes use, and board rows).
 */
import { describe, expect, it } from 'vitest';
import { styledCharsFromTokens, styledCharsToString as original, tokenize } from '@alcalzone/ansi-tokenize';
// @ts-expect-error a plain JavaScript module of the build scripts, without types
import { styledCharsToString } from '../scripts/lib/ink-styled-chars.mjs';
import { boardPainter } from '../src/tui/paint.js';
import { getGame } from '../src/games/registry.js';
import { Session } from '../src/tui/session.js';
import { FULL_TESTS } from './helpers/sample.js';

/** Random rows compared (all 5,000 under CHUHAN_FULL_TESTS=1). */
const ROWS = FULL_TESTS ? 5000 : 1000;

const CODES = ['\x1b[1m', '\x1b[2m', '\x1b[22m', '\x1b[31m', '\x1b[39m', '\x1b[46m', '\x1b[49m', '\x1b[7m', '\x1b[27m', '\x1b[0m', '\x1b[38;5;196m', '\x1b[48;5;94m', '\x1b[4m', '\x1b[24m', '\x1b[1;31m'];
const GLYPHS = ['a', ' ', '▲', '兵', '│', '─', '　'];

describe('the bundle\'s styledCharsToString', () => {
  it(`writes what the original writes, for ${ROWS.toLocaleString('en-US')} random rows`, () => {
    let seed = 12345;
    const rnd = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let t = 0; t < ROWS; t++) {
      let s = '';
      for (let i = 0; i < 40; i++) {
        if (rnd(10) < 4) s += CODES[rnd(CODES.length)];
        s += GLYPHS[rnd(GLYPHS.length)];
      }
      const chars = styledCharsFromTokens(tokenize(s));
      expect(styledCharsToString(chars), JSON.stringify(s)).toBe(original(chars));
    }
  });

  it('writes the boards of every theme as the original does', () => {
    for (const id of ['xiangqi', 'chushogi'] as const) {
      const s = new Session(getGame(id));
      for (const theme of ['classic', 'light', 'high-contrast', 'wood', 'mono'] as const) {
        const lines = s.boardLines({ paint: boardPainter(true, theme), highlights: [0, 1, 2], cursor: 5, layout: 'full' });
        for (const l of lines) {
          const chars = styledCharsFromTokens(tokenize(l));
          expect(styledCharsToString(chars)).toBe(original(chars));
        }
      }
    }
  });
});
