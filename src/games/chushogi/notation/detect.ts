/**
 * Chu Shogi moves in any notation: USI `7g7f` / `7j7i6h` and XBoard legs `f5e6,e6e7` (both read
 * by usi.ts), western `Ln-7i-6h` (western.ts), XBoard's SAN `Nxh10-h9` (san.ts). `…Reason` functions return the bare reason, the
 * others prefix the quoted text.
 */
import type { Move } from '../../../core/move.js';
import type { Position } from '../../../core/position.js';
import { err, type Result } from '../../../core/result.js';
import { looksLikeChuSan, parseChuSanReason } from './san.js';
import { bareProblem, quoted, type MoveProblem } from '../../../core/problem.js';
import { parseUsi } from './usi.js';
import { looksLikeWestern, parseWesternReason } from './western.js';

export type ChuNotation = 'usi' | 'xboard' | 'western' | 'san';

const USI_SHAPE = /^(?:(?:1[0-2]|[1-9])[a-l]){2,3}\+?$/;
const XB_SQ = '[a-l](?:1[0-2]|[1-9])';
const XBOARD_SHAPE = new RegExp(`^${XB_SQ}${XB_SQ}(?:,${XB_SQ}${XB_SQ})?\\+?$`, 'i');

/** An upper-case letter with lower-case ones after it: SAN's piece letter, never a coordinate writer's. */
const MIXED_CASE = /^[A-Z].*[a-z]/;

/** The chu notation a move text is shaped like, or null. */
export function classifyChuMove(text: string): ChuNotation | null {
  const t = text.normalize('NFKC').trim();
  if (USI_SHAPE.test(t)) return 'usi';
  // mixed case (`G4h5`, `D11f10`) is SAN naming its origin rank, not the coordinates g4-h5
  if (XBOARD_SHAPE.test(t) && !MIXED_CASE.test(t)) return 'xboard';
  if (looksLikeWestern(t)) return 'western';
  // XBoard's SAN (`Ng5`, `Nxh10-h9`), as XBoard and ChuShogiLite save chu games
  if (looksLikeChuSan(t)) return 'san';
  return null;
}

/** A chu shogi move in any notation; the bare reason on failure. */
export function parseChuMoveReason(pos: Position, text: string): Result<Move, MoveProblem> {
  const t = text.normalize('NFKC').trim();
  const kind = classifyChuMove(t);
  if (kind === 'western') return parseWesternReason(pos, t);
  if (kind === 'san') {
    const r = parseChuSanReason(pos, t);
    // `G4h5` that is no SAN move may still be the coordinates g4-h5
    if (r.ok || !XBOARD_SHAPE.test(t)) return r;
    const c = parseUsi(pos, t);
    return c.ok ? c : r;
  }
  if (kind === null) return err({ code: 'move.not-notation', expected: 'a move in any chu shogi notation (like 7g7f, 7j7i6h, f5e6,e6e7 or Ln-7i-6h)' });
  const r = parseUsi(pos, t);
  if (r.ok) return r;
  return err(bareProblem(r.error, t));
}

/** A chu shogi move in any notation: `"Ln-5e": the Lion on 7g cannot move to 5e`. */
export function parseChuMove(pos: Position, text: string): Result<Move, MoveProblem> {
  const r = parseChuMoveReason(pos, text);
  return r.ok ? r : err(quoted(text, r.error));
}
