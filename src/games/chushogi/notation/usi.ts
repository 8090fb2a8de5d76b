/**
 * Chu Shogi USI moves as lishogi writes them: squares are file 1–12 (counted from Sente's right)
 * plus rank a–l (from the top): `7g7f`, promotion `7e7c+`, a lion double move lists its middle
 * square: `7j7i6h`, igui `5g4h5g`, pass (jitto) `8g7g8g`. On input any empty middle square of a
 * pass is accepted, and a double step through an empty square to another square is that plain move.
 * Also read: XBoard/HaChu coordinates (files a–l from Sente's left, ranks 1–12 from Sente's side)
 * with legs `f5e6,e6e7`.
 */
import { parseUsiSquare as usiSquareOf, usiSquare } from '../squares.js';
import { isPass, isPromotion, makeMove, plainMove, moveFrom, moveMid, moveTo, withoutPromotion, type Move } from '../../../core/move.js';
import { generatePseudoFrom } from '../../../core/movegen.js';
import { legalMoves } from '../../../core/perft.js';
import type { Position } from '../../../core/position.js';
import { err, ok, type Result } from '../../../core/result.js';
import { LION_CODE, lionDoubleStepSquares, royalsLost } from '../index.js';
import { quoteInput } from '../../../core/text.js';

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

function parseText(text: string): Parsed | string {
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
    if (c !== b) return `the second leg of ${quoteInput(text)} must start where the first one ended`;
    return { from: a, mid: b, to: sq(x[7]!, x[8]!), promote };
  }
  return `${quoteInput(text)} is not a USI move (like 7g7f, 7e7c+ or the lion's 7j7i6h)`;
}

/** Reads a USI (or XBoard legs) move and finds it among the legal moves of `pos`. */
export function parseUsi(pos: Position, input: string): Result<Move> {
  const text = input.trim();
  const parsed = parseText(text);
  if (typeof parsed === 'string') return err(parsed);
  const { from, mid, to, promote } = parsed;
  const b = pos.board;
  const p = b[from]!;
  const us = pos.turn;
  if (p === 0) return err(`${quoteInput(text)}: there is no piece on ${usiSquare(from)}`);
  const name = pos.variant.pieces[(p >> 1) - 1]!.name;
  if ((p & 1) !== us) return err(`${quoteInput(text)}: the ${name} on ${usiSquare(from)} is ${sideName(p & 1)}'s, and it is ${sideName(us)}'s move`);
  if (royalsLost(pos)) return err(`${quoteInput(text)}: the game is over (${sideName(us)} has no king or prince left)`);
  let want: number;
  if (mid < 0) {
    if (from === to) return err(`${quoteInput(text)}: a move must leave its square (a pass is written with its middle square, like 8g7g8g)`);
    want = plainMove(from, to);
  } else {
    if (mid === from || (mid === to && to !== from))
      return err(`${quoteInput(text)}: the middle square must differ from the start and the end`);
    if (!lionDoubleStepSquares(pos, from, mid, to))
      return err(`${quoteInput(text)}: the ${name} on ${usiSquare(from)} has no double move through ${usiSquare(mid)} to ${usiSquare(to)}`);
    const q = b[mid]!;
    if (q !== 0 && (q & 1) === us) return err(`${quoteInput(text)}: the first step lands on ${sideName(us)}'s own piece on ${usiSquare(mid)}`);
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
    return err(
      promote
        ? `${quoteInput(text)}: the ${name} may not promote on this move`
        : `${quoteInput(text)}: the ${name} must promote on this move`,
    );
  }
  // pseudo-legal but refused by the lion-trading rules?
  const buf = new Int32Array(512);
  const n = generatePseudoFrom(pos, from, buf, 0);
  for (let i = 0; i < n; i++) {
    const m = withoutPromotion(buf[i]!);
    if (m === want || (want < 0 && moveFrom(m) === from && moveTo(m) === from)) {
      return err(
        !LION_CODE[p]
          ? `${quoteInput(text)}: counter-strike rule: after a lion was taken by a non-lion on ${usiSquare(pos.aux - 1)}, a lion may be taken by a non-lion only there this move`
          : `${quoteInput(text)}: lion-trading rule: a lion may not take a protected lion two squares away unless its first step captured a piece other than a pawn or go-between`,
      );
    }
  }
  return err(`${quoteInput(text)}: the ${name} on ${usiSquare(from)} cannot ${mid >= 0 ? 'make that double move' : `move to ${usiSquare(to)}`}`);
}
