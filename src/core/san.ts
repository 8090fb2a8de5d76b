/** A SAN move text read into its parts (xiangqi and chu SAN share the shape; see each game's san.ts). */
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
