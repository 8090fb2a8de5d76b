/** ICCS coordinates (h2e2, also H2-E2; ranks 0-9) and Fairy-Stockfish UCI (h3e3, b3b10; ranks 1-10). */
import { iccsSquare, uciSquare } from '../squares.js';
import { plainMove, moveFrom, moveTo, type Move } from '../../../core/move.js';
import type { Position } from '../../../core/position.js';
import { legalMoves } from '../../../core/perft.js';
import { err, ok, type Result } from '../../../core/result.js';
import { quoted, type MoveProblem } from '../../../core/problem.js';

const W = 9;
export const formatIccs = (m: Move): string => iccsSquare(moveFrom(m)) + iccsSquare(moveTo(m));
export const formatUci = (m: Move): string => uciSquare(moveFrom(m)) + uciSquare(moveTo(m));

const ICCS_RE = /^([a-i])([0-9])-?([a-i])([0-9])$/;
const UCI_RE = /^([a-i])(10|[1-9])([a-i])(10|[1-9])$/;

/** Reads a coordinate move; `uci` picks 1-10 ranks, otherwise ICCS unless a "10" rank makes it UCI. */
export function parseCoordinate(pos: Position, text: string, format: 'iccs' | 'uci' | 'auto' = 'auto'): Result<Move, MoveProblem> {
  const t = text.trim().toLowerCase();
  let from: number;
  let to: number;
  const iccs = format !== 'uci' ? ICCS_RE.exec(t) : null;
  if (iccs) {
    from = (iccs[1]!.charCodeAt(0) - 97) + Number(iccs[2]) * W;
    to = (iccs[3]!.charCodeAt(0) - 97) + Number(iccs[4]) * W;
  } else {
    const uci = format !== 'iccs' ? UCI_RE.exec(t) : null;
    if (!uci) return err(quoted(text, { code: 'move.not-notation', notation: 'coordinate' }, 'is'));
    from = (uci[1]!.charCodeAt(0) - 97) + (Number(uci[2]) - 1) * W;
    to = (uci[3]!.charCodeAt(0) - 97) + (Number(uci[4]) - 1) * W;
  }
  const m = plainMove(from, to);
  if (legalMoves(pos).includes(m)) return ok(m);
  return err(quoted(text, { code: 'move.not-legal-move' }, 'is'));
}
