import { describe, expect, it } from 'vitest';
import { formatPuzzles, isPuzzleLibrary, parsePuzzles } from '../src/puzzle/library.js';
import type { Puzzle } from '../src/puzzle/types.js';

const START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
const ONE: Puzzle = { id: 'xq-1', game: 'xiangqi', fen: START, solution: ['h2e2', 'h9g7', 'h0g2'], themes: ['mate2', 'phase:opening'], source: 'a test', rating: 1650 };

describe('the puzzle library format', () => {
  it('round-trips puzzles, with and without a rating', () => {
    const two: Puzzle = { id: 'xq-2', game: 'xiangqi', fen: START, solution: ['h2e2'], themes: [], source: 'tab\there' };
    const text = formatPuzzles('xiangqi', [ONE, two]);
    expect(isPuzzleLibrary(text)).toBe(true);
    const back = parsePuzzles(text);
    expect(back).toEqual({ ok: true, value: { game: 'xiangqi', puzzles: [ONE, { id: 'xq-2', game: 'xiangqi', fen: START, solution: ['h2e2'], themes: [], source: 'tab here' }] } });
  });
  it('refuses a bad library in one sentence naming the line', () => {
    const head = '# chuhan puzzles 1 · xiangqi\n';
    expect(parsePuzzles('id\tfen\n')).toMatchObject({ ok: false, error: expect.stringContaining('not a chuhan puzzle library') });
    expect(parsePuzzles('# chuhan puzzles 2 · xiangqi\n')).toMatchObject({ ok: false, error: expect.stringContaining('version 2') });
    expect(parsePuzzles('# chuhan puzzles 1 · chess\n')).toMatchObject({ ok: false, error: expect.stringContaining('does not know') });
    expect(parsePuzzles(`${head}a\t${START}\th2e2 h9g7\t\tsrc\n`)).toMatchObject({ ok: false, error: expect.stringMatching(/^line 2 .*odd number/) });
    expect(parsePuzzles(`${head}a\t${START}\th2e2\t\tsrc\n\na\t${START}\th2e2\t\tsrc\n`)).toMatchObject({ ok: false, error: expect.stringMatching(/^line 4 repeats the id/) });
    expect(parsePuzzles(`${head}a\t${START}\th2e2\n`)).toMatchObject({ ok: false, error: expect.stringMatching(/^line 2 has 3 tab-separated fields/) });
    expect(parsePuzzles(`${head}a\t${START}\th2e2\t\tsrc\tstrong\n`)).toMatchObject({ ok: false, error: expect.stringContaining('rating "strong"') });
  });
});
