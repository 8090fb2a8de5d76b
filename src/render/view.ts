/**
 * The bridge from an engine `Position` to the renderer's neutral `BoardView`.
 *
 * Glyphs come from the variant's piece data: a piece's FEN/SFEN `letter` (side 0's, e.g. 'N' or
 * '+P') picks the seed glyph (xiangqi: 傌/馬 by side; chu: the base table, or the promoted table
 * for a '+' letter, so `+g` is a promoted 飞 and `r` a plain 飞). A piece whose letter is unknown
 * falls back to its id in `GLYPH_BY_ID`, then to '？' (full-width, so the grid stays aligned).
 */
import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';
import type { VariantData } from '../core/variant.js';
import { isAttacked } from '../core/movegen.js';
import { CHU_GLYPHS, CHU_PROMOTED_GLYPHS, XIANGQI_GLYPHS } from './glyphs.js';
import type { BoardView, CellView } from './types.js';

export type ViewGameId = BoardView['variant'];

export interface BoardViewOptions {
  /** The move to mark; default: the last move played on `pos` (none when `null`). */
  lastMove?: Move | null;
  /** Squares to highlight (e.g. legal destinations of a selected piece). */
  highlights?: readonly number[];
  /** Royal squares to mark as in check; default: computed (the side to move's attacked royals). */
  checked?: readonly number[];
}

/** Glyphs by piece id for pieces whose letter is not in the glyph tables (side 0, side 1). */
export const GLYPH_BY_ID: Readonly<Record<string, readonly [string, string]>> = Object.freeze({});

interface PieceLook {
  glyph: string;
  promoted: boolean;
  letter: string;
}

const looks = new WeakMap<VariantData, PieceLook[]>();

/** Per piece code (kind << 1 | side) the glyph, promoted flag and cased letter. */
function pieceLooks(game: ViewGameId, v: VariantData): PieceLook[] {
  let t = looks.get(v);
  if (t) return t;
  t = [];
  v.pieces.forEach((spec, i) => {
    const kind = i + 1;
    const promoted = spec.letter.startsWith('+');
    const base = promoted ? spec.letter.slice(1) : spec.letter;
    for (const side of [0, 1] as const) {
      const letter = side === 0 ? base.toUpperCase() : base.toLowerCase();
      let glyph: string | undefined;
      if (game === 'xiangqi') glyph = XIANGQI_GLYPHS[letter];
      else glyph = (promoted ? CHU_PROMOTED_GLYPHS : CHU_GLYPHS)[base.toLowerCase()];
      glyph ??= GLYPH_BY_ID[spec.id]?.[side] ?? '？';
      t![(kind << 1) | side] = { glyph, promoted, letter: (promoted ? '+' : '') + letter };
    }
  });
  looks.set(v, t);
  return t;
}

/** The side to move's royal squares that are attacked, when it is in check. */
export function checkedRoyals(pos: Position): number[] {
  const v = pos.variant;
  if (!v.inCheck(pos)) return [];
  const royals: number[] = [];
  for (let sq = 0; sq < pos.board.length; sq++) {
    const p = pos.board[sq]!;
    if (p && (p & 1) === pos.turn && v.royal[p]) royals.push(sq);
  }
  const attacked = royals.filter((sq) => isAttacked(pos, sq, pos.turn ^ 1));
  // e.g. the xiangqi flying general is not an "attack" of the tables: mark the royal(s) anyway
  return attacked.length > 0 ? attacked : royals;
}

/** A `BoardView` of `pos` for `renderBoard`. */
export function boardView(game: { readonly id: ViewGameId }, pos: Position, opts: BoardViewOptions = {}): BoardView {
  const v = pos.variant;
  const W = v.geometry.width;
  const H = v.geometry.height;
  const t = pieceLooks(game.id, v);
  const xy = (sq: number): [number, number] => [sq % W, Math.floor(sq / W)];
  const cell = (x: number, y: number): CellView | null => {
    if (x < 0 || y < 0 || x >= W || y >= H) return null;
    const p = pos.board[y * W + x]!;
    if (!p) return null;
    const look = t[p];
    if (!look) return { glyph: '？', side: (p & 1) as 0 | 1, promoted: false, letter: '?' };
    return { glyph: look.glyph, side: (p & 1) as 0 | 1, promoted: look.promoted, letter: look.letter };
  };
  const view: BoardView = { variant: game.id, width: W, height: H, cell };
  const m = opts.lastMove === undefined ? pos.lastMove() : opts.lastMove;
  if (m) {
    const mid = ((m >>> 16) & 0xff) - 1;
    view.lastMove = { from: xy(m & 0xff), to: xy((m >>> 8) & 0xff), ...(mid >= 0 ? { mid: xy(mid) } : {}) };
  }
  const checked = opts.checked ?? checkedRoyals(pos);
  if (checked.length) view.checked = checked.map(xy);
  if (opts.highlights?.length) view.highlights = opts.highlights.map(xy);
  return view;
}
