/**
 * Time management for the protocols: from a time control and the clock, the hard limit (the search
 * stops) and the soft limit (no new iteration starts) of one search.
 */

export interface TimeControl {
  /** Moves per session (conventional clock, CECP `level 40 5 0`), 0 = the whole game (incremental). */
  movesPerSession: number;
  /** Time of a session in ms. */
  baseMs: number;
  /** Increment per move in ms. */
  incMs: number;
  /** Exact time per move in ms (CECP `st`, UCI `movetime`), or null. */
  moveTimeMs: number | null;
}

export const DEFAULT_TIME_CONTROL: TimeControl = { movesPerSession: 40, baseMs: 5 * 60_000, incMs: 0, moveTimeMs: null };

export interface Allocation {
  timeMs: number;
  softTimeMs: number;
}

/** Time the process loses per move outside the search (messages, worker, pipes). */
const OVERHEAD_MS = 30;

/**
 * Limits for one move. `clockMs`: the engine's remaining time (null: unknown, the session's base
 * is assumed); `movesToGo`: moves until the next session (0 or null: estimate, sudden death).
 * `expectedMoves` is the guess of the game's remaining moves in sudden death.
 */
export function allocate(
  tc: TimeControl,
  clockMs: number | null,
  movesToGo: number | null,
  expectedMoves = 40,
): Allocation {
  if (tc.moveTimeMs !== null) {
    const hard = Math.max(10, tc.moveTimeMs - OVERHEAD_MS);
    return { timeMs: hard, softTimeMs: hard * 0.55 };
  }
  const left = Math.max(0, clockMs ?? tc.baseMs);
  const reserve = Math.min(1000, left * 0.05) + OVERHEAD_MS;
  const usable = Math.max(0, left - reserve);
  const moves = movesToGo && movesToGo > 0 ? Math.min(movesToGo, expectedMoves) : expectedMoves;
  // with a conventional clock the session's time comes back after movesToGo moves: spend it
  // evenly, keeping a slice back; in sudden death spread over the expected remaining moves
  let target = usable / (moves + 1) + tc.incMs * 0.8;
  target = Math.min(target, usable * 0.5);
  const hard = Math.max(5, Math.min(target * 2.5, usable * 0.6));
  // the soft limit is the planned time: the search stretches it (to 2x, within the hard limit)
  // when the best move is unstable or the score falls, shrinks it when the move is settled, and
  // starts no iteration that would likely overrun the hard limit (src/engine/search.ts)
  const soft = Math.max(3, Math.min(target * 0.9, hard));
  return { timeMs: Math.round(hard), softTimeMs: Math.round(soft) };
}

/**
 * Moves to go before the next session of a conventional clock, given how many moves the engine's
 * side has made in the game; null for incremental/sudden-death controls.
 */
export function movesToGo(tc: TimeControl, ownMovesMade: number): number | null {
  if (tc.moveTimeMs !== null || tc.movesPerSession <= 0) return null;
  return tc.movesPerSession - (ownMovesMade % tc.movesPerSession);
}

/** CECP `level MPS BASE INC`: BASE is minutes or minutes:seconds (trailing text ignored), INC seconds. */
export function parseLevel(args: readonly string[]): TimeControl | null {
  if (args.length < 3) return null;
  const mps = Number(args[0]);
  const base = /^(\d+(?:\.\d+)?)(?::(\d+(?:\.\d+)?))?/.exec(args[1]!);
  const inc = Number(args[2]);
  if (!Number.isFinite(mps) || mps < 0 || !base || !Number.isFinite(inc) || inc < 0) return null;
  const baseMs = (Number(base[1]) * 60 + Number(base[2] ?? 0)) * 1000;
  return { movesPerSession: Math.floor(mps), baseMs, incMs: inc * 1000, moveTimeMs: null };
}
