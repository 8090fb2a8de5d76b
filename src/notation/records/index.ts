/**
 * The binary and library record readers (XQF, CCBridge CBL/CBR/CBF) behind one call: the games of
 * a whole file, as `GameRecord`s the replayer reads like PGN games (moves in ICCS with byte
 * offsets; errors with byte offsets, or line:column for the XML of CBF).
 */
import { readCbf, readCbl, readCbr } from '../../games/xiangqi/records/ccbridge.js';
import type { BinaryGameRecord, RecordFormat } from './common.js';
import { readXqf } from '../../games/xiangqi/records/xqf.js';
import { parseDhtmlxq } from '../../games/xiangqi/records/dhtmlxq.js';
import { parseKif } from './kif.js';
import { parseProblemJson } from './problem-json.js';
import type { WholeTextReaders } from './text.js';
import { parseWxfFile } from '../../games/xiangqi/records/wxf-file.js';

export type { BinaryGameRecord, RecordComment, RecordFormat } from './common.js';
export { detectRecordFormat, DETECT_BYTES } from './detect.js';
export { readXqf } from '../../games/xiangqi/records/xqf.js';
export { readCbf, readCbl, readCbr } from '../../games/xiangqi/records/ccbridge.js';

/** Reads every game of a binary/library record file; `format` from `detectRecordFormat` (not 'text'). */
export function readBinaryRecords(bytes: Uint8Array, format: Exclude<RecordFormat, 'text'>): BinaryGameRecord[] {
  switch (format) {
    case 'xqf':
      return [readXqf(bytes)];
    case 'cbr':
      return [readCbr(bytes)];
    case 'cbl':
      return readCbl(bytes);
    case 'cbf':
      return [readCbf(bytes)];
  }
}

/** The readers of the text formats read whole (WXF, DhtmlXQ, KIF, problem JSON), for `readTextRecords`. */
export const WHOLE_TEXT_READERS: WholeTextReaders = { wxf: parseWxfFile, dhtmlxq: parseDhtmlxq, kif: parseKif, json: parseProblemJson };

/** Every whole-file reader, for `readRecordBytes` (records/open.ts). */
export const WHOLE_READERS = { binary: readBinaryRecords, text: WHOLE_TEXT_READERS } as const;
