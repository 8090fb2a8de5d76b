/**
 * Judging a xiangqi repetition cycle (seed 003, spec xiangqi.md): perpetual check loses, else
 * perpetual chase of one same piece loses; both sides at once, or neither: a draw. The judged
 * moves are those of the cycle plus, for the side that made the last move, the move that produced
 * the first occurrence when it is on the stack (as Fairy-Stockfish counts it). Allocation-free
 * without `details`; with them, explain.ts walks the cycle again and words the ruling.
 */
import { FLAG_CHECK, V_CHECK, V_DRAW, V_MUTUAL, V_SIDE0_LOSES, V_SIDE1_LOSES, type CycleDetails } from '../../core/end-rules.js';
import type { Side } from '../../core/piece.js';
import type { Position } from '../../core/position.js';
import { assignIds, chaseCode, playAndChase, rewind } from './chase.js';
import { explainCycle } from './explain.js';
import { xiangqi } from './index.js';

const cycleMoves = new Int32Array(4096);
const cycleChecks = new Uint8Array(4096);

export function judgeCycle(pos: Position, cycle: number, details?: CycleDetails, firstPly = 1, flags?: Uint8Array): number {
  if (cycle + 1 > cycleMoves.length || pos.sp < cycle) return V_DRAW;
  // the move that produced the first occurrence counts too (for the last mover, whose move it
  // was), as Fairy-Stockfish counts it — when it is on the stack
  const entry = pos.sp > cycle ? 1 : 0;
  const length = cycle + entry;
  let check0 = true;
  let check1 = true;
  let side0: number;
  if (flags) {
    // which moves gave check, from the history's flags (the walks below rewind the cycle themselves)
    side0 = pos.turn ^ (length & 1); // the side of the cycle's first move
    const at = firstPly - entry;
    for (let i = 0; i < length; i++) {
      const c = (flags[at + i]! & FLAG_CHECK) !== 0;
      cycleChecks[i] = c ? 1 : 0;
      if (!c) {
        if (((side0 + i) & 1) === 0) check0 = false;
        else check1 = false;
      }
    }
  } else {
    // pass 1: which moves gave check
    rewind(pos, length, cycleMoves);
    side0 = pos.turn;
    for (let i = 0; i < length; i++) {
      pos.play(cycleMoves[i]!);
      const c = xiangqi.inCheck(pos);
      cycleChecks[i] = c ? 1 : 0;
      if (!c) {
        if (((side0 + i) & 1) === 0) check0 = false;
        else check1 = false;
      }
    }
  }
  const cycleData = { moves: cycleMoves, checks: cycleChecks, length, entry };
  // 1. perpetual check
  if (check0 || check1) {
    const code = check0 && check1 ? V_DRAW | V_CHECK | V_MUTUAL : (check0 ? V_SIDE0_LOSES : V_SIDE1_LOSES) | V_CHECK;
    if (!details) return code;
    return explainCycle(pos, cycleData, code, [0, 0], details, firstPly);
  }
  // 2. perpetual chase: intersect each side's newly chased pieces over its moves (with details,
  // the explaining walk does it)
  if (details) return explainCycle(pos, cycleData, -1, null, details, firstPly);
  rewind(pos, length, cycleMoves);
  assignIds(pos);
  let chase0 = 0xffff;
  let chase1 = 0xffff;
  let i = 0;
  for (; i < length && (chase0 | chase1) !== 0; i++) {
    const s = ((side0 + i) & 1) as Side;
    const mask = playAndChase(pos, cycleMoves[i]!, s, cycleChecks[i] === 1, null);
    if (s === 0) chase0 &= mask;
    else chase1 &= mask;
  }
  for (; i < length; i++) pos.play(cycleMoves[i]!);
  return chaseCode(chase0, chase1);
}
