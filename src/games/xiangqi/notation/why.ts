/**
 * Why a xiangqi move is not legal, in one short clause naming squares in ICCS ("the horse on h0 is
 * blocked at h1"). Used by every xiangqi notation parser once the text has been resolved to a
 * start and an end square; the legal-move generator stays the judge of what is legal.
 */
import { plainMove } from '../../../core/move.js';
import { pieceKind, pieceSide } from '../../../core/piece.js';
import { iccsSquare } from '../squares.js';
import { legalMoves } from '../../../core/perft.js';
import type { Position } from '../../../core/position.js';
import { sqOf, type MoveProblem } from '../../../core/problem.js';
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
function geometryProblem(pos: Position, from: number, to: number): MoveProblem | null {
  const b = pos.board;
  const p = b[from]!;
  const kind = pieceKind(p);
  const side = pieceSide(p);
  const name = XQ_PIECE_NAMES[kind];
  const who = { piece: name!, from: sqOf(from, iccsName) };
  const T = sqOf(to, iccsName);
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
      if (adx + ady !== 1) return { code: 'move.shape', ...who, shape: 'orthogonal-step', to: T };
      if (!inPalace(tx, ty, side)) return { code: 'move.confined', ...who, area: 'palace' };
      return null;
    case ADVISOR:
      if (adx !== 1 || ady !== 1) return { code: 'move.shape', ...who, shape: 'diagonal-step', to: T };
      if (!inPalace(tx, ty, side)) return { code: 'move.confined', ...who, area: 'palace' };
      return null;
    case ELEPHANT: {
      if (adx !== 2 || ady !== 2) return { code: 'move.shape', ...who, shape: 'two-diagonal', to: T };
      if (side === 0 ? ty > 4 : ty < 5) return { code: 'move.confined', ...who, area: 'river' };
      const eye = from + (dy / 2) * W + dx / 2;
      if (b[eye]) return { code: 'move.blocked', ...who, at: sqOf(eye, iccsName) };
      return null;
    }
    case HORSE: {
      if (!((adx === 1 && ady === 2) || (adx === 2 && ady === 1)))
        return { code: 'move.shape', ...who, shape: 'horse', to: T };
      const leg = adx === 2 ? from + dx / 2 : from + (dy / 2) * W;
      if (b[leg]) return { code: 'move.blocked', ...who, at: sqOf(leg, iccsName) };
      return null;
    }
    case CHARIOT: {
      if (dx !== 0 && dy !== 0) return { code: 'move.shape', ...who, shape: 'line', to: T };
      const block = between(from, to).find((s) => b[s] !== 0);
      if (block !== undefined) return { code: 'move.blocked-path', ...who, to: T, at: sqOf(block, iccsName) };
      return null;
    }
    case CANNON: {
      if (dx !== 0 && dy !== 0) return { code: 'move.shape', ...who, shape: 'line', to: T };
      const screens = between(from, to).filter((s) => b[s] !== 0);
      if (b[to] === 0) {
        if (screens.length > 0) return { code: 'move.blocked-path', ...who, to: T, at: sqOf(screens[0]!, iccsName) };
        return null;
      }
      if (pieceSide(b[to]!) === side) return null; // reported as an own piece by the caller
      if (screens.length === 0) return { code: 'move.no-screen', ...who, to: T };
      if (screens.length > 1)
        return { code: 'move.screens', ...who, to: T, over: screens.map((s) => sqOf(s, iccsName)) };
      return null;
    }
    case SOLDIER: {
      if (forward < 0) return { code: 'move.backward', ...who };
      if (adx + ady !== 1) return { code: 'move.shape', ...who, shape: 'one-step', to: T };
      if (dy === 0 && (side === 0 ? fy <= 4 : fy >= 5)) return { code: 'move.sideways-early', ...who };
      return null;
    }
    default:
      return { code: 'move.immobile', ...who };
  }
}

/**
 * Why moving the piece on `from` to `to` is illegal in `pos`, or null if it is legal. Assumes
 * nothing about the squares beyond being on the board.
 */
export function explainXiangqi(pos: Position, from: number, to: number): MoveProblem | null {
  const b = pos.board;
  const us = pos.turn;
  const p = b[from]!;
  if (p === 0) return { code: 'move.no-piece', at: sqOf(from, iccsName) };
  if (pieceSide(p) !== us)
    return { code: 'move.not-yours', piece: XQ_PIECE_NAMES[pieceKind(p)]!, at: sqOf(from, iccsName), owner: XQ_SIDE_NAMES[pieceSide(p)]!, turn: XQ_SIDE_NAMES[us]! };
  if (from === to) return { code: 'move.nowhere', from: sqOf(from, iccsName), to: sqOf(to, iccsName) };
  const geo = geometryProblem(pos, from, to);
  if (geo) return geo;
  const q = b[to]!;
  if (q !== 0 && pieceSide(q) === us)
    return { code: 'move.own-capture', piece: XQ_PIECE_NAMES[pieceKind(p)]!, from: sqOf(from, iccsName), target: XQ_PIECE_NAMES[pieceKind(q)]!, to: sqOf(to, iccsName) };
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
  if (facing) return { code: 'move.kings-facing', file: iccsName(ksq >= 0 ? ksq : to)[0]! };
  if (wasInCheck) return { code: 'move.check-unparried', side: XQ_SIDE_NAMES[us]!, king: 'general' };
  return { code: 'move.leaves-check', side: XQ_SIDE_NAMES[us]!, king: 'general' };
}
