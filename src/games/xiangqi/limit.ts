/**
 * Xiangqi's 60-move rule, as counted here: 60 moves by each side (120 plies) since the last
 * capture (the FEN halfmove clock counts for plies before the history's start); a check beyond a
 * side's 10th in that span does not count as a move of that side, so the limit moves 2 plies
 * further for each such check of the side that gave more of them (counted = plies −
 * 2·max(0, max(checks) − 10), as Fairy-Stockfish counts it); the game is drawn at the first ply
 * where the counted plies reach 120 — unless that ply is checkmate or stalemate, which comes first
 * (GameHistory judges the board before the limit).
 */
import { moveTo } from '../../core/move.js';
import { FLAG_CHECK } from '../../core/end-rules.js';
import type { GameHistory } from '../../core/history.js';
import type { GameResult } from '../../core/game-result.js';
import { pieceKind, type Side } from '../../core/piece.js';
import { distinctMovers } from '../../core/repetition.js';
import { XIANGQI_PIECE_NAMES, XIANGQI_SIDE_NAMES } from './pieces.js';

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

/** Consecutive checks seed 003 allows per piece that gives them (6 with one, 12 with two, 18 with three or more). */
export const XIANGQI_CHECKS_PER_PIECE = 6;

/**
 * Seed 003's limit on consecutive checks, ruled: a side whose last moves were checks in a row —
 * 6 by one piece, 12 by two, 18 by three or more — loses ('perpetual check'), whether or not a
 * position repeated (as elephantchess.io rules it). Checks are counted back over captures too.
 */
export function xiangqiCheckRunResult(h: GameHistory): GameResult | null {
  const n = h.plies;
  if (n < XIANGQI_CHECKS_PER_PIECE * 2 - 1 || !(h.flagsAt(n) & FLAG_CHECK)) return null;
  let count = 0;
  for (let k = n; k >= 1 && h.flagsAt(k) & FLAG_CHECK; k -= 2) count++;
  return count < XIANGQI_CHECKS_PER_PIECE ? null : checkRunRuling(h, n, count);
}

/** The ruling on a run of `count` checks in a row ending at ply n (6 or more), if it passes the limit. */
function checkRunRuling(h: GameHistory, n: number, count: number): GameResult | null {
  const plies: number[] = [];
  for (let i = 0; i < count; i++) plies.push(n - 2 * i);
  const pieces = distinctMovers(h, plies);
  const limit = XIANGQI_CHECKS_PER_PIECE * Math.min(pieces, 3);
  if (count < limit) return null;
  const side = h.sideAt(n);
  const to = moveTo(h.moveAt(n));
  const by = pieces === 1 ? `${XIANGQI_SIDE_NAMES[side]} ${XIANGQI_PIECE_NAMES[pieceKind(h.position.board[to]!)]}` : `${XIANGQI_SIDE_NAMES[side]} (${pieces} pieces)`;
  return {
    winner: (side ^ 1) as Side,
    reason: 'perpetual check',
    detail: `${by} gave check ${count} times in a row at plies ${n - 2 * count + 2}–${n} (seed 003 allows 6 consecutive checks with one piece, 12 with two, 18 with three)`,
  };
}
