/**
 * Syntax-only hints about a game record: which notation its moves look like, and which game it is
 * for, from the `[Format]`, `[Variant]` and `[FEN]` tags. These are hints: the final decision
 * replays the moves against the legal moves of each candidate.
 */

import { GAMES, gameOfFen, type GameId } from '../games/registry.js';

export type NotationHint = 'iccs' | 'uci' | 'wxf' | 'chinese' | 'usi' | 'western' | 'unknown';
export type VariantHint = GameId;

const squash = (s: string): string => s.trim().toLowerCase().replace(/[\s_-]+/g, '');

/** Full-width ASCII forms (U+FF01–U+FF5E) and the ideographic space to ASCII. */
export function toHalfWidth(s: string): string {
  return s.replace(/[\uFF01-\uFF5E\u3000]/g, (ch) =>
    ch === '\u3000' ? ' ' : String.fromCharCode(ch.charCodeAt(0) - 0xfee0),
  );
}

// Xiangqi coordinates, ICCS (ranks 0-9, optional '-', either case) or UCI (ranks 1-10).
const COORD_RE = /^([a-i])(10|[0-9])-?([a-i])(10|[0-9])$/i;
// WXF: piece or +/- or digit, then file or +/- ; op + - . = ; digit. Covers C2.5 R+.3 +P+1 P+.4 ++.4
// --.4 3+.4 7-.6 15=6.
const WXF_RE = /^(?:[KAEBHNRCP][1-9+-]|[+-][KAEBHNRCP]|[1-9+-][+-]|[1-9][1-9])[-+.=][1-9]$/i;
const CHINESE_PIECE_RE = /[帅帥将將仕士相象車车俥伡马馬傌炮砲包兵卒前后後中]/;
const CHINESE_OP_RE = /[进進退平]/;
// Chu Shogi USI (lishogi): 7g7f, 7e7c+, 7j7i6h (double step).
const USI_RE = /^(?:1[0-2]|[1-9])[a-l](?:1[0-2]|[1-9])[a-l](?:(?:1[0-2]|[1-9])[a-l])?[+=]?$/;
// XBoard/HaChu legs for Chu: f5e6,e6e7 (and single legs with Chu-only files or ranks).
const XBOARD_LEGS_RE = /^[a-l](?:1[0-2]|[1-9])[a-l](?:1[0-2]|[1-9])(?:,[a-l](?:1[0-2]|[1-9])[a-l](?:1[0-2]|[1-9]))+\+?$/;
const XBOARD_CHU_RE = /^[a-l](?:1[0-2]|[1-9])[a-l](?:1[0-2]|[1-9])\+?$/;
// lishogi western Chu: Ln-7i-6h, Lnx2jx1j, Lnx!4h, P-7f=, +P-5e, G6a-5b, and the pass --.
const WESTERN_RE =
  /^(?:--|\+?[A-Z][A-Za-z]?(?:(?:1[0-2]|[1-9])[a-l])?(?:[-x]!?(?:1[0-2]|[1-9])[a-l]){1,2}[+=]?)$/;

type Kind = 'coord' | 'wxf' | 'chinese' | 'usi' | 'western' | null;

function classify(move: string, ranks: { zero: boolean; ten: boolean }): Kind {
  const m = toHalfWidth(move).trim();
  if (m.length === 0) return null;
  if (CHINESE_PIECE_RE.test(m) && CHINESE_OP_RE.test(m)) return 'chinese';
  const c = COORD_RE.exec(m);
  if (c) {
    if (c[2] === '0' || c[4] === '0') ranks.zero = true;
    if (c[2] === '10' || c[4] === '10') ranks.ten = true;
    return 'coord';
  }
  if (WXF_RE.test(m)) return 'wxf';
  if (USI_RE.test(m) || XBOARD_LEGS_RE.test(m)) return 'usi';
  if (XBOARD_CHU_RE.test(m)) return 'usi'; // files j-l or ranks 11-12: not on a xiangqi board
  if (WESTERN_RE.test(m)) return 'western';
  return null;
}

/**
 * Guesses the notation of a game's moves from their syntax alone. The kind shared by more than
 * half of the moves wins, else 'unknown'. ICCS and UCI differ only in rank numbering: a rank 0
 * means ICCS, a rank 10 (without any rank 0) means UCI, otherwise ICCS is assumed. Chu coordinate
 * forms (lishogi USI and XBoard legs `f5e6,e6e7`) are reported as 'usi'.
 */
export function guessNotation(moves: readonly string[]): NotationHint {
  const counts = new Map<Kind, number>();
  const ranks = { zero: false, ten: false };
  let total = 0;
  for (const mv of moves) {
    if (mv.trim().length === 0) continue;
    total++;
    const k = classify(mv, ranks);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  if (total === 0) return 'unknown';
  let best: Kind = null;
  let bestN = 0;
  for (const [k, n] of counts) {
    if (k !== null && n > bestN) {
      best = k;
      bestN = n;
    }
  }
  if (best === null || bestN * 2 <= total) return 'unknown';
  if (best === 'coord') return ranks.ten && !ranks.zero ? 'uci' : 'iccs';
  return best;
}

/** The notation named by a `[Format "…"]` tag value (`ICCS`, `WXF`, `Chinese`, …), or null. */
export function notationFromFormatTag(value: string | undefined): NotationHint | null {
  if (value === undefined) return null;
  const v = value.trim().toLowerCase();
  if (v === 'iccs' || v === 'coordinate' || v === 'coordinates') return 'iccs';
  if (v === 'wxf') return 'wxf';
  if (v.startsWith('chinese') || v === 'chn' || v === 'cn' || v === '中文') return 'chinese';
  if (v === 'uci') return 'uci';
  if (v === 'usi') return 'usi';
  if (v === 'western') return 'western';
  return null;
}

/** The `[Format]` tag value for a notation, as xqbase writes it. */
export function formatTagValue(notation: NotationHint): string | null {
  switch (notation) {
    case 'iccs':
      return 'ICCS';
    case 'wxf':
      return 'WXF';
    case 'chinese':
      return 'Chinese';
    case 'uci':
      return 'UCI';
    case 'usi':
      return 'USI';
    case 'western':
      return 'Western';
    default:
      return null;
  }
}

/** The game named by a `[Variant "…"]` tag value (xiangqi, xq, chushogi, chu, "Chu Shogi"…). */
export function variantFromVariantTag(value: string | undefined): VariantHint | null {
  if (value === undefined) return null;
  const v = squash(value);
  return GAMES.find((g) => g.aliases.some((a) => squash(a) === v))?.id ?? null;
}

/** The game a FEN/SFEN is for, by its board's files and ranks (registry's gameOfFen), or null. */
export function variantFromFen(fen: string | undefined): VariantHint | null {
  if (fen === undefined) return null;
  return gameOfFen(fen)?.id ?? null;
}

function variantOfNotation(n: NotationHint): VariantHint | null {
  return GAMES.find((g) => g.notations.has(n))?.id ?? null;
}

/** The game of a record: the Variant tag, else the FEN tag's shape, else the moves' notation. */
export function guessVariant(tags: Readonly<Record<string, string>>, moves: readonly string[]): VariantHint | null {
  return (
    variantFromVariantTag(tags['Variant']) ??
    variantFromFen(tags['FEN']) ??
    variantOfNotation(notationFromFormatTag(tags['Format']) ?? guessNotation(moves))
  );
}

export interface RecordHints {
  variant: VariantHint | null;
  /** The `[Format]` tag's notation when present, else the syntax guess. */
  notation: NotationHint;
  /** Where the notation came from. */
  notationFrom: 'format-tag' | 'moves';
}

/** Both hints for a parsed record (pass `record.moves.map(m => m.text)` as moves). */
export function recordHints(tags: Readonly<Record<string, string>>, moves: readonly string[]): RecordHints {
  const fromTag = notationFromFormatTag(tags['Format']);
  const notation = fromTag ?? guessNotation(moves);
  return {
    variant: variantFromVariantTag(tags['Variant']) ?? variantFromFen(tags['FEN']) ?? variantOfNotation(notation),
    notation,
    notationFrom: fromTag ? 'format-tag' : 'moves',
  };
}
