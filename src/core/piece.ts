/**
 * Pieces as data. A piece code on the board is (kind << 1) | side, 0 = empty; kind >= 1 indexes
 * the variant's piece list. Side 0 moves first (Red in xiangqi, Sente ▲ in chu shogi).
 */
export type Side = 0 | 1;

// The piece codec: the only place that knows how a code packs kind and side (test/piece-codec.test.ts
// scans src/ for hand decodes elsewhere). Tiny functions: V8 inlines them in the hot loops.

/** The side (0 or 1) of a non-empty piece code. */
export const pieceSide = (p: number): Side => (p & 1) as Side;
/** The kind of a piece code: 1-based index into the variant's piece list (0 for an empty square). */
export const pieceKind = (p: number): number => p >> 1;
/** The code of a piece of `kind` for `side` (0 or 1; a number so side arithmetic needs no cast). */
export const pieceCode = (kind: number, side: number): number => (kind << 1) | side;

/** A board region, in absolute coordinates, for the piece of the given side. */
export type Region = (x: number, y: number, side: Side) => boolean;

/** One movement rule: a mini-Betza string, optionally limited to starting/landing regions. */
export interface MoveRule {
  readonly betza: string;
  /** Named region (from the variant's `regions`) the piece must start in for this rule to apply. */
  readonly from?: string;
  /** Named region the destination must lie in. */
  readonly to?: string;
}

export interface PieceSpec {
  /** Stable identifier, e.g. 'horse', 'lion', '+pawn'. */
  readonly id: string;
  /** Name for people. */
  readonly name: string;
  /** FEN/SFEN letter(s) of side 0, e.g. 'N' or '+P'. */
  readonly letter: string;
  readonly moves: readonly MoveRule[];
  /** Losing all of a side's royals loses the game (xiangqi general, chu king and crown prince). */
  readonly royal?: boolean;
  /** id of the piece this one promotes to. */
  readonly promotesTo?: string;
  /** Named escape hatch for movement data cannot express, handled by the variant (e.g. 'lion'). */
  readonly special?: string;
}
