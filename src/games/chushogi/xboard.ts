/**
 * Chu Shogi in XBoard's dialect (CECP; checked against XBoard 4.9.1 and HaChu 0.21, see
 * docs/xboard.md): files a–l from Sente's left, ranks 1–12 from Sente's side (ranks 10–12 in two
 * digits): `h4h5`, promotion `+` (`=` or nothing: no promotion), lion double moves as legs
 * `f5e6,e6e7` (igui `f5e6,e6f5`, pass through an empty neighbour `f5e6,e6f5`). XBoard's FEN uses
 * the same piece letters as lishogi's SFEN (upper case = Sente, `+` = promoted) but XBoard's
 * fields: side `w` = Sente (the first player, "White" to XBoard), `b` = Gote, then `-`, the
 * half-move clock and the move number: `lfcsgekgscfl/… w - 0 1`.
 */
import { formatBoardField, readXboardFields } from '../../core/board-text.js';
import { isPass, isPromotion, moveFrom, moveMid, moveTo } from '../../core/move.js';
import { legalMoves } from '../../core/perft.js';
import { ProblemError, quoted, type FenProblem } from '../../core/problem.js';
import { err, ok, type Result } from '../../core/result.js';
import type { Position } from '../../core/position.js';
import type { FenReading, ProtocolGame } from '../game.js';
import { chushogiJcsaEndRules } from './end.js';
import { CHU_START_SFEN } from './index.js';
import { parseChuSfen } from './notation/sfen.js';
import { parseUsi } from './notation/usi.js';
import { xboardSquare as chuSquare } from './squares.js';



/** Is this text a lishogi SFEN rather than XBoard's chu FEN? (`b - 1`, `w 8j 23`: no half-move clock) */
const looksLikeSfen = (fields: readonly string[]): boolean =>
  fields.length <= 4 && fields.length >= 3 && (fields[2] === '-' || /^(1[0-2]|[1-9])[a-l]$/.test(fields[2]!));

/**
 * A chu position in either dialect: lishogi's SFEN (`… b - 1`, `b` = Sente) or XBoard's FEN
 * (`… w - 0 1`, `w` = Sente, as XBoard, HaChu and ChuShogiLite write it).
 */
export function parseChuFen(text: string, xboardFirst = false, jcsa = false, as: FenReading = 'start'): Result<Position, FenProblem> {
  const fields = text.trim().split(/\s+/);
  // `… w` alone: lishogi's SFEN without counters (w = Gote) to a reader of any FEN, XBoard's (w = Sente) in CECP
  if (looksLikeSfen(fields) || (fields.length < 3 && !xboardFirst)) return parseChuSfen(text, jcsa, as);
  // the board field is the same in both dialects: let the SFEN reader check it (with the side
  // to move in SFEN's letters, so that it sees a mate problem's attacker)
  const side = fields[1] === 'b' ? 'w' : 'b';
  const board = parseChuSfen(`${fields[0] ?? ''} ${side} - 1`, jcsa, as);
  if (!board.ok) return err({ ...board.error, format: 'FEN' });
  const pos = board.value;
  pos.plyParity = 0;
  return readXboardFields(pos, fields, { w: 0, b: 1 });
}

/** The CECP dialect of chu under a rule set (`jcsa`: positions read with the JCSA rules). */
export function chuXboard(jcsa: boolean): ProtocolGame {
  if (!jcsa) return CHU_XBOARD;
  return {
    ...CHU_XBOARD,
    endRules: chushogiJcsaEndRules,
    start() {
      const r = parseChuSfen(CHU_START_SFEN, true);
      if (!r.ok) throw new ProblemError(r.error);
      return r.value;
    },
    parseFen: (text) => parseChuFen(text, true, true),
  };
}

export const CHU_XBOARD: ProtocolGame = {
  id: 'chushogi',
  xboardName: 'chu',
  xboardAliases: ['12x12+0_chu', 'chushogi'],
  start() {
    const r = parseChuSfen(CHU_START_SFEN);
    if (!r.ok) throw new ProblemError(r.error);
    return r.value;
  },
  parseFen: (text) => parseChuFen(text, true),
  // the reasons of parseUsi name squares: say them the XBoard way (f6, not 7g)
  problemContext: { square: chuSquare },
  formatFen: (pos) => `${formatBoardField(pos)} ${pos.turn === 0 ? 'w' : 'b'} - ${pos.halfmove} ${pos.fullmove}`,
  formatMove(m, pos) {
    const from = moveFrom(m);
    const to = moveTo(m);
    const mid = moveMid(m);
    const promo = isPromotion(m) ? '+' : '';
    if (mid < 0) return chuSquare(from) + chuSquare(to) + promo;
    if (pos && to === from && pos.board[mid] === 0 && !promo) return '@@@@';
    return `${chuSquare(from)}${chuSquare(mid)},${chuSquare(mid)}${chuSquare(to)}${promo}`;
  },
  parseMove(pos, text) {
    let t = text.trim();
    if (t === '@@@@') {
      // CECP's null move: a lion's pass (HaChu writes passes so)
      const pass = legalMoves(pos).find((m) => isPass(pos.board, m));
      return pass !== undefined ? ok(pass) : err({ code: 'move.no-pass' });
    }
    // XBoard may mark a declined promotion with `=`
    if (t.endsWith('=')) t = t.slice(0, -1);
    if (!/^[a-l]/i.test(t)) return err(quoted(text, { code: 'move.not-notation', notation: 'xboard-chu' }, 'is'));
    return parseUsi(pos, t);
  },
};
