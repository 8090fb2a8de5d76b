/**
 * Quoting input in messages: control characters never reach the terminal raw, and a quote is
 * never longer than a readable line. Pure, no I/O (used by every layer that echoes input).
 */

/**
 * C0 controls (tab and newline included: a quote is one line), DEL, C1 controls (0x9b is a
 * one-byte CSI on some terminals), and the bidirectional overrides and isolates that reorder
 * what a terminal shows (U+200E/F, U+202A–E, U+2066–9), plus lone surrogates.
 */
const UNSAFE = /[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const code = (c: string): string => {
  const n = c.charCodeAt(0);
  return n < 0x100 ? `\\x${n.toString(16).padStart(2, '0')}` : `U+${n.toString(16).toUpperCase().padStart(4, '0')}`;
};

/** `text` with every unsafe character written as `\x1b` (below U+0100) or `U+202E`. */
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
