/**
 * Our xiangqi legal-move generator against Fairy-Stockfish's answers, recorded by
 * scripts/oracle/xiangqi-fsf.ts in fixtures/oracle/xiangqi-fsf.jsonl (the engine itself is not needed
 * here): the exact set of legal moves (UCI, ranks 1-10) on every recorded position — master games,
 * capture/check-biased playouts, random placements around the generals, hand-made rule cases — and
 * perft 3 on a few hundred of them (a seeded sample unless CHUHAN_FULL_TESTS=1).
 */
import { describe, expect, it } from 'vitest';
import { readOracle, type OracleRow } from './helpers/oracle.js';
import { howMany, sample } from './helpers/sample.js';
import { legalMoves, Perft } from '../src/core/perft.js';
import { xiangqi } from '../src/games/xiangqi/index.js';
import { parseXiangqiFen } from '../src/games/xiangqi/notation/fen.js';
import { formatUci } from '../src/games/xiangqi/notation/iccs.js';

interface Row extends OracleRow {
  fen: string;
}

const { moveRows, perftRows } = readOracle<Row>('xiangqi-fsf.jsonl');

const position = (fen: string) => {
  const p = parseXiangqiFen(fen);
  if (!p.ok) throw new Error(`${fen}: ${p.error}`);
  return p.value;
};

describe('xiangqi: recorded Fairy-Stockfish answers', () => {
  it('the fixture covers thousands of varied positions', () => {
    expect(moveRows.length).toBeGreaterThanOrEqual(3000);
    expect(perftRows.length).toBeGreaterThanOrEqual(300);
    const kinds = new Set(moveRows.map((r) => r.source.split(':')[0]));
    expect([...kinds].sort()).toEqual(['game', 'hand', 'placement', 'playout']);
    const inCheck = moveRows.filter((r) => xiangqi.inCheck(position(r.fen))).length;
    expect(inCheck).toBeGreaterThan(500);
    expect(moveRows.filter((r) => r.moves!.length === 0).length).toBeGreaterThan(10);
  });

  it('every legal move set is exactly the oracle\'s', () => {
    const bad: string[] = [];
    for (const r of moveRows) {
      const ours = legalMoves(position(r.fen)).map(formatUci).sort();
      const theirs = new Set(r.moves);
      const extra = ours.filter((m) => !theirs.has(m));
      const missing = r.moves!.filter((m) => !ours.includes(m));
      if (extra.length || missing.length || ours.length !== r.moves!.length)
        bad.push(`${r.source} ${r.fen}: ours only [${extra}], Fairy-Stockfish only [${missing}]`);
    }
    expect(bad.slice(0, 10)).toEqual([]);
  });

  // perft 3 on every recorded row is the slowest check here: a seeded 150 of the 400 by default,
  // all of them with CHUHAN_FULL_TESTS=1
  const perftSample = sample(perftRows, 150, 31);
  it(`perft counts equal the oracle's (${howMany(perftRows.length, perftSample.length)} positions)`, () => {
    const counter = new Perft();
    const bad: string[] = [];
    for (const r of perftSample) {
      const n = counter.count(position(r.fen), r.depth!);
      if (n !== r.nodes) bad.push(`${r.source} ${r.fen}: perft ${r.depth} ours ${n}, Fairy-Stockfish ${r.nodes}`);
    }
    expect(bad.slice(0, 10)).toEqual([]);
  });
});
