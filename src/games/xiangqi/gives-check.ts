/**
 * Does a move give check, asked before it is played? The same answer as `givesCheck` (index.ts)
 * right after the move, so the search need not play a pruned quiet move to learn that it gives
 * no check.
 */
import { moveFrom, moveTo } from '../../core/move.js';
import type { Position } from '../../core/position.js';
import { attackedAfterChange } from './change-check.js';
import { cannotGiveCheck, kingSquare } from './index.js';

/**
 * Before the pseudo-legal move m of the side to move (whose opponent is not in check now): is the
 * opponent's general attacked right after m? `cannotGiveCheck`'s square filter, then `givesCheck`'s
 * line and horse test on the board as m leaves it (from emptied, to taken), restored after.
 */
export function givesCheckBefore(pos: Position, m: number): boolean {
  if (cannotGiveCheck(pos, m)) return false;
  const them = pos.turn ^ 1;
  const ksq = kingSquare(pos, them);
  const from = moveFrom(m);
  const to = moveTo(m);
  const b = pos.board;
  const p = b[from]!;
  const cap = b[to]!;
  b[to] = p;
  b[from] = 0;
  const attacked = attackedAfterChange(b, ksq, them, from, to);
  b[from] = p;
  b[to] = cap;
  return attacked;
}
