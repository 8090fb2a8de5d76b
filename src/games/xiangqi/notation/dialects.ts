/**
 * Xiangqi records as other programs write them (convert/save `--dialect`):
 *
 * - **pychess / Fairy-Stockfish**: SAN with the letters K A E H R C P (every piece has a letter,
 *   the soldier too), files a–i, ranks 1–10 from Red's side, `x`, `+`/`#`: `Che3 Hg8 Pc5 Rb10`;
 *   `[Variant "xiangqi"]`, White/Black, standard FEN. Checked against ffish's `sanMove` and
 *   `readGamePGN` (scripts/oracle/convert-ffish.ts).
 * - **XBoard 4.9**: SAN with ranks 0–9, soldiers written like chess pawns (`c4`, `cxc4`, sideways
 *   `ed5`), the other letters as above, `+`/`#`; FEN with H/E (XIANGQI_XBOARD.formatFen), as in
 *   docs/xboard-xiangqi-game.pgn which XBoard saved.
 * - **xqbase**: `[Game "Chinese Chess"]` first, Red/Black, `[Format "ICCS"|"WXF"|"Chinese"]` by
 *   the notation the moves are written in.
 */
import { pieceKind } from '../../../core/piece.js';
import type { PgnDialect } from '../../game.js';
import { formatSan, type SanStyle } from '../../../core/san.js';
import { SOLDIER } from '../pieces.js';
import { xboardTooLong } from '../../xboard-length.js';
import { XIANGQI_XBOARD } from '../xboard.js';
import { formatXiangqiFen } from './fen.js';
import { formatIccs } from './iccs.js';
import { XIANGQI_RECORDS } from './record.js';

/**
 * SAN whose moves do not show the rank numbering (no rank 0 or 10, no soldier move: `Ch4 Hc8`)
 * reads alike in pychess's ranks 1–10 and XBoard's 0–9: such a record is written with its start
 * position, whose FEN's form (XBoard's H/E letters or the standard N/B) tells the numbering.
 */
const needsFen = (moves: readonly string[]): boolean => moves.length > 0 && !XIANGQI_RECORDS.numbering(null, moves.map((text) => ({ text }))).sure;

/** SAN letters by piece kind (0 unused; king, advisor, elephant, horse, chariot, cannon, soldier). */
const LETTERS = ['', 'K', 'A', 'E', 'H', 'R', 'C', 'P'];
const file = (x: number): string => String.fromCharCode(97 + x);

export const PYCHESS_SAN: SanStyle = {
  letter: (p) => LETTERS[pieceKind(p)]!,
  file,
  rank: (y) => String(y + 1),
  checks: true,
};

export const XBOARD_SAN: SanStyle = {
  letter: (p) => (pieceKind(p) === SOLDIER ? '' : LETTERS[pieceKind(p)]!),
  file,
  rank: (y) => String(y),
  checks: true,
};

export const XIANGQI_DIALECTS: Record<'pychess' | 'xboard' | 'xqbase', PgnDialect> = {
  pychess: {
    variantTag: 'xiangqi',
    playerTags: ['White', 'Black'],
    formatFen: formatXiangqiFen,
    formatMove: (pos, m) => formatSan(pos, m, PYCHESS_SAN),
    needsFen,
  },
  xboard: {
    variantTag: 'xiangqi',
    playerTags: ['White', 'Black'],
    formatFen: (pos) => XIANGQI_XBOARD.formatFen(pos),
    formatMove: (pos, m) => formatSan(pos, m, XBOARD_SAN),
    needsFen,
    unloadable: (_start, moves) => xboardTooLong(moves.length),
  },
  xqbase: {
    leadTags: [['Game', 'Chinese Chess']],
    variantTag: null,
    playerTags: ['Red', 'Black'],
    formatFen: formatXiangqiFen,
    formatMove: (_pos, m) => formatIccs(m),
    notationFormats: new Map([
      ['iccs', 'ICCS'],
      ['wxf', 'WXF'],
      ['chinese', 'Chinese'],
    ]),
  },
};
