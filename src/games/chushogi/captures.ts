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
import { generatePseudoCaptures } from '../../core/movegen.js';
import { MODE_CAPTURE, MODE_HOP_CAPTURE, MODE_HOP_MOVE, MODE_MOVE, type MoveTables } from '../../core/tables.js';
import type { Variant } from '../../core/variant.js';
import { LION_CODE, inPromotionZone, lionCaptureAllowed, lionPowerCaptures } from './index.js';

interface ChuCaptureTables {
  readonly tables: MoveTables;
  /** Per ray: its first square, the square delta along it, its length. */
  readonly rayFirstSq: Int16Array;
  readonly rayDelta: Int16Array;
  readonly rayLen: Int16Array;
  /** Per (side, square): 1 in side's promotion zone. */
  readonly zone: Uint8Array;
  /** Do the tables have the shape the fast path assumes? */
  readonly fast: boolean;
}

let cached: ChuCaptureTables | null = null;

function captureTables(v: Variant): ChuCaptureTables {
  const t = v.tables;
  if (cached !== null && cached.tables === t) return cached;
  const { width: w, size } = v.geometry;
  let fast = v.promotionMode !== undefined;
  for (let i = 0; i < t.stepMode.length; i++)
    if (t.stepMode[i] !== (MODE_MOVE | MODE_CAPTURE) || t.stepLeg[i] !== -1) fast = false;
  for (let c = 0; c < v.special.length; c++) if (v.special[c] !== 0 && v.promoted[c] !== 0) fast = false;
  const rays = t.rayMode.length;
  const rayFirstSq = new Int16Array(rays);
  const rayDelta = new Int16Array(rays);
  const rayLen = new Int16Array(rays);
  for (let r = 0; r < rays; r++) {
    if (t.rayMode[r] !== (MODE_MOVE | MODE_CAPTURE) || (t.rayMode[r]! & (MODE_HOP_MOVE | MODE_HOP_CAPTURE)) !== 0) fast = false;
    const a = t.rayFirst[r]!;
    const e = t.rayFirst[r + 1]!;
    rayFirstSq[r] = t.raySq[a]!;
    rayLen[r] = e - a;
    rayDelta[r] = e - a > 1 ? t.raySq[a + 1]! - t.raySq[a]! : 0;
    for (let k = a + 1; k < e; k++) if (t.raySq[k]! - t.raySq[k - 1]! !== rayDelta[r]) fast = false;
  }
  const zone = new Uint8Array(2 * size);
  for (let side = 0; side < 2; side++)
    for (let sq = 0; sq < size; sq++) zone[side * size + sq] = inPromotionZone((sq / w) | 0, side) ? 1 : 0;
  cached = { tables: t, rayFirstSq, rayDelta, rayLen, zone, fast };
  return cached;
}

/** The pseudo-legal captures of the side to move (with their promotion choices), appended to out[n..]. */
function pseudoCaptures(pos: Position, ct: ChuCaptureTables, out: Int32Array, n: number): number {
  const v = pos.variant;
  const b = pos.board;
  const us = pos.turn;
  const size = v.geometry.size;
  const { classOf, stepStart, stepTo, rayStart } = ct.tables;
  const { rayFirstSq, rayDelta, rayLen } = ct;
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
      const base = classOf[p]! * size + from;
      for (let i = stepStart[base]!, e = stepStart[base + 1]!; i < e; i++) {
        const to = stepTo[i]!;
        const q = b[to]!;
        if (q !== 0 && (q & 1) !== us) out[n++] = plainMove(from, to);
      }
      for (let r = rayStart[base]!, e = rayStart[base + 1]!; r < e; r++) {
        const d = rayDelta[r]!;
        let s = rayFirstSq[r]!;
        for (let k = rayLen[r]!; k > 0; k--, s += d) {
          const q = b[s]!;
          if (q === 0) continue;
          if ((q & 1) !== us) out[n++] = plainMove(from, s);
          break;
        }
      }
      if (special[p] !== 0) n = lionPowerCaptures(pos, from, p, out, n);
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

export function chuCaptures(pos: Position, out: Int32Array, start: number): number {
  const b = pos.board;
  const ct = captureTables(pos.variant);
  const n = ct.fast ? pseudoCaptures(pos, ct, out, start) : generatePseudoCaptures(pos, out, start);
  // the lion-trading rules
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
