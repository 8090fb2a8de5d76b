/**
 * The shape of a FEN/SFEN board field, for finding the game a FEN is for by its whole geometry
 * (files and ranks), never by its rank count alone: a 10-rank board of another width is not
 * xiangqi's.
 */

/**
 * The ranks of a board field (split by `/`) and the number of files most of its ranks have (so
 * one mistyped rank still shows the board's width): a run of digits is that many empty squares
 * (SFEN's `12`), a letter one piece; `+` (a promoted piece) takes no square.
 */
export function boardShape(board: string): { files: number; ranks: number } {
  const rows = board.split('/');
  const widths = new Map<number, number>();
  for (const row of rows) {
    let files = 0;
    for (const run of row.matchAll(/\d+|[A-Za-z]/g)) files += /\d/.test(run[0]) ? Number(run[0]) : 1;
    widths.set(files, (widths.get(files) ?? 0) + 1);
  }
  let files = 0;
  let most = 0;
  for (const [w, n] of widths) if (n > most) [files, most] = [w, n];
  return { files, ranks: rows.length };
}

/** Is the FEN's board (its first field) of this geometry? */
export function fenHasShape(fen: string, width: number, height: number): boolean {
  const s = boardShape(fen.trim().split(/\s+/)[0] ?? '');
  return s.ranks === height && s.files === width;
}
