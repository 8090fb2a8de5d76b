/**
 * Is one given move legal? Cheaper than generating every legal move when a record is replayed:
 * for xiangqi it generates the pseudo-legal moves of the moving piece only, then tests the
 * general (the same test generateLegal makes). Other games use their full legal-move list.
 */
import type { Move } from '../core/move.js';
import { generatePseudoFrom } from '../core/movegen.js';
import type { Position } from '../core/position.js';
import { KING, kingAttacked, kingSquare, xiangqi } from '../games/xiangqi/index.js';

const buf = new Int32Array(1024);

export function isLegalMove(pos: Position, m: Move): boolean {
  const b = pos.board;
  const from = m & 0xff;
  const p = b[from]!;
  if (p === 0 || (p & 1) !== pos.turn) return false;
  if (pos.variant !== xiangqi) {
    const n = pos.variant.generateLegal(pos, buf, 0);
    for (let i = 0; i < n; i++) if (buf[i] === m) return true;
    return false;
  }
  const n = generatePseudoFrom(pos, from, buf, 0);
  let found = false;
  for (let i = 0; i < n; i++)
    if (buf[i] === m) {
      found = true;
      break;
    }
  if (!found) return false;
  const us = pos.turn;
  const to = (m >>> 8) & 0xff;
  const cap = b[to]!;
  b[to] = p;
  b[from] = 0;
  const ksq = p >> 1 === KING ? to : kingSquare(pos, us);
  const legal = ksq >= 0 && !kingAttacked(pos, ksq, us);
  b[from] = p;
  b[to] = cap;
  return legal;
}
