/**
 * Is one given move legal? Cheaper than generating every legal move when a record is replayed:
 * for xiangqi it looks the destination up in the moving piece's own move tables (the data
 * `generatePseudo` uses), then tests the general (the same test generateLegal makes). Other games
 * use their full legal-move list.
 */
import { isPlainMove, moveFrom, moveTo, type Move } from '../../../core/move.js';
import type { Position } from '../../../core/position.js';
import { MODE_CAPTURE, MODE_HOP_CAPTURE, MODE_HOP_MOVE, MODE_MOVE } from '../../../core/tables.js';
import { generalAttacked, generalSquare } from '../check.js';
import { KING, xiangqi } from '../index.js';

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

/**
 * EXPOSES[k * 90 + sq] = 1 when sq is on the file or rank of a general on k, or diagonally next to
 * it (a horse's leg): only a move from or to such a square can leave the general attacked.
 */
const EXPOSES = (() => {
  const t = new Uint8Array(90 * 90);
  for (let k = 0; k < 90; k++)
    for (let sq = 0; sq < 90; sq++) {
      const dx = Math.abs((k % 9) - (sq % 9));
      const dy = Math.abs(((k / 9) | 0) - ((sq / 9) | 0));
      t[k * 90 + sq] = dx === 0 || dy === 0 || (dx === 1 && dy === 1) ? 1 : 0;
    }
  return t;
})();

/**
 * Is m legal? `checked`: whether the side to move is in check now (1 or 0), or -1 when not known.
 * Knowing that it is not, a move that neither moves the general nor leaves or enters its file,
 * rank or a leg point needs no test of the general (the test `xiangqi.moveLegal` makes).
 */
export function isLegalMove(pos: Position, m: Move, checked = -1): boolean {
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
  const king = p >> 1 === KING;
  const ksq = king ? to : generalSquare(b, us);
  if (ksq < 0) return false;
  if (checked === 0 && !king && EXPOSES[ksq * 90 + from] === 0 && EXPOSES[ksq * 90 + to] === 0) return true;
  const cap = b[to]!;
  b[to] = p;
  b[from] = 0;
  const legal = !generalAttacked(b, ksq, us);
  b[from] = p;
  b[to] = cap;
  return legal;
}
