/** Typed errors: parsers return a code with parameters, one formatter writes the sentence. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bareProblem, formatProblem, type Problem } from '../src/core/problem.js';
import { CHU_XBOARD } from '../src/games/chushogi/xboard.js';
import { parseChuSfen } from '../src/games/chushogi/notation/sfen.js';
import { parseChuMove } from '../src/games/chushogi/notation/detect.js';
import { parseXiangqiFen } from '../src/games/xiangqi/notation/fen.js';
import { parseXiangqiMove } from '../src/games/xiangqi/notation/detect.js';
import { parseRecords } from '../src/notation/pgn.js';

const problemOf = <T>(r: { ok: true; value: T } | { ok: false; error: Problem }): Problem => {
  if (r.ok) throw new Error('expected a problem');
  return r.error;
};

describe('problems are codes with parameters', () => {
  it('a FEN problem names its field and what was found', () => {
    const p = problemOf(parseXiangqiFen('4k4/9/9/9/9/9/9/9/9/4K4 x'));
    expect(p).toEqual({ code: 'fen.side', format: 'FEN', allowed: 'w, r or b', found: 'x' });
    expect(formatProblem(p)).toBe('FEN field 2: side to move must be w, r or b, not "x"');
  });

  it('an impossible placement is a reason inside the FEN problem, with its square', () => {
    const p = problemOf(parseXiangqiFen('3k5/9/9/9/9/9/9/9/9/A3K4 w'));
    expect(p.code).toBe('fen.placement');
    if (p.code !== 'fen.placement') return;
    expect(p.reason).toMatchObject({ code: 'placement.outside-palace', side: 'red', piece: 'advisor', at: { sq: 0, name: 'a0' } });
    expect(formatProblem(p)).toBe('FEN field 1: red advisor on a0 is outside the palace');
  });

  it('the board field of SFEN says SFEN, the XBoard chu dialect says FEN: one parameter, no rewriting', () => {
    const sfen = problemOf(parseChuSfen('12/12 b - 1'));
    const xb = problemOf(CHU_XBOARD.parseFen('12/12 w - 0 1'));
    expect([sfen.code, xb.code]).toEqual(['fen.rank-count', 'fen.rank-count']);
    expect(formatProblem(sfen)).toBe('SFEN field 1: expected 12 ranks separated by "/", found 2');
    expect(formatProblem(xb)).toBe('FEN field 1: expected 12 ranks separated by "/", found 2');
  });

  it('a move problem quotes the text around a bare reason', () => {
    const p = problemOf(parseXiangqiMove(xqStart(), 'h0h2'));
    expect(p.code).toBe('move.quoted');
    expect(bareProblem(p, 'h0h2')).toMatchObject({ code: 'move.shape', piece: 'horse', shape: 'horse' });
    expect(formatProblem(p)).toBe('"h0h2": the horse on h0 moves one point straight then one diagonally, not to h2');
  });

  it('a dialect writes the same problem with its own square names (chu: USI 7i, XBoard f4)', () => {
    const pos = CHU_XBOARD.start();
    const usi = problemOf(parseChuMove(pos, '7i7g'));
    expect(formatProblem(usi)).toBe('"7i7g": the Pawn on 7i cannot move to 7g');
    const xb = problemOf(CHU_XBOARD.parseMove(pos, 'f4f6'));
    expect(formatProblem(xb, CHU_XBOARD.problemContext)).toBe('"f4f6": the Pawn on f4 cannot move to f6');
    // without the dialect's context the squares are the game's default (USI) names
    expect(formatProblem(xb)).toBe('"f4f6": the Pawn on 7i cannot move to 7g');
  });

  it('PGN syntax errors carry a code next to the sentence', () => {
    const [g] = parseRecords('1. h2e2 ) h9g7 *\n');
    expect(g!.errors.map((e) => [e.problem.code, e.message])).toEqual([['pgn.unmatched-paren', 'unmatched ")" with no variation open']]);
  });
});

describe('no message is rewritten by text surgery', () => {
  it('src has no replace/slice/startsWith on an error text', () => {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.tsx?$/.test(name)) files.push(p);
      }
    };
    walk(new URL('../src', import.meta.url).pathname);
    const bad: string[] = [];
    for (const f of files)
      readFileSync(f, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/(error|reason|message)\.(replace|slice|startsWith|includes|match)\(|exec\((r\.)?err/.test(line)) bad.push(`${f}:${i + 1}: ${line.trim()}`);
        });
    expect(bad).toEqual([]);
  });
});

function xqStart() {
  const r = parseXiangqiFen('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1');
  if (!r.ok) throw new Error(formatProblem(r.error));
  return r.value;
}
