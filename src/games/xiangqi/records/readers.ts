/**
 * Xiangqi's record readers, by format id: the one module a format's `load` imports (records/formats.ts),
 * and the eager table of the synchronous openers (games/record-readers.ts).
 */
import type { RecordReaders } from '../../game.js';
import { readCbf, readCbl, readCbr } from './ccbridge.js';
import { parseDhtmlxq } from './dhtmlxq.js';
import { parseEglib } from './eglib.js';
import { parseDump, parseMoveCsv } from './elephantchess.js';
import { parseWxfFile } from './wxf-file.js';
import { readXqf } from './xqf.js';


export const XIANGQI_RECORD_READERS: RecordReaders = {
  binary: {
    xqf: (b) => [readXqf(b)],
    cbl: readCbl,
    cbr: (b) => [readCbr(b)],
    cbf: (b) => [readCbf(b)],
  },
  text: { dhtmlxq: parseDhtmlxq, wxf: parseWxfFile, eglib: parseEglib, elephantchess: parseDump, 'elephantchess-csv': parseMoveCsv },
};
