/** Which xiangqi placements are possible at all (FEN sanity), with reasons naming the square. */
import { pieceKind, pieceSide } from '../../core/piece.js';
import { iccsSquare } from './squares.js';
import type { Position } from '../../core/position.js';
import { sqOf, type PlacementProblem } from '../../core/problem.js';
import { ADVISOR, ELEPHANT, inPalace, KING, SOLDIER, XIANGQI_PIECE_NAMES as NAMES } from './pieces.js';
import { kingAttacked, kingSquare } from './index.js';

const MAX = [0, 1, 2, 2, 2, 2, 2, 5];

export { iccsSquare };

/** null if the position could arise in a game, else the reason. */
export function xiangqiPlacementError(pos: Position): PlacementProblem | null {
  const b = pos.board;
  const count = [new Array(8).fill(0), new Array(8).fill(0)];
  for (let sq = 0; sq < 90; sq++) {
    const p = b[sq]!;
    if (!p) continue;
    const side = pieceSide(p);
    const kind = pieceKind(p);
    const x = sq % 9;
    const ry = side === 0 ? (sq / 9) | 0 : 9 - ((sq / 9) | 0); // rank from the owner's side
    const who = { side: side === 0 ? 'red' : 'black', piece: NAMES[kind]!, at: sqOf(sq, iccsSquare) };
    count[side]![kind]++;
    switch (kind) {
      case KING:
        if (!inPalace(x, ry, 0)) return { code: 'placement.outside-palace', ...who };
        break;
      case ADVISOR:
        if (!inPalace(x, ry, 0)) return { code: 'placement.outside-palace', ...who };
        if ((x + ry) % 2 !== 1) return { code: 'placement.advisor-point', ...who };
        break;
      case ELEPHANT:
        if (ry > 4) return { code: 'placement.crossed-river', ...who };
        if (!((ry === 0 || ry === 4) && (x === 2 || x === 6)) && !(ry === 2 && (x === 0 || x === 4 || x === 8)))
          return { code: 'placement.elephant-point', ...who };
        break;
      case SOLDIER:
        if (ry < 3) return { code: 'placement.behind-start', ...who };
        if (ry <= 4 && x % 2 === 1) return { code: 'placement.left-file', ...who };
        break;
      default:
    }
  }
  for (const side of [0, 1])
    for (let kind = KING; kind <= SOLDIER; kind++) {
      const n = count[side]![kind];
      const who = `${side === 0 ? 'red' : 'black'}`;
      if (kind === KING && n === 0) return { code: 'placement.no-king', side: who, king: 'general' };
      if (n > MAX[kind]!) return { code: 'placement.too-many', side: who, count: n, pieces: `${NAMES[kind]}s`, max: MAX[kind]! };
    }
  const rk = kingSquare(pos, 0);
  const bk = kingSquare(pos, 1);
  if (rk % 9 === bk % 9) {
    let open = true;
    for (let s = rk + 9; s < bk; s += 9) if (b[s]) open = false;
    if (open) return { code: 'placement.kings-facing', file: iccsSquare(rk)[0]! };
  }
  return null;
}

/** The side not to move, if it is in check (a composed position, accepted with a warning), else null. */
export function xiangqiCheckedNotToMove(pos: Position): string | null {
  const them = pos.turn ^ 1;
  return kingAttacked(pos, kingSquare(pos, them), them) ? (them === 0 ? 'red' : 'black') : null;
}

