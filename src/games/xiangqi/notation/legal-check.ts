/**
 * Is one given move legal? Cheaper than generating every legal move when a record is replayed:
 * for xiangqi it tests the moving piece's own moves (`reaches`), then the general (the test
 * generateLegal makes, skipped when the side is not in check and the move cannot expose it).
 * Other games use their full legal-move list.
 */
import { isPlainMove, moveFrom, moveTo, type Move } from '../../../core/move.js';
import type { Position } from '../../../core/position.js';
import { EXPOSES, generalAttacked, generalSquare } from '../check.js';
import { ADVISOR, CANNON, CHARIOT, ELEPHANT, HORSE, inPalace, KING, SOLDIER, xiangqi } from '../index.js';

const buf = new Int32Array(1024);

/**
 * Can the piece on `from` move to `to` by its own moves, ignoring its general's safety (a
 * pseudo-legal move, as generatePseudo makes them from the piece tables)? Asked of each move of a
 * replayed record, so it is written per piece kind (spec xiangqi.md, pieces.ts): general and
 * advisor one step within the palace, elephant two diagonal steps on its own half with the eye
 * free, horse with the leg free, chariot along a free line, cannon along a free line to an empty
 * point or over exactly one screen to a capture, soldier forward, and sideways once across the
 * river. test/xiangqi-check.test.ts compares it with the legal moves generated.
 */
function reaches(b: Uint8Array, from: number, to: number): boolean {
  const p = b[from]!;
  const us = p & 1;
  const q = b[to]!;
  if (q !== 0 && (q & 1) === us) return false;
  const fx = from % 9;
  const fy = (from / 9) | 0;
  const tx = to % 9;
  const ty = (to / 9) | 0;
  const dx = tx - fx;
  const dy = ty - fy;
  const ax = dx < 0 ? -dx : dx;
  const ay = dy < 0 ? -dy : dy;
  switch (p >> 1) {
    case KING:
      return ax + ay === 1 && inPalace(tx, ty, us);
    case ADVISOR:
      return ax === 1 && ay === 1 && inPalace(tx, ty, us);
    case ELEPHANT:
      return ax === 2 && ay === 2 && b[from + (dy >> 1) * 9 + (dx >> 1)] === 0 && (us === 0 ? ty <= 4 : ty >= 5);
    case HORSE:
      if (ax === 1 && ay === 2) return b[from + (dy > 0 ? 9 : -9)] === 0;
      if (ax === 2 && ay === 1) return b[from + (dx > 0 ? 1 : -1)] === 0;
      return false;
    case CHARIOT:
      return (ax === 0 || ay === 0) && between(b, from, to, dx, dy) === 0;
    case CANNON:
      return (ax === 0 || ay === 0) && between(b, from, to, dx, dy) === (q === 0 ? 0 : 1);
    case SOLDIER:
      if (dx === 0) return dy === (us === 0 ? 1 : -1);
      return ax === 1 && dy === 0 && (us === 0 ? fy >= 5 : fy <= 4);
    default:
      return false;
  }
}

/** The number of pieces strictly between from and to, on one file or rank (dx or dy is 0). */
function between(b: Uint8Array, from: number, to: number, dx: number, dy: number): number {
  const step = dx === 0 ? (dy > 0 ? 9 : -9) : dx > 0 ? 1 : -1;
  let n = 0;
  for (let s = from + step; s !== to; s += step) if (b[s] !== 0) n++;
  return n;
}

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
  if (!isPlainMove(m) || from === to || !reaches(b, from, to)) return false;
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
