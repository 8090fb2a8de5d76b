/**
 * One writer for records in the PGN dialects other programs read (`chuhan convert`, `save
 * --dialect`): `chuhan` (what `save` writes: the game's coordinate notation under its Variant tag),
 * `xqbase` (`[Game "Chinese Chess"]` first, `[Format]`), `pychess` (Fairy-Stockfish's SAN, ranks
 * 1–10) and `xboard` (XBoard's SAN and FEN letters, chu legs). The per-game facts (letters, tags,
 * FEN) are the game's `pgnDialects`; this module only assembles tags and movetext.
 *
 * Tags are carried over: the players (whatever the source called them: Red/White/Sente, Black/Gote)
 * are written under the dialect's names, Variant/Format/Game/SetUp/FEN are rewritten for the
 * dialect, every other tag is kept in its order.
 */
import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';
import { err, ok, type Result } from '../core/result.js';
import type { Game, OpeningName, PgnDialect, PgnDialectId, RecordFormatId, RecordFormatWriter, WritableRecord } from '../games/game.js';
import { GAMES } from '../games/registry.js';
import { formatTagValue, type NotationHint } from './pgn-hints.js';
import { writePgn } from './pgn-write.js';

export const DIALECTS: readonly PgnDialectId[] = ['chuhan', 'xqbase', 'pychess', 'xboard'];

export function parseDialect(text: string): PgnDialectId | null {
  const t = text.trim().toLowerCase();
  return (DIALECTS as readonly string[]).includes(t) ? (t as PgnDialectId) : null;
}

/** A replayed record with its game: what the PGN writers and the game's record writers take. */
export interface RecordToWrite extends WritableRecord {
  readonly game: Game;
}

export interface DialectOptions {
  readonly dialect: PgnDialectId;
  /** A notation id of the game (`iccs`, `wxf`, `chinese`, `usi`, …) where the dialect lets one choose. */
  readonly notation?: string;
}

const FIRST_PLAYER = new Set(['Red', 'White', 'Sente']);
const SECOND_PLAYER = new Set(['Black', 'Gote']);
/** Tags each dialect writes itself. */
const REWRITTEN = new Set(['Variant', 'Format', 'Game', 'SetUp', 'FEN']);

interface Plan {
  readonly dialect: PgnDialect | null;
  readonly lead: ReadonlyArray<readonly [string, string]>;
  readonly variant: string | null;
  readonly players: readonly string[][];
  readonly format: string | null;
  formatMove(pos: Position, m: Move): string;
  formatFen(pos: Position): string;
}

/** What writing a game in a dialect means; an error sentence when the game has no such dialect or notation. */
function plan(game: Game, opts: DialectOptions): Result<Plan> {
  const notations = [...game.notations.keys()];
  if (opts.dialect === 'chuhan') {
    const id = opts.notation?.toLowerCase() ?? game.coordinate.id;
    const n = game.notations.get(id);
    if (!n) return err(`${game.title} has no notation "${opts.notation}" (use ${notations.join(', ')})`);
    const side = game.pgnTags.sidePlayers;
    return ok({
      dialect: null,
      lead: [],
      variant: game.pgnTags.variant,
      players: [[game.pgnTags.firstPlayer, ...(side ? [side[0]] : [])], ['Black', ...(side ? [side[1]] : [])]],
      format: id === game.coordinate.id ? null : formatTagValue(id as NotationHint),
      formatMove: (pos, m) => n.format(pos, m),
      formatFen: (pos) => game.formatFen(pos),
    });
  }
  const d = game.pgnDialects[opts.dialect];
  if (!d) return err(`${game.title} cannot be written in the ${opts.dialect} dialect`);
  let formatMove = d.formatMove;
  let format: string | null = null;
  if (d.notationFormats) {
    const id = opts.notation?.toLowerCase() ?? [...d.notationFormats.keys()][0]!;
    const f = d.notationFormats.get(id);
    const n = game.notations.get(id);
    if (f === undefined || !n)
      return err(`the ${opts.dialect} dialect writes ${[...d.notationFormats.keys()].join(', ')}, not "${opts.notation}"`);
    format = f;
    formatMove = (pos, m) => n.format(pos, m);
  } else if (opts.notation !== undefined) {
    return err(`the ${opts.dialect} dialect has one notation (SAN); leave out --notation`);
  }
  return ok({
    dialect: d,
    lead: d.leadTags ?? [],
    variant: d.variantTag,
    players: [[d.playerTags[0]], [d.playerTags[1]]],
    format,
    formatMove,
    formatFen: (pos) => d.formatFen(pos),
  });
}

/**
 * A record's tags with its opening's (`ECCO "C45"`, `Opening "…"`, `Variation "…"`, as xqbase's
 * PGN writes them) added after them; a record that names its opening already keeps its own tags.
 */
export function withOpeningTags(tags: ReadonlyArray<readonly [string, string]>, o: OpeningName): ReadonlyArray<readonly [string, string]> {
  if (tags.some(([k]) => k === o.system || k === 'Opening' || k === 'Variation')) return tags;
  return [...tags, [o.system, o.code], ['Opening', o.name], ...(o.variation ? [['Variation', o.variation] as const] : [])];
}

/** An opening in one line for people: `C11 中炮右横车对屏风马 (红左马盘河)`. */
export const openingLine = (o: OpeningName): string => `${o.code} ${o.name}${o.variation ? ` (${o.variation})` : ''}`;

/** The final position's FEN in the dialect's letters (`convert --to fen`). */
export function dialectFen(game: Game, pos: Position, opts: DialectOptions): Result<string> {
  const p = plan(game, opts);
  return p.ok ? ok(p.value.formatFen(pos)) : p;
}

/**
 * Why the program the dialect is for cannot load this game (XBoard's chu: a move its legality test
 * refuses), or null: the game is written but that program stops reading it at that move.
 */
export function dialectRefusal(rec: RecordToWrite, opts: DialectOptions): string | null {
  if (opts.dialect === 'chuhan') return null;
  return rec.game.pgnDialects[opts.dialect]?.unloadable?.(rec.start, rec.moves) ?? null;
}

/** The two players a record's tags name (`Red`/`White`/`Sente`, `Black`/`Gote`; the last tag of a name wins). */
export function recordPlayers(tags: ReadonlyArray<readonly [string, string]>): [string | undefined, string | undefined] {
  const values = new Map<string, string>();
  for (const [k, v] of tags) values.set(k, v);
  let first: string | undefined;
  let second: string | undefined;
  for (const [k, v] of values) {
    if (FIRST_PLAYER.has(k)) first ??= v;
    if (SECOND_PLAYER.has(k)) second ??= v;
  }
  return [first, second];
}

/** The game as PGN text in the dialect (one game, ending with a newline). */
export function writeDialectPgn(rec: RecordToWrite, opts: DialectOptions): Result<string> {
  const pr = plan(rec.game, opts);
  if (!pr.ok) return pr;
  const p = pr.value;
  const values = new Map<string, string>();
  for (const [k, v] of rec.tags) values.set(k, v);
  const [first, second] = recordPlayers(rec.tags);
  const tags: Array<[string, string]> = [];
  for (const [k, v] of p.lead) tags.push([k, v]);
  for (const k of ['Event', 'Site', 'Date', 'Round']) if (values.has(k)) tags.push([k, values.get(k)!]);
  if (first !== undefined) for (const k of p.players[0]!) tags.push([k, first]);
  if (second !== undefined) for (const k of p.players[1]!) tags.push([k, second]);
  tags.push(['Result', rec.result]);
  if (p.variant !== null) tags.push(['Variant', p.variant]);
  if (p.format !== null) tags.push(['Format', p.format]);
  const pos = rec.start.clone();
  const texts: string[] = [];
  for (const m of rec.moves) {
    texts.push(p.formatMove(pos, m));
    pos.play(m);
  }
  const startFen = rec.game.formatFen(rec.start);
  if (startFen !== rec.game.startFen || (p.dialect?.needsFen?.(texts) ?? false)) tags.push(['SetUp', '1'], ['FEN', p.formatFen(rec.start)]);
  for (const [k, v] of values) {
    if (REWRITTEN.has(k) || FIRST_PLAYER.has(k) || SECOND_PLAYER.has(k) || k === 'Result') continue;
    if (['Event', 'Site', 'Date', 'Round'].includes(k)) continue;
    tags.push([k, v]);
  }
  try {
    return ok(
      writePgn(
        { tags, moves: texts, result: rec.result, ...(rec.resultNote ? { finalComment: rec.resultNote } : {}) },
        { secondPlayerFirst: rec.start.turn === 1, startMoveNumber: Math.max(1, rec.start.fullmove), firstTags: p.lead.map(([k]) => k) },
      ),
    );
  } catch (e) {
    return err((e as Error).message);
  }
}

/** The record formats other than PGN and FEN (`convert --to`), with the name they are known by. */
export const RECORD_FORMATS: Readonly<Partial<Record<RecordFormatId, string>>> = Object.fromEntries(
  GAMES.flatMap((g) => Object.entries(g.recordWriters ?? {}).map(([id, w]) => [id, w.name])),
);

export function parseRecordFormat(text: string): RecordFormatId | null {
  const t = text.trim().toLowerCase();
  return Object.hasOwn(RECORD_FORMATS, t) ? (t as RecordFormatId) : null;
}

/** The titles of the games that have a writer for a record format (`Game.recordWriters`). */
export const gamesWriting = (format: RecordFormatId): string[] => GAMES.filter((g) => g.recordWriters?.[format] !== undefined).map((g) => g.title);

/** A record format's file extension and whether it is binary, from a game that writes it (`Game.recordWriters`). */
export function recordFormatFile(format: RecordFormatId): { extension: string; binary: boolean } {
  const w = GAMES.map((g) => g.recordWriters?.[format]).find((x) => x !== undefined);
  return { extension: w?.extension ?? format, binary: w?.binary ?? false };
}

/** The writer of a record format for a game (`Game.recordWriters`), or why the game has none. */
export function recordWriterOf(game: Game, format: RecordFormatId): Result<RecordFormatWriter> {
  const w = game.recordWriters?.[format];
  if (w) return ok(w);
  const others = gamesWriting(format);
  return err(`${game.title} cannot be written as ${RECORD_FORMATS[format] ?? format}: it is a format of ${others.length > 0 ? others.join(' and ') : 'no game here'}`);
}

/** The game in a record format of its game's own (`Game.recordWriters`): text, or bytes for a binary format; or why it cannot be. */
export function writeRecordFormat(rec: RecordToWrite, format: RecordFormatId): Result<string | Uint8Array> {
  const w = recordWriterOf(rec.game, format);
  return w.ok ? w.value.write(rec) : w;
}
