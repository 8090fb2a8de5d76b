/** The board field of FEN/SFEN: ranks from the top, digits for empty runs, letters per piece. */
import type { Position } from './position.js';
import { pieceKind, pieceSide } from './piece.js';
import type { VariantData } from './variant.js';
import { err, ok, type Result } from './result.js';
import type { FenFormat, FenProblem } from './problem.js';

/** Letter of a piece code: side 0 upper case, side 1 lower case ('+P' / '+p' for promoted chu pieces). */
export function pieceLetter(v: VariantData, code: number): string {
  const letter = v.pieces[pieceKind(code) - 1]!.letter;
  return pieceSide(code) === 0 ? letter.toUpperCase() : letter.toLowerCase();
}

/** Parses a FEN board into a square → piece code array. `aliases` maps extra upper-case letters to kinds' letters. */
export function parseBoardField(
  v: VariantData,
  text: string,
  aliases: Record<string, string> = {},
  format: FenFormat = 'FEN',
): Result<Uint8Array, FenProblem> {
  const { width: W, height: H } = v.geometry;
  const byLetter = new Map<string, number>();
  v.pieces.forEach((p, i) => byLetter.set(p.letter.toUpperCase(), i + 1));
  for (const [a, target] of Object.entries(aliases)) {
    const k = byLetter.get(target);
    if (k) byLetter.set(a, k);
  }
  const rows = text.split('/');
  if (rows.length !== H) return err({ code: 'fen.rank-count', format, expected: H, found: rows.length });
  const board = new Uint8Array(W * H);
  for (let r = 0; r < H; r++) {
    const row = rows[r]!;
    const y = H - 1 - r;
    let x = 0;
    let i = 0;
    while (i < row.length) {
      const c = row[i]!;
      if (c >= '0' && c <= '9') {
        let nEmpty = 0;
        while (i < row.length && row[i]! >= '0' && row[i]! <= '9') nEmpty = nEmpty * 10 + Number(row[i++]);
        if (nEmpty === 0) return err({ code: 'fen.empty-run', format, rank: r + 1 });
        x += nEmpty;
        continue;
      }
      let letter = c;
      i++;
      if (c === '+') {
        if (i >= row.length) return err({ code: 'fen.trailing-plus', format, rank: r + 1 });
        letter = '+' + row[i++]!;
      }
      const upper = letter.toUpperCase();
      const kind = byLetter.get(upper);
      if (kind === undefined) return err({ code: 'fen.unknown-letter', format, letter, rank: r + 1 });
      const side = letter === upper ? 0 : 1;
      if (x >= W) return err({ code: 'fen.rank-too-long', format, rank: r + 1, files: W });
      board[y * W + x] = (kind << 1) | side;
      x++;
    }
    if (x !== W) return err({ code: 'fen.rank-width', format, rank: r + 1, found: x, expected: W });
  }
  return ok(board);
}

export function formatBoardField(pos: Position): string {
  const v = pos.variant;
  const { width: W, height: H } = v.geometry;
  const rows: string[] = [];
  for (let y = H - 1; y >= 0; y--) {
    let row = '';
    let empty = 0;
    for (let x = 0; x < W; x++) {
      const p = pos.board[y * W + x]!;
      if (p === 0) {
        empty++;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      row += pieceLetter(v, p);
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  return rows.join('/');
}

/** Fields after the board in XBoard's FEN: side, then optional `-` fields, half-move clock, move number. */
export function readXboardFields(pos: Position, fields: readonly string[], sides: Record<string, 0 | 1>): Result<Position, FenProblem> {
  const format = 'FEN';
  const sideText = (fields[1] ?? 'w').toLowerCase();
  const side = sides[sideText];
  if (side === undefined) return err({ code: 'fen.side', format, allowed: Object.keys(sides).join(' or '), found: fields[1] });
  pos.setTurn(side);
  const numbers = fields.slice(2).filter((f) => f !== '-');
  if (numbers.length > 2) return err({ code: 'fen.extra-fields', format, text: fields.slice(2).join(' ') });
  for (const n of numbers) if (!/^\d+$/.test(n)) return err({ code: 'fen.not-number', format, text: n });
  if (numbers.length === 2) {
    pos.halfmove = Number(numbers[0]);
    pos.fullmove = Math.max(1, Number(numbers[1]));
  } else if (numbers.length === 1) pos.fullmove = Math.max(1, Number(numbers[0]));
  return ok(pos);
}

