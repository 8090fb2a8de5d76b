/**
 * Xiangqi's fast replay of packed coordinate records (games/game.ts `PackedReplay`): the key of
 * each move decoded directly, its legality tested without generating moves (legal-check.ts), and
 * the lean replayer (lean-replay.ts) for a whole record by xiangqi's own rules.
 */
import type { PackedReplay } from '../game.js';
import { xiangqiEndRules } from './end.js';
import { xiangqi } from './index.js';
import { leanReplay } from './lean-replay.js';
import { isLegalMove } from './notation/legal-check.js';
import { packedCoordinateMove, packedNumbering } from './notation/record.js';

export const XIANGQI_PACKED: PackedReplay = {
  numbering: packedNumbering,
  move: packedCoordinateMove,
  isLegal: isLegalMove,
  lean: leanReplay,
  leansOn: (endRules, start) => endRules === xiangqiEndRules && start.variant === xiangqi,
};
