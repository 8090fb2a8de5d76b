/**
 * What the binary and library record readers (XQF, CCBridge) share: the record shape they return
 * (a `GameRecord` as the PGN reader makes, with byte offsets instead of line:column), and the
 * little helpers to build one — a board of 90 squares to a FEN, ICCS move texts, text decoding.
 *
 * Pure functions over bytes: nothing here touches the file system.
 */
import type { Game } from '../../games/game.js';
import { GAMES } from '../../games/registry.js';
import { formatProblem, type RecordProblem } from '../../core/problem.js';
import type { GameRecord, RecordError, RecordMove } from '../pgn.js';

/** The record formats told apart by content (records/detect.ts). */
export type RecordFormat = 'xqf' | 'cbl' | 'cbr' | 'cbf' | 'text';

/** A comment of a record: `ply` 0 is the comment on the start position, n the one after move n. */
export interface RecordComment {
  readonly ply: number;
  readonly text: string;
}

/**
 * A game read from a binary or library record. Moves are ICCS texts (`h2e2`), each with the byte
 * `offset` of its move record in the file (line and column are 0 for binary data); errors carry the
 * byte offset too. Tags: Event, Site, Date, Red, Black, Result, FEN (only when the start is not the
 * standard one, e.g. a composition), Format "ICCS", and what else the format stores (Title, Round…).
 */
export interface BinaryGameRecord extends GameRecord {
  /** The file format the game came from. */
  readonly format: RecordFormat;
  readonly comments: RecordComment[];
  /** Moves in variations (side lines), read for structure and skipped. */
  readonly variationMoves: number;
}

/** Piece letters of the FEN, by type: rook, horse, elephant, advisor, king, cannon, pawn. */
export const FEN_LETTERS = 'rnbakcp';

/**
 * A board as 90 squares, index = rank * 9 + file with rank 0 Red's back rank (ICCS a0 = 0), each
 * square '' or a FEN letter (upper case Red).
 */
export type Board90 = string[];

export const emptyBoard = (): Board90 => new Array<string>(90).fill('');

/** The board of a new game, which these formats leave out of the FEN tag. */
const START_PLACEMENT = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR';

/**
 * The game XQF and CCBridge record: the registered game that starts from their start board (not
 * one found by the board's size); its FEN reader checks a set-up board.
 */
export const RECORDED_GAME: Game = (() => {
  const g = GAMES.find((x) => x.startFen.split(' ')[0] === START_PLACEMENT);
  if (!g) throw new Error('no registered game starts from the XQF/CCBridge start board');
  return g;
})();

/** The placement field of a FEN for the board. */
export function placementOf(board: Board90): string {
  const rows: string[] = [];
  for (let rank = 9; rank >= 0; rank--) {
    let row = '';
    let gap = 0;
    for (let file = 0; file < 9; file++) {
      const p = board[rank * 9 + file]!;
      if (p === '') gap++;
      else {
        if (gap) row += String(gap);
        gap = 0;
        row += p;
      }
    }
    if (gap) row += String(gap);
    rows.push(row);
  }
  return rows.join('/');
}

/** The FEN of a start position, or null when it is the standard start with Red to move. */
export function setupFen(board: Board90, blackToMove: boolean): string | null {
  const placement = placementOf(board);
  if (placement === START_PLACEMENT && !blackToMove) return null;
  return `${placement} ${blackToMove ? 'b' : 'w'} - - 0 1`;
}

export const boardIsEmpty = (board: Board90): boolean => board.every((p) => p === '');

/** ICCS text of a move between two squares given as (file 0-8, rank 0-9 from Red's side). */
export function iccs(fromFile: number, fromRank: number, toFile: number, toRank: number): string {
  return String.fromCharCode(97 + fromFile) + String(fromRank) + String.fromCharCode(97 + toFile) + String(toRank);
}

/** ICCS name of a square index (rank * 9 + file). */
export const squareName = (sq: number): string => String.fromCharCode(97 + (sq % 9)) + String(Math.floor(sq / 9));

export const move = (text: string, offset: number): RecordMove => ({ text, line: 0, column: 0, offset });

/** A record error at a byte offset: a problem, or a sentence (a `record.malformed` problem). */
export function error(what: string | RecordProblem, offset: number): RecordError {
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
  while (e < end && bytes[e] !== 0) e++;
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

/** Results as XQF and CCBridge number them: 0 unknown, 1 Red wins, 2 Black wins, 3 (and 4) draw. */
export function resultOf(code: number): string {
  return code === 1 ? '1-0' : code === 2 ? '0-1' : code === 3 || code === 4 ? '1/2-1/2' : '*';
}

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
  const tagMap = Object.create(null) as Record<string, string>;
  const tagList: Array<[string, string]> = [];
  for (const [k, v] of tags) {
    if (v === null || v === undefined || v === '') continue;
    tagMap[k] = v;
    tagList.push([k, v]);
  }
  return { index, tags: tagMap, tagList, moves, result: null, startLine: 0, errors, format, comments, variationMoves };
}

export const hex2 = (n: number): string => '0x' + n.toString(16).toUpperCase().padStart(2, '0');
