// The puzzle checker (src/puzzle/check.ts, `chuhan puzzle --check`): a small library with a planted
// cook and a wrong solution (fixtures/puzzles/planted.tsv), searched at a small node budget.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkPuzzles, isProblem, solvePuzzle } from '../src/puzzle/check.js';
import { PuzzleJudge } from '../src/puzzle/judge.js';
import { readPuzzleFile } from '../src/puzzle/sources.js';
import { getGame } from '../src/games/registry.js';
import { puzzleCheck } from '../src/cli/commands/puzzle-check.js';
import type { Io } from '../src/cli/context.js';

const path = (name: string) => new URL(`../fixtures/puzzles/${name}`, import.meta.url).pathname;
const planted = readPuzzleFile(readFileSync(path('planted.tsv'), 'utf8'), 'planted.tsv');
const BUDGET = { nodes: 20_000 };

function captureIo(): Io & { stdout: string; stderr: string } {
  const io = { stdout: '', stderr: '', isTTY: false, env: {}, out: (t: string) => void (io.stdout += t), err: (t: string) => void (io.stderr += t) };
  return io;
}

describe('checkPuzzles', () => {
  it('finds the planted cook and the wrong solution, and nothing in the sound puzzle', () => {
    if (!planted.ok) throw new Error(planted.error);
    const r = checkPuzzles(planted.value.puzzles, BUDGET);
    const problems = r.findings.filter(isProblem);
    expect(problems.filter((f) => f.id === 'p-ok')).toEqual([]);
    const cook = problems.find((f) => f.id === 'p-cook');
    expect(cook).toMatchObject({ kind: 'cook', move: 1, alternative: 'a5a8' });
    const wrong = problems.filter((f) => f.id === 'p-wrong');
    expect(wrong.map((f) => f.kind)).toContain('wrong');
    expect(wrong.find((f) => f.kind === 'wrong')!.message).toMatch(/does not end in mate/);
    expect(r.faulty).toBe(2);
  });

  it('solves an endgame entry without a solution with the engine', () => {
    const lib = readPuzzleFile(readFileSync(path('level0-head.eglib'), 'utf8'), 'level0-head.eglib');
    if (!lib.ok) throw new Error(lib.error);
    // entry 3: the engine's mate in 3 (three soldiers)
    const solved = solvePuzzle(lib.value.puzzles[2]!, new PuzzleJudge(getGame('xiangqi'), BUDGET));
    expect(solved?.themes).toContain('mate3');
    expect(solved?.solution).toHaveLength(5);
  });
});

describe('puzzleCheck (the command)', () => {
  it('reports per file, one line per problem, and exits 1 when it found some', async () => {
    const io = captureIo();
    const code = await puzzleCheck([path('planted.tsv')], io, { depth: '6' });
    expect(code).toBe(1);
    expect(io.stdout).toMatch(/planted\.tsv: 3 puzzles \(xiangqi\), each search depth 6/);
    expect(io.stdout).toMatch(/^ {2}p-cook move 1: cook: a5a8 wins too/m);
    expect(io.stdout).toMatch(/^ {2}p-wrong move 1: wrong: the solution does not end in mate/m);
    expect(io.stdout).toMatch(/^ {2}p-wrong move 1: wrong: a8a9 mates only in 3, not in 1/m);
    expect(io.stdout).toMatch(/planted\.tsv: 2 puzzles with problems \(\d+ cooks, 2 wrongs\)/);
  });

  it('exits 2 with one sentence for a file it cannot read, 0 when every solution holds (JSON)', async () => {
    const io = captureIo();
    expect(await puzzleCheck([path('no-such.tsv')], io, {})).toBe(2);
    expect(io.stderr).toMatch(/^cannot read .*no-such\.tsv/);
    const ok = captureIo();
    expect(await puzzleCheck([path('kinu01.json')], ok, { depth: '2', json: true })).toBe(0);
    const report = JSON.parse(ok.stdout) as { files: { game: string; puzzles: number; faulty: number }[] };
    expect(report.files[0]).toMatchObject({ game: 'chushogi', puzzles: 1, faulty: 0 });
    await expect(puzzleCheck([], captureIo(), {})).rejects.toThrow(/needs a puzzle file/);
  });
});
