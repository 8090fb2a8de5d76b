/**
 * XQF, the record format of XQStudio (象棋演播室), versions 10 to 18: one game per file.
 *
 * Layout (little-endian), as XQStudio writes it:
 * - a 1024-byte header: `XQ`, the version byte (2), the key bytes (3–15: mask, product id, four OR
 *   keys, the key sum and the three keys XY/XYf/XYt; the four last add up to 0 mod 256), the piece
 *   table (16–47: one byte per piece, x·10 + y with x the file 0–8 from Red's left and y the rank
 *   0–9 from Red's side, > 89 = not on the board; in the order Red R N B A K A B N R C C P P P P P,
 *   then Black the same), the side to move (50), the result (51: 0 unknown, 1 Red wins, 2 Black
 *   wins, 3/4 draw), the game type (64), and Pascal strings (a length byte, then GBK text): title
 *   (80), event (208), date (272), site (288), Red (304), Black (320), commentator (464), author (480);
 * - from byte 1024 the move tree in preorder: a root record (the comment on the start position),
 *   then one record per move: from, to (bytes 0, 1, offset by 24 and 32), a tag byte and a spare
 *   byte, followed by a comment. The tag says whether the move has a continuation (its first child,
 *   the next record) and an alternative (a sibling, after the child's whole subtree). Version 10
 *   marks these in the high and low nibble and always stores a 4-byte comment length; versions
 *   11+ use bits 0x80 (child), 0x40 (sibling), 0x20 (a comment length follows).
 *
 * Encryption (versions 11+): the piece table is rotated (12+) and shifted by a key; the move tree
 * bytes are shifted by a 32-byte key stream (the copyright text of XQStudio masked by the key
 * bytes), the squares by two more keys and comment lengths by a fourth; every key derives from the
 * header's key bytes.
 *
 * The main line is the chain of first children, so it is the first run of records. Variations are
 * walked for structure (to find a truncated file) and skipped.
 */
import { oneLine } from '../../../core/text.js';
import type { RecordError, RecordMove } from '../../../core/record.js';
import { fenReason } from '../../../core/problem.js';
import {
  byteError as error,
  gbk,
  hex2,
  makeBinaryRecord,
  byteMove as move,
  type BinaryGameRecord,
  type RecordComment,
} from '../../../core/record.js';
import { emptyBoard, iccs, RECORDED_GAME, resultOf, setupFen } from './board.js';

const HEADER = 1024;
const PIECES = 'RNBAKABNRCCPPPPP';
const COPYRIGHT = '[(C) Copyright Mr. Dong Shiwei.]';

interface Keys {
  xy: number;
  xyf: number;
  xyt: number;
  rmk: number;
  stream: Uint8Array;
}

const mix = (b: number, k: number): number => (((((b * b * 3 + 9) * 3 + 8) * 2 + 1) * 3 + 8) * k) & 0xff;

function keysOf(h: Uint8Array, version: number): Keys {
  if (version <= 10) return { xy: 0, xyf: 0, xyt: 0, rmk: 0, stream: new Uint8Array(32) };
  const [mask, orA, orB, orC, orD, sum, kxy, kxyf, kxyt] = [h[3]!, h[8]!, h[9]!, h[10]!, h[11]!, h[12]!, h[13]!, h[14]!, h[15]!];
  const xy = mix(kxy, kxy);
  const xyf = mix(kxyf, xy);
  const xyt = mix(kxyt, xyf);
  const rmk = ((sum * 256 + kxy) % 32000) + 767;
  const kb = [(sum & mask) | orA, (kxy & mask) | orB, (kxyf & mask) | orC, (kxyt & mask) | orD];
  const stream = new Uint8Array(32);
  for (let i = 0; i < 32; i++) stream[i] = COPYRIGHT.charCodeAt(i) & kb[i % 4]!;
  return { xy, xyf, xyt, rmk, stream };
}

/**
 * Header text without control characters (C0, DEL, C1): XQStudio's fields are one line, and a
 * control character there would reach a PGN tag (which readers refuse) and the terminal. Each run
 * of them becomes one space. Comments keep their line breaks and tabs.
 */
const cleanText = (text: string, lines: boolean): string =>
  (lines ? text.replace(/\r\n?/g, '\n').replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f]+/g, ' ') : oneLine(text)).trim();

/** The Pascal string at `at` (a length byte, then at most `size - 1` bytes of GBK text), controls cleaned. */
function pascal(h: Uint8Array, at: number, size: number): string {
  const n = Math.min(h[at]!, size - 1);
  return cleanText(gbk(h, at + 1, at + 1 + n), false);
}

/** Options of the XQF reader. */
export interface XqfOptions {
  /** The 1-based number the game gets (default 1). */
  index?: number;
  /** Keep the comments (default true). */
  comments?: boolean;
}

/**
 * Reads an XQF file. Never throws: a damaged or truncated file gives a record with the moves read
 * up to the damage and one error naming the byte offset and the reason.
 */
export function readXqf(bytes: Uint8Array, options: XqfOptions = {}): BinaryGameRecord {
  const index = options.index ?? 1;
  const keepComments = options.comments !== false;
  const fail = (message: string, offset: number, tags: Array<[string, string | null]> = [], moves: RecordMove[] = [], comments: RecordComment[] = []) =>
    makeBinaryRecord('xqf', index, tags, moves, [error(message, offset)], comments, 0);

  if (bytes.length < 2 || bytes[0] !== 0x58 || bytes[1] !== 0x51) return fail('this is not an XQF file: it does not start with "XQ"', 0);
  if (bytes.length < HEADER)
    return fail(`the file ends at byte ${bytes.length}, inside the ${HEADER}-byte XQF header (the file is truncated)`, bytes.length);
  const h = bytes;
  const version = h[2]!;
  if (version > 18) return fail(`XQF version ${version} is not supported (XQStudio wrote versions 10 to 18)`, 2);
  if (version > 10 && ((h[12]! + h[13]! + h[14]! + h[15]!) & 0xff) !== 0)
    return fail(
      `wrong key bytes: the key sum and keys at bytes 12-15 (${[12, 13, 14, 15].map((i) => hex2(h[i]!)).join(' ')}) do not add up to 0 mod 256, so the file cannot be decrypted`,
      12,
    );
  const keys = keysOf(h, version);

  // Header fields.
  const result = resultOf(h[51]!);
  const tags: Array<[string, string | null]> = [
    ['Event', pascal(h, 208, 64)],
    ['Site', pascal(h, 288, 16)],
    ['Date', pascal(h, 272, 16)],
    ['Red', pascal(h, 304, 16)],
    ['Black', pascal(h, 320, 16)],
    ['Result', result],
    ['FEN', null], // filled below
    ['Format', 'ICCS'],
    ['Title', pascal(h, 80, 64)],
    ['Annotator', pascal(h, 464, 16)],
  ];

  // The piece table.
  const table = new Uint8Array(32);
  for (let i = 0; i < 32; i++) {
    const raw = h[16 + i]!;
    if (version >= 12) table[(i + keys.xy + 1) & 31] = raw;
    else table[i] = raw;
  }
  const board = emptyBoard();
  const at = new Int8Array(90).fill(-1);
  for (let i = 0; i < 32; i++) {
    const v = (table[i]! - keys.xy) & 0xff;
    if (v > 89) continue;
    const file = Math.floor(v / 10);
    const rank = v % 10;
    if (file > 8) continue;
    const sq = rank * 9 + file;
    if (at[sq]! >= 0)
      return fail(`the piece table (bytes 16-47) puts two pieces on ${iccs(file, rank, 0, 0).slice(0, 2)}: wrong key bytes or a damaged header`, 16, tags);
    at[sq] = i;
    const letter = PIECES[i % 16]!;
    board[sq] = i < 16 ? letter : letter.toLowerCase();
  }

  // The move tree. One record at p: from, to, tag, spare, then the comment (length, text). The
  // fields of the last record read go into these variables (no allocation per record: opening
  // libraries have hundreds of thousands of variation moves).
  const data = bytes;
  const len = data.length;
  const ks = keys.stream;
  const v10 = version <= 10;
  let nFrom = 0;
  let nTo = 0;
  let nChild = false;
  let nSibling = false;
  let nText = -1; // start of the comment text, -1 for none
  let nSize = 0;
  let nEnd = 0;
  let problem: { message: string; offset: number } | null = null;
  /** What the record at p is, for a message: the start position (ply 0), move `ply`, or a variation move. */
  const label = (p: number, ply: number, main: boolean): string =>
    ply === 0 ? 'the start position' : main ? `move ${ply} (byte ${p})` : `a variation move (byte ${p})`;
  /** Reads the record at p; false (and `problem`) when it is cut or damaged. */
  const readNode = (p: number, ply: number, main: boolean): boolean => {
    if (p + 4 > len) {
      problem = { message: `the file ends at byte ${len}, inside the record of ${label(p, ply, main)} (the file is truncated)`, offset: len };
      return false;
    }
    const tag = (data[p + 2]! - ks[(p + 2) & 31]!) & 0xff;
    let q = p + 4;
    let size = 0;
    let hasSize = v10;
    if (v10) {
      nChild = (tag & 0xf0) !== 0;
      nSibling = (tag & 0x0f) !== 0;
    } else {
      nChild = (tag & 0x80) !== 0;
      nSibling = (tag & 0x40) !== 0;
      hasSize = (tag & 0x20) !== 0;
    }
    if (hasSize) {
      if (q + 4 > len) {
        problem = { message: `the file ends at byte ${len}, inside the comment length of ${label(p, ply, main)} (the file is truncated)`, offset: len };
        return false;
      }
      size =
        (((data[q]! - ks[q & 31]!) & 0xff) |
          (((data[q + 1]! - ks[(q + 1) & 31]!) & 0xff) << 8) |
          (((data[q + 2]! - ks[(q + 2) & 31]!) & 0xff) << 16) |
          (((data[q + 3]! - ks[(q + 3) & 31]!) & 0xff) << 24)) -
        keys.rmk;
      q += 4;
      if (size < 0) {
        problem = { message: `the comment length of ${label(p, ply, main)} is negative (${size}): wrong key bytes or a damaged file`, offset: q - 4 };
        return false;
      }
      if (q + size > len) {
        problem = {
          message: `the comment of ${label(p, ply, main)} (${size} bytes from byte ${q}) runs past the end of the file at byte ${len} (the file is truncated)`,
          offset: len,
        };
        return false;
      }
    }
    nFrom = (data[p]! - ks[p & 31]! - 24 - keys.xyf) & 0xff;
    nTo = (data[p + 1]! - ks[(p + 1) & 31]! - 32 - keys.xyt) & 0xff;
    nText = size > 0 ? q : -1;
    nSize = size;
    nEnd = q + size;
    return true;
  };
  const commentText = (): string | null => {
    if (nText < 0 || !keepComments) return null;
    const text = new Uint8Array(nSize);
    for (let k = 0; k < nSize; k++) text[k] = (data[nText + k]! - ks[(nText + k) & 31]!) & 0xff;
    return cleanText(gbk(text, 0, nSize), true) || null;
  };

  const moves: RecordMove[] = [];
  const comments: RecordComment[] = [];
  let firstMover = h[50] === 1 ? 1 : 0;
  if (!readNode(HEADER, 0, true)) {
    tags[6] = ['FEN', setupFen(board, firstMover === 1)];
    return makeBinaryRecord('xqf', index, tags, [], [error(problem!.message, problem!.offset)], [], 0);
  }
  const rootComment = commentText();
  if (rootComment) comments.push({ ply: 0, text: rootComment });
  let p = nEnd;
  let pending = nChild ? 1 : 0; // records still promised by the tags read so far
  let mainOpen = nChild;
  let variationMoves = 0;
  const errors: RecordError[] = [];
  while (pending > 0) {
    const ply = moves.length + 1;
    if (!readNode(p, ply, mainOpen)) {
      errors.push(error(problem!.message, problem!.offset));
      break;
    }
    pending--;
    if (nChild) pending++;
    if (nSibling) pending++;
    if (mainOpen) {
      if (nFrom > 89 || nTo > 89) {
        errors.push(error(`the record of move ${ply} names square ${nFrom > 89 ? nFrom : nTo}, which is not on the board (a damaged file)`, p));
        break;
      }
      if (moves.length === 0) {
        const piece = board[(nFrom % 10) * 9 + Math.floor(nFrom / 10)]!;
        if (piece !== '') firstMover = piece === piece.toUpperCase() ? 0 : 1;
      }
      moves.push(move(iccs(Math.floor(nFrom / 10), nFrom % 10, Math.floor(nTo / 10), nTo % 10), p));
      const c = commentText();
      if (c) comments.push({ ply, text: c });
      mainOpen = nChild;
    } else variationMoves++;
    p = nEnd;
  }
  const fen = setupFen(board, firstMover === 1);
  if (fen !== null) {
    const parsed = RECORDED_GAME.parseFen(fen);
    if (!parsed.ok) {
      return makeBinaryRecord(
        'xqf',
        index,
        tags,
        [],
        [
          error(
            {
              code: 'record.illegal-setup',
              what: 'the start position of the piece table (bytes 16-47)',
              game: RECORDED_GAME.id,
              reason: fenReason(parsed.error),
              ...(version > 10 ? { hint: 'wrong key bytes?' } : {}),
            },
            16,
          ),
        ],
        comments,
        0,
      );
    }
  }
  tags[6] = ['FEN', fen];
  return makeBinaryRecord('xqf', index, tags, moves, errors, comments, variationMoves);
}
