/**
 * Xiangqi square names: ICCS `h2` (files a–i = x 0–8 from Red's left, ranks 0–9 = y from Red's
 * side; also XBoard's and UCCI's) and Fairy-Stockfish UCI `h3` (ranks 1–10).
 */
const W = 9;
const H = 10;

/** `h2` for a square (ICCS, ranks 0–9). */
export const iccsSquare = (sq: number): string => String.fromCharCode(97 + (sq % W)) + String((sq / W) | 0);
/** `h3` for a square (UCI, ranks 1–10). */
export const uciSquare = (sq: number): string => String.fromCharCode(97 + (sq % W)) + String(((sq / W) | 0) + 1);

function parse(text: string, firstRank: number): number | null {
  const m = /^([a-i])(10|[0-9])$/.exec(text);
  if (!m) return null;
  const x = m[1]!.charCodeAt(0) - 97;
  const y = Number(m[2]) - firstRank;
  return y >= 0 && y < H ? y * W + x : null;
}

/** The square an ICCS name (`h2`) stands for, or null. */
export const parseIccsSquare = (text: string): number | null => parse(text, 0);
/** The square a UCI name (`h3`, `b10`) stands for, or null. */
export const parseUciSquare = (text: string): number | null => parse(text, 1);
