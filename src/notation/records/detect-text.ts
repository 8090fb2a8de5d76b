/**
 * Which text record format a text is in, told by its content (never by a file name):
 *
 * - a format read whole that claims it (records/formats.ts: the games' own, as DhtmlXQ and WXF
 *   files for xiangqi, then KIF and problem JSON), by its id;
 * - `pgn`: PGN or a plain move list (tag pairs, or moves, move numbers, results from the start);
 * - `none`: text that holds no record (notes, READMEs, JSON).
 *
 * Only the first `DETECT_TEXT_CHARS` characters are looked at.
 */
import { GAMES } from '../../games/registry.js';
import { TEXT_FORMATS } from './formats.js';

/** `pgn`, `none`, or the id of a text format read whole (`wxf`, `dhtmlxq`, `kif`, `json`…). */
export type TextFormat = string;

export const DETECT_TEXT_CHARS = 1 << 16;

const TAG = /^[ \t\uFEFF]*\[[A-Za-z][\w.-]*[ \t]+"/m;
/** A token that is a move number or a result. */
const NUMBER_OR_RESULT = /^(?:\d+[.．、]*|1-0|0-1|1\/2-1\/2|\*)$/;

/** A token that is a move number, a result, or a move in one of the games' notations (Game.notationShapes). */
const isMoveish = (t: string): boolean => NUMBER_OR_RESULT.test(t) || GAMES.some((g) => g.notationShapes?.listToken(t) ?? false);

/** The text record format of `text` (its beginning is enough). */
export function detectTextFormat(text: string): TextFormat {
  const head = text.length > DETECT_TEXT_CHARS ? text.slice(0, DETECT_TEXT_CHARS) : text;
  for (const f of TEXT_FORMATS) if (f.claims(head)) return f.id;
  if (TAG.test(head)) return 'pgn';
  // a move list: most of the first tokens are moves or move numbers
  const tokens = head
    .replace(/\{[^}]*\}|;[^\n]*/g, ' ')
    .split(/[\s\u3000]+/)
    .filter((t) => t !== '')
    .slice(0, 20);
  if (tokens.length === 0) return 'none';
  const moves = tokens.filter((t) => isMoveish(t.replace(/[!?]+$/, ''))).length;
  return moves * 2 >= tokens.length ? 'pgn' : 'none';
}
