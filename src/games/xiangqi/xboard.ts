/**
 * Xiangqi in XBoard's dialect (CECP; checked against XBoard 4.9.1 and MaxQi 4.8, see docs/xboard.md):
 * files a–i, ranks 0–9 from Red's side ("on boards with exactly 10 ranks, counting of the ranks
 * starts at 0", CECP), so moves are ICCS: `h2e2`. XBoard's FEN writes the horse as H and the
 * elephant as E and has no castling/en-passant fields:
 * `rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w 0 1`.
 */
import { formatBoardField, parseBoardField, readXboardFields } from '../../core/board-text.js';
import { Position } from '../../core/position.js';
import { ProblemError } from '../../core/problem.js';
import { err, ok } from '../../core/result.js';
import type { ProtocolGame } from '../game.js';
import { xiangqi, XIANGQI_START_FEN } from './index.js';
import { parseXiangqiFen } from './notation/fen.js';
import { formatIccs, parseCoordinate } from './notation/iccs.js';
import { xiangqiPlacementError } from './validate.js';

export const XIANGQI_XBOARD: ProtocolGame = {
  id: 'xiangqi',
  xboardName: 'xiangqi',
  xboardAliases: ['9x10+0_xiangqi'],
  start() {
    const r = parseXiangqiFen(XIANGQI_START_FEN);
    if (!r.ok) throw new ProblemError(r.error);
    return r.value;
  },
  parseFen(text) {
    const fields = text.trim().split(/\s+/);
    // a standard xiangqi FEN (six fields, or fewer with `-` castling/en-passant fields)
    if (fields.length === 6 || (fields.length >= 3 && fields[2] === '-')) return parseXiangqiFen(text);
    const board = parseBoardField(xiangqi, fields[0] ?? '', { H: 'N', E: 'B' });
    if (!board.ok) return board;
    const pos = new Position(xiangqi);
    board.value.forEach((p, sq) => {
      p && pos.put(sq, p);
    });
    const r = readXboardFields(pos, fields, { w: 0, r: 0, b: 1 });
    if (!r.ok) return r;
    const problem = xiangqiPlacementError(pos);
    return problem ? err({ code: 'fen.placement', format: 'FEN', reason: problem }) : ok(pos);
  },
  formatFen(pos) {
    const board = formatBoardField(pos).replace(/[nNbB]/g, (c) => ({ n: 'h', N: 'H', b: 'e', B: 'E' })[c]!);
    return `${board} ${pos.turn === 0 ? 'w' : 'b'} ${pos.halfmove} ${pos.fullmove}`;
  },
  // moves are ICCS, as the reasons name squares
  problemContext: {},
  formatMove: (m) => formatIccs(m),
  parseMove: (pos, text) => parseCoordinate(pos, text, 'iccs'),
};
