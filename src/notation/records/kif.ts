/**
 * KIF records of chu shogi, as lishogi (`手合割：中将棋`) and ChuShogiLite write them:
 *
 * ```
 * 手合割：中将棋
 * 手数----指手---------消費時間--
 *    1 7八歩兵 （←7九）
 *   12 仝歩兵 （←7五）
 *   15 一歩目 7九獅子 （←7十）
 * 二歩目 6八獅子 （←7九）
 *   19 一歩目 3三獅子 （←3四）
 * 二歩目 3四獅子（居食い） （←3三）
 *   22 7十二龍王成 （←7六）
 * ```
 *
 * A move is the destination (file 1–12 in Arabic digits, rank 一…十二 from the top, or 仝 for the
 * previous move's destination), the piece name, `成` when it promotes, and the origin in `（←…）`.
 * A lion double move is two lines, 一歩目 (first step) and 二歩目 (second step, whose origin is the
 * first step's square); 居食い marks a capture without moving. ChuShogiLite numbers moves
 * `1 手目` and may give a start position as a board diagram (`|  ・ v鹿 成角 …|一`, `v` = Gote,
 * one character per piece, `成` before a promoted one). `まで…手で先手の勝ち` lines give the result.
 * Variations (`変化：12手` and the moves after it) are skipped. Header lines `名前：値` become tags (先手 Sente, 後手 Gote, 開始日時 Date, 棋戦 Event, 場所 Site).
 *
 * Moves become USI texts (`7i7h`, `7j7i6h`, `7f7l+`); the report shows the KIF text as written.
 */
import { quoteInput } from '../../core/text.js';
import type { GameRecord } from '../pgn.js';
import type { Game } from '../../games/game.js';
import { GAMES } from '../../games/registry.js';
import { addError, addMove, LineIndex, newRecord, setTag } from './text-common.js';

/** The game these records are of: the registered game played on a board of 12 × 12 (this reader's diagrams). */
const KIF_GAME: Game = (() => {
  const g = GAMES.find((x) => x.variant.geometry.width === 12 && x.variant.geometry.height === 12);
  if (!g) throw new Error('no registered game is played on a 12 x 12 board');
  return g;
})();

const RANKS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二'];

/** Changes the FEN tag a board diagram gave (its tag list too). */
function retagFen(r: GameRecord, fen: string): void {
  r.tags['FEN'] = fen;
  for (const t of r.tagList) if (t[0] === 'FEN') t[1] = fen;
}

/** SFEN letters of the one-character piece names of board diagrams (Sente's, upper case). */
const DIAGRAM: Record<string, string> = {
  玉: 'K', 王: 'K', 象: 'E', 虎: 'T', 豹: 'F', 金: 'G', 銀: 'S', 銅: 'C', 仲: 'I', 歩: 'P', 香: 'L', 反: 'A', 横: 'M',
  竪: 'V', 角: 'B', 飛: 'R', 馬: 'H', 龍: 'D', 竜: 'D', 麒: 'O', 鳳: 'X', 奔: 'Q', 獅: 'N',
  太: '+E', 鹿: '+T', と: '+P', 杏: '+P', 駒: '+L', 鯨: '+A', 猪: '+M', 牛: '+V', 鷹: '+H', 鷲: '+D',
};

/** The file numbers above a board diagram: `１２ １１ １０ ９ …` (full-width digits). */
const BOARD_HEAD = /^[１-９][０-９]?[\s\u3000]+[１-９][０-９]?[\s\u3000]+[１-９]/;

/**
 * `成X` in ChuShogiLite's diagrams: a promoted piece named by what it moves as (its moves name it
 * so too: `成角` moves as 角行 and is a promoted Ferocious Leopard); `成歩` is the promoted pawn.
 */
const PROMOTED_INTO: Record<string, string> = {
  角: '+F', 飛: '+G', 竪: '+S', 横: '+C', 象: '+I', 龍: '+R', 竜: '+R', 馬: '+B', 獅: '+O', 奔: '+X', 歩: '+P', 金: '+P',
  虎: '+T', 香: '+L', 反: '+A',
};

const HEADER_TAGS: Record<string, string> = {
  先手: 'Sente', 後手: 'Gote', 下手: 'Sente', 上手: 'Gote', 開始日時: 'Date', 終了日時: 'EndDate', 棋戦: 'Event', 場所: 'Site',
  戦型: 'Opening', 手合割: 'Handicap', 持ち時間: 'TimeControl', 先手のチーム: 'SenteTeam', 後手のチーム: 'GoteTeam',
  // problems (lishogi's tsume tags)
  作品名: 'ProblemName', 作品番号: 'ProblemId', 発表年月: 'DateOfPublication', 作者: 'Composer', 発表誌: 'Publication',
  出典: 'Collection', 手数: 'Length', 受賞: 'Prize',
};

const CHU_START = 'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM';
/**
 * `手合割` values that mean chu: the normal start (lishogi's `平手`, the game's names; `null`: no FEN) and
 * lishogi's three chu handicaps (Gote, the stronger side, moves first).
 */
const CHU_HANDICAPS = new Map<string, string | null>([
  ['平手', null],
  ...KIF_GAME.aliases.map((a): [string, null] => [a, null]),
  ['三枚獅子', `${CHU_START.replace('txot', 'txxt')}/A1B1T+O+OT1B1A/LFCSGKEGSCFL w - 1`],
  ['二枚獅子', `${CHU_START}/A1B1T+OXT1B1A/LFCSGKEGSCFL w - 1`],
  ['二枚王', `${CHU_START}/A1B1TOXT1B1A/LFCSGK+EGSCFL w - 1`],
]);

const toHalf = (s: string): string => s.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));

/** `7八` → [7, 8]; null when the text does not start with a square. Returns also the length read. */
function readSquare(s: string): { file: number; rank: number; len: number } | null {
  const m = /^([0-9０-９]{1,2})(十[一二]?|[一二三四五六七八九])/.exec(s);
  if (!m) return null;
  const file = Number(toHalf(m[1]!));
  const rank = RANKS.indexOf(m[2]!) + 1;
  if (file < 1 || file > 12 || rank < 1) return null;
  return { file, rank, len: m[0].length };
}

const usiSq = (f: number, r: number): string => String(f) + String.fromCharCode(96 + r);

interface Step {
  to: string | null; // null: 仝
  from: string;
  promote: boolean;
}

/** One move part: `7八歩兵 （←7九）`, `仝獅子（居食い） （←3三）`, `7十二龍王成 （←7六）`. */
function readStep(s: string): Step | string {
  let rest = s.trim();
  let to: string | null;
  if (rest.startsWith('仝') || rest.startsWith('同')) {
    to = null;
    rest = rest.slice(1).replace(/^[\s\u3000]+/, '');
  } else {
    const sq = readSquare(rest);
    if (!sq) return 'the move does not start with a square (like 7八) or 仝';
    to = usiSq(sq.file, sq.rank);
    rest = rest.slice(sq.len);
  }
  const o = /[（(]←([^）)]*)[）)]/.exec(rest);
  if (!o) return 'the move has no origin square in （←…）';
  const from = readSquare(o[1]!.trim());
  if (!from) return `the origin ${quoteInput(o[1])} is not a square`;
  const name = rest.slice(0, o.index).replace(/[（(](?:居食い|じっと)[）)]/, '').trim();
  const promote = /成$/.test(name) && !/不成$/.test(name);
  return { to, from: usiSq(from.file, from.rank), promote };
}

/** The SFEN placement of a board diagram's rows (12 rows of 12 cells), or an error. */
function diagramPlacement(rows: string[]): string {
  const out: string[] = [];
  for (const row of rows) {
    const cells = [...row.matchAll(/(v?)(成?)([^\s\u3000v])/g)];
    if (cells.length !== 12) return `a board row has ${cells.length} squares instead of 12`;
    let s = '';
    let gap = 0;
    for (const c of cells) {
      const ch = c[3]!;
      if (ch === '・') {
        gap++;
        continue;
      }
      let letter = c[2] ? PROMOTED_INTO[ch] : DIAGRAM[ch];
      if (!letter) return `unknown piece "${c[2]}${ch}" in the board diagram`;
      if (c[1]) letter = letter.toLowerCase();
      s += (gap ? String(gap) : '') + letter;
      gap = 0;
    }
    out.push(s + (gap ? String(gap) : ''));
  }
  return out.join('/');
}

/** Reads every game of a KIF text. Never throws: problems are errors of the game. */
export function parseKif(text: string): GameRecord[] {
  const idx = new LineIndex(text);
  const games: GameRecord[] = [];
  let rec = null as GameRecord | null;
  let board: string[] = [];
  let boardAt = 0;
  let gote = false;
  let lastTo = null as string | null;
  let pending = null as { step: Step; at: number; text: string } | null;
  let variation = false;
  const lineRe = /[^\r\n]*(?:\r\n|\r|\n|$)/g;
  const begin = (at: number): GameRecord => {
    const r = newRecord(games.length + 1, idx.at(at)[0]);
    setTag(r, 'Variant', KIF_GAME.pgnTags.variant);
    games.push(r);
    lastTo = null;
    pending = null;
    gote = false;
    return r;
  };
  const current = (at: number): GameRecord => (rec ??= begin(at));
  const finishBoard = (): void => {
    if (board.length === 0) return;
    const r = current(boardAt);
    if (board.length !== 12) addError(r, `the board diagram has ${board.length} rows instead of 12`, idx.at(boardAt));
    else {
      const p = diagramPlacement(board);
      if (p.includes(' ')) addError(r, p, idx.at(boardAt));
      else setTag(r, 'FEN', `${p} ${gote ? 'w' : 'b'} - 1`);
    }
    board = [];
  };
  for (let m = lineRe.exec(text); m && m[0].length > 0; m = lineRe.exec(text)) {
    const at = m.index;
    const line = m[0].replace(/[\r\n]+$/, '');
    const t = line.trim();
    if (t === '' || t.startsWith('#') || t.startsWith('&')) continue;
    // a new game: a header, or a board, after moves
    const named = /^([^\s：:]+)[：:]/.exec(t);
    const headerish = (named !== null && Object.hasOwn(HEADER_TAGS, named[1]!)) || /^\+-{6,}/.test(t) || BOARD_HEAD.test(t);
    if (headerish && rec && rec.moves.length > 0) {
      rec = null;
      variation = false;
    }
    // a variation (`変化：12手`, lishogi's studies): its moves are not the game's; skipped to the next game
    if (/^変化[：:]/.test(t)) variation = rec !== null && rec.moves.length > 0;
    if (variation) continue;
    if (t.startsWith('|')) {
      if (board.length === 0) boardAt = at;
      board.push(t.replace(/^\|/, '').replace(/\|[^|]*$/, ''));
      continue;
    }
    if (/^\+-{6,}/.test(t) || BOARD_HEAD.test(t)) {
      current(at);
      continue;
    }
    finishBoard();
    if (t.startsWith('*')) continue; // a comment
    if (t === '後手番' || t === '上手番') {
      gote = true;
      const r = current(at);
      if (r.tags['FEN']) retagFen(r, r.tags['FEN'].replace(/ b - 1$/, ' w - 1'));
      continue;
    }
    if (t === '先手番' || t === '下手番') continue;
    const h = /^([^\s：:]+)[：:](.*)$/.exec(t);
    if (h && !/^\d/.test(t)) {
      const r = current(at);
      const v = h[2]!.trim();
      if (h[1] === '手合割' && v !== '' && !/中将棋/.test(v) && !CHU_HANDICAPS.has(v.toLowerCase()))
        addError(r, `手合割 ${quoteInput(v)} is not chu shogi (中将棋)`, idx.at(at));
      const handicap = h[1] === '手合割' ? CHU_HANDICAPS.get(v.toLowerCase()) : undefined;
      if (handicap) setTag(r, 'FEN', handicap);
      const tag = HEADER_TAGS[h[1]!];
      if (tag && v !== '' && tag !== 'Handicap') setTag(r, tag, v);
      continue;
    }
    if (/^手数-+指手/.test(t)) {
      current(at);
      continue;
    }
    const end = /^まで(\d+)手で(先手|後手|下手|上手)の(勝ち|反則勝ち|反則負け)/.exec(t);
    if (end) {
      const r = current(at);
      const first = end[2] === '先手' || end[2] === '下手';
      const wins = end[3] !== '反則負け';
      r.result = first === wins ? '1-0' : '0-1';
      continue;
    }
    if (/^まで\d+手で(千日手|持将棋)/.test(t)) {
      current(at).result = '1/2-1/2';
      continue;
    }
    // `  15手目   7八歩兵 …` (lishogi since December 2022), `  15 7八歩兵 …` (2022), `  1 手目 …`
    // (ChuShogiLite); lion steps `  15手目一歩目 …` / `  15手目二歩目 …`, `  15一歩目 …` /
    // `  15二歩目 …`, or `  15 一歩目 …` with a bare `二歩目 …` line after it
    const numbered = /^(\d+)[\s\u3000]*(?:手目)?[\s\u3000]*(.*)$/.exec(t);
    const rest = numbered ? numbered[2]! : t;
    const second = /^二歩目[\s\u3000]*(.*)$/.exec(rest);
    if (!second && !numbered) {
      addError(current(at), `a line that is neither a KIF header nor a move: ${quoteInput(t)}`, idx.at(at + line.indexOf(t)));
      continue;
    }
    const r = current(at);
    // a set-up game's first line numbers its first ply: the start position's move number (SFEN)
    if (numbered && r.moves.length === 0 && !pending && r.tags['FEN'] !== undefined) {
      const n = Number(numbered[1]);
      if (n > 1) retagFen(r, r.tags['FEN'].replace(/ \d+$/, ` ${n}`));
    }
    const bodyText = second ? second[1]! : rest.replace(/[\s\u3000]+\(?\s*[0-9:／/ ]+\)?\s*$/, '');
    const bodyAt = at + line.indexOf(t) + t.length - rest.length;
    const where = idx.at(bodyAt);
    if (second) {
      if (!pending) {
        addError(r, '二歩目 (a second step) without a 一歩目 (first step) before it', where);
        continue;
      }
      const p: { step: Step; at: number; text: string } = pending;
      pending = null;
      const s = readStep(second[1]!);
      if (typeof s === 'string') {
        addError(r, s, where);
        continue;
      }
      const to: string | null = s.to ?? lastTo;
      if (to === null) {
        addError(r, '仝 (same square) on the first move', where);
        continue;
      }
      addMove(r, p.step.from + s.from + to + (s.promote ? '+' : ''), idx.at(p.at), `${p.text} ${second[0]}`);
      lastTo = to;
      continue;
    }
    if (pending) {
      const p: { step: Step; at: number; text: string } = pending;
      addError(r, '一歩目 (a first step) without its 二歩目 (second step)', idx.at(p.at));
      pending = null;
    }
    const body = bodyText.trim();
    if (/^(投了|中断|詰み|千日手|持将棋|反則負け|切れ負け|反則勝ち|入玉勝ち)/.test(body)) {
      if (body.startsWith('千日手') || body.startsWith('持将棋')) r.result = '1/2-1/2';
      else if (!body.startsWith('中断')) {
        // the side that would have moved loses (反則勝ち/入玉勝ち: wins)
        const mover = (r.moves.length + (gote ? 1 : 0)) % 2;
        const winsNow = body.startsWith('反則勝ち') || body.startsWith('入玉勝ち');
        r.result = (mover === 0) === winsNow ? '1-0' : '0-1';
      }
      continue;
    }
    const first = /^一歩目[\s\u3000]*(.*)$/.exec(body);
    const s = readStep(first ? first[1]! : body);
    if (typeof s === 'string') {
      addError(r, s, where);
      continue;
    }
    if (first) {
      pending = { step: s, at: bodyAt, text: body };
      continue;
    }
    const to: string | null = s.to ?? lastTo;
    if (to === null) {
      addError(r, '仝 (same square) on the first move', where);
      continue;
    }
    addMove(r, s.from + to + (s.promote ? '+' : ''), where, body);
    lastTo = to;
  }
  finishBoard();
  return games;
}
