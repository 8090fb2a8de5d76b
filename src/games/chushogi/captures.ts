/**
 * Chu shogi captures only, for quiescence: straight from the move tables (steps and the first piece
 * on each ray), plus the capturing lion-power moves (igui, capture-and-step, double captures), each
 * with its promotion choices; captures of a lion pass the lion-trading rules. Equal to the
 * captures among `generateLegal`'s moves (test/engine-search.test.ts); the side-without-royals
 * case is the search's business.
 *
 * The same moves in the same order as `generatePseudoCaptures` followed by the lion filter (the
 * search's move order, and so its tree, depends on the order), but specialised to what chu's
 * tables hold: every step and ray moves and captures alike, no step has a leg, no ray hops. So a
 * step captures when an enemy piece stands on its square, a ray when its first piece is an enemy
 * (walked by a fixed square delta), and a capture by a promotable piece may promote when it starts
 * or ends in the zone (no promotable piece has lion power, so the victim stands on `to`).
 */
import { moveFrom, moveMid, moveTo, plainMove, withPromotion } from '../../core/move.js';
import type { Position } from '../../core/position.js';
import { generatePseudoCaptures, generatePseudoQuiets } from '../../core/movegen.js';
import { MODE_CAPTURE, MODE_HOP_CAPTURE, MODE_HOP_MOVE, MODE_MOVE, type MoveTables } from '../../core/tables.js';
import type { Variant } from '../../core/variant.js';
import { LION_CODE, inPromotionZone, lionCaptureAllowed, lionPass, lionPowerCaptures } from './index.js';

interface ChuCaptureTables {
  readonly tables: MoveTables;
  /**
   * Per (class, square), one record in `rec`: the number of steps, their squares, the number of
   * rays, and per ray one word: its first square | (the square delta along it + 256) << 8 | its
   * length << 18 (one contiguous read per piece).
   */
  readonly rec: Int32Array;
  /**
   * Per (piece code, square) i, at head[i * 4 ..]: the start of its record in `rec` times 4 plus
   * 1 + the first of three occupancy words its steps land in (0: no step test, for pieces with
   * fewer than STEP_FILTER steps), then the three masks of those words. A piece whose masks meet
   * no enemy piece has no step capture, without visiting its steps.
   */
  readonly head: Int32Array;
  /** Per (side, square): 1 in side's promotion zone. */
  readonly zone: Uint8Array;
  /** Do the tables have the shape the fast path assumes? */
  readonly fast: boolean;
}

let cached: ChuCaptureTables | null = null;

/** Pieces with at least this many steps test them against the enemy occupancy first. */
const STEP_FILTER = 2;
const pos0Words = (size: number): number => (size + 31) >> 5;

/** The capture tables of v's board and pieces (built once, then cached). */
function tablesFor(v: Variant): ChuCaptureTables {
  return cached !== null && cached.tables === v.tables ? cached : buildTables(v);
}

function buildTables(v: Variant): ChuCaptureTables {
  const t = v.tables;
  const { width: w, size } = v.geometry;
  let fast = v.promotionMode !== undefined && size <= 256;
  for (let i = 0; i < t.stepMode.length; i++)
    if (t.stepMode[i] !== (MODE_MOVE | MODE_CAPTURE) || t.stepLeg[i] !== -1) fast = false;
  for (let c = 0; c < v.special.length; c++) if (v.special[c] !== 0 && v.promoted[c] !== 0) fast = false;
  for (let r = 0; r < t.rayMode.length; r++) {
    if (t.rayMode[r] !== (MODE_MOVE | MODE_CAPTURE) || (t.rayMode[r]! & (MODE_HOP_MOVE | MODE_HOP_CAPTURE)) !== 0) fast = false;
    const a = t.rayFirst[r]!;
    const e = t.rayFirst[r + 1]!;
    for (let k = a + 2; k < e; k++) if (t.raySq[k]! - t.raySq[k - 1]! !== t.raySq[a + 1]! - t.raySq[a]!) fast = false;
  }
  const cells = t.stepStart.length - 1;
  const recStart = new Int32Array(cells);
  const stepReach = new Int32Array(cells * 4).fill(0);
  for (let i = 0; i < cells; i++) {
    const a = t.stepStart[i]!;
    const e = t.stepStart[i + 1]!;
    stepReach[i * 4] = -1;
    if (e - a < STEP_FILTER) continue;
    let lo = size;
    let hi = 0;
    for (let k = a; k < e; k++) {
      lo = Math.min(lo, t.stepTo[k]! >> 5);
      hi = Math.max(hi, t.stepTo[k]! >> 5);
    }
    const wlo = Math.min(lo, pos0Words(size) - 3);
    if (hi - wlo > 2 || wlo < 0) continue;
    stepReach[i * 4] = wlo;
    for (let k = a; k < e; k++) stepReach[i * 4 + 1 + (t.stepTo[k]! >> 5) - wlo]! |= 1 << (t.stepTo[k]! & 31);
  }
  const rec: number[] = [];
  for (let i = 0; i < cells; i++) {
    recStart[i] = rec.length;
    rec.push(t.stepStart[i + 1]! - t.stepStart[i]!);
    for (let k = t.stepStart[i]!; k < t.stepStart[i + 1]!; k++) rec.push(t.stepTo[k]!);
    rec.push(t.rayStart[i + 1]! - t.rayStart[i]!);
    for (let r = t.rayStart[i]!; r < t.rayStart[i + 1]!; r++) {
      const a = t.rayFirst[r]!;
      const e = t.rayFirst[r + 1]!;
      rec.push(t.raySq[a]! | ((e - a > 1 ? t.raySq[a + 1]! - t.raySq[a]! : 0) + 256) << 8 | (e - a) << 18);
    }
  }
  const codes = t.classOf.length;
  const head = new Int32Array(codes * size * 4);
  for (let code = 0; code < codes; code++) {
    const c = t.classOf[code]!;
    if (c < 0) continue;
    for (let sq = 0; sq < size; sq++) {
      const i = c * size + sq;
      const h = (code * size + sq) * 4;
      head[h] = recStart[i]! * 4 + stepReach[i * 4]! + 1;
      head[h + 1] = stepReach[i * 4 + 1]!;
      head[h + 2] = stepReach[i * 4 + 2]!;
      head[h + 3] = stepReach[i * 4 + 3]!;
    }
  }
  const zone = new Uint8Array(2 * size);
  for (let side = 0; side < 2; side++)
    for (let sq = 0; sq < size; sq++) zone[side * size + sq] = inPromotionZone((sq / w) | 0, side) ? 1 : 0;
  cached = { tables: t, rec: Int32Array.from(rec), head, zone, fast };
  return cached;
}

/**
 * The captures of the side to move (with their promotion choices) that the lion-trading rules
 * allow, appended to out[n..].
 */
function pseudoCaptures(pos: Position, ct: ChuCaptureTables, out: Int32Array, n: number): number {
  const v = pos.variant;
  const b = pos.board;
  const us = pos.turn;
  const size = v.geometry.size;
  const { rec, head } = ct;
  const them = (us ^ 1) * pos.occWords;
  const zone = ct.zone;
  const zoneBase = us * size;
  const special = v.special;
  const promoted = v.promoted;
  const occ = pos.occ;
  const ow = pos.occWords;
  const o = us * ow;
  for (let w = 0; w < ow; w++)
    for (let x = occ[o + w]!; x !== 0; x &= x - 1) {
      const from = (w << 5) + 31 - Math.clz32(x & -x);
      const p = b[from]!;
      const first = n;
      const h = (p * size + from) * 4;
      const hk = head[h]!;
      let k = hk >> 2;
      const wlo = (hk & 3) - 1;
      if (
        wlo >= 0 &&
        ((occ[them + wlo]! & head[h + 1]!) | (occ[them + wlo + 1]! & head[h + 2]!) | (occ[them + wlo + 2]! & head[h + 3]!)) === 0
      )
        k += rec[k]! + 1;
      else
        for (let e = k + 1 + rec[k]!; ++k < e; ) {
          const to = rec[k]!;
          const q = b[to]!;
          if (q !== 0 && (q & 1) !== us) {
            const m = plainMove(from, to);
            if (LION_CODE[q] === 0 || lionCaptureAllowed(pos, m)) out[n++] = m;
          }
        }
      for (let e = k + 1 + rec[k]!, k2 = k + 1; k2 < e; k2++) {
        const r = rec[k2]!;
        const d = ((r >> 8) & 1023) - 256;
        let s = r & 255;
        for (let j = r >>> 18; j > 0; j--, s += d) {
          const q = b[s]!;
          if (q === 0) continue;
          if ((q & 1) !== us) {
            const m = plainMove(from, s);
            if (LION_CODE[q] === 0 || lionCaptureAllowed(pos, m)) out[n++] = m;
          }
          break;
        }
      }
      if (special[p] !== 0) n = lionFilter(pos, out, n, lionPowerCaptures(pos, from, p, out, n));
      else if (promoted[p] !== 0 && n > first) {
        const zf = zone[zoneBase + from]!;
        for (let i = first, e = n; i < e; i++) {
          const m = out[i]!;
          if (zf !== 0 || zone[zoneBase + moveTo(m)] !== 0) out[n++] = withPromotion(m);
        }
      }
    }
  return n;
}

/** Keeps the moves out[start..n) that the lion-trading rules allow (in order); returns the new end. */
function lionFilter(pos: Position, out: Int32Array, start: number, n: number): number {
  const b = pos.board;
  let w = start;
  for (let i = start; i < n; i++) {
    const m = out[i]!;
    const from = moveFrom(m);
    const to = moveTo(m);
    const mid = moveMid(m);
    const capTo = to !== from ? b[to]! : 0;
    if (LION_CODE[capTo] === 0 && (mid < 0 || LION_CODE[b[mid]!] === 0)) out[w++] = m;
    else if (lionCaptureAllowed(pos, m)) out[w++] = m;
  }
  return w;
}

/**
 * The quiet moves of the side to move (moves to empty squares with their promotion choices, and the
 * lion-power pass), in `generatePseudoQuiets`'s order, appended to out[n..].
 */
function pseudoQuiets(pos: Position, ct: ChuCaptureTables, out: Int32Array, n: number): number {
  const v = pos.variant;
  const b = pos.board;
  const us = pos.turn;
  const size = v.geometry.size;
  const { rec, head } = ct;
  const zone = ct.zone;
  const zoneBase = us * size;
  const special = v.special;
  const promoted = v.promoted;
  const promotionMode = v.promotionMode!;
  const occ = pos.occ;
  const ow = pos.occWords;
  const o = us * ow;
  for (let w = 0; w < ow; w++)
    for (let x = occ[o + w]!; x !== 0; x &= x - 1) {
      const from = (w << 5) + 31 - Math.clz32(x & -x);
      const p = b[from]!;
      const first = n;
      let k = head[(p * size + from) * 4]! >> 2;
      for (let e = k + 1 + rec[k]!; ++k < e; ) {
        const to = rec[k]!;
        if (b[to] === 0) out[n++] = plainMove(from, to);
      }
      for (let e = k + 1 + rec[k]!, k2 = k + 1; k2 < e; k2++) {
        const r = rec[k2]!;
        const d = ((r >> 8) & 1023) - 256;
        let s = r & 255;
        for (let j = r >>> 18; j > 0; j--, s += d) {
          if (b[s] !== 0) break;
          out[n++] = plainMove(from, s);
        }
      }
      if (special[p] !== 0) n = lionPass(pos, from, p, out, n);
      else if (promoted[p] !== 0)
        // a quiet move may promote only when it ends in the zone (entering it, or a pawn or lance
        // reaching the last rank): the variant's rule decides there
        for (let i = first, e = n; i < e; i++) {
          const m = out[i]!;
          const to = moveTo(m);
          if (zone[zoneBase + to] === 0) continue;
          const mode = promotionMode(pos, from, to, p, 0);
          if (mode === 1) out[n++] = withPromotion(m);
          else if (mode === 2) out[i] = withPromotion(m);
        }
    }
  return n;
}

/** Chu's `generateQuiets`: `generatePseudoQuiets` specialised like the captures. */
export function chuQuiets(pos: Position, out: Int32Array, start: number): number {
  const ct = tablesFor(pos.variant);
  return ct.fast ? pseudoQuiets(pos, ct, out, start) : generatePseudoQuiets(pos, out, start);
}

export function chuCaptures(pos: Position, out: Int32Array, start: number): number {
  const ct = tablesFor(pos.variant);
  return ct.fast ? pseudoCaptures(pos, ct, out, start) : lionFilter(pos, out, start, generatePseudoCaptures(pos, out, start));
}
