/**
 * Chu Shogi western notation (lishogi "western", spec chushogi.md): piece abbreviation, the origin
 * square only when another piece with the same abbreviation could also reach the destination, `-`
 * or `x`, the destination; a promotion `+`, a declined promotion `=`. Lion double moves list both
 * steps: `Ln-7i-6h`, `Lnx2jx1j`; igui (capture without moving) `Lnx!4h`; a pass `--`.
 *
 * Abbreviations (spec): K DE CP BT FS FL G S C GB P +P L WH RC Wh SM FB VM FO B DH R DK HF SE Kr Ln
 * Ph FK; promoted forms that move like a base piece are written as that piece (a promoted Leopard
 * is `B`, a promoted Kirin `Ln`) and told apart from it by the origin square when both could move.
 * Input also accepts lishogi's own promoted forms (`+FL`, `+H`, `+D`, `+RC`…, `H`/`D` for the Dragon
 * Horse/King), any letter case when that is unambiguous, and, when two pieces could pass, a pass
 * written as a double step back to the start (`Ln7g-7f-7g`), which is also what it writes then.
 *
 * Parsing goes through the USI reader (and so through the legal moves) for every candidate piece.
 */
import { isPass, isPromotion, moveFrom, moveMid, moveTo, withPromotion, type Move } from '../../../core/move.js';
import { legalMoves } from '../../../core/perft.js';
import { pieceKind, pieceSide } from '../../../core/piece.js';
import type { Position } from '../../../core/position.js';
import { err, ok, type Result } from '../../../core/result.js';
import { bareProblem, quoted, type MoveProblem } from '../../../core/problem.js';
import { CHU_ABBREVIATIONS, CHU_PIECES } from '../pieces.js';
import { parseUsi, usiSquare } from './usi.js';

const SIDE_NAMES = ['sente', 'gote'];

/** Abbreviation of each kind (index kind - 1). */
const ABBR: readonly string[] = CHU_PIECES.map((p) => CHU_ABBREVIATIONS[p.id] ?? p.letter);

const abbrOf = (pos: Position, sq: number): string => ABBR[pieceKind(pos.board[sq]!) - 1]!;

/** Writes a legal move in western notation (`legal`: the position's legal moves, if at hand). */
export function formatWestern(pos: Position, m: Move, legal: readonly Move[] = legalMoves(pos)): string {
  const b = pos.board;
  const from = moveFrom(m);
  const to = moveTo(m);
  const mid = moveMid(m);
  const abbr = abbrOf(pos, from);
  if (isPass(pos.board, m)) {
    if (legal.filter((x) => isPass(pos.board, x)).length <= 1) return '--';
    return `${abbr}-${usiSquare(mid)}-${usiSquare(from)}`;
  }
  let origin = '';
  // another piece written alike that makes a move written alike (igui: on the same square) needs the origin
  const igui = mid >= 0 && to === from;
  for (const x of legal) {
    const f = moveFrom(x);
    const alike = igui ? moveTo(x) === f && moveMid(x) === mid : moveTo(x) === to && !isPass(pos.board, x);
    if (f !== from && alike && abbrOf(pos, f) === abbr) {
      origin = usiSquare(from);
      break;
    }
  }
  const head = abbr + origin;
  const sep = (sq: number): string => (b[sq] !== 0 ? 'x' : '-');
  const promo = isPromotion(m) ? '+' : legal.includes(withPromotion(m)) ? '=' : '';
  if (mid >= 0 && to === from) return `${head}x!${usiSquare(mid)}${promo}`;
  if (mid >= 0) return `${head}${sep(mid)}${usiSquare(mid)}${sep(to)}${usiSquare(to)}${promo}`;
  return `${head}${sep(to)}${usiSquare(to)}${promo}`;
}

const SQ = '((?:1[0-2]|[1-9])[a-l])';
const WESTERN_RE = new RegExp(`^(\\+?[A-WYZa-wyz]{1,2})${SQ}?(?:(x!)${SQ}|([-x])${SQ}(?:([-x])${SQ})?)([+=])?$`);

interface WesternText {
  abbr: string;
  origin: string | null;
  /** Squares after the piece: [to] or [mid, to]; igui gives [mid] with `igui`. */
  steps: string[];
  igui: boolean;
  promote: boolean;
}

function readWestern(text: string): WesternText | 'pass' | null {
  const t = text.normalize('NFKC').trim();
  if (t === '--') return 'pass';
  const r = WESTERN_RE.exec(t);
  if (!r) return null;
  const steps = r[3] ? [r[4]!] : r[7] ? [r[6]!, r[8]!] : [r[6]!];
  return { abbr: r[1]!, origin: r[2] ?? null, steps, igui: Boolean(r[3]), promote: r[9] === '+' };
}

/** Does the text look like a western move (syntax only)? */
export const looksLikeWestern = (text: string): boolean => readWestern(text) !== null;

const kindsWhere = (pred: (abbr: string, id: string) => boolean): number[] =>
  CHU_PIECES.flatMap((p, i) => (pred(ABBR[i]!, p.id) ? [i + 1] : []));

/** The kinds an abbreviation names (several when promoted forms share a base piece's name). */
export function westernKinds(abbr: string): number[] {
  const exact = kindsWhere((a) => a === abbr);
  if (exact.length) return exact;
  // lishogi's letters for the Dragon Horse and Dragon King, and its +X promoted forms
  if (abbr === 'H' || abbr === 'D') return kindsWhere((_a, id) => id === (abbr === 'H' ? 'horse' : 'dragon'));
  if (abbr.startsWith('+')) {
    const base = westernKinds(abbr.slice(1)).filter((k) => !CHU_PIECES[k - 1]!.id.startsWith('+'));
    const promoted = base.map((k) => CHU_PIECES[k - 1]!.promotesTo).filter((id): id is string => id !== undefined);
    if (promoted.length) return kindsWhere((_a, id) => promoted.includes(id));
  }
  return kindsWhere((a) => a.toLowerCase() === abbr.toLowerCase());
}

/** Parses a western move; errors are bare reasons, without the quoted text. */
export function parseWesternReason(pos: Position, text: string): Result<Move, MoveProblem> {
  const w = readWestern(text);
  if (!w) return err({ code: 'move.not-notation', notation: 'western' });
  const legal = legalMoves(pos);
  const us = pos.turn;
  if (w === 'pass') {
    const passes = legal.filter((m) => isPass(pos.board, m));
    if (passes.length === 1) return ok(passes[0]!);
    if (passes.length === 0) return err({ code: 'move.cannot-pass', side: SIDE_NAMES[us]! });
    return err({ code: 'move.ambiguous', options: passes.map((m) => formatWestern(pos, m, legal)) });
  }
  const kinds = westernKinds(w.abbr);
  if (kinds.length === 0) return err({ code: 'move.unknown-abbreviation', abbr: w.abbr });
  const b = pos.board;
  const candidates: number[] = [];
  for (let sq = 0; sq < b.length; sq++) {
    const p = b[sq]!;
    if (p !== 0 && pieceSide(p) === us && kinds.includes(pieceKind(p)) && (w.origin === null || usiSquare(sq) === w.origin)) candidates.push(sq);
  }
  const name = CHU_PIECES[kinds[0]! - 1]!.name;
  if (candidates.length === 0)
    return err(
      w.origin
        ? { code: 'move.none-written-at', side: SIDE_NAMES[us]!, abbr: w.abbr, at: w.origin }
        : { code: 'move.side-has-no', side: SIDE_NAMES[us]!, piece: name, abbr: w.abbr },
    );
  const found = new Set<Move>();
  const reasons: MoveProblem[] = [];
  for (const from of candidates) {
    const origin = usiSquare(from);
    const usi = origin + (w.igui ? w.steps[0]! + origin : w.steps.join('')) + (w.promote ? '+' : '');
    const r = parseUsi(pos, usi);
    if (r.ok) found.add(r.value);
    else reasons.push(bareProblem(r.error, usi));
  }
  if (found.size === 1) return ok([...found][0]!);
  if (found.size > 1) return err({ code: 'move.ambiguous', options: [...found].map((m) => formatWestern(pos, m, legal)) });
  if (candidates.length === 1) return err(reasons[0]!);
  const dest = w.igui ? w.steps[0]! : w.steps[w.steps.length - 1]!;
  return err({ code: 'move.none-can', side: SIDE_NAMES[us]!, count: candidates.length, abbr: w.abbr, to: dest });
}

/** Parses a western move: `"Ln-5e": the Lion on 7g cannot move to 5e`. */
export function parseWestern(pos: Position, text: string): Result<Move, MoveProblem> {
  const r = parseWesternReason(pos, text);
  return r.ok ? r : err(quoted(text, r.error));
}
