/**
 * Standard algebraic notation (SAN) as chess programs write it for other games: a piece letter, the
 * from-file and/or from-rank only when another piece of the same kind can reach the same square
 * with a legal move (file first, then rank, then both — the chess rule, which Fairy-Stockfish and
 * XBoard both apply), `x` on a capture, the to-square, a promotion mark, and `+`/`#` for check and
 * mate where the program writes them. The disambiguation comes from the legal moves, so a written
 * move always names exactly one legal move.
 *
 * What differs by program and game (letters, rank numbering, how pawns and double moves are
 * written) is a `SanStyle`, built in the game's folder.
 */
import type { Move } from './move.js';
import { moveFrom, moveMid, moveTo, isPromotion } from './move.js';
import type { Position } from './position.js';

export interface SanStyle {
  /** The letter(s) of a piece (its code, either side), e.g. `C`, `+D`; '' writes it pawn-style (below). */
  letter(piece: number): string;
  /** A file name, x from side 0's left (0 → `a`). */
  file(x: number): string;
  /** A rank name, y from side 0's back rank (XBoard xiangqi: `0`…; pychess: `1`…). */
  rank(y: number): string;
  /** Append `+` for check and `#` for mate. */
  readonly checks: boolean;
  /** The promotion mark of a promoting move (chu: `+`). */
  readonly promotion?: string;
  /** How a double move (a capture on the way, chu's lion) is written after the piece: default `x<mid>` then `-`/`x` and the end square. */
  legs?(pos: Position, m: Move, square: (sq: number) => string): string;
  /** The text of a move that leaves every piece in place (a lion's pass), e.g. `--`. */
  readonly pass?: string;
}

const buffer = new Int32Array(2048);

/**
 * A pawn-style move: `c4` (straight, no capture), else the from-file, `x` on a capture and the
 * to-square (`cxc4`, `ed5`). XBoard reads `c4` as "a pawn to c4" from any file, so when another
 * pawn can also go there (a xiangqi soldier beside it across the river) the move is written in
 * full coordinates, `e4e5`, which XBoard reads unambiguously.
 */
function pawnSan(pos: Position, m: Move, style: SanStyle, square: (sq: number) => string, other: boolean): string {
  const w = pos.variant.geometry.width;
  const from = moveFrom(m);
  const to = moveTo(m);
  const capture = pos.board[to] !== 0;
  const fx = from % w;
  if (fx === to % w && !capture) return other ? square(from) + square(to) : style.file(fx) + style.rank(Math.floor(to / w));
  return style.file(fx) + (capture ? 'x' : '') + square(to);
}

/** Is pass `m` the only pass among the `n` legal moves in `buffer` (by another piece: the same pass)? */
function onlyPass(pos: Position, m: Move, n: number): boolean {
  for (let i = 0; i < n; i++) {
    const o = buffer[i]!;
    if (moveFrom(o) !== moveFrom(m) && moveFrom(o) === moveTo(o) && moveMid(o) >= 0 && pos.board[moveMid(o)] === 0) return false;
  }
  return true;
}

/**
 * The SAN of legal move `m` in `pos` (the position before the move). `pos` is left as it was.
 * Pawn style (letter ''): the from-file, then the to-rank for a straight non-capture (`c4`), else
 * `x` (on a capture) and the to-square (`cxc4`, `ed5`) — XBoard's pawns.
 */
export function formatSan(pos: Position, m: Move, style: SanStyle): string {
  const v = pos.variant;
  const w = v.geometry.width;
  const square = (sq: number): string => style.file(sq % w) + style.rank(Math.floor(sq / w));
  const from = moveFrom(m);
  const to = moveTo(m);
  const mid = moveMid(m);
  const piece = pos.board[from]!;
  const letter = style.letter(piece);
  const promo = isPromotion(m) ? (style.promotion ?? '+') : '';
  let text: string;
  const n = v.generateLegal(pos, buffer, 0);
  // a pass is written as a pass when no other piece could pass (else as its two steps, `+Hf5-f4`)
  if (mid >= 0 && to === from && pos.board[mid] === 0 && !promo && style.pass !== undefined && onlyPass(pos, m, n)) {
    text = style.pass;
  } else {
    let sameFile = false;
    let sameRank = false;
    let other = false;
    for (let i = 0; i < n; i++) {
      const o = buffer[i]!;
      const of = moveFrom(o);
      if (of === from || moveTo(o) !== to || pos.board[of] !== piece) continue;
      other = true;
      if (of % w === from % w) sameFile = true;
      if (Math.floor(of / w) === Math.floor(from / w)) sameRank = true;
    }
    if (letter === '') text = pawnSan(pos, m, style, square, other) + promo;
    else {
      let dis = '';
      if (other) {
        if (!sameFile) dis = style.file(from % w);
        else if (!sameRank) dis = style.rank(Math.floor(from / w));
        else dis = square(from);
      }
      const body =
        mid >= 0 && style.legs
          ? style.legs(pos, m, square)
          : mid >= 0
            ? `${pos.board[mid] !== 0 ? 'x' : ''}${square(mid)}${to !== from && pos.board[to] !== 0 ? 'x' : '-'}${square(to)}`
            : (pos.board[to] !== 0 ? 'x' : '') + square(to);
      text = letter + dis + body + promo;
    }
  }
  if (style.checks) {
    pos.play(m);
    if (v.inCheck(pos)) text += v.generateLegal(pos, buffer, 0) === 0 ? '#' : '+';
    pos.undo();
  }
  return text;
}

// ------------------------------------------------------------------------------------------------
// Reading: a SAN move text read into its parts (xiangqi and chu SAN share the shape; each game's
// notation/san.ts resolves it among the legal moves).

export interface SanQuery {
  /** Upper-case piece letter (`+D` for promoted pieces); '' = pawn without a letter. */
  readonly piece: string;
  readonly fromFile: number | null;
  /** The origin rank as written (dialect numbering), or null. */
  readonly fromRank: number | null;
  readonly capture: boolean;
  /** Destination (the end square), as written. */
  readonly file: number;
  readonly rank: number;
  /** Chu double moves: the first step's square, as written (file, rank), or null. */
  readonly mid: readonly [number, number] | null;
  /** `+` / `++` / `#` after the move. */
  readonly suffix: string;
}

/** File index of a file letter (`a` = 0). */
export const sanFile = (c: string): number => c.charCodeAt(0) - 97;
