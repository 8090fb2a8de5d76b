/**
 * Chu Shogi XBoard/HaChu coordinates: files a–l from Sente's left, ranks 1–12 from Sente's side;
 * a lion double move is written as its two legs, `f5e6,e6e7` (igui and passes come back to the
 * start: `f5e6,e6f5`); a trailing `+` promotes. Reading is done by usi.ts (`parseUsi` accepts
 * legs); this is the writer, for engines and tools that speak XBoard.
 */
import { isPromotion, moveFrom, moveMid, moveTo, type Move } from '../../../core/move.js';

import { xboardSquare } from '../squares.js';

export { xboardSquare };

/** XBoard text of a chu move (no position needed: moves carry their middle square). */
export function formatXboard(m: Move): string {
  const from = moveFrom(m);
  const to = moveTo(m);
  const mid = moveMid(m);
  const promo = isPromotion(m) ? '+' : '';
  if (mid < 0) return xboardSquare(from) + xboardSquare(to) + promo;
  return `${xboardSquare(from)}${xboardSquare(mid)},${xboardSquare(mid)}${xboardSquare(to)}${promo}`;
}
