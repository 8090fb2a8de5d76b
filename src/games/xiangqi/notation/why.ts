/**
 * Why a xiangqi move is not legal, in one short clause naming squares in ICCS ("the horse on h0 is
 * blocked at h1"). Used by every xiangqi notation parser once the text has been resolved to a
 * start and an end square; the legal-move generator stays the judge of what is legal.
 */
import { plainMove } from '../../../core/move.js';
import { iccsSquare } from '../squares.js';
import { legalMoves } from '../../../core/perft.js';
import type { Position } from '../../../core/position.js';
import { ADVISOR, CANNON, CHARIOT, ELEPHANT, HORSE, inPalace, KING, SOLDIER, XIANGQI_PIECE_NAMES, XIANGQI_SIDE_NAMES } from '../pieces.js';
import { kingSquare } from '../index.js';

const W = 9;

export const XQ_PIECE_NAMES = XIANGQI_PIECE_NAMES;
export const XQ_SIDE_NAMES = XIANGQI_SIDE_NAMES;

export const iccsName = iccsSquare;

/** File number 1-9 of x counted from the right of `side` (WXF/Chinese files). */
export const sideFile = (x: number, side: number): number => (side === 0 ? 9 - x : x + 1);
/** x of a side's file number 1-9. */
export const fileX = (file: number, side: number): number => (side === 0 ? 9 - file : file - 1);

/** The squares strictly between two squares on one file or rank. */
function between(from: number, to: number): number[] {
  const fx = from % W;
  const fy = (from / W) | 0;
  const tx = to % W;
  const ty = (to / W) | 0;
  const sx = Math.sign(tx - fx);
  const sy = Math.sign(ty - fy);
  const out: number[] = [];
  for (let x = fx + sx, y = fy + sy; x !== tx || y !== ty; x += sx, y += sy) out.push(y * W + x);
  return out;
}

/** Reason the piece on `from` cannot move to `to` by its own movement (geometry and blocking), or null. */
function geometryProblem(pos: Position, from: number, to: number): string | null {
  const b = pos.board;
  const p = b[from]!;
  const kind = p >> 1;
  const side = p & 1;
  const name = XQ_PIECE_NAMES[kind];
  const who = `the ${name} on ${iccsName(from)}`;
  const fx = from % W;
  const fy = (from / W) | 0;
  const tx = to % W;
  const ty = (to / W) | 0;
  const dx = tx - fx;
  const dy = ty - fy;
  const adx = Math.abs(dx);
  const ady = Math.abs(dy);
  const forward = side === 0 ? dy : -dy;
  switch (kind) {
    case KING:
      if (adx + ady !== 1) return `${who} moves one point along a file or rank, not to ${iccsName(to)}`;
      if (!inPalace(tx, ty, side)) return `${who} cannot leave the palace`;
      return null;
    case ADVISOR:
      if (adx !== 1 || ady !== 1) return `${who} moves one point diagonally, not to ${iccsName(to)}`;
      if (!inPalace(tx, ty, side)) return `${who} cannot leave the palace`;
      return null;
    case ELEPHANT: {
      if (adx !== 2 || ady !== 2) return `${who} moves exactly two points diagonally, not to ${iccsName(to)}`;
      if (side === 0 ? ty > 4 : ty < 5) return `${who} cannot cross the river`;
      const eye = from + (dy / 2) * W + dx / 2;
      if (b[eye]) return `${who} is blocked at ${iccsName(eye)}`;
      return null;
    }
    case HORSE: {
      if (!((adx === 1 && ady === 2) || (adx === 2 && ady === 1)))
        return `${who} moves one point straight then one diagonally, not to ${iccsName(to)}`;
      const leg = adx === 2 ? from + dx / 2 : from + (dy / 2) * W;
      if (b[leg]) return `${who} is blocked at ${iccsName(leg)}`;
      return null;
    }
    case CHARIOT: {
      if (dx !== 0 && dy !== 0) return `${who} moves along a file or rank, not to ${iccsName(to)}`;
      const block = between(from, to).find((s) => b[s] !== 0);
      if (block !== undefined) return `${who} cannot reach ${iccsName(to)} (blocked at ${iccsName(block)})`;
      return null;
    }
    case CANNON: {
      if (dx !== 0 && dy !== 0) return `${who} moves along a file or rank, not to ${iccsName(to)}`;
      const screens = between(from, to).filter((s) => b[s] !== 0);
      if (b[to] === 0) {
        if (screens.length > 0) return `${who} cannot reach ${iccsName(to)} (blocked at ${iccsName(screens[0]!)})`;
        return null;
      }
      if ((b[to]! & 1) === side) return null; // reported as an own piece by the caller
      if (screens.length === 0) return `${who} needs a screen to capture on ${iccsName(to)}`;
      if (screens.length > 1)
        return `${who} cannot capture on ${iccsName(to)} over ${screens.length} pieces (${screens.map(iccsName).join(', ')})`;
      return null;
    }
    case SOLDIER: {
      if (forward < 0) return `${who} cannot move backward`;
      if (adx + ady !== 1) return `${who} moves one point at a time, not to ${iccsName(to)}`;
      if (dy === 0 && (side === 0 ? fy <= 4 : fy >= 5)) return `${who} cannot move sideways before crossing the river`;
      return null;
    }
    default:
      return `${who} cannot move`;
  }
}

/**
 * Why moving the piece on `from` to `to` is illegal in `pos`, or null if it is legal. Assumes
 * nothing about the squares beyond being on the board.
 */
export function explainXiangqi(pos: Position, from: number, to: number): string | null {
  const b = pos.board;
  const us = pos.turn;
  const p = b[from]!;
  if (p === 0) return `there is no piece on ${iccsName(from)}`;
  if ((p & 1) !== us) return `the ${XQ_PIECE_NAMES[p >> 1]} on ${iccsName(from)} is ${XQ_SIDE_NAMES[p & 1]}'s, and it is ${XQ_SIDE_NAMES[us]}'s move`;
  if (from === to) return `a move must go somewhere: ${iccsName(from)} to ${iccsName(to)}`;
  const geo = geometryProblem(pos, from, to);
  if (geo) return geo;
  const q = b[to]!;
  if (q !== 0 && (q & 1) === us)
    return `the ${XQ_PIECE_NAMES[p >> 1]} on ${iccsName(from)} cannot capture its own ${XQ_PIECE_NAMES[q >> 1]} on ${iccsName(to)}`;
  const m = plainMove(from, to);
  if (legalMoves(pos).includes(m)) return null;
  // pseudo-legal but illegal: it exposes the general
  const wasInCheck = pos.variant.inCheck(pos);
  b[to] = p;
  b[from] = 0;
  const ksq = kingSquare(pos, us);
  const other = kingSquare(pos, us ^ 1);
  let facing = false;
  if (ksq >= 0 && other >= 0 && ksq % W === other % W) facing = between(ksq, other).every((s) => b[s] === 0);
  b[from] = p;
  b[to] = q;
  if (facing) return `it would leave the generals facing each other on file ${iccsName(ksq >= 0 ? ksq : to)[0]}`;
  if (wasInCheck) return `the ${XQ_SIDE_NAMES[us]} general is in check and this move does not parry it`;
  return `it would leave the ${XQ_SIDE_NAMES[us]} general in check`;
}
