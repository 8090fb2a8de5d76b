/**
 * WXF files as XieXie and the WXF tools write them:
 *
 * ```
 * FORMAT  WXF
 * RED     XieXieMaster;;;
 * BLACK   Fairy Stockfish Winboard;;;
 * DATE    24-12-2022
 * RESULT  1-0
 * START{
 *  1.  C2.4  C2.5     2.  H8+7  H2+3
 * 11.  C8+2  C8-2    !!12.  E5+7  C8.6
 * }END
 * ```
 *
 * Header lines are `NAME value` (the `;;;` padding of names is dropped) and become tags (Red,
 * Black, Date, Event from GAME/EVENT, Site, Round, Result, other names as they are); the moves are
 * WXF between `START{` and `}END`; `!`/`?` annotations (before the move number or after a move) and
 * move numbers are skipped. A file may hold several games (a header block and a body each).
 *
 * Comments `/* … *\/` (XieXie writes one after the header: `/*Time control G5 inc. 20 seconds.*\/`)
 * may stand anywhere, over several lines: a comment outside a body becomes the game's Comment tag
 * (several are joined by a space), one inside a body is skipped like an annotation. A `/*` never
 * closed is an error of its game.
 */
import { quoteInput } from '../../../core/text.js';
import { addError, addMove, LineIndex, newRecord, normalResult, setTag, type GameRecord } from '../../../core/record.js';

const TAG_NAMES: Record<string, string> = {
  RED: 'Red',
  BLACK: 'Black',
  DATE: 'Date',
  GAME: 'Event',
  EVENT: 'Event',
  SITE: 'Site',
  PLACE: 'Site',
  ROUND: 'Round',
  RESULT: 'Result',
  REDTEAM: 'RedTeam',
  BLACKTEAM: 'BlackTeam',
  OPENING: 'Opening',
  FEN: 'FEN',
};

const RESULT_WORDS: Record<string, string> = { 'RED WIN': '1-0', 'BLACK WIN': '0-1', DRAW: '1/2-1/2', 'RED WINS': '1-0', 'BLACK WINS': '0-1' };

/** Reads every game of a WXF file. Never throws: problems are errors of the game. */
export function parseWxfFile(source: string): GameRecord[] {
  const idx = new LineIndex(source);
  const games: GameRecord[] = [];
  // comments are blanked out (line breaks kept, so that every offset still names its place)
  const comments: Array<{ at: number; text: string }> = [];
  let unclosed = -1;
  const text = source.replace(/\/\*([\s\S]*?)(?:\*\/|$(?![\s\S]))/g, (all: string, inner: string, at: number) => {
    if (!all.endsWith('*/') || all.length < 4) unclosed = at;
    comments.push({ at, text: inner.replace(/\s+/g, ' ').trim() });
    return all.replace(/[^\r\n]/g, ' ');
  });
  let nextComment = 0;
  /** The comments that begin before `end`, not yet given to a game. */
  const commentsBefore = (end: number): string[] => {
    const out: string[] = [];
    while (nextComment < comments.length && comments[nextComment]!.at < end) out.push(comments[nextComment++]!.text);
    return out;
  };
  const pendingComments: string[] = [];
  const lineRe = /[^\r\n]*(?:\r\n|\r|\n|$)/g;
  let rec: GameRecord | null = null;
  let inBody = false;
  let bodyAt: [number, number] = [1, 1];
  const start = (at: number): GameRecord => {
    const r = newRecord(games.length + 1, idx.at(at)[0]);
    setTag(r, 'Format', 'WXF');
    games.push(r);
    return r;
  };
  for (let m = lineRe.exec(text); m && m[0].length > 0; m = lineRe.exec(text)) {
    const lineStart = m.index;
    const line = m[0].replace(/[\r\n]+$/, '');
    if (rec && pendingComments.length > 0) giveComments(rec);
    const lineComments = commentsBefore(lineStart + m[0].length);
    if (!inBody) pendingComments.push(...lineComments.filter((c) => c !== ''));
    if (!inBody) {
      const t = line.trim();
      if (t === '') continue;
      const s = /^START\{(.*)$/i.exec(t);
      if (s) {
        rec ??= start(lineStart);
        inBody = true;
        bodyAt = idx.at(lineStart + line.indexOf('{'));
        const rest = s[1]!;
        const close = rest.indexOf('}');
        const off = lineStart + line.indexOf('{') + 1;
        body(rec, close >= 0 ? rest.slice(0, close) : rest, off);
        if (close >= 0) {
          inBody = false;
          rec = null;
        }
        continue;
      }
      const h = /^([A-Za-z][A-Za-z_]*)[ \t]*(.*)$/.exec(t);
      if (!h) {
        rec ??= start(lineStart);
        addError(rec, `a line that is neither a WXF header (NAME value) nor START{: ${quoteInput(t)}`, idx.at(lineStart + line.indexOf(t)));
        continue;
      }
      const name = h[1]!.toUpperCase();
      if (name === 'FORMAT') {
        if (rec && rec.moves.length === 0 && rec.tagList.length <= 1) {
          // a repeated FORMAT line before any body: same game
        } else rec = start(lineStart);
        continue;
      }
      rec ??= start(lineStart);
      const value = h[2]!.replace(/;+$/, '').trim();
      if (value === '') continue;
      const tag = TAG_NAMES[name] ?? h[1]!;
      if (tag === 'Result') {
        const r = normalResult(value) ?? RESULT_WORDS[value.toUpperCase()];
        if (r) setTag(rec, 'Result', r);
        else setTag(rec, 'WXFResult', value);
      } else setTag(rec, tag, value);
      continue;
    }
    // in the body
    const close = line.indexOf('}');
    body(rec!, close >= 0 ? line.slice(0, close) : line, lineStart);
    if (close >= 0) {
      inBody = false;
      rec = null;
    }
  }
  if (pendingComments.length > 0) giveComments(rec ?? games.at(-1) ?? start(0));
  if (unclosed >= 0) {
    const where = idx.at(unclosed);
    addError(games.findLast((g) => g.startLine <= where[0]) ?? games[0] ?? start(unclosed), 'a /* comment is never closed by */', where);
  }
  if (inBody && rec) addError(rec, 'the START{ block is never closed by }END', bodyAt);
  for (const g of games) if (g.moves.length === 0 && g.errors.length === 0 && g.result === null && !g.tags['Result'])
    addError(g, 'the WXF game has no moves (empty START{ }END block)', [g.startLine, 1]);

  /** The comments read outside a body go to the Comment tag of `r`. */
  function giveComments(r: GameRecord): void {
    const before = r.tags['Comment'];
    const all = [...(before === undefined ? [] : [before]), ...pendingComments].join(' ');
    pendingComments.length = 0;
    if (before === undefined) setTag(r, 'Comment', all);
    else {
      r.tags['Comment'] = all;
      const pair = r.tagList.find(([k]) => k === 'Comment');
      if (pair) pair[1] = all;
    }
  }

  function body(r: GameRecord, part: string, base: number): void {
    const tok = /[^\s]+/g;
    for (let t = tok.exec(part); t; t = tok.exec(part)) {
      let w = t[0];
      let at = base + t.index;
      // annotations before (`!!12.`) and after (`P3+1!!`) a move
      const lead = /^[!?]+/.exec(w);
      if (lead) {
        w = w.slice(lead[0].length);
        at += lead[0].length;
      }
      w = w.replace(/[!?]+$/, '');
      if (w === '' || /^\d+\.+$/.test(w)) continue;
      const glued = /^(\d+\.+)(\S+)$/.exec(w);
      if (glued && !/^\d\.\d$/.test(w)) {
        at += glued[1]!.length;
        w = glued[2]!;
      }
      const res = normalResult(w);
      if (res) {
        r.result = res;
        const p = idx.at(at);
        r.resultLine = p[0];
        r.resultColumn = p[1];
        continue;
      }
      addMove(r, w, idx.at(at));
    }
  }
  return games;
}
