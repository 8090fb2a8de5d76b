/**
 * The puzzle trainer's progress file, `<state>/puzzles.json` (the state folder of `play`'s saved
 * games: $CHUHAN_HOME, else $XDG_STATE_HOME/chuhan, else ~/.local/state/chuhan). Read safely (a
 * FIFO, a symlink or a huge file planted there is refused in one sentence); written atomically
 * after every rated attempt (store.ts `writeAtomically`: a kill leaves the previous file or the new
 * one, never half of one), merged with what another trainer may have written since.
 */
import { dirname, join } from 'node:path';
import { quoteName } from '../core/text.js';
import type { GameId } from '../games/registry.js';
import { emptyProgress, formatProgress, mergeAttempt, parseProgress, type Progress } from '../puzzle/progress.js';
import { nodeFs, readSmallFile, stateDir, storageProblem, writeAtomically, type StoreFs } from './store.js';

/** The progress file is small: a few hundred bytes a puzzle tried. */
export const MAX_PROGRESS_BYTES = 32 * 1024 * 1024;

export const progressPath = (env: Record<string, string | undefined>): string => join(stateDir(env), 'puzzles.json');

/** The progress kept in `path` (none yet: an empty one), or one sentence on why it cannot be read. */
export function readProgress(path: string, fs: StoreFs = nodeFs): { ok: true; progress: Progress } | { ok: false; error: string } {
  const r = readSmallFile(path, MAX_PROGRESS_BYTES, fs);
  if (!r.ok) {
    if (r.missing) return { ok: true, progress: emptyProgress() };
    return { ok: false, error: `the puzzle progress file ${quoteName(path)} cannot be read: ${r.problem}` };
  }
  const p = parseProgress(r.text);
  if (!p.ok) return { ok: false, error: `the puzzle progress file ${quoteName(path)} cannot be read: ${p.error}; move it away (or set CHUHAN_HOME) to start afresh` };
  return { ok: true, progress: p.value };
}

/**
 * Saves one attempt: the file read again and this game's player and this puzzle (`key`) set from
 * `mine` (another trainer's attempts since are kept), written atomically. A problem sentence or null.
 */
export function saveProgress(path: string, mine: Progress, game: GameId, key: string, fs: StoreFs = nodeFs): string | null {
  const now = readProgress(path, fs);
  const merged = now.ok ? mergeAttempt(now.progress, mine, game, key) : mine;
  try {
    writeAtomically(path, formatProgress(merged), false, fs);
    return null;
  } catch (e) {
    return storageProblem(e, dirname(path), 'the puzzle progress');
  }
}
