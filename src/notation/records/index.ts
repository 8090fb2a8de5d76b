/**
 * Every record reader loaded at once, for the openers that read a file synchronously
 * (`readRecordBytes`: the board's `load`, the saved games, match openings): the games' readers
 * (games/record-readers.ts) and notation's generic text formats (KIF, problem JSON). The streaming
 * opener (records/open.ts) loads only the reader a file needs (`RecordFormat.load`).
 */
import type { BinaryGameRecord } from '../../core/record.js';
import { GAME_RECORD_READERS } from '../../games/record-readers.js';
import { parseKif } from './kif.js';
import type { WholeReaders } from './open.js';
import { parseProblemJson } from './problem-json.js';
import type { WholeTextReaders } from './text.js';

export type { BinaryGameRecord, RecordComment } from '../../core/record.js';
export type { RecordFormat } from './detect.js';
export { detectRecordFormat, DETECT_BYTES } from './detect.js';

const BINARY_READERS: Readonly<Record<string, (bytes: Uint8Array) => BinaryGameRecord[]>> = Object.assign({}, ...GAME_RECORD_READERS.map((r) => r.binary));

/** Reads every game of a binary/library record file; `format` from `detectRecordFormat` (not 'text'). */
export function readBinaryRecords(bytes: Uint8Array, format: string): BinaryGameRecord[] {
  const read = BINARY_READERS[format];
  if (!read) throw new Error(`no reader for the ${format} format`);
  return read(bytes);
}

/** The readers of the text formats read whole (the games' own, KIF, problem JSON), for `streamTextRecords`. */
export const WHOLE_TEXT_READERS: WholeTextReaders = Object.assign({}, ...GAME_RECORD_READERS.map((r) => r.text), { kif: parseKif, json: parseProblemJson });

/** Every whole-file reader, for `readRecordBytes` (records/open.ts). */
export const WHOLE_READERS: WholeReaders = { binary: readBinaryRecords, text: WHOLE_TEXT_READERS };
