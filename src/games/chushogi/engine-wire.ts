/**
 * Chu Shogi as the engine client writes it to other engines: USI as lishogi writes it (SFEN,
 * `7g7f`, lion double moves `7j7i6h`, passes `8g7g8g`); XBoard (files a–l, ranks 1–12, legs
 * `f5e6,e6e7`, pass `@@@@`, `variant chu`).
 */
import type { EngineWire } from '../game.js';
import { formatChuSfen } from './notation/sfen.js';
import { formatUsi, parseUsi } from './notation/usi.js';
import { CHU_XBOARD } from './xboard.js';

export const CHU_ENGINE_WIRE: EngineWire = {
  usi: { fen: formatChuSfen, formatMove: (m) => formatUsi(m), parseMove: parseUsi },
  xboard: {
    fen: (p) => CHU_XBOARD.formatFen(p),
    formatMove: (m, p) => CHU_XBOARD.formatMove(m, p),
    parseMove: (p, t) => CHU_XBOARD.parseMove(p, t),
    problemContext: CHU_XBOARD.problemContext,
  },
  xboardVariant: CHU_XBOARD.xboardName,
  uciVariants: ['chushogi', 'chu'],
  start: () => CHU_XBOARD.start(),
};
