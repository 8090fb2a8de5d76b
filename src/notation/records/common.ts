/**
 * What the binary and library record readers (XQF, CCBridge) share: the record shape they return
 * (a `GameRecord` as the PGN reader makes, with byte offsets instead of line:column), and the
 * little helpers to build one — a board of 90 squares to a FEN, ICCS move texts, text decoding.
 *
 * Pure functions over bytes: nothing here touches the file system.
 */
import { makeBinaryRecord, type BinaryGameRecord, type RecordComment, type RecordError, type RecordMove } from '../../core/record.js';

export type { BinaryGameRecord, RecordComment } from '../../core/record.js';
export { decodeText, gbk, hex2, i32, u16, u32, utf16, byteMove as move, byteError as error } from '../../core/record.js';

/** The record formats told apart by content (records/detect.ts). */
export type RecordFormat = 'xqf' | 'cbl' | 'cbr' | 'cbf' | 'text';

/** Builds the record object (tags in a fixed order, empty values left out). */
export function makeRecord(
  format: RecordFormat,
  index: number,
  tags: Array<[string, string | null | undefined]>,
  moves: RecordMove[],
  errors: RecordError[],
  comments: RecordComment[],
  variationMoves: number,
): BinaryGameRecord {
  return makeBinaryRecord(format, index, tags, moves, errors, comments, variationMoves);
}
