/**
 * The record model: what every record reader returns (PGN, the binary and library formats, the
 * whole-text formats), and the little helpers a reader builds one with. Types and pure functions:
 * the readers live with their notation (notation/pgn.ts, notation/records/) or their game
 * (src/games/<game>/records/), and all of them speak these shapes.
 */
import { formatProblem, type RecordProblem } from './problem.js';

export interface RecordMove {
  /** The move as the record wrote it, when `text` is a translation (DhtmlXQ digits, KIF lines). */
  display?: string;
  /** The move as written (number prefix, annotations and NAGs removed). */
  text: string;
  line: number;
  column: number;
  /** Byte offset of the move in a binary record (XQF, CCBridge), where line and column are 0. */
  offset?: number;
}

export interface RecordError {
  /** What went wrong: a PGN syntax error, or another reader's (`record.malformed`, `record.illegal-setup`). */
  readonly problem: RecordProblem;
  /** The sentence (`formatProblem(problem)`). */
  message: string;
  line: number;
  column: number;
  /** Byte offset of the problem in a binary record (XQF, CCBridge), where line and column are 0. */
  offset?: number;
}

export interface GameRecord {
  /** 1-based position of the game in the input. */
  index: number;
  /** Tag values by name (a null-prototype object; the last value wins for duplicates). */
  tags: Record<string, string>;
  /** The tag pairs in input order, duplicates included. */
  tagList: Array<[string, string]>;
  moves: RecordMove[];
  /** `1-0`, `0-1`, `1/2-1/2` or `*`; null when the game ended without a result token. */
  result: string | null;
  resultLine?: number;
  resultColumn?: number;
  /** Line of the first tag or movetext token of the game. */
  startLine: number;
  errors: RecordError[];
}

/** A comment of a record: `ply` 0 is the comment on the start position, n the one after move n. */
export interface RecordComment {
  readonly ply: number;
  readonly text: string;
}

/**
 * A game read from a binary or library record. Moves are coordinate texts (`h2e2`), each with the
 * byte `offset` of its move record in the file (line and column are 0 for binary data); errors
 * carry the byte offset too. Tags: what the format stores (Event, Site, Date, the players, Result,
 * FEN only when the start is not the standard one, Format…).
 */
export interface BinaryGameRecord extends GameRecord {
  /** The id of the record format the game came from (a game's `RecordFormat.id`: `xqf`, `cbl`…). */
  readonly format: string;
  readonly comments: RecordComment[];
  /** Moves in variations (side lines), read for structure and skipped. */
  readonly variationMoves: number;
}

// --- Helpers of the whole-text readers (WXF files, DhtmlXQ, KIF, problem JSON) ----------------

/**
 * The lines of a text without their line breaks (CRLF, CR or LF), each with the offset where it
 * starts; a byte-order mark opening the text is left out of the first line.
 */
export function* textLines(text: string): Generator<{ readonly line: string; readonly base: number }> {
  const lineRe = /[^\r\n]*(?:\r\n|\r|\n|$)/g;
  for (let m = lineRe.exec(text); m && m[0].length > 0; m = lineRe.exec(text)) {
    const line = m[0].replace(/[\r\n]+$/, '');
    if (m.index === 0 && line.startsWith('\uFEFF')) yield { line: line.slice(1), base: 1 };
    else yield { line, base: m.index };
  }
}

/** Maps UTF-16 offsets of a text to 1-based line:column (columns count code points, as pgn.ts). */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(private readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) this.starts.push(i + 1);
    }
  }

  /** The last place asked for (line index, offset, column): the next one on its line counts on from it. */
  private lastLine = -1;
  private lastAt = 0;
  private lastCol = 1;

  /**
   * [line, column] of offset `at`. Places asked for in order along one line are counted on from the
   * last, so the moves of a record written on one long line cost linear time, not quadratic.
   */
  at(at: number): [number, number] {
    const s = this.starts;
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    let col = 1;
    let from = s[lo]!;
    if (lo === this.lastLine && at >= this.lastAt) {
      col = this.lastCol;
      from = this.lastAt;
    }
    for (let i = from; i < at; i++) {
      const c = this.text.charCodeAt(i);
      if (c < 0xdc00 || c > 0xdfff) col++;
    }
    this.lastLine = lo;
    this.lastAt = at;
    this.lastCol = col;
    return [lo + 1, col];
  }
}

/** A fresh record to fill. */
export function newRecord(index: number, startLine: number): GameRecord {
  return {
    index,
    tags: Object.create(null) as Record<string, string>,
    tagList: [],
    moves: [],
    result: null,
    startLine,
    errors: [],
  };
}

export function setTag(rec: GameRecord, name: string, value: string): void {
  rec.tags[name] = value;
  rec.tagList.push([name, value]);
}

export function addMove(rec: GameRecord, text: string, where: [number, number], display?: string): void {
  const m: RecordMove = { text, line: where[0], column: where[1] };
  if (display !== undefined && display !== text) m.display = display;
  rec.moves.push(m);
}

export function addError(rec: GameRecord, message: string, where: [number, number]): void {
  const problem: RecordProblem = { code: 'record.malformed', detail: message };
  const e: RecordError = { problem, message: formatProblem(problem), line: where[0], column: where[1] };
  rec.errors.push(e);
}

/** `1-0`, `0-1`, `1/2-1/2`, `*` from the ways records write results, or null. */
export function normalResult(v: string): string | null {
  const t = v.trim();
  if (t === '1-0' || t === '0-1' || t === '1/2-1/2' || t === '*') return t;
  if (t === '½-½' || t === '1/2' || t === '=') return '1/2-1/2';
  return null;
}

// --- Helpers of the binary and library readers (byte offsets instead of line:column) -----------

/** A move of a binary record at a byte offset. */
export const byteMove = (text: string, offset: number): RecordMove => ({ text, line: 0, column: 0, offset });

/** A record error at a byte offset: a problem, or a sentence (a `record.malformed` problem). */
export function byteError(what: string | RecordProblem, offset: number): RecordError {
  const problem: RecordProblem = typeof what === 'string' ? { code: 'record.malformed', detail: what } : what;
  return { problem, message: formatProblem(problem), line: 0, column: 0, offset };
}

/** Decoders are cheap to keep: one per encoding. */
const decoders = new Map<string, InstanceType<typeof TextDecoder>>();
function decoder(encoding: string): InstanceType<typeof TextDecoder> {
  let d = decoders.get(encoding);
  if (!d) {
    d = new TextDecoder(encoding);
    decoders.set(encoding, d);
  }
  return d;
}

/** Text in GBK/GB18030 (XQF), up to the first NUL, trimmed. */
export function gbk(bytes: Uint8Array, start: number, end: number): string {
  let e = start;
  let high = 0;
  while (e < end && bytes[e] !== 0) high |= bytes[e++]!;
  // empty, or ASCII alone (GB18030's bytes below 0x80 are ASCII): no decoder call
  if (e === start) return '';
  if (high < 0x80) return String.fromCharCode(...bytes.subarray(start, e)).trim();
  return decoder('gb18030').decode(bytes.subarray(start, e)).trim();
}

/** Text in UTF-16LE (CCBridge), up to the first NUL character, trimmed. */
export function utf16(bytes: Uint8Array, start: number, end: number): string {
  let e = start;
  while (e + 1 < end && (bytes[e] !== 0 || bytes[e + 1] !== 0)) e += 2;
  return decoder('utf-16le').decode(bytes.subarray(start, e)).trim();
}

export function decodeText(bytes: Uint8Array, encoding: string): string {
  return decoder(encoding).decode(bytes);
}

export const u32 = (b: Uint8Array, at: number): number => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
export const i32 = (b: Uint8Array, at: number): number => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24);
export const u16 = (b: Uint8Array, at: number): number => b[at]! | (b[at + 1]! << 8);

export const hex2 = (n: number): string => '0x' + n.toString(16).toUpperCase().padStart(2, '0');

/** Builds a binary record object (tags in a fixed order, empty values left out). */
export function makeBinaryRecord(
  format: string,
  index: number,
  tags: Array<[string, string | null | undefined]>,
  moves: RecordMove[],
  errors: RecordError[],
  comments: RecordComment[],
  variationMoves: number,
): BinaryGameRecord {
  const tagMap = Object.create(null) as Record<string, string>;
  const tagList: Array<[string, string]> = [];
  for (const [k, v] of tags) {
    if (v === null || v === undefined || v === '') continue;
    tagMap[k] = v;
    tagList.push([k, v]);
  }
  return { index, tags: tagMap, tagList, moves, result: null, startLine: 0, errors, format, comments, variationMoves };
}
