/**
 * Fixed openings for matches: a list of move lines from the standard start position, each played
 * twice with colours swapped (games 2k and 2k+1 share opening k mod the list's length).
 *
 * File format (`--openings FILE`): one opening per line, moves in the XBoard dialect of the game
 * (xiangqi ICCS `h2e2`, chu `e4e5`, double moves as `f5e6,e6e7`), separated by spaces; `#` starts
 * a comment, blank lines are skipped. `--plies N` cuts every line to its first N plies (lines
 * shorter than N are kept whole); lines that reach the same position are played once.
 * A file of games instead (PGN with tags, XQF, CCBridge, WXF, DhtmlXQ, KIF: anything the record
 * opener, notation/records/open.ts, reads) gives one opening per game: its moves from the standard
 * start, cut to `--plies`.
 * `builtin`: the lists made from the master games by scripts/make-openings.ts (src/games/<game>/openings-data.ts, the game's `openings`).
 */
import type { Position } from '../core/position.js';
import { formatProblem } from '../core/problem.js';
import type { ProtocolGame } from '../protocol/dialect.js';
import type { GameRecord } from '../notation/pgn.js';
import { WHOLE_READERS } from '../notation/records/index.js';
import { holdsGame, readRecordBytes } from '../notation/records/open.js';
import { formatReportLine, Replayer } from '../notation/replay.js';
import { getGame } from '../games/registry.js';

export interface Opening {
  /** 1-based number in the list. */
  readonly number: number;
  /** The moves in the XBoard dialect, from the start position. */
  readonly moves: readonly string[];
}

export type OpeningsResult = { ok: true; openings: Opening[] } | { ok: false; message: string };

/** The ply counts the built-in lists are made for. */
export const builtinPlies = (pg: ProtocolGame): number[] =>
  Object.keys(getGame(pg.id).openings).map(Number);

/** Reads an openings text (see the file format above), checks every move against our rules. */
export function parseOpenings(text: string, pg: ProtocolGame, plies?: number): OpeningsResult {
  const openings: Opening[] = [];
  const seen = new Set<string>();
  const rows = text.split(/\r?\n/);
  for (let i = 0; i < rows.length; i++) {
    const words = rows[i]!.replace(/#.*$/, '').trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) continue;
    const line = plies === undefined ? words : words.slice(0, plies);
    const pos = pg.start();
    for (const w of line) {
      const m = pg.parseMove(pos, w);
      if (!m.ok) return { ok: false, message: `line ${i + 1}: ${w} is not a legal move here (${formatProblem(m.error, pg.problemContext)})` };
      pos.play(m.value);
    }
    const key = positionKey(pg, pos);
    if (seen.has(key)) continue;
    seen.add(key);
    openings.push({ number: openings.length + 1, moves: line });
  }
  if (openings.length === 0) return { ok: false, message: 'no opening in the list' };
  return { ok: true, openings };
}

/**
 * Openings from games (opened by the record opener): each game replayed by the rules, its moves
 * from the standard start (cut to `plies`) written in the XBoard dialect; games that reach the
 * same position are played once.
 */
export function openingsFromRecords(records: readonly GameRecord[], pg: ProtocolGame, plies?: number): OpeningsResult {
  const openings: Opening[] = [];
  const seen = new Set<string>();
  const replayer = new Replayer({ keepMoves: true, variant: pg.id });
  const startKey = positionKey(pg, pg.start());
  for (const rec of records) {
    const r = replayer.replay(rec);
    if (r.status !== 'ok' || !r.moves || !r.start) return { ok: false, message: formatReportLine(r) };
    if (positionKey(pg, r.start) !== startKey) return { ok: false, message: `game ${rec.index} does not start from the standard position` };
    const moves = plies === undefined ? r.moves : r.moves.slice(0, plies);
    const pos = pg.start();
    const line = moves.map((m) => {
      const t = pg.formatMove(m, pos);
      pos.play(m);
      return t;
    });
    const key = positionKey(pg, pos);
    if (seen.has(key)) continue;
    seen.add(key);
    openings.push({ number: openings.length + 1, moves: line });
  }
  if (openings.length === 0) return { ok: false, message: 'no game in the file' };
  return { ok: true, openings };
}

/**
 * The openings of an `--openings FILE`: a file of games (a binary or library format, WXF, DhtmlXQ,
 * KIF, or PGN with tag sections) one per game (`openingsFromRecords`), else the line list.
 */
export function openingsFile(bytes: Uint8Array, pg: ProtocolGame, plies?: number): OpeningsResult {
  const opened = readRecordBytes(bytes, WHOLE_READERS);
  const games = opened.records.filter(holdsGame);
  if ((opened.format !== 'pgn' && opened.format !== 'none') || games.some((g) => g.tagList.length > 0)) return openingsFromRecords(games, pg, plies);
  return parseOpenings(new TextDecoder().decode(bytes), pg, plies);
}

/** The position part of the FEN and the side to move (no move counters). */
const positionKey = (pg: ProtocolGame, pos: Position): string => pg.formatFen(pos).split(' ').slice(0, 2).join(' ');

/** The built-in list for the game after `plies` plies (one of `builtinPlies`). */
export function builtinOpenings(pg: ProtocolGame, plies: number): OpeningsResult {
  const lists = getGame(pg.id).openings;
  const list = lists[plies];
  if (!list) return { ok: false, message: `the built-in openings are for ${builtinPlies(pg).join(', ')} plies, not ${plies}` };
  return parseOpenings(list.join('\n'), pg);
}

/** The opening of game `index` (0-based): games 2k and 2k+1 play opening k (cycling through the list). */
export const openingOf = (openings: readonly Opening[], index: number): Opening => openings[Math.floor(index / 2) % openings.length]!;

/**
 * The list turned so that its opening number `first` (1-based) comes first and the ones before it
 * last (`--first-opening N`): runs of one engine that together play every opening once, each
 * opening keeping its number in the list.
 */
export function fromOpening(openings: readonly Opening[], first: number): OpeningsResult {
  if (!Number.isInteger(first) || first < 1 || first > openings.length) return { ok: false, message: `the list has openings 1 to ${openings.length}, not ${first}` };
  return { ok: true, openings: [...openings.slice(first - 1), ...openings.slice(0, first - 1)] };
}
