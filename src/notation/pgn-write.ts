/**
 * A small PGN writer: tag pairs (Seven-Tag-Roster order first), numbered movetext wrapped at about
 * 80 characters, and the result. The output reads back through RecordReader to the same tags,
 * moves and result.
 */
import { oneLine } from '../core/text.js';
import { DEFAULT_GAME, gameOfFen } from '../games/registry.js';

export interface PgnGameInput {
  /** Tags by name, or as ordered pairs. */
  tags?: Readonly<Record<string, string>> | ReadonlyArray<readonly [string, string]>;
  /** Move texts in any notation, one per ply. */
  moves: readonly string[];
  /** `1-0`, `0-1`, `1/2-1/2` (or `½-½`), `*`; default: the Result tag, else `*`. */
  result?: string | null;
  /** Start position (FEN or SFEN); written as the FEN tag. */
  startFen?: string;
  /** A comment after the last move, before the result (`{…}`; braces in it become parentheses). */
  finalComment?: string;
}

export interface WritePgnOptions {
  /** Wrap movetext lines at this width (0: no wrapping). Default 80. */
  lineWidth?: number;
  /** Whether the first ply is the second player's (numbered `1...`). Default: from startFen. */
  secondPlayerFirst?: boolean;
  /** Number of the first move. Default: from a xiangqi FEN's move counter, else 1. */
  startMoveNumber?: number;
  /** Line ending. Default "\n". */
  newline?: string;
  /** Tags written before the Seven-Tag Roster, in this order, when present (xqbase: `Game`). */
  firstTags?: readonly string[];
}

/** Seven-Tag Roster, with xiangqi's Red in White's place. */
const ROSTER = ['Event', 'Site', 'Date', 'Round', 'Red', 'White', 'Black', 'Result'];

const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '*']);

/**
 * A tag value as PGN writes it: `\` and `"` escaped; line breaks, tabs and other control
 * characters (C0, DEL, C1: a tag of an XQF header may hold them, and PGN readers refuse them) as
 * one space per run.
 */
export function escapeTagValue(v: string): string {
  return cleanTagValue(v).replace(/[\\"]/g, (c) => '\\' + c);
}

/** A tag value without control characters: each run of them one space (what a PGN tag can hold). */
export const cleanTagValue = oneLine;

/**
 * A move text the reader would read back unchanged: no whitespace or delimiters, not a result,
 * move number, NAG or annotation-only token, no trailing `!`/`?`/NAG (they would be stripped).
 */
function checkMove(text: string, ply: number): void {
  const bad = (why: string): never => {
    throw new RangeError(`writePgn: move ${ply} ${JSON.stringify(text)} ${why}`);
  };
  if (text.length === 0) bad('is empty');
  if (/[\s{}()[\];]/.test(text)) bad('contains whitespace or one of { } ( ) [ ] ;');
  if (RESULTS.has(text) || text === '½-½') bad('would read as a result');
  if (/[!?！？]$|\$\d+$/.test(text)) bad('ends with an annotation or NAG that would be stripped');
  if (/^[.．。、…]+$/.test(text)) bad('would read as a move-number placeholder');
  const num = /^[0-9０-９]+([.．。、…]*)(.*)$/.exec(text);
  if (num) {
    const [, punct = '', rest = ''] = num;
    if (rest === '' || (punct !== '' && !(/^[.．]$/.test(punct) && /^[0-9０-９]$/.test(rest)))) {
      bad('would read as a move number');
    }
  }
}

/** Who moves first and the first move's number, as the FEN's game reads its fields (by the board's shape; else the default game's way). */
function fenDefaults(fen: string | undefined): { second: boolean; number: number } {
  if (!fen) return { second: false, number: 1 };
  return (gameOfFen(fen) ?? DEFAULT_GAME).fenStart(fen);
}

/** Writes one game as PGN text (ending with a newline). Throws RangeError on unwritable input. */
export function writePgn(game: PgnGameInput, options: WritePgnOptions = {}): string {
  const nl = options.newline ?? '\n';
  const width = options.lineWidth ?? 80;
  const pairs: Array<[string, string]> = [];
  if (Array.isArray(game.tags)) {
    for (const [k, v] of game.tags as ReadonlyArray<readonly [string, string]>) pairs.push([k, v]);
  } else if (game.tags) {
    for (const [k, v] of Object.entries(game.tags)) pairs.push([k, v]);
  }
  // Last value wins, first position is kept.
  const values = new Map<string, string>();
  for (const [k, v] of pairs) {
    if (!/^[^\s"[\]]+$/.test(k)) throw new RangeError(`writePgn: invalid tag name ${JSON.stringify(k)}`);
    values.set(k, v);
  }
  let result = game.result ?? values.get('Result') ?? '*';
  if (result === '½-½') result = '1/2-1/2';
  if (!RESULTS.has(result)) throw new RangeError(`writePgn: invalid result ${JSON.stringify(result)}`);
  if (values.has('Result')) values.set('Result', result);
  if (game.startFen !== undefined) values.set('FEN', game.startFen);
  const fen = values.get('FEN');

  const first = options.firstTags ?? [];
  const order: string[] = [];
  for (const k of first) if (values.has(k)) order.push(k);
  for (const k of ROSTER) if (values.has(k) && !first.includes(k)) order.push(k);
  for (const k of values.keys()) if (!ROSTER.includes(k) && !first.includes(k)) order.push(k);

  const lines: string[] = [];
  for (const k of order) lines.push(`[${k} "${escapeTagValue(values.get(k)!)}"]`);
  if (lines.length > 0) lines.push('');

  const defaults = fenDefaults(fen);
  const second = options.secondPlayerFirst ?? defaults.second;
  let number = options.startMoveNumber ?? defaults.number;
  const units: string[] = [];
  game.moves.forEach((m, i) => {
    checkMove(m, i + 1);
    const side = (i + (second ? 1 : 0)) % 2; // 0: first player's move
    if (i === 0 && side === 1) units.push(`${number}... ${m}`);
    else if (side === 0) units.push(`${number}. ${m}`);
    else units.push(m);
    if (side === 1) number++;
  });
  if (game.finalComment) units.push(`{${game.finalComment.replace(/[{]/g, '(').replace(/[}]/g, ')').replace(/\s+/g, ' ').trim()}}`);
  units.push(result);

  let line = '';
  for (const u of units) {
    if (line === '') line = u;
    else if (width > 0 && line.length + 1 + u.length > width) {
      lines.push(line);
      line = u;
    } else line += ' ' + u;
  }
  lines.push(line);
  return lines.join(nl) + nl;
}
