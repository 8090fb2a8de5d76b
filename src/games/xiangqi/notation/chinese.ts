/**
 * Xiangqi Chinese notation (spec xiangqi.md): 炮二平五 / 马8进7.
 *
 * Red writes 帅仕相车马炮兵 and files 一…九, Black 将士象车马炮卒 and files 1…9 (both counted from
 * the mover's right); 进 forward, 退 back, 平 sideways; the number is steps along a file, else the
 * destination file (always for 仕相马). Like pieces on a file: 前车/后车; pawns 前/中/后 (3 on a
 * file), 前/二/三/后 (4), 前/二/三/四/后 (5); tandem pawns on two files name the file instead of
 * the piece: 前七平六, 中七平六, 后7进1. Advisors and elephants never need it.
 *
 * Input also accepts traditional characters (帥將俥車傌馬砲包進後), either side's piece characters
 * and numerals for either side, full-width digits (１…９), the 一兵…五兵 style (index from the
 * front), the five-character 前兵七平六, and a file digit where it is unambiguous.
 */
import type { Move } from '../../../core/move.js';
import type { Position } from '../../../core/position.js';
import { err, type Result } from '../../../core/result.js';
import { quoted, type MoveProblem } from '../../../core/problem.js';
import { ADVISOR, CANNON, CHARIOT, ELEPHANT, HORSE, KING, SOLDIER } from '../pieces.js';
import { resolveXiangqiQuery, viewXiangqiMove, type XqQuery, type XqSelector } from './wxf.js';

const RED_PIECES = ['', '帅', '仕', '相', '马', '车', '炮', '兵'];
const BLACK_PIECES = ['', '将', '士', '象', '马', '车', '炮', '卒'];
const CN_NUMERALS = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
const PIECE_OF: Record<string, number> = {
  帅: KING, 帥: KING, 将: KING, 將: KING,
  仕: ADVISOR, 士: ADVISOR,
  相: ELEPHANT, 象: ELEPHANT,
  马: HORSE, 馬: HORSE, 傌: HORSE, 㐷: HORSE,
  车: CHARIOT, 車: CHARIOT, 俥: CHARIOT, 伡: CHARIOT,
  炮: CANNON, 砲: CANNON, 包: CANNON,
  兵: SOLDIER, 卒: SOLDIER,
};
const OP_OF: Record<string, 1 | -1 | 0> = { 进: 1, 進: 1, 退: -1, 平: 0 };
const NUMBER_OF: Record<string, number> = {};
CN_NUMERALS.forEach((c, i) => {
  i > 0 && (NUMBER_OF[c] = i);
});
for (let i = 1; i <= 9; i++) NUMBER_OF[String(i)] = i;
const POSITION_OF: Record<string, 'F' | 'R' | 'M'> = { 前: 'F', 后: 'R', 後: 'R', 中: 'M' };

const numeral = (n: number, side: number): string => (side === 0 ? CN_NUMERALS[n]! : String(n));

/** Writes a legal move in Chinese notation. */
export function formatChinese(pos: Position, m: Move): string {
  const v = viewXiangqiMove(pos, m);
  const piece = (v.side === 0 ? RED_PIECES : BLACK_PIECES)[v.kind]!;
  const { count: c, index: i } = v;
  let origin: string;
  if (c === 1) origin = piece + numeral(v.file, v.side);
  else if (v.pawnFileStyle) origin = (i === 0 ? '前' : i === c - 1 ? '后' : '中') + numeral(v.file, v.side);
  else if (c === 2) origin = (i === 0 ? '前' : '后') + piece;
  else if (c === 3) origin = ['前', '中', '后'][i]! + piece;
  else origin = (i === 0 ? '前' : i === c - 1 ? '后' : CN_NUMERALS[i + 1]!) + piece;
  const op = v.op === 1 ? '进' : v.op === -1 ? '退' : '平';
  return origin + op + numeral(v.n, v.side);
}

/** Reads the Chinese text into a query, or null if it is not Chinese-shaped. */
export function chineseQuery(text: string): XqQuery | null {
  const chars = [...text.normalize('NFKC').replace(/\s+/g, '')];
  if (chars.length !== 4 && chars.length !== 5) return null;
  const op = OP_OF[chars[chars.length - 2]!];
  const n = NUMBER_OF[chars[chars.length - 1]!];
  if (op === undefined || n === undefined) return null;
  const [a, b] = [chars[0]!, chars[1]!];
  let kind: number | undefined;
  let sel: XqSelector;
  if (chars.length === 5) {
    // 前兵七平六: position, piece, file
    const at = POSITION_OF[a] ?? (NUMBER_OF[a] !== undefined && NUMBER_OF[a]! <= 5 ? NUMBER_OF[a]! - 1 : undefined);
    kind = PIECE_OF[b];
    const file = NUMBER_OF[chars[2]!];
    if (at === undefined || kind === undefined || file === undefined) return null;
    sel = { t: 'at', at, file };
  } else if ((kind = PIECE_OF[a]) !== undefined) {
    // 炮二平五
    const file = NUMBER_OF[b];
    if (file === undefined) return null;
    sel = { t: 'file', file };
  } else if (POSITION_OF[a] !== undefined) {
    // 前车进一, or 前七平六 (tandem pawns on two files)
    kind = PIECE_OF[b];
    if (kind !== undefined) sel = { t: 'at', at: POSITION_OF[a]! };
    else if (NUMBER_OF[b] !== undefined) {
      kind = SOLDIER;
      sel = { t: 'at', at: POSITION_OF[a]!, file: NUMBER_OF[b] };
    } else return null;
  } else if (NUMBER_OF[a] !== undefined && NUMBER_OF[a]! <= 5) {
    // 二兵平四 (index from the front), or 二七平六 (index, file)
    kind = PIECE_OF[b];
    if (kind !== undefined) sel = { t: 'at', at: NUMBER_OF[a]! - 1 };
    else if (NUMBER_OF[b] !== undefined) {
      kind = SOLDIER;
      sel = { t: 'at', at: NUMBER_OF[a]! - 1, file: NUMBER_OF[b] };
    } else return null;
  } else return null;
  return { kind, sel, op, n };
}

/** Does the text look like a Chinese move (syntax only)? */
export const looksLikeChinese = (text: string): boolean => chineseQuery(text) !== null;

/** Parses a Chinese move; errors are bare reasons, without the quoted text. */
export function parseChineseReason(pos: Position, text: string): Result<Move, MoveProblem> {
  const q = chineseQuery(text);
  if (!q) return err({ code: 'move.not-notation', notation: 'chinese' });
  return resolveXiangqiQuery(pos, q, formatChinese);
}

/** Parses a Chinese move: `"马二进四": the horse on h0 cannot reach file 4`. */
export function parseChinese(pos: Position, text: string): Result<Move, MoveProblem> {
  const r = parseChineseReason(pos, text);
  return r.ok ? r : err(quoted(text, r.error));
}
