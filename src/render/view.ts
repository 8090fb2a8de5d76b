/**
 * The bridge from an engine position to the renderer's neutral `BoardView`.
 *
 * src/render imports nothing from the engine but the piece and move codecs (test/layers.test.ts), so it reads
 * positions through the small structural types below, which `core/position.ts`'s `Position`
 * satisfies; the attack test for "which royal is in check" is passed in by the caller.
 *
 * Glyphs come from the variant's piece data: a piece's FEN/SFEN `letter` (side 0's, e.g. 'N' or
 * '+P') picks the seed glyph (xiangqi: 傌/馬 by side; chu: the base table, or the promoted table
 * for a '+' letter, so `+g` is a promoted 飞 and `r` a plain 飞). A piece whose letter is not in
 * the tables gets '？' (full-width, so the grid stays aligned).
 */
import { moveFrom, moveMid, moveTo } from '../core/move.js';
import { pieceCode, pieceSide } from '../core/piece.js';
import { glyphFor } from './glyphs.js';
import type { BoardStyle, BoardView, CellView } from './types.js';

/** What the bridge reads of a piece definition (core/piece.ts `PieceSpec`). */
export interface PieceLike {
  readonly id: string;
  readonly name: string;
  readonly letter: string;
}

/** What the bridge reads of a variant (core/variant.ts `Variant`). */
export interface VariantLike {
  readonly geometry: { readonly width: number; readonly height: number };
  readonly pieces: readonly PieceLike[];
  /** piece code → 1 if royal. */
  readonly royal: ArrayLike<number>;
  inCheck(pos: never): boolean;
}

/** What the bridge reads of a position (core/position.ts `Position`). */
export interface PositionLike {
  readonly variant: VariantLike;
  readonly board: ArrayLike<number>;
  readonly turn: number;
  lastMove(): number;
}

export interface BoardViewOptions {
  /** The move to mark (engine move int); default: the last move played on `pos`; null for none. */
  lastMove?: number | null;
  /** Squares to highlight (e.g. legal destinations of a selected piece). */
  highlights?: readonly number[];
  /** Royal squares to mark as in check; default: computed with `attacked` (see `checkedRoyals`). */
  checked?: readonly number[];
  /** Is `sq` attacked by side `by`? (core/movegen.ts `isAttacked`.) */
  attacked?: (pos: never, sq: number, by: number) => boolean;
}

interface PieceLook {
  glyph: string;
  promoted: boolean;
  letter: string;
}

const looks = new WeakMap<VariantLike, PieceLook[]>();

/** Per piece code (core/piece.ts): glyph, promoted flag and cased FEN letter. */
function pieceLooks(style: BoardStyle, v: VariantLike): PieceLook[] {
  const t = looks.get(v);
  if (t) return t;
  const table: PieceLook[] = [];
  v.pieces.forEach((spec, i) => {
    const kind = i + 1;
    const promoted = spec.letter.startsWith('+');
    const base = promoted ? spec.letter.slice(1) : spec.letter;
    for (const side of [0, 1] as const) {
      const letter = side === 0 ? base.toUpperCase() : base.toLowerCase();
      const glyph = glyphFor(style, letter, promoted) ?? '？';
      table[pieceCode(kind, side)] = { glyph, promoted, letter: (promoted ? '+' : '') + letter };
    }
  });
  looks.set(v, table);
  return table;
}

/**
 * The side to move's royals to mark when it is in check: those `attacked` says are attacked, or all
 * of them when there is no attack test or it finds none (e.g. the xiangqi flying general).
 */
export function checkedRoyals(pos: PositionLike, attacked?: BoardViewOptions['attacked']): number[] {
  const v = pos.variant;
  if (!v.inCheck(pos as never)) return [];
  const royals: number[] = [];
  for (let sq = 0; sq < pos.board.length; sq++) {
    const p = pos.board[sq]!;
    if (p && pieceSide(p) === pos.turn && v.royal[p]) royals.push(sq);
  }
  const hit = attacked ? royals.filter((sq) => attacked(pos as never, sq, pos.turn ^ 1)) : [];
  return hit.length > 0 ? hit : royals;
}

/** A `BoardView` of `pos` for `renderBoard`. */
export function boardView(game: { readonly boardStyle: BoardStyle }, pos: PositionLike, opts: BoardViewOptions = {}): BoardView {
  const v = pos.variant;
  const W = v.geometry.width;
  const H = v.geometry.height;
  const t = pieceLooks(game.boardStyle, v);
  const xy = (sq: number): [number, number] => [sq % W, Math.floor(sq / W)];
  const cell = (x: number, y: number): CellView | null => {
    if (x < 0 || y < 0 || x >= W || y >= H) return null;
    const p = pos.board[y * W + x]!;
    if (!p) return null;
    const side = pieceSide(p);
    const look = t[p];
    if (!look) return { glyph: '？', side, promoted: false, letter: '?' };
    return { glyph: look.glyph, side, promoted: look.promoted, letter: look.letter };
  };
  const view: BoardView = { style: game.boardStyle, width: W, height: H, cell, promotes: v.pieces.some((s) => s.letter.startsWith('+')) };
  const m = opts.lastMove === undefined ? pos.lastMove() : opts.lastMove;
  if (m) {
    const mid = moveMid(m);
    view.lastMove = { from: xy(moveFrom(m)), to: xy(moveTo(m)), ...(mid >= 0 ? { mid: xy(mid) } : {}) };
  }
  const checked = opts.checked ?? checkedRoyals(pos, opts.attacked);
  if (checked.length) view.checked = checked.map(xy);
  if (opts.highlights?.length) view.highlights = opts.highlights.map(xy);
  return view;
}
