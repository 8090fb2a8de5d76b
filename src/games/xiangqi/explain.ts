/**
 * Xiangqi's words for its endings: pieces and squares (`red horse on d5`), the ruling sentence of
 * a judged cycle (walking it again to note what every move did), and the repetition warning with
 * seed 003's allowance of forcing moves.
 */
import { V_CHASE, V_CHECK, V_DRAW, type CycleDetails, type CycleMove, type WarningFacts } from '../../core/end-rules.js';
import { pieceKind, pieceSide, type Side } from '../../core/piece.js';
import type { Position } from '../../core/position.js';
import { repetitionWarningText } from '../end-text.js';
import { moveTo } from '../../core/move.js';
import { assignIds, chaseCode, moveIds, newChaseLog, playAndChase, rewind, squareOfId, type ChaseLog } from './chase.js';

const W = 9;
export const XIANGQI_SIDE_NAMES = ['red', 'black'] as const;
const KIND_NAMES = ['', 'general', 'advisor', 'elephant', 'horse', 'chariot', 'cannon', 'soldier'];

const square = (sq: number): string => String.fromCharCode(97 + (sq % W)) + String((sq / W) | 0);
/** `black chariot on c7` for a piece code on a square. */
export const describePiece = (code: number, sq: number): string =>
  `${XIANGQI_SIDE_NAMES[pieceSide(code)]} ${KIND_NAMES[pieceKind(code)]} on ${square(sq)}`;

const joinAnd = (xs: readonly string[]): string =>
  xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;

/** The cycle as judge.ts left it: its moves (oldest first), which gave check, the entry move. */
export interface CycleData {
  readonly moves: Int32Array;
  readonly checks: Uint8Array;
  readonly length: number;
  readonly entry: number;
}

/**
 * Walks the cycle again, noting what each move did, and words the ruling into `details`. Returns
 * `code`, or when it is -1 the chase verdict it finds on the way (`chased` null: intersected here).
 */
export function explainCycle(
  pos: Position,
  cycle: CycleData,
  code: number,
  chased: number[] | null,
  details: CycleDetails,
  firstPly: number,
): number {
  const { length, entry } = cycle;
  const log = newChaseLog();
  rewind(pos, length, cycle.moves);
  const side0 = pos.turn;
  assignIds(pos);
  const moves: CycleMove[] = [];
  const masks = chased ?? [0xffff, 0xffff];
  // brief (the sentence only): a check ruling needs only the checking pieces, a chase ruling the
  // chases until both sides have a move that chased nothing (then it is a draw whatever follows)
  const brief = details.brief === true;
  if (brief) briefWalk(pos, cycle, side0, chased !== null, masks, log);
  else
    for (let i = 0; i < length; i++) {
      const s = ((side0 + i) & 1) as Side;
      const m = cycle.moves[i]!;
      const check = cycle.checks[i] === 1;
      log.hits.length = 0;
      const mask = playAndChase(pos, m, s, check, log);
      if (!chased) masks[s]! &= mask;
      const chases = log.hits.map((h) => `${describePiece(h.victim, h.victimSq)} (by ${describePiece(h.attacker, h.attackerSq)})`);
      moves.push({ ply: firstPly - entry + i, side: s, move: m, check, chases, ...(i < entry ? { entry: true } : {}) });
    }
  details.moves = moves;
  if (code < 0) code = chaseCode(masks[0]!, masks[1]!);
  const span = `at plies ${firstPly}–${firstPly + length - entry - 1}`;
  const kinds = (set: Iterable<number>): string[] => [...set].map((k) => KIND_NAMES[k]!);
  const chaseText = (s: number): string => {
    const victims: string[] = [];
    const attackers = new Set<string>();
    for (let v = 0; v < 16; v++) {
      if (!(masks[s]! & (1 << v))) continue;
      const sq = squareOfId(pos, v, s ^ 1);
      if (sq >= 0) victims.push(`the ${describePiece(pos.board[sq]!, sq)}`);
      for (const k of kinds(log.by[s]!.get(v) ?? [])) attackers.add(k);
    }
    return `${XIANGQI_SIDE_NAMES[s]} ${joinAnd([...attackers])} chased ${joinAnd(victims)}`;
  };
  const loser = code & 3;
  if (code & V_CHECK) {
    if (loser === V_DRAW) details.detail = `both sides gave check with every move ${span}`;
    else details.detail = `${XIANGQI_SIDE_NAMES[loser - 1]} ${joinAnd(kinds(log.checkers[loser - 1]!))} gave check with every move ${span}`;
  } else if (code & V_CHASE) {
    if (loser === V_DRAW) details.detail = `both sides chased perpetually ${span} (${chaseText(0)}; ${chaseText(1)})`;
    else details.detail = `${chaseText(loser - 1)} ${span}`;
  } else details.detail = `the position repeated 3 times; neither side checked, or chased one same piece, with every move (${span.slice(3)})`;
  return code;
}

/**
 * The walk of a brief explanation (the sentence only), from the cycle's start: a check ruling
 * (`checkRuling`) needs only the checking pieces, a chase ruling the chases until both sides have
 * a move that chased nothing (then it is a draw whatever follows); `masks` are intersected here.
 * Its own function: the wording around it runs once per cycle, this loop once per move.
 */
function briefWalk(pos: Position, cycle: CycleData, side0: number, checkRuling: boolean, masks: number[], log: ChaseLog): void {
  for (let i = 0; i < cycle.length; i++) {
    const s = ((side0 + i) & 1) as Side;
    const m = cycle.moves[i]!;
    const check = cycle.checks[i] === 1;
    if (checkRuling || (masks[0]! | masks[1]!) === 0) {
      pos.play(m);
      moveIds(m);
      if (check) log.checkers[s]!.add(pieceKind(pos.board[moveTo(m)]!));
      continue;
    }
    log.hits.length = 0;
    masks[s]! &= playAndChase(pos, m, s, check, log);
  }
}

/** The repetition warning in xiangqi's words: seed 003 allows 6 forcing moves per piece (up to 3 pieces). */
export const xiangqiWarningText = (w: WarningFacts): string =>
  repetitionWarningText(XIANGQI_SIDE_NAMES, 3, w, (limit) => `seed 003 allows ${limit}`);
