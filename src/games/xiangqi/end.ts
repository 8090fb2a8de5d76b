/**
 * How a xiangqi game ends (spec xiangqi.md "End of game"; seeds 000 rules 2–5 and 003 "Luật nâng
 * cao"): checkmate and stalemate lose, insufficient material draws, the 60-move rule draws, and a
 * threefold repetition is judged — perpetual check loses, else perpetual chase of one same piece
 * loses, mutual violations and idle repetitions draw.
 *
 * Chase (đuổi), as implemented. After a move of side S that is not a check, a piece Q of S chases
 * an opposing piece V when the pair (Q, V) is in the "chase relation" after the move and was not
 * before it (so new attacks count, discovered ones included, and so does a standing attack on a
 * piece that the move left unprotected, e.g. by pinning its only protector). (Q, V) is in the
 * relation when
 *   - Q is not a general or a soldier, V is not the general, and V is not a soldier on its own
 *     side of the river;
 *   - Q can capture V: the capture is legal (a pinned Q does not attack). When S is in check, the
 *     check is ignored for this test (the capture must only not expose S's general to a new attack);
 *   - and V counts as unprotected:
 *       · a chariot attacked by a horse or a cannon, or a chariot, cannon or horse attacked by an
 *         elephant or advisor: always (seed 003's chariot exception; spec);
 *       · otherwise not when Q and V are of the same type and V can legally capture Q (an offered
 *         exchange), and not when after Q takes V, V's side has a legal move capturing on V's
 *         square (protection judged after the capture, so pinned pieces do not protect and the
 *         general protects only where it may legally go).
 * A move that gives check chases nothing (it is a check); so "one check, one chase" is neither a
 * perpetual check nor a perpetual chase (AXF rule 12: a draw).
 *
 * The judged moves of a cycle are those of plies first+1 … last, and for the side that made the
 * last move also the move that produced the first occurrence (see core/history.ts).
 *
 * 60-move rule: limit.ts.
 *
 * The parts: chase.ts (the chase relation and the chase step of a cycle), cycle.ts (the cycle
 * judge), limit.ts (60-move rule), explain.ts (wording: rulings, warnings); this file: the
 * single-position endings, the forcing run for warnings, and the `EndRules` object.
 */
import { FLAG_CHECK, type EndRules, type ForcingRun } from '../../core/end-rules.js';
import type { GameHistory } from '../../core/history.js';
import { moveFrom, moveTo } from '../../core/move.js';
import { pieceCode, pieceSide, type Side } from '../../core/piece.js';
import type { Position } from '../../core/position.js';
import type { GameResult } from '../../core/game-result.js';
import { assignIds, moveIds, pieceIdAt, playAndChase, type ChaseStep } from './chase.js';
import { judgeCycle } from './cycle.js';
import { XIANGQI_SIDE_NAMES, xiangqiWarningText } from './explain.js';
import { xiangqiCheckRunResult, xiangqiLimitResult } from './limit.js';
import { CANNON, CHARIOT, HORSE, SOLDIER } from './pieces.js';
import { xiangqi } from './index.js';
import { generalAttacked, generalSquare, mayHaveAttacked } from './check.js';
import { hasLegalMove } from './notation/legal-check.js';

export { chaseRelation } from './chase.js';
export { XIANGQI_COUNTED_CHECKS, XIANGQI_MOVE_LIMIT } from './limit.js';

const SIZE = 90;

// ---------------------------------------------------------------------------------------------
// Single-position endings

/**
 * Can a side (either side when `side` is left out) still force a win? False when it has no chariot,
 * horse, cannon or soldier.
 */
export function xiangqiSufficientMaterial(pos: Position, side?: number): boolean {
  const b = pos.board;
  if (side === undefined) {
    for (let sq = 0; sq < SIZE; sq++) if (FORCING[b[sq]!] !== 0) return true;
    return false;
  }
  for (let sq = 0; sq < SIZE; sq++) {
    const p = b[sq]!;
    if (FORCING[p] !== 0 && pieceSide(p) === side) return true;
  }
  return false;
}

/** FORCING[code] = 1 for the piece codes (either side) of a chariot, horse, cannon or soldier. */
const FORCING = new Uint8Array(256);
for (const k of [CHARIOT, HORSE, CANNON, SOLDIER]) FORCING[pieceCode(k, 0)] = FORCING[pieceCode(k, 1)] = 1;

const INSUFFICIENT: GameResult = {
  winner: null,
  reason: 'insufficient material',
  detail: 'neither side has a chariot, horse, cannon or soldier',
};

/** Checkmate or stalemate (the side to move loses either way), insufficient material, or null. */
export function xiangqiPositionResult(pos: Position): GameResult | null {
  const stm = pos.turn;
  // (generateLegal(…) === 0, answered without the list of moves: legal-check.ts)
  if (!hasLegalMove(pos)) {
    const check = xiangqi.inCheck(pos);
    return {
      winner: (stm ^ 1) as Side,
      reason: check ? 'checkmate' : 'stalemate',
      detail: `${XIANGQI_SIDE_NAMES[stm]} has no legal move${check ? ' and is in check' : ' (stalemate loses in xiangqi)'}`,
    };
  }
  return xiangqiSufficientMaterial(pos) ? null : INSUFFICIENT;
}

// ---------------------------------------------------------------------------------------------
// Warnings

/** The run of consecutive checks, else chases, by `side` ending with its last move (seed 003 thresholds). */
function forcingRun(h: GameHistory, side: Side): ForcingRun | null {
  const n = h.plies;
  const since = h.sinceAt(n);
  let lastOwn = n;
  while (lastOwn > since && h.sideAt(lastOwn) !== side) lastOwn--;
  if (lastOwn <= since) return null;
  let k = lastOwn;
  let checks = 0;
  while (k > since && h.flagsAt(k) & FLAG_CHECK) {
    checks++;
    k -= 2;
  }
  const lo = since + 1;
  const pos = h.position;
  for (let j = n; j > lo - 1; j--) pos.undo();
  assignIds(pos);
  const step: ChaseStep = { victims: 0, chasers: 0 };
  const movedIds: number[] = [];
  const chaseIds: number[][] = [];
  for (let j = lo; j <= n; j++) {
    const m = h.moveAt(j);
    const s = h.sideAt(j);
    if (s === side) {
      const id = pieceIdAt(moveFrom(m));
      const isCheck = (h.flagsAt(j) & FLAG_CHECK) !== 0;
      playAndChase(pos, m, s, isCheck, null, step);
      const attackers: number[] = [];
      for (let a = 0; a < 16; a++) if (step.chasers & (1 << a)) attackers.push(a);
      movedIds.push(id);
      chaseIds.push(attackers);
    } else {
      pos.play(m);
      moveIds(m);
    }
  }
  const distinctLimit = (count: number, ids: number[]): ForcingRun => {
    const pieces = new Set(ids).size;
    return { side, kind: checks > 0 ? 'check' : 'chase', count, pieces, limit: 6 * Math.min(Math.max(pieces, 1), 3) };
  };
  if (checks > 0) return distinctLimit(checks, movedIds.slice(movedIds.length - checks));
  let chases = 0;
  const used: number[] = [];
  for (let i = chaseIds.length - 1; i >= 0 && chaseIds[i]!.length > 0; i--) {
    chases++;
    used.push(...chaseIds[i]!);
  }
  if (chases === 0) return null;
  return { ...distinctLimit(chases, used), kind: 'chase' };
}

export const xiangqiEndRules: EndRules = {
  id: 'xiangqi',
  // a side with no chariot, horse, cannon or soldier can never checkmate
  canWin: (pos, side) => xiangqiSufficientMaterial(pos, side),
  sideNames: XIANGQI_SIDE_NAMES,
  repetitions: 3,
  // asked on every ply of a replay: the general-outward test (check.ts), same answer as xiangqi.inCheck.
  // From the second move on, the position before the move came from a legal move of the side now
  // to move, so its general was not attacked then: a move that cannot have attacked it newly
  // (check.ts `mayHaveAttacked`) gives no check. The first move is tested fully (a composed start
  // may have that general attacked already).
  moveFlags: (pos) => {
    const b = pos.board;
    const ksq = generalSquare(b, pos.turn);
    if (ksq < 0) return 0;
    if (pos.sp >= 2) {
      const m = pos.lastMove();
      if (!mayHaveAttacked(b, moveFrom(m), moveTo(m), ksq)) return 0;
    }
    return generalAttacked(b, ksq, pos.turn) ? FLAG_CHECK : 0;
  },
  // only captures reset the halfmove clock (xiangqi.md), and only captures are irreversible here
  irreversible: (pos) => pos.halfmove === 0,
  positionResult: xiangqiPositionResult,
  quickResult: (pos, irreversible) => (irreversible && !xiangqiSufficientMaterial(pos) ? INSUFFICIENT : null),
  judgeCycle,
  runResult: xiangqiCheckRunResult,
  limitResult: xiangqiLimitResult,
  forcingRun,
  warningText: xiangqiWarningText,
};
