/**
 * Problems kept as JSON (as the chu tsume collections are: `{"id", "sfen", "solution": [USI moves]}`,
 * one object or a list of them; `fen` and `moves` are read too, and `solution` may be
 * `{"moves": […]}`): each problem is a record whose start is its SFEN/FEN and whose moves are the
 * solution, so `validate` replays the solution from the problem's position.
 */
import type { GameRecord } from '../pgn.js';
import { addError, addMove, LineIndex, newRecord, setTag } from './text-common.js';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const isObject = (v: Json): v is { [k: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v);

function movesOf(p: { [k: string]: Json }): Json[] | null {
  const s = p['solution'] ?? p['moves'];
  if (Array.isArray(s)) return s;
  if (s !== undefined && isObject(s) && Array.isArray(s['moves'])) return s['moves'];
  return null;
}

/** The problems of a JSON text, one record each (a JSON syntax error is one malformed record). */
export function parseProblemJson(text: string): GameRecord[] {
  const idx = new LineIndex(text);
  let data: Json;
  try {
    data = JSON.parse(text) as Json;
  } catch (e) {
    const rec = newRecord(1, 1);
    const at = /position (\d+)/.exec(e instanceof Error ? e.message : '');
    addError(rec, 'the JSON text cannot be read (a syntax error)', idx.at(at ? Number(at[1]) : 0));
    return [rec];
  }
  const list = Array.isArray(data) ? data : isObject(data) && Array.isArray(data['problems']) ? data['problems'] : [data];
  const out: GameRecord[] = [];
  let from = 0; // where the search for each problem's texts starts, for line:column
  list.forEach((p, i) => {
    const rec = newRecord(i + 1, idx.at(from)[0]);
    out.push(rec);
    if (!isObject(p)) {
      addError(rec, `problem ${i + 1} is not a JSON object`, idx.at(from));
      return;
    }
    const fen = p['sfen'] ?? p['fen'];
    const id = p['id'];
    if (typeof id === 'string' || typeof id === 'number') setTag(rec, 'Event', String(id));
    if (typeof fen !== 'string') {
      addError(rec, `problem ${i + 1} has no "sfen" (or "fen") text`, idx.at(from));
      return;
    }
    const at = text.indexOf(JSON.stringify(fen), from);
    if (at >= 0) from = at;
    setTag(rec, 'SetUp', '1');
    setTag(rec, 'FEN', fen);
    const moves = movesOf(p);
    if (!moves) {
      addError(rec, `problem ${i + 1} has no "solution" list of moves`, idx.at(from));
      return;
    }
    for (const m of moves) {
      if (typeof m !== 'string') {
        addError(rec, `problem ${i + 1}: a move of the solution is not a text`, idx.at(from));
        return;
      }
      const where = text.indexOf(JSON.stringify(m), from);
      if (where >= 0) from = where;
      addMove(rec, m, idx.at(where >= 0 ? where + 1 : from));
    }
  });
  return out;
}
