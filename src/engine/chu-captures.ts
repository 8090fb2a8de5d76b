/**
 * Chu shogi captures only, for quiescence: straight from the move tables (steps and the first piece
 * on each ray), plus the capturing lion-power moves (igui, capture-and-step, double captures), each
 * with its promotion choices; captures of a lion pass the lion-trading rules. Equal to the
 * captures among `generateLegal`'s moves (test/engine-search.test.ts); the side-without-royals
 * case is the search's business.
 */
import type { Position } from '../core/position.js';
import { MODE_CAPTURE, MODE_HOP_CAPTURE } from '../core/tables.js';
import { LION_CODE, lionCaptureAllowed } from '../games/chushogi/index.js';

const special = new Int32Array(512);

export function chuCaptures(pos: Position, out: Int32Array, start: number): number {
  const v = pos.variant;
  const b = pos.board;
  const us = pos.turn;
  const size = v.geometry.size;
  const { classOf, stepStart, stepTo, stepLeg, stepMode, rayStart, rayMode, rayFirst, raySq } = v.tables;
  const promoted = v.promoted;
  const promotionMode = v.promotionMode;
  let n = start;
  for (let from = 0; from < size; from++) {
    const p = b[from]!;
    if (p === 0 || (p & 1) !== us) continue;
    const first = n;
    const base = classOf[p]! * size + from;
    for (let i = stepStart[base]!, e = stepStart[base + 1]!; i < e; i++) {
      const to = stepTo[i]!;
      const q = b[to]!;
      if (q === 0 || (q & 1) === us || !(stepMode[i]! & MODE_CAPTURE)) continue;
      const leg = stepLeg[i]!;
      if (leg >= 0 && b[leg] !== 0) continue;
      out[n++] = from | (to << 8);
    }
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
      if (q !== 0 && (q & 1) !== us) out[n++] = from | (to << 8);
    }
    if (v.special[p] !== 0 && v.generateSpecial) {
      const k = v.generateSpecial(pos, from, p, special, 0);
      for (let j = 0; j < k; j++) {
        const m = special[j]!;
        const to = (m >>> 8) & 0xff;
        const mid = ((m >>> 16) & 0xff) - 1;
        if ((to !== from && b[to] !== 0) || (mid >= 0 && b[mid] !== 0)) out[n++] = m;
      }
    }
    if (promoted[p] !== 0 && promotionMode) {
      const end = n;
      for (let j = first; j < end; j++) {
        const m = out[j]!;
        const to = (m >>> 8) & 0xff;
        const mid = ((m >>> 16) & 0xff) - 1;
        const captured = to !== from ? b[to]! : mid >= 0 ? b[mid]! : 0;
        const mode = promotionMode(pos, from, to, p, captured);
        if (mode === 1) out[n++] = m | 0x1000000;
        else if (mode === 2) out[j] = m | 0x1000000;
      }
    }
  }
  // the lion-trading rules
  let w = start;
  for (let i = start; i < n; i++) {
    const m = out[i]!;
    const from = m & 0xff;
    const to = (m >>> 8) & 0xff;
    const mid = ((m >>> 16) & 0xff) - 1;
    const capTo = to !== from ? b[to]! : 0;
    if (LION_CODE[capTo] === 0 && (mid < 0 || LION_CODE[b[mid]!] === 0)) out[w++] = m;
    else if (lionCaptureAllowed(pos, m)) out[w++] = m;
  }
  return w;
}
