/**
 * Chu shogi KIF as lishogi exports it (lishogi's server, since December 2022), so that lishogi's
 * importer takes it and chuhan's KIF reader (notation/records/kif.ts) gives the same game back:
 *
 * ```
 * 開始日時：2023/01/05 12:34:56
 * 場所：https://lishogi.org/abcdefgh
 * 先手：A
 * 後手：B
 * 手数----指手---------消費時間--
 *    1手目   7八歩兵 （←7九）
 *   12手目   仝歩兵 （←7五）
 *   15手目一歩目 7九獅子 （←7十）
 *   15手目二歩目 6八獅子 （←7九）
 *   22手目   7十二龍王成 （←7六）
 *   23手目   投了
 * ```
 *
 * - the move number right-aligned in four columns, then `手目`; a plain move follows after three
 *   spaces, a lion double move is two lines, `一歩目` (first step) and `二歩目` (second step, which
 *   carries the promotion); a lion's two steps through an empty square are two steps too when the
 *   source named the middle square (`7j7i6h`: the record's move texts), as lishogi records them;
 * - a move is the destination (file in Arabic digits, rank in kanji), or `仝` when it is the previous
 *   move's final square (never on a second step), the moving piece's full name as lishogi names it
 *   (a promoted Ferocious Leopard is `小角`, a promoted Gold `金飛車`, a promoted Pawn `金将`), `成`
 *   when it promotes, and ` （←origin）`;
 * - the header: a problem's lines (`作品名`, `作者`, …), `開始日時`, `終了日時`, `棋戦`, `場所`, `持ち時間` when the record has them, a board
 *   diagram for a start that is not the normal one (no `手合割` line: lishogi writes none for chu),
 *   then `先手：`/`後手：` always (`下手`/`上手` for lishogi's chu handicaps), `戦型`;
 * - the end: `投了` when the side to move lost, `反則勝ち` when it won, `千日手` for a draw.
 */
import { oneLine } from '../../core/text.js';
import { pieceKind, pieceSide } from '../../core/piece.js';
import type { Position } from '../../core/position.js';
import { moveFrom, moveMid, moveTo, isPromotion } from '../../core/move.js';
import { ok, type Result } from '../../core/result.js';
import type { RecordFormatWriter, WritableRecord } from '../game.js';
import { CHU_PIECES } from './pieces.js';
import { formatChuSfen } from './notation/sfen.js';
import { CHU_START_SFEN } from './index.js';
import { parseUsiSquare } from './squares.js';

const W = 12;

/** Each piece's name in moves, by piece id (the first of lishogi's names for the role). */
const MOVE_NAMES: Readonly<Record<string, string>> = {
  king: '玉将', elephant: '醉象', tiger: '盲虎', leopard: '猛豹', gold: '金将', silver: '銀将', copper: '銅将',
  gobetween: '仲人', pawn: '歩兵', lance: '香車', chariot: '反車', sidemover: '横行', verticalmover: '竪行',
  bishop: '角行', rook: '飛車', horse: '龍馬', dragon: '龍王', kirin: '麒麟', phoenix: '鳳凰', queen: '奔王',
  lion: '獅子', '+elephant': '太子', '+tiger': '飛鹿', '+leopard': '小角', '+gold': '金飛車', '+silver': '竪行',
  '+copper': '横行', '+gobetween': '醉象', '+pawn': '金将', '+lance': '白駒', '+chariot': '鯨鯢',
  '+sidemover': '奔猪', '+verticalmover': '飛牛', '+bishop': '龍馬', '+rook': '龍王', '+horse': '角鷹',
  '+dragon': '飛鷲', '+kirin': '獅子', '+phoenix': '奔王',
};

/** Each piece in board diagrams (Sente's; Gote's get a `v` before it). */
const BOARD_NAMES: Readonly<Record<string, string>> = {
  king: '玉', elephant: '象', tiger: '虎', leopard: '豹', gold: '金', silver: '銀', copper: '銅', gobetween: '仲',
  pawn: '歩', lance: '香', chariot: '反', sidemover: '横', verticalmover: '竪', bishop: '角', rook: '飛', horse: '馬',
  dragon: '龍', kirin: '麒', phoenix: '鳳', queen: '奔', lion: '獅', '+elephant': '太', '+tiger': '鹿',
  '+leopard': '成角', '+gold': '成飛', '+silver': '成竪', '+copper': '成横', '+gobetween': '成象', '+pawn': '杏',
  '+lance': '駒', '+chariot': '鯨', '+sidemover': '猪', '+verticalmover': '牛', '+bishop': '成馬', '+rook': '成龍',
  '+horse': '鷹', '+dragon': '鷲', '+kirin': '成獅', '+phoenix': '成奔',
};

const KANJI = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二'];

/** The file numbers above a diagram, as lishogi writes them. */
const FILE_HEAD = ' １２ １１ １０ ９  ８  ７  ６  ５  ４  ３  ２  １';
const BORDER = `+${'-'.repeat(W * 4)}+`;

/**
 * lishogi's chu handicaps (board and side to move): their records name the players 下手 (the
 * weaker, Sente) and 上手 (Gote, who moves first).
 */
const HANDICAPS: readonly string[] = [
  'lfcsgekgscfl/a1b1txxt1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1T+O+OT1B1A/LFCSGKEGSCFL w',
  'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1T+OXT1B1A/LFCSGKEGSCFL w',
  'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGK+EGSCFL w',
];

/** lishogi's header lines of a problem (tsume), in its order, with the tags they come from. */
const PROBLEM_TAGS: ReadonlyArray<readonly [string, string]> = [
  ['作品名', 'ProblemName'], ['作品番号', 'ProblemId'], ['発表年月', 'DateOfPublication'], ['作者', 'Composer'],
  ['発表誌', 'Publication'], ['出典', 'Collection'], ['手数', 'Length'], ['受賞', 'Prize'],
];

/** `7八` for a square (file 12 − x, rank from the top). */
export function kifSquare(sq: number): string {
  return String(W - (sq % W)) + KANJI[W - ((sq / W) | 0)]!;
}

const pieceId = (code: number): string => CHU_PIECES[pieceKind(code) - 1]!.id;

/** The board as lishogi draws it: 12 rows, each cell three columns wide. */
export function kifBoard(pos: Position): string {
  const rows: string[] = [FILE_HEAD, BORDER];
  for (let y = W - 1; y >= 0; y--) {
    let row = '|';
    for (let x = 0; x < W; x++) {
      const p = pos.board[y * W + x]!;
      row += p === 0 ? '  ・' : ((pieceSide(p) === 1 ? 'v' : '') + BOARD_NAMES[pieceId(p)]!).padStart(3);
    }
    rows.push(`${row}|${KANJI[W - y]}`);
  }
  rows.push(BORDER);
  return rows.join('\n');
}

/** `   7` + `手目`: the move number as lishogi writes it. */
const moveNumber = (n: number): string => `${String(n).padStart(4)}手目`;

const STEPS_RE = /^(1[0-2][a-l]|[1-9][a-l])(1[0-2][a-l]|[1-9][a-l])(1[0-2][a-l]|[1-9][a-l])\+?$/;
const near = (a: number, b: number): boolean => Math.max(Math.abs((a % W) - (b % W)), Math.abs(((a / W) | 0) - ((b / W) | 0))) === 1;

/**
 * The middle square the source named for a plain move (`7j7i6h`: a lion's two steps through an
 * empty square, which lishogi records and writes as two steps), or -1.
 */
function namedMiddle(pos: Position, m: number, text: string | undefined): number {
  if (text === undefined || moveMid(m) >= 0) return -1;
  const t = STEPS_RE.exec(text.trim());
  if (!t) return -1;
  const [from, mid, to] = [parseUsiSquare(t[1]!), parseUsiSquare(t[2]!), parseUsiSquare(t[3]!)];
  if (from !== moveFrom(m) || to !== moveTo(m) || mid === null || pos.board[mid] !== 0) return -1;
  return near(from, mid) && near(mid, to) ? mid : -1;
}

/**
 * The move lines of one move (the position before it; `last`: the previous move's final square, or
 * -1; `text`: the move as the source wrote it, for a lion's two steps through an empty square).
 */
export function kifMoveLines(pos: Position, m: number, n: number, last: number, text?: string): string {
  const from = moveFrom(m);
  const named = namedMiddle(pos, m, text);
  const mid = named >= 0 ? named : moveMid(m);
  const to = moveTo(m);
  const name = MOVE_NAMES[pieceId(pos.board[from]!)]!;
  const promote = isPromotion(m) ? '成' : '';
  const dest = (sq: number, same: boolean): string => (same ? '仝' : kifSquare(sq));
  if (mid >= 0) {
    return (
      `${moveNumber(n)}一歩目 ${dest(mid, mid === last)}${name} （←${kifSquare(from)}）\n` +
      `${moveNumber(n)}二歩目 ${kifSquare(to)}${name}${promote} （←${kifSquare(mid)}）`
    );
  }
  return `${moveNumber(n)}   ${dest(to, to === last)}${name}${promote} （←${kifSquare(from)}）`;
}

/** A PGN-style value as a KIF header value: `?` and empty values are left out. */
const known = (v: string | undefined): v is string => v !== undefined && v.trim() !== '' && !/^\?+$/.test(v.trim());

/** PGN's `TimeControl` in seconds (`600+30`) as lishogi writes 持ち時間 (`10分+30秒`); other texts as they are. */
function timeControl(v: string): string {
  const m = /^(\d+)(?:\+(\d+))?$/.exec(v.trim());
  if (!m) return v;
  const base = Number(m[1]);
  const init = base % 60 === 0 ? `${base / 60}分` : `${base}秒`;
  return init + (m[2] !== undefined && Number(m[2]) > 0 ? `+${m[2]}秒` : '');
}

/** PGN's `2023.01.05` as KIF's `2023/01/05` (with PGN's `Time` when there is one). */
function date(v: string, time: string | undefined): string {
  const m = /^(\d{4})\.(\d\d)\.(\d\d)$/.exec(v.trim());
  if (!m) return v;
  return `${m[1]}/${m[2]}/${m[3]}` + (known(time) && /^\d\d:\d\d:\d\d$/.test(time.trim()) ? ` ${time.trim()}` : '');
}

/** The whole record as lishogi's KIF export (ending with a newline). */
export function writeChuKif(rec: WritableRecord): string {
  const tags = new Map<string, string>();
  for (const [k, v] of rec.tags) tags.set(k, v);
  const first = ['Sente', 'White', 'Red'].map((k) => tags.get(k)).find((v) => v !== undefined);
  const second = ['Gote', 'Black'].map((k) => tags.get(k)).find((v) => v !== undefined);
  const lines: string[] = [];
  // a header is one line: line breaks and other control characters in a value become spaces
  const put = (name: string, value: string | undefined): void => {
    const v = known(value) ? oneLine(value).trim() : '';
    if (v !== '') lines.push(`${name}：${v}`);
  };
  // a problem's tags first, as lishogi writes them
  for (const [name, tag] of PROBLEM_TAGS) put(name, tags.get(tag));
  const day = tags.get('Date');
  put('開始日時', known(day) ? date(day, tags.get('Time') ?? tags.get('UTCTime')) : undefined);
  put('終了日時', tags.get('EndDate'));
  put('棋戦', tags.get('Event'));
  put('場所', tags.get('Site'));
  const tc = tags.get('TimeControl');
  put('持ち時間', known(tc) ? timeControl(tc) : undefined);
  const sfen = formatChuSfen(rec.start);
  const setUp = sfen.split(' ').slice(0, 3).join(' ') !== CHU_START_SFEN.split(' ').slice(0, 3).join(' ');
  const handicap = HANDICAPS.includes(sfen.split(' ').slice(0, 2).join(' '));
  if (setUp) {
    lines.push(kifBoard(rec.start));
    if (rec.start.turn === 1) lines.push(handicap ? '上手番' : '後手番');
  }
  lines.push(`${handicap ? '下手' : '先手'}：${known(first) ? oneLine(first).trim() : ''}`);
  put('先手のチーム', tags.get('SenteTeam'));
  lines.push(`${handicap ? '上手' : '後手'}：${known(second) ? oneLine(second).trim() : ''}`);
  put('後手のチーム', tags.get('GoteTeam'));
  put('戦型', tags.get('Opening'));
  lines.push('手数----指手---------消費時間--');
  // shogi counts plies: the SFEN's move number is the first move's number
  const startNumber = Math.max(1, Number(sfen.split(' ')[3] ?? '1') || 1);
  const pos = rec.start.clone();
  let last = -1;
  let n = startNumber;
  const texts = rec.moveTexts?.length === rec.moves.length ? rec.moveTexts : undefined;
  for (const [i, m] of rec.moves.entries()) {
    lines.push(kifMoveLines(pos, m, n, last, texts?.[i]));
    last = moveTo(m);
    pos.play(m);
    n++;
  }
  const end =
    rec.result === '1/2-1/2'
      ? '千日手'
      : rec.result === '1-0' || rec.result === '0-1'
        ? (rec.result === '1-0') === (pos.turn === 1)
          ? '投了'
          : '反則勝ち'
        : null;
  // a result the rules gave where the record said otherwise: a comment line, as KIF writes comments
  if (rec.resultNote) lines.push(`*${rec.resultNote}`);
  // (a game without moves too: its result, and a set-up's first ply number, are on that line)
  if (end !== null) lines.push(`${moveNumber(n)}   ${end}`);
  else if (rec.moves.length === 0 && setUp && startNumber > 1) lines.push(`${moveNumber(n)}   中断`);
  return `${lines.join('\n')}\n`;
}

/** `Game.recordWriters.kif` of chu. */
export const CHU_KIF_WRITER: RecordFormatWriter = {
  name: 'KIF',
  extension: 'kif',
  counters: true,
  binary: false,
  write: (rec): Result<string> => ok(writeChuKif(rec)),
};
