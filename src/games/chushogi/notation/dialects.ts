/**
 * Chu Shogi records as XBoard 4.9 writes them (convert/save `--dialect xboard`), as in
 * docs/xboard-chu-game.pgn which XBoard saved: SAN with lishogi's letters (`+` before a promoted
 * piece's letter: `+Dc8`), pawns written like chess pawns (`e5`, `exe8`), files a–l and ranks 1–12
 * from Sente's side, `+` after a promoting move (`e9+`, no mark for a non-promotion), no check
 * marks; a lion double move as its capture on the way and the end square (`Nxh10-h9`,
 * `Nxl12xl11`, igui `Nxg6-g5` back on the start square), a lion's pass as `--`; `[Variant "chu"]`,
 * White (Sente) / Black (Gote), and XBoard's chu FEN (`… w - 0 1`, w = Sente).
 */
import { pieceKind } from '../../../core/piece.js';
import { formatSan, type SanStyle } from '../../../core/san.js';
import type { PgnDialect } from '../../game.js';
import { CHU_PIECES, PAWN } from '../pieces.js';
import { CHU_XBOARD } from '../xboard.js';

export const XBOARD_CHU_SAN: SanStyle = {
  letter: (p) => (pieceKind(p) === PAWN ? '' : CHU_PIECES[pieceKind(p) - 1]!.letter),
  file: (x) => String.fromCharCode(97 + x),
  rank: (y) => String(y + 1),
  checks: false,
  promotion: '+',
  pass: '--',
};

export const CHU_DIALECTS: Partial<Record<'pychess' | 'xboard' | 'xqbase', PgnDialect>> = {
  xboard: {
    variantTag: 'chu',
    playerTags: ['White', 'Black'],
    formatFen: (pos) => CHU_XBOARD.formatFen(pos),
    formatMove: (pos, m) => formatSan(pos, m, XBOARD_CHU_SAN),
  },
};
