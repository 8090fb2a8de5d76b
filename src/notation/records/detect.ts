/**
 * Which record format a file is in, told by its content (never by its name): the magic bytes of
 * XQF (`XQ` and a version byte) and CCBridge (`CCBridgeLibrary`, `CCBridge Record`), the XML root
 * of a CCBridge CBF; anything else is text (PGN, move lists and the other text formats).
 */
import type { RecordFormat } from './common.js';

export type { RecordFormat } from './common.js';

const startsWith = (b: Uint8Array, s: string, at = 0): boolean => {
  if (b.length < at + s.length) return false;
  for (let i = 0; i < s.length; i++) if (b[at + i] !== s.charCodeAt(i)) return false;
  return true;
};

/** The format of a record file from its first bytes (the first 1 KB is enough). */
export function detectRecordFormat(bytes: Uint8Array): RecordFormat {
  // XQF: "XQ" then a version byte (10-18 in practice; never a printable character in text)
  if (bytes.length >= 3 && bytes[0] === 0x58 && bytes[1] === 0x51 && bytes[2]! < 0x20) return 'xqf';
  if (startsWith(bytes, 'CCBridgeLibrary')) return 'cbl';
  if (startsWith(bytes, 'CCBridge Record')) return 'cbr';
  // CBF: XML whose root is <ChineseChessRecord> (UTF-8, maybe with a BOM)
  let i = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  if (startsWith(bytes, '<?xml', i) || startsWith(bytes, '<ChineseChessRecord', i)) {
    const head = new TextDecoder('latin1').decode(bytes.subarray(i, Math.min(bytes.length, i + 2048)));
    if (head.includes('<ChineseChessRecord')) return 'cbf';
  }
  return 'text';
}

/** Bytes to look at for `detectRecordFormat`. */
export const DETECT_BYTES = 2048;
