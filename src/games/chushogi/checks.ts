/**
 * Chu check tests before a move is played: the search asks whether each move gives check (for the
 * check extension, reductions and futility pruning, where a pruned quiet move is still searched
 * when it attacks an enemy royal), and these tests tell it from the board before the move (no
 * `inCheck` at every node, no pruned move played and taken back only to ask it).
 *
 * `royalsAttacked(pos)`: does the side to move attack an enemy royal now? When it does not,
 * `checksAfter(pos, m)` answers exactly whether the opponent is in check after m, as `inCheck`
 * would right after it: a new attack can only come from the moved piece on its new square (a
 * step, or a ray whose squares between are empty) or from a ray of ours that the move uncovers by
 * emptying a square (its start, or a double move's captured first square). Chu's tables have no
 * legs and no hops (index.ts `attacked` relies on the same), so nothing else changes.
 */
import { isPromotion, moveFrom, moveMid, moveTo } from '../../core/move.js';
import type { Position } from '../../core/position.js';
import { attacked } from './index.js';

/**
 * Per (attacking side, target r, square s): the index d (0..7, the reverse ray tables' order) of
 * the ray from r through s, or -1 when s is on none of r's rays.
 */
let DIR_OF = new Int8Array(0);
let dirTables: object | null = null;

function dirOf(pos: Position): Int8Array {
  const t = pos.variant.tables;
  if (dirTables === t) return DIR_OF;
  const size = pos.variant.geometry.size;
  const dir = new Int8Array(2 * size * size).fill(-1);
  for (let key = 0; key < 2 * size; key++)
    for (let d = 0; d < 8; d++)
      for (let i = t.attRayStart[key * 8 + d]!, e = t.attRayStart[key * 8 + d + 1]!; i < e; i++) dir[key * size + t.attRaySq[i]!] = d;
  DIR_OF = dir;
  dirTables = t;
  return dir;
}

/** Does the side to move attack one of the opponent's royals? */
export function royalsAttacked(pos: Position): boolean {
  const us = pos.turn;
  const roy = pos.roy;
  const ow = pos.occWords;
  const o = (us ^ 1) * ow;
  for (let w = 0; w < ow; w++)
    for (let x = roy[o + w]!; x !== 0; x &= x - 1) if (attacked(pos, (w << 5) + 31 - Math.clz32(x & -x), us)) return true;
  return false;
}

/**
 * For a pseudo-legal move m of the side to move, in a position where `royalsAttacked` is false: is
 * the opponent in check after m (`inCheck` right after it)? The move changes three squares: `from`
 * empties (unless the piece stays: igui or a pass), `to` holds the moved (maybe promoted) piece,
 * and a captured `mid` empties; a royal captured on `to` or `mid` is no longer asked about.
 */
export function checksAfter(pos: Position, m: number): boolean {
  const from = moveFrom(m);
  const to = moveTo(m);
  const b = pos.board;
  let mid = moveMid(m);
  if (mid >= 0 && b[mid] === 0) mid = -1;
  // a lion's pass changes nothing
  if (to === from && mid < 0 && !isPromotion(m)) return false;
  const t = pos.variant.tables;
  const size = pos.variant.geometry.size;
  const dir = dirOf(pos);
  const us = pos.turn;
  const p = b[from]!;
  const np = isPromotion(m) ? pos.variant.promoted[p]! : p;
  const ow = pos.occWords;
  const reach = (t.classOf[np]! * size + to) * 2 * ow;
  const roy = pos.roy;
  const o = (us ^ 1) * ow;
  for (let w = 0; w < ow; w++)
    for (let x = roy[o + w]!; x !== 0; x &= x - 1) {
      const r = (w << 5) + 31 - Math.clz32(x & -x);
      if (r === to || r === mid) continue; // captured
      // a step of the moved piece from its new square
      if (t.captureReach[reach + (r >> 5)]! & (1 << (r & 31))) return true;
      const key = us * size + r;
      const dt = dir[key * size + to]!;
      if (dt >= 0 && rayAttacks(pos, key, dt, from, to, mid, np)) return true;
      const df = dir[key * size + from]!;
      if (df >= 0 && df !== dt && rayAttacks(pos, key, df, from, to, mid, np)) return true;
      if (mid >= 0) {
        const dm = dir[key * size + mid]!;
        if (dm >= 0 && dm !== dt && dm !== df && rayAttacks(pos, key, dm, from, to, mid, np)) return true;
      }
    }
  return false;
}

/**
 * Along ray d outward from the target (key = side * size + target), on the board after the move
 * (np on `to`, `from` and a captured `mid` empty): is the first piece one of ours that slides back
 * along it?
 */
function rayAttacks(pos: Position, key: number, d: number, from: number, to: number, mid: number, np: number): boolean {
  const t = pos.variant.tables;
  const slide = t.attRaySlide[key * 8 + d]!;
  if (slide === 0) return false;
  const b = pos.board;
  for (let i = t.attRayStart[key * 8 + d]!, e = t.attRayStart[key * 8 + d + 1]!; i < e; i++) {
    const s = t.attRaySq[i]!;
    const q = s === to ? np : s === from || s === mid ? 0 : b[s]!;
    if (q === 0) continue;
    return (q & 1) === pos.turn && ((slide >>> t.classBit[q]!) & 1) === 1;
  }
  return false;
}
