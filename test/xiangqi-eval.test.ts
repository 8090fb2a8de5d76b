/**
 * The xiangqi evaluation returns exactly what the reference (the evaluation as it was at dd97145,
 * test/helpers/xiangqi-eval-reference.ts) returns: in searches (their windows and incremental
 * sums), and on positions from random play and the fixtures with random windows.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { moveTo } from '../src/core/move.js';
import { legalMoves } from '../src/core/perft.js';
import type { Position } from '../src/core/position.js';
import type { IncrementalEval } from '../src/core/profile.js';
import { profileFor } from '../src/engine/profiles.js';
import { Searcher } from '../src/engine/search.js';
import { buildXiangqiTables, xiangqiProfile } from '../src/games/xiangqi/eval.js';
import { xiangqi } from '../src/games/xiangqi/index.js';
import { formatXiangqiFen } from '../src/games/xiangqi/notation/fen.js';
import { failures } from './helpers/failures.js';
import { referenceXiangqiEvaluate } from './helpers/xiangqi-eval-reference.js';
import { FULL_TESTS } from './helpers/sample.js';
import { XQ_START_FEN, xq } from './helpers/xiangqi.js';

const BENCH = [
  '1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1',
  'r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1',
  'r2akab2/9/1cn1b1n2/p1p1p3p/6pr1/2P6/P3P1P1P/1CN1C1N2/4A4/R1BAK1B1R w - - 0 1',
];

function fixtureFens(): string[] {
  const fens: string[] = [];
  for (const f of ['fixtures/tactics/xiangqi-mates.txt', 'fixtures/tactics/xiangqi-mates-fsf.txt'])
    for (const line of readFileSync(f, 'utf8').split('\n'))
      if (line.trim() !== '' && !line.startsWith('#')) fens.push(line.split('|')[0]!.trim());
  for (const c of JSON.parse(readFileSync('fixtures/endings/xiangqi-cases.json', 'utf8')) as { fen: string }[]) fens.push(c.fen);
  return fens;
}

let seed = 12345;
const rand = (n: number): number => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return (seed >>> 8) % n;
};

const { pst } = buildXiangqiTables();
function incOf(pos: Position): IncrementalEval {
  const counts = new Int32Array(xiangqi.codeCount);
  let psqt = 0;
  pos.board.forEach((p, sq) => {
    if (p === 0) return;
    psqt += pst[p * pos.board.length + sq]!;
    counts[p]!++;
  });
  return { psqt, counts };
}

describe('xiangqi evaluation against the reference', () => {
  it('the same score for every call of fixed-depth searches (their windows, the incremental sums)', () => {
    const profile = profileFor(xiangqi);
    const evaluate = profile.evaluate;
    const ref = referenceXiangqiEvaluate();
    let calls = 0;
    let bad = 0;
    (profile as { evaluate: typeof evaluate }).evaluate = (pos, alpha, beta, inc) => {
      const a = evaluate(pos, alpha, beta, inc);
      if (ref(pos, alpha, beta, inc) !== a) bad++;
      calls++;
      return a;
    };
    try {
      for (const fen of [XQ_START_FEN, ...BENCH]) new Searcher({ ttMegabytes: 4 }).search(xq(fen), { depth: 6 });
    } finally {
      (profile as { evaluate: typeof evaluate }).evaluate = evaluate;
    }
    expect(calls).toBeGreaterThan(20000);
    expect(bad).toBe(0);
  });

  it('the same score on positions from random play and the fixtures, with random windows, with and without the incremental sums', () => {
    const evaluate = xiangqiProfile(xiangqi).evaluate;
    const ref = referenceXiangqiEvaluate();
    const positions: Position[] = fixtureFens().map(xq);
    // 25 random games (80 with CHUHAN_FULL_TESTS=1)
    for (let game = 0; game < (FULL_TESTS ? 80 : 25); game++) {
      const pos = xq(game % 4 === 0 ? XQ_START_FEN : BENCH[game % 3]!);
      for (let ply = 0; ply < 150; ply++) {
        const moves = legalMoves(pos);
        if (moves.length === 0) break;
        // captures more often than their share, towards the endgames
        const caps = moves.filter((m) => pos.board[moveTo(m)] !== 0);
        const pick = caps.length > 0 && rand(3) === 0 ? caps : moves;
        pos.play(pick[rand(pick.length)]!);
        positions.push(pos.clone());
      }
    }
    // collected and asserted once (test/helpers/failures.ts): 20,000 expect calls were half this test's time
    const f = failures();
    let checked = 0;
    for (const pos of positions) {
      const inc = incOf(pos);
      const expected = [ref(pos), ref(pos, -(1 << 20), 1 << 20, inc)];
      const got = [evaluate(pos), evaluate(pos, -(1 << 20), 1 << 20, inc)];
      const fen = () => formatXiangqiFen(pos);
      f.check(got[0] === expected[0] && got[1] === expected[1], () => `${fen()}: ${got}, the reference ${expected}`);
      for (let k = 0; k < 6; k++) {
        const rel = (pos.turn === 0 ? inc.psqt : -inc.psqt) + 10;
        const alpha = rel + rand(800) - 400;
        const beta = rand(2) === 0 ? alpha + 1 : alpha + 1 + rand(300);
        const i = rand(2) === 0 ? inc : undefined;
        const [e, r] = [evaluate(pos, alpha, beta, i), ref(pos, alpha, beta, i)];
        f.check(e === r, () => `${fen()} in (${alpha}, ${beta})${i ? ' with the sums' : ''}: ${e}, the reference ${r}`);
        checked++;
      }
    }
    expect(f.list).toEqual([]);
    expect(positions.length).toBeGreaterThan(FULL_TESTS ? 8000 : 3000);
    expect(checked).toBeGreaterThan(FULL_TESTS ? 48000 : 18000);
  });
});
