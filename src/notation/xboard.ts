/**
 * Chu Shogi XBoard/HaChu coordinates: files a–l from Sente's left, ranks 1–12 from Sente's side;
 * a lion double move is written as its two legs, `f5e6,e6e7` (igui and passes come back to the
 * start: `f5e6,e6f5`); a trailing `+` promotes. Reading is done by usi.ts (`parseUsi` accepts
 * legs); this is the writer, for engines and tools that speak XBoard.
 */
import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';
import { err, ok, type Result } from '../core/result.js';
import { parseChuSfen } from './sfen.js';

const W = 12;

/** `e6` for a square (x = 0 is file a, y = 0 is rank 1). */
export const xboardSquare = (sq: number): string => String.fromCharCode(97 + (sq % W)) + String(((sq / W) | 0) + 1);

/** XBoard text of a chu move (no position needed: moves carry their middle square). */
export function formatXboard(m: Move): string {
  const from = m & 0xff;
  const to = (m >>> 8) & 0xff;
  const mid = ((m >>> 16) & 0xff) - 1;
  const promo = m & 0x1000000 ? '+' : '';
  if (mid < 0) return xboardSquare(from) + xboardSquare(to) + promo;
  return `${xboardSquare(from)}${xboardSquare(mid)},${xboardSquare(mid)}${xboardSquare(to)}${promo}`;
}

/** Fields after the board in XBoard's FEN: side, then optional `-` fields, half-move clock, move number. */
export function readXboardFields(pos: Position, fields: readonly string[], sides: Record<string, 0 | 1>): Result<Position> {
  const sideText = (fields[1] ?? 'w').toLowerCase();
  const side = sides[sideText];
  if (side === undefined) return err(`FEN field 2: side to move must be ${Object.keys(sides).join(' or ')}, not "${fields[1]}"`);
  pos.setTurn(side);
  const numbers = fields.slice(2).filter((f) => f !== '-');
  if (numbers.length > 2) return err(`FEN has too many fields: "${fields.slice(2).join(' ')}" after the side to move`);
  for (const n of numbers) if (!/^\d+$/.test(n)) return err(`FEN: "${n}" is not a number (half-move clock or move number)`);
  if (numbers.length === 2) {
    pos.halfmove = Number(numbers[0]);
    pos.fullmove = Math.max(1, Number(numbers[1]));
  } else if (numbers.length === 1) pos.fullmove = Math.max(1, Number(numbers[0]));
  return ok(pos);
}

/** Is this text a lishogi SFEN rather than XBoard's chu FEN? (`b - 1`, `w 8j 23`: no half-move clock) */
const looksLikeSfen = (fields: readonly string[]): boolean =>
  fields.length <= 4 && fields.length >= 3 && (fields[2] === '-' || /^(1[0-2]|[1-9])[a-l]$/.test(fields[2]!));

/**
 * A chu position in either dialect: lishogi's SFEN (`… b - 1`, `b` = Sente) or XBoard's FEN
 * (`… w - 0 1`, `w` = Sente, as XBoard, HaChu and ChuShogiLite write it).
 */
export function parseChuFen(text: string): Result<Position> {
  const fields = text.trim().split(/\s+/);
  if (looksLikeSfen(fields) || fields.length < 3) return parseChuSfen(text);
  // the board field is the same in both dialects: let the SFEN reader check it
  const board = parseChuSfen(`${fields[0] ?? ''} b - 1`);
  if (!board.ok) return err(board.error.replace(/^SFEN/, 'FEN'));
  const pos = board.value;
  pos.plyParity = 0;
  return readXboardFields(pos, fields, { w: 0, b: 1 });
}
