/**
 * Is one given move legal? Cheaper than generating every legal move when a record is replayed:
 * for xiangqi it tests the moving piece's own moves (`reaches`), then the general (the test
 * generateLegal makes, skipped when the side is not in check and the move cannot expose it).
 * Other games use their full legal-move list.
 */
import { isPlainMove, moveFrom, moveTo, type Move } from '../../../core/move.js';
import { pieceKind, pieceSide } from '../../../core/piece.js';
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
export function reaches(b: Uint8Array, from: number, to: number): boolean {
  const p = b[from]!;
  const us = pieceSide(p);
  const q = b[to]!;
  if (q !== 0 && pieceSide(q) === us) return false;
  const fx = from % 9;
  const fy = (from / 9) | 0;
  const tx = to % 9;
  const ty = (to / 9) | 0;
  const dx = tx - fx;
  const dy = ty - fy;
  const ax = dx < 0 ? -dx : dx;
  const ay = dy < 0 ? -dy : dy;
  switch (pieceKind(p)) {
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
  if (p === 0 || pieceSide(p) !== pos.turn) return false;
  if (pos.variant !== xiangqi) {
    const n = pos.variant.generateLegal(pos, buf, 0);
    for (let i = 0; i < n; i++) if (buf[i] === m) return true;
    return false;
  }
  const to = moveTo(m);
  if (!isPlainMove(m) || from === to || !reaches(b, from, to)) return false;
  // knowing whether the side is in check: the search's test of a pseudo-legal move (xiangqi/index.ts
  // moveLegal: the board is tried only for the moves that can expose the general)
  if (checked !== -1) return xiangqi.moveLegal!(pos, m, checked === 1);
  const us = pos.turn;
  const ksq = pieceKind(p) === KING ? to : generalSquare(b, us);
  if (ksq < 0) return false;
  const cap = b[to]!;
  b[to] = p;
  b[from] = 0;
  const legal = !generalAttacked(b, ksq, us);
  b[from] = p;
  b[to] = cap;
  return legal;
}

/** The steps each piece kind may try (general, advisor, elephant, horse, soldier); chariots and cannons try their lines. */
const KING_STEPS = [1, -1, 9, -9];
const ADVISOR_STEPS = [8, 10, -8, -10];
const ELEPHANT_STEPS = [16, 20, -16, -20];
const HORSE_STEPS = [7, 11, 17, 19, -7, -11, -17, -19];

/**
 * Can the piece on `from` go to `to` without leaving its general attacked (the general on ksq,
 * `checked`: attacked now)? The test `filterLegal` (xiangqi/index.ts) makes of a generated move: a
 * move while in check, a general move, or a move from or to the general's file, rank or a
 * horse-leg point is tried on the board; any other move cannot expose the general.
 */
function safeAfter(b: Uint8Array, from: number, to: number, ksq: number, us: number, checked: boolean): boolean {
  if (!checked && from !== ksq && EXPOSES[ksq * 90 + from] === 0 && EXPOSES[ksq * 90 + to] === 0) return true;
  const p = b[from]!;
  const cap = b[to]!;
  b[to] = p;
  b[from] = 0;
  const legal = !generalAttacked(b, from === ksq ? to : ksq, us);
  b[from] = p;
  b[to] = cap;
  return legal;
}

/** Does one of the candidate squares from + steps[i] take a legal move of the piece on `from`? */
function anyStep(b: Uint8Array, from: number, steps: readonly number[], ksq: number, us: number, checked: boolean): boolean {
  for (let i = 0; i < steps.length; i++) {
    const to = from + steps[i]!;
    if (to >= 0 && to < 90 && reaches(b, from, to) && safeAfter(b, from, to, ksq, us, checked)) return true;
  }
  return false;
}

/**
 * Has the side to move a legal move? The same answer as `xiangqi.generateLegal(pos, …) > 0`
 * (`reaches` is the generator's pseudo-legal move, `safeAfter` filterLegal's test), found without
 * the list: it stops at the first legal move. For the end of a replayed game (checkmate, stalemate).
 */
export function hasLegalMove(pos: Position): boolean {
  const b = pos.board;
  const us = pos.turn;
  const ksq = generalSquare(b, us);
  if (ksq < 0) return false;
  const checked = generalAttacked(b, ksq, us);
  for (let from = 0; from < 90; from++) {
    const p = b[from]!;
    if (p === 0 || pieceSide(p) !== us) continue;
    const kind = pieceKind(p);
    if (kind === CHARIOT || kind === CANNON) {
      const x = from % 9;
      const row = from - x;
      for (let tx = 0; tx < 9; tx++) {
        const to = row + tx;
        if (to !== from && reaches(b, from, to) && safeAfter(b, from, to, ksq, us, checked)) return true;
      }
      for (let to = x; to < 90; to += 9) if (to !== from && reaches(b, from, to) && safeAfter(b, from, to, ksq, us, checked)) return true;
    } else {
      const steps = kind === KING ? KING_STEPS : kind === ADVISOR ? ADVISOR_STEPS : kind === ELEPHANT ? ELEPHANT_STEPS : kind === HORSE ? HORSE_STEPS : KING_STEPS;
      // (a soldier's steps are a general's: forward, back — never reached — and sideways)
      if (kind === SOLDIER || kind === KING || kind === ADVISOR || kind === ELEPHANT || kind === HORSE) {
        if (anyStep(b, from, steps, ksq, us, checked)) return true;
      }
    }
  }
  return false;
}
