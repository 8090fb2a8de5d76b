/**
 * Chu shogi in XBoard's SAN (also ChuShogiLite's): `Ng5 e8 Bxc11 Hki7 Ok9+`, lion double moves as the
 * two squares after the origin `Nxh10-h9`, `+Dxj10,i11` (first step, then the end square); the
 * piece letters are the SFEN letters (`+D` a promoted dragon), files a–l, ranks 1–12 from Sente's
 * side; a trailing `+` promotes (or marks a check: whichever is legal), `=` declines.
 *
 * Parsing turns the text into a query and resolves it among the legal moves; failures say why.
 */
import { pieceLetter } from '../../../core/board-text.js';
import { isPromotion, moveFrom, moveMid, moveTo, type Move } from '../../../core/move.js';
import { legalMoves } from '../../../core/perft.js';
import type { Position } from '../../../core/position.js';
import { err, ok, type Result } from '../../../core/result.js';
import type { MoveProblem } from '../../../core/problem.js';
import { sanFile as file, type SanQuery } from '../../../core/san.js';
import { royalsLost } from '../index.js';

const CHU_SAN = /^(\+?[A-Z]'?)?([a-l])?(1[0-2]|[1-9])?(x)?([a-l])(1[0-2]|[1-9])(?:[-,x]([a-l])(1[0-2]|[1-9]))?([+=#]{0,2})$/;

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
export function parseChuSanReason(pos: Position, text: string): Result<Move, MoveProblem> {
  const q = chuSanQuery(text);
  if (!q) return err({ code: 'move.not-notation', expected: 'a SAN move (like Ng5 or Nxh10-h9)' });
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
    return err(royalsLost(pos) ? { code: 'move.royals-lost', side: who } : { code: 'move.game-over-no-move', side: who });
  }
  for (const mid of mids) {
  if (plain.length + promo.length > 0) break;
  for (const m of legal) {
    if (moveTo(m) !== to) continue;
    const from = moveFrom(m);
    const mm = moveMid(m);
    if (mm !== mid) continue;
    if (pieceLetter(v, pos.board[from]!).toUpperCase() !== letter) continue;
    any = true;
    if (q.fromFile !== null && from % W !== q.fromFile) continue;
    if (q.fromRank !== null && ((from / W) | 0) + 1 !== q.fromRank) continue;
    if (isPromotion(m)) promo.push(m);
    else plain.push(m);
  }
  }
  const sq = q.mid ? `${chuSq(q.mid[0], q.mid[1])} and ${chuSq(q.file, q.rank)}` : chuSq(q.file, q.rank);
  const pick = (list: Move[]): Result<Move, MoveProblem> | null =>
    list.length === 1 ? ok(list[0]!) : list.length > 1 ? err({ code: 'move.san-letter-ambiguous', count: list.length, letter, to: sq }) : null;
  // `+` promotes when promoting is legal; otherwise it can only be a check mark
  const r = (promoMark && !refuse ? pick(promo) : null) ?? pick(plain) ?? (refuse ? null : pick(promo));
  if (r) return r;
  const side = pos.turn === 0 ? 'Sente' : 'Gote';
  if (any) return err({ code: 'move.san-letter-none', side, letter, to: sq, line: q.fromFile !== null ? 'file' : 'rank' });
  return err({ code: 'move.san-letter-none', side, letter, to: sq });
}
