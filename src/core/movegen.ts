/** Table-driven pseudo-legal move generation and attack detection, for any variant. */
import { plainMove, moveFrom, moveMid, moveTo, withPromotion } from './move.js';
import { pieceSide } from './piece.js';
import type { Position } from './position.js';
import { MODE_CAPTURE, MODE_HOP_CAPTURE, MODE_HOP_MOVE, MODE_MOVE } from './tables.js';

/** Appends the pseudo-legal moves of the side to move to out[n..]; returns the new end. */
export function generatePseudo(pos: Position, out: Int32Array, n: number): number {
  // generatePseudoFrom's body for each piece, the tables read once (perft's and the legal generators' hot loop)
  const v = pos.variant;
  const b = pos.board;
  const { classOf, stepStart, stepTo, stepLeg, stepMode, rayStart, rayMode, rayFirst, raySq } = v.tables;
  const size = v.geometry.size;
  const us = pos.turn;
  const { special, promoted, generateSpecial } = v;
  const hasPromo = v.promotionMode !== undefined;
  const occ = pos.occ;
  const ow = pos.occWords;
  const o = us * ow;
  for (let w = 0; w < ow; w++)
    for (let x = occ[o + w]!; x !== 0; x &= x - 1) {
      const from = (w << 5) + 31 - Math.clz32(x & -x);
      const p = b[from]!;
      const base = classOf[p]! * size + from;
      const start = n;
      for (let i = stepStart[base]!, e = stepStart[base + 1]!; i < e; i++) {
        const leg = stepLeg[i]!;
        if (leg >= 0 && b[leg] !== 0) continue;
        const to = stepTo[i]!;
        const q = b[to]!;
        if (q === 0) {
          if (stepMode[i]! & MODE_MOVE) out[n++] = plainMove(from, to);
        } else if (pieceSide(q) !== us && stepMode[i]! & MODE_CAPTURE) out[n++] = plainMove(from, to);
      }
      for (let r = rayStart[base]!, e = rayStart[base + 1]!; r < e; r++) {
        const mode = rayMode[r]!;
        let i = rayFirst[r]!;
        const end = rayFirst[r + 1]!;
        for (; i < end; i++) {
          const to = raySq[i]!;
          const q = b[to]!;
          if (q === 0) {
            if (mode & MODE_MOVE) out[n++] = plainMove(from, to);
          } else {
            if (pieceSide(q) !== us && mode & MODE_CAPTURE) out[n++] = plainMove(from, to);
            break;
          }
        }
        if (mode & (MODE_HOP_MOVE | MODE_HOP_CAPTURE)) {
          for (i++; i < end; i++) {
            const to = raySq[i]!;
            const q = b[to]!;
            if (q === 0) {
              if (mode & MODE_HOP_MOVE) out[n++] = plainMove(from, to);
            } else {
              if (pieceSide(q) !== us && mode & MODE_HOP_CAPTURE) out[n++] = plainMove(from, to);
              break;
            }
          }
        }
      }
      if (special[p] !== 0 && generateSpecial) n = generateSpecial(pos, from, p, out, n);
      if (hasPromo && promoted[p] !== 0) n = addPromotions(pos, p, out, start, n);
    }
  return n;
}

/**
 * Appends the pseudo-legal moves of the piece on `from` (whichever side it belongs to) to
 * out[n..]; returns the new end. Lets a caller test one move without generating them all.
 */
export function generatePseudoFrom(pos: Position, from: number, out: Int32Array, n: number): number {
  const v = pos.variant;
  const t = v.tables;
  const b = pos.board;
  const { classOf, stepStart, stepTo, stepLeg, stepMode, rayStart, rayMode, rayFirst, raySq } = t;
  const p = b[from]!;
  if (p === 0) return n;
  const us = pieceSide(p);
  const base = classOf[p]! * v.geometry.size + from;
  const start = n;
  for (let i = stepStart[base]!, e = stepStart[base + 1]!; i < e; i++) {
    const leg = stepLeg[i]!;
    if (leg >= 0 && b[leg] !== 0) continue;
    const to = stepTo[i]!;
    const q = b[to]!;
    if (q === 0) {
      if (stepMode[i]! & MODE_MOVE) out[n++] = plainMove(from, to);
    } else if (pieceSide(q) !== us && stepMode[i]! & MODE_CAPTURE) out[n++] = plainMove(from, to);
  }
  for (let r = rayStart[base]!, e = rayStart[base + 1]!; r < e; r++) {
    const mode = rayMode[r]!;
    let i = rayFirst[r]!;
    const end = rayFirst[r + 1]!;
    for (; i < end; i++) {
      const to = raySq[i]!;
      const q = b[to]!;
      if (q === 0) {
        if (mode & MODE_MOVE) out[n++] = plainMove(from, to);
      } else {
        if (pieceSide(q) !== us && mode & MODE_CAPTURE) out[n++] = plainMove(from, to);
        break;
      }
    }
    if (mode & (MODE_HOP_MOVE | MODE_HOP_CAPTURE)) {
      for (i++; i < end; i++) {
        const to = raySq[i]!;
        const q = b[to]!;
        if (q === 0) {
          if (mode & MODE_HOP_MOVE) out[n++] = plainMove(from, to);
        } else {
          if (pieceSide(q) !== us && mode & MODE_HOP_CAPTURE) out[n++] = plainMove(from, to);
          break;
        }
      }
    }
  }
  if (v.special[p] !== 0 && v.generateSpecial) n = v.generateSpecial(pos, from, p, out, n);
  if (v.promoted[p] !== 0 && v.promotionMode !== undefined) n = addPromotions(pos, p, out, start, n);
  return n;
}

const specialBuf = new Int32Array(1024);

/**
 * Appends the pseudo-legal captures of the side to move (steps onto an enemy piece, the first piece
 * on a ray, the piece behind a hopper's screen, and the capturing special moves), with their
 * promotion choices, to out[n..]; returns the new end. For quiescence search.
 */
export function generatePseudoCaptures(pos: Position, out: Int32Array, n: number): number {
  const v = pos.variant;
  const b = pos.board;
  const us = pos.turn;
  const size = v.geometry.size;
  const { classOf, stepStart, stepTo, stepLeg, stepMode, rayStart, rayMode, rayFirst, raySq, captureReach } = v.tables;
  const occ = pos.occ;
  const ow = pos.occWords;
  const o = us * ow;
  const them = (us ^ 1) * ow;
  for (let w = 0; w < ow; w++)
  for (let x = occ[o + w]!; x !== 0; x &= x - 1) {
    const from = (w << 5) + 31 - Math.clz32(x & -x);
    const p = b[from]!;
    const first = n;
    const base = classOf[p]! * size + from;
    // which kinds of capture can find an enemy piece at all (most pieces have none)
    const rb = base * 2 * ow;
    let hitStep = 0;
    let hitRay = 0;
    for (let k = 0; k < ow; k++) {
      const e = occ[them + k]!;
      hitStep |= captureReach[rb + k]! & e;
      hitRay |= captureReach[rb + ow + k]! & e;
    }
    if (hitStep !== 0)
    for (let i = stepStart[base]!, e = stepStart[base + 1]!; i < e; i++) {
      const to = stepTo[i]!;
      const q = b[to]!;
      if (q === 0 || pieceSide(q) === us || !(stepMode[i]! & MODE_CAPTURE)) continue;
      const leg = stepLeg[i]!;
      if (leg < 0 || b[leg] === 0) out[n++] = plainMove(from, to);
    }
    if (hitRay !== 0)
    for (let r = rayStart[base]!, e = rayStart[base + 1]!; r < e; r++) {
      const mode = rayMode[r]!;
      if (!(mode & (MODE_CAPTURE | MODE_HOP_CAPTURE))) continue;
      let i = rayFirst[r]!;
      const end = rayFirst[r + 1]!;
      while (i < end && b[raySq[i]!] === 0) i++;
      if (i >= end) continue;
      let to = -1;
      if (mode & MODE_CAPTURE) to = raySq[i]!;
      else {
        for (i++; i < end && b[raySq[i]!] === 0; i++);
        if (i < end) to = raySq[i]!;
      }
      if (to < 0) continue;
      const q = b[to]!;
      if (q !== 0 && pieceSide(q) !== us) out[n++] = plainMove(from, to);
    }
    if (v.special[p] !== 0 && v.generateSpecial) {
      const k = v.generateSpecial(pos, from, p, specialBuf, 0);
      for (let j = 0; j < k; j++) {
        const m = specialBuf[j]!;
        const to = moveTo(m);
        const mid = moveMid(m);
        if ((to !== from && b[to] !== 0) || (mid >= 0 && b[mid] !== 0)) out[n++] = m;
      }
    }
    if (v.promoted[p] !== 0 && v.promotionMode !== undefined) n = addPromotions(pos, p, out, first, n);
  }
  return n;
}

/** Expands the moves out[start..n) of piece p by the variant's promotion choice. */
function addPromotions(pos: Position, p: number, out: Int32Array, start: number, n: number): number {
  const v = pos.variant;
  const end = n;
  for (let i = start; i < end; i++) {
    const m = out[i]!;
    const from = moveFrom(m);
    const to = moveTo(m);
    const mid = moveMid(m);
    const captured = to !== from ? pos.board[to]! : mid >= 0 ? pos.board[mid]! : 0;
    const mode = v.promotionMode!(pos, from, to, p, captured);
    if (mode === 1) out[n++] = withPromotion(m);
    else if (mode === 2) out[i] = withPromotion(m);
  }
  return n;
}

/** Is square sq attacked by a piece of side `by` (by captures the tables describe)? */
export function isAttacked(pos: Position, sq: number, by: number): boolean {
  const t = pos.variant.tables;
  const b = pos.board;
  const classBit = t.classBit;
  const key = by * pos.variant.geometry.size + sq;
  for (let i = t.attStepStart[key]!, e = t.attStepStart[key + 1]!; i < e; i++) {
    const q = b[t.attStepFrom[i]!]!;
    if (q === 0 || pieceSide(q) !== by) continue;
    if ((t.attStepMask[i]! >>> classBit[q]!) & 1) {
      const leg = t.attStepLeg[i]!;
      if (leg < 0 || b[leg] === 0) return true;
    }
  }
  const k8 = key * 8;
  for (let d = 0; d < 8; d++) {
    const slide = t.attRaySlide[k8 + d]!;
    const hop = t.attRayHop[k8 + d]!;
    if ((slide | hop) === 0) continue;
    let i = t.attRayStart[k8 + d]!;
    const e = t.attRayStart[k8 + d + 1]!;
    for (; i < e; i++) {
      const q = b[t.attRaySq[i]!]!;
      if (q === 0) continue;
      if (pieceSide(q) === by && (slide >>> classBit[q]!) & 1) return true;
      break;
    }
    if (hop === 0) continue;
    for (i++; i < e; i++) {
      const q = b[t.attRaySq[i]!]!;
      if (q === 0) continue;
      if (pieceSide(q) === by && (hop >>> classBit[q]!) & 1) return true;
      break;
    }
  }
  return false;
}

/**
 * Appends the pseudo-legal moves of the side to move that capture nothing (with their promotion
 * choices) to out[n..]; returns the new end. With `generatePseudoCaptures` it gives the same moves
 * as `generatePseudo` (for a search that generates captures and quiet moves in separate stages).
 */
export function generatePseudoQuiets(pos: Position, out: Int32Array, n: number): number {
  const v = pos.variant;
  const b = pos.board;
  const us = pos.turn;
  const size = v.geometry.size;
  const { classOf, stepStart, stepTo, stepLeg, stepMode, rayStart, rayMode, rayFirst, raySq } = v.tables;
  const hasSpecial = v.generateSpecial !== undefined;
  const hasPromo = v.promotionMode !== undefined;
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
      if (!(stepMode[i]! & MODE_MOVE)) continue;
      const to = stepTo[i]!;
      if (b[to] !== 0) continue;
      const leg = stepLeg[i]!;
      if (leg < 0 || b[leg] === 0) out[n++] = plainMove(from, to);
    }
    for (let r = rayStart[base]!, e = rayStart[base + 1]!; r < e; r++) {
      const mode = rayMode[r]!;
      let i = rayFirst[r]!;
      const end = rayFirst[r + 1]!;
      for (; i < end; i++) {
        const to = raySq[i]!;
        if (b[to] !== 0) break;
        if (mode & MODE_MOVE) out[n++] = plainMove(from, to);
      }
      if (mode & MODE_HOP_MOVE) {
        for (i++; i < end; i++) {
          const to = raySq[i]!;
          if (b[to] !== 0) break;
          out[n++] = plainMove(from, to);
        }
      }
    }
    if (hasSpecial && v.special[p] !== 0) {
      const k = v.generateSpecial!(pos, from, p, specialBuf, 0);
      for (let j = 0; j < k; j++) {
        const m = specialBuf[j]!;
        const to = moveTo(m);
        const mid = moveMid(m);
        if ((to === from || b[to] === 0) && (mid < 0 || b[mid] === 0)) out[n++] = m;
      }
    }
    if (hasPromo && v.promoted[p] !== 0) n = addPromotions(pos, p, out, first, n);
  }
  return n;
}
