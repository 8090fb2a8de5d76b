import { describe, expect, it } from 'vitest';
import { hasMid, isPromotion, moveFrom, moveMid, moveTo } from '../src/core/move.js';
import { generatePseudo, generatePseudoCaptures, generatePseudoQuiets, isAttacked } from '../src/core/movegen.js';
import { legalMoves } from '../src/core/perft.js';
import type { Position } from '../src/core/position.js';
import { formatProblem } from '../src/core/problem.js';
import { createRng } from '../src/engine/rng.js';
import { chuCaptures, chuQuiets, fastCaptureTables } from '../src/games/chushogi/captures.js';
import { checksAfter, royalsAttacked, stepMasksExact } from '../src/games/chushogi/checks.js';
import { LION_CODE, attacked, lionCaptureAllowed } from '../src/games/chushogi/index.js';
import { FULL_TESTS } from './helpers/sample.js';
import { getGame } from '../src/games/registry.js';

const chu = getGame('chushogi');

/** The generic table-driven captures with the lion-trading filter: what chuCaptures specialises. */
function reference(pos: Position, out: Int32Array): number[] {
  const n = generatePseudoCaptures(pos, out, 0);
  const b = pos.board;
  const res: number[] = [];
  for (let i = 0; i < n; i++) {
    const m = out[i]!;
    const to = moveTo(m);
    const mid = moveMid(m);
    const lion = (to !== moveFrom(m) && LION_CODE[b[to]!]) || (mid >= 0 && LION_CODE[b[mid]!]);
    if (!lion || lionCaptureAllowed(pos, m)) res.push(m);
  }
  return res;
}

/**
 * Random games from the start under `rules` (captures preferred, so the board thins out and lions
 * and promotions come into play), calling visit(pos, ply) before every move.
 */
function playouts(rules: string, seeds: number, plies: number, visit: (pos: Position, ply: number, seed: number) => void): void {
  const game = chu.withRules!(rules)!;
  for (let seed = 1; seed <= seeds; seed++) {
    const r = game.parseFen(game.startFen);
    if (!r.ok) throw new Error(formatProblem(r.error));
    const pos = r.value;
    const rng = createRng(seed);
    for (let ply = 0; ply < plies; ply++) {
      const moves = legalMoves(pos);
      if (moves.length === 0) break;
      visit(pos, ply, seed);
      const caps = moves.filter((m) => pos.board[moveTo(m)] !== 0 && moveTo(m) !== moveFrom(m));
      const pick = caps.length > 0 && rng.int(3) > 0 ? caps : moves;
      pos.play(pick[rng.int(pick.length)]!);
    }
  }
}

describe('chu capture generation', () => {
  it('gives the generic generator’s captures in the same order (the search tree depends on it)', () => {
    const buf = new Int32Array(2048);
    let promotions = 0;
    let doubles = 0;
    let total = 0;
    for (const rules of ['lishogi', 'jcsa'])
      playouts(rules, 12, 160, (pos, ply, seed) => {
        if (ply % 4 !== seed % 4) return;
        if (ply === 0) expect(fastCaptureTables(pos.variant)).toBe(true);
        const n = chuCaptures(pos, buf, 0);
        const fast = Array.from(buf.subarray(0, n));
        expect(fast).toEqual(reference(pos, buf));
        total += n;
        promotions += fast.filter(isPromotion).length;
        doubles += fast.filter(hasMid).length;
      });
    expect(total).toBeGreaterThan(500);
    expect(promotions).toBeGreaterThan(0);
    expect(doubles).toBeGreaterThan(0);
  });
});

describe('chu quiet-move generation', () => {
  it('gives the generic generator’s quiet moves in the same order, promotions and lion passes included', () => {
    const buf = new Int32Array(4096);
    const ref = new Int32Array(4096);
    let promotions = 0;
    let passes = 0;
    let total = 0;
    for (const rules of ['lishogi', 'jcsa'])
      playouts(rules, 12, 160, (pos, ply, seed) => {
        if (ply % 4 !== seed % 4) return;
        const n = chuQuiets(pos, buf, 0);
        const fast = Array.from(buf.subarray(0, n));
        expect(fast).toEqual(Array.from(ref.subarray(0, generatePseudoQuiets(pos, ref, 0))));
        expect(pos.variant.generateQuiets).toBe(chuQuiets);
        total += n;
        promotions += fast.filter(isPromotion).length;
        passes += fast.filter((m) => hasMid(m) && moveTo(m) === moveFrom(m)).length;
      });
    expect(total).toBeGreaterThan(20000);
    expect(promotions).toBeGreaterThan(100);
    expect(passes).toBeGreaterThan(100);
  });
});

describe('chu attack test', () => {
  it('attacked() agrees with the generic isAttacked on every square of varied positions', () => {
    let yes = 0;
    let no = 0;
    playouts('lishogi', 10, 150, (pos, ply) => {
      if (ply % 15 !== 7) return;
      for (let sq = 0; sq < 144; sq++)
        for (const by of [0, 1]) {
          const a = attacked(pos, sq, by);
          expect(a).toBe(isAttacked(pos, sq, by));
          if (a) yes++;
          else no++;
        }
    });
    expect(yes).toBeGreaterThan(1000);
    expect(no).toBeGreaterThan(1000);
  });
});

describe('chu check test before a move', () => {
  it('checksAfter(pos, m) is exactly inCheck after m where no enemy royal is attacked (captures, double moves, promotions)', () => {
    const buf = new Int32Array(4096);
    const seen = { checks: 0, moves: 0, attackedNow: 0, captureChecks: 0, doubles: 0, promotionChecks: 0, royalCaptures: 0 };
    for (const rules of ['lishogi', 'jcsa'])
      playouts(rules, 8, 200, (pos, ply, seed) => {
        if (ply % 3 !== seed % 3) return;
        if (ply === 0) expect(stepMasksExact(pos)).toBe(true);
        if (royalsAttacked(pos)) {
          seen.attackedNow++;
          return;
        }
        const n = generatePseudo(pos, buf, 0);
        const b = pos.board;
        for (let i = 0; i < n; i++) {
          const m = buf[i]!;
          const to = moveTo(m);
          const mid = moveMid(m);
          const capture = (to !== moveFrom(m) && b[to] !== 0) || (mid >= 0 && b[mid] !== 0);
          const royal = (to !== moveFrom(m) && pos.variant.royal[b[to]!] === 1) || (mid >= 0 && pos.variant.royal[b[mid]!] === 1);
          const before = checksAfter(pos, m);
          pos.play(m);
          const check = pos.variant.inCheck(pos);
          pos.undo();
          expect(before).toBe(check);
          seen.moves++;
          if (hasMid(m) && mid >= 0 && b[mid] !== 0) seen.doubles++;
          if (royal) seen.royalCaptures++;
          if (!check) continue;
          seen.checks++;
          if (capture) seen.captureChecks++;
          if (isPromotion(m)) seen.promotionChecks++;
        }
      });
    expect(seen.moves).toBeGreaterThan(20000);
    expect(seen.checks).toBeGreaterThan(100);
    expect(seen.captureChecks).toBeGreaterThan(10);
    expect(seen.promotionChecks).toBeGreaterThan(0);
    expect(seen.doubles).toBeGreaterThan(30);
    // a royal that can be taken is attacked: those positions are left to the full test
    expect(seen.royalCaptures).toBe(0);
    expect(seen.attackedNow).toBeGreaterThan(10);
  });
});

describe('chu generators and attack tests on made-up boards (pieces on the edges, promoted pieces anywhere)', () => {
  it('chuCaptures, attacked and checksAfter agree with the generic code', () => {
    const buf = new Int32Array(8192);
    const seen = { captures: 0, moves: 0, edgeCaptures: 0 };
    for (const rules of ['lishogi', 'jcsa']) {
      const game = chu.withRules!(rules)!;
      const r = game.parseFen(game.startFen);
      if (!r.ok) throw new Error(formatProblem(r.error));
      const start = r.value;
      // every code of the start position and its promotion
      const codes = new Set<number>();
      for (const c of start.board)
        if (c !== 0) {
          codes.add(c);
          if (start.variant.promoted[c]) codes.add(start.variant.promoted[c]!);
        }
      const list = [...codes];
      const rng = createRng(rules === 'jcsa' ? 32 : 31);
      // a square on one of the four edges
      const edge = (): number => {
        const f = rng.int(12);
        return [f, 132 + f, f * 12, f * 12 + 11][rng.int(4)]!;
      };
      const onEdge = (sq: number): boolean => sq < 12 || sq >= 132 || sq % 12 === 0 || sq % 12 === 11;
      for (let t = 0; t < (FULL_TESTS ? 1500 : 750); t++) {
        const pos = start.clone();
        for (let sq = 0; sq < 144; sq++) if (pos.board[sq]) pos.put(sq, 0);
        for (let i = 2 + rng.int(t % 2 === 0 ? 14 : 70); i > 0; i--) pos.put(rng.int(2) ? edge() : rng.int(144), list[rng.int(list.length)]!);
        const n = chuCaptures(pos, buf, 0);
        const fast = Array.from(buf.subarray(0, n));
        expect(fast).toEqual(reference(pos, buf));
        seen.captures += n;
        seen.edgeCaptures += fast.filter((m) => onEdge(moveFrom(m)) || onEdge(moveTo(m))).length;
        for (let sq = 0; sq < 144; sq++)
          for (const by of [0, 1]) if (attacked(pos, sq, by) !== isAttacked(pos, sq, by)) expect([t, sq, by, attacked(pos, sq, by)]).toEqual([t, sq, by, isAttacked(pos, sq, by)]);
        if (royalsAttacked(pos)) continue;
        const k = generatePseudo(pos, buf, 0);
        const b = pos.board;
        for (let i = 0; i < k; i++) {
          const m = buf[i]!;
          const to = moveTo(m);
          const mid = moveMid(m);
          if ((to !== moveFrom(m) && pos.variant.royal[b[to]!] === 1) || (mid >= 0 && pos.variant.royal[b[mid]!] === 1)) continue;
          const before = checksAfter(pos, m);
          pos.play(m);
          const check = pos.variant.inCheck(pos);
          pos.undo();
          if (before !== check) expect([t, m, before]).toEqual([t, m, check]);
          seen.moves++;
        }
      }
    }
    // (750 boards a rule set; twice as many with CHUHAN_FULL_TESTS=1)
    const k = FULL_TESTS ? 2 : 1;
    expect(seen.captures).toBeGreaterThan(10000 * k);
    expect(seen.edgeCaptures).toBeGreaterThan(2500 * k);
    expect(seen.moves).toBeGreaterThan(50000 * k);
  });
});
