/**
 * The fuzz corpus (fixtures/fuzz/<surface>/, issue 44): seeds for every place chuhan reads outside
 * input — FEN/SFEN, move lists, PGN, XQF, CCBridge, KIF, DhtmlXQ, WXF, protocol input to
 * `chuhan engine`, engine output, repl lines — with the nasty ones (control characters, huge
 * numbers, cut binaries, invalid UTF-8 and GBK, deep nesting), and every input the fuzzers ever
 * found breaking something. Each is replayed through the in-process entry points
 * (test/helpers/fuzz-surfaces.ts): a result or a one-sentence problem, never an unexpected
 * exception, nothing raw. `npx tsx scripts/fuzz-corpus.ts` mutates the seeds to find new ones.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRecords } from '../src/notation/pgn.js';
import { checkInput, corpusInputs, SURFACES } from './helpers/fuzz-surfaces.js';

const DIR = new URL('../fixtures/fuzz/', import.meta.url).pathname;

describe('fuzz corpus (fixtures/fuzz/<surface>/)', () => {
  it('has a folder of seeds for every surface', () => {
    const folders = readdirSync(DIR).filter((f) => statSync(join(DIR, f)).isDirectory());
    expect(folders.sort()).toEqual([...SURFACES].sort());
  });

  for (const surface of SURFACES) {
    it(`${surface}: every seed gives a result or a one-sentence problem`, async () => {
      const files = readdirSync(join(DIR, surface)).sort();
      let inputs = 0;
      for (const f of files) {
        const bytes = readFileSync(join(DIR, surface, f));
        for (const [k, input] of corpusInputs(f, bytes).entries()) {
          inputs++;
          const problem = await checkInput(surface, input, f);
          expect(problem, `${surface}/${f}${f.endsWith('.jsonl') ? ` input ${k + 1}` : ''}`).toBeNull();
        }
      }
      expect(inputs).toBeGreaterThan(2);
    });
  }

  it('PGN seeds with a `% games: N` line read as N games', () => {
    let checked = 0;
    for (const f of readdirSync(join(DIR, 'pgn'))) {
      const text = readFileSync(join(DIR, 'pgn', f), 'utf8');
      const expected = /^% games: (\d+)/m.exec(text);
      if (!expected) continue;
      expect(parseRecords(text).length, f).toBe(Number(expected[1]));
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
