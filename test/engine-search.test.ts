import { describe, expect, it } from 'vitest';
import { hasMid, moveFrom, moveMid, moveTo, plainMove, type Move } from '../src/core/move.js';
import { legalMoves } from '../src/core/perft.js';
import type { Position } from '../src/core/position.js';
import { chushogiProfile } from '../src/games/chushogi/eval.js';
import { xiangqiProfile } from '../src/games/xiangqi/eval.js';
import { replay } from '../src/engine/history.js';
import { genericProfile, RULE_WIN } from '../src/core/profile.js';
import { profileFor } from '../src/engine/profiles.js';
import { createRng } from '../src/engine/rng.js';
import { isMateScore, MATE, mateIn, Searcher } from '../src/engine/search.js';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, TranspositionTable } from '../src/engine/tt.js';
import { xiangqiCaptures, xiangqiPseudoCaptures } from '../src/games/xiangqi/captures.js';
import { generatePseudo, generatePseudoCaptures, generatePseudoQuiets } from '../src/core/movegen.js';
import { xiangqiPseudo, xiangqiPseudoQuiets } from '../src/games/xiangqi/moves.js';
import { chuCaptures } from '../src/games/chushogi/captures.js';
import { cannotGiveCheck, givesCheck, xiangqi } from '../src/games/xiangqi/index.js';
import { givesCheckBefore } from '../src/games/xiangqi/gives-check.js';
import { formatIccs, parseCoordinate } from '../src/games/xiangqi/notation/iccs.js';
import { getGame } from '../src/games/registry.js';
import { xq } from './helpers/xiangqi.js';
import { formatProblem } from '../src/core/problem.js';

const XQ_START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
const XQ_MIDDLE = '1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1';
const chu = getGame('chushogi');
/** Lishogi game 4 after 60 plies (bench/search.bench.js). */
const CHU_MIDDLE = 'l1csgekgsc1l/a1bdtxodtbfa/2r1hq3r1m/m1vp4p1vp/p1fi1pppipp1/1pp1pn6/12/PPPIP1PPIPPP/MF1PHP1NP1FM/A1R2DQH1R1A/1V1STOXTSBV1/LBC1GKEG1C1L b - 61';
const chuPos = (sfen: string): Position => {
  const r = chu.parseFen(sfen);
  if (!r.ok) throw new Error(formatProblem(r.error));
  return r.value;
};

/** Random legal playout of n plies (stops early at a game end). */
function playout(pos: Position, n: number, seed: number): Position {
  const p = pos.clone();
  const rng = createRng(seed);
  for (let i = 0; i < n; i++) {
    const moves = legalMoves(p);
    if (moves.length === 0) break;
    p.play(moves[rng.int(moves.length)]!);
  }
  return p;
}

const expectLegalLine = (pos: Position, line: readonly Move[]) => {
  const p = pos.clone();
  for (const m of line) {
    expect(legalMoves(p)).toContain(m);
    p.play(m);
  }
};

describe('transposition table', () => {
  it('stores and finds entries by the 64-bit hash, with mate scores and bounds kept', () => {
    const tt = new TranspositionTable(1);
    expect(tt.probe(123, 456)).toBe(-1);
    tt.store(123, 456, 0x0304, -29990, 7, BOUND_EXACT);
    const e = tt.probe(123, 456);
    expect(e).toBeGreaterThanOrEqual(0);
    expect([tt.move, tt.score, tt.depth, tt.bound]).toEqual([0x0304, -29990, 7, BOUND_EXACT]);
    // same bucket, other check word: not found
    expect(tt.probe(123, 457)).toBe(-1);
    // a result without a move keeps the old move
    tt.store(123, 456, 0, 50, 9, BOUND_LOWER);
    expect(tt.probe(123, 456)).toBeGreaterThanOrEqual(0);
    expect([tt.move, tt.score, tt.depth, tt.bound]).toEqual([0x0304, 50, 9, BOUND_LOWER]);
    // depth 0 entries are real entries too
    tt.store(99, 1, 5, 1, 0, BOUND_UPPER);
    expect(tt.probe(99, 1)).toBeGreaterThanOrEqual(0);
    expect(tt.depth).toBe(0);
    tt.clear();
    expect(tt.probe(123, 456)).toBe(-1);
  });

  it('keeps the deeper entry when a bucket is full', () => {
    const tt = new TranspositionTable(1);
    tt.store(7, 1, 1, 0, 10, BOUND_EXACT);
    tt.store(7, 2, 2, 0, 3, BOUND_EXACT);
    tt.store(7, 3, 3, 0, 5, BOUND_EXACT); // replaces the depth-3 entry
    expect(tt.probe(7, 1)).toBeGreaterThanOrEqual(0);
    expect(tt.probe(7, 2)).toBe(-1);
    expect(tt.probe(7, 3)).toBeGreaterThanOrEqual(0);
  });

  it('never lets a quiescence entry (depth 0) replace a deeper one of this search or of its position', () => {
    const tt = new TranspositionTable(1);
    tt.store(7, 1, 1, 40, 6, BOUND_EXACT);
    tt.store(7, 1, 9, -5, 0, BOUND_UPPER); // the same position: the depth-6 entry stays
    tt.probe(7, 1);
    expect([tt.move, tt.score, tt.depth]).toEqual([1, 40, 6]);
    tt.store(7, 2, 2, 0, 3, BOUND_EXACT);
    tt.store(7, 3, 3, 0, 0, BOUND_EXACT); // a full bucket of deeper entries: dropped
    expect(tt.probe(7, 3)).toBe(-1);
    expect(tt.probe(7, 2)).toBeGreaterThanOrEqual(0);
    tt.newSearch();
    tt.store(7, 3, 3, 0, 0, BOUND_EXACT); // entries of an older search give way
    expect(tt.probe(7, 3)).toBeGreaterThanOrEqual(0);
    tt.store(7, 4, 4, 0, 0, BOUND_LOWER);
    expect(tt.probe(7, 4)).toBeGreaterThanOrEqual(0);
    expect(tt.probe(7, 1)).toBe(-1);
    tt.store(7, 5, 5, 0, 0, BOUND_LOWER); // and so does a depth-0 entry of this search
    expect(tt.probe(7, 5)).toBeGreaterThanOrEqual(0);
    expect([tt.probe(7, 3), tt.probe(7, 4)]).toContain(-1);
  });
});

describe('mate scores', () => {
  it('converts scores to moves to mate', () => {
    expect(mateIn(MATE - 1)).toBe(1);
    expect(mateIn(MATE - 3)).toBe(2);
    expect(mateIn(-MATE + 2)).toBe(-1);
    expect(mateIn(-MATE + 4)).toBe(-2);
    expect(mateIn(350)).toBeNull();
    expect(isMateScore(MATE - 10)).toBe(true);
    expect(isMateScore(RULE_WIN)).toBe(false);
  });
});

describe('search', () => {
  it('returns a legal move and a legal principal variation (xiangqi, chu)', () => {
    for (const pos of [xq(XQ_START), xq(XQ_MIDDLE), chuPos(chu.startFen)]) {
      const r = new Searcher({ ttMegabytes: 2 }).search(pos, { depth: 4 });
      expect(legalMoves(pos)).toContain(r.move);
      expect(r.pv[0]).toBe(r.move);
      expectLegalLine(pos, r.pv);
      expect(r.depth).toBe(4);
      expect(r.nodes).toBeGreaterThan(0);
    }
  });

  it('leaves the position as it found it', () => {
    const pos = xq(XQ_MIDDLE);
    const before = [pos.board.slice(), pos.hashLo, pos.hashHi, pos.turn];
    new Searcher({ ttMegabytes: 1 }).search(pos, { depth: 5 });
    expect([pos.board.slice(), pos.hashLo, pos.hashHi, pos.turn]).toEqual(before);
  });

  it('keeps the incremental evaluation sums in step with the board (random positions, both games)', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const x = playout(xq(XQ_START), 10 + seed * 6, seed);
      expect(() => new Searcher({ ttMegabytes: 1, checkIncremental: true }).search(x, { depth: 3 })).not.toThrow();
      const c = playout(chuPos(chu.startFen), 20 + seed * 10, seed);
      expect(() => new Searcher({ ttMegabytes: 1, checkIncremental: true }).search(c, { nodes: 4000 })).not.toThrow();
    }
  });

  it('evaluations with and without the incremental sums agree', () => {
    for (const [pos, profile] of [
      [xq(XQ_MIDDLE), xiangqiProfile(xiangqi)],
      [playout(chuPos(chu.startFen), 60, 3), chushogiProfile(chu.variant)],
    ] as const) {
      const counts = new Int32Array(pos.variant.codeCount);
      let psqt = 0;
      pos.board.forEach((p, sq) => {
        if (p) {
          counts[p]!++;
          psqt += profile.pst![p * pos.board.length + sq]!;
        }
      });
      expect(profile.evaluate(pos, undefined, undefined, { psqt, counts })).toBe(profile.evaluate(pos));
    }
  });

  it('evaluates symmetric positions as equal for both sides (up to the tempo bonus)', () => {
    const profile = profileFor(xiangqi);
    const red = profile.evaluate(xq(XQ_START));
    const black = profile.evaluate(xq(XQ_START.replace(' w ', ' b ')));
    expect(red).toBe(black);
    const c = profileFor(chu.variant);
    expect(c.evaluate(chuPos(chu.startFen))).toBe(c.evaluate(chuPos(chu.startFen.replace(' b ', ' w '))));
  });

  it('reports a side without legal moves as lost, with no move', () => {
    // red is checkmated: the chariot on f0 checks, d1 is covered by the chariot on a1, e0 faces the general
    const mated = xq('4k4/9/9/9/9/9/9/9/r8/3K1r3 w - - 0 1');
    expect(legalMoves(mated)).toEqual([]);
    const m = new Searcher({ ttMegabytes: 1 }).search(mated, { depth: 3 });
    expect(m.move).toBe(0);
    expect(m.stoppedBy).toBe('no-moves');
    expect(m.score).toBe(-MATE);
  });

  it('plays a single legal move after a short search that scores it (20,000 nodes at most)', () => {
    // the red general is checked on its file; only the advisor can block (f0 faces the black general)
    const pos = xq('5k3/9/9/9/4r4/9/9/9/9/3AK4 w - - 0 1');
    const moves = legalMoves(pos);
    expect(moves.length).toBe(1);
    const r = new Searcher({ ttMegabytes: 1 }).search(pos, { depth: 30 });
    expect(r.move).toBe(moves[0]);
    expect(r.stoppedBy).toBe('single');
    expect(r.nodes).toBeLessThanOrEqual(20_000);
    // Black mates in 2 after the forced block (the score used to be 0)
    expect([r.mate, r.depth >= 4]).toEqual([-2, true]);
    // a forced move of a master game (Black in check, one legal move): the short search ends at its budget
    const forced = xq('3Rkab2/9/4b1n2/p3p3p/2pn2P2/P3c4/2P2r3/N2CBCc2/4A4/2BAK4 b - - 0 24');
    expect(legalMoves(forced).length).toBe(1);
    const f = new Searcher({ ttMegabytes: 1 }).search(forced, { depth: 60 });
    expect([f.stoppedBy, f.mate, f.depth >= 4]).toEqual(['single', null, true]);
    expect(f.nodes).toBeGreaterThan(19_000);
    expect(f.nodes).toBeLessThanOrEqual(20_000);
  });

  it('respects node limits exactly and is reproducible', () => {
    const a = new Searcher({ ttMegabytes: 2 }).search(xq(XQ_MIDDLE), { nodes: 20000 });
    const b = new Searcher({ ttMegabytes: 2 }).search(xq(XQ_MIDDLE), { nodes: 20000 });
    expect(a.nodes).toBeLessThanOrEqual(20000 + 16);
    expect(a.stoppedBy).toBe('nodes');
    expect([a.move, a.score, a.nodes, a.depth]).toEqual([b.move, b.score, b.nodes, b.depth]);
    expect(legalMoves(xq(XQ_MIDDLE))).toContain(a.move);
  });

  it('stops on the stop flag and on the time limit with a legal move', () => {
    const stop = new Int32Array(new SharedArrayBuffer(4));
    Atomics.store(stop, 0, 1);
    const pos = xq(XQ_MIDDLE);
    const s = new Searcher({ ttMegabytes: 1 }).search(pos, { stop });
    expect(s.stoppedBy).toBe('stop');
    expect(legalMoves(pos)).toContain(s.move);
    expect(s.mate).toBeNull(); // no iteration finished: the static evaluation, not a mate score
    expect(Math.abs(s.score)).toBeLessThan(5000);
    const t = new Searcher({ ttMegabytes: 1 }).search(pos, { timeMs: 100 });
    // stopped by its clock (no wall-clock bound here: a loaded machine may stretch the 100 ms)
    expect(t.stoppedBy).toBe('time');
    expect(legalMoves(pos)).toContain(t.move);
  });

  it('calls onInfo once per completed iteration with growing depth', () => {
    const depths: number[] = [];
    new Searcher({ ttMegabytes: 1 }).search(xq(XQ_START), { depth: 5, onInfo: (i) => depths.push(i.depth) });
    expect(depths).toEqual([1, 2, 3, 4, 5]);
  });

  it('exact root scores are sorted and belong to the legal moves', () => {
    const pos = xq(XQ_MIDDLE);
    const r = new Searcher({ ttMegabytes: 1 }).search(pos, { depth: 2, exactRoot: true });
    const scores = r.rootScores!;
    expect(scores.map((s) => s.move).sort()).toEqual(legalMoves(pos).sort());
    for (let i = 1; i < scores.length; i++) expect(scores[i - 1]!.score).toBeGreaterThanOrEqual(scores[i]!.score);
    expect(scores[0]!.move).toBe(r.move);
  });

  it('finds a winning capture (xiangqi: a loose chariot)', () => {
    // the black chariot on e5 hangs to the red chariot on e1
    const pos = xq('5k3/9/9/9/4r4/9/9/9/4R4/3K5 w - - 0 1');
    const r = new Searcher({ ttMegabytes: 1 }).search(pos, { depth: 3 });
    expect(formatIccs(r.move)).toBe('e1e5');
    expect(r.score).toBeGreaterThan(500);
  });

  it("applies the profile's tuning (xiangqi's null move, late-move pruning, IIR, improving, quiescence table); chu all but the deeper reverse futility", () => {
    const profile = xiangqiProfile(xiangqi);
    expect(profile.tuning).toEqual({
      adaptiveNullMove: true,
      lateMoves: 3,
      iir: true,
      improving: true,
      qsTable: true,
      lmrDivisor: 2.25,
      reverseFutilityDepth: 6,
      historyMalus: true,
    });
    const chuProfile = chushogiProfile(chu.variant);
    const { reverseFutilityDepth: _, ...chuTuning } = profile.tuning!;
    expect(chuProfile.tuning).toEqual(chuTuning);
    // chu's tuning cuts its tree: the middlegame of lishogi game 4 at depth 5
    const chuMiddle = chuPos(CHU_MIDDLE);
    const chuTuned = new Searcher({ ttMegabytes: 4 }).search(chuMiddle.clone(), { depth: 5 }, chuProfile);
    const chuPlain = new Searcher({ ttMegabytes: 4 }).search(chuMiddle.clone(), { depth: 5 }, { ...chuProfile, tuning: undefined });
    expect(chuTuned.nodes).toBeLessThan(chuPlain.nodes / 2);
    expect(legalMoves(chuMiddle)).toContain(chuTuned.move);
    for (const fen of [XQ_START, XQ_MIDDLE]) {
      const tuned = new Searcher({ ttMegabytes: 4 }).search(xq(fen), { depth: 5 }, profile);
      const plain = new Searcher({ ttMegabytes: 4 }).search(xq(fen), { depth: 5 }, { ...profile, tuning: undefined });
      const noImproving = new Searcher({ ttMegabytes: 4 }).search(xq(fen), { depth: 5 }, { ...profile, tuning: { ...profile.tuning, improving: false } });
      // other trees (at a fixed depth not always smaller: a shallower null-move search can miss less)
      expect(tuned.nodes).not.toBe(plain.nodes);
      expect(tuned.nodes).not.toBe(noImproving.nodes);
      const noTable = new Searcher({ ttMegabytes: 4 }).search(xq(fen), { depth: 5 }, { ...profile, tuning: { ...profile.tuning, qsTable: false } });
      expect(tuned.nodes).not.toBe(noTable.nodes);
      // issue 42's selectivity: each of the three changes the tree of a middlegame
      if (fen === XQ_MIDDLE) {
        const withAll = new Searcher({ ttMegabytes: 4 }).search(xq(fen), { depth: 7 }, profile);
        for (const t of [{ lmrDivisor: 2.5 }, { reverseFutilityDepth: 3 }, { historyMalus: false }]) {
          const without = new Searcher({ ttMegabytes: 4 }).search(xq(fen), { depth: 7 }, { ...profile, tuning: { ...profile.tuning, ...t } });
          expect(withAll.nodes, JSON.stringify(t)).not.toBe(without.nodes);
        }
      }
      expect(legalMoves(xq(fen))).toContain(tuned.move);
    }
  });
});

describe('search: repetitions and draws', () => {
  // Red (a chariot) against a chariot and a horse: Red is worse, a repetition saves it.
  const START = '4k4/7R1/9/2n6/9/9/9/r8/9/3K5 w - - 0 1';
  const cycle = (words: string[]) => {
    const start = xq(START);
    const p = start.clone();
    const moves = words.map((w) => {
      const r = parseCoordinate(p, w);
      if (!r.ok) throw new Error(formatProblem(r.error));
      p.play(r.value);
      return r.value;
    });
    return replay(start, moves);
  };

  it('takes a draw by repetition when behind', () => {
    const { position, history } = cycle(['h8g8', 'a2a3', 'g8h8', 'a3a2']);
    expect([position.hashLo, position.hashHi]).toEqual([xq(START).hashLo, xq(START).hashHi]);
    const without = new Searcher({ ttMegabytes: 1 }).search(position, { depth: 5 });
    expect(without.score).toBeLessThan(-200);
    const r = new Searcher({ ttMegabytes: 1 }).search(position, { depth: 5, history });
    expect(formatIccs(r.move)).toBe('h8g8');
    expect(r.score).toBe(0);
  });

  it('does not repeat a perpetual check (it loses)', () => {
    const { position, history } = cycle(['h8h9', 'e9e8', 'h9h8', 'e8e9']);
    expect(history.map((h) => h.inCheck)).toEqual([false, true, false, true]);
    const without = new Searcher({ ttMegabytes: 1 }).search(position, { depth: 5 });
    expect(formatIccs(without.move)).toBe('h8h9'); // the check is its choice without the history
    const r = new Searcher({ ttMegabytes: 1 }).search(position, { depth: 5, history });
    expect(formatIccs(r.move)).not.toBe('h8h9');
    expect(r.score).toBeGreaterThan(-RULE_WIN + 1000);
  });

  it("uses the rules' judge when the cycle is on the position's undo stack: no perpetual chase", () => {
    // Red's chariot chases the unprotected black horse c9 <-> a8; Red is worse, but repeating
    // would be a perpetual chase, which loses. Without the moves on the stack only checks are seen.
    const start = xq('2n1k3r/9/9/9/9/9/R8/9/9/3K5 w - - 0 1');
    const pos = start.clone();
    const played = ['a3c3', 'c9a8', 'c3a3', 'a8c9'].map((w) => {
      const r = parseCoordinate(pos, w);
      if (!r.ok) throw new Error(formatProblem(r.error));
      pos.play(r.value);
      return r.value;
    });
    const { position, history } = replay(start, played);
    expect(position.sp).toBe(4);
    const judged = new Searcher({ ttMegabytes: 1 }).search(position, { depth: 5, history });
    expect(formatIccs(judged.move)).not.toBe('a3c3');
    expect(judged.score).toBeGreaterThan(-RULE_WIN + 1000);
    const checksOnly = new Searcher({ ttMegabytes: 1 }).search(position.clone(), { depth: 5, history });
    expect(formatIccs(checksOnly.move)).toBe('a3c3');
    expect(checksOnly.score).toBe(0);
  });

  it('scores positions at the 120-ply limit as draws', () => {
    const fen = '4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 119 1';
    const won = new Searcher({ ttMegabytes: 1 }).search(xq(fen.replace(' 119 ', ' 0 ')), { depth: 3 });
    expect(won.score).toBeGreaterThan(500);
    const drawn = new Searcher({ ttMegabytes: 1 }).search(xq(fen), { depth: 3 });
    expect(drawn.score).toBe(0);
  });

  it('evaluates material that cannot cross the river as a draw', () => {
    const profile = profileFor(xiangqi);
    expect(profile.evaluate(xq('3aka3/9/4b4/9/9/9/9/4B4/4A4/3AK4 w - - 0 1'))).toBe(0);
    expect(profile.evaluate(xq('3aka3/9/4b4/9/9/9/9/4B4/4A4/3AKR3 w - - 0 1'))).toBeGreaterThan(500);
  });
});

describe('profiles', () => {
  it('gives every chu kind a value and the Lion the largest non-royal one', () => {
    const p = profileFor(chu.variant);
    const v = chu.variant;
    const lion = v.kindOf.get('lion')! << 1;
    for (let code = 2; code < v.codeCount; code++) {
      expect(p.values[code]).toBeGreaterThan(0);
      if (!v.royal[code] && (code >> 1) !== v.kindOf.get('+kirin') && (code >> 1) !== v.kindOf.get('lion'))
        expect(p.values[code]).toBeLessThan(p.values[lion]!);
    }
  });

  it('falls back to a material profile for unknown variants', () => {
    const g = genericProfile(xiangqi);
    const pos = xq(XQ_START);
    expect(g.evaluate(pos)).toBe(0);
    const up = xq('rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1');
    expect(g.evaluate(up)).toBeGreaterThan(300);
  });

  it('xiangqi quiescence captures equal the legal captures', () => {
    const buf = new Int32Array(256);
    for (let seed = 1; seed <= 30; seed++) {
      const pos = playout(xq(XQ_START), 20 + seed, seed);
      if (xiangqi.inCheck(pos) || legalMoves(pos).length === 0) continue;
      const n = xiangqiCaptures(pos, buf, 0);
      const fast = Array.from(buf.subarray(0, n)).sort();
      const slow = legalMoves(pos)
        .filter((m) => pos.board[moveTo(m)] !== 0)
        .sort();
      expect(fast).toEqual(slow);
    }
  });

  it('xiangqi pseudo-legal captures equal the core generator, move for move and in order', () => {
    const a = new Int32Array(256);
    const b = new Int32Array(256);
    let total = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const pos = playout(xq(XQ_START), 10 + seed * 2, seed);
      const n = xiangqiPseudoCaptures(pos, a, 3);
      const m = generatePseudoCaptures(pos, b, 3);
      expect(Array.from(a.subarray(3, n))).toEqual(Array.from(b.subarray(3, m)));
      total += n - 3;
    }
    expect(total).toBeGreaterThan(40);
  });

  it('xiangqi pseudo-legal quiet and full generators give the core generators\' lists', () => {
    const a = new Int32Array(256);
    const b = new Int32Array(256);
    let quiets = 0;
    let all = 0;
    for (let seed = 1; seed <= 60; seed++) {
      // long playouts too: open boards, few pieces, generals out of their start squares
      const pos = playout(xq(seed % 2 ? XQ_START : XQ_MIDDLE), 4 + seed * 3, seed);
      for (const side of [0, 1] as const) {
        pos.setTurn(side);
        const n = xiangqiPseudoQuiets(pos, a, 3);
        const m = generatePseudoQuiets(pos, b, 3);
        expect(Array.from(a.subarray(3, n))).toEqual(Array.from(b.subarray(3, m)));
        quiets += n - 3;
        const k = xiangqiPseudo(pos, a, 5);
        const l = generatePseudo(pos, b, 5);
        expect(Array.from(a.subarray(5, k))).toEqual(Array.from(b.subarray(5, l)));
        all += k - 5;
      }
    }
    expect(quiets).toBeGreaterThan(1000);
    expect(all).toBeGreaterThan(quiets);
  });

  it('xiangqi givesCheck agrees with inCheck after every legal move', () => {
    let checks = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const pos = playout(xq(XQ_START), 10 + seed * 2, seed);
      for (const m of legalMoves(pos)) {
        pos.play(m);
        const c = xiangqi.inCheck(pos);
        expect(givesCheck(pos, m)).toBe(c);
        if (c) checks++;
        pos.undo();
      }
    }
    expect(checks).toBeGreaterThan(10);
  });

  it('xiangqi cannotGiveCheck (before a move) says yes only for moves after which givesCheck says no', () => {
    let said = 0;
    let checks = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const pos = playout(xq(XQ_START), 8 + 2 * seed, seed + 500);
      if (xiangqi.inCheck(pos)) continue;
      for (const m of legalMoves(pos)) {
        const cannot = cannotGiveCheck(pos, m);
        pos.play(m);
        const c = xiangqi.inCheck(pos);
        pos.undo();
        if (cannot) said++;
        if (c) checks++;
        if (cannot) expect(c).toBe(false);
      }
    }
    expect(said).toBeGreaterThan(500);
    expect(checks).toBeGreaterThan(10);
  });

  it('xiangqi givesCheckBefore (before a move) answers as givesCheck after it, for every pseudo-legal move', () => {
    const buf = new Int32Array(256);
    let moves = 0;
    let checks = 0;
    for (let seed = 1; seed <= 200; seed++) {
      // the positions of random playouts (the side that just moved is never in check), long ones too
      const pos = playout(xq(seed % 2 ? XQ_START : XQ_MIDDLE), 2 + seed, seed + 900);
      const board = Array.from(pos.board);
      const n = xiangqiPseudo(pos, buf, 0);
      for (let i = 0; i < n; i++) {
        const m = buf[i]!;
        const before = givesCheckBefore(pos, m);
        expect(Array.from(pos.board)).toEqual(board);
        const legal = xiangqi.moveLegal!(pos, m, xiangqi.inCheck(pos));
        pos.play(m);
        expect(before).toBe(givesCheck(pos, m));
        if (legal) expect(before).toBe(xiangqi.inCheck(pos));
        pos.undo();
        moves++;
        if (before) checks++;
      }
    }
    expect(moves).toBeGreaterThan(5000);
    expect(checks).toBeGreaterThan(100);
  });

  it('xiangqi moveLegal in check keeps exactly the evasions', () => {
    const buf = new Int32Array(256);
    let checkedPositions = 0;
    let kept = 0;
    // the positions right after the checking moves of random playouts
    for (let seed = 1; seed <= 100; seed++) {
      const start = playout(xq(XQ_START), 16 + seed, seed + 9000);
      for (const c of legalMoves(start)) {
        start.play(c);
        if (xiangqi.inCheck(start)) {
          checkedPositions++;
          const legal = new Set(legalMoves(start));
          const n = generatePseudo(start, buf, 0);
          for (let i = 0; i < n; i++) {
            const m = buf[i]!;
            expect(xiangqi.moveLegal!(start, m, true)).toBe(legal.has(m));
            if (legal.has(m)) kept++;
          }
        }
        start.undo();
      }
    }
    expect(checkedPositions).toBeGreaterThan(40);
    expect(kept).toBeGreaterThan(200);
  });

  it('xiangqi moveLegal keeps exactly the legal moves among the pseudo-legal ones', () => {
    const buf = new Int32Array(256);
    let dropped = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const pos = playout(xq(XQ_START), 10 + seed * 2, seed);
      const legal = new Set(legalMoves(pos));
      const checked = xiangqi.inCheck(pos);
      const n = generatePseudo(pos, buf, 0);
      for (let i = 0; i < n; i++) {
        const m = buf[i]!;
        expect(xiangqi.moveLegal!(pos, m, checked)).toBe(legal.has(m));
        if (!legal.has(m)) dropped++;
      }
    }
    expect(dropped).toBeGreaterThan(5);
    // a piece leaving a horse's leg next to the general, off its lines: the horse behind then checks
    const pos = xq('5k3/9/9/9/9/9/9/9/2nR5/4K4 w - - 0 1');
    const legal = new Set(legalMoves(pos));
    // d1 = 12 to d5 = 48, to c1 = 11 (takes the horse), to d2 = 21
    for (const [to, ok] of [[48, false], [11, true], [21, false]] as const) {
      const m = plainMove(12, to);
      expect(legal.has(m)).toBe(ok);
      expect(xiangqi.moveLegal!(pos, m, false)).toBe(ok);
    }
  });

  it('chu quiescence captures equal the legal captures and promotions-on-capture', () => {
    const buf = new Int32Array(2048);
    let lionCaptures = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const pos = playout(chuPos(chu.startFen), 40 + seed * 4, seed);
      const legal = legalMoves(pos);
      if (legal.length === 0) continue;
      const n = chuCaptures(pos, buf, 0);
      const fast = Array.from(buf.subarray(0, n)).sort();
      const slow = legal
        .filter((m) => {
          const to = moveTo(m);
          const mid = moveMid(m);
          return (to !== moveFrom(m) && pos.board[to] !== 0) || (mid >= 0 && pos.board[mid] !== 0);
        })
        .sort();
      expect(fast).toEqual(slow);
      lionCaptures += slow.filter(hasMid).length;
    }
    expect(lionCaptures).toBeGreaterThan(0); // double moves were exercised
  });
});

describe('engine module boundaries', () => {
  it('src/engine imports no UI, CLI or file-system modules', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = new URL('../src/engine/', import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) {
      const src = readFileSync(new URL(f, dir), 'utf8');
      const imports = [...src.matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
      for (const spec of imports) {
        expect(spec, `${f} imports ${spec}`).not.toMatch(/^(ink|react|commander|chalk|fs|node:fs|string-width)(\/|$)/);
        expect(spec, `${f} imports ${spec}`).not.toMatch(/\/(cli|tui)\//);
      }
    }
  });
});

describe('chu checks of a side with two royals', () => {
  // A won ending of chuhan-HaChu (2026-12-07, game 7 at ply 600): Sente has king and crown prince,
  // Gote a king and a white horse that keeps attacking one of Sente's royals. Checks of a side with
  // two royals are no threat to lose at once, so the search does not extend them; when it did, the
  // hunt ran to the extension cap: 217,726 nodes to depth 3 (now about 2,600).
  const sfen = '12/1+l10/6+E3+G1/12/12/12/2+P+S1+V6/12/12/1k2FT6/4SKG5/9C2 b - 601';
  it('the profile calls a check a threat only for a single royal', () => {
    const g = getGame('chushogi');
    const pos = g.parseFen(sfen);
    if (!pos.ok) throw new Error('sfen');
    const p = chushogiProfile(pos.value.variant);
    expect(p.checkIsThreat?.(pos.value)).toBe(false); // Sente: king and crown prince
    const gote = g.parseFen(sfen.replace(' b ', ' w '));
    if (!gote.ok) throw new Error('sfen');
    expect(p.checkIsThreat?.(gote.value)).toBe(true); // Gote: its king alone
  });
  it('depth 3 of the won ending stays small', () => {
    const r = getGame('chushogi').parseFen(sfen);
    if (!r.ok) throw new Error('sfen');
    const res = new Searcher({ ttMegabytes: 4 }).search(r.value, { depth: 3 });
    expect(res.nodes).toBeLessThan(20_000);
  });
});
