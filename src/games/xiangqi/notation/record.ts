/**
 * Reading xiangqi game records fast: coordinate moves (ICCS/UCI, the bulk of real data) are decoded
 * directly and tested with `isLegalMove` (the moving piece's moves plus a general check) instead of
 * generating every legal move each ply; other notations go through the any-notation reader.
 */
import { err, ok } from '../../../core/result.js';
import type { RecordReader } from '../../game.js';
import { coordinateMove, parseXiangqiMoveReason } from './detect.js';
import { isLegalMove } from './legal-check.js';
import { explainXiangqi } from './why.js';

/** A coordinate move with ranks 0-9 (cheap test for the common case of ICCS records). */
const isIccsShaped = (t: string): boolean => t.length === 4 && coordinateMove(t, false) >= 0;

export const XIANGQI_RECORDS: RecordReader = {
  // the Format tag, else ICCS as soon as a move has a rank 0, UCI if one has a rank 10, else ICCS (a guess)
  numbering(tagged, moves) {
    if (tagged === 'uci') return { uci: true, sure: true };
    if (tagged === 'iccs') return { uci: false, sure: true };
    for (const mv of moves) {
      const t = mv.text;
      if (t.length === 4) {
        if (t.charCodeAt(1) === 48 || t.charCodeAt(3) === 48) return { uci: false, sure: true };
      } else if ((t.length === 5 || t.length === 6) && t.includes('10') && coordinateMove(t, true) >= 0) return { uci: true, sure: true };
    }
    return { uci: false, sure: false };
  },
  claims: (first, second) => isIccsShaped(first) && isIccsShaped(second),
  isCoordinate: (text, uci) => coordinateMove(text, uci) >= 0,
  read(pos, text, uci) {
    const m = coordinateMove(text, uci);
    if (m < 0) return parseXiangqiMoveReason(pos, text, uci ? 'uci' : 'iccs');
    return isLegalMove(pos, m) ? ok(m) : err(explainXiangqi(pos, m & 0xff, m >>> 8) ?? { code: 'move.not-legal' });
  },
};
