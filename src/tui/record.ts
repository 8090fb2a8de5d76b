/**
 * A session's game as a PGN record and back. Written records use the game's coordinate notation
 * (ICCS / USI) so they read back exactly; loading opens a file of any record format through the
 * one record opener (notation/records/open.ts) and replays it with the one replayer
 * (notation/replay.ts), as validate, convert and review do.
 */
import type { Move } from '../core/move.js';
import { err, ok, type Result } from '../core/result.js';
import { capital, escapeControls, quoteInput } from '../core/text.js';
import { writePgn, type GameRecord } from '../notation/pgn.js';
import { holdsGame, streamRecords } from '../notation/records/open.js';
import { WHOLE_READERS } from '../notation/records/index.js';
import { Replayer, type GameReport } from '../notation/replay.js';
import { getGame, type Game, type GameId } from '../games/registry.js';
import type { PgnDialectId } from '../games/game.js';
import { writeDialectPgn } from '../notation/convert.js';
import { parsePlayerKind, type GameOutcome, type PlayerKind } from './types.js';
import { formatProblem } from '../core/problem.js';
import { parseTimeControl, pgnTimeControl } from './clock.js';

export interface RecordData {
  game: Game;
  startFen: string;
  moves: Move[];
  /** The result the record states (null: none or `*`). */
  outcome: GameOutcome | null;
  /** From a chuhan record's `ChuhanPlayers` tag. */
  players?: [PlayerKind, PlayerKind];
  /**
   * The names the side tags give the players (a computer side: its engine and version, like
   * `chuhan 0.1.0 level 3` or `Fairy-Stockfish 14.0.1 XQ`); null or absent: the player's kind.
   */
  names?: readonly [string | null, string | null];
  level?: number;
  /** The seed of the computer's random choices (ChuhanSeed). */
  seed?: number;
  /** The `play` options the game keeps for `--resume` (ChuhanOptions, cli/play-options.ts). */
  options?: string;
  /** The tags of the record it was loaded from (kept by `save`). */
  tags?: ReadonlyArray<readonly [string, string]>;
  /**
   * Clocks (`play --tc`): the control in chuhan's syntax (`5+3`: minutes plus seconds; written as
   * ChuhanTimeControl, and as PGN's TimeControl in seconds, `300+3`) and the ChuhanClock state.
   */
  clock?: { control: string; state: string };
}

/** Replays `moves` from `startFen` and formats them in the game's coordinate notation. */
function coordinateTexts(game: Game, startFen: string, moves: readonly Move[]): string[] {
  const r = game.parseFen(startFen);
  if (!r.ok) throw new Error(`start position: ${formatProblem(r.error)}`);
  const pos = r.value;
  return moves.map((m) => {
    const t = game.coordinate.format(pos, m);
    pos.play(m);
    return t;
  });
}

/** Tags chuhan writes itself; a loaded record's other tags are kept as they were. */
const OWN_TAGS = new Set(['Variant', 'Rules', 'SetUp', 'FEN', 'Result', 'Termination', 'ChuhanPlayers', 'ChuhanLevel', 'ChuhanSeed', 'ChuhanOptions', 'ChuhanClock', 'ChuhanTimeControl', 'PlyCount']);

/**
 * The clocks' tags: PGN's TimeControl in seconds (`300+3`, `40/300`, `600`; none for byo-yomi,
 * which PGN cannot say), chuhan's own control text (ChuhanTimeControl, what `--resume` reads) and the clocks' state.
 */
function clockTags(clock: NonNullable<RecordData['clock']>, withState: boolean): [string, string][] {
  const tc = parseTimeControl(clock.control);
  const pgn = tc.ok ? pgnTimeControl(tc.value) : null;
  return [...(pgn !== null ? [['TimeControl', pgn] as [string, string]] : []), ['ChuhanTimeControl', clock.control], ...(withState ? [['ChuhanClock', clock.state] as [string, string]] : [])];
}

/**
 * The session's game as PGN: in chuhan's own dialect (default; the players' kinds in ChuhanPlayers
 * so `play --resume` restores them) or another program's (`save F --dialect xboard`, the same
 * writer as `chuhan convert`). A loaded record's tags (Event, Site, Date, players…) are kept.
 */
export function writeRecord(data: RecordData, dialect: PgnDialectId = 'chuhan', notation?: string): Result<string> {
  const { game } = data;
  const start = game.parseFen(data.startFen);
  if (!start.ok) return err(`start position: ${formatProblem(start.error)}`);
  // the clocks' tags are the session's own when it has clocks (a loaded TimeControl is kept otherwise)
  const loaded = (data.tags ?? []).filter(([k]) => !OWN_TAGS.has(k) && !(data.clock && k === 'TimeControl'));
  const has = (k: string): boolean => loaded.some(([n]) => n === k);
  // a rule set other than the game's default is written (read back by readRecord and the record replayer)
  const rules: [string, string][] = game.rules && game.ruleSets && game.rules !== game.ruleSets[0] ? [['Rules', game.rules]] : [];
  const result = data.outcome?.result ?? '*';
  const named = (side: 0 | 1): boolean =>
    (side === 0 ? ['Red', 'White', 'Sente'] : ['Black', 'Gote']).some((k) => has(k));
  // the side tags a loaded record does not have: each player's name (a computer side's engine and version), else its kind
  const playerTags: [string, string][] = [];
  if (data.players)
    for (const side of [0, 1] as const) if (!named(side)) playerTags.push([capital(game.sideNames[side]), data.names?.[side] ?? data.players[side]]);
  if (dialect !== 'chuhan' || notation !== undefined) {
    const tags: Array<readonly [string, string]> = has('Event') ? [...loaded, ...rules, ...playerTags] : [['Event', 'chuhan game'], ...loaded, ...rules, ...playerTags];
    if (data.outcome) tags.push(['Termination', data.outcome.reason]);
    // other programs get PGN's TimeControl (seconds) only
    if (data.clock) tags.push(...clockTags(data.clock, false).filter(([k]) => k === 'TimeControl'));
    return writeDialectPgn({ game, start: start.value, moves: data.moves, tags, result }, { dialect, ...(notation ? { notation } : {}) });
  }
  const tags: [string, string][] = [];
  if (!has('Event')) tags.push(['Event', 'chuhan game']);
  tags.push(...loaded.map(([k, v]): [string, string] => [k, v]));
  tags.push(['Variant', game.id], ...rules);
  if (data.startFen !== game.startFen) tags.push(['SetUp', '1'], ['FEN', data.startFen]);
  tags.push(...playerTags);
  tags.push(['Result', result]);
  if (data.outcome) tags.push(['Termination', data.outcome.reason]);
  if (data.players) tags.push(['ChuhanPlayers', data.players.join(' ')]);
  if (data.level !== undefined) tags.push(['ChuhanLevel', String(data.level)]);
  if (data.seed !== undefined) tags.push(['ChuhanSeed', String(data.seed)]);
  if (data.options) tags.push(['ChuhanOptions', data.options]);
  if (data.clock) tags.push(...clockTags(data.clock, true));
  try {
    return ok(writePgn({ tags, moves: coordinateTexts(game, data.startFen, data.moves), result }));
  } catch (e) {
    return err((e as Error).message);
  }
}

/**
 * A record file's bytes, its text (a session's own saved game), or its bytes in chunks, read anew
 * from the start each time they are iterated (a file of any size: `FileAccess.readChunks`).
 */
export type RecordInput = string | Uint8Array | Iterable<Uint8Array>;

/**
 * The games of a record file in any format (opened, not replayed), each read when it is asked
 * for: a PGN file of any size is never held whole, only the game at hand.
 */
function* recordGames(input: RecordInput): Generator<GameRecord, void, undefined> {
  const source = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  for (const rec of streamRecords(source, WHOLE_READERS).records) if (holdsGame(rec)) yield rec;
}

/** A tag value in the game list: as it is when safe and short, else quoted and cut (core/text.ts quoteInput). */
const shownTag = (v: string): string => (escapeControls(v) === v && Array.from(v).length <= 60 ? v : quoteInput(v, 60));

/** Games listed by `listRecordGames` (the rest are counted): the pane scrolls and searches these. */
export const LISTED_GAMES = 10_000;

/**
 * The games of a record file for choosing one: a line for each of the first `listed`
 * (`1. Event · Red – Black · 1-0 (40 moves)`) and how many games it holds in all (counted as the
 * file streams by).
 */
export function listRecordGames(input: RecordInput, listed = LISTED_GAMES): { lines: string[]; count: number } {
  const lines: string[] = [];
  let count = 0;
  for (const g of recordGames(input)) {
    count++;
    if (count > listed) continue;
    const t = g.tags;
    // tag values are input: quoted when they hold control, C1 or bidi characters or are too long
    const first = shownTag(t['Red'] ?? t['White'] ?? t['Sente'] ?? '?');
    const second = shownTag(t['Black'] ?? t['Gote'] ?? '?');
    const parts = [t['Event'] ? shownTag(t['Event']) : 'no event', `${first} – ${second}`, shownTag(g.result ?? t['Result'] ?? '*')];
    if (t['Date']) parts.splice(1, 0, shownTag(t['Date']));
    lines.push(`${count}. ${parts.join(' · ')} (${g.moves.length} ${g.moves.length === 1 ? 'ply' : 'plies'})`);
  }
  return { lines, count };
}

function outcomeOf(result: string | null | undefined, reason: string | undefined): GameOutcome | null {
  const why = reason?.trim() || 'recorded result';
  if (result === '1-0') return { result, winner: 0, reason: why };
  if (result === '0-1') return { result, winner: 1, reason: why };
  if (result === '1/2-1/2') return { result, winner: null, reason: why };
  return null;
}

/** Where a replay error is: `byte N` in a binary record, else `line L:C`. */
const placeOf = (e: NonNullable<GameReport['error']>): string => (e.offset !== undefined ? `byte ${e.offset}` : `line ${e.line}:${e.column}`);

/** A replay's error as load words it. */
function replayError(e: NonNullable<GameReport['error']>): string {
  if (e.move !== null) {
    const label = `move ${e.ply} (${placeOf(e)})`;
    const text = quoteInput(e.move);
    // a `move.quoted` sentence starts with the move text itself
    return e.code === 'move.quoted' ? `${label}: ${e.message}` : `${label}: ${text}: ${e.message}`;
  }
  if (e.code === 'record.rules') return `Rules tag: ${e.message}`;
  if (e.code.startsWith('record.')) return e.message;
  return `${placeOf(e)}: ${e.message}`;
}

/**
 * Game `index` of a record file (any format), replayed. Errors name the place and the ply.
 * `fallback` is the game to try when the record does not say and the game it is read as fails.
 */
export function readRecord(input: RecordInput, fallback?: GameId, index = 1): Result<RecordData> {
  // game `index` is found as the file streams by; when there is none, the rest is counted
  let count = 0;
  let rec: GameRecord | undefined;
  for (const g of recordGames(input)) {
    count++;
    if (count === index) {
      rec = g;
      break;
    }
  }
  if (!rec) return err(count === 0 ? 'the record holds no game' : `there is no game ${index} (the file holds ${count})`);
  let report = new Replayer({ keepMoves: true }).replay(rec);
  if (report.status !== 'ok' && fallback !== undefined && report.variant !== fallback && rec.tags['Variant'] === undefined) {
    const other = new Replayer({ keepMoves: true, variant: fallback }).replay(rec);
    if (other.status === 'ok') report = other;
  }
  if (report.error) return err(replayError(report.error));
  if (!report.variant || !report.start) return err('the record holds no position');
  let game = getGame(report.variant);
  const rulesId = rec.tags['Rules']?.trim();
  if (rulesId && game.withRules) game = game.withRules(rulesId) ?? game;
  const startFen = game.formatFen(report.start);
  const moves: Move[] = report.moves ?? [];
  const data: RecordData = {
    game,
    startFen,
    moves,
    outcome: outcomeOf(rec.result ?? rec.tags['Result'], rec.tags['Termination']),
    tags: rec.tagList,
  };
  const kinds = rec.tags['ChuhanPlayers']?.split(/\s+/).map(parsePlayerKind);
  if (kinds?.length === 2 && kinds[0] && kinds[1]) data.players = [kinds[0], kinds[1]];
  const level = Number(rec.tags['ChuhanLevel']);
  if (rec.tags['ChuhanLevel'] !== undefined && Number.isInteger(level)) data.level = level;
  const seed = rec.tags['ChuhanSeed']?.trim();
  if (seed && /^\d{1,9}$/.test(seed)) data.seed = Number(seed);
  const options = rec.tags['ChuhanOptions']?.trim();
  if (options) data.options = options;
  // chuhan's control text; a game saved before ChuhanTimeControl held it in TimeControl (with ChuhanClock)
  const control = rec.tags['ChuhanTimeControl'] ?? rec.tags['TimeControl'];
  const clock = rec.tags['ChuhanClock'];
  if (control && clock) data.clock = { control, state: clock };
  return ok(data);
}
