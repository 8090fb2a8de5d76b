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
import { pieceSide } from '../../core/piece.js';
import type { Position } from '../../core/position.js';
import { generatePseudoCaptures, generatePseudoQuiets } from '../../core/movegen.js';
import { MODE_CAPTURE, MODE_HOP_CAPTURE, MODE_HOP_MOVE, MODE_MOVE, type MoveTables } from '../../core/tables.js';
import type { Variant } from '../../core/variant.js';
import { LION_CODE, inPromotionZone, lionCaptureAllowed, lionPass, lionPowerCaptures } from './index.js';

interface ChuCaptureTables {
  readonly tables: MoveTables;
  /**
   * Per (piece code, square), HEAD words at head[(code * size + square) * HEAD] (the one read per
   * piece that most pieces need): the number of steps | HEAD_SPECIAL | HEAD_PROMOTES | the
   * number of rays << HEAD_RAYS, three masks of the squares its steps land on (in the three occupancy words from
   * `windowOf`), three masks of its rays' first squares (the same words), where its class's steps
   * start in `rec`, then per ray (RAY_SLOTS at most) one word: its first square | (the square delta
   * along it + 256) << 8 | its last square << 18.
   */
  readonly head: Int32Array;
  /** Per (class, square): its steps' squares. */
  readonly rec: Int32Array;
  /** Per (side, square): 1 in side's promotion zone. */
  readonly zone: Uint8Array;
  /** Per piece code: 1 when it has no rays on any square (its steps reach STEP_REACH squares at most). */
  readonly stepper: Uint8Array;
  /** Do the tables have the shape the fast path assumes? */
  readonly fast: boolean;
}

let cached: ChuCaptureTables | null = null;

/** Words per (code, square) in `head`. */
const HEAD = 16;
/** Where the rays start in a head, and how many it holds. */
const RAY_AT = 8;
const RAY_SLOTS = 8;
/** `head` flags: the piece has lion power (the `special` hook); it may promote. */
const HEAD_SPECIAL = 1 << 8;
const HEAD_PROMOTES = 1 << 9;
/** The shift of the ray count in a head's first word. */
const HEAD_RAYS = 10;
/** How far a step may go in square numbers (two ranks and two files; checked when the tables are built). */
const STEP_REACH = 26;

/** The first of the three occupancy words that the masks of the squares in word `w` cover. */
const windowOf = (w: number, ow: number): number => Math.max(0, Math.min(ow - 3, w - 1));

/** The capture tables of v's board and pieces (built once, then cached). */
function tablesFor(v: Variant): ChuCaptureTables {
  return cached !== null && cached.tables === v.tables ? cached : buildTables(v);
}

function buildTables(v: Variant): ChuCaptureTables {
  const t = v.tables;
  const { width: w, size } = v.geometry;
  const ow = (size + 31) >> 5;
  let fast = v.promotionMode !== undefined && size <= 256 && ow >= 3;
  for (let i = 0; i < t.stepMode.length; i++)
    if (t.stepMode[i] !== (MODE_MOVE | MODE_CAPTURE) || t.stepLeg[i] !== -1) fast = false;
  for (let c = 0; c < v.special.length; c++) if (v.special[c] !== 0 && v.promoted[c] !== 0) fast = false;
  for (let r = 0; r < t.rayMode.length; r++) {
    if (t.rayMode[r] !== (MODE_MOVE | MODE_CAPTURE) || (t.rayMode[r]! & (MODE_HOP_MOVE | MODE_HOP_CAPTURE)) !== 0) fast = false;
    const a = t.rayFirst[r]!;
    const e = t.rayFirst[r + 1]!;
    for (let k = a + 2; k < e; k++) if (t.raySq[k]! - t.raySq[k - 1]! !== t.raySq[a + 1]! - t.raySq[a]!) fast = false;
  }
  // the masks' window: the square's occupancy word and its two neighbours (the same three words
  // for every square of a word, so the generator reads them once per word); a step outside it
  // leaves the generic path
  const win = new Uint8Array(size);
  for (let sq = 0; sq < size; sq++) win[sq] = windowOf(sq >> 5, ow);
  const cells = t.stepStart.length - 1;
  // per (class, square): the header words but the flags
  const classHead = new Int32Array(cells * HEAD);
  const rec: number[] = [];
  for (let i = 0; i < cells; i++) {
    const sq = i % size;
    const at = i * HEAD;
    const steps = t.stepStart[i + 1]! - t.stepStart[i]!;
    const rays = t.rayStart[i + 1]! - t.rayStart[i]!;
    if (steps > 255 || rays > RAY_SLOTS) fast = false;
    classHead[at] = steps | (rays << HEAD_RAYS);
    classHead[at + 7] = rec.length;
    for (let k = t.stepStart[i]!; k < t.stepStart[i + 1]!; k++) {
      const to = t.stepTo[k]!;
      rec.push(to);
      const j = (to >> 5) - win[sq]!;
      if (j < 0 || j > 2) fast = false;
      else classHead[at + 1 + j]! |= 1 << (to & 31);
    }
    for (let r = t.rayStart[i]!, slot = at + RAY_AT; r < t.rayStart[i + 1]! && slot < at + HEAD; r++, slot++) {
      const a = t.rayFirst[r]!;
      const e = t.rayFirst[r + 1]!;
      classHead[slot] = t.raySq[a]! | ((e - a > 1 ? t.raySq[a + 1]! - t.raySq[a]! : 0) + 256) << 8 | t.raySq[e - 1]! << 18;
      const j = (t.raySq[a]! >> 5) - win[sq]!;
      if (j < 0 || j > 2) fast = false;
      else classHead[at + 4 + j]! |= 1 << (t.raySq[a]! & 31);
    }
  }
  const codes = t.classOf.length;
  const stepper = new Uint8Array(codes);
  for (let code = 0; code < codes; code++) {
    const c = t.classOf[code]!;
    if (c < 0) continue;
    let rays = 0;
    for (let sq = 0; sq < size; sq++) {
      const i = c * size + sq;
      rays += t.rayStart[i + 1]! - t.rayStart[i]!;
      for (let k = t.stepStart[i]!; k < t.stepStart[i + 1]!; k++) if (Math.abs(t.stepTo[k]! - sq) > STEP_REACH) fast = false;
    }
    stepper[code] = rays === 0 ? 1 : 0;
  }
  const head = new Int32Array(codes * size * HEAD);
  for (let code = 0; code < codes; code++) {
    const c = t.classOf[code]!;
    if (c < 0) continue;
    const flags = (v.special[code] !== 0 ? HEAD_SPECIAL : 0) | (v.promoted[code] !== 0 ? HEAD_PROMOTES : 0);
    for (let sq = 0; sq < size; sq++) {
      const at = (code * size + sq) * HEAD;
      const from = (c * size + sq) * HEAD;
      for (let k = 0; k < HEAD; k++) head[at + k] = classHead[from + k]!;
      head[at] = head[at]! | flags;
    }
  }
  const zone = new Uint8Array(2 * size);
  for (let side = 0; side < 2; side++)
    for (let sq = 0; sq < size; sq++) zone[side * size + sq] = inPromotionZone((sq / w) | 0, side) ? 1 : 0;
  cached = { tables: t, head, rec: Int32Array.from(rec), zone, stepper, fast };
  return cached;
}

/**
 * The captures of the side to move (with their promotion choices) that the lion-trading rules
 * allow, appended to out[n..]. A piece whose steps meet no enemy piece (the record's masks tell)
 * skips its steps.
 */
function pseudoCaptures(pos: Position, ct: ChuCaptureTables, out: Int32Array, n: number): number {
  const v = pos.variant;
  const b = pos.board;
  const us = pos.turn;
  const size = v.geometry.size;
  const { head, rec } = ct;
  const ow = pos.occWords;
  const them = (us ^ 1) * ow;
  const zone = ct.zone;
  const zoneBase = us * size;
  const occ = pos.occ;
  const o = us * ow;
  // the lowest and the highest square of an enemy piece: a ray whose squares all lie below the
  // one or above the other captures nothing, nor does a piece without rays farther than a step
  // away from them
  let lo = size;
  let hi = -1;
  for (let w = 0; w < ow; w++) {
    const e = occ[them + w]!;
    if (e === 0) continue;
    if (lo === size) lo = (w << 5) + 31 - Math.clz32(e & -e);
    hi = (w << 5) + 31 - Math.clz32(e);
  }
  const stepLo = lo - STEP_REACH;
  const stepHi = hi + STEP_REACH;
  const stepper = ct.stepper;
  for (let w = 0; w < ow; w++) {
    // the window's occupancy words, the same for every piece of this word
    const wl = windowOf(w, ow);
    const e0 = occ[them + wl]!;
    const e1 = occ[them + wl + 1]!;
    const e2 = occ[them + wl + 2]!;
    const f0 = ~occ[o + wl]!;
    const f1 = ~occ[o + wl + 1]!;
    const f2 = ~occ[o + wl + 2]!;
    for (let x = occ[o + w]!; x !== 0; x &= x - 1) {
      const from = (w << 5) + 31 - Math.clz32(x & -x);
      const p = b[from]!;
      if ((from < stepLo || from > stepHi) && stepper[p] === 1) continue;
      const first = n;
      const h = (p * size + from) * HEAD;
      const hd = head[h]!;
      const stepHit = ((e0 & head[h + 1]!) | (e1 & head[h + 2]!) | (e2 & head[h + 3]!)) !== 0;
      // a ray whose first square holds a piece of ours captures nothing
      const rayOpen = ((head[h + 4]! & f0) | (head[h + 5]! & f1) | (head[h + 6]! & f2)) !== 0;
      // no capture at all (lion power's first step is one of the steps): nothing to promote either
      if (!stepHit && !rayOpen) continue;
      let k = head[h + 7]!;
      const ke = k + (hd & 255);
      if (stepHit)
        for (; k < ke; k++) {
          const to = rec[k]!;
          const q = b[to]!;
          if (q !== 0 && pieceSide(q) !== us) {
            const m = plainMove(from, to);
            if (LION_CODE[q] === 0 || lionCaptureAllowed(pos, m)) out[n++] = m;
          }
        }
      if (rayOpen) {
        for (let k2 = h + RAY_AT, e = k2 + (hd >> HEAD_RAYS); k2 < e; k2++) {
          const r = head[k2]!;
          const d = ((r >> 8) & 1023) - 256;
          const last = r >>> 18;
          const s0 = r & 255;
          if (last > from ? hi < s0 || lo > last : hi < last || lo > s0) continue;
          for (let s = s0; ; s += d) {
            const q = b[s]!;
            if (q !== 0) {
              if (pieceSide(q) !== us) {
                const m = plainMove(from, s);
                if (LION_CODE[q] === 0 || lionCaptureAllowed(pos, m)) out[n++] = m;
              }
              break;
            }
            if (s === last) break;
          }
        }
      }
      if ((hd & HEAD_SPECIAL) !== 0) n = lionFilter(pos, out, n, lionPowerCaptures(pos, from, p, out, n));
      else if ((hd & HEAD_PROMOTES) !== 0 && n > first) {
        const zf = zone[zoneBase + from]!;
        for (let i = first, e = n; i < e; i++) {
          const m = out[i]!;
          if (zf !== 0 || zone[zoneBase + moveTo(m)] !== 0) out[n++] = withPromotion(m);
        }
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
  const { head, rec } = ct;
  const zone = ct.zone;
  const zoneBase = us * size;
  const promotionMode = v.promotionMode!;
  const occ = pos.occ;
  const ow = pos.occWords;
  const o = us * ow;
  for (let w = 0; w < ow; w++)
    for (let x = occ[o + w]!; x !== 0; x &= x - 1) {
      const from = (w << 5) + 31 - Math.clz32(x & -x);
      const p = b[from]!;
      const first = n;
      const h = (p * size + from) * HEAD;
      const hd = head[h]!;
      let k = head[h + 7]!;
      for (let e = k + (hd & 255); k < e; k++) {
        const to = rec[k]!;
        if (b[to] === 0) out[n++] = plainMove(from, to);
      }
      for (let k2 = h + RAY_AT, e = k2 + (hd >> HEAD_RAYS); k2 < e; k2++) {
        const r = head[k2]!;
        const d = ((r >> 8) & 1023) - 256;
        const last = r >>> 18;
        for (let s = r & 255; b[s] === 0; s += d) {
          out[n++] = plainMove(from, s);
          if (s === last) break;
        }
      }
      if ((hd & HEAD_SPECIAL) !== 0) n = lionPass(pos, from, p, out, n);
      else if ((hd & HEAD_PROMOTES) !== 0)
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

/** Does v take the specialised generators (true for chu; tests)? */
export const fastCaptureTables = (v: Variant): boolean => tablesFor(v).fast;
