/**
 * Chu Shogi SFEN as lishogi writes it: `<board> <b|w> <counter-strike square|-> <move number>`.
 * The board lists ranks a…l from the top, files 12…1 left to right; upper case is Sente (b, moves
 * first), `+` marks a promoted piece. The third field is the square of a lion just captured by a
 * non-lion (the counter-strike rule), `-` for none; the move number counts plies from 1.
 * Fields after the board may be left out (defaults `b - 1`). The JCSA rules read the third field
 * the same way (as the JCSA case file of jh85/chushogi writes it); chuhan's older JCSA reading,
 * the square of the capturing side's protected lion, is accepted too (docs/rules.md).
 */
import { pieceKind, pieceSide } from '../../../core/piece.js';
import { Position } from '../../../core/position.js';
import { err, ok, type Result } from '../../../core/result.js';
import { ProblemError, type FenProblem, type PlacementProblem } from '../../../core/problem.js';
import { CHU_PIECES, CHU_START_SFEN, KING, LION_CODE, PROMOTED_KIRIN, chushogi, chushogiJcsa, chushogiJcsaProblem, chushogiProblem } from '../index.js';
import { fenControlProblem, formatBoardField, parseBoardField, parseCounter } from '../../../core/board-text.js';
import { parseUsiSquare, usiSquare } from './usi.js';
import type { FenReading } from '../../game.js';

const SIZE = 144;
/** At most this many pieces a side: there are no drops, so nothing is ever added. */
const MAX_PIECES = 46;
const PROMOTABLE = new Set(CHU_PIECES.filter((p) => p.letter.startsWith('+')).map((p) => p.letter.slice(1)));

/**
 * Reads a SFEN under the lishogi rules, or with `jcsa` under the JCSA rules. `as` says what the
 * position is (game.ts `FenReading`): a game's or record's start (a side to move with pieces but no
 * royal against a royal is then a mate problem), a position alone (that side has lost), or a problem.
 */
export function parseChuSfen(text: string, jcsa = false, as: FenReading = 'start'): Result<Position, FenProblem> {
  const format = 'SFEN';
  const control = fenControlProblem(text, format);
  if (control) return err(control);
  const fields = text.trim().split(/\s+/);
  if (fields.length === 0 || fields[0] === '') return err({ code: 'fen.empty', format });
  if (fields.length > 4) return err({ code: 'fen.field-count', format, found: fields.length, max: 4, fields: 'board, side, counter-strike square, move number' });
  const boardText = fields[0]!;
  const bad = /\+([^A-Za-z]|$)|\+([kKnNqQ])/.exec(boardText);
  if (bad) {
    return bad[2]
      ? err({ code: 'fen.not-promoting', format, letter: bad[2], piece: bad[2].toLowerCase() === 'k' ? 'King' : bad[2].toLowerCase() === 'n' ? 'Lion' : 'Free King' })
      : err({ code: 'fen.lone-plus', format });
  }
  for (const m of boardText.matchAll(/\+([A-Za-z])/g))
    if (!PROMOTABLE.has(m[1]!.toUpperCase())) return err({ code: 'fen.unknown-promoted', format, letter: m[1]! });
  const board = parseBoardField(chushogi, boardText, {}, format);
  if (!board.ok) return board;
  // at a start, the side to move has pieces but no royal while the other side has one: a mate
  // problem (tsume, the attacker has no king by convention), played with chushogiProblem; a
  // position alone is a finished game there (its royals were captured), unless said to be a problem
  const turnField = fields[1] === 'w' ? 1 : 0;
  let royalSides = 0;
  let mine = 0;
  board.value.forEach((p) => {
    if (!p) return;
    if (chushogi.royal[p]) royalSides |= 1 << pieceSide(p);
    if (pieceSide(p) === turnField) mine++;
  });
  const tsume = as === 'problem' || (as === 'start' && mine > 0 && royalSides === 1 << (turnField ^ 1));
  const pos = new Position(jcsa ? (tsume ? chushogiJcsaProblem : chushogiJcsa) : tsume ? chushogiProblem : chushogi);
  board.value.forEach((p, sq) => {
    p && pos.put(sq, p);
  });

  const sideText = fields[1] ?? 'b';
  if (sideText !== 'b' && sideText !== 'w')
    return err({ code: 'fen.side', format, allowed: 'b (sente) or w (gote)', found: sideText });
  const turn = sideText === 'w' ? 1 : 0;
  pos.setTurn(turn);

  const csText = fields[2] ?? '-';
  if (csText !== '-') {
    const sq = parseUsiSquare(csText);
    if (sq < 0) return err({ code: 'fen.counter-strike-square', format, text: csText });
    const p = pos.board[sq]!;
    // a non-lion of the side that just moved captured a lion there: the square is empty (igui or
    // double move of a falcon/eagle) or holds that side's capturing piece
    if (p !== 0 && pieceSide(p) === turn)
      return err({ code: 'fen.counter-strike-own', format, text: csText });
    // JCSA: also chuhan's older reading, the lion of the side that just moved (the ban is found
    // from the board either way: index.ts jcsaFiltered)
    if (p !== 0 && LION_CODE[p] && pieceKind(p) !== PROMOTED_KIRIN && !jcsa)
      return err({ code: 'fen.counter-strike-lion', format, text: csText });
    pos.setAux(sq + 1);
  }

  const numText = fields[3] ?? '1';
  const num = parseCounter(numText, 1, { format, field: 4, what: 'move number' });
  if (!num.ok) return num;
  const n = num.value;
  if ((n % 2 === 1) === (turn === 0)) {
    pos.plyParity = 0;
    pos.fullmove = (n + 1 - turn) / 2;
  } else {
    pos.plyParity = 1;
    pos.fullmove = (n + 2 - turn) / 2;
  }

  const problem = placementError(pos);
  if (problem) return err({ code: 'fen.placement', format, reason: problem });
  return ok(pos);
}

/** Boards no game can reach (Chu Shogi has no drops, and nothing promotes to a King). */
function placementError(pos: Position): PlacementProblem | null {
  const kings = [0, 0];
  const count = [0, 0];
  for (let sq = 0; sq < SIZE; sq++) {
    const p = pos.board[sq]!;
    if (!p) continue;
    count[pieceSide(p)]!++;
    if (pieceKind(p) === KING) kings[pieceSide(p)]!++;
  }
  for (const side of [0, 1]) {
    const who = side === 0 ? 'sente (upper case)' : 'gote (lower case)';
    if (kings[side]! > 1) return { code: 'placement.too-many', side: who, count: kings[side]!, pieces: 'kings', max: 1 };
    if (count[side]! > MAX_PIECES) return { code: 'placement.too-many', side: who, count: count[side]!, pieces: 'pieces', max: MAX_PIECES };
  }
  if (count[0] === 0 && count[1] === 0) return { code: 'placement.empty' };
  return null;
}

/** The SFEN move number (plies from 1) of a position. */
export const sfenMoveNumber = (pos: Position): number => 2 * pos.fullmove - 1 + pos.turn - pos.plyParity;

export function formatChuSfen(pos: Position): string {
  const cs = pos.aux > 0 && pos.aux <= SIZE ? usiSquare(pos.aux - 1) : '-';
  return `${formatBoardField(pos)} ${pos.turn === 0 ? 'b' : 'w'} ${cs} ${Math.max(1, sfenMoveNumber(pos))}`;
}

export const chuStartPosition = (): Position => {
  const r = parseChuSfen(CHU_START_SFEN);
  if (!r.ok) throw new ProblemError(r.error);
  return r.value;
};
