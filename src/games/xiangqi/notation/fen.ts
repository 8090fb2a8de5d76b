/** Xiangqi FEN (spec xiangqi.md): read w/r/b, H/E synonyms, missing counters; reject impossible positions. */
import { Position } from '../../../core/position.js';
import { err, ok, type Result } from '../../../core/result.js';
import { ProblemError, type FenProblem } from '../../../core/problem.js';
import { xiangqi, XIANGQI_START_FEN } from '../index.js';
import { xiangqiCheckedNotToMove, xiangqiPlacementError } from '../validate.js';
import { fenControlProblem, formatBoardField, parseBoardField, parseCounter } from '../../../core/board-text.js';

/**
 * Where the counters are (halfmove clock, move number): fields 5 and 6, or — in a FEN of fewer
 * fields that ends with two numbers after the side — those two: XBoard's `… w 7 23` (no castling
 * and en-passant fields), `… w - 0 1`.
 */
export function counterFields(fields: readonly string[]): [number, number] {
  const n = fields.length;
  if (n >= 4 && n < 6 && /^\d+$/.test(fields[n - 1]!) && /^\d+$/.test(fields[n - 2]!)) return [n - 2, n - 1];
  return [4, 5];
}

export function parseXiangqiFen(text: string): Result<Position, FenProblem> {
  const format = 'FEN';
  const control = fenControlProblem(text, format);
  if (control) return err(control);
  const fields = text.trim().split(/\s+/);
  if (fields.length === 0 || fields[0] === '') return err({ code: 'fen.empty', format });
  const board = parseBoardField(xiangqi, fields[0]!, { H: 'N', E: 'B' });
  if (!board.ok) return board;
  const pos = new Position(xiangqi);
  board.value.forEach((p, sq) => {
    p && pos.put(sq, p);
  });
  const side = (fields[1] ?? 'w').toLowerCase();
  if (side !== 'w' && side !== 'r' && side !== 'b') return err({ code: 'fen.side', format, allowed: 'w, r or b', found: fields[1] });
  pos.setTurn(side === 'b' ? 1 : 0);
  const [halfAt, fullAt] = counterFields(fields);
  // fields 3 and 4 (castling, en passant) are "-" in xiangqi; tolerated when short and made of
  // letters, digits and "-" (records write "- -", some just a number there)
  for (const i of [2, 3]) {
    const f = fields[i];
    if (f !== undefined && i < halfAt && !/^[-A-Za-z0-9]{1,8}$/.test(f))
      return err({ code: 'fen.castling-field', format, field: i + 1, text: f, game: 'xiangqi' });
  }
  const half = fields[halfAt];
  const full = fields[fullAt];
  if (half !== undefined) {
    const n = parseCounter(half, 0, { format, field: halfAt + 1, what: 'halfmove clock' });
    if (!n.ok) return n;
    pos.halfmove = n.value;
  }
  if (full !== undefined) {
    // 0 (Fairy-Stockfish and other tools write it) is read as 1, with a warning (xiangqiFenWarnings)
    const n = parseCounter(full, 0, { format, field: fullAt + 1, what: 'move number' });
    if (!n.ok) return n;
    pos.fullmove = Math.max(1, n.value);
  }
  if (fields.length > 6) return err({ code: 'fen.field-count', format, found: fields.length, max: 6 });
  const problem = xiangqiPlacementError(pos);
  if (problem) return err({ code: 'fen.placement', format, reason: problem });
  return ok(pos);
}

/**
 * What an accepted FEN has that a game cannot reach, for warnings in validate and show: move
 * number 0 (read as 1), the side not to move in check (a composed position; refused only when
 * the generals face each other).
 */
export function xiangqiFenWarnings(text: string, pos: Position): string[] {
  const out: string[] = [];
  const fields = text.trim().split(/\s+/);
  const full = fields[counterFields(fields)[1]];
  if (full !== undefined && /^0+$/.test(full)) out.push('FEN field 6: move number 0 read as 1');
  const check = xiangqiCheckedNotToMove(pos);
  if (check) out.push(`${check} is in check but it is not their move (a composed position: accepted)`);
  return out;
}

export function formatXiangqiFen(pos: Position): string {
  const board = formatBoardField(pos);
  return `${board} ${pos.turn === 0 ? 'w' : 'b'} - - ${pos.halfmove} ${pos.fullmove}`;
}

export const xiangqiStartPosition = (): Position => {
  const r = parseXiangqiFen(XIANGQI_START_FEN);
  if (!r.ok) throw new ProblemError(r.error);
  return r.value;
};
