/**
 * Xiangqi evaluation (centipawns): material, piece-square terms (soldiers gain after the river and
 * near the palace, horses and chariots gain with activity, generals stay home), mobility of
 * chariots and horses, palace safety (missing advisors/elephants against the attackers left),
 * the hollow cannon, and draws for material that cannot cross the river.
 */
import { pieceCode, pieceKind, pieceSide } from '../../core/piece.js';
import type { Position } from '../../core/position.js';
import type { Variant } from '../../core/variant.js';
import { ADVISOR, CANNON, CHARIOT, cannotGiveCheck, ELEPHANT, givesCheck, HORSE, KING, SOLDIER, xiangqi } from './index.js';
import { xiangqiCaptures, xiangqiPseudoCaptures } from './captures.js';
import { xiangqiPseudo, xiangqiPseudoQuiets } from './moves.js';
import { xiangqiEndRules } from './end.js';
import { givesCheckBefore } from './gives-check.js';
import { XIANGQI_WEIGHTS } from './eval-weights.js';
import { judgedRepetitionScore, ROYAL_VALUE, SELECTIVE_TUNING, type EngineProfile, type IncrementalEval } from '../../core/profile.js';

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
      const code = pieceCode(kind, side);
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
/**
 * The evaluation cache: 2^CACHE_BITS entries of 2 ints (hashHi; hashLo's bits VALUE_BITS.. over the
 * value's low VALUE_BITS bits), indexed by hashLo's low CACHE_BITS bits, so all 64 bits of the hash
 * are checked. Bit VALUE_BITS of hashLo is also an index bit: an empty entry holds the other value
 * there, so no hash ever matches it. A value outside VALUE_BITS (never, the evaluation stays far
 * inside) is not cached.
 */
const CACHE_BITS = 16;
const VALUE_BITS = CACHE_BITS - 1;
const VALUE_SHIFT = 32 - VALUE_BITS;
const VALUE_MASK = (1 << VALUE_BITS) - 1;
const VALUE_MAX = 1 << (VALUE_BITS - 1);

/**
 * Horse moves by table: per square its 4 legs (HORSE_LEGS[sq], leg d in bits 8d..8d + 7; a leg with
 * no target on the board is the square itself, which the horse occupies, so it counts as blocked), and per square and
 * set of free legs (bit d: leg d free) the targets' bits in the 3 occupancy words
 * (HORSE_TARGETS[(sq * 16 + legs) * 3 + word]) and their number (HORSE_TARGET_COUNT[sq * 16 + legs]);
 * built with the profile (not at load: the quick CLI paths load this module but never evaluate).
 */
function buildHorseTables(): { legs: Int32Array; targets: Int32Array; counts: Uint8Array } {
  const HORSE_LEGS = new Int32Array(SIZE);
  const HORSE_TARGETS = new Int32Array(SIZE * 16 * 3);
  const HORSE_TARGET_COUNT = new Uint8Array(SIZE * 16);
  for (let sq = 0; sq < SIZE; sq++) {
    const x = sq % W;
    const y = (sq / W) | 0;
    // leg d: one step (dx, dy); its targets two steps on in that direction and one to either side
    const steps = [[0, 1], [0, -1], [1, 0], [-1, 0]] as const;
    for (let d = 0; d < 4; d++) {
      const [dx, dy] = steps[d]!;
      const targets: number[] = [];
      for (const side of [-1, 1]) {
        const tx = x + 2 * dx + (dx === 0 ? side : 0);
        const ty = y + 2 * dy + (dy === 0 ? side : 0);
        if (tx >= 0 && tx < W && ty >= 0 && ty < H) targets.push(ty * W + tx);
      }
      HORSE_LEGS[sq]! |= (targets.length > 0 ? (y + dy) * W + x + dx : sq) << (8 * d);
      for (let legs = 0; legs < 16; legs++) {
        if ((legs & (1 << d)) === 0) continue;
        for (const t of targets) {
          HORSE_TARGETS[(sq * 16 + legs) * 3 + (t >> 5)]! |= 1 << (t & 31);
          HORSE_TARGET_COUNT[sq * 16 + legs]!++;
        }
      }
    }
    // the words of a square's targets merge without collision (horseMobility relies on it)
    const j = (sq * 16 + 15) * 3;
    let merged = HORSE_TARGETS[j]! | HORSE_TARGETS[j + 1]! | HORSE_TARGETS[j + 2]!;
    let n = 0;
    for (; merged !== 0; merged &= merged - 1) n++;
    if (n !== HORSE_TARGET_COUNT[sq * 16 + 15]) throw new Error('horse targets collide');
  }
  return { legs: HORSE_LEGS, targets: HORSE_TARGETS, counts: HORSE_TARGET_COUNT };
}

/**
 * Bits of the squares 45.. (Red's soldiers there have crossed the river) in occupancy word 1 (word 0
 * holds squares 0..31, none of them, word 2 squares 64..89, all of them).
 */
const RED_ACROSS_1 = ~((1 << 13) - 1);

/** Bits of file x's squares in the three occupancy words, at x * 3 + word. */
const FILE_BITS = new Int32Array(W * 3);
for (let sq = 0; sq < SIZE; sq++) FILE_BITS[(sq % W) * 3 + (sq >> 5)]! |= 1 << (sq & 31);


export function xiangqiProfile(v: Variant): EngineProfile {
  const { pst, values } = buildXiangqiTables();
  const counts = new Int32Array(v.codeCount);
  const { legs: HORSE_LEGS, targets: HORSE_TARGETS, counts: HORSE_TARGET_COUNT } = buildHorseTables();
  // full evaluations by position hash (a search evaluates many positions again, e.g. in each
  // iteration); the lazy exit is decided before the cache is asked, so every result is unchanged
  const cache = new Int32Array(2 << CACHE_BITS);
  for (let j = 0; j < 1 << CACHE_BITS; j++) cache[2 * j + 1] = (j ^ (1 << VALUE_BITS)) & (1 << VALUE_BITS);
  const R0 = pieceCode(CHARIOT, 0);
  const N0 = pieceCode(HORSE, 0);
  const C0 = pieceCode(CANNON, 0);
  const A0 = pieceCode(ADVISOR, 0);
  const B0 = pieceCode(ELEPHANT, 0);
  const P0 = pieceCode(SOLDIER, 0);
  const K0 = pieceCode(KING, 0);
  const R1 = pieceCode(CHARIOT, 1);
  const N1 = pieceCode(HORSE, 1);
  const C1 = pieceCode(CANNON, 1);
  const A1 = pieceCode(ADVISOR, 1);
  const B1 = pieceCode(ELEPHANT, 1);
  const P1 = pieceCode(SOLDIER, 1);
  const K1 = pieceCode(KING, 1);

  function chariotMobility(b: Uint8Array, sq: number, side: number): number {
    const x = sq % W;
    let m = 0;
    for (let s = sq + W; s < SIZE; s += W) {
      const q = b[s]!;
      if (q === 0) m++;
      else {
        if (pieceSide(q) !== side) m++;
        break;
      }
    }
    for (let s = sq - W; s >= 0; s -= W) {
      const q = b[s]!;
      if (q === 0) m++;
      else {
        if (pieceSide(q) !== side) m++;
        break;
      }
    }
    for (let s = sq + 1, xx = x + 1; xx < W; s++, xx++) {
      const q = b[s]!;
      if (q === 0) m++;
      else {
        if (pieceSide(q) !== side) m++;
        break;
      }
    }
    for (let s = sq - 1, xx = x - 1; xx >= 0; s--, xx--) {
      const q = b[s]!;
      if (q === 0) m++;
      else {
        if (pieceSide(q) !== side) m++;
        break;
      }
    }
    return m;
  }

  /** Horse moves from sq onto a square not holding a piece of the side whose occupancy is o0, o1, o2 (the leg free). */
  function horseMobility(b: Uint8Array, sq: number, o0: number, o1: number, o2: number): number {
    const l = HORSE_LEGS[sq]!;
    const j = (sq << 4) | (b[l & 0xff]! === 0 ? 1 : 0) | (b[(l << 16) >>> 24]! === 0 ? 2 : 0) | (b[(l << 8) >>> 24]! === 0 ? 4 : 0) | (b[l >>> 24]! === 0 ? 8 : 0);
    let m = HORSE_TARGET_COUNT[j]!;
    const k = j * 3;
    // the targets held by own pieces (few: cleared bit by bit); the words' bits can be merged, as two
    // targets of one horse are never 32 or 64 squares apart (their offsets are ±7, ±11, ±17, ±19)
    for (let x = (HORSE_TARGETS[k]! & o0) | (HORSE_TARGETS[k + 1]! & o1) | (HORSE_TARGETS[k + 2]! & o2); x !== 0; x &= x - 1) m--;
    return m;
  }

  /** The square of the lowest bit in the highest nonzero word of po[at..at + 3), or -1. */
  function generalSquare(po: Int32Array, at: number): number {
    let k = po[at + 2]!;
    if (k !== 0) return 64 + 31 - Math.clz32(k & -k);
    k = po[at + 1]!;
    if (k !== 0) return 32 + 31 - Math.clz32(k & -k);
    k = po[at]!;
    return k !== 0 ? 31 - Math.clz32(k & -k) : -1;
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
    const movers1 = cnt[R1]! + cnt[N1]! + cnt[C1]! + cnt[P1]!;
    if (movers0 === 0 && movers1 === 0) return 0; // insufficient material: a draw
    // lazy evaluation: the remaining terms cannot bring a score this far outside the window back
    const rel = (pos.turn === 0 ? s : 0 - s) + TEMPO;
    if (rel - LAZY_MARGIN >= beta || rel + LAZY_MARGIN <= alpha) return scaled(rel, pos.turn, movers0, movers1);
    const lo = pos.hashLo;
    const hi = pos.hashHi;
    const slot = (lo & ((1 << CACHE_BITS) - 1)) << 1;
    const word = cache[slot + 1]!;
    if (cache[slot] === hi && (word ^ lo) >>> VALUE_BITS === 0) return (word << VALUE_SHIFT) >> VALUE_SHIFT;
    const full = fullEvaluate(pos, s, cnt);
    if (full >= -VALUE_MAX && full < VALUE_MAX) {
      cache[slot] = hi;
      cache[slot + 1] = (lo & ~VALUE_MASK) | (full & VALUE_MASK);
    }
    return full;
  }

  /** The terms past material and placement (`psqt`: their sum, `cnt`: piece counts). */
  function fullEvaluate(pos: Position, psqt: number, cnt: Int32Array): number {
    const b = pos.board;
    // the positional terms (a local sum: the JIT keeps it an untagged integer)
    let s = 0;
    // the pieces by kind from the position's per-code occupancy (3 words for 90 squares); every
    // term is an integer, so the order of the sum is free
    const po = pos.pieceOcc;
    for (let w = 0; w < 3; w++) {
      for (let x = po[R0 * 3 + w]!; x !== 0; x &= x - 1) s += (chariotMobility(b, (w << 5) + 31 - Math.clz32(x & -x), 0) - 7) * ROOK_MOB;
      for (let x = po[R1 * 3 + w]!; x !== 0; x &= x - 1) s -= (chariotMobility(b, (w << 5) + 31 - Math.clz32(x & -x), 1) - 7) * ROOK_MOB;
    }
    // horses: moves onto squares without an own piece, from the sides' occupancy
    const occ = pos.occ;
    if (cnt[N0]! !== 0) {
      const o0 = occ[0]!;
      const o1 = occ[1]!;
      const o2 = occ[2]!;
      let m = 0;
      for (let w = 0; w < 3; w++)
        for (let x = po[N0 * 3 + w]!; x !== 0; x &= x - 1) m += horseMobility(b, (w << 5) + 31 - Math.clz32(x & -x), o0, o1, o2) - 3;
      s += m * HORSE_MOB;
    }
    if (cnt[N1]! !== 0) {
      const o0 = occ[3]!;
      const o1 = occ[4]!;
      const o2 = occ[5]!;
      let m = 0;
      for (let w = 0; w < 3; w++)
        for (let x = po[N1 * 3 + w]!; x !== 0; x &= x - 1) m += horseMobility(b, (w << 5) + 31 - Math.clz32(x & -x), o0, o1, o2) - 3;
      s -= m * HORSE_MOB;
    }
    // palace safety: missing defenders matter in proportion to the attackers left against them
    // (the attackers count soldiers across the river: Red's on squares 45.., Black's on ..44; a
    // side's attackers are only counted when the other side misses a defender)
    const weak0 = (2 - Math.min(2, cnt[A0]!)) * ADVISOR_MISSING + (2 - Math.min(2, cnt[B0]!)) * ELEPHANT_MISSING;
    const weak1 = (2 - Math.min(2, cnt[A1]!)) * ADVISOR_MISSING + (2 - Math.min(2, cnt[B1]!)) * ELEPHANT_MISSING;
    if (weak0 !== 0) {
      // (few soldiers: counted bit by bit)
      let att1 = 3 * cnt[R1]! + 2 * cnt[N1]! + 2 * cnt[C1]!;
      for (let x = po[P1 * 3]!; x !== 0; x &= x - 1) att1++;
      for (let x = po[P1 * 3 + 1]! & ~RED_ACROSS_1; x !== 0; x &= x - 1) att1++;
      if (att1 > 12) att1 = 12;
      s -= ((weak0 * att1) / 12) | 0;
    }
    if (weak1 !== 0) {
      let att0 = 3 * cnt[R0]! + 2 * cnt[N0]! + 2 * cnt[C0]!;
      for (let x = po[P0 * 3 + 1]! & RED_ACROSS_1; x !== 0; x &= x - 1) att0++;
      for (let x = po[P0 * 3 + 2]!; x !== 0; x &= x - 1) att0++;
      if (att0 > 12) att0 = 12;
      s += ((weak1 * att0) / 12) | 0;
    }
    // the generals (the last one found by square order within the highest word, as ever; one each)
    const king0 = generalSquare(po, K0 * 3);
    const king1 = generalSquare(po, K1 * 3);
    // hollow cannon: a cannon facing the enemy general with nothing between
    if (king1 >= 0) s += HOLLOW_CANNON * hollow(b, po, C0 * 3, king1);
    if (king0 >= 0) s -= HOLLOW_CANNON * hollow(b, po, C1 * 3, king0);
    const movers0 = cnt[R0]! + cnt[N0]! + cnt[C0]! + cnt[P0]!;
    const movers1 = cnt[R1]! + cnt[N1]! + cnt[C1]! + cnt[P1]!;
    s += psqt;
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
          const k = pieceKind(b[(w << 5) + 31 - Math.clz32(x & -x)]!);
          if (k === CHARIOT || k === HORSE || k === CANNON) return true;
        }
      return false;
    },
    repetitionScore: judgedRepetitionScore(xiangqiEndRules),
    // each gated by self-play at 40 moves / 5 s: the first three +34 ± 29 Elo, improving +23 ± 19
    // (800 games), qsTable +42 ± 31 (SPRT 0,25 H1 after 324 games); docs/strength.md "Results"
    // lmrDivisor, reverseFutilityDepth, historyMalus (issue 42): self-play at 40 moves / 10 s +68 ± 56
    // Elo (78 games, SPRT 0,10 undecided); docs/strength.md "Xiangqi search: deeper with time"
    tuning: { ...SELECTIVE_TUNING, reverseFutilityDepth: 6 },
  };
}
