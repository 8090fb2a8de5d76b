/**
 * The same 15 master games in ICCS, WXF (full-width, sign-before-letter tandem forms) and Chinese
 * (fixtures/games/xiangqi/): all three parse to the same move sequences.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Position } from '../src/core/position.js';
import { formatProblem, type Problem } from '../src/core/problem.js';
import type { Result } from '../src/core/result.js';
import { parseChineseReason } from '../src/games/xiangqi/notation/chinese.js';
import { parseXiangqiCoordinateReason, parseXiangqiMoveReason } from '../src/games/xiangqi/notation/detect.js';
import { xiangqiStartPosition } from '../src/games/xiangqi/notation/fen.js';
import { formatIccs } from '../src/games/xiangqi/notation/iccs.js';
import { parseRecords } from '../src/notation/pgn.js';
import { parseWxfReason } from '../src/games/xiangqi/notation/wxf.js';
import { XQ_GAMES } from './helpers/fixtures.js';

const load = (name: string) => parseRecords(readFileSync(XQ_GAMES + name, 'utf8'));

type Parse = (pos: Position, text: string) => Result<number, Problem>;

/** Each game as ICCS texts, replayed with `parse`; throws with the ply on the first failure. */
function sequences(file: string, parse: Parse): string[][] {
  return load(file).map((g, gi) => {
    const pos = xiangqiStartPosition();
    return g.moves.map((mv, i) => {
      const r = parse(pos, mv.text);
      if (!r.ok) throw new Error(`${file} game ${gi + 1} ply ${i + 1} "${mv.text}": ${formatProblem(r.error)}`);
      pos.play(r.value);
      return formatIccs(r.value);
    });
  });
}

describe('xqdb: one set of games in three notations', () => {
  const iccs = sequences('bulk_games_uci.pgn', (p, t) => parseXiangqiCoordinateReason(p, t, 'iccs'));
  const wxf = sequences('xqdb_international.pgn', parseWxfReason);
  const chinese = sequences('xqdb_traditional.pgn', parseChineseReason);

  it('holds 15 games, every move legal in each notation', () => {
    expect(iccs.length).toBe(15);
    expect(wxf.length).toBe(15);
    expect(chinese.length).toBe(15);
    expect(iccs.map((g) => g.length)).toEqual(wxf.map((g) => g.length));
    expect(iccs.flat().length).toBeGreaterThan(1200);
  });

  it('WXF and Chinese give identical move sequences', () => {
    expect(wxf).toEqual(chinese);
  });

  it('ICCS gives the same sequences, but for one ply where the source files disagree', () => {
    // Game 2, ply 71: red soldiers stand on e5 and e3. The ICCS file plays the front one (e5e6);
    // the WXF and Chinese files write "－Ｐ＋１" / "后兵进一", the rear one (e3e4). Both are legal
    // and the game ends five plies later, so the data itself cannot tell which was played.
    const diffs: string[] = [];
    iccs.forEach((g, gi) => {
      g.forEach((m, i) => {
        if (m !== wxf[gi]![i]) diffs.push(`game ${gi + 1} ply ${i + 1}: ${m} / ${wxf[gi]![i]}`);
      });
    });
    expect(diffs).toEqual(['game 2 ply 71: e5e6 / e3e4']);
  });

  it('the any-notation reader agrees with each specific one', () => {
    const viaAny = (file: string) => sequences(file, (p, t) => parseXiangqiMoveReason(p, t));
    expect(viaAny('bulk_games_uci.pgn')).toEqual(iccs);
    expect(viaAny('xqdb_international.pgn')).toEqual(wxf);
    expect(viaAny('xqdb_traditional.pgn')).toEqual(chinese);
  });
});
