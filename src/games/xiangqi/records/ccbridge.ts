/**
 * CCBridge (象棋桥) records: `.CBR` (one game), `.CBL` (a library of many) and `.CBF` (XML).
 *
 * CBR (little-endian, text in UTF-16LE), as the files show:
 * - a 2214-byte header: the magic `CCBridge Record\0`, the title (180, 128 bytes), event (692),
 *   round (756), date (884), site (948), Red (1076), Black (1300), commentator (1652), all 64
 *   bytes unless said; the result (2076: 0 unknown, 1 Red wins, 2 Black wins, 3 draw); the side to
 *   move first (2116, u16: 1 Red, 2 Black); the board (2120: 90 bytes, one per square, row by row
 *   from Black's back rank, file a first; high nibble 1 Red, 2 Black, low nibble 1 rook, 2 horse,
 *   3 elephant, 4 advisor, 5 king, 6 cannon, 7 pawn);
 * - from byte 2214 the move tree in preorder: an opening record (the comment on the start position)
 *   and one record per move, 4 bytes each: flags, a spare byte, from, to (squares numbered like
 *   the board), then, when flags & 4, a u32 byte length and a UTF-16LE comment. Flags & 1: the
 *   line ends here (no continuation); & 2: the move has an alternative (a sibling, after the
 *   subtree of its continuation).
 *
 * CBL: the magic `CCBridgeLibrary\0`, the slot count of the index (u32 at 60), the library name
 * (64, UTF-16LE), an index of 276-byte entries from byte 66624 (u32 state: 0 unused, 7 a record,
 * 5 a deleted one; the record's slot count at 8 and byte size at 12; its title at 100), then the
 * records on 4096-byte slots from 66624 + 276 · slot count. A record longer than a slot goes on in
 * the next ones. Records with no pieces on the board are section headings (a title and a text,
 * as "男子组20局"), not games, and are not reported; deleted records are skipped too.
 *
 * CBF: XML, `<ChineseChessRecord>` with `<Head>` (Name, Contest, Round, Date, Site, Red, Black,
 * RecordResult, FEN, …) and `<MoveList>` of `<Move value="xy-xy">` (x the file 0–8, y the row 0–9
 * from Black's side; `00-00` the opening record) with an optional CDATA comment; `end="1"` ends the
 * main line (what follows are variations).
 */
import { LineIndex, type RecordError, type RecordMove } from '../../../core/record.js';
import { fenReason, formatProblem, type RecordProblem } from '../../../core/problem.js';
import { quoteInput } from '../../../core/text.js';
import {
  decodeText,
  byteError as error,
  makeBinaryRecord,
  byteMove as move,
  u16,
  u32,
  utf16,
  type BinaryGameRecord,
  type RecordComment,
} from '../../../core/record.js';
import { boardIsEmpty, emptyBoard, FEN_LETTERS, RECORDED_GAME, resultOf, setupFen, squareName, type Board90 } from './board.js';

const CBR_MAGIC = 'CCBridge Record';
const CBL_MAGIC = 'CCBridgeLibrary';
const CBR_HEADER = 2214;
const CBL_INDEX = 66624;
const CBL_ENTRY = 276;
const CBL_SLOT = 4096;

function hasMagic(b: Uint8Array, at: number, magic: string): boolean {
  if (at + magic.length > b.length) return false;
  for (let i = 0; i < magic.length; i++) if (b[at + i] !== magic.charCodeAt(i)) return false;
  return true;
}

/** CBR square (row from Black's side · 9 + file) to our index (rank from Red's side · 9 + file). */
const cbrSquare = (s: number): number => (9 - Math.floor(s / 9)) * 9 + (s % 9);

export interface CbrRead {
  record: BinaryGameRecord;
  /** The board had no pieces: a library's section heading, not a game. */
  heading: boolean;
}

/**
 * Reads the CBR record starting at `base` of `bytes` (a .CBR file, or one record of a library).
 * Offsets in moves and errors are absolute (from the start of `bytes`). `what` names the record in
 * messages ("the record", "game 12 of the library").
 */
export function readCbrAt(bytes: Uint8Array, base: number, index: number, what = ''): CbrRead {
  const of = what ? ` of ${what}` : '';
  const fail = (message: string | RecordProblem, offset: number): CbrRead => ({
    record: makeBinaryRecord('cbr', index, [['Format', 'ICCS']], [], [error(message, offset)], [], 0),
    heading: false,
  });
  if (!hasMagic(bytes, base, CBR_MAGIC)) return fail(`${what || 'the record'} does not start with "${CBR_MAGIC}" at byte ${base}`, base);
  if (base + CBR_HEADER > bytes.length)
    return fail(`the file ends at byte ${bytes.length}, inside the ${CBR_HEADER}-byte CBR header${of} (the file is truncated)`, bytes.length);
  const h = (off: number, size: number): string => utf16(bytes, base + off, base + off + size);
  const board: Board90 = emptyBoard();
  for (let s = 0; s < 90; s++) {
    const v = bytes[base + 2120 + s]!;
    if (v === 0) continue;
    const side = v >> 4;
    const kind = v & 15;
    if ((side !== 1 && side !== 2) || kind < 1 || kind > 7)
      return fail(`the board${of} has an unknown piece code 0x${v.toString(16)} at byte ${base + 2120 + s}`, base + 2120 + s);
    const letter = FEN_LETTERS[kind - 1]!;
    board[cbrSquare(s)] = side === 1 ? letter.toUpperCase() : letter;
  }
  const heading = boardIsEmpty(board);
  const tags: Array<[string, string | null]> = [
    ['Event', h(692, 64) || null],
    ['Round', h(756, 64)],
    ['Site', h(948, 64)],
    ['Date', h(884, 64)],
    ['Red', h(1076, 64)],
    ['Black', h(1300, 64)],
    ['Result', resultOf(bytes[base + 2076]!)],
    ['FEN', null],
    ['Format', 'ICCS'],
    ['Title', h(180, 128)],
    ['Annotator', h(1652, 64)],
  ];
  const sideCode = u16(bytes, base + 2116);

  const moves: RecordMove[] = [];
  const comments: RecordComment[] = [];
  const errors: RecordError[] = [];
  let p = base + CBR_HEADER;
  let variationMoves = 0;
  const end = bytes.length;
  // One record: returns its flags, or -1 (and an error) when the data ends inside it.
  const node = (label: string): { flags: number; from: number; to: number; comment: string | null; at: number } | null => {
    const at = p;
    if (p + 4 > end) {
      errors.push(error(`the file ends at byte ${end}, inside the record of ${label}${of} (the file is truncated)`, end));
      return null;
    }
    const flags = bytes[p]!;
    const from = bytes[p + 2]!;
    const to = bytes[p + 3]!;
    p += 4;
    let comment: string | null = null;
    if (flags & 4) {
      if (p + 4 > end) {
        errors.push(error(`the file ends at byte ${end}, inside the comment length of ${label}${of} (the file is truncated)`, end));
        return null;
      }
      const size = u32(bytes, p);
      p += 4;
      if (p + size > end) {
        errors.push(error(`the comment of ${label}${of} (${size} bytes from byte ${p}) runs past the end of the file at byte ${end} (the file is truncated)`, end));
        return null;
      }
      comment = utf16(bytes, p, p + size) || null;
      p += size;
    }
    return { flags, from, to, comment, at };
  };
  const opening = node('the start position');
  let mainOpen = false;
  if (opening) {
    if (opening.comment) comments.push({ ply: 0, text: opening.comment });
    let pending = opening.flags & 1 ? 0 : 1;
    mainOpen = pending > 0;
    while (pending > 0) {
      if (p + 4 <= end && bytes[p] === 0 && bytes[p + 1] === 0 && bytes[p + 2] === 0 && bytes[p + 3] === 0) break; // an empty record ends the stream
      const ply = moves.length + 1;
      const n = node(mainOpen ? `move ${ply} (byte ${p})` : `a variation move (byte ${p})`);
      if (!n) break;
      pending--;
      if (!(n.flags & 1)) pending++;
      if (n.flags & 2) pending++;
      if (mainOpen) {
        if (n.from > 89 || n.to > 89) {
          errors.push(error(`the record of move ${ply}${of} names square ${n.from > 89 ? n.from : n.to}, which is not on the board (a damaged file)`, n.at));
          break;
        }
        moves.push(move(squareName(cbrSquare(n.from)) + squareName(cbrSquare(n.to)), n.at));
        if (n.comment) comments.push({ ply, text: n.comment });
        mainOpen = !(n.flags & 1);
      } else variationMoves++;
    }
  }
  let blackFirst = sideCode === 2;
  if (moves.length > 0) {
    const first = moves[0]!.text;
    const sq = (first.charCodeAt(1) - 48) * 9 + (first.charCodeAt(0) - 97);
    const piece = board[sq]!;
    if (piece !== '') blackFirst = piece === piece.toLowerCase();
  }
  const fen = heading ? null : setupFen(board, blackFirst);
  if (fen !== null) {
    const parsed = RECORDED_GAME.parseFen(fen);
    if (!parsed.ok)
      return fail({ code: 'record.illegal-setup', what: `the board${of} (bytes ${base + 2120}-${base + 2209})`, game: RECORDED_GAME.id, reason: fenReason(parsed.error) }, base + 2120);
  }
  tags[7] = ['FEN', fen];
  return { record: makeBinaryRecord('cbr', index, tags, moves, errors, comments, variationMoves), heading };
}

/** Reads a .CBR file: one game. */
export function readCbr(bytes: Uint8Array): BinaryGameRecord {
  return readCbrAt(bytes, 0, 1).record;
}

/**
 * Reads a .CBL library: every game in it, in library order, numbered 1, 2, … (headings and
 * deleted records left out). A library cut short gives, after the games it still holds, one more
 * record with no moves and the error.
 */
export function readCbl(bytes: Uint8Array): BinaryGameRecord[] {
  const out: BinaryGameRecord[] = [];
  const tail = (message: string, offset: number): BinaryGameRecord[] => {
    out.push(makeBinaryRecord('cbl', out.length + 1, [], [], [error(message, offset)], [], 0));
    return out;
  };
  if (!hasMagic(bytes, 0, CBL_MAGIC)) return tail(`this is not a CCBridge library: it does not start with "${CBL_MAGIC}"`, 0);
  if (bytes.length < 64) return tail(`the file ends at byte ${bytes.length}, inside the library header (the file is truncated)`, bytes.length);
  const slots = u32(bytes, 60);
  if (slots > 1_000_000) return tail(`the library header gives an impossible index size (${slots} entries at byte 60)`, 60);
  const first = CBL_INDEX + slots * CBL_ENTRY;
  if (first > bytes.length) return tail(`the file ends at byte ${bytes.length}, inside the library's index, which runs to byte ${first} (the file is truncated)`, bytes.length);
  const library = utf16(bytes, 64, 64 + 512);
  // The index: the state of each record, in order.
  const states: number[] = [];
  const sizes: number[] = [];
  for (let i = 0; i < slots; i++) {
    const e = CBL_INDEX + i * CBL_ENTRY;
    const state = u32(bytes, e);
    if (state === 0) continue;
    states.push(state);
    sizes.push(u32(bytes, e + 12));
  }
  let k = 0; // records found
  // The records start right after the index; should a writer have padded it, from the first record magic.
  let start = first;
  if (!hasMagic(bytes, start, CBR_MAGIC)) {
    let found = first;
    while (found < bytes.length && !hasMagic(bytes, found, CBR_MAGIC)) found++;
    start = found;
  }
  for (let at = start; at < bytes.length; at += CBL_SLOT) {
    if (!hasMagic(bytes, at, CBR_MAGIC)) continue; // a continuation slot of a long record, or padding
    const state = states[k] ?? 7;
    const size = sizes[k] ?? 0;
    k++;
    const what = `game ${out.length + 1} of the library`;
    if (size > 0 && at + size > bytes.length && (state & 2) !== 0) {
      // read what is there: the reader reports where the data ends
      const r = readCbrAt(bytes, at, out.length + 1, what);
      if (r.record.errors.length === 0)
        r.record.errors.push(error(`the file ends at byte ${bytes.length}, inside ${what}, whose record runs to byte ${at + size} (the file is cut)`, bytes.length));
      out.push(retag(r.record, library));
      return out;
    }
    if ((state & 2) === 0) continue; // deleted
    const r = readCbrAt(bytes, at, out.length + 1, what);
    if (r.heading && r.record.moves.length === 0 && r.record.errors.length === 0) continue;
    out.push(retag(r.record, library));
  }
  const live = states.filter((s) => (s & 2) !== 0).length;
  const found = k;
  if (found < states.length) {
    const missing = states.slice(found).filter((s) => (s & 2) !== 0).length;
    if (missing > 0)
      return tail(`the library ends at byte ${bytes.length} after ${found} of the ${states.length} records its index lists (${live} live); the file is cut`, bytes.length);
  }
  return out;
}

function retag(rec: BinaryGameRecord, library: string): BinaryGameRecord {
  const r = { ...rec, format: 'cbl' as const };
  if (library && r.tags['Event'] === undefined) {
    r.tags['Event'] = library;
    r.tagList.unshift(['Event', library]);
  }
  return r;
}

// ---------------------------------------------------------------------------------------------
// CBF (XML)

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (s: string): string =>
  s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : (ENTITY[e] ?? m),
  );

/**
 * The text of an element's content: CDATA sections and character data, entities decoded, tags
 * left out (a `<` that opens nothing is dropped). In linear time: a CDATA section or a tag that is
 * never closed is looked for once, not once for every `<` after it.
 */
function contentText(raw: string): string {
  let out = '';
  let noCdataEnd = false;
  let noTagEnd = false;
  for (let i = 0; i < raw.length; ) {
    const lt = raw.indexOf('<', i);
    if (lt < 0) {
      out += unescapeXml(raw.slice(i));
      break;
    }
    if (lt > i) out += unescapeXml(raw.slice(i, lt));
    if (!noCdataEnd && raw.startsWith('<![CDATA[', lt)) {
      const end = raw.indexOf(']]>', lt + 9);
      if (end >= 0) {
        out += raw.slice(lt + 9, end);
        i = end + 3;
        continue;
      }
      noCdataEnd = true;
    }
    const gt = noTagEnd ? -1 : raw.indexOf('>', lt + 1);
    if (gt < 0) noTagEnd = true;
    i = gt < 0 ? lt + 1 : gt + 1;
  }
  return out.trim();
}

/**
 * The content of the first `<name>…</name>` element of a text ('' for `<name/>`), or null when
 * there is none. Linear: the first opening tag, then its closing tag once (an element left open has
 * no later one closed either).
 */
function elementContent(text: string, name: string): string | null {
  const open = new RegExp(`<${name}(?:\\s[^<>]*)?(/?)>`, 'g');
  const m = open.exec(text);
  if (!m) return null;
  if (m[1] === '/') return '';
  const close = text.indexOf(`</${name}>`, open.lastIndex);
  return close < 0 ? null : text.slice(open.lastIndex, close);
}

const CBF_TAGS: Array<[string, string]> = [
  ['Contest', 'Event'],
  ['Round', 'Round'],
  ['Site', 'Site'],
  ['Date', 'Date'],
  ['Red', 'Red'],
  ['Black', 'Black'],
  ['RedTeam', 'RedTeam'],
  ['BlackTeam', 'BlackTeam'],
  ['Name', 'Title'],
  ['ECCO', 'ECCO'],
  ['Commentator', 'Annotator'],
];

/** Reads a .CBF (XML) record. Moves carry line:column of their `<Move>` element. */
export function readCbf(bytes: Uint8Array): BinaryGameRecord {
  let text = decodeText(bytes, 'utf-8');
  const decl = /^\uFEFF?\s*<\?xml[^>]*encoding\s*=\s*["']([\w-]+)["']/i.exec(text);
  if (decl && !/^utf-?8$/i.test(decl[1]!)) {
    try {
      text = decodeText(bytes, decl[1]!.toLowerCase());
    } catch {
      /* unknown encoding: keep UTF-8 */
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const lines = new LineIndex(text);
  const where = (i: number): { line: number; column: number } => {
    const [line, column] = lines.at(i);
    return { line, column };
  };
  const errors: RecordError[] = [];
  const err = (message: string, i: number): void => {
    const problem: RecordProblem = { code: 'record.malformed', detail: message };
    errors.push({ problem, message: formatProblem(problem), ...where(i) });
  };
  const headM = /<Head>([\s\S]*?)<\/Head>/.exec(text);
  const field = (name: string): string => {
    if (!headM) return '';
    const content = elementContent(headM[1]!, name);
    return content ? contentText(content) : '';
  };
  const tags: Array<[string, string | null]> = [];
  for (const [x, pgn] of CBF_TAGS) tags.push([pgn, field(x)]);
  const resultCode = field('RecordResult');
  tags.splice(6, 0, ['Result', resultOf(Number(resultCode || '0'))]);
  const fenText = field('FEN');
  let fen: string | null = null;
  if (fenText) {
    const parsed = RECORDED_GAME.parseFen(fenText);
    if (!parsed.ok) err(`the FEN in <Head> is not a valid ${RECORDED_GAME.id} position: ${formatProblem(parsed.error)}`, headM!.index);
    else fen = fenText;
  }
  const moves: RecordMove[] = [];
  const comments: RecordComment[] = [];
  let variationMoves = 0;
  const listStart = text.indexOf('<MoveList');
  if (!text.includes('<ChineseChessRecord')) err('this is not a CCBridge CBF record: there is no <ChineseChessRecord> element', 0);
  else if (listStart < 0) err('the record has no <MoveList>', text.length);
  else {
    const listEnd = text.indexOf('</MoveList>', listStart);
    if (listEnd < 0) err('the <MoveList> is never closed (the file is truncated)', text.length);
    const body = listEnd < 0 ? text.length : listEnd;
    // each <Move …/>, or <Move …>comment</Move> (its closing tag looked for once: a <Move> left
    // open has no later one closed either, and is skipped)
    const re = /<Move\b([^<>]*?)(\/?)>/g;
    re.lastIndex = listStart;
    let mainOpen = true;
    let first = true;
    let noClose = false;
    for (let m = re.exec(text); m && m.index < body; m = re.exec(text)) {
      const attrs = m[1]!;
      let inner: string | undefined;
      if (m[2] !== '/') {
        const close = noClose ? -1 : text.indexOf('</Move>', re.lastIndex);
        if (close < 0) {
          noClose = true;
          continue;
        }
        inner = text.slice(re.lastIndex, close);
        re.lastIndex = close + 7;
      }
      const value = /\bvalue\s*=\s*"([^"]*)"/.exec(attrs)?.[1];
      const ended = /\bend\s*=\s*"1"/.test(attrs);
      const comment = inner !== undefined ? contentText(inner) : '';
      if (first) {
        first = false;
        if (value === '00-00') {
          if (comment) comments.push({ ply: 0, text: comment });
          if (ended) mainOpen = false;
          continue;
        }
      }
      if (!mainOpen) {
        variationMoves++;
        continue;
      }
      const mm = value === undefined ? null : /^([0-8])([0-9])-([0-8])([0-9])$/.exec(value);
      if (!mm) {
        err(`a <Move> with value ${value === undefined ? '(none)' : quoteInput(value)}, which is not a move (xy-xy)`, m.index);
        break;
      }
      const pos = where(m.index);
      const t = String.fromCharCode(97 + Number(mm[1])) + String(9 - Number(mm[2])) + String.fromCharCode(97 + Number(mm[3])) + String(9 - Number(mm[4]));
      moves.push({ text: t, line: pos.line, column: pos.column });
      if (comment) comments.push({ ply: moves.length, text: comment });
      if (ended) mainOpen = false;
    }
  }
  // the FEN tag only for a set-up start (a standard start written out is left out)
  if (fen !== null) {
    const parsed = RECORDED_GAME.parseFen(fen);
    if (parsed.ok) {
      const fields = fen.trim().split(/\s+/);
      const std = setupFen(boardFromPlacement(fields[0]!), (fields[1] ?? 'w').toLowerCase() === 'b');
      fen = std === null ? null : fen.trim();
    }
  }
  const ti = tags.findIndex(([k]) => k === 'Result');
  tags.splice(ti + 1, 0, ['FEN', errors.length > 0 ? null : fen], ['Format', 'ICCS']);
  const rec = makeBinaryRecord('cbf', 1, tags, moves, errors, comments, variationMoves);
  return { ...rec, startLine: 1 };
}

function boardFromPlacement(placement: string): Board90 {
  const board = emptyBoard();
  const rows = placement.split('/');
  for (let r = 0; r < rows.length && r < 10; r++) {
    let file = 0;
    for (const ch of rows[r]!) {
      if (ch >= '1' && ch <= '9') file += Number(ch);
      else {
        const c = ch === 'h' ? 'n' : ch === 'H' ? 'N' : ch === 'e' ? 'b' : ch === 'E' ? 'B' : ch;
        if (file < 9) board[(9 - r) * 9 + file] = c;
        file++;
      }
    }
  }
  return board;
}
