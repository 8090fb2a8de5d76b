/**
 * Every record format the opener knows besides PGN and move lists: the games' own (each game's
 * `recordFormats`: binary formats told by their first bytes, text formats by their content), then
 * notation's generic text formats (KIF, problem JSON). Readers are loaded when a file needs them.
 */
import type { BinaryRecordFormat, TextRecordFormat } from '../../games/game.js';
import { GAMES } from '../../games/registry.js';

/** KIF: a `手数----指手` move-table header, `手合割：`, `先手：`/`後手：`, `開始日時：`, or `N手目` / `N 手目` move lines. */
const KIF_FORMAT: TextRecordFormat = {
  kind: 'text',
  id: 'kif',
  name: 'KIF',
  claims: (head) => /^(?:手数-+指手|手合割[：:]|先手[：:]|後手[：:]|開始日時[：:]|[ \t]*\d+[ \t]*手目)/m.test(head),
  load: () => import('./kif.js').then((m) => m.parseKif),
};

/** Problems kept as JSON (records/problem-json.ts): an object or list with a position text and a list of moves. */
const JSON_FORMAT: TextRecordFormat = {
  kind: 'text',
  id: 'json',
  name: 'problem JSON',
  claims: (head) => /^[\s\uFEFF]*[[{]/.test(head) && /"(?:sfen|fen)"\s*:\s*"/.test(head) && /"(?:solution|moves)"\s*:\s*[[{]/.test(head),
  load: () => import('./problem-json.js').then((m) => m.parseProblemJson),
};

const formats = GAMES.flatMap((g) => g.recordFormats ?? []);

/** The binary and library formats, in the registry's order. */
export const BINARY_FORMATS: readonly BinaryRecordFormat[] = formats.filter((f): f is BinaryRecordFormat => f.kind === 'binary');

/** The text formats read whole, in the order they are tried: the games' first, then KIF and problem JSON. */
export const TEXT_FORMATS: readonly TextRecordFormat[] = [...formats.filter((f): f is TextRecordFormat => f.kind === 'text'), KIF_FORMAT, JSON_FORMAT];

/** The text format of an id (`wxf`, `kif`), or undefined. */
export const textFormat = (id: string): TextRecordFormat | undefined => TEXT_FORMATS.find((f) => f.id === id);
