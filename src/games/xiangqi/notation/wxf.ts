/**
 * Xiangqi WXF notation (spec xiangqi.md, "Move notations"), and the file-relative move model it
 * shares with the Chinese notation.
 *
 * A move is written piece · origin · op · number: `C2.5`, `H8+7`. Files are numbered 1-9 from the
 * mover's right; op is `+` forward, `-` back, `.` sideways; the number is the steps of a straight
 * move along a file, else the destination file. Like pieces sharing a file are told apart by
 * position instead of the file: `R+.3` (front chariot), `C-+1` (rear cannon). Tandem pawns follow
 * the official WXF page: 3 on a file `P+` `P3` `P-`; 4 `++` `P+` `P-` `--`; 5 `++` `P+` `P3` `P-`
 * `--`; tandem pawns on two files name the file instead of the piece: `3+.4`, `33.4` (middle),
 * `7-.6`. Advisors and elephants never need it (their front and rear pieces cannot make the same
 * move).
 *
 * Input also accepts `=` for `.`, lower case, full-width characters (`Ｃ２＝５`), the
 * sign-before-letter form (`+P+1` = front pawn), the plain file digit where it is unambiguous, the
 * letters B (elephant), N (horse) and M (advisor), and Fairy-Stockfish's index form `15=6` (the
 * first pawn from the front on file 5). Where the official middle-pawn form `33.4` and the index
 * form read differently, the official form wins.
 *
 * Parsing resolves the text against the legal moves: an impossible move is an error saying why.
 */
import { plainMove, moveFrom, moveTo, type Move } from '../../../core/move.js';
import { legalMoves } from '../../../core/perft.js';
import { pieceCode, pieceKind, pieceSide } from '../../../core/piece.js';
import type { Position } from '../../../core/position.js';
import { err, ok, type Result } from '../../../core/result.js';
import { quoted, sqOf, type MoveProblem } from '../../../core/problem.js';
import { ADVISOR, CANNON, CHARIOT, ELEPHANT, HORSE, KING, SOLDIER } from '../pieces.js';
import { explainXiangqi, fileX, iccsName, sideFile, XQ_PIECE_NAMES, XQ_SIDE_NAMES } from './why.js';

const W = 9;
const H = 10;

// ------------------------------------------------------------------------------------------------
// The shared model: where a piece stands among like pieces, and what a move does relative to its side

/** Squares of `side`'s pieces of `kind` on column x, front (nearest the enemy) first. */
export function likesOnColumn(pos: Position, side: number, kind: number, x: number): number[] {
  const code = pieceCode(kind, side);
  const out: number[] = [];
  const b = pos.board;
  if (side === 0) {
    for (let y = H - 1; y >= 0; y--) if (b[y * W + x] === code) out.push(y * W + x);
  } else {
    for (let y = 0; y < H; y++) if (b[y * W + x] === code) out.push(y * W + x);
  }
  return out;
}

/** Number of columns holding two or more of `side`'s soldiers. */
export function tandemPawnFiles(pos: Position, side: number): number {
  let n = 0;
  for (let x = 0; x < W; x++) if (likesOnColumn(pos, side, SOLDIER, x).length >= 2) n++;
  return n;
}

/** A move seen from the mover's side: everything WXF and Chinese write. */
export interface XqMoveView {
  readonly kind: number;
  readonly side: number;
  /** The start file, 1-9 from the mover's right. */
  readonly file: number;
  /** Like pieces on the start file (1 when alone; advisors, elephants and the general always 1). */
  readonly count: number;
  /** Index of the moving piece among them, 0 = front. */
  readonly index: number;
  /** Tandem pawns on two files: the pawn is named by its file. */
  readonly pawnFileStyle: boolean;
  /** +1 forward, -1 back, 0 sideways. */
  readonly op: 1 | -1 | 0;
  /** Steps for straight moves along a file, else the destination file. */
  readonly n: number;
}

const DIAGONAL = (kind: number): boolean => kind === ADVISOR || kind === ELEPHANT || kind === HORSE;

/** Describes a legal (or at least geometric) move of the side to move. */
export function viewXiangqiMove(pos: Position, m: Move): XqMoveView {
  const from = moveFrom(m);
  const to = moveTo(m);
  const p = pos.board[from]!;
  const kind = pieceKind(p);
  const side = pieceSide(p);
  const fx = from % W;
  const fy = (from / W) | 0;
  const tx = to % W;
  const ty = (to / W) | 0;
  let count = 1;
  let index = 0;
  let pawnFileStyle = false;
  if (kind !== KING && kind !== ADVISOR && kind !== ELEPHANT) {
    const likes = likesOnColumn(pos, side, kind, fx);
    if (likes.length >= 2) {
      count = likes.length;
      index = likes.indexOf(from);
      pawnFileStyle = kind === SOLDIER && tandemPawnFiles(pos, side) >= 2;
    }
  }
  const dy = side === 0 ? ty - fy : fy - ty;
  const op: 1 | -1 | 0 = dy > 0 ? 1 : dy < 0 ? -1 : 0;
  const n = op !== 0 && !DIAGONAL(kind) && tx === fx ? Math.abs(dy) : sideFile(tx, side);
  return { kind, side, file: sideFile(fx, side), count, index, pawnFileStyle, op, n };
}

/**
 * How the text picks the moving piece. `at` positions: 'F' front, 'R' rear, 'M' middle (odd
 * count), 'f'/'r' WXF's `P+`/`P-` (the second from the end when a file holds 4 or 5), or an index
 * from the front.
 */
export type XqSelector =
  | { readonly t: 'file'; readonly file: number; readonly wxfMiddle?: boolean }
  | { readonly t: 'at'; readonly at: 'F' | 'R' | 'M' | 'f' | 'r' | number; readonly file?: number }
  /** Two digits: WXF `33` (middle pawn, tandem pawns on two files) or Fairy-Stockfish `15` (index 1, file 5). */
  | { readonly t: 'digits'; readonly a: number; readonly b: number };

export interface XqQuery {
  /** Piece kind; soldier for the pawn-only forms. */
  readonly kind: number;
  readonly sel: XqSelector;
  readonly op: 1 | -1 | 0;
  readonly n: number;
}

const plural = (kind: number): string => XQ_PIECE_NAMES[kind] + 's';

function pickAt(at: 'F' | 'R' | 'M' | 'f' | 'r' | number, c: number): number {
  switch (at) {
    case 'F':
      return 0;
    case 'R':
      return c - 1;
    case 'M':
      return c % 2 === 1 ? (c - 1) >> 1 : -1;
    case 'f':
      return c >= 4 ? 1 : 0;
    case 'r':
      return c >= 4 ? c - 2 : c - 1;
    default:
      return at < c ? at : -1;
  }
}

const AT_WORDS: Record<string, string> = { F: 'front', R: 'rear', M: 'middle', f: 'front', r: 'rear' };
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth'];
const atWord = (at: 'F' | 'R' | 'M' | 'f' | 'r' | number): string =>
  typeof at === 'number' ? `${ORDINALS[at] ?? `${at + 1}th`} from the front` : AT_WORDS[at]!;

/** The start squares a selector names, or why there are none. */
function selectPieces(pos: Position, kind: number, sel: XqSelector): Result<number[], MoveProblem> {
  const side = pos.turn;
  const name = XQ_PIECE_NAMES[kind]!;
  const sideName = XQ_SIDE_NAMES[side]!;
  if (sel.t === 'digits') {
    const x = fileX(sel.a, side);
    const likes = likesOnColumn(pos, side, SOLDIER, x);
    if (sel.a === sel.b && likes.length === 3 && tandemPawnFiles(pos, side) >= 2) return ok([likes[1]!]);
    return selectPieces(pos, kind, { t: 'at', at: sel.a - 1, file: sel.b });
  }
  if (sel.t === 'file') {
    const likes = likesOnColumn(pos, side, kind, fileX(sel.file, side));
    if (likes.length === 0) return err({ code: 'move.none-on-file', side: sideName, piece: name, file: sel.file });
    if (sel.wxfMiddle && kind === SOLDIER && (likes.length === 3 || likes.length === 5))
      return ok([likes[likes.length >> 1]!]);
    return ok(likes);
  }
  const at = sel.at;
  if (sel.file !== undefined) {
    const likes = likesOnColumn(pos, side, kind, fileX(sel.file, side));
    if (likes.length === 0) return err({ code: 'move.none-on-file', side: sideName, piece: name, file: sel.file });
    if (likes.length === 1) return err({ code: 'move.one-on-file', piece: name, file: sel.file });
    const i = pickAt(at, likes.length);
    if (i < 0) return err({ code: 'move.none-at-on-file', at: atWord(at), piece: name, count: likes.length, file: sel.file });
    return ok([likes[i]!]);
  }
  const out: number[] = [];
  let total = 0;
  let onlyFile = 0;
  let tandem = 0;
  for (let x = 0; x < W; x++) {
    const likes = likesOnColumn(pos, side, kind, x);
    total += likes.length;
    if (likes.length === 1) onlyFile = sideFile(x, side);
    if (likes.length < 2) continue;
    tandem++;
    const i = pickAt(at, likes.length);
    if (i >= 0) out.push(likes[i]!);
  }
  if (out.length > 0) return ok(out);
  if (total === 0) return err({ code: 'move.side-has-none', side: sideName, piece: name });
  if (total === 1) return err({ code: 'move.one-on-file', piece: name, file: onlyFile });
  if (tandem === 0) return err({ code: 'move.no-tandem', side: sideName, pieces: plural(kind) });
  return err({ code: 'move.none-at', at: atWord(at), piece: name });
}

/** The end square of a move of the piece on `from`, or why the text cannot describe one. */
function targetOf(pos: Position, from: number, kind: number, op: 1 | -1 | 0, n: number): Result<number, MoveProblem> {
  const side = pos.turn;
  const who = { piece: XQ_PIECE_NAMES[kind]!, from: sqOf(from, iccsName) };
  const fx = from % W;
  const fy = (from / W) | 0;
  const fwd = side === 0 ? 1 : -1;
  if (op === 0) {
    if (DIAGONAL(kind)) return err({ code: 'move.diagonal-sideways', ...who });
    const tx = fileX(n, side);
    if (tx === fx) return err({ code: 'move.already-on-file', ...who, file: n });
    return ok(fy * W + tx);
  }
  const dir: 'forward' | 'back' = op === 1 ? 'forward' : 'back';
  if (!DIAGONAL(kind)) {
    const ty = fy + op * fwd * n;
    if (ty < 0 || ty >= H) return err({ code: 'move.off-board', ...who, n, dir });
    return ok(ty * W + fx);
  }
  const tx = fileX(n, side);
  const adx = Math.abs(tx - fx);
  let ady = -1;
  if (kind === ADVISOR && adx === 1) ady = 1;
  else if (kind === ELEPHANT && adx === 2) ady = 2;
  else if (kind === HORSE && (adx === 1 || adx === 2)) ady = 3 - adx;
  if (ady < 0) return err({ code: 'move.file-unreachable', ...who, file: n });
  const ty = fy + op * fwd * ady;
  if (ty < 0 || ty >= H) return err({ code: 'move.off-board-file', ...who, dir, file: n });
  return ok(ty * W + tx);
}

/**
 * Resolves a query against the legal moves of `pos`. `format` writes alternatives for the
 * ambiguity message. Errors are bare reasons (the caller quotes the text).
 */
export function resolveXiangqiQuery(pos: Position, q: XqQuery, format: (pos: Position, m: Move) => string): Result<Move, MoveProblem> {
  const sel = selectPieces(pos, q.kind, q.sel);
  if (!sel.ok) return sel;
  const legal = legalMoves(pos);
  const found: Move[] = [];
  let firstReason: MoveProblem | null = null;
  for (const from of sel.value) {
    const t = targetOf(pos, from, q.kind, q.op, q.n);
    if (!t.ok) {
      firstReason ??= t.error;
      continue;
    }
    const m = plainMove(from, t.value);
    if (legal.includes(m)) found.push(m);
    else firstReason ??= explainXiangqi(pos, from, t.value) ?? { code: 'move.not-legal' };
  }
  if (found.length === 1) return ok(found[0]!);
  if (found.length > 1) return err({ code: 'move.ambiguous', options: found.map((m) => format(pos, m)) });
  if (legal.length === 0) return err({ code: 'move.no-legal-move', side: XQ_SIDE_NAMES[pos.turn]! });
  return err(firstReason ?? { code: 'move.not-legal' });
}

// ------------------------------------------------------------------------------------------------
// WXF text

const LETTERS = ['', 'K', 'A', 'E', 'H', 'R', 'C', 'P'];
const KIND_OF_LETTER: Record<string, number> = {
  K: KING, G: KING, A: ADVISOR, M: ADVISOR, E: ELEPHANT, B: ELEPHANT, H: HORSE, N: HORSE, R: CHARIOT, C: CANNON, P: SOLDIER,
};

export interface WxfOptions {
  /** The sideways operator: '.' (official, default) or '='. */
  readonly sideways?: '.' | '=';
}

/** Writes a legal move in official WXF notation. */
export function formatWxf(pos: Position, m: Move, options: WxfOptions = {}): string {
  const v = viewXiangqiMove(pos, m);
  const L = LETTERS[v.kind]!;
  const f = String(v.file);
  let origin: string;
  const { count: c, index: i } = v;
  if (c === 1) origin = L + f;
  else if (v.kind !== SOLDIER) origin = L + (i === 0 ? '+' : '-');
  else if (v.pawnFileStyle) origin = f + (i === 0 ? '+' : i === c - 1 ? '-' : f);
  else if (c === 2) origin = i === 0 ? 'P+' : 'P-';
  else if (c === 3) origin = ['P+', 'P' + f, 'P-'][i]!;
  else if (c === 4) origin = ['++', 'P+', 'P-', '--'][i]!;
  else origin = ['++', 'P+', 'P' + f, 'P-', '--'][i]!;
  const op = v.op === 1 ? '+' : v.op === -1 ? '-' : (options.sideways ?? '.');
  return origin + op + v.n;
}

/** Text to canonical ASCII: full-width forms, Unicode minus/dashes, `=` for sideways, upper case. */
function normalizeWxf(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2212\u2013\u2014\u2010\u2011]/g, '-')
    .replace(/\s+/g, '')
    .replace(/[#]+$/, '')
    .toUpperCase()
    .replace(/=/g, '.');
}

const isDigit = (c: string): boolean => c >= '1' && c <= '9';
const isSign = (c: string): boolean => c === '+' || c === '-';

/** Reads the WXF text into a query, or null if it is not WXF-shaped. */
export function wxfQuery(text: string): XqQuery | null {
  const t = normalizeWxf(text);
  if (t.length !== 4) return null;
  const [a, b, o, d] = [t[0]!, t[1]!, t[2]!, t[3]!];
  if (!(o === '+' || o === '-' || o === '.') || !isDigit(d)) return null;
  const op: 1 | -1 | 0 = o === '+' ? 1 : o === '-' ? -1 : 0;
  const n = Number(d);
  const ka = KIND_OF_LETTER[a];
  const kb = KIND_OF_LETTER[b];
  let kind: number;
  let sel: XqSelector;
  if (ka !== undefined && isDigit(b)) {
    kind = ka;
    sel = { t: 'file', file: Number(b), wxfMiddle: true };
  } else if (ka !== undefined && isSign(b)) {
    kind = ka;
    sel = { t: 'at', at: b === '+' ? 'f' : 'r' };
  } else if (isSign(a) && kb !== undefined) {
    kind = kb;
    sel = { t: 'at', at: a === '+' ? 'F' : 'R' };
  } else if (isSign(a) && a === b) {
    kind = SOLDIER;
    sel = { t: 'at', at: a === '+' ? 'F' : 'R' };
  } else if (isDigit(a) && isSign(b)) {
    kind = SOLDIER;
    sel = { t: 'at', at: b === '+' ? 'F' : 'R', file: Number(a) };
  } else if (isDigit(a) && isDigit(b)) {
    kind = SOLDIER;
    sel = { t: 'digits', a: Number(a), b: Number(b) };
  } else return null;
  return { kind, sel, op, n };
}

/** Does the text look like a WXF move (syntax only)? */
export const looksLikeWxf = (text: string): boolean => wxfQuery(text) !== null;

/** Parses a WXF move; errors are bare reasons, without the quoted text. */
export function parseWxfReason(pos: Position, text: string): Result<Move, MoveProblem> {
  const q = wxfQuery(text);
  if (!q) return err({ code: 'move.not-notation', notation: 'wxf' });
  return resolveXiangqiQuery(pos, q, (p, m) => formatWxf(p, m));
}

/**
 * The legal moves a WXF text can mean (several when it is ambiguous, as XieXie's tandem-pawn moves
 * written without `+`/`-`: `P3+1` with two pawns on file 3).
 */
export function wxfCandidates(pos: Position, text: string): Move[] {
  const q = wxfQuery(text);
  if (!q) return [];
  const sel = selectPieces(pos, q.kind, q.sel);
  if (!sel.ok) return [];
  const legal = legalMoves(pos);
  const out: Move[] = [];
  for (const from of sel.value) {
    const t = targetOf(pos, from, q.kind, q.op, q.n);
    if (t.ok && legal.includes(plainMove(from, t.value))) out.push(plainMove(from, t.value));
  }
  return out;
}

/** Parses a WXF move: `"R+.3": there is only one chariot on file 2`. */
export function parseWxf(pos: Position, text: string): Result<Move, MoveProblem> {
  const r = parseWxfReason(pos, text);
  return r.ok ? r : err(quoted(text, r.error));
}
