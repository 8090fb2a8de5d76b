/**
 * Our Chu Shogi legal-move generator against lishogi's rules library shogiops, whose answers
 * scripts/oracle/chu-shogiops.ts recorded in fixtures/oracle/chushogi-shogiops.jsonl (shogiops itself
 * is not needed here). Both sides are in the spec's move identity (same start, end, captured squares
 * and promotion; a double step through an empty square to another square is the plain move; each
 * piece's pass is one move, written with the middle square giving the smallest USI string). Also
 * checked: lishogi's count of move strings (one per lion path) against our pathCount, and perft 2.
 */
import { describe, expect, it } from 'vitest';
import { isPass, moveFrom } from '../src/core/move.js';
import { readOracle, type OracleRow } from './helpers/oracle.js';
import { legalMoves, Perft } from '../src/core/perft.js';
import type { Position } from '../src/core/position.js';
import { lionDoubleStepSquares } from '../src/games/chushogi/index.js';
import { pathCount } from '../src/games/chushogi/paths.js';
import { parseChuSfen } from '../src/games/chushogi/notation/sfen.js';
import { formatUsi, usiSquare } from '../src/games/chushogi/notation/usi.js';

interface Row extends OracleRow {
  sfen: string;
  paths?: number;
}

const { moveRows, perftRows } = readOracle<Row>('chushogi-shogiops.jsonl');

const position = (sfen: string): Position => {
  const p = parseChuSfen(sfen);
  if (!p.ok) throw new Error(`${sfen}: ${p.error}`);
  return p.value;
};

/** Our legal moves in the fixture's form. */
function canonical(pos: Position): string[] {
  const b = pos.board;
  return legalMoves(pos)
    .map((m) => {
      const from = moveFrom(m);
      if (!isPass(b, m)) return formatUsi(m);
      const spellings: string[] = [];
      for (let s = 0; s < b.length; s++)
        if (s !== from && b[s] === 0 && lionDoubleStepSquares(pos, from, s, from)) spellings.push(usiSquare(from) + usiSquare(s) + usiSquare(from));
      return spellings.sort()[0]!;
    })
    .sort();
}

describe('chu shogi: recorded shogiops answers', () => {
  it('the fixture covers thousands of varied positions', () => {
    expect(moveRows.length).toBeGreaterThanOrEqual(3000);
    expect(perftRows.length).toBeGreaterThanOrEqual(200);
    const kinds = new Set(moveRows.map((r) => r.source.split(':')[0]));
    expect([...kinds].sort()).toEqual(['duel', 'game', 'hand', 'playout', 'random']);
    // the lion rules are exercised: counter-strike squares, capturing double moves, refused captures
    expect(moveRows.filter((r) => r.sfen.split(' ')[2] !== '-').length).toBeGreaterThan(100);
    expect(moveRows.filter((r) => r.moves!.some((m) => /^\d+[a-l]\d+[a-l]\d+[a-l]$/.test(m))).length).toBeGreaterThan(500);
  });

  it('every legal move set is exactly the oracle\'s, and so is the lishogi path count', () => {
    const bad: string[] = [];
    for (const r of moveRows) {
      const pos = position(r.sfen);
      const ours = canonical(pos);
      const theirs = new Set(r.moves);
      const extra = ours.filter((m) => !theirs.has(m));
      const missing = r.moves!.filter((m) => !ours.includes(m));
      if (extra.length || missing.length || ours.length !== r.moves!.length)
        bad.push(`${r.source} ${r.sfen}: ours only [${extra}], shogiops only [${missing}]`);
      else {
        const paths = legalMoves(pos).reduce((n, m) => n + pathCount(pos, m), 0);
        if (paths !== r.paths) bad.push(`${r.source} ${r.sfen}: path count ours ${paths}, shogiops ${r.paths}`);
      }
    }
    expect(bad.slice(0, 10)).toEqual([]);
  });

  it('perft counts (distinct moves) equal the oracle\'s', () => {
    const counter = new Perft();
    const bad: string[] = [];
    for (const r of perftRows) {
      const n = counter.count(position(r.sfen), r.depth!);
      if (n !== r.nodes) bad.push(`${r.source} ${r.sfen}: perft ${r.depth} ours ${n}, shogiops ${r.nodes}`);
    }
    expect(bad.slice(0, 10)).toEqual([]);
  });
});
