/**
 * The material balance and the captured pieces shown beside the board: the pieces each side has
 * taken (those of the start position no longer on the board; a promoted piece counts as the piece
 * it promoted from), and the sum of the pieces' values (the engine's, in pawns) of one side less the
 * other's. Neither game has drops, so captured pieces are only shown.
 */
import { pieceCode, pieceKind, pieceSide } from '../core/piece.js';
import type { Position } from '../core/position.js';
import { profileFor } from '../engine/profiles.js';
import type { Game } from '../games/registry.js';
import { glyphFor } from '../render/glyphs.js';

export interface Material {
  /** Side 0's material less side 1's, in the engine's centipawns (royals left out). */
  balance: number;
  /** Piece kinds (unpromoted) of side s's pieces taken by the other side, most valuable first. */
  lost: [number[], number[]];
}

/** Kind → the kind it promoted from (itself when it is no promoted piece). */
const baseKinds = new WeakMap<Position['variant'], number[]>();
function baseKindOf(v: Position['variant']): number[] {
  let t = baseKinds.get(v);
  if (!t) {
    t = v.pieces.map((_, i) => i + 1);
    t.unshift(0);
    v.pieces.forEach((spec, i) => {
      if (!spec.promotesTo) return;
      const to = v.kindOf.get(spec.promotesTo);
      if (to !== undefined) t![to] = i + 1;
    });
    baseKinds.set(v, t);
  }
  return t;
}

/** Counts per side of each unpromoted kind on the board. */
function census(pos: Position): [number[], number[]] {
  const base = baseKindOf(pos.variant);
  const n = pos.variant.pieces.length + 1;
  const out: [number[], number[]] = [new Array<number>(n).fill(0), new Array<number>(n).fill(0)];
  for (const p of pos.board) if (p) out[pieceSide(p) as 0 | 1][base[pieceKind(p)]!]!++;
  return out;
}

export function materialOf(pos: Position, start: Position): Material {
  const values = profileFor(pos.variant).values;
  const v = pos.variant;
  let balance = 0;
  for (const p of pos.board) {
    if (!p || v.royal[p]) continue;
    balance += pieceSide(p) === 0 ? Math.abs(values[p]!) : -Math.abs(values[p]!);
  }
  const now = census(pos);
  const then = census(start);
  const lost: [number[], number[]] = [[], []];
  for (const side of [0, 1] as const) {
    for (let k = 1; k < now[side].length; k++) for (let i = now[side][k]!; i < then[side][k]!; i++) lost[side].push(k);
    lost[side].sort((a, b) => Math.abs(values[pieceCode(b, side)]!) - Math.abs(values[pieceCode(a, side)]!) || a - b);
  }
  return { balance, lost };
}

/** A piece kind of a side as the board draws it: its glyph, or its letter (ascii style). */
function pieceText(game: Game, v: Position['variant'], side: 0 | 1, kind: number, ascii: boolean): string {
  const letter = v.pieces[kind - 1]?.letter ?? '?';
  const cased = side === 0 ? letter.toUpperCase() : letter.toLowerCase();
  if (ascii) return cased;
  return glyphFor(game.boardStyle, cased, false) ?? cased;
}

/**
 * The lines beside the board: `material: red +3` (or `even`), then what each side has taken
 * (`red took 車 馬 卒`), leaving out a side that took nothing.
 */
export function materialLines(game: Game, pos: Position, start: Position, ascii: boolean): string[] {
  const m = materialOf(pos, start);
  const pawns = Math.round(Math.abs(m.balance) / 100);
  const lines = [pawns === 0 ? 'material: even' : `material: ${game.sideNames[m.balance > 0 ? 0 : 1]} +${pawns}`];
  for (const taker of [0, 1] as const) {
    const victim = (taker ^ 1) as 0 | 1;
    if (m.lost[victim].length === 0) continue;
    const sep = ascii ? ' ' : '';
    lines.push(`${game.sideNames[taker]} took ${m.lost[victim].map((k) => pieceText(game, pos.variant, victim, k, ascii)).join(sep)}`);
  }
  return lines;
}
