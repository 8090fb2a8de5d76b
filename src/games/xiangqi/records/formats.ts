/**
 * Xiangqi's record file formats (Game.recordFormats): how each is told apart — the magic bytes of
 * XQF (`XQ` and a version byte) and CCBridge (`CCBridgeLibrary`, `CCBridge Record`), the XML root
 * of a CCBridge CBF, a DhtmlXQ block, a WXF file's header — and its reader, loaded (readers.ts)
 * only when a file in the format is opened.
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

function text(id: string, name: string, shape: RegExp): TextRecordFormat {
  return { kind: 'text', id, name, claims: (head) => shape.test(head), load: () => readers().then((r) => r.text[id]!) };
}

/** CBF: XML whose root is <ChineseChessRecord> (UTF-8, maybe with a BOM). */
function isCbf(bytes: Uint8Array): boolean {
  let i = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  if (!startsWith(bytes, '<?xml', i) && !startsWith(bytes, '<ChineseChessRecord', i)) return false;
  const head = new TextDecoder('latin1').decode(bytes.subarray(i, Math.min(bytes.length, i + 2048)));
  return head.includes('<ChineseChessRecord');
}

export const XIANGQI_RECORD_FORMATS: readonly RecordFormat[] = [
  // XQF: "XQ" then a version byte (10-18 in practice; never a printable character in text)
  binary('xqf', 'XQF', (b) => b.length >= 3 && b[0] === 0x58 && b[1] === 0x51 && b[2]! < 0x20),
  binary('cbl', 'CCBridge library', (b) => startsWith(b, 'CCBridgeLibrary')),
  binary('cbr', 'CCBridge record', (b) => startsWith(b, 'CCBridge Record')),
  binary('cbf', 'CCBridge XML record', isCbf),
  // a DhtmlXQ/UBB block (`[DhtmlXQ]`, `[DhtmlXQ_movelist]` …), alone or inside an HTML page
  text('dhtmlxq', 'DhtmlXQ', /\[DhtmlXQ(?:_[a-z0-9_]+)?\]/i),
  // a WXF file: a `FORMAT WXF` header line, or a `START{` … `}END` body
  text('wxf', 'WXF file', /^[ \t]*(?:FORMAT[ \t]+WXF\b|START\{)/im),
];
