/**
 * Xiangqi's record writers (`Game.recordWriters`, `chuhan convert --to dhtmlxq|xqf`): the inverse
 * of the readers beside them (dhtmlxq.ts, xqf.ts), so that what is written reads back as the same
 * game (start position, side to move, moves, players, event, result).
 *
 * - DhtmlXQ: one `[DhtmlXQ]…[/DhtmlXQ]` block per game, the UBB text dpxq.com's viewer reads from a
 *   page (inside `<div style="display:none">`) or a forum post: tags, `binit` for a set-up position
 *   (32 two-digit squares, x from Red's left, y from Black's side, `99` off the board) and the
 *   movelist as four digits a move in the same coordinates.
 * - XQF: XQF 1.0, the unencrypted form XQStudio's author published for other programs to write
 *   (xqbase/eleeye `XQFTOOLS/XQF.TXT`, 2001; every version of XQStudio reads it): version byte 10,
 *   reserved bytes 0, the piece table (16-47, 0xFF for a piece off the board), the result (51), the
 *   file's type (64: 0 a whole game, 3 an endgame), Pascal strings in GBK (title 80, event 208,
 *   date 272, site 288, Red 304, Black 320, annotator 464; cut to the field at a character
 *   boundary), then from 1024 the empty move 0 (`18 20 F0 FF`) and one 8-byte record a move (from
 *   + 24, to + 32, 0xF0 when a move follows else 0, 0, a 4-byte comment length) with its comment.
 */
import { oneLine } from '../../../core/text.js';
import { moveFrom, moveTo } from '../../../core/move.js';
import type { Position } from '../../../core/position.js';
import { encodeGbk } from '../../../core/gbk.js';
import { err, ok, type Result } from '../../../core/result.js';
import type { RecordFormatWriter, WritableRecord } from '../../game.js';
import { formatXiangqiFen } from '../notation/fen.js';
import { emptyBoard, START_PLACEMENT, type Board90 } from './board.js';

/** The 16 pieces of a side in the order of both formats' piece tables. */
const ORDER = 'RNBAKABNRCCPPPPP';

/** The board of a position: 90 squares (rank * 9 + file, rank 0 Red's back rank), FEN letters R N B A K C P. */
function boardOf(pos: Position): { board: Board90; placement: string } {
  const placement = formatXiangqiFen(pos).split(' ')[0]!;
  const board = emptyBoard();
  const rows = placement.split('/');
  for (let r = 0; r < 10; r++) {
    const rank = 9 - r;
    let file = 0;
    for (const ch of rows[r] ?? '') {
      if (ch >= '1' && ch <= '9') file += Number(ch);
      else {
        const letter = ch === 'h' ? 'n' : ch === 'H' ? 'N' : ch === 'e' ? 'b' : ch === 'E' ? 'B' : ch;
        board[rank * 9 + file] = letter;
        file++;
      }
    }
  }
  return { board, placement };
}

/**
 * The order in which a side's pieces fill the slots of their type: from that side's right to its
 * left, as XQStudio writes XQF (the XQF 1.0 description's example table, `50 46 3C …` for Red's
 * back rank: x = 8 first) and as dpxq writes `binit` (`8979695949…` for Red): Red by file i to a,
 * Black by file a to i, each file from the side's own back rank forward.
 */
const FILL_ORDER: readonly (readonly number[])[] = [0, 1].map((side) => {
  const order: number[] = [];
  for (let k = 0; k < 9; k++) {
    const file = side === 0 ? 8 - k : k;
    for (let j = 0; j < 10; j++) order.push((side === 0 ? j : 9 - j) * 9 + file);
  }
  return order;
});

/**
 * The 32 slots of the piece table: for each slot (Red's 16 in ORDER, then Black's) the square
 * (rank * 9 + file) of the piece in it, or -1. Pieces fill the slots of their type in FILL_ORDER.
 */
function pieceSlots(board: Board90): Result<number[]> {
  const slots = new Array<number>(32).fill(-1);
  for (const [side, order] of FILL_ORDER.entries()) {
    for (const sq of order) {
      const p = board[sq]!;
      const red = p === p.toUpperCase();
      if (p === '' || red !== (side === 0)) continue;
      const base = red ? 0 : 16;
      const letter = p.toUpperCase();
      let placed = false;
      for (let i = 0; i < 16; i++) {
        if (ORDER[i] === letter && slots[base + i] === -1) {
          slots[base + i] = sq;
          placed = true;
          break;
        }
      }
      if (!placed) return err(`the position has more ${red ? 'red' : 'black'} "${letter}" pieces than the format's piece table holds`);
    }
  }
  return ok(slots);
}

/** The value of the first of these tags that the record has (a non-empty one). */
function tagOf(rec: WritableRecord, ...names: string[]): string {
  const values = new Map(rec.tags);
  for (const n of names) {
    const v = values.get(n)?.trim();
    if (v) return v;
  }
  return '';
}

const RED = ['Red', 'White', 'Sente'];
const BLACK = ['Black', 'Gote'];

// --- DhtmlXQ ------------------------------------------------------------------------------------

/** A tag value as DhtmlXQ text: no brackets (they would end the tag) nor markup, no line breaks. */
// (control characters, C0, DEL and C1, as one space per run: a page shows none of them)
const dhtmlText = (v: string): string => oneLine(v.replace(/\[/g, '［').replace(/\]/g, '］').replace(/</g, '＜').replace(/>/g, '＞')).trim();

/** DhtmlXQ's digits of a square: x from Red's left, y from Black's side. */
const dhtmlSquare = (sq: number): string => `${sq % 9}${9 - Math.floor(sq / 9)}`;

const DHTML_RESULT: Readonly<Record<string, string>> = { '1-0': '红胜', '0-1': '黑胜', '1/2-1/2': '和棋' };

/** The tags written, in this order: DhtmlXQ name ← the record's tag names (the first that has a value). */
const DHTML_TAGS: ReadonlyArray<readonly [string, readonly string[]]> = [
  // event before title: the reader takes the first of the two as the Event
  ['event', ['Event']],
  ['title', ['Title', 'Event']],
  ['date', ['Date']],
  ['place', ['Site']],
  ['round', ['Round']],
  ['red', RED],
  ['redteam', ['RedTeam', 'WhiteTeam']],
  ['redelo', ['RedElo', 'WhiteElo']],
  ['black', BLACK],
  ['blackteam', ['BlackTeam']],
  ['blackelo', ['BlackElo']],
  ['open', ['Opening']],
  ['owner', ['Annotator']],
];

/** One game as a DhtmlXQ block (ending with a newline). */
export function writeDhtmlxq(rec: WritableRecord): Result<string> {
  // its readers take the side to move from the first move's piece: without a move, Red moves
  if (rec.start.turn === 1 && rec.moves.length === 0)
    return err('DhtmlXQ has no field for the side to move, and a set-up with Black to move and no moves would read back with Red to move: write it as PGN or XQF');
  const parts: string[] = ['[DhtmlXQ]', '[DhtmlXQ_ver]www_dpxq_com[/DhtmlXQ_ver]'];
  const tag = (name: string, value: string): void => {
    if (value !== '') parts.push(`[DhtmlXQ_${name}]${value}[/DhtmlXQ_${name}]`);
  };
  for (const [name, from] of DHTML_TAGS) tag(name, dhtmlText(tagOf(rec, ...from)));
  tag('result', DHTML_RESULT[rec.result] ?? '');
  const { board, placement } = boardOf(rec.start);
  if (placement !== START_PLACEMENT || rec.start.turn !== 0) {
    const slots = pieceSlots(board);
    if (!slots.ok) return slots;
    tag('binit', slots.value.map((sq) => (sq < 0 ? '99' : dhtmlSquare(sq))).join(''));
  }
  // always there, empty for a game without moves: a block with neither binit nor movelist holds no game
  parts.push(`[DhtmlXQ_movelist]${rec.moves.map((m) => dhtmlSquare(moveFrom(m)) + dhtmlSquare(moveTo(m))).join('')}[/DhtmlXQ_movelist]`);
  if (rec.resultNote) tag(`comment${rec.moves.length}`, dhtmlText(rec.resultNote));
  parts.push('[/DhtmlXQ]');
  return ok(`${parts.join('\n')}\n`);
}

// --- XQF ----------------------------------------------------------------------------------------

const HEADER = 1024;

/** XQF's byte of a square: x · 10 + y, x the file from Red's left, y the rank from Red's side. */
const xqfSquare = (sq: number): number => (sq % 9) * 10 + Math.floor(sq / 9);

/** XQF's result byte: 0 unknown, 1 Red wins, 2 Black wins, 3 draw. */
const XQF_RESULT: Readonly<Record<string, number>> = { '1-0': 1, '0-1': 2, '1/2-1/2': 3 };

/** GBK bytes of a text, characters GBK cannot write as `?`, cut to `max` bytes at a character boundary. */
function gbkBytes(text: string, max: number): Uint8Array {
  const out: number[] = [];
  for (const ch of text) {
    const b = encodeGbk(ch);
    const bytes = b.ok ? b.value : Uint8Array.of(0x3f);
    if (out.length + bytes.length > max) break;
    out.push(...bytes);
  }
  return Uint8Array.from(out);
}

/** Writes a Pascal string (a length byte, then the GBK text) into a field of `size` bytes at `at`. */
function pascal(h: Uint8Array, at: number, size: number, text: string): void {
  // control characters (C0, DEL, C1) as one space a run, as a PGN tag keeps them (GBK has none of them)
  const b = gbkBytes(oneLine(text).trim(), size - 1);
  h[at] = b.length;
  h.set(b, at + 1);
}

/** One game as an XQF file (version 10, unencrypted). */
export function writeXqf(rec: WritableRecord): Result<Uint8Array> {
  const { board, placement } = boardOf(rec.start);
  const slots = pieceSlots(board);
  if (!slots.ok) return slots;
  const h = new Uint8Array(HEADER);
  h[0] = 0x58; // 'X'
  h[1] = 0x51; // 'Q'
  h[2] = 10; // version 10: no key bytes, no encryption
  // bytes 3-15 (key mask, product id, keys in later versions): reserved, 0
  for (let i = 0; i < 32; i++) h[16 + i] = slots.value[i]! < 0 ? 0xff : xqfSquare(slots.value[i]!);
  // 48-50 reserved in XQF 1.0; later versions read byte 50 as who moves first (1 Black). The first
  // move tells every reader who moves first, so it is written only for a set-up with Black to move and no moves.
  if (rec.start.turn === 1 && rec.moves.length === 0) h[50] = 1;
  h[51] = XQF_RESULT[rec.result] ?? 0;
  // 52-63 reserved; 64 the file's type: 0 a whole game, 3 an endgame (a set-up position)
  h[64] = placement === START_PLACEMENT && rec.start.turn === 0 ? 0 : 3;
  pascal(h, 80, 64, tagOf(rec, 'Title'));
  pascal(h, 208, 64, tagOf(rec, 'Event'));
  pascal(h, 272, 16, tagOf(rec, 'Date'));
  pascal(h, 288, 16, tagOf(rec, 'Site'));
  pascal(h, 304, 16, tagOf(rec, ...RED));
  pascal(h, 320, 16, tagOf(rec, ...BLACK));
  pascal(h, 464, 16, tagOf(rec, 'Annotator'));
  const chunks: Uint8Array[] = [h];
  const n = rec.moves.length;
  const note = rec.resultNote ? gbkBytes(rec.resultNote, 4096) : new Uint8Array(0);
  // the root record (the start position), then one record per move of the main line
  for (let i = 0; i <= n; i++) {
    const r = new Uint8Array(8);
    if (i === 0) {
      r[0] = 24;
      r[1] = 32;
      r[3] = 0xff;
    } else {
      const m = rec.moves[i - 1]!;
      r[0] = xqfSquare(moveFrom(m)) + 24;
      r[1] = xqfSquare(moveTo(m)) + 32;
    }
    r[2] = i < n ? 0xf0 : 0; // version 10: high nibble = a move follows, low nibble = an alternative (none)
    const comment = i === n ? note : new Uint8Array(0);
    new DataView(r.buffer, r.byteOffset, r.byteLength).setUint32(4, comment.length, true); // little-endian
    chunks.push(r, comment);
  }
  const total = chunks.reduce((s, c) => s + c.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return ok(out);
}

/** `Game.recordWriters` of xiangqi. */
export const XIANGQI_RECORD_WRITERS: Readonly<Record<'dhtmlxq' | 'xqf', RecordFormatWriter>> = {
  dhtmlxq: { name: 'DhtmlXQ', extension: 'txt', counters: false, binary: false, write: writeDhtmlxq },
  xqf: { name: 'XQF', extension: 'xqf', counters: false, binary: true, write: writeXqf },
};
