/**
 * Xiangqi's 60-move rule, as counted here: 60 moves by each side (120 plies) since the last
 * capture (the FEN halfmove clock counts for plies before the history's start); a check beyond a
 * side's 10th in that span does not count as a move of that side, so the limit moves 2 plies
 * further for each such check of the side that gave more of them (counted = plies −
 * 2·max(0, max(checks) − 10), as Fairy-Stockfish counts it); the game is drawn at the first ply
 * where the counted plies reach 120 — unless that ply is checkmate or stalemate, which comes first
 * (GameHistory judges the board before the limit).
 */
import { FLAG_CHECK } from '../../core/end-rules.js';
import type { GameHistory } from '../../core/history.js';
import type { GameResult } from '../../core/game-result.js';

/** Plies without a capture that end the game (60 moves by each side). */
export const XIANGQI_MOVE_LIMIT = 120;
/** Checks by one side within that span that still count as plies (AXF 2017). */
export const XIANGQI_COUNTED_CHECKS = 10;

export function xiangqiLimitResult(h: GameHistory): GameResult | null {
  const n = h.plies;
  const since = h.sinceAt(n);
  const plies = n - since + (since === 0 ? h.start.halfmove : 0);
  if (plies < XIANGQI_MOVE_LIMIT) return null;
  const checks = [0, 0];
  for (let k = since + 1; k <= n; k++) if (h.flagsAt(k) & FLAG_CHECK) checks[h.sideAt(k)]!++;
  // each check beyond a side's 10th leaves that side's move uncounted: the limit moves one full
  // move (2 plies) further for each such check of the side that gave more of them
  const extra = Math.max(0, Math.max(checks[0]!, checks[1]!) - XIANGQI_COUNTED_CHECKS);
  if (plies - 2 * extra < XIANGQI_MOVE_LIMIT) return null;
  return {
    winner: null,
    reason: 'move limit',
    detail:
      `60-move rule: ${plies} plies without a capture` +
      (extra > 0 ? `; ${extra} check${extra === 1 ? '' : 's'} beyond the 10th did not count (${extra} more move${extra === 1 ? '' : 's'})` : ''),
  };
}
