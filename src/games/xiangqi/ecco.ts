/**
 * ECCO opening codes (A00–E99) and their Chinese names, by the rules of xqbase's classifier as the
 * vschess player publishes it (`vschess.function.js`, `WXF2ECCO`; LGPL). This is our own
 * implementation, written from a reading of those rules (docs/openings.md); the oracle script
 * scripts/oracle/ecco-oracle.ts runs their code on the 2,516 master games and
 * fixtures/ecco/master-ecco.tsv keeps its answers, which test/ecco.test.ts checks ours against.
 *
 * The rules read the first 20 plies (10 rounds) written as WXF-like keys of four characters,
 * piece · file · op · number (`C2.5`, `N8+7`, `R1.2`; horses `N`, elephants `B`, advisors `A`),
 * each side's files counted from its own right. A piece that shares its file with a like piece is
 * written with a position mark instead of the file (`R+.5`); no rule names such a key, so it only
 * ever fails to match. When the first move starts on a file above 5, the whole line is mirrored
 * (every file number f read as 10 − f), so `C8.5` is classified as `C2.5`. Plies past the end of
 * a short game match nothing.
 *
 * Loaded only when asked for (the Game's `openingNames`), with its name table (ecco-names.ts).
 */
import { moveFrom, moveTo, type Move } from '../../core/move.js';
import type { Position } from '../../core/position.js';
import type { OpeningName, OpeningNamer } from '../game.js';
import { pieceKind, pieceSide } from '../../core/piece.js';
import { ADVISOR, CANNON, CHARIOT, ELEPHANT, HORSE, KING, SOLDIER } from './pieces.js';
import { XIANGQI_START_FEN } from './index.js';
import { parseXiangqiFen } from './notation/fen.js';
import { ECCO_NAMES } from './ecco-names.js';

/** The plies the rules read; later moves never change the code. */
const ECCO_PLIES = 20;

const LETTER: Readonly<Record<number, string>> = {
  [CHARIOT]: 'R',
  [HORSE]: 'N',
  [ELEPHANT]: 'B',
  [ADVISOR]: 'A',
  [KING]: 'K',
  [CANNON]: 'C',
  [SOLDIER]: 'P',
};

/** The board `eccoKeys` makes the moves on (xiangqi's 90 points). */
const ECCO_BOARD = new Uint8Array(90);
/** The key strings made so far, by kind, origin (file 1-9, or `+` `-` `.`), op and number: shared, not made per ply. */
const KEY_TEXT: Array<string | undefined> = new Array(8 * 12 * 3 * 10).fill(undefined);
const WHERE = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '+', '-', '.'];
const OP = ['-', '.', '+'];

/**
 * The keys of the first 20 plies of a game from the standard start (fewer for a shorter game),
 * mirrored when the first move starts on a file above 5. Each key is what WXF writes
 * (notation/wxf.ts `viewXiangqiMove`: the piece, its file or its place among like pieces on the
 * file, the op, the steps or the destination file), read here from the board alone: the moves are
 * made on a bare copy of the board (a xiangqi move only moves its piece: no promotion, no drop),
 * no position, view object or list of like pieces is made per ply (test/ecco.test.ts checks the
 * codes of the 2,516 master games against the reference classifier's).
 */
function eccoKeys(start: Position, moves: readonly Move[]): string[] {
  const b = ECCO_BOARD;
  b.set(start.board);
  const keys: string[] = [];
  let mirror = false;
  const count = Math.min(moves.length, ECCO_PLIES);
  for (let i = 0; i < count; i++) {
    const m = moves[i]!;
    const from = moveFrom(m);
    const to = moveTo(m);
    const p = b[from]!;
    if (p === 0) break;
    const kind = pieceKind(p);
    const side = pieceSide(p);
    const fx = from % 9;
    const fy = (from / 9) | 0;
    const tx = to % 9;
    const ty = (to / 9) | 0;
    // like pieces on the start file (advisors, elephants and the general never share a key's file
    // mark): how many, and how many stand ahead of this one (nearer the enemy)
    let likes = 1;
    let ahead = 0;
    if (kind !== KING && kind !== ADVISOR && kind !== ELEPHANT) {
      likes = 0;
      for (let y = 0; y < 10; y++)
        if (b[y * 9 + fx] === p) {
          likes++;
          if (side === 0 ? y > fy : y < fy) ahead++;
        }
    }
    const dy = side === 0 ? ty - fy : fy - ty;
    const op = dy > 0 ? 1 : dy < 0 ? -1 : 0;
    const diagonal = kind === HORSE || kind === ELEPHANT || kind === ADVISOR;
    const file = side === 0 ? 9 - fx : fx + 1;
    const target = op !== 0 && !diagonal && tx === fx ? Math.abs(dy) : side === 0 ? 9 - tx : tx + 1;
    if (i === 0) mirror = likes < 2 && file > 5;
    const where = likes >= 2 ? (ahead === 0 ? 9 : ahead === likes - 1 ? 10 : 11) : (mirror ? 10 - file : file) - 1;
    const n = diagonal || op === 0 ? (mirror ? 10 - target : target) : target;
    const at = ((kind * 12 + where) * 3 + op + 1) * 10 + n;
    let key = KEY_TEXT[at];
    if (key === undefined) KEY_TEXT[at] = key = `${LETTER[kind]}${WHERE[where]}${OP[op + 1]}${n}`;
    keys.push(key);
    b[to] = p;
    b[from] = 0;
  }
  return keys;
}

/** A line of keys read by ply (`red(k)`, `black(k)`: round k from 0; past the end: ''). */
class Line {
  constructor(private readonly keys: readonly string[]) {}
  ply(p: number): string {
    return this.keys[p] ?? '';
  }
  red(k: number): string {
    return this.ply(2 * k);
  }
  black(k: number): string {
    return this.ply(2 * k + 1);
  }
  /** Do the plies from `p` on read `keys`, one after another? */
  runs(p: number, ...keys: string[]): boolean {
    return keys.every((k, i) => this.ply(p + i) === k);
  }
  /**
   * Are the first rounds the same moves as these, each side's in any order (`reds`, `blacks`: as
   * many as the rounds each side has played)?
   */
  sameMoves(reds: readonly string[], blacks: readonly string[]): boolean {
    return this.sameSide(reds, 0) && this.sameSide(blacks, 1);
  }
  /** Are `side`'s first moves `want`, in any order (each key of `want` matched once: a bit per key)? */
  private sameSide(want: readonly string[], side: 0 | 1): boolean {
    let used = 0;
    for (let k = 0; k < want.length; k++) {
      const key = this.ply(2 * k + side);
      let i = 0;
      while (i < want.length && ((used & (1 << i)) !== 0 || want[i] !== key)) i++;
      if (i === want.length) return false;
      used |= 1 << i;
    }
    return true;
  }
  /**
   * The first round from `first` to `last` (inclusive) whose move by `side` is not in `pass`, or
   * -1 when every one is.
   */
  firstOther(side: 0 | 1, first: number, last: number, pass: readonly string[]): number {
    for (let k = first; k <= last; k++) if (!pass.includes(this.ply(2 * k + side))) return k;
    return -1;
  }
}

const R = 0;
const B = 1;

/**
 * Walks rounds `first`..`last` of `side`: moves in `pass` are passed over; a move in a pair of
 * `pair` completes the pair when the other was passed before (its round is answered, `paired`);
 * `stop` is the first other move. Returns where the walk ended and what it had seen.
 */
function walk(
  l: Line,
  side: 0 | 1,
  first: number,
  last: number,
  pass: readonly string[],
  pair: readonly [string, string] | null = null,
): { stop: number; key: string; paired: boolean; seen: Set<string> } {
  const seen = new Set<string>();
  for (let k = first; k <= last; k++) {
    const key = l.ply(2 * k + side);
    if (pair?.includes(key)) {
      const other = key === pair[0] ? pair[1] : pair[0];
      if (seen.has(other)) return { stop: k, key, paired: true, seen };
      seen.add(key);
      continue;
    }
    if (pass.includes(key)) {
      seen.add(key);
      continue;
    }
    return { stop: k, key, paired: false, seen };
  }
  return { stop: -1, key: '', paired: false, seen };
}

/** The code a table gives a key, else `otherwise`. */
const code = (key: string, table: Readonly<Record<string, string>>, otherwise: string): string => table[key] ?? otherwise;

const ELEPHANTS = ['B7+5', 'B3+5'];
const ADVISORS = ['A6+5', 'A4+5'];

// ---- A: openings other than the central cannon -------------------------------------------------

function either(l: Line, pass: readonly string[]): boolean {
  // the two horses developed, after moves from `pass` only
  return walk(l, R, 1, 9, pass, ['N2+3', 'N8+7']).paired;
}

function elephantOpening(l: Line): string {
  switch (l.black(0)) {
    case 'N2+3':
      return code(l.red(1), { 'P7+1': 'A16', 'P3+1': 'A15' }, 'A14');
    case 'C2.4':
      return code(l.red(1), { 'P7+1': 'A26', 'P3+1': 'A25', 'R9+1': 'A24', 'N8+9': 'A23', 'N8+7': 'A22' }, 'A21');
    case 'C8.4':
      if (l.red(1) !== 'N2+3') return 'A30';
      if (!l.runs(3, 'N8+7', 'R1.2', 'P7+1')) return 'A31';
      return l.red(3) === 'P7+1' ? 'A34' : l.red(3) === 'C2.1' ? 'A33' : 'A32';
    case 'P7+1':
      return l.red(1) === 'P7+1' ? 'A38' : l.red(1) === 'N8+7' ? 'A37' : 'A36';
    case 'C8.5':
      return either(l, ['R1.2', 'P3+1', 'P7+1']) ? 'A28' : 'A27';
    default:
      return code(l.black(0), { 'P3+1': 'A39', 'C2.6': 'A35', 'C2.5': 'A29', 'C8.6': 'A20', 'N8+7': 'A13', 'B3+5': 'A12', 'B7+5': 'A11' }, 'A10');
  }
}

function horseOpening(l: Line): string {
  if (l.black(0) !== 'P7+1') return 'A40';
  return code(l.red(1), { 'P7+1': 'A45', 'C8.5': 'A44', 'C8.6': 'A43', 'C2.1': 'A42' }, 'A41');
}

function palaceCornerCannon(l: Line): string {
  switch (l.black(0)) {
    case 'C2.5':
      return either(l, ['R9.8', 'P3+1', 'P7+1']) ? 'A53' : 'A52';
    case 'P7+1':
      return 'A54';
    case 'N8+7':
      return 'A51';
    default:
      return 'A50';
  }
}

function crossPalaceCannon(l: Line): string {
  switch (l.black(0)) {
    case 'C8.5': {
      if (l.red(1) !== 'N2+3' || l.red(2) !== 'R1.2') return 'A63';
      const b1 = l.black(1);
      const b2 = l.black(2);
      return (b1 === 'N8+7' && b2 === 'R9+1') || (b1 === 'R9+1' && b2 === 'N8+7') ? 'A65' : 'A64';
    }
    case 'R9+1':
      return 'A62';
    case 'N8+7':
      return 'A61';
    default:
      return 'A60';
  }
}

// ---- E: the pawn opening (进兵) --------------------------------------------------------------------

function pawnAgainstCannon(l: Line): string {
  // 1. 兵三进一 炮8平7
  switch (l.red(1)) {
    case 'C8.5':
      break;
    case 'B7+5':
    case 'B3+5':
      return 'E11';
    case 'C2.5':
      return 'E12';
    default:
      return 'E10';
  }
  switch (l.black(1)) {
    case 'B3+5':
      if (l.red(2) !== 'N2+1') return 'E14';
      return l.black(2) === 'N8+9' ? 'E16' : 'E15';
    case 'B7+5':
      break;
    case 'C2.5':
      return 'E17';
    default:
      return 'E13';
  }
  switch (l.red(2)) {
    case 'N8+7':
      break;
    case 'C5+4':
      return 'E38';
    case 'N2+1':
      return 'E37';
    case 'A4+5':
      return 'E21';
    default:
      return 'E20';
  }
  switch (l.black(2)) {
    case 'R1+1':
      if (!l.runs(6, 'R9.8', 'R1.8', 'N2+3', 'N8+6')) return 'E23';
      if (!l.runs(10, 'C2.1', 'N2+1', 'N3+4')) return 'E24';
      return code(l.black(6), { 'P1+1': 'E27', 'R8+6': 'E26', 'A6+5': 'E25' }, 'E24');
    case 'P7+1':
      if (!l.runs(6, 'N2+1', 'P7+1') && !l.runs(6, 'R9.8', 'P7+1')) return 'E30';
      if (l.red(4) !== 'N2+1' && l.red(4) !== 'R9.8') return 'E31';
      if (l.black(4) === 'N8+6') return 'E32';
      if (l.black(4) !== 'R1+1') return 'E31';
      return code(l.red(5), { 'R1.2': 'E36', 'R8+4': 'E35', 'A4+5': 'E34' }, 'E33');
    default:
      return 'E22';
  }
}

function pawnsBothHorses(l: Line): string {
  const r2 = l.red(2);
  return ELEPHANTS.includes(r2) ? 'E43' : r2 === 'C2.1' ? 'E45' : r2 === 'R1+1' ? 'E44' : 'E42';
}

function pawnOpening(l: Line): string {
  switch (l.black(0)) {
    case 'C8.7':
      return pawnAgainstCannon(l);
    case 'N2+3':
      if (l.red(1) === 'N2+3') return l.black(1) === 'P3+1' ? pawnsBothHorses(l) : 'E07';
      if (l.red(1) === 'P7+1') return l.black(1) === 'C8.7' ? 'E09' : 'E08';
      return 'E06';
    case 'P3+1':
      if (l.red(1) === 'N2+3') return l.black(1) === 'N2+3' ? pawnsBothHorses(l) : 'E41';
      if (l.red(1) === 'C8.7') return l.black(1) === 'C8.5' ? 'E48' : l.black(1) === 'C2.5' ? 'E47' : 'E46';
      return 'E40';
    case 'B7+5':
    case 'B3+5':
      return l.red(1) === 'N2+3' ? 'E02' : 'E01';
    case 'C8.6':
    case 'C8.4':
    case 'C2.6':
    case 'C2.4':
      return 'E04';
    case 'C8.5':
    case 'C2.5':
      return 'E03';
    case 'C2.7':
      return 'E05';
    default:
      return 'E00';
  }
}

// ---- D: same-direction cannons (顺炮) and the central cannon against a horse first --------------

function sameCannonsStraight(l: Line): string {
  // 顺炮直车 (black's rook stays) : black's rounds 2..9
  const k = l.firstOther(B, 2, 9, ['N2+3', 'P7+1', 'P3+1']);
  if (k < 0) return 'D10';
  return code(l.black(k), { 'C2.1': 'D15', 'C2+4': 'D14', 'R9.8': 'D13', 'R1+1': 'D12', 'R9+1': 'D11' }, 'D10');
}

function sameCannonsStraightAgainstCross(l: Line): string {
  // 顺炮直车对横车: red's rounds 3..9
  const w = walk(l, R, 3, 9, ['N8+7'], ['P3+1', 'P7+1']);
  if (w.stop < 0) return 'D20';
  if (w.paired) {
    const k = l.firstOther(B, 3, 9, ['N2+3', 'R9.4']);
    return k >= 0 && l.black(k) === 'R1+1' ? 'D29' : 'D28';
  }
  const named = code(w.key, { 'A4+5': 'D21', 'A6+5': 'D21', 'N8+9': 'D22', 'R2+4': 'D23', 'R2+6': 'D24', 'C8.6': 'D25' }, '');
  if (named) return named;
  return w.seen.has('P3+1') ? 'D26' : w.seen.has('P7+1') ? 'D27' : 'D20';
}

function sameCannons(l: Line): string {
  switch (l.red(1)) {
    case 'N2+3':
      switch (l.black(1)) {
        case 'N8+7':
          if (l.red(2) === 'R1.2') return l.black(2) === 'R9+1' ? sameCannonsStraightAgainstCross(l) : sameCannonsStraight(l);
          if (l.red(2) === 'R1+1') {
            if (l.black(2) !== 'R9.8') return 'D03';
            return l.black(3) === 'R8+4' ? 'D05' : 'D04';
          }
          return l.black(2) === 'R9.8' ? 'D02' : l.black(2) === 'R9+1' ? 'D01' : 'D00';
        case 'R9+1':
          return l.runs(4, 'R1.2', 'N8+7') ? sameCannonsStraightAgainstCross(l) : 'D01';
        default:
          return 'D00';
      }
    case 'R1+1':
      if (!l.runs(3, 'R9.8', 'N8+7')) return 'D03';
      return l.black(2) === 'R8+4' ? 'D05' : 'D04';
    default:
      return 'D00';
  }
}

// ---- B/C: the central cannon (中炮) ----------------------------------------------------------------

function palaceCannonAfterCentre(l: Line): string {
  // 中炮对士角炮 / 反宫马 (B5x)
  const fitsB54 =
    l.firstOther(R, 1, 4, ['N2+3', 'N8+9', 'R1.2', 'P3+1']) < 0 && l.firstOther(B, 1, 3, ['N8+7', 'C8.6', 'P3+1']) < 0;
  if (fitsB54) {
    if (!l.runs(9, 'B7+5', 'C8.7', 'R1.2', 'R9.8', 'C2+4')) return 'B54';
    return l.runs(14, 'P7+1', 'P3+1', 'P3+1') ? 'B56' : 'B55';
  }
  const k = l.firstOther(B, 1, 9, ['B7+5', 'B3+5', 'N8+7', 'C8.6', 'P7+1', 'P3+1']);
  if (k < 0) return 'B50';
  return code(l.black(k), { 'R1.2': 'B53', 'R9+1': 'B52', 'R9.8': 'B51' }, 'B50');
}

function palaceCornerDefence(l: Line): string {
  // 中炮对士角炮 (sandwich of the horses)
  if (l.runs(2, 'P7+1', 'C8.6', 'N8+7')) return 'B32';
  const k = l.firstOther(B, 1, 9, ['B7+5', 'B3+5', 'C8.6', 'P7+1', 'P3+1']);
  if (k < 0 || l.black(k) !== 'N8+7') return 'B30';
  let n7 = false;
  let n9 = false;
  let c6 = false;
  for (let i = 1; i <= 9; i++) {
    const key = l.red(i);
    switch (key) {
      case 'N8+9':
        n9 = true;
        continue;
      case 'N8+7':
        n7 = true;
        continue;
      case 'C8.6':
        c6 = true;
        continue;
      case 'N2+3':
      case 'R1.2':
      case 'P3+1':
      case 'P7+1':
        continue;
      case 'R1+1':
        if (!c6) return 'B34';
        continue;
      case 'R2+6':
        if (!c6) return 'B33';
        continue;
      case 'C8.7':
        return palaceCannonAfterCentre(l);
      case 'C8+4':
        return 'B36';
      case 'C8+2':
        return 'B35';
    }
    if (!c6) return 'B31';
    if (!l.runs(2, 'N2+3', 'C8.6', 'R1.2', 'N8+7')) return 'B40';
    if (n7) {
      if (l.red(3) !== 'C8.6' || l.black(3) !== 'R1.2') return 'B41';
      if (l.black(4) !== 'C2.1') return 'B42';
      return l.black(5) === 'P7+1' ? 'B44' : 'B43';
    }
    return n9 ? 'B45' : 'B40';
  }
  return 'B30';
}

function fiveSevenCannon(l: Line): string {
  // 五七炮 against the screen horses (C5x)
  let c52 = true;
  let c55 = true;
  for (let k = 1; k <= 4; k++) {
    const key = l.red(k);
    if (key === 'N8+9') c55 = false;
    else if (key === 'R2+6') c52 = false;
    else if (key !== 'N2+3' && key !== 'R1.2' && key !== 'C8.6') c52 = c55 = false;
  }
  if (l.firstOther(B, 1, 3, ['N2+3', 'N8+7', 'R9.8', 'P7+1']) >= 0) c52 = c55 = false;
  if (c52) {
    if (!l.runs(9, 'R1.2', 'R9.8')) return 'C51';
    return l.black(5) === 'C2+4' ? 'C53' : 'C52';
  }
  if (c55) return l.black(4) === 'P3+1' ? 'C56' : l.black(4) === 'R1.2' ? 'C55' : 'C54';
  const k = l.firstOther(R, 1, 9, ['N2+3', 'R1.2', 'C8.6', 'P3+1', 'P7+1']);
  if (k < 0) return 'C50';
  return l.red(k) === 'R2+6' ? 'C54' : l.red(k) === 'N8+9' ? 'C51' : 'C50';
}

function fiveEightCannon(l: Line): string {
  // 五八炮 (C8x)
  const c85 =
    l.firstOther(R, 1, 4, ['N2+3', 'N8+7', 'C8+2', 'P7+1']) < 0 && l.firstOther(B, 1, 3, ['N8+7', 'N2+3', 'R9.8', 'P7+1']) < 0;
  if (c85 && l.black(4) === 'N7+8') return l.red(5) === 'N7+6' && l.red(6) === 'R1+1' ? 'C86' : 'C85';
  const w = walk(l, B, 1, 9, ['B7+5', 'P7+1', 'P3+1', 'N8+7', 'N2+3', 'R9.8']);
  if (w.stop < 0) return 'C80';
  const b7 = w.seen.has('B7+5');
  switch (w.key) {
    case 'B3+5':
      return 'C84';
    case 'C8+2':
      return b7 ? 'C83' : 'C80';
    case 'R1+1':
      return b7 ? 'C82' : 'C80';
    default:
      return b7 ? 'C81' : 'C80';
  }
}

function fiveNineCannon(l: Line): string {
  // 五九炮 (C9x): red's rounds until a pawn, then black's, then red's again
  const a = l.firstOther(R, 1, 9, ['N2+3', 'N8+7', 'N8+9', 'R1.2', 'R2+6', 'C8+4']);
  if (a < 0 || l.red(a) !== 'P3+1') return 'C90';
  const b = l.firstOther(B, 1, 9, ['N8+7', 'N2+3', 'R9.8']);
  if (b < 0 || l.black(b) !== 'P3+1') return 'C90';
  const c = l.firstOther(R, 1, 9, ['N2+3', 'R1.2', 'C8+4', 'P3+1']);
  if (c < 0) return 'C91';
  switch (l.red(c)) {
    case 'N8+9': {
      const key = ELEPHANTS.includes(l.black(4)) ? l.black(5) : l.black(4);
      if (key === 'P1+1') return l.red(6) === 'C8.7' ? 'C97' : 'C96';
      if (ADVISORS.includes(key)) return 'C94';
      return key === 'P7+1' ? 'C95' : 'C93';
    }
    case 'C8.7':
      return 'C98';
    case 'N8+7':
      return 'C92';
    default:
      return 'C91';
  }
}

function screenHorsesOther(l: Line): string {
  // 中炮对屏风马 with none of the main lines: walk red's rounds 1..8
  let n7 = false;
  let n9 = false;
  let r6 = false;
  for (let i = 1; i <= 8; i++) {
    switch (l.red(i)) {
      case 'R2+4': {
        const k = l.firstOther(R, 1, 9, ['N2+3', 'R1.2', 'R2+4', 'P3+1', 'P7+1']);
        if (k < 0) return 'C10';
        return l.red(k) === 'N8+7' || l.red(k) === 'N8+9' ? 'C16' : 'C15';
      }
      case 'R1+1': {
        const k = l.firstOther(R, 1, 9, ['N2+3', 'N8+7', 'R1+1', 'R1.4', 'R1.6', 'P3+1', 'P7+1']);
        if (k < 0) return 'C10';
        return code(l.red(k), { 'P5+1': 'C14', 'C8.9': 'C13', 'C8+2': 'C12', 'N7+6': 'C11' }, 'C10');
      }
      case 'C8.7': {
        const w = walk(l, B, 1, 9, ['P3+1', 'N2+3', 'N8+7', 'R9.8']);
        if (w.stop < 0) return 'C00';
        if (w.key === 'P7+1') {
          const k = l.firstOther(R, 1, 9, ['N2+3', 'N8+9', 'R1.2', 'R2+6', 'C8.7']);
          return k >= 0 && l.red(k) === 'P7+1' ? 'C68' : 'C60';
        }
        if (w.key === 'N3+2') return 'C71';
        return w.seen.has('P3+1') ? 'C70' : 'C60';
      }
      case 'N2+3':
      case 'R1.2':
      case 'P3+1':
      case 'P7+1':
        continue;
      case 'N8+9':
        n9 = true;
        continue;
      case 'N8+7':
        n7 = true;
        continue;
      case 'R2+6':
        r6 = true;
        continue;
      case 'C8+4':
        return fiveNineCannon(l);
      case 'C8+2':
        return fiveEightCannon(l);
      case 'C8.6':
        return fiveSevenCannon(l);
      case 'C8.9':
        return 'C99';
    }
    if (r6) {
      const k = l.firstOther(R, 1, 9, ['N2+3', 'R1.2', 'R2+6', 'P3+1', 'P7+1']);
      if (k < 0) return 'C17';
      return l.red(k) === 'N8+9' ? 'C19' : l.red(k) === 'N8+7' ? 'C18' : 'C17';
    }
    if (n7) {
      const k = l.firstOther(R, 1, 9, ['N2+3', 'N8+7', 'R1.2', 'P3+1', 'P7+1']);
      if (k < 0) return 'C01';
      if (l.red(k) === 'N7+6') return 'C02';
      if (l.red(k) !== 'P5+1') return 'C01';
      // both of black's cannons to the river (either first)
      const w = walk(l, B, 1, 9, ['N2+3', 'N8+7', 'R9.8', 'P7+1', 'P3+1'], ['C8+4', 'C2+4']);
      return w.paired ? 'C04' : 'C03';
    }
    if (n9) {
      const k = l.firstOther(R, 1, 9, ['N2+3', 'N8+9', 'R1.2', 'P3+1', 'P7+1']);
      return k >= 0 && l.red(k) === 'R9+1' ? 'C06' : 'C05';
    }
    return 'C00';
  }
  return 'C00';
}

function screenHorses(l: Line): string {
  // 中炮对屏风马 (screen)
  if (l.sameMoves(['C2.5', 'N2+3', 'R1.2', 'R2+6', 'N8+7'], ['N8+7', 'R9.8', 'P7+1', 'N2+3', 'P3+1'])) {
    if (l.red(5) !== 'R9+1') return 'C20';
    if (!l.runs(11, 'C2+1', 'R2-2', 'B3+5')) return 'C21';
    const r7 = l.red(7);
    if (r7 !== 'P3+1' && r7 !== 'P7+1') return 'C22';
    if (l.red(8) === 'P7+1') return 'C25';
    return r7 === 'P3+1' ? 'C23' : 'C24';
  }
  if (l.sameMoves(['C2.5', 'N2+3', 'R1.2', 'R2+6', 'P7+1'], ['N8+7', 'R9.8', 'P7+1', 'N2+3'])) {
    switch (l.black(4)) {
      case 'N7+6':
        if (l.red(5) !== 'N8+7') return 'C35';
        if (l.black(5) !== 'B3+5') return 'C36';
        return l.red(6) === 'C8.9' ? 'C39' : l.red(6) === 'C8+1' ? 'C38' : 'C37';
      case 'C8.9':
        if (!l.runs(10, 'R2.3', 'C9-1')) return 'C40';
        switch (l.red(6)) {
          case 'N8+7':
            if (l.black(6) !== 'A4+5') return 'C42';
            if (l.red(7) === 'C8.9') return l.black(7) === 'R1.2' || l.black(8) === 'R1.2' ? 'C46' : 'C45';
            return l.red(7) === 'N7+6' ? 'C44' : 'C43';
          case 'P5+1':
            return 'C49';
          case 'C8.6':
            return 'C48';
          case 'N8+9':
            return 'C47';
          default:
            return 'C41';
        }
      case 'B7+5':
      case 'B3+5':
        return 'C32';
      case 'A6+5':
      case 'A4+5':
        return 'C31';
      case 'C2+4':
        return 'C34';
      case 'R1+1':
        return 'C33';
      default:
        return 'C30';
    }
  }
  if (l.sameMoves(['C2.5', 'N2+3', 'R1.2', 'N8+9', 'C8.7'], ['N8+7', 'R9.8', 'P7+1', 'N2+3'])) {
    if (l.black(4) === 'C2+2') return 'C67';
    if (l.black(4) !== 'R1.2') return 'C61';
    if (l.red(5) !== 'R9.8') return 'C62';
    return code(l.black(5), { 'C2+4': 'C66', 'C2+2': 'C65', 'C8+4': 'C64' }, 'C63');
  }
  if (l.sameMoves(['C2.5', 'N2+3', 'R1.2', 'P3+1', 'N8+9', 'C8.7'], ['N8+7', 'R9.8', 'N2+3', 'P3+1', 'P1+1', 'N3+2'])) {
    if (l.red(6) !== 'R9+1') return 'C72';
    switch (l.black(6)) {
      case 'B7+5':
        return l.red(7) === 'R2+4' ? 'C76' : l.red(7) === 'N3+4' ? 'C75' : 'C74';
      case 'P1+1':
        return 'C78';
      case 'B3+5':
        return 'C77';
      default:
        return 'C73';
    }
  }
  return screenHorsesOther(l);
}

function centreAgainstRightHorse(l: Line): string {
  // 1. 炮二平五 马2进3 (Bxx)
  switch (l.black(1)) {
    case 'R9+1':
      if (l.red(1) !== 'N2+3' || !l.runs(4, 'R1.2', 'R9.4')) return 'B10';
      return l.red(3) === 'P7+1' ? 'B14' : l.red(3) === 'C8+2' ? 'B13' : 'B12';
    case 'C8.6':
      return l.black(2) === 'N8+9' || l.black(2) === 'R9+1' ? 'B11' : palaceCornerDefence(l);
    case 'P3+1':
    case 'P7+1':
      switch (l.black(2)) {
        case 'A6+5':
        case 'A4+5':
          return 'B02';
        case 'C8.6':
          return palaceCornerDefence(l);
        case 'N8+7':
          return screenHorses(l);
        case 'R9+2':
          return 'B03';
        default:
          return 'B01';
      }
    case 'N8+7':
      return screenHorses(l);
    case 'N8+9':
      return 'B10';
    case 'C2.1':
      return 'B04';
    default:
      return 'B01';
  }
}

/**
 * What black does after 1. 炮二平五 马8进7 (its rounds 1..9): 7 the other horse (screen horses),
 * 6 a cross rook, 2 or 1 a cannon to the river or the edge first, 5/4/3 a central cannon
 * (after none, the edge cannon or the river cannon), 0 anything else.
 */
function leftHorseReply(l: Line): number {
  let cannon = 0;
  for (let k = 1; k <= 9; k++) {
    switch (l.black(k)) {
      case 'R9.8':
      case 'R8+5':
      case 'P7+1':
      case 'P3+1':
        continue;
      case 'N2+3':
        return cannon || 7;
      case 'R9+1':
        return cannon || 6;
      case 'C8+4':
        cannon = 2;
        continue;
      case 'C8.9':
        cannon = 1;
        continue;
      case 'C2.5':
        return 5 - cannon;
      default:
        return cannon;
    }
  }
  return 0;
}

function centreAgainstLeftHorse(l: Line): string {
  // 1. 炮二平五 马8进7 (Cxx)
  switch (leftHorseReply(l)) {
    case 1: {
      const w = walk(l, R, 1, 9, ['N2+3', 'N8+7'], ['P3+1', 'P7+1']);
      if (w.stop < 0) return 'B20';
      if (w.paired) return 'B25';
      switch (w.key) {
        case 'B7+9':
          return l.black(w.stop - 1) === 'R8+5' ? 'B21' : 'B20';
        case 'C8+4':
          return 'B24';
        case 'C8+2':
          return 'B23';
        case 'R1+1':
          return 'B22';
        default:
          return 'B20';
      }
    }
    case 3:
      if (!l.runs(2, 'N2+3', 'R9.8', 'R1.2', 'C8+4', 'P3+1', 'C2.5')) return 'D30';
      return code(l.red(4), { 'P7+1': 'D36', 'C8+5': 'D35', 'N8+9': 'D34', 'N8+7': 'D33', 'N3+4': 'D32' }, 'D31');
    case 4: {
      const w = walk(l, R, 1, 9, ['N2+3', 'N8+7'], ['P3+1', 'P7+1']);
      if (w.stop < 0) return 'D40';
      if (w.paired) return 'D43';
      if (w.key === 'P5+1') return l.black(w.stop - 1) === 'R8+5' && l.black(w.stop) === 'C2.5' ? 'D41' : 'D40';
      return w.key === 'R9.8' ? 'D42' : 'D40';
    }
    case 5: {
      const w = walk(l, R, 1, 9, ['N2+3', 'N8+7', 'P3+1', 'P7+1'], ['R1.2', 'R9.8']);
      if (w.stop < 0) return 'D50';
      if (w.paired) return 'D55';
      if (w.key === 'R2+6') return 'D53';
      return w.seen.has('R1.2') ? 'D52' : w.seen.has('R9.8') ? 'D54' : 'D51';
    }
    case 7:
      return screenHorses(l);
    case 2:
      return 'B07';
    case 6:
      return 'B06';
    default:
      return 'B05';
  }
}

function centralCannon(l: Line): string {
  switch (l.black(0)) {
    case 'C8.5':
      return sameCannons(l);
    case 'N8+7':
      return centreAgainstLeftHorse(l);
    case 'N2+3':
      return centreAgainstRightHorse(l);
    case 'C2.5':
      return 'D50';
    default:
      return 'B00';
  }
}

/** The ECCO code of a line of keys (`eccoKeys`). */
function eccoCode(keys: readonly string[]): string {
  const l = new Line(keys);
  switch (l.red(0)) {
    case 'B3+5':
      return elephantOpening(l);
    case 'N2+3':
      return horseOpening(l);
    case 'C2.4':
      return palaceCornerCannon(l);
    case 'C2.5':
      return centralCannon(l);
    case 'C2.6':
      return crossPalaceCannon(l);
    case 'P3+1':
      return pawnOpening(l);
    default:
      return code(l.red(0), { 'P1+1': 'A08', 'C2.7': 'A07', 'C2.3': 'A06', 'C2+4': 'A05', 'C2+2': 'A04', 'C2.1': 'A03', 'N2+1': 'A02', 'A4+5': 'A01' }, 'A00');
  }
}

/** The name of a code: [opening, variation] (the variation '' when it has none). */
function eccoName(code: string): readonly [string, string] {
  const text = ECCO_NAMES[code] ?? ECCO_NAMES.A00!;
  const i = text.indexOf('#');
  return i < 0 ? [text, ''] : [text.slice(0, i), text.slice(i + 1)];
}

let startBoard: Uint8Array | null = null;

/** Is this the standard start position (pieces and side to move; the counters do not matter)? */
function isStandardStart(pos: Position): boolean {
  if (startBoard === null) {
    const s = parseXiangqiFen(XIANGQI_START_FEN);
    if (!s.ok) return false;
    startBoard = s.value.board;
  }
  if (pos.turn !== 0 || pos.board.length !== startBoard.length) return false;
  for (let i = 0; i < startBoard.length; i++) if (pos.board[i] !== startBoard[i]) return false;
  return true;
}

/** The ECCO opening of a game from `start` (null from any other start than the standard one). */
function xiangqiOpening(start: Position, moves: readonly Move[]): OpeningName | null {
  if (!isStandardStart(start)) return null;
  const code = eccoCode(eccoKeys(start, moves));
  let named = NAMED.get(code);
  if (named === undefined) {
    const [name, variation] = eccoName(code);
    named = variation ? { system: 'ECCO', code, name, variation } : { system: 'ECCO', code, name };
    NAMED.set(code, named);
  }
  return named;
}

/** The opening of each code, made once (read only: every game of that code shares it). */
const NAMED = new Map<string, OpeningName>();

export const XIANGQI_ECCO: OpeningNamer = { system: 'ECCO', plies: ECCO_PLIES, name: xiangqiOpening };
