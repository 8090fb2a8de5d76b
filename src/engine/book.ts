/**
 * The opening book: moves of master games (xiangqi) and lishogi games (chu) for the positions they
 * reached often, with weights (games × score), chosen at random in proportion to the weights so
 * that games vary. Built by scripts/book/build.mjs into each game's book-data.ts (`Game.book`); parsed on the first lookup.
 * Only the games' standard variants use it (not the other rule sets or mate problems), and only
 * while the start position's hash is the one the book was built with.
 */
import type { Move } from '../core/move.js';
import { legalMoves } from '../core/perft.js';
import type { Position } from '../core/position.js';
import type { Variant } from '../core/variant.js';
import { gameOfVariant } from '../games/registry.js';
import type { Rng } from './rng.js';

export interface BookEntry {
  /** Move texts in the game's coordinate notation (ICCS, USI). */
  readonly moves: readonly string[];
  readonly weights: readonly number[];
}

const books = new Map<Variant, Map<string, BookEntry> | null>();

const keyOf = (pos: Position): string => (pos.hashLo >>> 0).toString(36) + '.' + (pos.hashHi >>> 0).toString(36);

/** The book of a variant, parsed on first use; null when the variant has none. */
function bookOf(v: Variant): Map<string, BookEntry> | null {
  const cached = books.get(v);
  if (cached !== undefined) return cached;
  let book: Map<string, BookEntry> | null = null;
  const game = gameOfVariant(v);
  const data = game?.book;
  if (game && game.variant === v && data?.entries) {
    const start = game.parseFen(game.startFen);
    if (start.ok && keyOf(start.value) === data.start) {
      book = new Map();
      for (const entry of data.entries.split(';')) {
        const colon = entry.indexOf(':');
        const moves: string[] = [];
        const weights: number[] = [];
        for (const mw of entry.slice(colon + 1).split(',')) {
          const eq = mw.lastIndexOf('=');
          if (eq <= 0) continue;
          moves.push(mw.slice(0, eq));
          weights.push(Number(mw.slice(eq + 1)));
        }
        book.set(entry.slice(0, colon), { moves, weights });
      }
    }
  }
  books.set(v, book);
  return book;
}

/** The book's moves for a position (legal ones only, with their weights), or an empty list. */
export function bookMoves(pos: Position): Array<{ move: Move; text: string; weight: number }> {
  const book = bookOf(pos.variant);
  const e = book?.get(keyOf(pos));
  if (!e) return [];
  const game = gameOfVariant(pos.variant)!;
  const legal = legalMoves(pos);
  const out: Array<{ move: Move; text: string; weight: number }> = [];
  e.moves.forEach((text, i) => {
    const move = legal.find((m) => game.coordinate.format(pos, m) === text);
    if (move !== undefined) out.push({ move, text, weight: e.weights[i]! });
  });
  return out;
}

/** A book move chosen at random in proportion to its weight, or 0 when the position is not in the book. */
export function bookMove(pos: Position, rng: Rng): Move {
  const moves = bookMoves(pos);
  if (moves.length === 0) return 0;
  const total = moves.reduce((s, m) => s + m.weight, 0);
  let r = rng.next() * total;
  for (const m of moves) {
    r -= m.weight;
    if (r < 0) return m.move;
  }
  return moves[moves.length - 1]!.move;
}

/** How many positions the variant's book holds (0: none or off for this variant). */
export function bookSize(v: Variant): number {
  return bookOf(v)?.size ?? 0;
}
