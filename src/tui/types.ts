/** Small shared types of the interactive layer (session, records, UI). */
import type { Side } from '../core/piece.js';
import { quoteInput } from '../core/text.js';
import { formatProblem, type Problem } from '../core/problem.js';
import { verdictReasonText, verdictScore, type Verdict } from '../core/verdict.js';

export type PlayerKind = 'human' | 'computer';

/** How a game ended, as the board words it: a rendering of a `Verdict` (`verdictOutcome`). */
export interface GameOutcome {
  readonly result: '1-0' | '0-1' | '1/2-1/2';
  /** null for a draw. */
  readonly winner: Side | null;
  /** e.g. 'checkmate', 'stalemate', 'resignation', 'agreement'. */
  readonly reason: string;
}

/** A verdict as the board shows it (`1-0`, red, `capture of the royals`). */
export function verdictOutcome(v: Verdict): GameOutcome {
  return { result: verdictScore(v) as GameOutcome['result'], winner: v.winner, reason: verdictReasonText(v) };
}

/** Synchronous file access the session uses for `save`/`load` (injected, so tests stay in memory). */
export interface FileAccess {
  /** Throws (any error) when the file cannot be read. */
  read(path: string): string;
  /** The file's bytes (records in binary formats or GBK); without it, `read`'s text is used. */
  readBytes?(path: string): Uint8Array;
  /**
   * The file's bytes in chunks, read from the start each time they are iterated (a record of any
   * size is streamed, never held whole); throws at once when the file cannot be read.
   */
  readChunks?(path: string): Iterable<Uint8Array>;
  /** Throws when the file cannot be written. */
  write(path: string, text: string): void;
}

export const parsePlayerKind = (s: string): PlayerKind | null => {
  const t = s.trim().toLowerCase();
  if (t === 'human' || t === 'h') return 'human';
  if (t === 'computer' || t === 'c' || t === 'cpu' || t === 'engine') return 'computer';
  return null;
};

/** `label "text": error`, without quoting the move twice when the problem already does. */
export function moveError(label: string, text: string, problem: Problem): string {
  const error = formatProblem(problem);
  return quotesText(problem, text) ? `${label}: ${error}` : `${label} ${quoteInput(text)}: ${error}`;
}

/** Does the sentence of a move problem already quote the move text? */
export function quotesText(p: Problem, text: string): boolean {
  if (p.code === 'move.quoted') return p.text === text || quotesText(p.reason, text);
  return (p.code === 'move.second-leg' && p.text === text) || (p.code === 'move.unknown-abbreviation' && p.abbr === text);
}
