/**
 * Xiangqi as the engine client writes it to other engines: UCI as Fairy-Stockfish
 * (`UCI_Variant xiangqi`, ranks 1–10: `h3e3`, `b3b10`, standard FEN); UCI as Pikafish (no
 * `UCI_Variant`; ICCS squares, ranks 0–9: `h2e2`, standard FEN); UCCI (ICCS ranks 0–9,
 * standard FEN); XBoard (ICCS, XBoard's FEN with H/E, `variant xiangqi`).
 */
import type { EngineWire } from '../game.js';
import { formatXiangqiFen } from './notation/fen.js';
import { formatIccs, formatUci, parseCoordinate } from './notation/iccs.js';
import { XIANGQI_XBOARD } from './xboard.js';

export const XIANGQI_ENGINE_WIRE: EngineWire = {
  uci: { fen: formatXiangqiFen, formatMove: (m) => formatUci(m), parseMove: (p, t) => parseCoordinate(p, t, 'uci') },
  uciNative: { fen: formatXiangqiFen, formatMove: (m) => formatIccs(m), parseMove: (p, t) => parseCoordinate(p, t, 'iccs') },
  ucci: { fen: formatXiangqiFen, formatMove: (m) => formatIccs(m), parseMove: (p, t) => parseCoordinate(p, t, 'iccs') },
  xboard: {
    fen: (p) => XIANGQI_XBOARD.formatFen(p),
    formatMove: (m) => XIANGQI_XBOARD.formatMove(m),
    parseMove: (p, t) => XIANGQI_XBOARD.parseMove(p, t),
    problemContext: XIANGQI_XBOARD.problemContext,
  },
  xboardVariant: XIANGQI_XBOARD.xboardName,
  uciVariants: ['xiangqi'],
  start: () => XIANGQI_XBOARD.start(),
};
