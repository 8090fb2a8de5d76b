/**
 * Chu Shogi records as XBoard 4.9 writes them (convert/save `--dialect xboard`), as in
 * docs/xboard-chu-game.pgn which XBoard saved: SAN with lishogi's letters (`+` before a promoted
 * piece's letter: `+Dc8`), pawns written like chess pawns (`e5`, `exe8`), files a–l and ranks 1–12
 * from Sente's side, `+` after a promoting move (`e9+`, no mark for a non-promotion), no check
 * marks; a lion double move as its capture on the way and the end square (`Nxh10-h9`,
 * `Nxl12xl11`, igui `Nxg6-g5` back on the start square), a lion's pass as `--`; `[Variant "chu"]`,
 * White (Sente) / Black (Gote), and XBoard's chu FEN (`… w - 0 1`, w = Sente).
 */
import type { Move } from '../../../core/move.js';
import { pieceCode, pieceKind, type Side } from '../../../core/piece.js';
import type { Position } from '../../../core/position.js';
import { formatSan, type SanStyle } from '../../../core/san.js';
import type { PgnDialect } from '../../game.js';
import { xboardTooLong } from '../../xboard-length.js';
import { CHU_PIECES, chuKind, KING, PAWN } from '../pieces.js';
import { CHU_XBOARD } from '../xboard.js';

export const XBOARD_CHU_SAN: SanStyle = {
  letter: (p) => (pieceKind(p) === PAWN ? '' : CHU_PIECES[pieceKind(p) - 1]!.letter),
  file: (x) => String.fromCharCode(97 + x),
  rank: (y) => String(y + 1),
  checks: false,
  promotion: '+',
  pass: '--',
};

export const CHU_DIALECTS: Partial<Record<'pychess' | 'xboard' | 'xqbase', PgnDialect>> = {
  xboard: {
    variantTag: 'chu',
    playerTags: ['White', 'Black'],
    formatFen: (pos) => CHU_XBOARD.formatFen(pos),
    formatMove: (pos, m) => formatSan(pos, m, XBOARD_CHU_SAN),
    unloadable: xboardRefusal,
  },
};

const SIDE = ['Sente', 'Gote'] as const;
const PRINCE = chuKind('+elephant');

/** The squares of `side`'s royal pieces: its King and Crown Prince. */
function royals(pos: Position, side: Side): number[] {
  const king = pieceCode(KING, side);
  const prince = pieceCode(PRINCE, side);
  const out: number[] = [];
  const b = pos.board;
  for (let sq = 0; sq < b.length; sq++) if (b[sq] === king || b[sq] === prince) out.push(sq);
  return out;
}

/**
 * Why XBoard (4.9) cannot load a chu game written in its dialect, or null. XBoard tests a chu move
 * as chess tests one for check (its moves.c `CheckTest`), which lishogi's rules do not: a side
 * with one royal piece (King or Crown Prince) may not leave it where the other side can capture
 * it; a side with both is not tested; a side with neither may not move at all. Its game loader
 * stops at the first move so refused. And it loads at most 999 plies (xboard-length.ts).
 */
function xboardRefusal(start: Position, moves: readonly Move[]): string | null {
  const long = xboardTooLong(moves.length);
  if (long !== null) return long;
  const pos = start.clone();
  for (const [i, m] of moves.entries()) {
    const side = pos.turn as Side;
    const before = royals(pos, side);
    if (before.length === 0)
      return `${SIDE[side]} moves at ply ${i + 1} with neither King nor Crown Prince, and XBoard refuses every move of a side without a royal piece`;
    pos.play(m);
    if (before.length > 1) continue;
    const after = royals(pos, side);
    if (after.length !== 1) continue;
    // is the mover's one royal attacked (the variant's check test, asked with the mover to move)?
    pos.setTurn(side);
    const attacked = pos.variant.inCheck(pos);
    pos.setTurn((side ^ 1) as Side);
    if (attacked) {
      const name = pieceKind(pos.board[after[0]!]!) === KING ? 'King' : 'Crown Prince';
      const at = start.clone();
      for (let k = 0; k < i; k++) at.play(moves[k]!);
      const text = formatSan(at, m, XBOARD_CHU_SAN);
      return `ply ${i + 1} (${text}) leaves ${SIDE[side]}'s ${name}, its only royal piece, capturable, which lishogi allows but XBoard refuses as illegal`;
    }
  }
  return null;
}
