/**
 * elephantchess.io's exports (the site's public repository, benckx/elephantchess):
 *
 * - the game dump, one game a line, `id;move,move,…`: the site's game id, then the moves in ICCS
 *   (ranks 0–9) from the standard start (`iaxeugSr;h2e2,h9g7,h0g2,…`). Tags: GameId, Site.
 * - the per-move CSV export of player-vs-player games: a header line naming the columns
 *   (`"timestamp","move_index","move","game_id","red_player",…`), then one row a move, quoted
 *   fields, the rows of a game together. The moves of a game are its rows in `move_index` order;
 *   the other columns become tags: Red, Black, RedElo/BlackElo (ratings before the game), Date
 *   (of the first move), TimeControl (the site's `1800+0`, seconds as PGN's), Result (from
 *   `outcome`: RED_WINS, BLACK_WINS, DRAW), Termination (`game_status`: CHECKMATED, RESIGNED,
 *   FLAGGED, STALEMATED, DRAW_ACCEPTED…, as the site wrote it; `Status` instead for a game with no
 *   outcome yet, as `JOINED`), GameId. The site's engine lines
 *   are not kept.
 */
import { quoteInput } from '../../../core/text.js';
import { addError, addMove, LineIndex, textLines, newRecord, setTag, type GameRecord } from '../../../core/record.js';
import { RECORDED_GAME } from './board.js';

const ICCS = /^[a-i][0-9][a-i][0-9]$/;
const SITE = 'elephantchess.io';

/** Reads every game of a game dump. Never throws: problems are errors of the game. */
export function parseDump(text: string): GameRecord[] {
  const idx = new LineIndex(text);
  const games: GameRecord[] = [];
  for (const { line, base } of textLines(text)) {
    if (line.trim() === '') continue;
    const rec = newRecord(games.length + 1, idx.at(base)[0]);
    games.push(rec);
    setTag(rec, 'Format', 'ICCS');
    setTag(rec, 'Variant', RECORDED_GAME.pgnTags.variant);
    setTag(rec, 'Site', SITE);
    const semi = line.indexOf(';');
    if (semi < 0) {
      addError(rec, `a line of the elephantchess game dump is id;move,move,…; this one has no ';': ${quoteInput(line.trim())}`, idx.at(base));
      continue;
    }
    const id = line.slice(0, semi).trim();
    if (id !== '') setTag(rec, 'GameId', id);
    const list = line.slice(semi + 1);
    const tok = /[^\s,]+/g;
    for (let t = tok.exec(list); t; t = tok.exec(list)) addMove(rec, t[0], idx.at(base + semi + 1 + t.index));
  }
  return games;
}

// --- the per-move CSV export -------------------------------------------------------------------

/** The columns a per-move CSV must have (formats.ts claims a CSV by them too). */
const NEEDED = ['move_index', 'move', 'game_id'] as const;

/** One CSV row: its fields and where each begins in the text. */
interface Row {
  readonly fields: string[];
  readonly at: number[];
  readonly start: number;
}

/** The CSV rows of a text (RFC 4180: quoted fields may hold commas, `""` and line breaks). */
function csvRows(text: string): Row[] {
  const rows: Row[] = [];
  let i = text.startsWith('\uFEFF') ? 1 : 0;
  const n = text.length;
  while (i < n) {
    // skip blank lines
    if (text[i] === '\n' || text[i] === '\r') {
      i++;
      continue;
    }
    const fields: string[] = [];
    const at: number[] = [];
    const start = i;
    for (;;) {
      at.push(text[i] === '"' ? i + 1 : i);
      let value = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          const q = text.indexOf('"', i);
          if (q < 0) {
            value += text.slice(i);
            i = n;
            break;
          }
          value += text.slice(i, q);
          if (text[q + 1] === '"') {
            value += '"';
            i = q + 2;
          } else {
            i = q + 1;
            break;
          }
        }
        // anything between the closing quote and the separator is kept as written
        while (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') value += text[i++];
      } else {
        while (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') value += text[i++];
      }
      fields.push(value);
      if (i < n && text[i] === ',') {
        i++;
        continue;
      }
      break;
    }
    if (text[i] === '\r') i++;
    if (text[i] === '\n') i++;
    rows.push({ fields, at, start });
  }
  return rows;
}

const OUTCOMES: Record<string, string> = { RED_WINS: '1-0', BLACK_WINS: '0-1', DRAW: '1/2-1/2' };

/** Reads every game of a per-move CSV export. Never throws: problems are errors of the game. */
export function parseMoveCsv(text: string): GameRecord[] {
  const idx = new LineIndex(text);
  const rows = csvRows(text);
  const games: GameRecord[] = [];
  const header = rows.shift();
  const col = new Map<string, number>();
  header?.fields.forEach((f, i) => {
    col.set(f.trim().toLowerCase(), i);
  });
  if (!header || !NEEDED.every((c) => col.has(c))) {
    const rec = newRecord(1, 1);
    addError(rec, `the first line of an elephantchess CSV names its columns (${NEEDED.join(', ')} at least)`, [1, 1]);
    return [rec];
  }
  const get = (r: Row, name: string): string | undefined => {
    const i = col.get(name);
    return i === undefined ? undefined : r.fields[i];
  };
  const byId = new Map<string, { rec: GameRecord; moves: Array<{ index: number; row: Row }> }>();
  const order: string[] = [];
  for (const row of rows) {
    const id = (get(row, 'game_id') ?? '').trim();
    let g = byId.get(id);
    if (!g) {
      const rec = newRecord(games.length + 1, idx.at(row.start)[0]);
      games.push(rec);
      g = { rec, moves: [] };
      byId.set(id, g);
      order.push(id);
      tagsOf(rec, id, row);
    }
    if (row.fields.length !== header.fields.length) {
      addError(g.rec, `a CSV row has ${row.fields.length} fields where the header names ${header.fields.length}`, idx.at(row.start));
      continue;
    }
    const index = Number((get(row, 'move_index') ?? '').trim());
    if (!Number.isInteger(index) || index < 0) {
      addError(g.rec, `move_index ${quoteInput(get(row, 'move_index') ?? '')} is not a move number`, idx.at(row.at[col.get('move_index')!]!));
      continue;
    }
    g.moves.push({ index, row });
  }
  for (const id of order) {
    const { rec, moves } = byId.get(id)!;
    moves.sort((a, b) => a.index - b.index);
    let next = 0;
    for (const { index, row } of moves) {
      const where = idx.at(row.at[col.get('move')!]!);
      if (index !== next) {
        addError(rec, index < next ? `move_index ${index} is given twice` : `moves ${next}–${index - 1} are missing (the next row is move_index ${index})`, where);
        break;
      }
      const mv = (get(row, 'move') ?? '').trim();
      if (!ICCS.test(mv)) {
        addError(rec, `${quoteInput(mv)} is not an ICCS move (h2e2)`, where);
        break;
      }
      addMove(rec, mv, where);
      next++;
    }
  }

  function tagsOf(rec: GameRecord, id: string, row: Row): void {
    setTag(rec, 'Format', 'ICCS');
    setTag(rec, 'Variant', RECORDED_GAME.pgnTags.variant);
    setTag(rec, 'Site', SITE);
    const ts = get(row, 'timestamp') ?? '';
    const d = /^(\d{4})-(\d\d)-(\d\d)/.exec(ts);
    if (d) setTag(rec, 'Date', `${d[1]}.${d[2]}.${d[3]}`);
    const put = (tag: string, name: string): void => {
      const v = (get(row, name) ?? '').trim();
      if (v !== '') setTag(rec, tag, v);
    };
    put('Red', 'red_player');
    put('Black', 'black_player');
    put('RedElo', 'red_elo_before');
    put('BlackElo', 'black_elo_before');
    put('TimeControl', 'time_control');
    const outcome = (get(row, 'outcome') ?? '').trim().toUpperCase();
    if (OUTCOMES[outcome]) setTag(rec, 'Result', OUTCOMES[outcome]!);
    else if (outcome !== '') setTag(rec, 'Outcome', outcome);
    // the site's status ends a game only when it has an outcome (an unfinished game is `JOINED`…)
    if (outcome !== '') put('Termination', 'game_status');
    else put('Status', 'game_status');
    if (id !== '') setTag(rec, 'GameId', id);
  }
  return games;
}
