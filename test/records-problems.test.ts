/** Problems kept as JSON (`{"id", "sfen", "solution"}`): told by content, each one record. */
import { describe, expect, it } from 'vitest';
import { parseProblemJson } from '../src/notation/records/problem-json.js';
import { detectTextFormat } from '../src/notation/records/detect-text.js';
import { readFileSync } from 'node:fs';

const at = (name: string) => new URL(`../fixtures/records/problems/${name}`, import.meta.url);

describe('JSON problems', () => {
  it('a tsume file is detected by its content and read as one record: the SFEN, the solution with places', () => {
    const text = readFileSync(at('kinu01.json'), 'utf8');
    expect(detectTextFormat(text)).toBe('json');
    const [rec, ...rest] = parseProblemJson(text);
    expect(rest).toEqual([]);
    expect(rec!.tags['FEN']).toBe('5ex1+Pc2/6okt3/3s4X2+H/2+D9/3p+v1+Dpt3/12/12/2+a6q2/12/12/12/12 b - 1');
    expect(rec!.tags['Event']).toBe('kinu01');
    expect(rec!.moves.map((m) => m.text)).toEqual(['10d7d', '8e7d', '4c6a+', '5b6a', '6e8c', '7d8c', '1c6c']);
    expect(rec!.moves.map((m) => m.line)).toEqual([5, 6, 7, 8, 9, 10, 11]);
    expect(rec!.errors).toEqual([]);
  });

  it('a list of problems, and bad ones: each its own record with one clear error', () => {
    const recs = parseProblemJson('[{"sfen": "12/12/12/12/12/12/12/12/12/12/12/K11 b - 1", "solution": ["12l11l"]}, {"id": 2, "solution": []}, 7]');
    expect(recs.map((r) => r.moves.length)).toEqual([1, 0, 0]);
    expect(recs[1]!.errors.map((e) => e.message)).toEqual(['problem 2 has no "sfen" (or "fen") text']);
    expect(recs[2]!.errors.map((e) => e.message)).toEqual(['problem 3 is not a JSON object']);
    expect(parseProblemJson('{"sfen": "x", "solution": [')[0]!.errors.map((e) => e.message)).toEqual([
      'the JSON text cannot be read (a syntax error)',
    ]);
  });

  it('JSON without problems is no record', () => {
    expect(detectTextFormat('{"name": "chuhan", "version": "0.1.0"}')).toBe('none');
  });
});

describe('chuhan validate on JSON problems', () => {
  it('the classical chu mate problems replay their solutions (the attacker has no king)', async () => {
    const { runCli } = await import('./helpers/cli.js');
    const r = await runCli(['validate', new URL('../fixtures/records/problems/', import.meta.url).pathname]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/kinu01\.json: game 1: ok, 7 plies, \*\n.*kinu02\.json: game 1: ok, 15 plies, \*\n$/);
  });
});
