/**
 * Chu Shogi USI moves as lishogi writes them: squares are file 1–12 (counted from Sente's right)
 * plus rank a–l (from the top): `7g7f`, promotion `7e7c+`, a lion double move lists its middle
 * square: `7j7i6h`, igui `5g4h5g`, pass (jitto) `8g7g8g`. On input any empty middle square of a
 * pass is accepted, and a double step through an empty square to another square is that plain move.
 * Also read: XBoard/HaChu coordinates (files a–l from Sente's left, ranks 1–12 from Sente's side)
 * with legs `f5e6,e6e7`.
 */
import { pieceKind, pieceSide } from '../../../core/piece.js';
import { parseUsiSquare as usiSquareOf, usiSquare } from '../squares.js';
import { isPass, isPromotion, makeMove, plainMove, moveFrom, moveMid, moveTo, withoutPromotion, type Move } from '../../../core/move.js';
import { generatePseudoFrom } from '../../../core/movegen.js';
import { legalMoves } from '../../../core/perft.js';
import type { Position } from '../../../core/position.js';
import { err, ok, type Result } from '../../../core/result.js';
import { quoted, sqOf, type MoveProblem, type Sq } from '../../../core/problem.js';
import { LION_CODE, lionDoubleStepSquares, royalsLost } from '../index.js';

const W = 12;

export { usiSquare };

/** The square of a USI square name, or -1. */
export const parseUsiSquare = (text: string): number => usiSquareOf(text) ?? -1;

/** USI text of a move (no position needed: moves carry their middle square). */
export function formatUsi(m: Move): string {
  const from = moveFrom(m);
  const to = moveTo(m);
  const mid = moveMid(m);
  return usiSquare(from) + (mid >= 0 ? usiSquare(mid) : '') + usiSquare(to) + (isPromotion(m) ? '+' : '');
}

const USI_RE = /^(1[0-2]|[1-9])([a-l])(1[0-2]|[1-9])([a-l])(?:(1[0-2]|[1-9])([a-l]))?(\+)?$/;
const XB_SQ = '([a-l])(1[0-2]|[1-9])';
const XB_RE = new RegExp(`^${XB_SQ}${XB_SQ}(?:,${XB_SQ}${XB_SQ})?(\\+)?$`);

const sideName = (side: number): string => (side === 0 ? 'sente' : 'gote');

interface Parsed {
  from: number;
  mid: number;
  to: number;
  promote: boolean;
}

function parseText(text: string): Parsed | MoveProblem {
  const u = USI_RE.exec(text);
  if (u) {
    const a = parseUsiSquare(u[1]! + u[2]!);
    const b = parseUsiSquare(u[3]! + u[4]!);
    const promote = u[7] === '+';
    if (u[5] === undefined) return { from: a, mid: -1, to: b, promote };
    return { from: a, mid: b, to: parseUsiSquare(u[5] + u[6]!), promote };
  }
  const x = XB_RE.exec(text.toLowerCase());
  if (x) {
    const sq = (f: string, r: string) => (Number(r) - 1) * W + (f.charCodeAt(0) - 97);
    const a = sq(x[1]!, x[2]!);
    const b = sq(x[3]!, x[4]!);
    const promote = x[9] === '+';
    if (x[5] === undefined) return { from: a, mid: -1, to: b, promote };
    const c = sq(x[5], x[6]!);
    if (c !== b) return { code: 'move.second-leg', text };
    return { from: a, mid: b, to: sq(x[7]!, x[8]!), promote };
  }
  return quoted(text, { code: 'move.not-notation', notation: 'usi' }, 'is');
}

/** Reads a USI (or XBoard legs) move and finds it among the legal moves of `pos`. */
export function parseUsi(pos: Position, input: string): Result<Move, MoveProblem> {
  const text = input.trim();
  const parsed = parseText(text);
  if ('code' in parsed) return err(parsed);
  const fail = (reason: MoveProblem): Result<never, MoveProblem> => err(quoted(text, reason));
  const S = (sq: number): Sq => sqOf(sq, usiSquare);
  const { from, mid, to, promote } = parsed;
  const b = pos.board;
  const p = b[from]!;
  const us = pos.turn;
  if (p === 0) return fail({ code: 'move.no-piece', at: S(from) });
  const name = pos.variant.pieces[pieceKind(p) - 1]!.name;
  if (pieceSide(p) !== us) return fail({ code: 'move.not-yours', piece: name, at: S(from), owner: sideName(pieceSide(p)), turn: sideName(us) });
  if (royalsLost(pos)) return fail({ code: 'move.royals-lost', side: sideName(us) });
  let want: number;
  if (mid < 0) {
    if (from === to) return fail({ code: 'move.stay', pass: '8g7g8g' });
    want = plainMove(from, to);
  } else {
    if (mid === from || (mid === to && to !== from))
      return fail({ code: 'move.middle-square' });
    if (!lionDoubleStepSquares(pos, from, mid, to))
      return fail({ code: 'move.no-double', piece: name, from: S(from), mid: S(mid), to: S(to) });
    const q = b[mid]!;
    if (q !== 0 && pieceSide(q) === us) return fail({ code: 'move.first-step-own', side: sideName(us), at: S(mid) });
    if (q !== 0) want = makeMove(from, to, mid);
    else if (to !== from) want = plainMove(from, to); // through an empty square: the plain move
    else want = -1; // a pass, whichever empty middle square
  }
  const legal = legalMoves(pos);
  const found =
    want >= 0
      ? legal.find((m) => withoutPromotion(m) === want && isPromotion(m) === promote)
      : legal.find((m) => moveFrom(m) === from && isPass(b, m));
  if (found !== undefined) return ok(found);
  if (want >= 0 && legal.some((m) => withoutPromotion(m) === want)) {
    return fail({ code: 'move.promotion', piece: name, must: !promote });
  }
  // pseudo-legal but refused by the lion-trading rules?
  const buf = new Int32Array(512);
  const n = generatePseudoFrom(pos, from, buf, 0);
  for (let i = 0; i < n; i++) {
    const m = withoutPromotion(buf[i]!);
    if (m === want || (want < 0 && moveFrom(m) === from && moveTo(m) === from)) {
      if (LION_CODE[p]) return fail({ code: 'move.lion-trading' });
      const code = pos.variant.ruleKey?.startsWith('jcsa') ? 'move.counter-strike-jcsa' : 'move.counter-strike';
      return fail({ code, at: S(pos.aux - 1) });
    }
  }
  return fail({ code: 'move.cannot', piece: name, from: S(from), to: mid >= 0 ? null : S(to) });
}
