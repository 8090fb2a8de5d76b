/**
 * Is one given move legal? Cheaper than generating every legal move when a record is replayed:
 * for xiangqi it looks the destination up in the moving piece's own move tables (the data
 * `generatePseudo` uses), then tests the general (the same test generateLegal makes). Other games
 * use their full legal-move list.
 */
import { isPlainMove, moveFrom, moveTo, type Move } from '../../../core/move.js';
import type { Position } from '../../../core/position.js';
import { MODE_CAPTURE, MODE_HOP_CAPTURE, MODE_HOP_MOVE, MODE_MOVE } from '../../../core/tables.js';
import { KING, kingAttacked, kingSquare, xiangqi } from '../index.js';

const buf = new Int32Array(1024);

/**
 * Can the piece on `from` move to `to` by its table moves (steps with legs, slides, hops), ignoring
 * its own general's safety? Mirrors generatePseudoFrom for pieces without specials or promotion.
 */
function reachesByTables(pos: Position, from: number, to: number): boolean {
  const t = pos.variant.tables;
  const b = pos.board;
  const p = b[from]!;
  const us = p & 1;
  const q = b[to]!;
  if (q !== 0 && (q & 1) === us) return false;
  const base = t.classOf[p]! * pos.variant.geometry.size + from;
  const stepTo = t.stepTo;
  for (let i = t.stepStart[base]!, e = t.stepStart[base + 1]!; i < e; i++) {
    if (stepTo[i] !== to) continue;
    const leg = t.stepLeg[i]!;
    if (leg >= 0 && b[leg] !== 0) continue;
    if (t.stepMode[i]! & (q === 0 ? MODE_MOVE : MODE_CAPTURE)) return true;
  }
  const raySq = t.raySq;
  for (let r = t.rayStart[base]!, e = t.rayStart[base + 1]!; r < e; r++) {
    const mode = t.rayMode[r]!;
    let i = t.rayFirst[r]!;
    const end = t.rayFirst[r + 1]!;
    // the ray holds `to` at most once; find it, counting the pieces before it
    let screens = 0;
    for (; i < end; i++) {
      const s = raySq[i]!;
      if (s === to) break;
      if (b[s] !== 0 && ++screens > 1) break;
    }
    if (i === end || raySq[i] !== to) continue;
    if (screens === 0 && mode & (q === 0 ? MODE_MOVE : MODE_CAPTURE)) return true;
    if (screens === 1 && mode & (q === 0 ? MODE_HOP_MOVE : MODE_HOP_CAPTURE)) return true;
  }
  return false;
}

export function isLegalMove(pos: Position, m: Move): boolean {
  const b = pos.board;
  const from = moveFrom(m);
  const p = b[from]!;
  if (p === 0 || (p & 1) !== pos.turn) return false;
  if (pos.variant !== xiangqi) {
    const n = pos.variant.generateLegal(pos, buf, 0);
    for (let i = 0; i < n; i++) if (buf[i] === m) return true;
    return false;
  }
  const to = moveTo(m);
  if (!isPlainMove(m) || from === to || !reachesByTables(pos, from, to)) return false;
  const us = pos.turn;
  const cap = b[to]!;
  b[to] = p;
  b[from] = 0;
  const ksq = p >> 1 === KING ? to : kingSquare(pos, us);
  const legal = ksq >= 0 && !kingAttacked(pos, ksq, us);
  b[from] = p;
  b[to] = cap;
  return legal;
}
