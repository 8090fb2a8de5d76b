// Puzzle sources (src/puzzle/sources.ts): chuhan libraries, .eglib endgame libraries and JSON chu
// mate problems read into one shape. Reading only: no engine search.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatPuzzles } from '../src/puzzle/library.js';
import { endsInMate, replayPuzzle } from '../src/puzzle/line.js';
import { readPuzzleFile } from '../src/puzzle/sources.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/puzzles/${name}`, import.meta.url), 'utf8');

describe('readPuzzleFile', () => {
  it('reads an .eglib library: a puzzle an entry, no solution where the line gives none', () => {
    const r = readPuzzleFile(fixture('level0-head.eglib'), 'level0-head.eglib');
    if (!r.ok) throw new Error(r.error);
    expect(r.value.game).toBe('xiangqi');
    expect(r.value.puzzles).toHaveLength(8);
    const first = r.value.puzzles[0]!;
    expect(first.id).toBe('eg-1');
    expect(first.solution).toEqual([]);
    expect(first.fen).toBe('9/3k5/3aP4/9/9/9/9/9/9/4K4 w - - 0 1');
    // 兵的杀法, "the soldier's mates": a mate, an endgame of a pawn
    expect(first.themes).toEqual(expect.arrayContaining(['mate', 'phase:endgame', 'endgame:pawn']));
    expect(first.source).toContain('兵的杀法');
    expect(first.source).toContain('entry 1');
  });

  it('takes an .eglib solution where the line has one, in the game coordinates', () => {
    const r = readPuzzleFile('炮的杀法|3aka3/9/9/9/4C4/9/C8/9/9/3K5 w - - 0 1|a3e3\n', 'x.eglib');
    if (!r.ok) throw new Error(r.error);
    const p = r.value.puzzles[0]!;
    expect(p.solution).toEqual(['a3e3']);
    expect(p.themes).toEqual(expect.arrayContaining(['mate', 'mate1', 'endgame:cannon']));
    const replayed = replayPuzzle(p);
    expect(replayed.ok && endsInMate(replayed.value)).toBe(true);
  });

  it('reads a chu mate problem (JSON): a mate puzzle whose solution ends in mate', () => {
    const r = readPuzzleFile(fixture('kinu01.json'), 'kinu01.json');
    if (!r.ok) throw new Error(r.error);
    expect(r.value.game).toBe('chushogi');
    const p = r.value.puzzles[0]!;
    expect(p.id).toBe('kinu01');
    expect(p.solution).toHaveLength(7);
    expect(p.themes).toEqual(['mate', 'mate4', 'tsume']);
    const replayed = replayPuzzle(p);
    if (!replayed.ok) throw new Error(replayed.error);
    // the problem ends at the last check: every reply lets the king be taken
    expect(endsInMate(replayed.value)).toBe(true);
    // one move short of it is no mate
    expect(endsInMate({ ...replayed.value, moves: replayed.value.moves.slice(0, 5) })).toBe(false);
  });

  it('reads a chuhan library, and refuses what is none of these in one sentence', () => {
    const lib = readPuzzleFile(fixture('planted.tsv'), 'planted.tsv');
    if (!lib.ok) throw new Error(lib.error);
    expect(lib.value.puzzles.map((p) => p.id)).toEqual(['p-ok', 'p-cook', 'p-wrong']);
    const again = readPuzzleFile(formatPuzzles('xiangqi', lib.value.puzzles), 'again.tsv');
    expect(again.ok && again.value.puzzles).toEqual(lib.value.puzzles);
    const bad = readPuzzleFile('hello world\n', 'notes.txt');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/neither a chuhan puzzle library/);
    const badJson = readPuzzleFile('{"id": 1}', 'p.json');
    expect(badJson.ok).toBe(false);
  });

  it('keeps an entry whose position cannot be read, for the checker to report', () => {
    const r = readPuzzleFile('ok|3aka3/9/9/9/4C4/9/C8/9/9/3K5 w - - 0 1|a3e3\nbad|3A1k3/9/9/9/9/9/9/9/9/4K4 w - - 0 1\n', 'x.eglib');
    if (!r.ok) throw new Error(r.error);
    expect(r.value.puzzles).toHaveLength(2);
    const bad = replayPuzzle(r.value.puzzles[1]!);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/its position cannot be read: .*palace/);
  });

  it('keeps an illegal solution as written (for the checker to report)', () => {
    const r = readPuzzleFile('车的杀法|3a1k3/4a4/9/9/9/4R4/9/9/9/4K4 w - - 0 1|e4e0\n', 'x.eglib');
    if (!r.ok) throw new Error(r.error);
    expect(r.value.puzzles[0]!.solution).toEqual(['e4e0']);
    const replayed = replayPuzzle(r.value.puzzles[0]!);
    expect(replayed.ok).toBe(false);
    if (!replayed.ok) expect(replayed.error).toMatch(/move 1 \("e4e0"\) cannot be played/);
  });
});
