/**
 * Which record format a file is in, told by its content (never by its name): the binary and library
 * formats of the games (`RecordFormat.detect`: magic bytes, an XML root); anything else is text
 * (PGN, move lists and the other text formats).
 */
import type { BinaryRecordFormat } from '../../games/game.js';
import { BINARY_FORMATS } from './formats.js';

/** A format id (`xqf`, `cbl`…) or `text`. */
export type RecordFormat = string;

/** The binary format of a record file from its first bytes (the first 2 KB are enough), or null: text. */
export const binaryFormatOf = (bytes: Uint8Array): BinaryRecordFormat | null => BINARY_FORMATS.find((f) => f.detect(bytes)) ?? null;

/** The format id of a record file from its first bytes, or `text`. */
export function detectRecordFormat(bytes: Uint8Array): RecordFormat {
  return binaryFormatOf(bytes)?.id ?? 'text';
}

/** Bytes to look at for `detectRecordFormat`. */
export const DETECT_BYTES = 2048;
