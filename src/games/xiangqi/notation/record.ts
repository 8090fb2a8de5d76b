/**
 * Reading xiangqi game records fast: coordinate moves (ICCS/UCI, the bulk of real data) are decoded
 * directly and tested with `isLegalMove` (the moving piece's moves plus a general check) instead of
 * generating every legal move each ply; SAN (pychess ranks 1–10, XBoard ranks 0–9) in records whose
 * first move is SAN; other notations go through the any-notation reader. An ambiguous WXF move
 * (XieXie's tandem pawns written without `+`/`-`) is settled by the moves after it.
 */
import { formatBoardField } from '../../../core/board-text.js';
import { moveFrom, moveTo, plainMove, type Move } from '../../../core/move.js';
import type { Position } from '../../../core/position.js';
import { err, ok } from '../../../core/result.js';
import type { RecordReader } from '../../game.js';
import { classifyXiangqiMove, coordinateMove, parseXiangqiMoveReason } from './detect.js';
import { isLegalMove } from './legal-check.js';
import { looksLikeXiangqiSan, parseXiangqiSanReason, xiangqiSanNumbering } from './san.js';
import { explainXiangqi } from './why.js';
import { formatWxf, looksLikeWxf, wxfCandidates } from './wxf.js';

/** A coordinate move with ranks 0-9 (cheap test for the common case of ICCS records). */
const isIccsShaped = (t: string): boolean => t.length === 4 && coordinateMove(t, false) >= 0;

/**
 * SAN that names its piece and its origin rank (`C9e8`, `H3h5`, `A1e2`, `A10e9`): shaped like a
 * coordinate move too (the letters A B C E G H are files), but in mixed case — an upper-case
 * letter, then lower-case files — which no coordinate writer writes (ICCS is `h2e2` or `H2-E2`).
 * No allocation: called per ply.
 */
export function isMixedCaseSan(t: string): boolean {
  const c0 = t.charCodeAt(0);
  if (c0 < 0x41 || c0 > 0x5a) return false;
  let lower = false;
  for (let i = 1; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) return false;
    if (c >= 0x61 && c <= 0x7a) lower = true;
  }
  return lower && looksLikeXiangqiSan(t);
}

/**
 * Is a FEN in XBoard's form (horse H, elephant E; `w 7 23` with no castling and en-passant
 * fields) rather than the standard one (N/B or H/E read alike, `w - - 7 23`)? Null when it does not
 * show: XBoard records number ranks 0–9, pychess's 1–10, so this settles a SAN record whose moves
 * do not show the numbering.
 */
export function xboardFenForm(fen: string): boolean | null {
  const fields = fen.trim().split(/\s+/);
  const board = fields[0] ?? '';
  if (/[hHeE]/.test(board)) return true;
  if (/[nNbB]/.test(board)) return false;
  if (fields.length === 6 || fields[2] === '-') return false;
  if (fields.length === 4 && /^\d+$/.test(fields[2]!) && /^\d+$/.test(fields[3]!)) return true;
  return null;
}

/** Moves after an ambiguous one that must replay for a reading to count as one that continues. */
const LOOKAHEAD = 8;

/**
 * The board after reading list[k..end) from `p` (a copy is played), branching on ambiguous WXF
 * moves; null when no reading gets through. The first reading that gets through wins.
 */
function follow(p: Position, list: readonly { readonly text: string }[], k: number, end: number, uci: boolean): string | null {
  if (k >= end) return `${formatBoardField(p)} ${p.turn}`;
  const text = list[k]!.text;
  const r = parseXiangqiMoveReason(p, text, uci ? 'uci' : 'iccs');
  const options = r.ok ? [r.value] : r.error.code === 'move.ambiguous' ? wxfCandidates(p, text) : [];
  for (const m of options) {
    const q = p.clone(64);
    q.play(m);
    const key = follow(q, list, k + 1, end, uci);
    if (key !== null) return key;
  }
  return null;
}

/**
 * The move of a packed coordinate key (notation/pgn.ts `PackedRecord`: file × 10 + rank of each
 * square, ICCS-shaped `h2e2`) in a numbering, as `coordinateMove` reads its text; -1 for a rank 0
 * in UCI numbering (ranks 1–10).
 */
export function packedCoordinateMove(key: number, uci: boolean): Move {
  let r2 = key % 10;
  const f2 = ((key / 10) | 0) % 9;
  let r1 = ((key / 90) | 0) % 10;
  const f1 = (key / 900) | 0;
  if (uci) {
    if (r1 === 0 || r2 === 0) return -1;
    r1--;
    r2--;
  }
  return plainMove(r1 * 9 + f1, r2 * 9 + f2);
}

/** `XIANGQI_RECORDS.numbering` of a packed move list (three numbers per move, the key first). */
export function packedNumbering(tagged: string | null, packed: Int32Array): { uci: boolean; sure: boolean } {
  if (tagged === 'uci') return { uci: true, sure: true };
  if (tagged === 'iccs') return { uci: false, sure: true };
  // an ICCS-shaped text is not SAN and has 4 characters: only a rank 0 tells (ICCS)
  for (let k = 0; k < packed.length; k += 3) {
    const key = packed[k]!;
    if (key % 10 === 0 || ((key / 90) | 0) % 10 === 0) return { uci: false, sure: true };
  }
  return { uci: false, sure: false };
}

export const XIANGQI_RECORDS: RecordReader = {
  // the Format tag, else ICCS as soon as a move has a rank 0, UCI if one has a rank 10, else ICCS (a guess)
  numbering(tagged, moves, fen) {
    if (tagged === 'uci') return { uci: true, sure: true };
    if (tagged === 'iccs') return { uci: false, sure: true };
    for (const mv of moves) {
      const t = mv.text;
      if (t.length < 4 || t.charCodeAt(0) < 0x61) {
        // SAN: a rank 0 or a pawn without a letter is XBoard (0-9), a rank 10 or a letter P pychess (1-10)
        const n = xiangqiSanNumbering(t);
        if (n !== null) return { uci: n === 1, sure: true };
        if (looksLikeXiangqiSan(t)) {
          const c = t.charCodeAt(0);
          if (c >= 0x61 && c <= 0x69) return { uci: false, sure: true };
          if (c === 0x50) return { uci: true, sure: true };
        }
      }
      if (t.length === 4) {
        if (t.charCodeAt(1) === 48 || t.charCodeAt(3) === 48) return { uci: false, sure: true };
      } else if ((t.length === 5 || t.length === 6) && t.includes('10') && coordinateMove(t, true) >= 0) return { uci: true, sure: true };
    }
    // SAN whose moves do not show the numbering: the FEN's form tells XBoard (0–9) from pychess (1–10)
    const xboard = fen === undefined || moves.length === 0 || !XIANGQI_RECORDS.readsSan(moves[0]!.text) ? null : xboardFenForm(fen);
    if (xboard !== null) return { uci: !xboard, sure: true };
    return { uci: false, sure: false };
  },
  claims: (first, second) => isIccsShaped(first) && isIccsShaped(second),
  isCoordinate: (text, uci) => coordinateMove(text, uci) >= 0,
  // SAN (`Che3`, XBoard's pawn moves `c5`) is read in records whose first move is SAN, so that a cut
  // coordinate move (`i9`) in an ICCS record stays a malformed text
  // (`A1e2` is SAN too: mixed case, see isMixedCaseSan)
  readsSan: (first) => looksLikeXiangqiSan(first) && ((coordinateMove(first, false) < 0 && coordinateMove(first, true) < 0) || isMixedCaseSan(first)),
  isMoveText: (text) => classifyXiangqiMove(text) !== null || looksLikeXiangqiSan(text),
  legalCoordinate(pos, text, uci, checked = -1) {
    // mixed case (`C9e8`) is SAN in a SAN record: `read` decides
    if (text.charCodeAt(0) < 0x60 && isMixedCaseSan(text)) return -1;
    const m = coordinateMove(text, uci);
    return m >= 0 && isLegalMove(pos, m, checked) ? m : -1;
  },
  read(pos, text, uci, san) {
    // in a SAN record, `C9e8` is the cannon on rank 9, never the coordinate move c9-e8
    if (san && isMixedCaseSan(text)) {
      const r = parseXiangqiSanReason(pos, text, uci ? 1 : 0);
      if (r.ok) return r;
    }
    const m = coordinateMove(text, uci);
    if (m >= 0) {
      if (isLegalMove(pos, m)) return ok(m);
      // `E6e8`, `C7g6`: SAN with an origin rank reads as a coordinate move too; take the legal reading
      if (text.charCodeAt(0) < 0x60 && looksLikeXiangqiSan(text)) {
        const r = parseXiangqiSanReason(pos, text, uci ? 1 : 0);
        if (r.ok) return r;
      }
      return err(explainXiangqi(pos, moveFrom(m), moveTo(m)) ?? { code: 'move.not-legal' });
    }
    if (san && looksLikeXiangqiSan(text)) return parseXiangqiSanReason(pos, text, uci ? 1 : 0);
    return parseXiangqiMoveReason(pos, text, uci ? 'uci' : 'iccs');
  },
  settle(pos, text, list, next, uci) {
    if (!looksLikeWxf(text)) return null;
    const candidates = wxfCandidates(pos, text);
    if (candidates.length < 2) return null;
    const end = Math.min(list.length, next + LOOKAHEAD);
    if (end === next) return null;
    const found: Array<{ move: Move; key: string }> = [];
    for (const c of candidates) {
      const p = pos.clone(64);
      p.play(c);
      const key = follow(p, list, next, end, uci);
      if (key !== null) found.push({ move: c, key });
    }
    const how =
      found.length === 1
        ? 'the only reading the moves after it allow'
        : found.length > 1 && found.every((f) => f.key === found[0]!.key)
          ? 'the readings the moves after it allow all lead to the same position'
          : null;
    if (how === null) return null;
    const move = found[0]!.move;
    return { move, note: `read as ${formatWxf(pos, move)}, ${how}` };
  },
};
