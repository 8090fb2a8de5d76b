/** The board field of FEN/SFEN: ranks from the top, digits for empty runs, letters per piece. */
import type { Position } from './position.js';
import { pieceCode, pieceKind, pieceSide } from './piece.js';
import type { VariantData } from './variant.js';
import { err, ok, type Result } from './result.js';
import type { FenFormat, FenProblem } from './problem.js';

/**
 * The largest halfmove clock and move number a FEN or SFEN may give: 10^9 (far beyond any game,
 * small enough to stay exact through every counter and its undo).
 */
export const MAX_COUNTER = 1_000_000_000;

/** Control characters a FEN/SFEN refuses in any field (the PGN reader refuses the same ones). */
const CONTROL_RE = /[\x00-\x08\x0e-\x1f\x7f-\x9f]/;

/** The first control character of a FEN/SFEN as a problem, or null. */
export function fenControlProblem(text: string, format: FenFormat): FenProblem | null {
  const m = CONTROL_RE.exec(text);
  if (!m) return null;
  const before = text.slice(0, m.index).trimStart();
  const field = before === '' ? 1 : before.split(/\s+/).length;
  return { code: 'fen.control-char', format, field, char: m[0] };
}

/** Which counter a FEN/SFEN field is (the sentence names it). */
export interface CounterField {
  readonly format: FenFormat;
  /** The field number, absent when the field could be either counter (XBoard's FEN). */
  readonly field?: number;
  readonly what: 'halfmove clock' | 'move number' | 'half-move clock or move number';
}

/** A counter field: digits only, from `min` to MAX_COUNTER; the value or a problem. */
export function parseCounter(text: string, min: number, at: CounterField): Result<number, FenProblem> {
  if (!/^\d+$/.test(text) || (min > 0 && /^0+$/.test(text)))
    return err({ code: 'fen.counter', ...at, text, min, max: MAX_COUNTER, tooLarge: false });
  if (text.replace(/^0+(?=\d)/, '').length > 10 || Number(text) > MAX_COUNTER)
    return err({ code: 'fen.counter', ...at, text, min, max: MAX_COUNTER, tooLarge: true });
  return ok(Number(text));
}

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
  v.pieces.forEach((p, i) => {
    byLetter.set(p.letter.toUpperCase(), i + 1);
  });
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
        const start = i;
        while (i < row.length && row[i]! >= '0' && row[i]! <= '9') i++;
        const digits = row.slice(start, i);
        // a run longer than the board is refused before it can grow into 1e+21 or Infinity
        if (digits.length > 2) return err({ code: 'fen.long-run', format, rank: r + 1, digits, files: W });
        const nEmpty = Number(digits);
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
      board[y * W + x] = pieceCode(kind, side);
      x++;
    }
    if (x !== W) return err({ code: 'fen.rank-width', format, rank: r + 1, found: x, expected: W });
  }
  return ok(board);
}

/**
 * Per variant, the FEN letter(s) of each piece code (`pieceLetter`), '' where no piece has the code:
 * made once, so a board field costs no case conversion per piece (validate writes one per game).
 */
const LETTERS = new WeakMap<VariantData, readonly string[]>();
function lettersOf(v: VariantData): readonly string[] {
  let t = LETTERS.get(v);
  if (t === undefined) {
    const list: string[] = [];
    for (let code = 0; code < v.codeCount; code++) list.push(code >= 2 && pieceKind(code) <= v.pieces.length ? pieceLetter(v, code) : '');
    LETTERS.set(v, (t = list));
  }
  return t;
}

/**
 * Per variant, each piece code's FEN letters as char codes (`lettersOf`): one letter in the low 16
 * bits, a second in the high 16 (chu's `+x`); -1 where the letters do not fit (none, or more than
 * two): a board with such a code is written by `formatBoardFieldText`.
 */
const LETTER_CODES = new WeakMap<VariantData, Int32Array>();
function letterCodesOf(v: VariantData): Int32Array {
  let t = LETTER_CODES.get(v);
  if (t === undefined) {
    const letters = lettersOf(v);
    t = new Int32Array(letters.length);
    for (let code = 0; code < letters.length; code++) {
      const l = letters[code]!;
      t[code] = l.length === 1 ? l.charCodeAt(0) : l.length === 2 ? l.charCodeAt(0) | (l.charCodeAt(1) << 16) : -1;
    }
    LETTER_CODES.set(v, t);
  }
  return t;
}

/** The char codes of the board field being written (a plain array: `String.fromCharCode.apply` takes it whole). */
const FIELD: number[] = [];

export function formatBoardField(pos: Position): string {
  // char codes into FIELD, then one flat string (no string per rank or piece)
  const v = pos.variant;
  const { width: W, height: H } = v.geometry;
  const codes = letterCodesOf(v);
  const board = pos.board;
  const out = FIELD;
  let n = 0;
  for (let y = H - 1; y >= 0; y--) {
    if (y !== H - 1) out[n++] = 0x2f; // '/'
    let empty = 0;
    for (let x = 0, i = y * W; x < W; x++, i++) {
      const p = board[i]!;
      if (p === 0) {
        empty++;
        continue;
      }
      const c = p < codes.length ? codes[p]! : -1;
      if (empty) {
        if (empty >= 10) out[n++] = 0x30 + ((empty / 10) | 0);
        out[n++] = 0x30 + (empty % 10);
        empty = 0;
      }
      if (c >= 0) {
        out[n++] = c & 0xffff;
        if (c > 0xffff) out[n++] = c >>> 16;
      } else {
        // a letter of three or more characters, or a code of no piece (pieceLetter fails for it)
        const l = p < lettersOf(v).length ? lettersOf(v)[p]! : '';
        const text = l !== '' ? l : pieceLetter(v, p);
        for (let k = 0; k < text.length; k++) out[n++] = text.charCodeAt(k);
      }
    }
    if (empty) {
      if (empty >= 10) out[n++] = 0x30 + ((empty / 10) | 0);
      out[n++] = 0x30 + (empty % 10);
    }
  }
  out.length = n;
  return String.fromCharCode.apply(null, out);
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
  const values: number[] = [];
  for (const n of numbers) {
    const v = parseCounter(n, 0, { format, what: 'half-move clock or move number' });
    if (!v.ok) return v;
    values.push(v.value);
  }
  if (values.length === 2) {
    pos.halfmove = values[0]!;
    pos.fullmove = Math.max(1, values[1]!);
  } else if (values.length === 1) pos.fullmove = Math.max(1, values[0]!);
  return ok(pos);
}

