/**
 * Which text record format a text is in, told by its content (never by a file name):
 *
 * - `dhtmlxq`: a DhtmlXQ/UBB block (`[DhtmlXQ]`, `[DhtmlXQ_movelist]` …), alone or inside an HTML page;
 * - `wxf`: a WXF file (`FORMAT WXF` header line, or a `START{` … `}END` body);
 * - `kif`: KIF (`手数----指手` move-table header, `手合割：`, `開始日時：`, or `N手目` / `N 手目` move lines);
 * - `json`: problems kept as JSON (`{"sfen", "solution"}`: records/problem-json.ts);
 * - `pgn`: PGN or a plain move list (tag pairs, or moves, move numbers, results from the start);
 * - `none`: text that holds no record (notes, READMEs, JSON).
 *
 * Only the first `DETECT_TEXT_CHARS` characters are looked at.
 */
export type TextFormat = 'pgn' | 'wxf' | 'dhtmlxq' | 'kif' | 'json' | 'none';

export const DETECT_TEXT_CHARS = 1 << 16;

/** JSON problems (records/problem-json.ts): an object or list with a position text and a list of moves. */
const looksLikeProblemJson = (head: string): boolean =>
  /^[\s\uFEFF]*[[{]/.test(head) && /"(?:sfen|fen)"\s*:\s*"/.test(head) && /"(?:solution|moves)"\s*:\s*[[{]/.test(head);

const DHTMLXQ = /\[DhtmlXQ(?:_[a-z0-9_]+)?\]/i;
const WXF = /^[ \t]*(?:FORMAT[ \t]+WXF\b|START\{)/im;
const KIF = /^(?:手数-+指手|手合割[：:]|先手[：:]|後手[：:]|開始日時[：:]|[ \t]*\d+[ \t]*手目)/m;
const TAG = /^[ \t\uFEFF]*\[[A-Za-z][\w.-]*[ \t]+"/m;
/** A token that is a move number, a result or a move in one of the notations we read. */
const MOVEISH =
  /^(?:\d+[.．、]*|1-0|0-1|1\/2-1\/2|\*|[a-l](?:1[0-2]|[0-9])-?[a-l](?:1[0-2]|[0-9])(?:[a-l](?:1[0-2]|[0-9]))?[+=]?|(?:1[0-2]|[1-9])[a-l](?:1[0-2]|[1-9])[a-l](?:(?:1[0-2]|[1-9])[a-l])?\+?|[KAEHRCPBNGMkaehrcpbngm+\-1-9][1-9+\-.=][+\-.=][1-9]|[车車马馬炮砲相象仕士帅帥将將兵卒俥傌前中后後一二三四五][\S]{2,4}|\+?[A-Z]'?[a-l]?\d*x?[a-l]\d{1,2}\S*|[a-i]x?[a-i]?\d{1,2}[+#]?)$/;

/** The text record format of `text` (its beginning is enough). */
export function detectTextFormat(text: string): TextFormat {
  const head = text.length > DETECT_TEXT_CHARS ? text.slice(0, DETECT_TEXT_CHARS) : text;
  if (DHTMLXQ.test(head)) return 'dhtmlxq';
  if (WXF.test(head)) return 'wxf';
  if (KIF.test(head)) return 'kif';
  if (looksLikeProblemJson(head)) return 'json';
  if (TAG.test(head)) return 'pgn';
  // a move list: most of the first tokens are moves or move numbers
  const tokens = head
    .replace(/\{[^}]*\}|;[^\n]*/g, ' ')
    .split(/[\s\u3000]+/)
    .filter((t) => t !== '')
    .slice(0, 20);
  if (tokens.length === 0) return 'none';
  const moves = tokens.filter((t) => MOVEISH.test(t.replace(/[!?]+$/, ''))).length;
  return moves * 2 >= tokens.length ? 'pgn' : 'none';
}
