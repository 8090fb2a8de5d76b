/**
 * Does a move give check, asked before it is played? The same answer as `givesCheck` (index.ts)
 * right after the move, so the search need not play a pruned quiet move to learn that it gives
 * no check, nor ask after the moves it does play.
 */
import { moveFrom, moveTo } from '../../core/move.js';
import type { Position } from '../../core/position.js';
import { attackedAfterChange } from './change-check.js';
import { EXPOSES, HORSE_POINTS } from './check.js';
import { kingSquare } from './index.js';
import { HORSE } from './pieces.js';

/**
 * Before the pseudo-legal move m of the side to move (whose opponent is not in check now): is the
 * opponent's general attacked right after m? `givesCheck`'s square filter (the piece on from lands
 * on to), then its line and horse test on the board as m leaves it (from emptied, to taken),
 * restored after.
 */
export function givesCheckBefore(pos: Position, m: number): boolean {
  const them = pos.turn ^ 1;
  const ksq = kingSquare(pos, them);
  if (ksq < 0) return false;
  const from = moveFrom(m);
  const to = moveTo(m);
  const k = ksq * 90;
  const b = pos.board;
  const p = b[from]!;
  if (EXPOSES[k + from] === 0 && EXPOSES[k + to] === 0 && (HORSE_POINTS[k + to] === 0 || p >> 1 !== HORSE)) return false;
  const cap = b[to]!;
  b[to] = p;
  b[from] = 0;
  const attacked = attackedAfterChange(b, ksq, them, from, to);
  b[from] = p;
  b[to] = cap;
  return attacked;
}
