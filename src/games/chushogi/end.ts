/**
 * How a chu shogi game ends (spec chushogi.md "End of game", lishogi rules):
 *  - a side whose royals (King, Crown Prince) are all captured loses ('royals captured') — only a
 *    side that had royals at the start (a mate problem's attacker has none and plays on);
 *  - bare king: a side reduced to a single royal (its dead pawns and lances on the last rank not
 *    counted) loses at once, provided the opponent has a royal plus at least one piece other than
 *    pawns and go-betweens (dead lances not counted), is not in check, and — when it has exactly
 *    two such pieces (royal included) — neither is adjacent to the lone royal;
 *  - two lone royals (nothing else but dead pawns and lances), neither in check: draw
 *    ('insufficient material');
 *  - no legal move loses ('stalemate');
 *  - the 4th occurrence of a position (same side to move) ends the game: a side whose every move
 *    since the first occurrence was attacking (gave check, or the moved piece can capture an enemy
 *    piece) loses ('perpetual check', as lishogi names it); otherwise draw. The side that made the
 *    last move is looked at first, and its move that produced the first occurrence counts too, as
 *    lishogi counts it; if both sides attacked throughout, the game is drawn (lishogi's current
 *    rule code). Captures, promotions and pawn or lance moves clear the history;
 *  - 1000 plies from the start of the game (the SFEN move number counts): draw ('move limit').
 */
import {
  FLAG_ATTACK,
  FLAG_CHECK,
  V_CHECK,
  V_DRAW,
  V_SIDE0_LOSES,
  V_SIDE1_LOSES,
  type CycleDetails,
  type CycleMove,
  type EndRules,
  type ForcingRun,
  type WarningFacts,
} from '../../core/end-rules.js';
import type { GameHistory } from '../../core/history.js';
import { isPromotion, moveFrom, moveMid, moveTo } from '../../core/move.js';
import { distinctMovers } from '../../core/repetition.js';
import type { GameResult } from '../../core/game-result.js';
import { repetitionWarningText } from '../end-text.js';
import { isAttacked } from '../../core/movegen.js';
import { pieceKind, pieceSide, type Side } from '../../core/piece.js';
import type { Position } from '../../core/position.js';
import { chushogi, GOBETWEEN, isProblemVariant, LANCE, PAWN } from './index.js';

const W = 12;
const H = 12;
const SIZE = W * H;
export const CHU_SIDE_NAMES = ['sente', 'gote'] as const;
const SIDE_NAMES = CHU_SIDE_NAMES;

/** Plies from the start of a game after which it is drawn. */
export const CHU_PLY_LIMIT = 1000;

const kindOf = (p: number): number => pieceKind(p);
const isRoyal = (p: number): boolean => chushogi.royal[p] === 1;
/** A pawn or lance of its side standing on that side's last rank (it can never move again). */
const dead = (p: number, sq: number): boolean => {
  const k = kindOf(p);
  if (k !== PAWN && k !== LANCE) return false;
  const y = (sq / W) | 0;
  return y === (pieceSide(p) === 0 ? H - 1 : 0);
};

const adjacent = (a: number, b: number): boolean =>
  Math.max(Math.abs((a % W) - (b % W)), Math.abs(((a / W) | 0) - ((b / W) | 0))) === 1;

/** Is any royal of `side` attacked? */
function royalAttacked(pos: Position, side: number): boolean {
  const b = pos.board;
  for (let sq = 0; sq < SIZE; sq++) {
    const p = b[sq]!;
    if (p !== 0 && pieceSide(p) === side && isRoyal(p) && isAttacked(pos, sq, side ^ 1)) return true;
  }
  return false;
}

/** Per-side counts of a position's pieces (index = side), filled by `census`. */
interface Census {
  readonly royals: [number, number];
  /** pieces not counting dead pawns/lances */
  readonly live: [number, number];
  /** lishogi's "their pieces": not pawns, not go-betweens, not dead lances (royals included) */
  readonly strong: [number, number];
  /** the square of a royal of that side (the last one found), or -1 */
  readonly loneRoyal: [number, number];
}

/** Counts the pieces of pos into `c` (a caller-owned object, reused: no allocation). */
function census(pos: Position, c: Census): Census {
  const { royals, live, strong, loneRoyal } = c;
  royals[0] = royals[1] = live[0] = live[1] = strong[0] = strong[1] = 0;
  loneRoyal[0] = loneRoyal[1] = -1;
  const b = pos.board;
  for (let sq = 0; sq < SIZE; sq++) {
    const p = b[sq]!;
    if (p === 0) continue;
    const s = pieceSide(p);
    const k = kindOf(p);
    const isDead = dead(p, sq);
    if (isRoyal(p)) {
      royals[s]!++;
      loneRoyal[s] = sq;
    }
    if (!isDead) live[s]!++;
    if (k !== PAWN && k !== GOBETWEEN && !(k === LANCE && isDead)) strong[s]!++;
  }
  return c;
}

const tally: Census = { royals: [0, 0], live: [0, 0], strong: [0, 0], loneRoyal: [-1, -1] };

/** Is `side` bared (lishogi): a single royal against a royal plus a real piece, under the exceptions? */
function bared(pos: Position, side: number, c: Census): boolean {
  const { royals, live, strong, loneRoyal } = c;
  const them = side ^ 1;
  if (live[side] !== 1 || royals[side] !== 1 || loneRoyal[side]! < 0) return false;
  if (strong[them]! <= 1 || royals[them]! < 1) return false;
  // the lone royal may not be giving check (it could take a royal)
  if (royalAttacked(pos, them)) return false;
  if (strong[them] === 2) {
    // with exactly two such pieces, neither may stand next to the lone royal (it could take one)
    const lone = loneRoyal[side]!;
    const b = pos.board;
    for (let sq = 0; sq < SIZE; sq++) {
      const p = b[sq]!;
      if (p === 0 || pieceSide(p) !== them) continue;
      const k = kindOf(p);
      if (k === PAWN || k === GOBETWEEN || (k === LANCE && dead(p, sq))) continue;
      if (adjacent(sq, lone)) return false;
    }
  }
  return true;
}

/** Which sides have a royal on the board: bit s set for side s (the end rules' start state). */
export function royalSides(pos: Position): number {
  const b = pos.board;
  let mask = 0;
  for (let sq = 0; sq < SIZE && mask !== 3; sq++) {
    const p = b[sq]!;
    if (p !== 0 && isRoyal(p)) mask |= 1 << pieceSide(p);
  }
  return mask;
}

/**
 * The sides that can lose their royals in a game from `start`: both, except in a mate problem
 * (`chushogiProblem`: the attacker started without royals).
 */
export function chuStartState(start: Position): number {
  return isProblemVariant(start.variant) ? royalSides(start) : 3;
}

/**
 * The endings that need no move generation: royals captured, bare king, two lone royals. `state`:
 * the sides that had royals at the start (bit s for side s; absent: those that have one now) — a
 * side that started without royals (a mate problem's attacker) cannot lose them.
 */
export function chuQuickResult(pos: Position, state?: number, isBared: typeof bared = bared): GameResult | null {
  const { royals, live, strong } = census(pos, tally);
  const had = state ?? chuStartState(pos);
  const stm = pos.turn;
  for (const s of [stm, stm ^ 1]) {
    if (royals[s] === 0 && had & (1 << s))
      return { winner: (s ^ 1) as Side, reason: 'royals captured', detail: `${SIDE_NAMES[s]} has no king or crown prince left` };
  }
  for (const s of [stm, stm ^ 1]) {
    if (isBared(pos, s, tally))
      return {
        winner: (s ^ 1) as Side,
        reason: 'bare king',
        detail:
          isBared === bared
            ? `${SIDE_NAMES[s]} is reduced to a lone royal against a royal and ${strong[s ^ 1]! - 1} piece${strong[s ^ 1]! === 2 ? '' : 's'}`
            : `${SIDE_NAMES[s]} is reduced to a lone royal against a royal and one piece (JCSA)`,
      };
  }
  if (live[0] === 1 && live[1] === 1 && royals[0] === 1 && royals[1] === 1 && !royalAttacked(pos, 0) && !royalAttacked(pos, 1))
    return { winner: null, reason: 'insufficient material', detail: 'only the two royals are left' };
  return null;
}

const scratch = new Int32Array(4096);

/** Single-position endings: royals captured, bare king, stalemate (no legal move loses), two lone royals. */
export function chuPositionResult(pos: Position, state?: number): GameResult | null {
  const quick = chuQuickResult(pos, state);
  if (quick) return quick;
  if (pos.variant.generateLegal(pos, scratch, 0) === 0)
    return { winner: (pos.turn ^ 1) as Side, reason: 'stalemate', detail: `${SIDE_NAMES[pos.turn]} has no legal move` };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Attacking moves (lishogi: check, or the moved piece attacks an enemy piece)

const pieceMoves = new Int32Array(4096);

/** Can the piece on sq capture something (as if its side were to move)? */
function pieceAttacks(pos: Position, sq: number): boolean {
  const b = pos.board;
  const p = b[sq]!;
  if (p === 0) return false;
  const side = pieceSide(p);
  const turn = pos.turn;
  const aux = pos.aux;
  if (turn !== side) pos.setTurn(side);
  if (aux !== 0) pos.setAux(0); // the counter-strike limit binds the other side
  const n = pos.variant.generateLegal(pos, pieceMoves, 0);
  let hit = false;
  for (let i = 0; i < n && !hit; i++) {
    const m = pieceMoves[i]!;
    if (moveFrom(m) !== sq) continue;
    const to = moveTo(m);
    const mid = moveMid(m);
    if ((to !== sq && b[to] !== 0) || (mid >= 0 && b[mid] !== 0 && pieceSide(b[mid]!) !== side)) hit = true;
  }
  if (aux !== 0) pos.setAux(aux);
  if (turn !== side) pos.setTurn(turn);
  return hit;
}

/** FLAG_CHECK | FLAG_ATTACK of the move just played on pos. */
export function chuMoveFlags(pos: Position): number {
  const check = chushogi.inCheck(pos);
  if (check) return FLAG_CHECK | FLAG_ATTACK;
  const m = pos.lastMove();
  const to = moveTo(m);
  return pieceAttacks(pos, to) ? FLAG_ATTACK : 0;
}

function irreversible(pos: Position): boolean {
  if (pos.halfmove === 0) return true; // a capture (on the destination or a lion's first step)
  const m = pos.lastMove();
  if (isPromotion(m)) return true;
  const k = kindOf(pos.board[moveTo(m)]!);
  return k === PAWN || k === LANCE;
}

// ---------------------------------------------------------------------------------------------
// Judging a fourfold repetition

const cycleMoves = new Int32Array(8192);
const cycleFlags = new Uint8Array(8192);

function judgeCycle(pos: Position, cycle: number, details?: CycleDetails, firstPly = 1): number {
  if (cycle + 1 > cycleMoves.length || pos.sp < cycle) return V_DRAW;
  // lishogi counts the move that produced the first occurrence for the side that made it (the
  // last mover): its attacks must go back that far — when that move is on the stack
  const entry = pos.sp > cycle ? 1 : 0;
  const length = cycle + entry;
  for (let i = length - 1; i >= 0; i--) {
    cycleMoves[i] = pos.lastMove();
    pos.undo();
  }
  const side0 = pos.turn;
  const attacked = [true, true];
  for (let i = 0; i < length; i++) {
    pos.play(cycleMoves[i]!);
    const f = chuMoveFlags(pos);
    cycleFlags[i] = f;
    if (!(f & FLAG_ATTACK)) attacked[(side0 + i) & 1] = false;
  }
  const last = (side0 + length - 1) & 1;
  // lishogi now: the side that attacked with every move loses; if both did, nobody does (draw)
  const loser = attacked[last] === attacked[last ^ 1] ? -1 : attacked[last] ? last : last ^ 1;
  const code = loser < 0 ? V_DRAW : (loser === 0 ? V_SIDE0_LOSES : V_SIDE1_LOSES) | V_CHECK;
  if (details) {
    const moves: CycleMove[] = [];
    for (let i = 0; i < length; i++)
      moves.push({
        ply: firstPly - entry + i,
        side: ((side0 + i) & 1) as Side,
        move: cycleMoves[i]!,
        check: (cycleFlags[i]! & FLAG_CHECK) !== 0,
        attack: (cycleFlags[i]! & FLAG_ATTACK) !== 0,
        chases: [],
        ...(i < entry ? { entry: true } : {}),
      });
    details.moves = moves;
    const span = `plies ${firstPly}–${firstPly + cycle - 1}`;
    details.detail =
      loser < 0
        ? attacked[0]
          ? `the position occurred for the 4th time with both sides attacking with every move (${span})`
          : `the position occurred for the 4th time with neither side attacking with every move (${span})`
        : `${SIDE_NAMES[loser]} attacked (check or a threat to capture) with every move at ${span}`;
  }
  return code;
}

// ---------------------------------------------------------------------------------------------

/** Plies since the start of the game (SFEN move numbers count plies) at the current position. */
const gamePly = (h: GameHistory): number => 2 * h.start.fullmove - 2 + h.start.turn - h.start.plyParity + h.plies;

function limitResult(h: GameHistory): GameResult | null {
  const ply = gamePly(h);
  if (ply < CHU_PLY_LIMIT) return null;
  return { winner: null, reason: 'move limit', detail: `${CHU_PLY_LIMIT} plies played` };
}

function forcingRun(h: GameHistory, side: Side): ForcingRun | null {
  let k = h.plies;
  while (k > h.sinceAt(h.plies) && h.sideAt(k) !== side) k--;
  let checks = true;
  const plies: number[] = [];
  for (; k > h.sinceAt(h.plies) && h.flagsAt(k) & FLAG_ATTACK; k -= 2) {
    plies.push(k);
    if (!(h.flagsAt(k) & FLAG_CHECK)) checks = false;
  }
  if (plies.length === 0) return null;
  return { side, kind: checks ? 'check' : 'attack', count: plies.length, pieces: distinctMovers(h, plies), limit: 0 };
}

/**
 * JCSA bare king: only a lone royal against a royal and exactly one other piece that counts — not
 * an unpromoted pawn or go-between, not a dead piece, not one standing next to the lone royal
 * (it could take it at once); the side with the piece wins. Anything else plays on.
 */
function jcsaBared(pos: Position, side: number, c: Census): boolean {
  const { royals, live, loneRoyal } = c;
  const them = side ^ 1;
  if (live[side] !== 1 || royals[side] !== 1 || royals[them] !== 1 || live[them] !== 2) return false;
  const lone = loneRoyal[side]!;
  const b = pos.board;
  for (let sq = 0; sq < SIZE; sq++) {
    const p = b[sq]!;
    if (p === 0 || pieceSide(p) !== them || isRoyal(p) || dead(p, sq)) continue;
    const k = kindOf(p);
    return k !== PAWN && k !== GOBETWEEN && !adjacent(sq, lone);
  }
  return false;
}

/** JCSA endings of a position: royals captured, bare king (JCSA), two lone royals; no legal move: a draw (not regulated by the JCSA). */
export function jcsaPositionResult(pos: Position, state?: number): GameResult | null {
  const quick = chuQuickResult(pos, state, jcsaBared);
  if (quick) return quick;
  if (pos.variant.generateLegal(pos, scratch, 0) === 0)
    return { winner: null, reason: 'stalemate', detail: `${SIDE_NAMES[pos.turn]} has no legal move (not regulated by the JCSA rules: drawn)` };
  return null;
}

export const chushogiEndRules: EndRules = {
  id: 'chushogi',
  // a side left with royals only cannot win
  canWin: (pos, side) => {
    const c = census(pos, tally);
    return c.live[side]! > c.royals[side]!;
  },
  sideNames: SIDE_NAMES,
  repetitions: 4,
  moveFlags: chuMoveFlags,
  irreversible,
  startState: chuStartState,
  positionResult: chuPositionResult,
  quickResult: (pos, _irreversible, state) => chuQuickResult(pos, state),
  judgeCycle,
  limitResult,
  forcingRun,
  warningText: (w: WarningFacts) => repetitionWarningText(SIDE_NAMES, 4, w),
};

/** The end rules under the JCSA rule set (bare king and stalemate differ; repetition as lishogi). */
export const chushogiJcsaEndRules: EndRules = {
  ...chushogiEndRules,
  id: 'chushogi-jcsa',
  positionResult: jcsaPositionResult,
  quickResult: (pos, _irreversible, state) => chuQuickResult(pos, state, jcsaBared),
};
