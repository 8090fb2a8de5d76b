/**
 * Quoting input in messages: control characters never reach the terminal raw, and a quote is
 * never longer than a readable line. Pure, no I/O (used by every layer that echoes input).
 */

/**
 * C0 controls (tab and newline included: a quote is one line), DEL, C1 controls (0x9b is a
 * one-byte CSI on some terminals), the bidirectional marks, overrides and isolates that reorder
 * what a terminal shows (U+061C, U+200E/F, U+202A–E, U+2066–9), the line and paragraph
 * separators (U+2028/9: a line break to some terminals and editors), plus lone surrogates.
 */
const UNSAFE = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const code = (c: string): string => {
  const n = c.charCodeAt(0);
  return n < 0x100 ? `\\x${n.toString(16).padStart(2, '0')}` : `U+${n.toString(16).toUpperCase().padStart(4, '0')}`;
};

/** `text` with every unsafe character written as `\x1b` (below U+0100) or `U+202E`. */
/** Text on one line: each run of control characters (C0, DEL, C1) as one space (a PGN tag, a record header). */
export function oneLine(v: string): string {
  return v.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
}

export function escapeControls(text: string): string {
  return text.replace(UNSAFE, code);
}

/**
 * A piece of input for a message: in double quotes, control characters escaped, cut to about
 * `max` characters with an ellipsis and the full length (`"rnbakabnr/9/1c5c1/…" (100000 characters)`).
 */
export function quoteInput(input: string | undefined, max = 60): string {
  const text = input ?? '';
  const chars = Array.from(text);
  if (chars.length <= max) return `"${escapeControls(text)}"`;
  const head = chars.slice(0, Math.max(1, max - 1)).join('');
  return `"${escapeControls(head)}…" (${chars.length} characters)`;
}

/**
 * A name (a file, a path) for a message: as it is when that reads unambiguously — no unsafe
 * character, no space, quote, colon or comma, at most `max` characters — else `quoteInput`'s
 * quoted and cut form (`"my games/a.pgn"`, `"\x1b]0;x\x07.pgn"`).
 */
export function quoteName(name: string, max = 100): string {
  // search() ignores and keeps UNSAFE's lastIndex (a global expression)
  const plain = name !== '' && name.length <= max && name.search(UNSAFE) < 0 && !/[\s"':,]/.test(name);
  return plain ? name : quoteInput(name, max);
}

/** `1 game`, `2 games` (`many` for a plural that is not `one` + s). */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** The text with a capital first letter (`red` → `Red`). */
export const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** A count with thousands separators, as every message writes one (`294,436`). */
export const thousands = (k: number): string => k.toLocaleString('en-US');

/**
 * Several inputs for a message (file names, tag values), bounded: each quoted with `quoteInput`,
 * at most `shown` of them, then the count (`"a.pgn", "b.pgn" and "c.pgn"`; `2,000 files ("a.pgn",
 * "b.pgn", "c.pgn" and 1,997 more)`).
 */
export function quoteList(items: readonly string[], nouns: readonly [string, string] = ['item', 'items'], shown = 3, max = 60): string {
  const q = items.slice(0, shown).map((t) => quoteInput(t, max));
  if (items.length <= shown) return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} and ${q[q.length - 1]}`;
  return `${thousands(items.length)} ${items.length === 1 ? nouns[0] : nouns[1]} (${q.join(', ')} and ${thousands(items.length - shown)} more)`;
}
