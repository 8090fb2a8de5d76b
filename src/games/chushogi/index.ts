/**
 * Chu Shogi: the piece data plus the rules data cannot say (spec chushogi.md, lishogi rules):
 *  - lion power (the `special: 'lion:…'` extension): igui, jitto, capture-then-step, double capture;
 *  - promotion on entering the zone, capturing with start or end in it, or a pawn/lance reaching
 *    the last rank — always optional;
 *  - the lion-trading rules: (1) an adjacent lion may always be taken; (2) a lion two squares away
 *    may not be taken by a lion if it is protected (protectors seen with the capturing lion lifted,
 *    so X-rays count), unless the first step captured something other than a pawn or go-between;
 *    (3) counter-strike: after a non-lion captured a lion, the other side's non-lions may not
 *    capture a lion on the next move except on that square (kept in `pos.aux` as square + 1);
 *  - moving into check is legal; a side to move without any royal (King or Crown Prince) while the
 *    opponent has one has lost, and has no moves — except in a mate problem (tsume), where the
 *    attacker has no royal by convention: a position whose side without royals started so is
 *    played with `chushogiProblem` (the same rules, the attacker keeps its moves; the SFEN reader
 *    picks it where the input says so: a start, a problem, `--problem`; docs/rules.md).
 */
import { makeMove, moveFrom, moveMid, moveMidRaw, moveTo } from '../../core/move.js';
import { isAttacked, generatePseudo } from '../../core/movegen.js';
import { pieceCode, pieceKind, pieceSide } from '../../core/piece.js';
import type { Position } from '../../core/position.js';
import { parseBetza } from '../../core/betza.js';
import { buildVariantData, shareLazyTables, type Variant } from '../../core/variant.js';
import { CHU_PIECES, GOBETWEEN, LANCE, LION_SPECIAL, PAWN, inPromotionZone } from './pieces.js';
import { formatProblem } from '../../core/problem.js';
import { chuQuiets } from './captures.js';

export * from './pieces.js';

export const CHU_START_SFEN =
  'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1';

const W = 12;
const H = 12;
const SIZE = W * H;

// the move tables, and the square tables below (buildSquareTables), are built with the first chu
// position (core/variant.ts ensureTables): xiangqi-only runs such as validate on xiangqi records
// never pay for them
const data = buildVariantData({ id: 'chushogi', width: W, height: H, pieces: CHU_PIECES }, undefined, true, () => buildSquareTables());
const CODES = data.codeCount;

/** Per piece code: 1 for a Lion (the Lion and the promoted Kirin), the pieces rules 1–3 speak of. */
export const LION_CODE = new Uint8Array(CODES);
/** Per piece code: 1 = all-round lion power (Lion), 2 = lion power along lines (Falcon, Eagle). */
const POWER = new Uint8Array(CODES);
/** Per piece code: pawn or go-between (a first-step capture of these is no bridge). */
const MINOR = new Uint8Array(CODES);
/** Per piece code: pawn or lance (may promote on reaching the last rank). */
const PAWN_LANCE = new Uint8Array(CODES);
/** Per (side, square): in side's promotion zone. */
const ZONE = new Uint8Array(2 * SIZE);
/** Per (side, square): side's last rank. */
const LAST_RANK = new Uint8Array(2 * SIZE);
/** Neighbours: ADJ[sq * 8 + d], -1 off the board. */
const ADJ = new Int16Array(SIZE * 8).fill(-1);
/**
 * Line lion power, per (piece code, square): pairs (first step, second step or -1) in
 * LINE_SQ[LINE_START[i] ..  LINE_START[i + 1]), i = code * SIZE + sq.
 */
const LINE_START = new Int32Array(CODES * SIZE + 1);
let LINE_SQ = new Int16Array(0);
/** Directions of each code's lion power (for diagrams and notation): [dx, dy] from side 0's view. */
export const LION_DIRECTIONS: ReadonlyMap<string, readonly [number, number][]> = lionDirections();

const DIRS: [number, number][] = [[0, 1], [1, 1], [1, 0], [1, -1], [0, -1], [-1, -1], [-1, 0], [-1, 1]];

function lionDirections(): Map<string, [number, number][]> {
  const m = new Map<string, [number, number][]>();
  for (const p of CHU_PIECES) {
    if (!p.special?.startsWith('lion:')) continue;
    const atoms = parseBetza(p.special.slice(5));
    if (!atoms.ok) throw new Error(`piece ${p.id}: ${formatProblem(atoms.error)}`);
    m.set(p.id, atoms.value.map((a) => [a.dx, a.dy]));
  }
  return m;
}

// per piece code (cheap: made at load, as the rules and notation read them)
CHU_PIECES.forEach((p, i) => {
  for (const side of [0, 1]) {
    const code = pieceCode(i + 1, side);
    if (p.special === LION_SPECIAL) {
      LION_CODE[code] = 1;
      POWER[code] = 1;
    } else if (p.special?.startsWith('lion:')) POWER[code] = 2;
    if (i + 1 === PAWN || i + 1 === GOBETWEEN) MINOR[code] = 1;
    if (i + 1 === PAWN || i + 1 === LANCE) PAWN_LANCE[code] = 1;
  }
});

/**
 * The per-square tables (ADJ, ZONE, LAST_RANK, LINE_START, LINE_SQ), read only by the rules of a
 * chu position: built with the first one (core/variant.ts ensureTables, `withTables`), once.
 */
function buildSquareTables(): void {
  for (let sq = 0; sq < SIZE; sq++) {
    const x = sq % W;
    const y = (sq / W) | 0;
    DIRS.forEach(([dx, dy], d) => {
      const tx = x + dx;
      const ty = y + dy;
      if (tx >= 0 && ty >= 0 && tx < W && ty < H) ADJ[sq * 8 + d] = ty * W + tx;
    });
    for (const side of [0, 1]) {
      ZONE[side * SIZE + sq] = inPromotionZone(y, side) ? 1 : 0;
      LAST_RANK[side * SIZE + sq] = y === (side === 0 ? H - 1 : 0) ? 1 : 0;
    }
  }
  const line: number[] = [];
  for (let code = 0; code < CODES; code++) {
    const p = CHU_PIECES[pieceKind(code) - 1];
    const dirs = POWER[code] === 2 && p ? LION_DIRECTIONS.get(p.id)! : [];
    const sgn = pieceSide(code) === 0 ? 1 : -1;
    for (let sq = 0; sq < SIZE; sq++) {
      LINE_START[code * SIZE + sq] = line.length;
      const x = sq % W;
      const y = (sq / W) | 0;
      for (const [dx, dy] of dirs) {
        const x1 = x + dx * sgn;
        const y1 = y + dy * sgn;
        if (x1 < 0 || y1 < 0 || x1 >= W || y1 >= H) continue;
        const x2 = x1 + dx * sgn;
        const y2 = y1 + dy * sgn;
        line.push(y1 * W + x1, x2 >= 0 && y2 >= 0 && x2 < W && y2 < H ? y2 * W + x2 : -1);
      }
    }
  }
  LINE_START[CODES * SIZE] = line.length;
  LINE_SQ = Int16Array.from(line);
}

/** Chebyshev distance between two squares. */
export const distance = (a: number, b: number): number =>
  Math.max(Math.abs((a % W) - (b % W)), Math.abs(((a / W) | 0) - ((b / W) | 0)));

/**
 * The lion-power double moves of the piece `p` on `from` (the `special` hook): igui (capture on
 * the first step and return: to = from, mid = the captured square), capture-then-step and double
 * capture (mid = the first captured square), and one pass (to = from, mid = an empty square) if
 * any first step is empty. Double steps through an empty square to another square are the plain
 * move to that square, which the tables already give, so they are not generated again.
 */
function generateSpecial(pos: Position, from: number, p: number, out: Int32Array, n: number): number {
  return lionPass(pos, from, p, out, lionPowerCaptures(pos, from, p, out, n));
}

/**
 * The one non-capturing move of lion power that the tables do not give: the pass of `p` on `from`
 * (to = from, mid = its first empty lion-power step), as `generateSpecial` makes it.
 */
export function lionPass(pos: Position, from: number, p: number, out: Int32Array, n: number): number {
  const b = pos.board;
  if (POWER[p] === 1) {
    for (let d = 0, base = from * 8; d < 8; d++) {
      const m = ADJ[base + d]!;
      if (m >= 0 && b[m] === 0) {
        out[n++] = makeMove(from, from, m);
        break;
      }
    }
  } else {
    const i = p * SIZE + from;
    for (let k = LINE_START[i]!, e = LINE_START[i + 1]!; k < e; k += 2)
      if (b[LINE_SQ[k]!] === 0) {
        out[n++] = makeMove(from, from, LINE_SQ[k]!);
        break;
      }
  }
  return n;
}

/**
 * The capturing lion-power double moves of `p` on `from` (all of `generateSpecial`'s moves but the
 * pass, which it adds after them).
 */
export function lionPowerCaptures(pos: Position, from: number, p: number, out: Int32Array, n: number): number {
  const b = pos.board;
  const us = pieceSide(p);
  if (POWER[p] === 1) {
    const base = from * 8;
    for (let d = 0; d < 8; d++) {
      const m = ADJ[base + d]!;
      if (m < 0) continue;
      const q = b[m]!;
      if (q === 0 || pieceSide(q) === us) continue;
      out[n++] = makeMove(from, from, m);
      const mb = m * 8;
      for (let e = 0; e < 8; e++) {
        const t = ADJ[mb + e]!;
        if (t < 0 || t === from) continue;
        const r = b[t]!;
        if (r !== 0 && pieceSide(r) === us) continue;
        out[n++] = makeMove(from, t, m);
      }
    }
  } else {
    const i = p * SIZE + from;
    for (let k = LINE_START[i]!, e = LINE_START[i + 1]!; k < e; k += 2) {
      const m = LINE_SQ[k]!;
      const q = b[m]!;
      if (q === 0 || pieceSide(q) === us) continue;
      out[n++] = makeMove(from, from, m);
      const t = LINE_SQ[k + 1]!;
      if (t < 0) continue;
      const r = b[t]!;
      if (r !== 0 && pieceSide(r) === us) continue;
      out[n++] = makeMove(from, t, m);
    }
  }
  return n;
}

/**
 * Is from → mid → to a double-step path of the piece on `from` (mid one lion-power step away; to
 * one step from mid: anywhere for a Lion, straight on or back for a Falcon or Eagle)? Geometry
 * only: what stands on the squares is the move generator's business.
 */
export function lionDoubleStepSquares(pos: Position, from: number, mid: number, to: number): boolean {
  const p = pos.board[from]!;
  if (POWER[p] === 1) return distance(from, mid) === 1 && distance(mid, to) === 1;
  if (POWER[p] !== 2) return false;
  const i = p * SIZE + from;
  for (let k = LINE_START[i]!, e = LINE_START[i + 1]!; k < e; k += 2)
    if (LINE_SQ[k] === mid) return to === from || (to === LINE_SQ[k + 1] && to >= 0);
  return false;
}

function promotionMode(_pos: Position, from: number, to: number, piece: number, captured: number): number {
  const z = pieceSide(piece) * SIZE;
  const zf = ZONE[z + from]!;
  const zt = ZONE[z + to]!;
  if (zt && !zf) return 1;
  if (captured !== 0 && (zf | zt)) return 1;
  if (PAWN_LANCE[piece] && LAST_RANK[z + to]) return 1;
  return 0;
}

/** Does `side` have a royal (King or Crown Prince) on the board? */
export function hasRoyal(pos: Position, side: number): boolean {
  const roy = pos.roy;
  const ow = pos.occWords;
  for (let w = side * ow, e = w + ow; w < e; w++) if (roy[w] !== 0) return true;
  return false;
}

/** The game is over for the side to move: it has no royal left while the opponent has one. */
export const royalsLost = (pos: Position): boolean =>
  !isProblemVariant(pos.variant) && !hasRoyal(pos, pos.turn) && hasRoyal(pos, pos.turn ^ 1);

/** Is the lion on `to` protected against a lion from `from` (first step on `mid`, or -1)? */
function lionProtected(pos: Position, from: number, mid: number, to: number, them: number): boolean {
  const b = pos.board;
  const pf = b[from]!;
  const pm = mid >= 0 ? b[mid]! : 0;
  b[from] = 0;
  if (mid >= 0) b[mid] = 0;
  let prot = isAttacked(pos, to, them);
  b[from] = pf;
  if (mid >= 0) b[mid] = pm;
  // a pawn or go-between captured on the first step still counts as a protector
  if (!prot && pm !== 0 && MINOR[pm]) {
    const d = to - mid;
    prot = pieceKind(pm) === PAWN ? d === (pieceSide(pm) === 0 ? W : -W) : d === W || d === -W;
  }
  return prot;
}

/**
 * Is the pseudo-legal move m legal under the lion-trading rules? Called only for moves that
 * capture a lion (on `to` or on `mid`).
 */
export function lionCaptureAllowed(pos: Position, m: number): boolean {
  const b = pos.board;
  const from = moveFrom(m);
  const to = moveTo(m);
  const mid = moveMid(m);
  const capTo = to !== from ? b[to]! : 0;
  const capMid = mid >= 0 ? b[mid]! : 0;
  const p = b[from]!;
  // rules 1 and 2 (a lion on mid is adjacent: rule 1)
  if (LION_CODE[p]) return lionTakesLionAllowed(pos, m);
  // rule 3
  if (pos.aux !== 0) {
    const cs = pos.aux - 1;
    if (LION_CODE[capTo] && to !== cs) return false;
    if (LION_CODE[capMid] && mid !== cs) return false;
  }
  return true;
}

function generateLegal(pos: Position, out: Int32Array, start: number): number {
  const us = pos.turn;
  if (!hasRoyal(pos, us) && hasRoyal(pos, us ^ 1)) return start;
  return generateFiltered(pos, out, start);
}

/** The legal moves, a side without royals included (mate problems). */
function generateFiltered(pos: Position, out: Int32Array, start: number): number {
  const n = generatePseudo(pos, out, start);
  const b = pos.board;
  let w = start;
  for (let i = start; i < n; i++) {
    const m = out[i]!;
    const to = moveTo(m);
    const mid = moveMid(m);
    // only captures of a lion need a look (to === from: the mover itself stands on `to`)
    const capTo = to !== moveFrom(m) ? b[to]! : 0;
    if (LION_CODE[capTo] === 0 && (mid < 0 || LION_CODE[b[mid]!] === 0)) out[w++] = m;
    else if (lionCaptureAllowed(pos, m)) out[w++] = m;
  }
  return w;
}

function inCheck(pos: Position): boolean {
  const us = pos.turn;
  const roy = pos.roy;
  const ow = pos.occWords;
  for (let w = 0; w < ow; w++)
    for (let x = roy[us * ow + w]!; x !== 0; x &= x - 1)
      if (attacked(pos, (w << 5) + 31 - Math.clz32(x & -x), us ^ 1)) return true;
  return false;
}

/**
 * Per (attacking side, target square) t: at STEP_WINDOW[t * 4 ..] the first of three occupancy
 * words and the masks of the squares from which some piece of that side steps onto the target
 * (chu steps reach two squares at most, so three words hold them).
 */
let STEP_WINDOW = new Int32Array(0);
/**
 * Per (attacking side, target square) t and offset (dy + 2) * 5 + dx + 2 of a square dx files and
 * dy ranks away: at STEP_FROM[t * 25 + offset] the classBit mask of that side's classes that step
 * from there onto the target (the tables' attStepMask, by offset).
 */
let STEP_FROM = new Int32Array(0);
/** File and rank of each square. */
const FILE_OF = new Int8Array(SIZE);
const RANK_OF = new Int8Array(SIZE);
for (let sq = 0; sq < SIZE; sq++) {
  FILE_OF[sq] = sq % W;
  RANK_OF[sq] = (sq / W) | 0;
}
let windowTables: object | null = null;

function stepWindow(pos: Position): Int32Array {
  const t = pos.variant.tables;
  if (windowTables === t) return STEP_WINDOW;
  const ow = pos.occWords;
  const win = new Int32Array(2 * SIZE * 4);
  const from = new Int32Array(2 * SIZE * 25);
  for (let i = 0; i < 2 * SIZE; i++) {
    const sq = i % SIZE;
    for (let k = t.attStepStart[i]!; k < t.attStepStart[i + 1]!; k++) {
      const f = t.attStepFrom[k]!;
      const dx = FILE_OF[f]! - FILE_OF[sq]!;
      const dy = RANK_OF[f]! - RANK_OF[sq]!;
      if (Math.abs(dx) > 2 || Math.abs(dy) > 2) throw new Error('chu step attacks: a step of more than two squares');
      from[i * 25 + (dy + 2) * 5 + dx + 2]! |= t.attStepMask[k]!;
    }
    let lo = ow;
    for (let k = t.attStepStart[i]!; k < t.attStepStart[i + 1]!; k++) lo = Math.min(lo, t.attStepFrom[k]! >> 5);
    const wlo = Math.max(0, Math.min(lo, ow - 3));
    win[i * 4] = wlo;
    for (let k = t.attStepStart[i]!; k < t.attStepStart[i + 1]!; k++) {
      const f = t.attStepFrom[k]!;
      if (t.attStepLeg[k] !== -1 || (f >> 5) - wlo > 2) throw new Error('chu step attacks: a leg or a step beyond the window');
      win[i * 4 + 1 + (f >> 5) - wlo]! |= 1 << (f & 31);
    }
  }
  if (t.attRayHop.some((h) => h !== 0)) throw new Error('chu step attacks: a hopping attacker');
  STEP_WINDOW = win;
  STEP_FROM = from;
  windowTables = t;
  return win;
}

/**
 * `isAttacked` for chu (no legs, no hops): the step attackers found among the enemy pieces in the
 * target's step window (each tested by its class's capture reach), then the rays. Reads `occ`, so
 * only for positions whose board and occupancy agree (not with pieces lifted by hand).
 */
export function attacked(pos: Position, sq: number, by: number): boolean {
  const t = pos.variant.tables;
  const win = stepWindow(pos);
  const b = pos.board;
  const occ = pos.occ;
  const ow = pos.occWords;
  const key = by * SIZE + sq;
  const wlo = win[key * 4]!;
  const o = by * ow + wlo;
  const classBit = t.classBit;
  const stepFrom = STEP_FROM;
  const at = key * 25 + 12 - RANK_OF[sq]! * 5 - FILE_OF[sq]!;
  for (let j = 0; j < 3; j++)
    for (let x = occ[o + j]! & win[key * 4 + 1 + j]!; x !== 0; x &= x - 1) {
      const from = ((wlo + j) << 5) + 31 - Math.clz32(x & -x);
      if ((stepFrom[at + RANK_OF[from]! * 5 + FILE_OF[from]!]! >>> classBit[b[from]!]!) & 1) return true;
    }
  const k8 = key * 8;
  for (let d = 0; d < 8; d++) {
    const slide = t.attRaySlide[k8 + d]!;
    if (slide === 0) continue;
    for (let i = t.attRayStart[k8 + d]!, e = t.attRayStart[k8 + d + 1]!; i < e; i++) {
      const q = b[t.attRaySq[i]!]!;
      if (q === 0) continue;
      if (pieceSide(q) === by && (slide >>> classBit[q]!) & 1) return true;
      break;
    }
  }
  return false;
}

function auxAfter(_pos: Position, move: number, moved: number, capTo: number, capMid: number): number {
  if (LION_CODE[moved]) return 0;
  if (LION_CODE[capTo]) return moveTo(move) + 1;
  if (LION_CODE[capMid]) return moveMidRaw(move);
  return 0;
}

export const chushogi: Variant = {
  ...data,
  generateLegal,
  // quiet moves never capture a lion, so no lion-trading rule (of either rule set) applies to them
  generateQuiets: chuQuiets,
  inCheck,
  promotionMode,
  generateSpecial,
  auxAfter,
};
shareLazyTables(data, chushogi);

/**
 * Chu for mate problems (tsume): the attacker has no royal by convention and still moves; the
 * game ends when the defender's royals are captured or it has no move (end.ts).
 */
export const chushogiProblem: Variant = { ...chushogi, generateLegal: generateFiltered, ruleKey: 'problem' };

// ---------------------------------------------------------------------------------------------
// The JCSA rule set (Japanese Chu Shogi Association), as a second variant object with the same
// data: the lishogi functions above stay as they are (no rule-set test on the hot path).

/**
 * JCSA counter-strike (the Okazaki rule): after a non-lion captured a lion, if the capturing
 * side's own lion has a protector, the other side may not capture that lion on its next move —
 * by any piece, also on the middle square of an Eagle's or Falcon's double move — except a lion
 * taking it from next to it (tsukegui, also as the second step of a double move whose first step
 * captured next to it). `pos.aux` is what lishogi keeps, the square of the capture + 1 (the SFEN's
 * third field, as the JCSA case file writes it too); which lions the ban covers is found from the
 * board when the moves are generated (`jcsaBanned`).
 */
function jcsaBanned(pos: Position, banned: number[]): number {
  banned.length = 0;
  if (pos.aux === 0) return 0;
  const side = pos.turn ^ 1;
  const b = pos.board;
  for (let sq = 0; sq < SIZE; sq++) {
    const p = b[sq]!;
    if (p !== 0 && pieceSide(p) === side && LION_CODE[p] && isAttacked(pos, sq, side)) banned.push(sq);
  }
  return banned.length;
}
const jcsaBanScratch: number[] = [];

/** JCSA: of the pawn and lance, only the pawn may promote on reaching the last rank (a lance there is dead). */
function jcsaPromotionMode(_pos: Position, from: number, to: number, piece: number, captured: number): number {
  const z = pieceSide(piece) * SIZE;
  if (ZONE[z + to] && !ZONE[z + from]) return 1;
  if (captured !== 0 && (ZONE[z + from]! | ZONE[z + to]!)) return 1;
  if (pieceKind(piece) === PAWN && LAST_RANK[z + to]) return 1;
  return 0;
}

/** Lion-trading rules 1 and 2 (a lion taking a lion), shared by both rule sets. */
function lionTakesLionAllowed(pos: Position, m: number): boolean {
  const b = pos.board;
  const from = moveFrom(m);
  const to = moveTo(m);
  const mid = moveMid(m);
  const capTo = to !== from ? b[to]! : 0;
  const capMid = mid >= 0 ? b[mid]! : 0;
  const p = b[from]!;
  if (LION_CODE[capTo] && distance(from, to) === 2) {
    if (capMid !== 0 && !MINOR[capMid]) return true;
    return !lionProtected(pos, from, mid, to, pieceSide(p) ^ 1);
  }
  return true;
}

function jcsaFiltered(pos: Position, out: Int32Array, start: number): number {
  const n = generatePseudo(pos, out, start);
  const b = pos.board;
  const banned = jcsaBanScratch;
  const bans = jcsaBanned(pos, banned);
  let w = start;
  for (let i = start; i < n; i++) {
    const m = out[i]!;
    const from = moveFrom(m);
    const to = moveTo(m);
    const mid = moveMid(m);
    const capTo = to !== from ? b[to]! : 0;
    const capMid = mid >= 0 ? b[mid]! : 0;
    if (bans !== 0 && (LION_CODE[capTo] || LION_CODE[capMid]) && !jcsaBanAllows(b, banned, from, to, mid, capTo, capMid)) continue;
    if (LION_CODE[b[from]!] && (LION_CODE[capTo] || LION_CODE[capMid]) && !lionTakesLionAllowed(pos, m)) continue;
    out[w++] = m;
  }
  return w;
}

/** Under a JCSA ban: may this move take the lion(s) it takes? Only a lion next to a banned lion (tsukegui). */
function jcsaBanAllows(b: Uint8Array, banned: readonly number[], from: number, to: number, mid: number, capTo: number, capMid: number): boolean {
  const lion = LION_CODE[b[from]!];
  for (const sq of banned) {
    if (capMid !== 0 && mid === sq) {
      if (!(lion && distance(from, sq) === 1)) return false;
    } else if (capTo !== 0 && to === sq) {
      // from next to it, or after a capture next to it on the first step
      if (!(lion && (distance(from, sq) === 1 || (mid >= 0 && capMid !== 0 && distance(mid, sq) === 1)))) return false;
    }
  }
  return true;
}

function jcsaGenerateLegal(pos: Position, out: Int32Array, start: number): number {
  const us = pos.turn;
  if (!hasRoyal(pos, us) && hasRoyal(pos, us ^ 1)) return start;
  return jcsaFiltered(pos, out, start);
}

/** Chu under the JCSA rules (counter-strike by the Okazaki rule, last-rank promotion of the pawn only). */
export const chushogiJcsa: Variant = {
  ...chushogi,
  generateLegal: jcsaGenerateLegal,
  promotionMode: jcsaPromotionMode,
  // the square of the capture, as lishogi (the ban's lions are found in jcsaFiltered)
  auxAfter,
  ruleKey: 'jcsa',
};

/** A JCSA mate problem (the attacker has no royal). */
export const chushogiJcsaProblem: Variant = { ...chushogiJcsa, generateLegal: jcsaFiltered, ruleKey: 'jcsa-problem' };

shareLazyTables(data, chushogiProblem);
shareLazyTables(data, chushogiJcsa);
shareLazyTables(data, chushogiJcsaProblem);

/** Every chu variant object (the default first), for code that finds one by its `ruleKey`. */
export const CHU_VARIANTS: readonly Variant[] = [chushogi, chushogiProblem, chushogiJcsa, chushogiJcsaProblem];

/** Is the variant one of the mate-problem forms (the attacker plays without royals)? */
export const isProblemVariant = (v: Variant): boolean => v === chushogiProblem || v === chushogiJcsaProblem;
