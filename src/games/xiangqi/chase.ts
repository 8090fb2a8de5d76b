/**
 * Xiangqi's chase relation (đuổi), as implemented (see end.ts for the rule in words): which
 * pieces of a side can take which opposing pieces and chase them (`chaseRelation`), and the
 * chase step of a judged cycle (`playAndChase`: the pieces a move newly chases). The piece ids
 * of a cycle live on `idBoard` (per side 0–15; a piece keeps its id while it moves). No words
 * here: explanations record squares and piece codes in a `ChaseLog` and explain.ts words them.
 */
import { V_CHASE, V_DRAW, V_MUTUAL, V_SIDE0_LOSES, V_SIDE1_LOSES } from '../../core/end-rules.js';
import { moveFrom, moveTo } from '../../core/move.js';
import { pieceCode, pieceKind, pieceSide, type Side } from '../../core/piece.js';
import type { Position } from '../../core/position.js';
import { ADVISOR, CANNON, CHARIOT, ELEPHANT, HORSE, KING, SOLDIER } from './pieces.js';
import { generalAttacked, generalSquare } from './check.js';
import { LINE_STEP, MOVES, SLIDES } from './lean-replay.js';

const W = 9;
const SIZE = 90;

// ---------------------------------------------------------------------------------------------
// The chase relation

const attScratch = new Int32Array(32);
/** Attackers of the attacking side's own general (a check on the board, ignored for its captures). */
const ownCheck = new Int32Array(32);
/** Attackers of the victim side's general (a check the move gave, ignored for its recaptures). */
const victimCheck = new Int32Array(32);
const protBefore = new Int32Array(16);
const protPseudo = new Int32Array(16);
const protLegal = new Int32Array(16);

/**
 * When sq holds a general: appends side `by`'s general to out[c..] if it faces it on the file with
 * nothing between (the flying-general capture); returns the new count.
 */
function facingGeneral(b: Uint8Array, sq: number, by: number, out: Int32Array, c: number): number {
  const target = b[sq]!;
  if (pieceKind(target) !== KING) return c;
  const step = pieceSide(target) === 0 ? W : -W;
  for (let s = sq + step; s >= 0 && s < SIZE; s += step) {
    const q = b[s]!;
    if (q === 0) continue;
    if (q === pieceCode(KING, by) && c < out.length) out[c++] = s;
    break;
  }
  return c;
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
  const e = cachedPairs(pos, side);
  const pairs = cachePairs[e]!;
  for (let i = 0, n = cacheCount[e]!; i < n; i++) {
    const pair = pairs[i]!;
    const a = ids[pair & 0x7f]!;
    const v = ids[(pair >> 7) & 0x7f]!;
    if (a < 0 || v < 0) continue;
    if (attack) attack[a]! |= 1 << v;
    if (pair & CHASED) chase[a]! |= 1 << v;
  }
}

// The relation of a position is kept by squares (from | to << 7 | CHASED), in a small cache keyed
// by the board and the side: judging a long repetition walks the same few positions again at
// every ply (each ply's cycle overlaps the last one's), and the relation is the costly part.
const CHASED = 1 << 14;
const CACHE_SIZE = 64;
const MAX_PAIRS = 256;
const cacheBoard = new Uint8Array(CACHE_SIZE * SIZE);
const cacheSide = new Int8Array(CACHE_SIZE).fill(-1);
const cacheCount = new Int32Array(CACHE_SIZE);
const cachePairs: Int32Array[] = Array.from({ length: CACHE_SIZE }, () => new Int32Array(MAX_PAIRS));

/** The cache entry holding the relation of `side` in pos (computed now if it is not there). */
function cachedPairs(pos: Position, side: Side): number {
  const b = pos.board;
  const e = ((pos.hashLo ^ pos.hashHi) >>> 0) % (CACHE_SIZE >> 1) * 2 + side;
  if (cacheSide[e] === side) {
    const at = e * SIZE;
    let same = true;
    for (let sq = 0; sq < SIZE; sq++)
      if (cacheBoard[at + sq] !== b[sq]) {
        same = false;
        break;
      }
    if (same) return e;
  }
  cacheBoard.set(b.subarray(0, SIZE), e * SIZE);
  cacheSide[e] = -1; // not valid until filled (a throw midway would leave it half done)
  cacheCount[e] = relationPairs(pos, side, cachePairs[e]!);
  cacheSide[e] = side;
  return e;
}

/**
 * Can the piece on `from` move to `to` by its own moves (a pseudo-legal move, `to` empty or the
 * other side's)? The moves `generatePseudo` makes, by lean-replay.ts's table.
 */
function reachesOnBoard(b: Uint8Array, from: number, to: number): boolean {
  const p = b[from]!;
  const t = MOVES[p * 8100 + from * 90 + to]!;
  if (t === SLIDES) {
    const step = LINE_STEP[from * 90 + to]!;
    let between = 0;
    for (let s = from + step; s !== to; s += step) if (b[s] !== 0) between++;
    return between === (pieceKind(p) === CANNON && b[to] !== 0 ? 1 : 0);
  }
  return t === 1 || (t > 1 && b[t - 2] === 0);
}

/** `attackersOf` on the board alone: the squares of side `by`'s pieces that can take on sq, plus a facing general. */
function attackersOnBoard(b: Uint8Array, sq: number, by: number, out: Int32Array): number {
  let c = 0;
  for (let s = 0; s < SIZE; s++) {
    const p = b[s]!;
    if (p !== 0 && pieceSide(p) === by && reachesOnBoard(b, s, sq) && c < out.length) out[c++] = s;
  }
  return facingGeneral(b, sq, by, out, c);
}

/**
 * `allowed` on the board alone: may `mover` move from → to (a pseudo-legal move), a check on the
 * board aside (its attackers listed in ignore[0..ignoreN))?
 */
function allowedOnBoard(b: Uint8Array, from: number, to: number, ksq: number, mover: number, ignore: Int32Array, ignoreN: number): boolean {
  const p = b[from]!;
  const cap = b[to]!;
  b[to] = p;
  b[from] = 0;
  const king = from === ksq;
  const k = king ? to : ksq;
  if (!generalAttacked(b, k, mover)) {
    b[from] = p;
    b[to] = cap;
    return true;
  }
  const n = attackersOnBoard(b, k, mover ^ 1, attScratch);
  b[from] = p;
  b[to] = cap;
  return king ? n === 0 : onlyIgnored(n, ignore, ignoreN);
}

/**
 * After the capture from → sq by the side other than `them`, the pieces of `them` that may take
 * back on sq legally (the check the capturing side's previous move gave, victimCheck[0..checkN),
 * aside; `vk`: them's general), on the board alone. Fills `legal` (and `pseudo`: every piece that
 * reaches sq, a pin aside), each ended by -1 when not full, and returns the number of legal ones;
 * with `legal` null it stops at the first (the answer is then 0 or 1).
 */
function recapturesOnBoard(
  b: Uint8Array,
  from: number,
  sq: number,
  them: number,
  vk: number,
  checkN: number,
  legal: Int32Array | null,
  pseudo: Int32Array | null,
): number {
  const p = b[from]!;
  const cap = b[sq]!;
  // taking them's general leaves it none to keep safe (no legal recapture)
  const k = pieceKind(cap) === KING ? -1 : vk;
  b[sq] = p;
  b[from] = 0;
  let nl = 0;
  let np = 0;
  for (let r = 0; r < SIZE; r++) {
    const q = b[r]!;
    if (q === 0 || pieceSide(q) !== them || !reachesOnBoard(b, r, sq)) continue;
    if (pseudo && np < pseudo.length) pseudo[np++] = r;
    if (k >= 0 && allowedOnBoard(b, r, sq, k, them, victimCheck, checkN)) {
      if (legal === null) {
        nl = 1;
        break;
      }
      if (nl < legal.length) legal[nl++] = r;
    }
  }
  b[from] = p;
  b[sq] = cap;
  if (legal && nl < legal.length) legal[nl] = -1;
  if (pseudo && np < pseudo.length) pseudo[np] = -1;
  return nl;
}

/** Can `them` take back on sq after the capture from → sq (`recapturesOnBoard` > 0)? */
const canRecapture = (b: Uint8Array, from: number, sq: number, them: number, vk: number, checkN: number): boolean =>
  recapturesOnBoard(b, from, sq, them, vk, checkN, null, null) > 0;

/** Squares of the other side's pieces that `relationPairs` may count as targets. */
const targets = new Int32Array(16);

/**
 * The relation of `side` in pos as square pairs into out; returns how many (see chaseRelation).
 * On the board alone (xiangqi's moves by table, check.ts's attack test): the same pairs as the
 * generic moves and the `allowed` / `recaptures` tests on the position would give.
 */
function relationPairs(pos: Position, side: Side, out: Int32Array): number {
  const b = pos.board;
  const them = side ^ 1;
  const ksq = generalSquare(b, side);
  if (ksq < 0) return 0;
  const vk = generalSquare(b, them);
  // the attackers of each general (none when it is not attacked): a check on the board, set aside
  // for the captures (the side's own general) or the recaptures (the other one); the tests below
  // take an empty list for no check (each the same code for both: no path the compiler has not seen)
  const ownN = attackersOnBoard(b, ksq, them, ownCheck);
  const checkN = vk >= 0 ? attackersOnBoard(b, vk, side, victimCheck) : 0;
  // the other side's pieces that can count: not the general, not a soldier on its own side
  let nt = 0;
  for (let sq = 0; sq < SIZE; sq++) {
    const q = b[sq]!;
    if (q === 0 || pieceSide(q) === side) continue;
    const kv = pieceKind(q);
    if (kv === KING || (kv === SOLDIER && !crossed(sq, them))) continue;
    if (nt < targets.length) targets[nt++] = sq;
  }
  let count = 0;
  if (nt === 0) return 0;
  for (let from = 0; from < SIZE; from++) {
    const p = b[from]!;
    if (p === 0 || pieceSide(p) !== side) continue;
    const ka = pieceKind(p);
    if (ka === KING || ka === SOLDIER) continue;
    for (let i = 0; i < nt; i++) {
      const to = targets[i]!;
      if (!reachesOnBoard(b, from, to)) continue;
      if (!allowedOnBoard(b, from, to, ksq, side, ownCheck, ownN)) continue;
      const kv = pieceKind(b[to]!);
      let chased: boolean;
      if (
        ((ka === HORSE || ka === CANNON) && kv === CHARIOT) ||
        ((ka === ELEPHANT || ka === ADVISOR) && (kv === CHARIOT || kv === CANNON || kv === HORSE))
      )
        chased = true;
      else {
        // an offered exchange (the target can take the attacker) is no chase
        const offered = ka === kv && vk >= 0 && reachesOnBoard(b, to, from) && allowedOnBoard(b, to, from, vk, them, victimCheck, checkN);
        chased = !offered && !canRecapture(b, from, to, them, vk, checkN);
      }
      if (count < out.length) out[count++] = from | (to << 7) | (chased ? CHASED : 0);
    }
  }
  return count;
}

/**
 * Fairy-Stockfish's "fake protection" case: the move just played (m, on pos's stack) left a
 * standing attack of the piece on `from` (now on `at`) against the piece on `vsq` unprotected
 * because it pinned a protector: a piece that could take back before can still reach the square
 * but may no longer legally (a protector merely blocked off does not count).
 */
function pinnedProtector(pos: Position, m: number, at: number, vsq: number): boolean {
  const mover = pos.turn ^ 1;
  const them = mover ^ 1;
  const origin = at === moveTo(m) ? moveFrom(m) : at;
  const b = pos.board;
  // before the move: who could take back?
  pos.undo();
  const vkB = generalSquare(b, them);
  const nB = vkB >= 0 ? attackersOnBoard(b, vkB, mover, victimCheck) : 0;
  const nb = recapturesOnBoard(b, origin, vsq, them, vkB, nB, protBefore, null);
  pos.play(m);
  if (nb === 0) return false;
  const vkA = generalSquare(b, them);
  const nA = vkA >= 0 ? attackersOnBoard(b, vkA, mover, victimCheck) : 0;
  recapturesOnBoard(b, at, vsq, them, vkA, nA, protLegal, protPseudo);
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
// Piece ids and the chase step of a cycle

/** Square → per-side piece id (0–15) or -1, for the cycle being judged (set by assignIds/moveIds). */
const idBoard = new Int8Array(SIZE);

/** The id of the piece on sq since the last `assignIds` (-1: none). */
export const pieceIdAt = (sq: number): number => idBoard[sq]!;
const relBefore = new Uint16Array(16);
const relAfter = new Uint16Array(16);
const atkBefore = new Uint16Array(16);

/** Numbers the pieces on pos (each side 0–15, in square order) on `idBoard`. */
export function assignIds(pos: Position): void {
  const b = pos.board;
  let red = 0;
  let black = 0;
  for (let sq = 0; sq < SIZE; sq++) {
    const p = b[sq]!;
    if (p === 0) idBoard[sq] = -1;
    else if (pieceSide(p) === 0) idBoard[sq] = red < 16 ? red++ : -1;
    else idBoard[sq] = black < 16 ? black++ : -1;
  }
}

/** Applies move m to the id board (the piece keeps its id; a captured piece's id is gone). */
export function moveIds(m: number): void {
  const from = moveFrom(m);
  const to = moveTo(m);
  idBoard[to] = idBoard[from]!;
  idBoard[from] = -1;
}

/** The square of the piece of `side` with this id, or -1. */
export function squareOfId(pos: Position, id: number, side: number): number {
  const b = pos.board;
  for (let sq = 0; sq < SIZE; sq++) if (idBoard[sq] === id && b[sq] !== 0 && pieceSide(b[sq]!) === side) return sq;
  return -1;
}

/** One chase found while explaining: the chased piece and the chaser (codes and squares after the move). */
export interface ChaseHit {
  readonly victim: number;
  readonly victimSq: number;
  readonly attacker: number;
  readonly attackerSq: number;
}

/** What the explaining walk notes as it plays a cycle (allocates; not on the hot path). */
export interface ChaseLog {
  /** The chases of the move just played (cleared by the caller between moves). */
  readonly hits: ChaseHit[];
  /** [side][victim id] → set of attacker kinds that chased it */
  readonly by: Map<number, Set<number>>[];
  /** [side] → kinds of the pieces that moved to give check */
  readonly checkers: Set<number>[];
}

export const newChaseLog = (): ChaseLog => ({ hits: [], by: [new Map(), new Map()], checkers: [new Set(), new Set()] });

/** The outcome of one chase step (an out-object the caller owns and may reuse). */
export interface ChaseStep {
  /** Mask of the opposing piece ids the move newly chased. */
  victims: number;
  /** Mask of the mover's piece ids that chased. */
  chasers: number;
}

// The chases of a move, by squares (attacker and victim after the move), kept for the cycles judged
// in a record: one that goes on repeating is judged at every ply, each cycle overlapping the last
// one's, and what a move chases depends only on the board before it and the move (the piece ids
// of a cycle only name the pieces). Keyed by the position's hash, checked against the board.
const STEP_CACHE = 256;
const STEP_PAIRS = 32;
const stepBoard = new Uint8Array(STEP_CACHE * SIZE);
const stepMove = new Int32Array(STEP_CACHE).fill(-1);
const stepSide = new Int8Array(STEP_CACHE);
const stepCount = new Int32Array(STEP_CACHE);
/** attacker square | victim square << 7, STEP_PAIRS per entry */
const stepPairs = new Int32Array(STEP_CACHE * STEP_PAIRS);
/**
 * The pairs of the move being played (key: attacker id << 4 | victim id, then the squares), in key
 * order. At most 48: the ten pieces that can chase take 4 points each, the horses 8.
 */
const pairOrder = new Int32Array(2 * 128);
/** The square of each piece id after the move (side * 16 + id), -1 when none. */
const idSquare = new Int32Array(32);

/** Forgets every relation and chase kept (tests compare the judgements made with and without them). */
export function forgetChases(): void {
  stepMove.fill(-1);
  cacheSide.fill(-1);
}

/** The cache entry of move m by side s on pos's board, or -1. */
function stepEntry(pos: Position, m: number, s: Side): number {
  const e = ((pos.hashLo ^ Math.imul(m, 0x9e3779b1)) >>> 0) % STEP_CACHE;
  if (stepMove[e] !== m || stepSide[e] !== s) return -1;
  const b = pos.board;
  const at = e * SIZE;
  for (let sq = 0; sq < SIZE; sq++) if (stepBoard[at + sq] !== b[sq]) return -1;
  return e;
}

/**
 * Plays m (by side s) on pos and returns the mask of the opposing piece ids it newly chases: the
 * relation before, the move, the relation after; a chase needs a new attack (the attacker could
 * not take the target before), or a protector newly pinned by the move (`pinnedProtector`).
 * When `out` is given, it receives the victims and the ids of the chasing pieces.
 */
export function playAndChase(pos: Position, m: number, s: Side, check: boolean, log: ChaseLog | null, out?: ChaseStep): number {
  let e = stepEntry(pos, m, s);
  let n = 0;
  if (e >= 0) {
    pos.play(m);
    moveIds(m);
    const k = e * STEP_PAIRS;
    const c = stepCount[e]!;
    // in the id order of this cycle (the order the pairs were found in: attackers, then victims)
    for (let i = 0; i < c; i++) {
      const pair = stepPairs[k + i]!;
      const key = (idBoard[pair & 0x7f]! << 4) | idBoard[pair >> 7]!;
      let j = n++;
      while (j > 0 && pairOrder[(j - 1) * 2]! > key) {
        pairOrder[j * 2] = pairOrder[(j - 1) * 2]!;
        pairOrder[j * 2 + 1] = pairOrder[(j - 1) * 2 + 1]!;
        j--;
      }
      pairOrder[j * 2] = key;
      pairOrder[j * 2 + 1] = pair;
    }
  } else {
    // the board before the move, for the cache
    e = ((pos.hashLo ^ Math.imul(m, 0x9e3779b1)) >>> 0) % STEP_CACHE;
    stepMove[e] = -1;
    stepBoard.set(pos.board.subarray(0, SIZE), e * SIZE);
    // the relation after the move first: when it has no pair (two moves in three of judged
    // cycles), the move chases nothing and the relation before it is not needed
    const from = moveFrom(m);
    const to = moveTo(m);
    const takenId = idBoard[to]!;
    pos.play(m);
    moveIds(m);
    chaseRelation(pos, s, idBoard, relAfter);
    let any = 0;
    for (let a = 0; a < 16; a++) any |= relAfter[a]!;
    if (any === 0) {
      relBefore.fill(0);
      atkBefore.fill(0);
    } else {
      pos.undo();
      idBoard[from] = idBoard[to]!;
      idBoard[to] = takenId;
      chaseRelation(pos, s, idBoard, relBefore, atkBefore);
      pos.play(m);
      moveIds(m);
    }
    idSquare.fill(-1);
    // (a piece without a square cannot be: such a pair is counted, not cached, and not worded)
    let lost = false;
    const b = pos.board;
    for (let sq = SIZE - 1; sq >= 0; sq--) {
      const id = idBoard[sq]!;
      if (id >= 0 && b[sq] !== 0) idSquare[pieceSide(b[sq]!) * 16 + id] = sq;
    }
    for (let a = 0; a < 16; a++) {
      let fresh = relAfter[a]! & ~atkBefore[a]!;
      const standing = relAfter[a]! & atkBefore[a]! & ~relBefore[a]!;
      const aSq = idSquare[s * 16 + a]!;
      if (standing && aSq >= 0)
        for (let v = 0; v < 16; v++) if (standing & (1 << v) && pinnedProtector(pos, m, aSq, idSquare[(s ^ 1) * 16 + v]!)) fresh |= 1 << v;
      if (fresh === 0) continue;
      for (let v = 0; v < 16; v++) {
        if (!(fresh & (1 << v))) continue;
        const vSq = idSquare[(s ^ 1) * 16 + v]!;
        if (aSq < 0 || vSq < 0) lost = true;
        pairOrder[n * 2] = (a << 4) | v;
        pairOrder[n * 2 + 1] = aSq < 0 || vSq < 0 ? -1 : aSq | (vSq << 7);
        n++;
      }
    }
    if (n <= STEP_PAIRS && !lost) {
      for (let i = 0; i < n; i++) stepPairs[e * STEP_PAIRS + i] = pairOrder[i * 2 + 1]!;
      stepCount[e] = n;
      stepSide[e] = s;
      stepMove[e] = m;
    }
  }
  if (log && check) log.checkers[s]!.add(pieceKind(pos.board[moveTo(m)]!));
  let mask = 0;
  let chasers = 0;
  for (let i = 0; i < n; i++) {
    const key = pairOrder[i * 2]!;
    mask |= 1 << (key & 15);
    chasers |= 1 << (key >> 4);
    if (log) {
      const pair = pairOrder[i * 2 + 1]!;
      if (pair < 0) continue;
      const aSq = pair & 0x7f;
      const vSq = pair >> 7;
      log.hits.push({ victim: pos.board[vSq]!, victimSq: vSq, attacker: pos.board[aSq]!, attackerSq: aSq });
      let set = log.by[s]!.get(key & 15);
      if (!set) log.by[s]!.set(key & 15, (set = new Set()));
      set.add(pieceKind(pos.board[aSq]!));
    }
  }
  if (out) {
    out.victims = mask;
    out.chasers = chasers;
  }
  return mask;
}

/** Undoes the last `length` moves of pos into `into` (oldest first). */
export function rewind(pos: Position, length: number, into: Int32Array): void {
  for (let i = length - 1; i >= 0; i--) {
    into[i] = pos.lastMove();
    pos.undo();
  }
}

/** The V_* code of a chase verdict from the sides' intersected chase masks. */
export const chaseCode = (chase0: number, chase1: number): number =>
  chase0 || chase1 ? (chase0 && chase1 ? V_DRAW | V_CHASE | V_MUTUAL : (chase0 ? V_SIDE0_LOSES : V_SIDE1_LOSES) | V_CHASE) : V_DRAW;

/** Are the n attackers in attScratch all among ignore[0..ignoreN) (the attackers there before the move)? */
function onlyIgnored(n: number, ignore: Int32Array, ignoreN: number): boolean {
  for (let i = 0; i < n; i++) {
    const a = attScratch[i]!;
    let old = false;
    for (let j = 0; j < ignoreN; j++) if (ignore[j] === a) old = true;
    if (!old) return false;
  }
  return true;
}

