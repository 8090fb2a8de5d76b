/**
 * Chu Shogi square names: USI `7g` (lishogi: file 12…1 from Sente's left, rank a…l from Gote's
 * side; x = 12 − file, y = 'l' − rank) and XBoard/HaChu `g5` (files a–l from Sente's left, ranks
 * 1–12 from Sente's side).
 */
const W = 12;
const H = 12;

/** `7g` for a square. */
export const usiSquare = (sq: number): string => String(W - (sq % W)) + String.fromCharCode(108 - ((sq / W) | 0));
/** `e6` for a square (x = 0 is file a, y = 0 is rank 1). */
export const xboardSquare = (sq: number): string => String.fromCharCode(97 + (sq % W)) + String(((sq / W) | 0) + 1);

/** The square a USI name (`7g`, `12l`) stands for, or null. */
export function parseUsiSquare(text: string): number | null {
  const m = /^(1[0-2]|[1-9])([a-l])$/.exec(text);
  return m ? (108 - m[2]!.charCodeAt(0)) * W + (W - Number(m[1])) : null;
}

/** The square an XBoard name (`e6`, `a12`) stands for, or null. */
export function parseXboardSquare(text: string): number | null {
  const m = /^([a-l])(1[0-2]|[1-9])$/.exec(text);
  return m ? (Number(m[2]) - 1) * W + (m[1]!.charCodeAt(0) - 97) : null;
}

export const BOARD_SIZE = W * H;
