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
import { pieceSide } from '../../core/piece.js';
import type { Position } from '../../core/position.js';
import { attacked } from './index.js';

/**
 * Per (attacking side, target r, square s): the index d (0..7, the reverse ray tables' order) of
 * the ray from r through s, or -1 when s is on none of r's rays.
 */
let DIR_OF = new Int8Array(0);
/**
 * Per (attacking side, dy + 2, dx + 2): the classBit mask of that side's classes that step onto a
 * square dx files and dy ranks away (chu steps reach two squares at most and no board edge cuts
 * them short: checked against the tables when built, else STEP_OK is false).
 */
let STEP_AT = new Int32Array(0);
let STEP_OK = false;
let FILE = new Int8Array(0);
let RANK = new Int8Array(0);
let dirTables: object | null = null;

function dirOf(pos: Position): Int8Array {
  const t = pos.variant.tables;
  if (dirTables === t) return DIR_OF;
  const { width: w, size } = pos.variant.geometry;
  const dir = new Int8Array(2 * size * size).fill(-1);
  for (let key = 0; key < 2 * size; key++)
    for (let d = 0; d < 8; d++)
      for (let i = t.attRayStart[key * 8 + d]!, e = t.attRayStart[key * 8 + d + 1]!; i < e; i++) dir[key * size + t.attRaySq[i]!] = d;
  const file = new Int8Array(size);
  const rank = new Int8Array(size);
  for (let sq = 0; sq < size; sq++) {
    file[sq] = sq % w;
    rank[sq] = (sq / w) | 0;
  }
  const ow = pos.occWords;
  const at = new Int32Array(2 * 25);
  let ok = true;
  const stepBit = (c: number, f: number, r: number): boolean => (t.captureReach[(c * size + f) * 2 * ow + (r >> 5)]! & (1 << (r & 31))) !== 0;
  /** Every piece code with a class, every from and to square (built once per variant). */
  const eachPair = (visit: (code: number, c: number, f: number, r: number, dx: number, dy: number) => void): void => {
    for (let code = 0; code < t.classOf.length; code++) {
      const c = t.classOf[code]!;
      if (c < 0) continue;
      for (let f = 0; f < size; f++) for (let r = 0; r < size; r++) visit(code, c, f, r, file[r]! - file[f]!, rank[r]! - rank[f]!);
    }
  };
  eachPair((code, c, f, r, dx, dy) => {
    if (!stepBit(c, f, r)) return;
    if (Math.abs(dx) > 2 || Math.abs(dy) > 2) ok = false;
    else at[pieceSide(code) * 25 + (dy + 2) * 5 + dx + 2]! |= 1 << t.classBit[code]!;
  });
  // the masks say no more than the tables: a step of a class on one square is a step on all
  if (ok)
    eachPair((code, c, f, r, dx, dy) => {
      if (Math.abs(dx) > 2 || Math.abs(dy) > 2) return;
      const bit = ((at[pieceSide(code) * 25 + (dy + 2) * 5 + dx + 2]! >>> t.classBit[code]!) & 1) === 1;
      if (bit !== stepBit(c, f, r)) ok = false;
    });
  DIR_OF = dir;
  STEP_AT = at;
  STEP_OK = ok;
  FILE = file;
  RANK = rank;
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
  const dir = dirTables === t ? DIR_OF : dirOf(pos);
  const us = pos.turn;
  const p = b[from]!;
  const np = isPromotion(m) ? pos.variant.promoted[p]! : p;
  const ow = pos.occWords;
  const cb = t.classBit[np]!;
  const stepOk = STEP_OK;
  const stepAt = STEP_AT;
  const fx = FILE[to]! - 2;
  const fy = RANK[to]! - 2;
  const roy = pos.roy;
  const o = (us ^ 1) * ow;
  for (let w = 0; w < ow; w++)
    for (let x = roy[o + w]!; x !== 0; x &= x - 1) {
      const r = (w << 5) + 31 - Math.clz32(x & -x);
      if (r === to || r === mid) continue; // captured
      // a step of the moved piece from its new square
      if (stepOk) {
        const dx = FILE[r]! - fx;
        const dy = RANK[r]! - fy;
        if (dx >= 0 && dx <= 4 && dy >= 0 && dy <= 4 && ((stepAt[us * 25 + dy * 5 + dx]! >>> cb) & 1) === 1) return true;
      } else if (t.captureReach[(t.classOf[np]! * size + to) * 2 * ow + (r >> 5)]! & (1 << (r & 31))) return true;
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
    return pieceSide(q) === pos.turn && ((slide >>> t.classBit[q]!) & 1) === 1;
  }
  return false;
}

/** Do the small step-attack masks stand for the tables (true for chu; tests)? */
export function stepMasksExact(pos: Position): boolean {
  dirOf(pos);
  return STEP_OK;
}
