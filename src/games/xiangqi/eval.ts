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
import { xiangqiPseudo, xiangqiPseudoQuiets } from './moves.js';
import { xiangqiEndRules } from './end.js';
import { givesCheckBefore } from './gives-check.js';
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

/** Per square, up to 8 horse moves: the leg and target squares at sq * 8 + i, HORSE_COUNT[sq] of them. */
const HORSE_LEG = new Uint8Array(SIZE * 8);
const HORSE_TO = new Uint8Array(SIZE * 8);
const HORSE_COUNT = new Uint8Array(SIZE);
for (let sq = 0; sq < SIZE; sq++) {
  const x = sq % W;
  const y = (sq / W) | 0;
  for (const [dx, dy] of [[1, 2], [-1, 2], [1, -2], [-1, -2], [2, 1], [2, -1], [-2, 1], [-2, -1]] as const) {
    const tx = x + dx;
    const ty = y + dy;
    if (tx < 0 || tx >= W || ty < 0 || ty >= H) continue;
    const i = sq * 8 + HORSE_COUNT[sq]!++;
    // the leg: one orthogonal step towards the longer side of the leap
    HORSE_LEG[i] = Math.abs(dx) === 2 ? y * W + x + dx / 2 : (y + dy / 2) * W + x;
    HORSE_TO[i] = ty * W + tx;
  }
}

/** Bits of the squares 45.. (Red's soldiers there have crossed the river) in each occupancy word. */
const RED_ACROSS = new Int32Array([0, ~((1 << 13) - 1), -1]);

/** Bits of file x's squares in the three occupancy words, at x * 3 + word. */
const FILE_BITS = new Int32Array(W * 3);
for (let sq = 0; sq < SIZE; sq++) FILE_BITS[(sq % W) * 3 + (sq >> 5)]! |= 1 << (sq & 31);

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

export function xiangqiProfile(v: Variant): EngineProfile {
  const { pst, values } = buildXiangqiTables();
  const counts = new Int32Array(v.codeCount);
  // full evaluations by position hash (a search evaluates many positions again, e.g. in each
  // iteration); the lazy exit is decided before the cache is asked, so every result is unchanged
  // one entry of 4 ints per slot (hashLo, hashHi, value, used): a probe touches one cache line
  const cache = new Int32Array(EVAL_CACHE * 4);
  const R0 = CHARIOT << 1;
  const N0 = HORSE << 1;
  const C0 = CANNON << 1;
  const A0 = ADVISOR << 1;
  const B0 = ELEPHANT << 1;
  const P0 = SOLDIER << 1;
  const K0 = KING << 1;

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

  /** Horse moves from sq onto a square not of `side` (the leg free). */
  function horseMobility(b: Uint8Array, sq: number, side: number): number {
    let m = 0;
    for (let i = sq * 8, e = i + HORSE_COUNT[sq]!; i < e; i++) {
      if (b[HORSE_LEG[i]!] !== 0) continue;
      const q = b[HORSE_TO[i]!]!;
      if (q === 0 || (q & 1) !== side) m++;
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
    // the pieces by kind from the position's per-code occupancy (3 words for 90 squares); every
    // term is an integer, so the order of the sum is free
    const po = pos.pieceOcc;
    let crossed0 = 0;
    let crossed1 = 0;
    let king0 = -1;
    let king1 = -1;
    for (let w = 0; w < 3; w++) {
      for (let x = po[R0 * 3 + w]!; x !== 0; x &= x - 1) s += (chariotMobility(b, (w << 5) + 31 - Math.clz32(x & -x), 0) - 7) * ROOK_MOB;
      for (let x = po[(R0 | 1) * 3 + w]!; x !== 0; x &= x - 1) s -= (chariotMobility(b, (w << 5) + 31 - Math.clz32(x & -x), 1) - 7) * ROOK_MOB;
      for (let x = po[N0 * 3 + w]!; x !== 0; x &= x - 1) s += (horseMobility(b, (w << 5) + 31 - Math.clz32(x & -x), 0) - 3) * HORSE_MOB;
      for (let x = po[(N0 | 1) * 3 + w]!; x !== 0; x &= x - 1) s -= (horseMobility(b, (w << 5) + 31 - Math.clz32(x & -x), 1) - 3) * HORSE_MOB;
      const k0 = po[K0 * 3 + w]!;
      if (k0 !== 0) king0 = (w << 5) + 31 - Math.clz32(k0 & -k0);
      const k1 = po[(K0 | 1) * 3 + w]!;
      if (k1 !== 0) king1 = (w << 5) + 31 - Math.clz32(k1 & -k1);
      // soldiers across the river: Red's on squares 45.., Black's on ..44
      crossed0 += popcount(po[P0 * 3 + w]! & RED_ACROSS[w]!);
      crossed1 += popcount(po[(P0 | 1) * 3 + w]! & ~RED_ACROSS[w]!);
    }
    // palace safety: missing defenders matter in proportion to the attackers left against them
    const att0 = Math.min(12, 3 * cnt[R0]! + 2 * cnt[N0]! + 2 * cnt[C0]! + crossed0);
    const att1 = Math.min(12, 3 * cnt[R0 | 1]! + 2 * cnt[N0 | 1]! + 2 * cnt[C0 | 1]! + crossed1);
    const weak0 = (2 - Math.min(2, cnt[A0]!)) * ADVISOR_MISSING + (2 - Math.min(2, cnt[B0]!)) * ELEPHANT_MISSING;
    const weak1 = (2 - Math.min(2, cnt[A0 | 1]!)) * ADVISOR_MISSING + (2 - Math.min(2, cnt[B0 | 1]!)) * ELEPHANT_MISSING;
    s -= ((weak0 * att1) / 12) | 0;
    s += ((weak1 * att0) / 12) | 0;
    // hollow cannon: a cannon facing the enemy general with nothing between
    if (king1 >= 0) s += HOLLOW_CANNON * hollow(b, po, C0 * 3, king1);
    if (king0 >= 0) s -= HOLLOW_CANNON * hollow(b, po, (C0 | 1) * 3, king0);
    const movers0 = cnt[R0]! + cnt[N0]! + cnt[C0]! + cnt[P0]!;
    const movers1 = cnt[R0 | 1]! + cnt[N0 | 1]! + cnt[C0 | 1]! + cnt[P0 | 1]!;
    return scaled((pos.turn === 0 ? s : 0 - s) + TEMPO, pos.turn, movers0, movers1);
  }

  /** How many of the cannons in po[at..at + 3) stand on the file of the general on k with nothing between. */
  function hollow(b: Uint8Array, po: Int32Array, at: number, k: number): number {
    let n = 0;
    const f = (k % W) * 3;
    if (((po[at]! & FILE_BITS[f]!) | (po[at + 1]! & FILE_BITS[f + 1]!) | (po[at + 2]! & FILE_BITS[f + 2]!)) === 0) return 0;
    for (let w = 0; w < 3; w++)
      for (let x = po[at + w]! & FILE_BITS[f + w]!; x !== 0; x &= x - 1)
        if (between(b, (w << 5) + 31 - Math.clz32(x & -x), k) === 0) n++;
    return n;
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
    generatePseudoQuiets: xiangqiPseudoQuiets,
    generatePseudo: xiangqiPseudo,
    givesCheck,
    cannotGiveCheck,
    givesCheckBefore,
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
