/**
 * Chu Shogi evaluation (centipawns, a pawn = 100): material fitted to the 39 kinds (the Lion
 * dominates; the Crown Prince is a second life), promotion potential for pieces nearing the zone,
 * king shelter (the king stays back among its own pieces), lion placement, and a pull of the
 * strong pieces towards the enemy royals once material is ahead, so won games get finished.
 */
import { pieceCode, pieceKind, pieceSide } from '../../core/piece.js';
import type { Position } from '../../core/position.js';
import type { Variant } from '../../core/variant.js';
import { chuCaptures } from './captures.js';
import { attacked } from './index.js';
import { chushogiEndRules, chushogiJcsaEndRules } from './end.js';
import { checksAfter, royalsAttacked } from './checks.js';
import { CHU_WEIGHTS } from './eval-weights.js';
import { judgedRepetitionScore, ROYAL_VALUE, SELECTIVE_TUNING, type EngineProfile, type IncrementalEval } from '../../core/profile.js';

/** The number of set bits of a 32-bit word. */
function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Material by piece id (tuned: eval-weights.ts). */
export const CHU_MATERIAL: Readonly<Record<string, number>> = CHU_WEIGHTS.material;

const TEMPO = CHU_WEIGHTS.tempo;
const GUARD = CHU_WEIGHTS.kingGuard;
const TROPISM = CHU_WEIGHTS.tropism;
const LION_ATTACKERS = CHU_WEIGHTS.lionAttackers;
const LION_GUARDS = CHU_WEIGHTS.lionGuards;
const LION_CONTACT = CHU_WEIGHTS.lionContact;
const FEW_PIECES = CHU_WEIGHTS.fewPieces;
/** Are the lion-safety terms on (a weight not zero)? */
const LION_TERMS = LION_ATTACKERS !== 0 || LION_GUARDS !== 0 || LION_CONTACT !== 0;
/** Any of the lion-safety and few-pieces terms on? Off: the scan skips their counts. */
const EXTRA_TERMS = LION_TERMS || FEW_PIECES !== 0;
/** Pawns and lances (dead or not) besides its royals up to which the search asks whether a side is bared. */
const QUICK_END_PIECES = 3;
/** Non-royal pieces below which a side is near a bare king. */
export const FEW_PIECES_LIMIT = 4;
/**
 * A lion deep in the enemy camp (its owner's ranks 9-12) with few safe squares to go to: the
 * squares within its reach (two steps) that are empty or hold an enemy piece and that the enemy
 * does not attack. In four of the five losses of the chuhan-HaChu match of 2026-12-07 (5e6a40c) our
 * lion had raided the enemy camp and was trapped there a few moves later, where a 6-8 ply search
 * did not see it coming (docs/strength.md). Penalty by the number of safe squares, 0 from 6 on.
 */
export const LION_TRAP: readonly number[] = [300, 220, 150, 90, 50, 20];
/** The same for a lion that the enemy attacks where it stands. */
export const LION_TRAP_HIT: readonly number[] = [900, 450, 250, 120, 60, 20];
/** A lion counts as deep in the enemy camp from this rank on (0 = its owner's back rank). */
export const LION_DEEP_RANK = 8;
const LAZY_MARGIN = 350;
const LAZY_OFF = 1 << 20;
/** Entries of the evaluation cache (a power of two). */
const EVAL_CACHE = 1 << 15;

const KING_PLACE = CHU_WEIGHTS.kingPlacement;
const LION_PLACE = CHU_WEIGHTS.lionPlacement;
const PLACE = CHU_WEIGHTS.placement;
const PROMO = CHU_WEIGHTS.promoZone;

/**
 * The placement bonus of a piece in its parts (each scaled by its weight in percent): the king
 * stays back, the lion is active in its own half, pawns advance, small pieces hold the middle, and a
 * piece that promotes gains part of its promotion gain near and in the zone (the far four ranks).
 * `y` counts ranks from the owner's back rank, `centre` files from the nearer edge.
 */
export function placementTerms(
  isKing: boolean,
  isLion: boolean,
  isPawn: boolean,
  value: number,
  gain: number,
  _x: number,
  y: number,
  centre: number,
): { king: number; lion: number; place: number; promo: number } {
  let king = 0;
  let lion = 0;
  let place = 0;
  if (isKing) king = (y <= 1 ? 20 : y === 2 ? 5 : -25 * (y - 2)) + (centre >= 3 ? 5 : 0);
  else if (isLion) lion = [0, 10, 25, 35, 40, 35, 30, 25, 20, 15, 10, 5][y]! + centre * 4;
  else if (isPawn) place = y === 4 ? 5 : y === 5 ? 10 : y >= 6 ? 15 : 0;
  else if (value <= 500) place = centre * 2 + (y >= 3 && y <= 7 ? 5 : 0);
  else place = centre * 2;
  const promo = gain > 0 ? (y >= 8 ? (gain * 3) >> 3 : y === 7 ? gain >> 3 : y === 6 ? gain >> 4 : 0) : 0;
  return { king, lion, place, promo };
}

/** 1 for the piece codes (both sides) of the kinds named, by piece code. */
function kindMask(v: Variant, ids: readonly string[]): Uint8Array {
  const mask = new Uint8Array(v.codeCount);
  for (const id of ids) {
    const k = v.kindOf.get(id);
    if (k) {
      mask[pieceCode(k, 0)] = 1;
      mask[pieceCode(k, 1)] = 1;
    }
  }
  return mask;
}

export function chushogiProfile(v: Variant): EngineProfile {
  const W = v.geometry.width;
  const H = v.geometry.height;
  const SIZE = v.geometry.size;
  const codes = v.codeCount;
  const material = new Int32Array(codes);
  const values = new Int32Array(codes);
  const kingKind = v.kindOf.get('king') ?? 0;
  for (let code = 2; code < codes; code++) {
    const spec = v.pieces[pieceKind(code) - 1]!;
    material[code] = CHU_MATERIAL[spec.id] ?? 300;
    values[code] = v.royal[code] ? ROYAL_VALUE : material[code]!;
  }
  const isLion = kindMask(v, ['lion', '+kirin']);
  // material + placement, positive for side 0
  const pst = new Int32Array(codes * SIZE);
  for (let code = 2; code < codes; code++) {
    const kind = pieceKind(code);
    const side = pieceSide(code);
    const spec = v.pieces[kind - 1]!;
    const promotedCode = v.promoted[code]!;
    const gain = promotedCode ? Math.max(0, material[promotedCode]! - material[code]!) : 0;
    for (let sq = 0; sq < SIZE; sq++) {
      const x = sq % W;
      // ranks counted from the owner's back rank
      const y = side === 0 ? (sq / W) | 0 : H - 1 - ((sq / W) | 0);
      const centre = Math.min(x, W - 1 - x); // 0 on the edge files, 5 in the middle
      const t = placementTerms(kind === kingKind, isLion[code] === 1, spec.id === 'pawn', material[code]!, gain, x, y, centre);
      const bonus = Math.round((t.king * KING_PLACE + t.lion * LION_PLACE + t.place * PLACE + t.promo * PROMO) / 100);
      const val = material[code]! + bonus;
      pst[code * SIZE + sq] = side === 0 ? val : -val;
    }
  }

  const royal = v.royal;
  const strong = new Uint8Array(codes);
  for (let code = 2; code < codes; code++) strong[code] = !royal[code] && material[code]! >= 450 ? 1 : 0;
  const adj: number[][] = [];
  for (let sq = 0; sq < SIZE; sq++) {
    const x = sq % W;
    const y = (sq / W) | 0;
    const list: number[] = [];
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        if (!dx && !dy) continue;
        const tx = x + dx;
        const ty = y + dy;
        if (tx >= 0 && ty >= 0 && tx < W && ty < H) list.push(ty * W + tx);
      }
    adj.push(list);
  }
  // the same lists flat: adjList[adjStart[sq] .. adjStart[sq + 1])
  const adjStart = new Int32Array(SIZE + 1);
  for (let sq = 0; sq < SIZE; sq++) adjStart[sq + 1] = adjStart[sq]! + adj[sq]!.length;
  const adjList = Int32Array.from(adj.flat());
  // the same neighbours as masks: per square at adjWin[sq * 4], the first of three occupancy words
  // around it (-1: the neighbours do not fit in three words, or too few words) and their masks
  const occWords = (SIZE + 31) >> 5;
  const adjWin = new Int32Array(SIZE * 4);
  for (let sq = 0; sq < SIZE; sq++) {
    const wl = Math.max(0, Math.min(occWords - 3, (sq >> 5) - 1));
    adjWin[sq * 4] = occWords >= 3 ? wl : -1;
    for (const n of adj[sq]!) {
      const j = (n >> 5) - wl;
      if (j < 0 || j > 2) adjWin[sq * 4] = -1;
      else adjWin[sq * 4 + 1 + j]! |= 1 << (n & 31);
    }
  }
  // squares a lion reaches or is reached from in one move (Chebyshev distance 2, itself excluded),
  // flat: near2[near2Start[sq] .. near2Start[sq + 1]), near2Adj marks the adjacent ones; only the
  // adjacent ones while the terms that look farther weigh nothing (the tuned weights), a third of the work
  const reach = LION_ATTACKERS !== 0 || LION_CONTACT !== 0 ? 2 : 1;
  const near2Start = new Int32Array(SIZE + 1);
  const near2List: number[] = [];
  const near2AdjList: number[] = [];
  for (let sq = 0; sq < SIZE; sq++) {
    const x = sq % W;
    const y = (sq / W) | 0;
    near2Start[sq] = near2List.length;
    for (let dy = -reach; dy <= reach; dy++)
      for (let dx = -reach; dx <= reach; dx++) {
        if (!dx && !dy) continue;
        const tx = x + dx;
        const ty = y + dy;
        if (tx < 0 || ty < 0 || tx >= W || ty >= H) continue;
        near2List.push(ty * W + tx);
        near2AdjList.push(Math.abs(dx) <= 1 && Math.abs(dy) <= 1 ? 1 : 0);
      }
  }
  near2Start[SIZE] = near2List.length;
  const near2 = Int32Array.from(near2List);
  const near2Adj = Uint8Array.from(near2AdjList);
  // every square within a lion's reach (Chebyshev distance 1-2), flat like near2
  const reachStart = new Int32Array(SIZE + 1);
  const reachList: number[] = [];
  for (let sq = 0; sq < SIZE; sq++) {
    const x = sq % W;
    const y = (sq / W) | 0;
    reachStart[sq] = reachList.length;
    for (let dy = -2; dy <= 2; dy++)
      for (let dx = -2; dx <= 2; dx++) {
        const tx = x + dx;
        const ty = y + dy;
        if ((dx || dy) && tx >= 0 && ty >= 0 && tx < W && ty < H) reachList.push(ty * W + tx);
      }
  }
  reachStart[SIZE] = reachList.length;
  const reach2 = Int32Array.from(reachList);
  // the squares deep in each side's enemy camp: side 0's on the last ranks, side 1's on the first
  const deepLo = [LION_DEEP_RANK * W, 0];
  const deepHi = [SIZE, (H - LION_DEEP_RANK) * W];
  const counts = new Int32Array(codes);
  // full evaluations by position hash (a search evaluates many positions again, e.g. in each
  // iteration); the lazy exit is decided before the cache is asked, so every result is unchanged
  const cacheLo = new Int32Array(EVAL_CACHE);
  const cacheHi = new Int32Array(EVAL_CACHE);
  const cacheVal = new Int32Array(EVAL_CACHE);
  const cacheUsed = new Uint8Array(EVAL_CACHE);
  const royalSq = new Int32Array(4);
  const lionSq = new Int32Array(SIZE);

  function evaluate(pos: Position, alpha = -LAZY_OFF, beta = LAZY_OFF, inc?: IncrementalEval): number {
    const b = pos.board;
    let s: number;
    if (inc) s = inc.psqt;
    else {
      counts.fill(0);
      s = 0;
      for (let sq = 0; sq < SIZE; sq++) {
        const p = b[sq]!;
        if (p !== 0) s += pst[p * SIZE + sq]!;
      }
    }
    const rel = (pos.turn === 0 ? s : -s) + TEMPO;
    if ((rel - LAZY_MARGIN >= beta || rel + LAZY_MARGIN <= alpha) && !deepLion(pos, 0) && !deepLion(pos, 1)) return rel;
    const slot = pos.hashLo & (EVAL_CACHE - 1);
    if (cacheUsed[slot] === 1 && cacheLo[slot] === pos.hashLo && cacheHi[slot] === pos.hashHi) return cacheVal[slot]!;
    const full = fullEvaluate(pos, s);
    cacheUsed[slot] = 1;
    cacheLo[slot] = pos.hashLo;
    cacheHi[slot] = pos.hashHi;
    cacheVal[slot] = full;
    return full;
  }

  /** The terms past material and placement (`s`: their sum). */
  function fullEvaluate(pos: Position, s: number): number {
    const b = pos.board;

    // the royals from the position's royal bitsets (in square order, at most two a side); the
    // other pieces are scanned only for the terms that need them
    let nRoyal0 = 0;
    let nRoyal1 = 0;
    let nl = 0;
    let pieces0 = 0;
    let pieces1 = 0;
    const occ = pos.occ;
    const roy = pos.roy;
    const ow = pos.occWords;
    for (let w = 0; w < ow; w++)
      for (let x = roy[w]!; x !== 0 && nRoyal0 < 2; x &= x - 1) royalSq[nRoyal0++] = (w << 5) + 31 - Math.clz32(x & -x);
    for (let w = 0; w < ow; w++)
      for (let x = roy[ow + w]!; x !== 0 && nRoyal1 < 2; x &= x - 1) royalSq[2 + nRoyal1++] = (w << 5) + 31 - Math.clz32(x & -x);
    if (EXTRA_TERMS)
      for (let k = 0; k < 2 * ow; k++)
        for (let x = occ[k]! & ~roy[k]!; x !== 0; x &= x - 1) {
          const sq = ((k % ow) << 5) + 31 - Math.clz32(x & -x);
          const p = b[sq]!;
          if (pieceSide(p) === 0) pieces0++;
          else pieces1++;
          if (isLion[p]) lionSq[nl++] = sq;
        }
    // lion safety: enemy pieces within a lion's reach, own pieces next to it; two lions in reach
    // of each other favour the side to move
    let contact = 0;
    let ls = 0;
    for (let i = 0; i < nl; i++) {
      const sq = lionSq[i]!;
      const side = pieceSide(b[sq]!);
      let enemies = 0;
      let guards = 0;
      for (let j = near2Start[sq]!, end = near2Start[sq + 1]!; j < end; j++) {
        const q = b[near2[j]!]!;
        if (q === 0) continue;
        if (pieceSide(q) !== side) {
          enemies++;
          if (side === 0 && isLion[q] === 1) contact = 1;
        } else guards += near2Adj[j]!;
      }
      const t = guards * LION_GUARDS - enemies * LION_ATTACKERS;
      ls += side === 0 ? t : -t;
    }
    if (contact) ls += pos.turn === 0 ? LION_CONTACT : -LION_CONTACT;
    // near a bare king: few pieces left
    if (EXTRA_TERMS) {
      if (pieces0 < FEW_PIECES_LIMIT) ls -= (FEW_PIECES_LIMIT - pieces0) * FEW_PIECES;
      if (pieces1 < FEW_PIECES_LIMIT) ls += (FEW_PIECES_LIMIT - pieces1) * FEW_PIECES;
    }
    // king shelter: own pieces next to each royal
    for (let i = 0; i < nRoyal0; i++) s += Math.min(guardCount(pos, royalSq[i]!, 0), 5) * GUARD;
    for (let i = 0; i < nRoyal1; i++) s -= Math.min(guardCount(pos, royalSq[2 + i]!, 1), 5) * GUARD;
    // the side ahead in material brings its strong pieces towards the enemy royal (the nearer of
    // two: the first in square order was Gote's far royal for Sente's pieces and Sente's near one
    // for Gote's, an asymmetry the colour-symmetry test found)
    if (s > 600 && nRoyal1 > 0) s += ((royalTropism(pos, 0, 2, nRoyal1) * Math.min(4, (s / 600) | 0) * TROPISM) / 100) | 0;
    else if (s < -600 && nRoyal0 > 0) s -= ((royalTropism(pos, 1, 0, nRoyal0) * Math.min(4, (-s / 600) | 0) * TROPISM) / 100) | 0;
    s += ls;
    s -= trappedLions(pos, 0) - trappedLions(pos, 1);
    return (pos.turn === 0 ? s : -s) + TEMPO;
  }

  const pawnOrLance = kindMask(v, ['pawn', 'lance']);
  const endRules = v.ruleKey?.startsWith('jcsa') ? chushogiJcsaEndRules : chushogiEndRules;
  /**
   * Bare king and two lone royals, which end the game at once (end.ts), for the search: asked only
   * when a side has nothing besides its royals but a few pawns and lances (dead ones do not count).
   */
  function quickEnd(pos: Position): number {
    if (!mayBeBare(pos, 0) && !mayBeBare(pos, 1)) return 0;
    const r = endRules.quickResult(pos, false);
    if (r === null || r.reason === 'royals captured') return 0;
    return r.winner === null ? 2 : r.winner === pos.turn ? 1 : -1;
  }

  /** Has the side to move a single royal (with two, one may be lost)? */
  function checkIsThreat(pos: Position): boolean {
    const roy = pos.roy;
    const ow = pos.occWords;
    let n = 0;
    for (let w = pos.turn * ow, e = w + ow; w < e; w++) n += popcount(roy[w]!);
    return n <= 1;
  }

  /** Has `side` nothing besides its royals but at most QUICK_END_PIECES pawns and lances? */
  function mayBeBare(pos: Position, side: number): boolean {
    const occ = pos.occ;
    const roy = pos.roy;
    const ow = pos.occWords;
    let n = 0;
    for (let w = 0; w < ow; w++)
      for (let x = occ[side * ow + w]! & ~roy[side * ow + w]!; x !== 0; x &= x - 1)
        if (++n > QUICK_END_PIECES || pawnOrLance[pos.board[(w << 5) + 31 - Math.clz32(x & -x)]!] === 0) return false;
    return true;
  }

  /** Does `side` have a lion deep in the enemy camp (then its trap term can exceed the lazy margin)? */
  function deepLion(pos: Position, side: number): boolean {
    const b = pos.board;
    const occ = pos.occ;
    const ow = pos.occWords;
    const lo = deepLo[side]!;
    const hi = deepHi[side]!;
    for (let w = lo >> 5; w <= (hi - 1) >> 5; w++)
      for (let x = occ[side * ow + w]!; x !== 0; x &= x - 1) {
        const sq = (w << 5) + 31 - Math.clz32(x & -x);
        if (sq >= lo && sq < hi && isLion[b[sq]!] === 1) return true;
      }
    return false;
  }

  /** The trapped-lion penalty (LION_TRAP) of `side`'s lions deep in the enemy camp. */
  function trappedLions(pos: Position, side: number): number {
    const b = pos.board;
    const occ = pos.occ;
    const ow = pos.occWords;
    const lo = deepLo[side]!;
    const hi = deepHi[side]!;
    const enemy = side ^ 1;
    let pen = 0;
    for (let w = lo >> 5; w <= (hi - 1) >> 5; w++)
      for (let x = occ[side * ow + w]!; x !== 0; x &= x - 1) {
        const sq = (w << 5) + 31 - Math.clz32(x & -x);
        if (sq < lo || sq >= hi || isLion[b[sq]!] === 0) continue;
        let safe = 0;
        for (let j = reachStart[sq]!, e = reachStart[sq + 1]!; j < e && safe < LION_TRAP.length; j++) {
          const t = reach2[j]!;
          const q = b[t]!;
          if (q !== 0 && pieceSide(q) === side) continue;
          if (!attacked(pos, t, enemy)) safe++;
        }
        if (safe < LION_TRAP.length) pen += (attacked(pos, sq, enemy) ? LION_TRAP_HIT : LION_TRAP)[safe]!;
      }
    return pen;
  }

  /** The pieces of `side` next to the square r (from the occupancy masks where they cover it). */
  function guardCount(pos: Position, r: number, side: number): number {
    const at = r * 4;
    const wl = adjWin[at]!;
    if (wl < 0) {
      const b = pos.board;
      let guards = 0;
      for (let j = adjStart[r]!, e = adjStart[r + 1]!; j < e; j++) {
        const q = b[adjList[j]!]!;
        if (q !== 0 && pieceSide(q) === side) guards++;
      }
      return guards;
    }
    const o = side * pos.occWords + wl;
    const occ = pos.occ;
    return popcount(occ[o]! & adjWin[at + 1]!) + popcount(occ[o + 1]! & adjWin[at + 2]!) + popcount(occ[o + 2]! & adjWin[at + 3]!);
  }

  /** Closeness of `side`'s strong pieces to the nearer of the enemy royals royalSq[at], royalSq[at + 1] (n of them). */
  function royalTropism(pos: Position, side: number, at: number, n: number): number {
    const t = tropism(pos, side, royalSq[at]!);
    return n > 1 ? Math.max(t, tropism(pos, side, royalSq[at + 1]!)) : t;
  }

  /** Closeness of `side`'s strong pieces to the square `target`. */
  function tropism(pos: Position, side: number, target: number): number {
    const b = pos.board;
    const occ = pos.occ;
    const ow = pos.occWords;
    const tx = target % W;
    const ty = (target / W) | 0;
    let t = 0;
    for (let w = 0; w < ow; w++)
      for (let x = occ[side * ow + w]!; x !== 0; x &= x - 1) {
        const sq = (w << 5) + 31 - Math.clz32(x & -x);
        if (strong[b[sq]!] === 0) continue;
        const d = Math.max(Math.abs((sq % W) - tx), Math.abs(((sq / W) | 0) - ty));
        t += 12 - d;
      }
    return t;
  }

  return {
    id: v.spec.id,
    values,
    pst,
    drawPlies: 0,
    qsEvasions: false,
    qsSkipLosing: attacked,
    maxMoves: 2048,
    evaluate,
    generateCaptures: chuCaptures,
    royalsCapturable: true,
    royalsAttacked,
    checksAfter,
    nullMoveAllowed: () => true,
    repetitionScore: judgedRepetitionScore(chushogiEndRules),
    quickEnd,
    checkIsThreat,
    // xiangqi's selectivity (issue 42) but reverse futility to depth 3 only: to depth 6 (its
    // 110 cp a ply is small beside chu's material) one fixture mate in 3 took more than 150k
    // nodes. Depth-7 trees of the bench positions 5-75 times smaller (scripts/search-trees.mjs);
    // self-play gate at 40 moves / 5 s +97 ± 74 Elo: docs/strength.md "Chu: xiangqi's selectivity"
    tuning: SELECTIVE_TUNING,
  };
}
