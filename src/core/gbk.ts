/**
 * Writing text in GBK (as xqbase and most Chinese xiangqi programs read it). Node decodes GBK
 * (`TextDecoder('gbk')`, the GB18030 decoder) but has no encoder, so the table is built once, on
 * first use, by decoding every two-byte GBK code (lead 0x81–0xFE, trail 0x40–0xFE but 0x7F):
 * encoding is then the exact inverse of the decoder. ASCII is written as itself; a character with
 * no GBK code is an error (GB18030's four-byte codes are not written: GBK readers do not know them).
 */
import { err, ok, type Result } from './result.js';

let table: Map<number, number> | null = null;

function encodeTable(): Map<number, number> {
  if (table) return table;
  const t = new Map<number, number>();
  const dec = new TextDecoder('gbk');
  const pair = new Uint8Array(2);
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      pair[0] = lead;
      pair[1] = trail;
      const s = dec.decode(pair);
      if (s.length !== 1 || s === '\ufffd') continue;
      const c = s.charCodeAt(0);
      if (!t.has(c)) t.set(c, (lead << 8) | trail);
    }
  }
  table = t;
  return t;
}

/** The GBK bytes of `text`, or the first character GBK cannot write. */
export function encodeGbk(text: string): Result<Uint8Array> {
  const out = new Uint8Array(text.length * 2);
  let n = 0;
  let t: Map<number, number> | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      out[n++] = c;
      continue;
    }
    t ??= encodeTable();
    const code = t.get(c);
    if (code === undefined) {
      const ch = String.fromCodePoint(text.codePointAt(i)!);
      return err(`the character "${ch}" (U+${text.codePointAt(i)!.toString(16).toUpperCase().padStart(4, '0')}) has no GBK code`);
    }
    out[n++] = code >> 8;
    out[n++] = code & 0xff;
  }
  return ok(out.subarray(0, n));
}

/** GBK bytes as text (the GB18030 decoder, which reads every GBK code). */
export const decodeGbk = (bytes: Uint8Array): string => new TextDecoder('gbk').decode(bytes);
