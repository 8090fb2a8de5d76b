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
 * 60-move rule, as counted here: 60 moves by each side (120 plies) since the last capture (the FEN
 * halfmove clock counts for plies before the history's start); a check beyond a side's 10th in that
 * span does not count as a move of that side, so the limit moves 2 plies further for each such
 * check of the side that gave more of them (counted = plies − 2·max(0, max(checks) − 10), as
 * Fairy-Stockfish counts it); the game is drawn at the first ply where the counted plies reach
 * 120 — unless that ply is checkmate or stalemate, which comes first.
 */
import {
  FLAG_CHECK,
  V_CHASE,
  V_CHECK,
  V_DRAW,
  V_MUTUAL,
  V_SIDE0_LOSES,
  V_SIDE1_LOSES,
  type CycleDetails,
  type CycleMove,
  type EndRules,
  type ForcingRun,
  type GameHistory,
  type GameResult,
} from '../../core/history.js';
import { generatePseudo } from '../../core/movegen.js';
import type { Side } from '../../core/piece.js';
import type { Position } from '../../core/position.js';
import { ADVISOR, CANNON, CHARIOT, ELEPHANT, HORSE, KING, SOLDIER } from './pieces.js';
import { kingSquare, xiangqi } from './index.js';

const W = 9;
const SIZE = 90;
const SIDE_NAMES = ['red', 'black'] as const;
const KIND_NAMES = ['', 'general', 'advisor', 'elephant', 'horse', 'chariot', 'cannon', 'soldier'];

/** Plies without a capture that end the game (60 moves by each side). */
export const XIANGQI_MOVE_LIMIT = 120;
/** Checks by one side within that span that still count as plies (AXF 2017). */
export const XIANGQI_COUNTED_CHECKS = 10;

const square = (sq: number): string => String.fromCharCode(97 + (sq % W)) + String((sq / W) | 0);
const describe = (code: number, sq: number): string =>
  `${SIDE_NAMES[code & 1]} ${KIND_NAMES[code >> 1]} on ${square(sq)}`;

// ---------------------------------------------------------------------------------------------
// Single-position endings

/** Can either side still force a win? False when neither has a chariot, horse, cannon or soldier. */
export function xiangqiSufficientMaterial(pos: Position): boolean {
  const b = pos.board;
  for (let sq = 0; sq < SIZE; sq++) {
    const k = b[sq]! >> 1;
    if (k === CHARIOT || k === HORSE || k === CANNON || k === SOLDIER) return true;
  }
  return false;
}

const scratch = new Int32Array(512);

const INSUFFICIENT: GameResult = {
  winner: 'none',
  reason: 'insufficient material',
  detail: 'neither side has a chariot, horse, cannon or soldier',
};

/** Checkmate or stalemate (the side to move loses either way), insufficient material, or null. */
export function xiangqiPositionResult(pos: Position): GameResult | null {
  const stm = pos.turn;
  if (xiangqi.generateLegal(pos, scratch, 0) === 0) {
    const check = xiangqi.inCheck(pos);
    return {
      winner: SIDE_NAMES[stm ^ 1]!,
      reason: check ? 'checkmate' : 'stalemate',
      detail: `${SIDE_NAMES[stm]} has no legal move${check ? ' and is in check' : ' (stalemate loses in xiangqi)'}`,
    };
  }
  return xiangqiSufficientMaterial(pos) ? null : INSUFFICIENT;
}

// ---------------------------------------------------------------------------------------------
// The chase relation

const atkMoves = new Int32Array(512);
const vicMoves = new Int32Array(512);
const recMoves = new Int32Array(512);
const attMoves = new Int32Array(512);
const attScratch = new Int32Array(32);
/** Attackers of the attacking side's own general (a check on the board, ignored for its captures). */
const ownCheck = new Int32Array(32);
/** Attackers of the victim side's general (a check the move gave, ignored for its recaptures). */
const victimCheck = new Int32Array(32);
const protBefore = new Int32Array(16);
const protPseudo = new Int32Array(16);
const protLegal = new Int32Array(16);

/** Squares of the pieces of side `by` that attack sq (captures as generated, plus a facing general). */
function attackersOf(pos: Position, sq: number, by: Side, out: Int32Array): number {
  const saved = pos.turn;
  if (saved !== by) pos.setTurn(by);
  const n = generatePseudo(pos, attMoves, 0);
  if (saved !== by) pos.setTurn(saved);
  let c = 0;
  for (let i = 0; i < n; i++) {
    const m = attMoves[i]!;
    if (((m >>> 8) & 0xff) === sq && c < out.length) out[c++] = m & 0xff;
  }
  // flying general: the enemy general on the same file with nothing between
  const b = pos.board;
  const target = b[sq]!;
  if (target >> 1 === KING) {
    const step = (target & 1) === 0 ? W : -W;
    for (let s = sq + step; s >= 0 && s < SIZE; s += step) {
      const q = b[s]!;
      if (q === 0) continue;
      if (q === ((KING << 1) | by) && c < out.length) out[c++] = s;
      break;
    }
  }
  return c;
}

/**
 * May the side to move make the pseudo-legal move m, a check already on the board aside? The
 * general may not end attacked; any other piece may not expose its general to an attacker other
 * than those listed in ignore[0..ignoreN).
 */
function allowed(pos: Position, m: number, ksq: number, ignore: Int32Array, ignoreN: number): boolean {
  const b = pos.board;
  const from = m & 0xff;
  const to = (m >>> 8) & 0xff;
  const p = b[from]!;
  const cap = b[to]!;
  b[to] = p;
  b[from] = 0;
  const king = from === ksq;
  const n = attackersOf(pos, king ? to : ksq, (pos.turn ^ 1) as Side, attScratch);
  b[from] = p;
  b[to] = cap;
  if (king) return n === 0;
  for (let i = 0; i < n; i++) {
    const a = attScratch[i]!;
    let old = false;
    for (let j = 0; j < ignoreN; j++) if (ignore[j] === a) old = true;
    if (!old) return false;
  }
  return true;
}

/**
 * After the capture m (by the side to move) lands on sq, the other side's pieces that may take
 * back there, the check that the capturing side's previous move gave (victimCheck[0..checkN)) aside.
 * Fills `legal` (and `pseudo`: also the recaptures a pin forbids, when given); returns the number of legal ones.
 */
function recaptures(pos: Position, m: number, sq: number, checkN: number, legal: Int32Array, pseudo: Int32Array | null): number {
  pos.play(m);
  let nl = 0;
  if (checkN === 0 && !pseudo) {
    const n = xiangqi.generateLegal(pos, recMoves, 0);
    for (let i = 0; i < n; i++) {
      const r = recMoves[i]!;
      if (((r >>> 8) & 0xff) === sq && nl < legal.length) legal[nl++] = r & 0xff;
    }
  } else {
    const vk = kingSquare(pos, pos.turn);
    const n = generatePseudo(pos, recMoves, 0);
    let np = 0;
    for (let i = 0; i < n; i++) {
      const r = recMoves[i]!;
      if (((r >>> 8) & 0xff) !== sq) continue;
      if (pseudo && np < pseudo.length) pseudo[np++] = r & 0xff;
      if (vk >= 0 && allowed(pos, r, vk, victimCheck, checkN) && nl < legal.length) legal[nl++] = r & 0xff;
    }
    if (pseudo && np < pseudo.length) pseudo[np] = -1;
  }
  pos.undo();
  if (nl < legal.length) legal[nl] = -1;
  return nl;
}

const crossed = (sq: number, side: number): boolean => (side === 0 ? sq >= 45 : sq < 45);

/**
 * The attacks and the chase relation of `side` in pos (see the module comment): attack[id] and
 * chase[id] are bit masks of the ids of the opposing pieces that the piece with that id can take
 * (chaseable targets only), and of those it chases. `ids` maps squares to per-side piece ids
 * (0–15). A check on the board is set aside: for the captures when `side` is in check, for the
 * recaptures when its opponent is. Leaves pos as it found it.
 */
export function chaseRelation(pos: Position, side: Side, ids: Int8Array, chase: Uint16Array, attack?: Uint16Array): void {
  chase.fill(0);
  if (attack) attack.fill(0);
  const b = pos.board;
  const saved = pos.turn;
  if (saved !== side) pos.setTurn(side);
  const them = (side ^ 1) as Side;
  const ksq = kingSquare(pos, side);
  const vk = kingSquare(pos, them);
  const inCheck = ksq >= 0 && xiangqi.inCheck(pos);
  const ownN = inCheck ? attackersOf(pos, ksq, them, ownCheck) : 0;
  const checkN = vk >= 0 ? attackersOf(pos, vk, side, victimCheck) : 0;
  const n = inCheck ? generatePseudo(pos, atkMoves, 0) : xiangqi.generateLegal(pos, atkMoves, 0);
  let victimMoves = -1;
  for (let i = 0; i < n; i++) {
    const m = atkMoves[i]!;
    const from = m & 0xff;
    const to = (m >>> 8) & 0xff;
    const q = b[to]!;
    if (q === 0 || (q & 1) === side) continue;
    const ka = b[from]! >> 1;
    if (ka === KING || ka === SOLDIER) continue;
    const kv = q >> 1;
    if (kv === KING) continue;
    if (kv === SOLDIER && !crossed(to, them)) continue;
    if (inCheck && !allowed(pos, m, ksq, ownCheck, ownN)) continue;
    const a = ids[from]!;
    const v = ids[to]!;
    if (a < 0 || v < 0) continue;
    if (attack) attack[a]! |= 1 << v;
    let chased: boolean;
    if (
      ((ka === HORSE || ka === CANNON) && kv === CHARIOT) ||
      ((ka === ELEPHANT || ka === ADVISOR) && (kv === CHARIOT || kv === CANNON || kv === HORSE))
    )
      chased = true;
    else {
      if (ka === kv) {
        // an offered exchange: the target can take the attacker
        if (victimMoves < 0) {
          pos.setTurn(them);
          victimMoves = generatePseudo(pos, vicMoves, 0);
          pos.setTurn(side);
        }
        const back = to | (from << 8);
        let can = false;
        for (let j = 0; j < victimMoves && !can; j++) {
          if (vicMoves[j] !== back) continue;
          pos.setTurn(them);
          can = vk >= 0 && allowed(pos, back, vk, victimCheck, checkN);
          pos.setTurn(side);
        }
        if (can) continue;
      }
      chased = recaptures(pos, m, to, checkN, protLegal, null) === 0;
    }
    if (chased) chase[a]! |= 1 << v;
  }
  if (pos.turn !== saved) pos.setTurn(saved);
}

/**
 * Fairy-Stockfish's "fake protection" case: the move just played (m, on pos's stack) left a
 * standing attack of the piece on `from` (now on `at`) against the piece on `vsq` unprotected
 * because it pinned a protector: a piece that could take back before can still reach the square
 * but may no longer legally (a protector merely blocked off does not count).
 */
function pinnedProtector(pos: Position, m: number, at: number, vsq: number): boolean {
  const mover = (pos.turn ^ 1) as Side;
  const before = m & 0xff;
  const origin = at === ((m >>> 8) & 0xff) ? before : at;
  // before the move: who could take back?
  pos.undo();
  pos.setTurn(mover); // it is the mover's turn already; keeps the code symmetric
  const vkB = kingSquare(pos, mover ^ 1);
  const nB = vkB >= 0 ? attackersOf(pos, vkB, mover, victimCheck) : 0;
  const nb = recaptures(pos, origin | (vsq << 8), vsq, nB, protBefore, null);
  pos.play(m);
  if (nb === 0) return false;
  pos.setTurn(mover);
  const vkA = kingSquare(pos, mover ^ 1);
  const nA = vkA >= 0 ? attackersOf(pos, vkA, mover, victimCheck) : 0;
  recaptures(pos, at | (vsq << 8), vsq, nA, protLegal, protPseudo);
  pos.setTurn((mover ^ 1) as Side);
  for (let i = 0; i < nb; i++) {
    const p = protBefore[i]!;
    let reach = false;
    for (let j = 0; j < protPseudo.length && protPseudo[j]! >= 0; j++) if (protPseudo[j] === p) reach = true;
    let still = false;
    for (let j = 0; j < protLegal.length && protLegal[j]! >= 0; j++) if (protLegal[j] === p) still = true;
    if (reach && !still) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Judging a cycle

const idBoard = new Int8Array(SIZE);
const relBefore = new Uint16Array(16);
const relAfter = new Uint16Array(16);
const atkBefore = new Uint16Array(16);
/** The ids of the pieces that chased in the last playAndChase. */
let lastChasers = 0;

function assignIds(pos: Position): void {
  const b = pos.board;
  let red = 0;
  let black = 0;
  for (let sq = 0; sq < SIZE; sq++) {
    const p = b[sq]!;
    if (p === 0) idBoard[sq] = -1;
    else if ((p & 1) === 0) idBoard[sq] = red < 16 ? red++ : -1;
    else idBoard[sq] = black < 16 ? black++ : -1;
  }
}

/** Applies move m to the id board (the piece keeps its id; a captured piece's id is gone). */
function moveIds(m: number): void {
  const from = m & 0xff;
  const to = (m >>> 8) & 0xff;
  idBoard[to] = idBoard[from]!;
  idBoard[from] = -1;
}

/** Per-victim-id bookkeeping for explanations: attacker kinds that chased it. */
interface ChaseLog {
  readonly texts: string[];
  /** [side][victim id] → set of attacker kind names */
  readonly by: Map<number, Set<string>>[];
  /** [side] → kinds of the pieces that moved to give check */
  readonly checkers: Set<string>[];
}

/**
 * Plays m (by side s) on pos and returns the mask of the opposing piece ids it newly chases: the
 * relation before, the move, the relation after; a chase needs a new attack (the attacker could
 * not take the target before), or a protector newly pinned by the move (`pinnedProtector`).
 */
function playAndChase(pos: Position, m: number, s: Side, check: boolean, log: ChaseLog | null): number {
  chaseRelation(pos, s, idBoard, relBefore, atkBefore);
  pos.play(m);
  moveIds(m);
  chaseRelation(pos, s, idBoard, relAfter);
  if (log && check) log.checkers[s]!.add(KIND_NAMES[pos.board[(m >>> 8) & 0xff]! >> 1]!);
  let mask = 0;
  lastChasers = 0;
  for (let a = 0; a < 16; a++) {
    let fresh = relAfter[a]! & ~atkBefore[a]!;
    const standing = relAfter[a]! & atkBefore[a]! & ~relBefore[a]!;
    if (standing) {
      const aSq = squareOfId(pos, a, s);
      for (let v = 0; v < 16; v++)
        if (standing & (1 << v) && aSq >= 0 && pinnedProtector(pos, m, aSq, squareOfId(pos, v, s ^ 1))) fresh |= 1 << v;
    }
    if (fresh === 0) continue;
    mask |= fresh;
    lastChasers |= 1 << a;
    if (log) {
      const aSq = squareOfId(pos, a, s);
      for (let v = 0; v < 16; v++) {
        if (!(fresh & (1 << v))) continue;
        const vSq = squareOfId(pos, v, s ^ 1);
        if (aSq < 0 || vSq < 0) continue;
        log.texts.push(`${describe(pos.board[vSq]!, vSq)} (by ${describe(pos.board[aSq]!, aSq)})`);
        let set = log.by[s]!.get(v);
        if (!set) log.by[s]!.set(v, (set = new Set()));
        set.add(KIND_NAMES[pos.board[aSq]! >> 1]!);
      }
    }
  }
  return mask;
}

/** The square of the piece of `side` with this id, or -1. */
function squareOfId(pos: Position, id: number, side: number): number {
  const b = pos.board;
  for (let sq = 0; sq < SIZE; sq++) if (idBoard[sq] === id && b[sq] !== 0 && (b[sq]! & 1) === side) return sq;
  return -1;
}

const joinAnd = (xs: readonly string[]): string =>
  xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;

const cycleMoves = new Int32Array(4096);
const cycleChecks = new Uint8Array(4096);

/** Undoes the last `length` moves of pos into cycleMoves (oldest first). */
function rewind(pos: Position, length: number): void {
  for (let i = length - 1; i >= 0; i--) {
    cycleMoves[i] = pos.lastMove();
    pos.undo();
  }
}

function judgeCycle(pos: Position, cycle: number, details?: CycleDetails, firstPly = 1): number {
  if (cycle + 1 > cycleMoves.length || pos.sp < cycle) return V_DRAW;
  // the move that produced the first occurrence counts too (for the last mover, whose move it
  // was), as Fairy-Stockfish counts it — when it is on the stack
  const entry = pos.sp > cycle ? 1 : 0;
  const length = cycle + entry;
  // pass 1: which moves gave check
  rewind(pos, length);
  const side0 = pos.turn; // the side of the cycle's first move
  let check0 = true;
  let check1 = true;
  for (let i = 0; i < length; i++) {
    pos.play(cycleMoves[i]!);
    const c = xiangqi.inCheck(pos);
    cycleChecks[i] = c ? 1 : 0;
    if (!c) {
      if (((side0 + i) & 1) === 0) check0 = false;
      else check1 = false;
    }
  }
  // 1. perpetual check
  if (check0 || check1) {
    const code = check0 && check1 ? V_DRAW | V_CHECK | V_MUTUAL : (check0 ? V_SIDE0_LOSES : V_SIDE1_LOSES) | V_CHECK;
    if (!details) return code;
    return explainCycle(pos, length, entry, code, [0, 0], details, firstPly);
  }
  // 2. perpetual chase: intersect each side's newly chased pieces over its moves (with details,
  // the explaining walk does it)
  if (details) return explainCycle(pos, length, entry, -1, null, details, firstPly);
  rewind(pos, length);
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
  const code =
    chase0 || chase1 ? (chase0 && chase1 ? V_DRAW | V_CHASE | V_MUTUAL : (chase0 ? V_SIDE0_LOSES : V_SIDE1_LOSES) | V_CHASE) : V_DRAW;
  if (!details) return code;
  return explainCycle(pos, length, entry, code, [chase0, chase1], details, firstPly);
}

/**
 * Walks the cycle again, noting what each move did, and words the ruling. Returns `code`, or when
 * it is -1 the chase verdict it finds on the way (`chased` null: intersected here).
 */
function explainCycle(
  pos: Position,
  length: number,
  entry: number,
  code: number,
  chased: number[] | null,
  details: CycleDetails,
  firstPly: number,
): number {
  const log: ChaseLog = { texts: [], by: [new Map(), new Map()], checkers: [new Set(), new Set()] };
  rewind(pos, length);
  const side0 = pos.turn;
  assignIds(pos);
  const moves: CycleMove[] = [];
  const masks = chased ?? [0xffff, 0xffff];
  for (let i = 0; i < length; i++) {
    const s = ((side0 + i) & 1) as Side;
    log.texts.length = 0;
    const m = cycleMoves[i]!;
    const check = cycleChecks[i] === 1;
    const mask = playAndChase(pos, m, s, check, log);
    if (!chased) masks[s]! &= mask;
    moves.push({ ply: firstPly - entry + i, side: s, move: m, check, chases: [...log.texts], ...(i < entry ? { entry: true } : {}) });
  }
  details.moves = moves;
  if (code < 0) {
    const [c0, c1] = masks as [number, number];
    code = c0 || c1 ? (c0 && c1 ? V_DRAW | V_CHASE | V_MUTUAL : (c0 ? V_SIDE0_LOSES : V_SIDE1_LOSES) | V_CHASE) : V_DRAW;
  }
  const span = `at plies ${firstPly}–${firstPly + length - entry - 1}`;
  const chaseText = (s: number): string => {
    const victims: string[] = [];
    const attackers = new Set<string>();
    for (let v = 0; v < 16; v++) {
      if (!(masks[s]! & (1 << v))) continue;
      const sq = squareOfId(pos, v, s ^ 1);
      if (sq >= 0) victims.push(`the ${describe(pos.board[sq]!, sq)}`);
      for (const k of log.by[s]!.get(v) ?? []) attackers.add(k);
    }
    return `${SIDE_NAMES[s]} ${joinAnd([...attackers])} chased ${joinAnd(victims)}`;
  };
  const loser = code & 3;
  if (code & V_CHECK) {
    if (loser === V_DRAW) details.detail = `both sides gave check with every move ${span}`;
    else details.detail = `${SIDE_NAMES[loser - 1]} ${joinAnd([...log.checkers[loser - 1]!])} gave check with every move ${span}`;
  } else if (code & V_CHASE) {
    if (loser === V_DRAW) details.detail = `both sides chased perpetually ${span} (${chaseText(0)}; ${chaseText(1)})`;
    else details.detail = `${chaseText(loser - 1)} ${span}`;
  } else details.detail = `the position repeated 3 times; neither side checked, or chased one same piece, with every move (${span.slice(3)})`;
  return code;
}

// ---------------------------------------------------------------------------------------------
// Move counting and warnings

function limitResult(h: GameHistory): GameResult | null {
  const n = h.plies;
  const since = h.sinceAt(n);
  const plies = n - since + (since === 0 ? h.start.halfmove : 0);
  if (plies < XIANGQI_MOVE_LIMIT) return null;
  const checks = [0, 0];
  for (let k = since + 1; k <= n; k++) if (h.flagsAt(k) & FLAG_CHECK) checks[h.sideAt(k)]++;
  // each check beyond a side's 10th leaves that side's move uncounted: the limit moves one full
  // move (2 plies) further for each such check of the side that gave more of them
  const extra = Math.max(0, Math.max(checks[0]!, checks[1]!) - XIANGQI_COUNTED_CHECKS);
  if (plies - 2 * extra < XIANGQI_MOVE_LIMIT) return null;
  return {
    winner: 'none',
    reason: 'move limit',
    detail:
      `60-move rule: ${plies} plies without a capture` +
      (extra > 0 ? `; ${extra} check${extra === 1 ? '' : 's'} beyond the 10th did not count (${extra} more move${extra === 1 ? '' : 's'})` : ''),
  };
}

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
  const movedIds: number[] = [];
  const chaseIds: number[][] = [];
  for (let j = lo; j <= n; j++) {
    const m = h.moveAt(j);
    const s = h.sideAt(j);
    if (s === side) {
      const id = idBoard[m & 0xff]!;
      const isCheck = (h.flagsAt(j) & FLAG_CHECK) !== 0;
      playAndChase(pos, m, s, isCheck, null);
      const attackers: number[] = [];
      for (let a = 0; a < 16; a++) if (lastChasers & (1 << a)) attackers.push(a);
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
  sideNames: SIDE_NAMES,
  repetitions: 3,
  moveFlags: (pos) => (xiangqi.inCheck(pos) ? FLAG_CHECK : 0),
  // only captures reset the halfmove clock (xiangqi.md), and only captures are irreversible here
  irreversible: (pos) => pos.halfmove === 0,
  positionResult: xiangqiPositionResult,
  quickResult: (pos, irreversible) => (irreversible && !xiangqiSufficientMaterial(pos) ? INSUFFICIENT : null),
  judgeCycle,
  limitResult,
  forcingRun,
};
