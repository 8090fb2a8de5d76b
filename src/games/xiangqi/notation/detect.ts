/**
 * Xiangqi moves in any notation: recognise which notation a move text is written in (by its shape), and
 * parse it in that notation against the legal moves.
 *
 * Xiangqi: ICCS `h2e2` / `H2-E2` (ranks 0-9), Fairy-Stockfish UCI `h3e3` / `b3b10` (ranks 1-10),
 * WXF `C2.5`, Chinese `炮二平五`. The shapes of WXF, Chinese and coordinates never overlap; ICCS and
 * UCI do, so the coordinate reading is a parameter: a game record fixes it per game, single moves
 * typed by a user are read as ICCS and, if that is not legal, as UCI.
 *
 * Errors come in two flavours: `…Reason` functions return the bare reason (for callers that quote
 * the move themselves, like `validate`), the others prefix the quoted text.
 */
import { plainMove, moveFrom, moveTo, type Move } from '../../../core/move.js';
import type { Position } from '../../../core/position.js';
import { err, ok, type Result } from '../../../core/result.js';
import { quoted, type MoveProblem } from '../../../core/problem.js';
import { xiangqi } from '../index.js';
import { looksLikeChinese, parseChineseReason } from './chinese.js';
import { isLegalMove } from './legal-check.js';
import { looksLikeWxf, parseWxfReason } from './wxf.js';
import { explainXiangqi } from './why.js';
import { formatIccs } from './iccs.js';

export type CoordinateMode = 'iccs' | 'uci' | 'auto';
export type XiangqiNotation = 'iccs' | 'uci' | 'wxf' | 'chinese';

const W = 9;

/**
 * A coordinate move `h2e2`, `h2-e2`, `b3b10` as a plain move (ICCS ranks, or UCI ranks when
 * `uci`), or -1 if the text is not one. Accepts upper case and full-width characters. Checks the
 * shape only, not legality.
 */
export function coordinateMove(text: string, uci: boolean): number {
  let t = text;
  // fast path: plain ASCII, 4 characters (the common case of large records)
  if (t.length !== 4 || t.charCodeAt(0) > 0x7f) t = t.normalize('NFKC').trim();
  const a = squareAt(t, 0, uci);
  if (a < 0) return -1;
  let i = a >>> 8;
  if (t.charCodeAt(i) === 45) i++; // '-'
  const b = squareAt(t, i, uci);
  if (b < 0 || b >>> 8 !== t.length) return -1;
  return plainMove(a & 0xff, b & 0xff);
}

/** The square written at t[i..] as square | (index after it) << 8, or -1 (no closure: called per ply). */
function squareAt(t: string, i: number, uci: boolean): number {
  const f = (t.charCodeAt(i) | 0x20) - 97;
  if (!(f >= 0 && f < W)) return -1;
  let r = t.charCodeAt(i + 1) - 48;
  if (!(r >= 0 && r <= 9)) return -1;
  let next = i + 2;
  if (uci) {
    if (r === 1 && t.charCodeAt(next) === 48) {
      r = 10;
      next++;
    } else if (r === 0) return -1;
    r--;
  }
  return (r * W + f) | (next << 8);
}

/** Is the text shaped like a coordinate move (either numbering)? */
export const looksLikeCoordinate = (text: string): boolean => coordinateMove(text, false) >= 0 || coordinateMove(text, true) >= 0;

/** The xiangqi notation a move text is shaped like, or null. Coordinates read as ICCS unless only UCI fits. */
export function classifyXiangqiMove(text: string): XiangqiNotation | null {
  if (coordinateMove(text, false) >= 0) return 'iccs';
  if (coordinateMove(text, true) >= 0) return 'uci';
  if (looksLikeWxf(text)) return 'wxf';
  if (looksLikeChinese(text)) return 'chinese';
  return null;
}

/** A coordinate move checked against the legal moves, with the reason when it is not legal. */
export function parseXiangqiCoordinateReason(pos: Position, text: string, mode: CoordinateMode = 'auto'): Result<Move, MoveProblem> {
  const iccs = mode !== 'uci' ? coordinateMove(text, false) : -1;
  const uci = mode !== 'iccs' ? coordinateMove(text, true) : -1;
  const m = iccs >= 0 ? iccs : uci;
  if (m < 0) return err({ code: 'move.not-notation', notation: mode === 'uci' ? 'uci' : 'coordinate' });
  if (isLegalMove(pos, m)) return ok(m);
  if (iccs >= 0 && uci >= 0 && isLegalMove(pos, uci)) return ok(uci);
  return err(explainXiangqi(pos, moveFrom(m), moveTo(m)) ?? { code: 'move.not-legal' });
}

/** A xiangqi move in any notation; the bare reason on failure. */
export function parseXiangqiMoveReason(pos: Position, text: string, mode: CoordinateMode = 'auto'): Result<Move, MoveProblem> {
  if (pos.variant !== xiangqi) return err({ code: 'move.wrong-game', game: 'xiangqi' });
  if (coordinateMove(text, false) >= 0 || coordinateMove(text, true) >= 0) return parseXiangqiCoordinateReason(pos, text, mode);
  if (looksLikeWxf(text)) return parseWxfReason(pos, text);
  if (looksLikeChinese(text)) return parseChineseReason(pos, text);
  return err({ code: 'move.not-notation', expected: 'a move in any xiangqi notation (like h2e2, C2.5 or 炮二平五)' });
}

/** A xiangqi move in any notation: `"H2+3": the horse on h0 is blocked at h1`. */
export function parseXiangqiMove(pos: Position, text: string, mode: CoordinateMode = 'auto'): Result<Move, MoveProblem> {
  const r = parseXiangqiMoveReason(pos, text, mode);
  return r.ok ? r : err(quoted(text, r.error));
}

/**
 * A move typed by a user (play, repl, show --moves): coordinates mean what the board shows, ICCS
 * ranks 0–9, unless the user chose UCI (`uci`: Fairy-Stockfish's ranks 1–10). An ICCS text that is
 * not legal is an error saying why, with the UCI reading when that one would be legal (never
 * played silently). The error quotes the text.
 */
export function parseTypedXiangqiMove(pos: Position, text: string, uci: boolean): Result<Move, MoveProblem> {
  if (uci) return parseXiangqiMove(pos, text, 'uci');
  const iccs = coordinateMove(text, false);
  const asUci = coordinateMove(text, true);
  if (iccs < 0 && asUci < 0) return parseXiangqiMove(pos, text, 'iccs');
  const legalUci = asUci >= 0 && asUci !== iccs && pos.variant === xiangqi && isLegalMove(pos, asUci);
  const hint = legalUci ? formatIccs(asUci) : null;
  if (iccs < 0) return err(quoted(text, { code: 'move.not-iccs', uci: hint }));
  const r = parseXiangqiMoveReason(pos, text, 'iccs');
  return r.ok ? r : err(quoted(text, hint ? { code: 'move.uci-reading', reason: r.error, uci: hint } : r.error));
}
