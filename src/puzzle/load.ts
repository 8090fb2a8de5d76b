/**
 * The puzzles `chuhan puzzle` trains on: a file's (its text, read by the command: this layer has no
 * file access), or without a file the set chuhan ships for the game. A library's key (`library`)
 * names where the puzzles come from in the progress file, so two files' `#1` are two puzzles.
 */
import { err, ok, type Result } from '../core/result.js';
import { quoteName } from '../core/text.js';
import type { GameId } from '../games/registry.js';
import { getGame } from '../games/registry.js';
import { shippedPuzzles } from './shipped.js';
import { readPuzzleFile } from './sources.js';
import type { Puzzle } from './types.js';

export interface LoadedPuzzles {
  readonly game: GameId;
  /** The library's key in the progress file: `shipped`, or the file's name without its folder. */
  readonly library: string;
  readonly puzzles: readonly Puzzle[];
}

/** A file given on the command line: its name (for messages and the library key) and its text. */
export interface PuzzleFile {
  readonly name: string;
  readonly text: string;
}

/**
 * The puzzles of `file`, or the shipped set of `game` without one; the error is one sentence
 * naming the file. A file's game is its own (a library's first line names it).
 */
export async function loadPuzzles(game: GameId, file?: PuzzleFile): Promise<Result<LoadedPuzzles>> {
  if (!file) {
    const puzzles = await shippedPuzzles(getGame(game));
    return puzzles.length > 0 ? ok({ game, library: 'shipped', puzzles }) : err(`chuhan ships no ${game} puzzles`);
  }
  const library = file.name.split(/[\\/]/).pop() || file.name;
  // a chuhan library, an .eglib endgame library, JSON chu mate problems (sources.ts)
  const r = readPuzzleFile(file.text, library);
  if (!r.ok) return err(`${quoteName(file.name)}: ${r.error}`);
  // a solution ends with the solver's move; none at all (an .eglib entry): the trainer asks the engine when it deals it
  const puzzles = r.value.puzzles.filter((p) => p.solution.length === 0 || p.solution.length % 2 === 1);
  if (puzzles.length === 0) return err(`${quoteName(file.name)} holds no puzzle`);
  return ok({ game: r.value.game, library, puzzles });
}
