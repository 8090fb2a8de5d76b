/** Xiangqi FEN (spec xiangqi.md): read w/r/b, H/E synonyms, missing counters; reject impossible positions. */
import { Position } from '../core/position.js';
import { err, ok, type Result } from '../core/result.js';
import { xiangqi, XIANGQI_START_FEN } from '../games/xiangqi/index.js';
import { xiangqiPlacementError } from '../games/xiangqi/validate.js';
import { formatBoardField, parseBoardField } from './board-text.js';
import { quoteInput } from '../core/text.js';

/**
 * The largest halfmove clock and move number a FEN or SFEN may give: 10^9 (far beyond any game,
 * small enough to stay exact through every counter and its undo).
 */
export const MAX_COUNTER = 1_000_000_000;

/** Control characters a FEN/SFEN refuses in any field (the PGN reader refuses the same ones). */
const CONTROL_RE = /[\x00-\x08\x0e-\x1f\x7f-\x9f]/;

/** The first control character of a FEN/SFEN as an error, or null. */
export function fenControlError(text: string, what: 'FEN' | 'SFEN'): string | null {
  const m = CONTROL_RE.exec(text);
  if (!m) return null;
  const before = text.slice(0, m.index).trimStart();
  const field = before === '' ? 1 : before.split(/\s+/).length;
  return `${what} field ${field}: control character ${quoteInput(m[0]).slice(1, -1)} is not allowed`;
}

/** A counter field: digits only, from `min` to MAX_COUNTER; the value or an error. */
export function parseCounter(text: string, min: number, label: string): Result<number> {
  if (!/^\d+$/.test(text) || (min > 0 && /^0+$/.test(text)))
    return err(`${label} ${quoteInput(text, 24)} is not a whole number from ${min} to ${MAX_COUNTER}`);
  if (text.replace(/^0+(?=\d)/, '').length > 10 || Number(text) > MAX_COUNTER)
    return err(`${label} ${quoteInput(text, 24)} is too large (at most ${MAX_COUNTER})`);
  return ok(Number(text));
}

export function parseXiangqiFen(text: string): Result<Position> {
  const control = fenControlError(text, 'FEN');
  if (control) return err(control);
  const fields = text.trim().split(/\s+/);
  if (fields.length === 0 || fields[0] === '') return err('FEN is empty');
  const board = parseBoardField(xiangqi, fields[0]!, { H: 'N', E: 'B' });
  if (!board.ok) return board;
  const pos = new Position(xiangqi);
  board.value.forEach((p, sq) => p && pos.put(sq, p));
  const side = (fields[1] ?? 'w').toLowerCase();
  if (side !== 'w' && side !== 'r' && side !== 'b') return err(`FEN field 2: side to move must be w, r or b, not ${quoteInput(fields[1])}`);
  pos.setTurn(side === 'b' ? 1 : 0);
  // fields 3 and 4 (castling, en passant) are "-" in xiangqi; tolerated when short and made of
  // letters, digits and "-" (records write "- -", some just a number there)
  for (const i of [2, 3]) {
    const f = fields[i];
    if (f !== undefined && !/^[-A-Za-z0-9]{1,8}$/.test(f))
      return err(`FEN field ${i + 1}: ${quoteInput(f, 24)} is not "-" (xiangqi has no castling or en passant)`);
  }
  const half = fields[4];
  const full = fields[5];
  if (half !== undefined) {
    const n = parseCounter(half, 0, 'FEN field 5: halfmove clock');
    if (!n.ok) return n;
    pos.halfmove = n.value;
  }
  if (full !== undefined) {
    const n = parseCounter(full, 1, 'FEN field 6: move number');
    if (!n.ok) return n;
    pos.fullmove = n.value;
  }
  if (fields.length > 6) return err(`FEN has ${fields.length} fields, at most 6`);
  const problem = xiangqiPlacementError(pos);
  if (problem) return err(`FEN field 1: ${problem}`);
  return ok(pos);
}

export function formatXiangqiFen(pos: Position): string {
  return `${formatBoardField(pos)} ${pos.turn === 0 ? 'w' : 'b'} - - ${pos.halfmove} ${pos.fullmove}`;
}

export const xiangqiStartPosition = (): Position => {
  const r = parseXiangqiFen(XIANGQI_START_FEN);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
