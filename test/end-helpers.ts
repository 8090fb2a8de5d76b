/** Shared by the endings tests: the hand-made cases of fixtures/endings and a way to play them. */
import { readFileSync } from 'node:fs';
import { GameHistory } from '../src/core/history.js';
import { legalMoves } from '../src/core/perft.js';
import { getGame, type GameId } from '../src/games/registry.js';
import { endRulesFor } from '../src/notation/status.js';

export interface EndingCase {
  readonly name: string;
  readonly fen: string;
  /** Moves in the game's coordinate notation (ICCS / USI), space separated. */
  readonly moves: string;
  readonly result: string;
  readonly reason: string | null;
  readonly detail?: string;
}

const FIX = new URL('../fixtures/endings/', import.meta.url).pathname;

export const loadCases = (id: GameId): EndingCase[] =>
  JSON.parse(readFileSync(`${FIX}${id === 'xiangqi' ? 'xiangqi' : 'chushogi'}-cases.json`, 'utf8')) as EndingCase[];

/**
 * Plays a case move by move through a GameHistory (`play`, as play/repl do), checking that each
 * move is one of the legal moves of the real generator.
 */
export function playCase(id: GameId, fen: string, moves: string): GameHistory {
  const game = getGame(id);
  const start = game.parseFen(fen);
  if (!start.ok) throw new Error(`bad FEN ${fen}: ${start.error}`);
  const h = new GameHistory(endRulesFor(id), start.value);
  moves
    .split(/\s+/)
    .filter(Boolean)
    .forEach((text, i) => {
      const m = game.parseMove(h.position, text);
      if (!m.ok) throw new Error(`ply ${i + 1} "${text}": ${m.error}`);
      if (!legalMoves(h.position).includes(m.value)) throw new Error(`ply ${i + 1} "${text}" is not generated as legal`);
      h.play(m.value);
    });
  return h;
}

/** The cases as one PGN file (FEN tags, no result token: the rules must decide). */
export function casesPgn(id: GameId, cases: readonly EndingCase[]): string {
  return cases
    .map((c) => `[Event "${c.name}"]\n[Variant "${id === 'xiangqi' ? 'xiangqi' : 'chushogi'}"]\n[FEN "${c.fen}"]\n\n${c.moves} *\n`)
    .join('\n');
}
