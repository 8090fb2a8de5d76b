/**
 * DhtmlXQ / UBB records (东萍 dpxq.com and many forums), alone or inside an HTML page:
 *
 * `[DhtmlXQ][DhtmlXQ_title]…[/DhtmlXQ_title][DhtmlXQ_red]…[/DhtmlXQ_red] …
 *  [DhtmlXQ_binit]…64 digits…[/DhtmlXQ_binit][DhtmlXQ_movelist]7747…[/DhtmlXQ_movelist][/DhtmlXQ]`
 *
 * - `binit`: the start position, 32 two-digit squares `xy` (x 0–8 from Red's left, y 0–9 from
 *   Black's side; `99` = not on the board) in the order: Red chariot, horse, elephant, advisor,
 *   general, advisor, elephant, horse, chariot, cannon, cannon, 5 soldiers, then Black the same.
 * - `movelist`: moves of four digits `x1 y1 x2 y2` in the same coordinates.
 * - Tags: title, event, date, place, round, red, black, redteam, blackteam, result (`W`/红胜 Red
 *   wins, `B`/`L`/黑胜 Black wins, `D`/和 draw), others kept as `DhtmlXQ_<name>`.
 * - Branches `[DhtmlXQ_move_x_y_z]` (variations) and comments are skipped.
 *
 * Moves become ICCS texts; the report shows the four digits as written.
 */
import { quoteInput } from '../../../core/text.js';
import { addError, addMove, LineIndex, newRecord, setTag, type GameRecord } from '../../../core/record.js';
import { emptyBoard, RECORDED_GAME, setupFen, type Board90 } from './board.js';

const TAGS: Record<string, string> = {
  title: 'Event',
  event: 'Event',
  date: 'Date',
  place: 'Site',
  round: 'Round',
  red: 'Red',
  black: 'Black',
  redteam: 'RedTeam',
  blackteam: 'BlackTeam',
  redelo: 'RedElo',
  blackelo: 'BlackElo',
  open: 'Opening',
  owner: 'Annotator',
};

const ORDER = 'RNBAKABNRCCPPPPP';

function resultOf(v: string): string | null {
  const t = v.trim();
  if (/^(W|1-0|红胜|紅勝|红方胜|先胜)$/i.test(t)) return '1-0';
  if (/^(B|L|0-1|黑胜|黑勝|黑方胜|先负)$/i.test(t)) return '0-1';
  if (/^(D|1\/2-1\/2|和|和棋|和局|先和)$/i.test(t)) return '1/2-1/2';
  return null;
}

const iccs = (x: number, y: number): string => String.fromCharCode(97 + x) + String(9 - y);

/**
 * The `[DhtmlXQ_name]value[/DhtmlXQ_name]` tags of a text in order (`at`: where the value starts):
 * each opening tag with the first closing tag of its name after it, an opening tag without one
 * skipped. In linear time: the closing tags are found first, in one pass (a lazy regular
 * expression looking for each close would read to the end of the text for every tag left open).
 */
function* tagsOf(text: string): Generator<{ name: string; value: string; at: number }, void, undefined> {
  const closes = new Map<string, number[]>();
  const closeRe = /\[\/DhtmlXQ_([A-Za-z0-9_]+)\]/g;
  for (let m = closeRe.exec(text); m; m = closeRe.exec(text)) {
    const list = closes.get(m[1]!);
    if (list) list.push(m.index);
    else closes.set(m[1]!, [m.index]);
  }
  // per name, the first closing tag not yet behind the scan (opening tags are met in order)
  const next = new Map<string, number>();
  const openRe = /\[DhtmlXQ_([A-Za-z0-9_]+)\]/g;
  for (let m = openRe.exec(text); m; m = openRe.exec(text)) {
    const name = m[1]!;
    const start = m.index + m[0].length;
    const list = closes.get(name);
    let k = next.get(name) ?? 0;
    while (list && k < list.length && list[k]! < start) k++;
    next.set(name, k);
    if (!list || k >= list.length) {
      openRe.lastIndex = m.index + 1;
      continue;
    }
    const close = list[k]!;
    yield { name, value: text.slice(start, close), at: start };
    openRe.lastIndex = close + name.length + 11; // past `[/DhtmlXQ_name]`
  }
}

/** Reads the DhtmlXQ records of a text (each `[DhtmlXQ]…[/DhtmlXQ]` block, or the tags alone). */
export function parseDhtmlxq(text: string): GameRecord[] {
  const idx = new LineIndex(text);
  const blocks: Array<[number, number]> = [];
  const open = /\[DhtmlXQ\]/gi;
  for (let m = open.exec(text); m; m = open.exec(text)) {
    const end = text.indexOf('[/DhtmlXQ]', m.index);
    blocks.push([m.index, end < 0 ? text.length : end]);
    if (end < 0) break;
    open.lastIndex = end;
  }
  if (blocks.length === 0) blocks.push([0, text.length]);
  // every block is a game, also one with the moves of another (a source may hold a game twice)
  const games: GameRecord[] = [];
  for (const [from, to] of blocks) {
    const part = text.slice(from, to);
    const rec = newRecord(games.length + 1, idx.at(from)[0]);
    let moves: { value: string; at: number } | null = null;
    let binit: { value: string; at: number } | null = null;
    for (const tag of tagsOf(part)) {
      const name = tag.name.toLowerCase();
      const value = tag.value;
      const at = from + tag.at;
      if (name === 'movelist') moves = { value, at };
      else if (name === 'binit') binit = { value, at };
      else if (name.startsWith('move_') || name.startsWith('comment') || name === 'ver') continue;
      else if (name === 'result') {
        const r = resultOf(value);
        if (r) setTag(rec, 'Result', r);
        else if (value.trim() !== '') setTag(rec, 'DhtmlXQ_result', value.trim());
      } else {
        const v = value.replace(/<[^>]*>/g, '').trim();
        if (v === '') continue;
        const tag = TAGS[name] ?? `DhtmlXQ_${name}`;
        // a second of title/event is the Title (unless it only repeats the event, as our writer does for a game without a title)
        if (tag === 'Event' && rec.tags['Event'] !== undefined) {
          if (v !== rec.tags['Event']) setTag(rec, 'Title', v);
        }
        else setTag(rec, tag, v);
      }
    }
    if (!moves && !binit) {
      // a [DhtmlXQ] block without a game in it is reported; text without the block is not a record
      if (blocks.length > 1 || text.slice(from, from + 9).toLowerCase() === '[dhtmlxq]') {
        games.push(rec);
        addError(rec, 'the DhtmlXQ block has neither a [DhtmlXQ_movelist] nor a [DhtmlXQ_binit]: no game in it', idx.at(from));
      }
      continue;
    }
    games.push(rec);
    setTag(rec, 'Format', 'ICCS');
    // the start position
    let board: Board90 | null = null;
    if (binit) {
      const digits = binit.value.replace(/\s+/g, '');
      if (!/^\d{64}$/.test(digits)) {
        addError(rec, `the DhtmlXQ_binit start position must be 64 digits, not ${digits.length} characters`, idx.at(binit.at));
        continue;
      }
      board = emptyBoard();
      let bad = false;
      for (let i = 0; i < 32; i++) {
        const x = Number(digits[2 * i]);
        const y = Number(digits[2 * i + 1]);
        if (x === 9 && y === 9) continue;
        const sq = (9 - y) * 9 + x;
        if (x > 8 || board[sq] !== '') {
          addError(rec, `DhtmlXQ_binit: piece ${i + 1} is on ${x > 8 ? 'no square' : 'an occupied square'} (${x}${y})`, idx.at(binit.at + 2 * i));
          bad = true;
          break;
        }
        const letter = ORDER[i % 16]!;
        board[sq] = i < 16 ? letter : letter.toLowerCase();
      }
      if (bad) continue;
    }
    // the moves: four digits each
    if (moves) {
      const list = moves.value;
      const re = /\d{4}|\S+/g;
      for (let m = re.exec(list); m; m = re.exec(list)) {
        const w = m[0];
        const where = idx.at(moves.at + m.index);
        if (!/^\d{4}$/.test(w)) {
          addError(rec, `DhtmlXQ_movelist: ${quoteInput(w)} is not a move of four digits`, where);
          break;
        }
        const [x1, y1, x2, y2] = [...w].map(Number) as [number, number, number, number];
        if (x1 > 8 || x2 > 8) {
          addError(rec, `DhtmlXQ_movelist: ${quoteInput(w)} names a file beyond 8`, where);
          break;
        }
        addMove(rec, iccs(x1, y1) + iccs(x2, y2), where, w);
      }
    }
    if (board) {
      // the side to move: whoever owns the piece of the first move (Red when there is none)
      let black = false;
      const first = rec.moves[0];
      if (first) {
        const p = board[Number(first.text[1]) * 9 + first.text.charCodeAt(0) - 97] ?? '';
        black = p !== '' && p === p.toLowerCase();
      }
      const fen = setupFen(board, black);
      if (fen !== null) setTag(rec, 'FEN', fen);
    }
    setTag(rec, 'Variant', RECORDED_GAME.pgnTags.variant);
  }
  games.forEach((g, i) => {
    g.index = i + 1;
  });
  return games;
}
