/**
 * What the xiangqi record readers (XQF, CCBridge, DhtmlXQ) share: a board of 90 squares to a FEN,
 * ICCS move texts, the result codes of XQF and CCBridge, and the game they record (xiangqi: its
 * FEN reader checks a set-up board, its Variant tag names it).
 */
import { parseXiangqiFen } from '../notation/fen.js';

/** Piece letters of the FEN, by type: rook, horse, elephant, advisor, king, cannon, pawn. */
export const FEN_LETTERS = 'rnbakcp';

/**
 * A board as 90 squares, index = rank * 9 + file with rank 0 Red's back rank (ICCS a0 = 0), each
 * square '' or a FEN letter (upper case Red).
 */
export type Board90 = string[];

export const emptyBoard = (): Board90 => new Array<string>(90).fill('');

/** The board of a new game, which these formats leave out of the FEN tag. */
export const START_PLACEMENT = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR';

/** The game these formats record: its id (in problems), Variant tag and FEN reader. */
export const RECORDED_GAME = { id: 'xiangqi', pgnTags: { variant: 'xiangqi' }, parseFen: parseXiangqiFen } as const;

/** The placement field of a FEN for the board. */
export function placementOf(board: Board90): string {
  const rows: string[] = [];
  for (let rank = 9; rank >= 0; rank--) {
    let row = '';
    let gap = 0;
    for (let file = 0; file < 9; file++) {
      const p = board[rank * 9 + file]!;
      if (p === '') gap++;
      else {
        if (gap) row += String(gap);
        gap = 0;
        row += p;
      }
    }
    if (gap) row += String(gap);
    rows.push(row);
  }
  return rows.join('/');
}

/** The FEN of a start position, or null when it is the standard start with Red to move. */
export function setupFen(board: Board90, blackToMove: boolean): string | null {
  const placement = placementOf(board);
  if (placement === START_PLACEMENT && !blackToMove) return null;
  return `${placement} ${blackToMove ? 'b' : 'w'} - - 0 1`;
}

export const boardIsEmpty = (board: Board90): boolean => board.every((p) => p === '');

/** ICCS text of a move between two squares given as (file 0-8, rank 0-9 from Red's side). */
export function iccs(fromFile: number, fromRank: number, toFile: number, toRank: number): string {
  return String.fromCharCode(97 + fromFile) + String(fromRank) + String.fromCharCode(97 + toFile) + String(toRank);
}

/** ICCS name of a square index (rank * 9 + file). */
export const squareName = (sq: number): string => String.fromCharCode(97 + (sq % 9)) + String(Math.floor(sq / 9));

/** Results as XQF and CCBridge number them: 0 unknown, 1 Red wins, 2 Black wins, 3 (and 4) draw. */
export function resultOf(code: number): string {
  return code === 1 ? '1-0' : code === 2 ? '0-1' : code === 3 || code === 4 ? '1/2-1/2' : '*';
}
