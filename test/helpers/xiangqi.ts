/** Small helpers for xiangqi tests. */
import { legalMoves } from '../../src/core/perft.js';
import type { Position } from '../../src/core/position.js';
import { formatIccs } from '../../src/games/xiangqi/notation/iccs.js';
import { parseXiangqiFen } from '../../src/games/xiangqi/notation/fen.js';

export function xq(fen: string): Position {
  const r = parseXiangqiFen(fen);
  if (!r.ok) throw new Error(formatProblem(r.error));
  return r.value;
}

/** Legal moves in ICCS, sorted. */
export const iccsMoves = (pos: Position): string[] => legalMoves(pos).map(formatIccs).sort();

/** Legal ICCS moves starting on a square. */
export const movesFrom = (pos: Position, square: string): string[] =>
  iccsMoves(pos).filter((m) => m.startsWith(square)).map((m) => m.slice(2));

import type { Move } from '../../src/core/move.js';
import type { Result } from '../../src/core/result.js';
import { parseCoordinate } from '../../src/games/xiangqi/notation/iccs.js';
import { formatProblem, type Problem } from '../../src/core/problem.js';

export const XQ_START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
/** Positions the notation tests share. */
export const XQ_TEST_FENS = {
  /** Red chariots on h5 and h1 (file 2), cannons on b2 and b5 (file 8). */
  TANDEM: '3k5/9/9/9/1C5R1/9/9/1C7/7R1/4K4 w - - 0 1',
  /** Red soldiers g5 g6 g7: three on file 3. */
  PAWNS3: '3k5/9/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1',
  /** Red soldiers g5-g8 / g5-g9: four / five on file 3. */
  PAWNS4: '3k5/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1',
  PAWNS5: '3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1',
  /** Three red soldiers on file 3 (g5-g7) and two on file 7 (c5, c6). */
  TWO_FILES: '3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1',
  /** Black soldiers c2 c3 c4 (black's file 3), black to move. */
  BLACK_PAWNS: '3k5/9/9/9/9/2p6/2p6/2p6/9/4K4 b - - 0 1',
} as const;

/** The text a formatter writes for an ICCS move in a position. */
export function formatAt(fen: string, iccs: string, format: (pos: Position, m: Move) => string): string {
  const pos = xq(fen);
  const m = parseCoordinate(pos, iccs, 'iccs');
  if (!m.ok) throw new Error(formatProblem(m.error));
  return format(pos, m.value);
}

/** The ICCS move a parser reads from a text in a position, or the parser's error. */
export function iccsOfText(fen: string, text: string, parse: (pos: Position, text: string) => Result<Move, Problem>): string {
  const r = parse(xq(fen), text);
  return r.ok ? formatIccs(r.value) : formatProblem(r.error);
}
