/**
 * Xiangqi evaluation (centipawns): material, piece-square terms (soldiers gain after the river and
 * near the palace, horses and chariots gain with activity, generals stay home), mobility of
 * chariots and horses, palace safety (missing advisors/elephants against the attackers left),
 * the hollow cannon, and draws for material that cannot cross the river.
 */
import type { Position } from '../../core/position.js';
import type { Variant } from '../../core/variant.js';
import { ADVISOR, CANNON, CHARIOT, cannotGiveCheck, ELEPHANT, givesCheck, HORSE, KING, SOLDIER, xiangqi } from './index.js';
import { xiangqiCaptures, xiangqiPseudoCaptures } from './captures.js';
import { xiangqiEndRules } from './end.js';
import { XIANGQI_WEIGHTS } from './eval-weights.js';
import { judgedRepetitionScore, ROYAL_VALUE, type EngineProfile, type IncrementalEval } from '../../core/profile.js';

const W = 9;
const H = 10;
const SIZE = W * H;

/** Base material per kind (index = kind), from the tuned weights (eval-weights.ts). */
export const XIANGQI_MATERIAL: readonly number[] = XIANGQI_WEIGHTS.material;

/** Positional bonus of a piece of `kind` on (x, y) seen from its owner (y = 0 its back rank). */
function placement(kind: number, x: number, y: number): number {
  return XIANGQI_WEIGHTS.pst[kind]?.[y * W + x] ?? 0;
}

export interface XiangqiEvalTables {
  /** Material + placement per (code * 90 + square), positive for Red. */
  readonly pst: Int32Array;
  readonly values: Int32Array;
}

export function buildXiangqiTables(): XiangqiEvalTables {
  const codes = xiangqi.codeCount;
  const pst = new Int32Array(codes * SIZE);
  const values = new Int32Array(codes);
  for (let kind = 1; kind <= 7; kind++) {
    for (let side = 0; side < 2; side++) {
      const code = (kind << 1) | side;
      values[code] = kind === KING ? ROYAL_VALUE : XIANGQI_MATERIAL[kind]!;
      for (let sq = 0; sq < SIZE; sq++) {
        const x = sq % W;
        const y = (sq / W) | 0;
        const v = XIANGQI_MATERIAL[kind]! + (side === 0 ? placement(kind, x, y) : placement(kind, W - 1 - x, H - 1 - y));
        pst[code * SIZE + sq] = side === 0 ? v : -v;
      }
    }
  }
  return { pst, values };
}

const TEMPO = XIANGQI_WEIGHTS.tempo;
const ROOK_MOB = XIANGQI_WEIGHTS.chariotMobility;
const HORSE_MOB = XIANGQI_WEIGHTS.horseMobility;
const ADVISOR_MISSING = XIANGQI_WEIGHTS.advisorMissing;
const ELEPHANT_MISSING = XIANGQI_WEIGHTS.elephantMissing;
const HOLLOW_CANNON = XIANGQI_WEIGHTS.hollowCannon;
const LAZY_MARGIN = 250;
const LAZY_OFF = 1 << 20;
/** Entries of the evaluation cache (a power of two). */
const EVAL_CACHE = 1 << 15;

export function xiangqiProfile(v: Variant): EngineProfile {
  const { pst, values } = buildXiangqiTables();
  const t = v.tables;
  const { classOf, stepStart, stepTo, stepLeg } = t;
  const counts = new Int32Array(v.codeCount);
  // full evaluations by position hash (a search evaluates many positions again, e.g. in each
  // iteration); the lazy exit is decided before the cache is asked, so every result is unchanged
  // one entry of 4 ints per slot (hashLo, hashHi, value, used): a probe touches one cache line
  const cache = new Int32Array(EVAL_CACHE * 4);
  const crossed = new Int32Array(2);
  const king = new Int32Array(2);
  const cannons = new Int32Array(8);
  const R0 = CHARIOT << 1;
  const N0 = HORSE << 1;
  const C0 = CANNON << 1;
  const A0 = ADVISOR << 1;
  const B0 = ELEPHANT << 1;
  const P0 = SOLDIER << 1;

  function chariotMobility(b: Uint8Array, sq: number, side: number): number {
    const x = sq % W;
    let m = 0;
    for (let s = sq + W; s < SIZE; s += W) {
      const q = b[s]!;
      if (q === 0) m++;
      else {
        if ((q & 1) !== side) m++;
        break;
      }
    }
    for (let s = sq - W; s >= 0; s -= W) {
      const q = b[s]!;
      if (q === 0) m++;
      else {
        if ((q & 1) !== side) m++;
        break;
      }
    }
    for (let s = sq + 1, xx = x + 1; xx < W; s++, xx++) {
      const q = b[s]!;
      if (q === 0) m++;
      else {
        if ((q & 1) !== side) m++;
        break;
      }
    }
    for (let s = sq - 1, xx = x - 1; xx >= 0; s--, xx--) {
      const q = b[s]!;
      if (q === 0) m++;
      else {
        if ((q & 1) !== side) m++;
        break;
      }
    }
    return m;
  }

  function horseMobility(b: Uint8Array, sq: number, code: number): number {
    const base = classOf[code]! * SIZE + sq;
    let m = 0;
    for (let i = stepStart[base]!, e = stepStart[base + 1]!; i < e; i++) {
      if (b[stepLeg[i]!] !== 0) continue;
      const q = b[stepTo[i]!]!;
      if (q === 0 || (q & 1) !== (code & 1)) m++;
    }
    return m;
  }

  /** Pieces strictly between two squares of one file. */
  function between(b: Uint8Array, a: number, c: number): number {
    const lo = Math.min(a, c);
    const hi = Math.max(a, c);
    let n = 0;
    for (let s = lo + W; s < hi; s += W) if (b[s] !== 0) n++;
    return n;
  }

  function evaluate(pos: Position, alpha = -LAZY_OFF, beta = LAZY_OFF, inc?: IncrementalEval): number {
    const b = pos.board;
    let s: number;
    let cnt: Int32Array;
    if (inc) {
      s = inc.psqt;
      cnt = inc.counts;
    } else {
      counts.fill(0);
      s = 0;
      for (let sq = 0; sq < SIZE; sq++) {
        const p = b[sq]!;
        if (p === 0) continue;
        s += pst[p * SIZE + sq]!;
        counts[p]!++;
      }
      cnt = counts;
    }
    // pieces that can ever cross the river
    const movers0 = cnt[R0]! + cnt[N0]! + cnt[C0]! + cnt[P0]!;
    const movers1 = cnt[R0 | 1]! + cnt[N0 | 1]! + cnt[C0 | 1]! + cnt[P0 | 1]!;
    if (movers0 === 0 && movers1 === 0) return 0; // insufficient material: a draw
    // lazy evaluation: the remaining terms cannot bring a score this far outside the window back
    const rel = (pos.turn === 0 ? s : 0 - s) + TEMPO;
    if (rel - LAZY_MARGIN >= beta || rel + LAZY_MARGIN <= alpha) return scaled(rel, pos.turn, movers0, movers1);
    const slot = (pos.hashLo & (EVAL_CACHE - 1)) << 2;
    if (cache[slot] === pos.hashLo && cache[slot + 1] === pos.hashHi && cache[slot + 3] === 1) return cache[slot + 2]!;
    const full = fullEvaluate(pos, s, cnt);
    cache[slot] = pos.hashLo;
    cache[slot + 1] = pos.hashHi;
    cache[slot + 2] = full;
    cache[slot + 3] = 1;
    return full;
  }

  /** The terms past material and placement (`s`: their sum, `cnt`: piece counts). */
  function fullEvaluate(pos: Position, s: number, cnt: Int32Array): number {
    const b = pos.board;

    crossed[0] = 0;
    crossed[1] = 0;
    king[0] = -1;
    king[1] = -1;
    let nc = 0;
    const occ = pos.occ;
    const ow = pos.occWords;
    // one pass: chariot and horse mobility at once (integer terms: the order of the sum is free)
    for (let k = 0, w = 0; k < 2 * ow; k++, w = w + 1 === ow ? 0 : w + 1)
    for (let x = occ[k]!; x !== 0; x &= x - 1) {
      const sq = (w << 5) + 31 - Math.clz32(x & -x);
      const p = b[sq]!;
      const kind = p >> 1;
      if (kind === CHARIOT) {
        const m = (chariotMobility(b, sq, p & 1) - 7) * ROOK_MOB;
        s += (p & 1) === 0 ? m : 0 - m;
      } else if (kind === HORSE) {
        const m = (horseMobility(b, sq, p) - 3) * HORSE_MOB;
        s += (p & 1) === 0 ? m : 0 - m;
      } else if (kind === CANNON) cannons[nc++] = sq;
      else if (kind === KING) king[p & 1] = sq;
      else if (kind === SOLDIER && ((p & 1) === 0 ? sq >= 45 : sq < 45)) crossed[p & 1]!++;
    }
    // palace safety: missing defenders matter in proportion to the attackers left against them
    const att0 = Math.min(12, 3 * cnt[R0]! + 2 * cnt[N0]! + 2 * cnt[C0]! + crossed[0]!);
    const att1 = Math.min(12, 3 * cnt[R0 | 1]! + 2 * cnt[N0 | 1]! + 2 * cnt[C0 | 1]! + crossed[1]!);
    const weak0 = (2 - Math.min(2, cnt[A0]!)) * ADVISOR_MISSING + (2 - Math.min(2, cnt[B0]!)) * ELEPHANT_MISSING;
    const weak1 = (2 - Math.min(2, cnt[A0 | 1]!)) * ADVISOR_MISSING + (2 - Math.min(2, cnt[B0 | 1]!)) * ELEPHANT_MISSING;
    s -= ((weak0 * att1) / 12) | 0;
    s += ((weak1 * att0) / 12) | 0;
    // hollow cannon: a cannon facing the enemy general with nothing between
    for (let i = 0; i < nc; i++) {
      const sq = cannons[i]!;
      const side = b[sq]! & 1;
      const k = king[side ^ 1]!;
      if (k >= 0 && k % W === sq % W && between(b, sq, k) === 0) s += side === 0 ? HOLLOW_CANNON : -HOLLOW_CANNON;
    }
    const movers0 = cnt[R0]! + cnt[N0]! + cnt[C0]! + cnt[P0]!;
    const movers1 = cnt[R0 | 1]! + cnt[N0 | 1]! + cnt[C0 | 1]! + cnt[P0 | 1]!;
    return scaled((pos.turn === 0 ? s : 0 - s) + TEMPO, pos.turn, movers0, movers1);
  }

  /** A side with nothing that can cross the river cannot win: its advantage shrinks. */
  function scaled(rel: number, turn: number, movers0: number, movers1: number): number {
    const usMovers = turn === 0 ? movers0 : movers1;
    const themMovers = turn === 0 ? movers1 : movers0;
    if (rel > 0 && usMovers === 0) return rel >> 3;
    if (rel < 0 && themMovers === 0) return 0 - (-rel >> 3); // never -0
    return rel;
  }

  return {
    id: v.spec.id,
    values,
    pst,
    drawPlies: 120,
    qsEvasions: true,
    maxMoves: 256,
    evaluate,
    generateCaptures: xiangqiCaptures,
    generatePseudoCaptures: xiangqiPseudoCaptures,
    givesCheck,
    cannotGiveCheck,
    nullMoveAllowed(pos: Position): boolean {
      const b = pos.board;
      const occ = pos.occ;
      const ow = pos.occWords;
      for (let w = 0; w < ow; w++)
        for (let x = occ[pos.turn * ow + w]!; x !== 0; x &= x - 1) {
          const k = b[(w << 5) + 31 - Math.clz32(x & -x)]! >> 1;
          if (k === CHARIOT || k === HORSE || k === CANNON) return true;
        }
      return false;
    },
    repetitionScore: judgedRepetitionScore(xiangqiEndRules),
  };
}
