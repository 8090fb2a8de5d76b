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
 * Parsing turns the text into a query and resolves it among the legal moves; failures say why.
 */
import { moveFrom, moveTo, type Move } from '../../../core/move.js';
import { legalMoves } from '../../../core/perft.js';
import { pieceKind } from '../../../core/piece.js';
import type { Position } from '../../../core/position.js';
import { err, ok, type Result } from '../../../core/result.js';
import type { MoveProblem } from '../../../core/problem.js';
import { sanFile as file, type SanQuery } from '../../../core/san.js';

const XQ_SAN = /^([KGAEBHNRCP])?([a-i])?(10|[0-9])?(x)?([a-i])(10|[0-9])([+#]{0,2})$/;

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
export function parseXiangqiSanReason(pos: Position, text: string, base: 0 | 1): Result<Move, MoveProblem> {
  const q = xiangqiSanQuery(text);
  if (!q) return err({ code: 'move.not-notation', expected: 'a SAN move (like Che3 or Hxf9+)' });
  const kind = q.piece === '' ? 7 : XQ_KIND[q.piece]!;
  const W = 9;
  const toY = q.rank - base;
  if (toY < 0 || toY > 9) return err({ code: 'move.san-off-board', rank: q.rank, base });
  const to = toY * W + q.file;
  const fromY = q.fromRank === null ? null : q.fromRank - base;
  const found: Move[] = [];
  let any = false;
  for (const m of legalMoves(pos)) {
    if (moveTo(m) !== to) continue;
    const from = moveFrom(m);
    if (pieceKind(pos.board[from]!) !== kind) continue;
    any = true;
    if (q.fromFile !== null && from % W !== q.fromFile) continue;
    if (fromY !== null && ((from / W) | 0) !== fromY) continue;
    found.push(m);
  }
  const side = pos.turn === 0 ? 'red' : 'black';
  const sq = String.fromCharCode(97 + q.file) + String(q.rank);
  if (found.length === 1) {
    const cap = pos.board[to] !== 0;
    if (q.capture && !cap) return err({ code: 'move.san-not-capture', to: sq });
    return ok(found[0]!);
  }
  const piece = XQ_NAMES[kind]!;
  if (found.length > 1) return err({ code: 'move.san-ambiguous', count: found.length, side, piece, to: sq });
  if (any) return err({ code: 'move.san-none', side, piece, to: sq, line: q.fromFile !== null ? 'file' : 'rank' });
  return err({ code: 'move.san-none', side, piece, to: sq, base });
}
