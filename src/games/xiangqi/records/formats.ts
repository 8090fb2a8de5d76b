/**
 * Xiangqi's record file formats (Game.recordFormats): how each is told apart — the magic bytes of
 * XQF (`XQ` and a version byte) and CCBridge (`CCBridgeLibrary`, `CCBridge Record`), the XML root
 * of a CCBridge CBF, a DhtmlXQ block, a WXF file's header, an endgame library's `name|FEN` line,
 * elephantchess.io's dump line and CSV header — and its reader, loaded (readers.ts) only when a
 * file in the format is opened.
 */
import type { BinaryRecordFormat, RecordFormat, TextRecordFormat } from '../../game.js';

const startsWith = (b: Uint8Array, s: string, at = 0): boolean => {
  if (b.length < at + s.length) return false;
  for (let i = 0; i < s.length; i++) if (b[at + i] !== s.charCodeAt(i)) return false;
  return true;
};

const readers = () => import('./readers.js').then((m) => m.XIANGQI_RECORD_READERS);

function binary(id: string, name: string, detect: (head: Uint8Array) => boolean): BinaryRecordFormat {
  return { kind: 'binary', id, name, detect, load: () => readers().then((r) => r.binary[id]!) };
}

function text(id: string, name: string, shape: RegExp | ((head: string) => boolean)): TextRecordFormat {
  const claims = typeof shape === 'function' ? shape : (head: string) => shape.test(head);
  return { kind: 'text', id, name, claims, load: () => readers().then((r) => r.text[id]!) };
}

/** CBF: XML whose root is <ChineseChessRecord> (UTF-8, maybe with a BOM). */
function isCbf(bytes: Uint8Array): boolean {
  let i = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  if (!startsWith(bytes, '<?xml', i) && !startsWith(bytes, '<ChineseChessRecord', i)) return false;
  const head = new TextDecoder('latin1').decode(bytes.subarray(i, Math.min(bytes.length, i + 2048)));
  return head.includes('<ChineseChessRecord');
}


// --- the line formats: eglib (eglib.ts), elephantchess.io's dump and CSV (elephantchess.ts) ---

/** The FEN field of a problem line: ten ranks of a 9-file board, then the side to move. */
const FEN_SHAPE = /^[1-9kabnrcpKABNRCPehEH]{1,9}(?:\/[1-9kabnrcpKABNRCPehEH]{1,9}){9}(?:\s|$)/;

/** Does the first line of `head` that is neither blank nor a `#` comment look like an eglib problem (`name|FEN…`)? */
function claimsEglib(head: string): boolean {
  const first = /^[ \t\uFEFF]*([^#\s][^\r\n]*\S|[^#\s])/m.exec(head);
  if (!first) return false;
  const fields = first[1]!.split('|');
  return fields.length >= 2 && fields.length <= 3 && !fields[0]!.includes('[') && FEN_SHAPE.test(fields[1]!.trim());
}

const DUMP_LINE = /^([A-Za-z0-9_-]+);((?:[a-i][0-9][a-i][0-9])(?:,[a-i][0-9][a-i][0-9])*)?[ \t]*$/;

/** Does the first non-blank line of `head` look like a line of the game dump (`id;h2e2,h9g7,…`)? */
function claimsDump(head: string): boolean {
  const first = /^[ \t\uFEFF]*([^\r\n]*\S)/m.exec(head);
  return first !== null && DUMP_LINE.test(first[1]!) && first[1]!.includes(';');
}

const DHTMLXQ_TAG = /\[DhtmlXQ(?:_[a-z0-9_]+)?\]/i;
/** A PGN tag-pair line (`[Event "…"]`): a text holding one is PGN, not a page. */
const PGN_TAG_LINE = /^[ \t\uFEFF]*\[[A-Za-z][\w.-]*[ \t]+"[^\r\n]*$/gm;
/** A PGN move list's start: a move number (`1.`). */
const PGN_MOVES_START = /^[ \t\uFEFF]*1\.(?:\s|\.|[A-Za-z])/;

/**
 * Does `head` hold a DhtmlXQ block (alone or in a page)? A `[DhtmlXQ…]` inside PGN text — a tag
 * pair's value, a `{…}` or `;` comment of a PGN game or move list — is a mention, not a block.
 */
function claimsDhtmlxq(head: string): boolean {
  if (!DHTMLXQ_TAG.test(head)) return false;
  PGN_TAG_LINE.lastIndex = 0;
  if (!PGN_TAG_LINE.test(head) && !PGN_MOVES_START.test(head)) return true;
  const outside = head.replace(PGN_TAG_LINE, ' ').replace(/\{[^}]*\}?/g, ' ').replace(/;[^\r\n]*/g, ' ');
  return DHTMLXQ_TAG.test(outside);
}

/** The columns elephantchess's per-move CSV must have. */
const CSV_NEEDED = ['move_index', 'move', 'game_id'];

/** The header of `head`'s first line, lowercased, or null when it is not a CSV header line. */
function headerOf(head: string): string[] | null {
  const first = /^\uFEFF?([^\r\n]*)/.exec(head)![1]!;
  if (!first.includes(',')) return null;
  return first.split(',').map((f) => f.trim().replace(/^"(.*)"$/, '$1').trim().toLowerCase());
}

/** Does `head` begin with the header of elephantchess's per-move CSV (move_index, move, game_id…)? */
function claimsMoveCsv(head: string): boolean {
  const h = headerOf(head);
  return h !== null && CSV_NEEDED.every((c) => h.includes(c));
}

export const XIANGQI_RECORD_FORMATS: readonly RecordFormat[] = [
  // XQF: "XQ" then a version byte (10-18 in practice; never a printable character in text)
  binary('xqf', 'XQF', (b) => b.length >= 3 && b[0] === 0x58 && b[1] === 0x51 && b[2]! < 0x20),
  binary('cbl', 'CCBridge library', (b) => startsWith(b, 'CCBridgeLibrary')),
  binary('cbr', 'CCBridge record', (b) => startsWith(b, 'CCBridge Record')),
  binary('cbf', 'CCBridge XML record', isCbf),
  // a DhtmlXQ/UBB block (`[DhtmlXQ]`, `[DhtmlXQ_movelist]` …), alone or inside an HTML page
  text('dhtmlxq', 'DhtmlXQ', claimsDhtmlxq),
  // a WXF file: a `FORMAT WXF` header line, or a `START{` … `}END` body
  text('wxf', 'WXF file', /^[ \t]*(?:FORMAT[ \t]+WXF\b|START\{)/im),
  // an endgame problem library (cchess `.eglib`): the first line is `name|FEN` or `name|FEN|solution`
  text('eglib', 'endgame library (eglib)', claimsEglib),
  // elephantchess.io's game dump (`id;h2e2,h9g7,…`) and per-move CSV (a header naming move_index, move, game_id)
  text('elephantchess', 'elephantchess.io game dump', claimsDump),
  text('elephantchess-csv', 'elephantchess.io per-move CSV', claimsMoveCsv),
];
