/**
 * Square names for prompts and hints: xiangqi ICCS (`h2`: file a–i = x 0–8, rank 0–9 = y), chu
 * USI (`7g`: file 12…1 from the left, rank a…l from the top; x = 12 − file, y = 'l' − rank).
 */
import type { GameId } from '../games/registry.js';

export interface Board {
  readonly width: number;
  readonly height: number;
}

export function formatSquare(game: GameId, b: Board, sq: number): string {
  const x = sq % b.width;
  const y = Math.floor(sq / b.width);
  if (game === 'xiangqi') return String.fromCharCode(97 + x) + String(y);
  return String(b.width - x) + String.fromCharCode(96 + b.height - y);
}

/** The square named by `text`, or null. */
export function parseSquare(game: GameId, b: Board, text: string): number | null {
  const t = text.trim().toLowerCase();
  let x: number;
  let y: number;
  if (game === 'xiangqi') {
    const m = /^([a-z])([0-9])$/.exec(t);
    if (!m) return null;
    x = m[1]!.charCodeAt(0) - 97;
    y = Number(m[2]);
  } else {
    const m = /^([0-9]{1,2})([a-z])$/.exec(t);
    if (!m) return null;
    x = b.width - Number(m[1]);
    y = b.height - (m[2]!.charCodeAt(0) - 96);
  }
  if (x < 0 || y < 0 || x >= b.width || y >= b.height) return null;
  return y * b.width + x;
}

/** Example square names for messages. */
export const squareExample = (game: GameId): string => (game === 'xiangqi' ? 'h2' : '7g');
