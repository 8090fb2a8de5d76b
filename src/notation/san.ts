/**
 * SAN (standard algebraic notation) as other programs write xiangqi and chu shogi records.
 *
 * Xiangqi, two dialects that differ in the rank numbering and the pawn letter:
 * - pychess / Fairy-Stockfish: `Che3 Hc8 Pc5 Pxc4 Rb10 Ece8 E6e8`, ranks 1–10, pawns written `P`.
 * - XBoard / WinBoard: `Cbe2 Hxf9+ A9e8 c5 cxc4 ed5`, ranks 0–9, pawns without a letter.
 * Letters: K (also G) general, A advisor, E (also B) elephant, H (also N) horse, R chariot, C cannon,
 * P soldier. A move is [letter][from file][from rank][x][to square][+|#]; the origin parts only
 * tell like pieces apart.
 *
 * Chu shogi, XBoard's SAN (also ChuShogiLite's): `Ng5 e8 Bxc11 Hki7 Ok9+`, lion double moves as the
 * two squares after the origin `Nxh10-h9`, `+Dxj10,i11` (first step, then the end square); the
 * piece letters are the SFEN letters (`+D` a promoted dragon), files a–l, ranks 1–12 from Sente's
 * side; a trailing `+` promotes (or marks a check: whichever is legal), `=` declines.
 *
 * Parsing turns the text into a query and resolves it among the legal moves; failures say why.
 */
import type { Move } from '../core/move.js';
import { legalMoves } from '../core/perft.js';
import type { Position } from '../core/position.js';
import { err, ok, type Result } from '../core/result.js';
import { royalsLost } from '../games/chushogi/index.js';
import { pieceLetter } from './board-text.js';

export interface SanQuery {
  /** Upper-case piece letter (`+D` for promoted pieces); '' = pawn without a letter. */
  readonly piece: string;
  readonly fromFile: number | null;
  /** The origin rank as written (dialect numbering), or null. */
  readonly fromRank: number | null;
  readonly capture: boolean;
  /** Destination (the end square), as written. */
  readonly file: number;
  readonly rank: number;
  /** Chu double moves: the first step's square, as written (file, rank), or null. */
  readonly mid: readonly [number, number] | null;
  /** `+` / `++` / `#` after the move. */
  readonly suffix: string;
}

const XQ_SAN = /^([KGAEBHNRCP])?([a-i])?(10|[0-9])?(x)?([a-i])(10|[0-9])([+#]{0,2})$/;
const CHU_SAN = /^(\+?[A-Z]'?)?([a-l])?(1[0-2]|[1-9])?(x)?([a-l])(1[0-2]|[1-9])(?:[-,x]([a-l])(1[0-2]|[1-9]))?([+=#]{0,2})$/;

const file = (c: string): number => c.charCodeAt(0) - 97;

/** Reads xiangqi SAN into a query, or null if the text is not SAN-shaped. */
export function xiangqiSanQuery(text: string): SanQuery | null {
  const m = XQ_SAN.exec(text);
  if (!m) return null;
  // a bare coordinate pair (`h2e2`) is ICCS, not SAN: the caller reads those first
  return {
    piece: m[1] ?? '',
    fromFile: m[2] ? file(m[2]) : null,
    fromRank: m[3] !== undefined ? Number(m[3]) : null,
    capture: m[4] !== undefined,
    file: file(m[5]!),
    rank: Number(m[6]),
    mid: null,
    suffix: m[7] ?? '',
  };
}

/** Is the text xiangqi SAN (either dialect)? */
export const looksLikeXiangqiSan = (text: string): boolean => xiangqiSanQuery(text) !== null;

/** The rank numbering a xiangqi SAN text proves: 1 (ranks 1–10: it has a 10), 0 (it has a 0), else null. */
export function xiangqiSanNumbering(text: string): 0 | 1 | null {
  const q = xiangqiSanQuery(text);
  if (!q) return null;
  if (q.rank === 10 || q.fromRank === 10) return 1;
  if (q.rank === 0 || q.fromRank === 0) return 0;
  // XBoard writes pawns without a letter, pychess with P
  return null;
}

const XQ_KIND: Record<string, number> = { K: 1, G: 1, A: 2, E: 3, B: 3, H: 4, N: 4, R: 5, C: 6, P: 7 };
const XQ_NAMES = ['', 'general', 'advisor', 'elephant', 'horse', 'chariot', 'cannon', 'soldier'];

/**
 * A xiangqi SAN move resolved among the legal moves. `base` is the number of the first rank: 0
 * (XBoard) or 1 (pychess). Errors are bare reasons.
 */
export function parseXiangqiSanReason(pos: Position, text: string, base: 0 | 1): Result<Move> {
  const q = xiangqiSanQuery(text);
  if (!q) return err('not a SAN move (like Che3 or Hxf9+)');
  const kind = q.piece === '' ? 7 : XQ_KIND[q.piece]!;
  const W = 9;
  const toY = q.rank - base;
  if (toY < 0 || toY > 9) return err(`rank ${q.rank} is off the board (ranks ${base}–${base + 9})`);
  const to = toY * W + q.file;
  const fromY = q.fromRank === null ? null : q.fromRank - base;
  const found: Move[] = [];
  let any = false;
  for (const m of legalMoves(pos)) {
    if (((m >>> 8) & 0xff) !== to) continue;
    const from = m & 0xff;
    if (pos.board[from]! >> 1 !== kind) continue;
    any = true;
    if (q.fromFile !== null && from % W !== q.fromFile) continue;
    if (fromY !== null && ((from / W) | 0) !== fromY) continue;
    found.push(m);
  }
  const side = pos.turn === 0 ? 'red' : 'black';
  const sq = String.fromCharCode(97 + q.file) + String(q.rank);
  if (found.length === 1) {
    const cap = pos.board[to] !== 0;
    if (q.capture && !cap) return err(`it is written as a capture but ${sq} is empty`);
    return ok(found[0]!);
  }
  if (found.length > 1) return err(`it is ambiguous: ${found.length} ${side} ${XQ_NAMES[kind]}s can move to ${sq}`);
  if (any) return err(`no ${side} ${XQ_NAMES[kind]} on the given ${q.fromFile !== null ? 'file' : 'rank'} can move to ${sq}`);
  return err(`no ${side} ${XQ_NAMES[kind]} can move to ${sq} (numbering ranks ${base}–${base + 9})`);
}

// ------------------------------------------------------------------------------------------------
// Chu shogi

/** Reads chu XBoard SAN into a query, or null. */
export function chuSanQuery(text: string): SanQuery | null {
  const m = CHU_SAN.exec(text);
  if (!m) return null;
  const two = m[7] !== undefined;
  const sqFile = file(two ? m[7]! : m[5]!);
  const sqRank = Number(two ? m[8] : m[6]);
  return {
    piece: (m[1] ?? '').replace("'", ''),
    fromFile: m[2] ? file(m[2]) : null,
    fromRank: m[3] !== undefined ? Number(m[3]) : null,
    capture: m[4] !== undefined,
    file: sqFile,
    rank: sqRank,
    mid: two ? [file(m[5]!), Number(m[6])] : null,
    suffix: m[9] ?? '',
  };
}

export const looksLikeChuSan = (text: string): boolean => chuSanQuery(text) !== null;

const chuSq = (f: number, r: number): string => String.fromCharCode(97 + f) + String(r);

/** A chu XBoard SAN move resolved among the legal moves; bare reasons on failure. */
export function parseChuSanReason(pos: Position, text: string): Result<Move> {
  const q = chuSanQuery(text);
  if (!q) return err('not a SAN move (like Ng5 or Nxh10-h9)');
  const W = 12;
  const v = pos.variant;
  const to = (q.rank - 1) * W + q.file;
  const written = q.mid ? (q.mid[1] - 1) * W + q.mid[0] : -1;
  // a double move whose first step is not a capture is the same move as the jump (no middle square)
  const mids = written >= 0 && pos.board[written] === 0 ? [written, -1] : [written];
  const letter = q.piece === '' ? 'P' : q.piece;
  const promoMark = q.suffix.includes('+');
  const refuse = q.suffix.includes('=');
  const plain: Move[] = [];
  const promo: Move[] = [];
  let any = false;
  const legal = legalMoves(pos);
  if (legal.length === 0) {
    const who = pos.turn === 0 ? 'sente' : 'gote';
    return err(royalsLost(pos) ? `the game is over (${who} has no king or prince left)` : `the game is over (${who} has no legal move)`);
  }
  for (const mid of mids) {
  if (plain.length + promo.length > 0) break;
  for (const m of legal) {
    if (((m >>> 8) & 0xff) !== to) continue;
    const from = m & 0xff;
    const mm = ((m >>> 16) & 0xff) - 1;
    if (mm !== mid) continue;
    if (pieceLetter(v, pos.board[from]!).toUpperCase() !== letter) continue;
    any = true;
    if (q.fromFile !== null && from % W !== q.fromFile) continue;
    if (q.fromRank !== null && ((from / W) | 0) + 1 !== q.fromRank) continue;
    if (m & 0x1000000) promo.push(m);
    else plain.push(m);
  }
  }
  const sq = q.mid ? `${chuSq(q.mid[0], q.mid[1])} and ${chuSq(q.file, q.rank)}` : chuSq(q.file, q.rank);
  const pick = (list: Move[]): Result<Move> | null =>
    list.length === 1 ? ok(list[0]!) : list.length > 1 ? err(`it is ambiguous: ${list.length} pieces ${letter} can move to ${sq}`) : null;
  // `+` promotes when promoting is legal; otherwise it can only be a check mark
  const r = (promoMark && !refuse ? pick(promo) : null) ?? pick(plain) ?? (refuse ? null : pick(promo));
  if (r) return r;
  const side = pos.turn === 0 ? 'Sente' : 'Gote';
  if (any) return err(`no ${side} piece ${letter} on the given ${q.fromFile !== null ? 'file' : 'rank'} can move to ${sq}`);
  return err(`no ${side} piece ${letter} can move to ${sq}`);
}
