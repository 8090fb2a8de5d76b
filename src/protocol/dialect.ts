/**
 * How the engine protocols write positions and moves for each game (checked against XBoard 4.9.1,
 * HaChu 0.21 and MaxQi 4.8 on Debian, see docs/xboard.md):
 *
 * - XBoard xiangqi: files a–i, ranks 0–9 from Red's side ("on boards with exactly 10 ranks,
 *   counting of the ranks starts at 0", CECP), so moves are ICCS: `h2e2`. XBoard's FEN writes the
 *   horse as H and the elephant as E and has no castling/en-passant fields:
 *   `rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w 0 1`.
 * - XBoard chu: files a–l from Sente's left, ranks 1–12 from Sente's side (ranks 10–12 in two
 *   digits): `h4h5`, promotion `+` (`=` or nothing: no promotion), lion double moves as legs
 *   `f5e6,e6e7` (igui `f5e6,e6f5`, pass through an empty neighbour `f5e6,e6f5`). XBoard's FEN uses
 *   the same piece letters as lishogi's SFEN (upper case = Sente, `+` = promoted) but XBoard's
 *   fields: side `w` = Sente (the first player, "White" to XBoard), `b` = Gote, then `-`, the
 *   half-move clock and the move number: `lfcsgekgscfl/… w - 0 1`.
 * - UCI as Fairy-Stockfish speaks it for xiangqi: ranks 1–10 (`h3e3`, `b3b10`), standard FEN.
 * - UCCI: ICCS moves (ranks 0–9), standard FEN.
 */
import type { Move } from '../core/move.js';
import { legalMoves } from '../core/perft.js';
import { Position } from '../core/position.js';
import { err, ok, type Result } from '../core/result.js';
import { CHU_START_SFEN } from '../games/chushogi/index.js';
import { xiangqi, XIANGQI_START_FEN } from '../games/xiangqi/index.js';
import { xiangqiPlacementError } from '../games/xiangqi/validate.js';
import { formatBoardField, parseBoardField } from '../notation/board-text.js';
import { parseCounter, parseXiangqiFen } from '../notation/fen.js';
import { formatIccs, formatUci, parseCoordinate } from '../notation/iccs.js';
import { getGame, type GameId } from '../notation/registry.js';
import { parseChuSfen } from '../notation/sfen.js';
import { parseUsi } from '../notation/usi.js';
import { quoteInput } from '../core/text.js';

/** One game as the engine protocols see it. */
export interface ProtocolGame {
  readonly id: GameId;
  /** The variant name in CECP (`variant xiangqi`, `variant chu`) and in PGN Variant tags. */
  readonly xboardName: 'xiangqi' | 'chu';
  /** A fresh start position. */
  start(): Position;
  /** Reads a FEN in XBoard's dialect (also the game's standard FEN/SFEN). */
  parseFen(text: string): Result<Position>;
  /** The position in XBoard's FEN dialect. */
  formatFen(pos: Position): string;
  /**
   * The move as XBoard writes it (chu double moves as comma-separated legs). With the position
   * before the move, a chu lion's pass is written as CECP's null move `@@@@`, as HaChu does.
   */
  formatMove(m: Move, pos?: Position): string;
  /** Reads a move as XBoard writes it and finds it among the legal moves. */
  parseMove(pos: Position, text: string): Result<Move>;
}

const newStart = (id: GameId): Position => {
  const g = getGame(id);
  const r = g.parseFen(g.startFen);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

/** Fields after the board in XBoard's FEN: side, then optional `-` fields, half-move clock, move number. */
function readXboardFields(pos: Position, fields: readonly string[], sides: Record<string, 0 | 1>): Result<Position> {
  const sideText = (fields[1] ?? 'w').toLowerCase();
  const side = sides[sideText];
  if (side === undefined) return err(`FEN field 2: side to move must be ${Object.keys(sides).join(' or ')}, not ${quoteInput(fields[1])}`);
  pos.setTurn(side);
  const numbers = fields.slice(2).filter((f) => f !== '-');
  if (numbers.length > 2) return err(`FEN has too many fields: ${quoteInput(fields.slice(2).join(' '))} after the side to move`);
  const values: number[] = [];
  for (const n of numbers) {
    const v = parseCounter(n, 0, 'FEN: half-move clock or move number');
    if (!v.ok) return v;
    values.push(v.value);
  }
  if (values.length === 2) {
    pos.halfmove = values[0]!;
    pos.fullmove = Math.max(1, values[1]!);
  } else if (values.length === 1) pos.fullmove = Math.max(1, values[0]!);
  return ok(pos);
}

export const XIANGQI: ProtocolGame = {
  id: 'xiangqi',
  xboardName: 'xiangqi',
  start: () => newStart('xiangqi'),
  parseFen(text) {
    const fields = text.trim().split(/\s+/);
    // a standard xiangqi FEN (six fields, or fewer with `-` castling/en-passant fields)
    if (fields.length === 6 || (fields.length >= 3 && fields[2] === '-')) return parseXiangqiFen(text);
    const board = parseBoardField(xiangqi, fields[0] ?? '', { H: 'N', E: 'B' });
    if (!board.ok) return board;
    const pos = new Position(xiangqi);
    board.value.forEach((p, sq) => p && pos.put(sq, p));
    const r = readXboardFields(pos, fields, { w: 0, r: 0, b: 1 });
    if (!r.ok) return r;
    const problem = xiangqiPlacementError(pos);
    return problem ? err(`FEN field 1: ${problem}`) : ok(pos);
  },
  formatFen(pos) {
    const board = formatBoardField(pos).replace(/[nNbB]/g, (c) => ({ n: 'h', N: 'H', b: 'e', B: 'E' })[c]!);
    return `${board} ${pos.turn === 0 ? 'w' : 'b'} ${pos.halfmove} ${pos.fullmove}`;
  },
  formatMove: (m) => formatIccs(m),
  parseMove: (pos, text) => parseCoordinate(pos, text, 'iccs'),
};

const W = 12;
const chuSquare = (sq: number): string => String.fromCharCode(97 + (sq % W)) + String(((sq / W) | 0) + 1);

/** Is this text a lishogi SFEN rather than XBoard's chu FEN? (`b - 1`, `w 8j 23`: no half-move clock) */
const looksLikeSfen = (fields: readonly string[]): boolean =>
  fields.length <= 4 && fields.length >= 3 && (fields[2] === '-' || /^(1[0-2]|[1-9])[a-l]$/.test(fields[2]!));

export const CHU: ProtocolGame = {
  id: 'chushogi',
  xboardName: 'chu',
  start: () => newStart('chushogi'),
  parseFen(text) {
    const fields = text.trim().split(/\s+/);
    if (looksLikeSfen(fields)) return parseChuSfen(text);
    // the board field is the same in both dialects: let the SFEN reader check it
    const board = parseChuSfen(`${fields[0] ?? ''} b - 1`);
    if (!board.ok) return err(board.error.replace(/^SFEN/, 'FEN'));
    const pos = board.value;
    pos.plyParity = 0;
    return readXboardFields(pos, fields, { w: 0, b: 1 });
  },
  formatFen: (pos) => `${formatBoardField(pos)} ${pos.turn === 0 ? 'w' : 'b'} - ${pos.halfmove} ${pos.fullmove}`,
  formatMove(m, pos) {
    const from = m & 0xff;
    const to = (m >>> 8) & 0xff;
    const mid = ((m >>> 16) & 0xff) - 1;
    const promo = m & 0x1000000 ? '+' : '';
    if (mid < 0) return chuSquare(from) + chuSquare(to) + promo;
    if (pos && to === from && pos.board[mid] === 0 && !promo) return '@@@@';
    return `${chuSquare(from)}${chuSquare(mid)},${chuSquare(mid)}${chuSquare(to)}${promo}`;
  },
  parseMove(pos, text) {
    let t = text.trim();
    if (t === '@@@@') {
      // CECP's null move: a lion's pass (HaChu writes passes so)
      const pass = legalMoves(pos).find((m) => (m & 0xff) === ((m >>> 8) & 0xff) && pos.board[((m >>> 16) & 0xff) - 1] === 0);
      return pass !== undefined ? ok(pass) : err('no piece of the side to move can pass (@@@@ is a lion pass)');
    }
    // XBoard may mark a declined promotion with `=`
    if (t.endsWith('=')) t = t.slice(0, -1);
    if (!/^[a-l]/i.test(t)) return err(`${quoteInput(text)} is not an XBoard chu move (like h4h5, f5e6,e6e7 or h9h10+)`);
    const r = parseUsi(pos, t);
    // the reasons name USI squares (7g): say them the XBoard way (f6)
    return r.ok ? r : err(r.error.replace(/\b(1[0-2]|[1-9])([a-l])\b/g, (_s, f: string, rk: string) => chuSquare((108 - rk.charCodeAt(0)) * W + (W - Number(f)))));
  },
};

export const PROTOCOL_GAMES: Readonly<Record<GameId, ProtocolGame>> = { xiangqi: XIANGQI, chushogi: CHU };

/** The game for a CECP variant name (`normal` and unknown names: null). */
export function gameForXboardVariant(name: string): ProtocolGame | null {
  const n = name.toLowerCase();
  if (n === 'xiangqi' || n === '9x10+0_xiangqi') return XIANGQI;
  if (n === 'chu' || n === '12x12+0_chu' || n === 'chushogi') return CHU;
  return null;
}

// --- UCI (Fairy-Stockfish) and UCCI coordinates for xiangqi -------------------------------------

/** `h3e3`, `b3b10`: files a–i, ranks 1–10. */
export const formatUciMove = formatUci;
export const parseUciMove = (pos: Position, text: string): Result<Move> => parseCoordinate(pos, text, 'uci');
/** `h2e2`: files a–i, ranks 0–9 (ICCS). */
export const formatUcciMove = formatIccs;
export const parseUcciMove = (pos: Position, text: string): Result<Move> => parseCoordinate(pos, text, 'iccs');

/** The standard start FENs, for `position startpos`. */
export const START_FENS: Readonly<Record<GameId, string>> = { xiangqi: XIANGQI_START_FEN, chushogi: CHU_START_SFEN };

/** The legal moves of a position in a protocol's notation (for tests and error messages). */
export const legalTexts = (pos: Position, format: (m: Move) => string): string[] => legalMoves(pos).map(format);

