/**
 * The computer player as the UI sees it. Until the engine issue lands its search, the only player is
 * a PLACEHOLDER random mover (labelled as such in the UI): it plays a mate-in-one or a capture when
 * it sees one, otherwise a random legal move. Deterministic for a given seed.
 */
import type { Move } from '../core/move.js';
import { legalMoves } from '../core/perft.js';
import type { Position } from '../core/position.js';
import type { Game } from '../notation/registry.js';

export interface ComputerPlayer {
  /** Shown in the UI, e.g. "placeholder random mover". */
  readonly name: string;
  /** True while this is a stand-in for the real engine. */
  readonly placeholder: boolean;
  /**
   * The move to play in `pos` (which the player must leave as it found it), or null when there is
   * none. May take time; honours `signal` by resolving early.
   */
  choose(game: Game, pos: Position, level: number, signal?: AbortSignal): Promise<Move | null>;
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
  };
}

/** Picks a move without search: mate in one, else a capture, else anything (all at random). */
export function placeholderMove(pos: Position, random: () => number): Move | null {
  const moves = legalMoves(pos);
  if (moves.length === 0) return null;
  const pick = (list: Move[]): Move => list[Math.floor(random() * list.length)]!;
  const mates: Move[] = [];
  const captures: Move[] = [];
  for (const m of moves) {
    const to = (m >>> 8) & 0xff;
    const mid = ((m >>> 16) & 0xff) - 1;
    if ((to !== (m & 0xff) && pos.board[to]) || (mid >= 0 && pos.board[mid])) captures.push(m);
    pos.play(m);
    const mate = legalMoves(pos).length === 0;
    pos.undo();
    if (mate) mates.push(m);
  }
  if (mates.length) return pick(mates);
  if (captures.length) return pick(captures);
  return pick(moves);
}

export function placeholderPlayer(seed = Date.now()): ComputerPlayer {
  const random = rng(seed);
  return {
    name: 'placeholder random mover (the real engine is not in yet)',
    placeholder: true,
    choose: async (_game, pos) => placeholderMove(pos, random),
  };
}
