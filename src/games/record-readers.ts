/**
 * The games' record readers loaded at once, for the openers that read a file synchronously (the
 * board's `load`, the saved games, match openings: notation/records/index.ts `WHOLE_READERS`).
 * Everyone else loads a format's reader when a file needs it (`RecordFormat.load`), so that this
 * module, not the registry, is what pulls every reader in: one line per game that has formats.
 */
import type { RecordReaders } from './game.js';
import { XIANGQI_RECORD_READERS } from './xiangqi/records/readers.js';

export const GAME_RECORD_READERS: readonly RecordReaders[] = [XIANGQI_RECORD_READERS];
