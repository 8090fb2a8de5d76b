/** Xiangqi as one Game object: rules, FEN, notations, end rules, XBoard dialect, engine profile. */
import type { Game, Notation } from '../game.js';
import { XIANGQI_ENGINE_WIRE } from './engine-wire.js';
import { xiangqiEndRules } from './end.js';
import { xiangqiProfile } from './eval.js';
import { xiangqi, XIANGQI_SIDE_NAMES, XIANGQI_START_FEN } from './index.js';
import { formatChinese } from './notation/chinese.js';
import { classifyXiangqiMove, parseTypedXiangqiMove, parseXiangqiMove } from './notation/detect.js';
import { counterFields, formatXiangqiFen, parseXiangqiFen, xiangqiFenWarnings } from './notation/fen.js';
import { formatIccs, formatUci } from './notation/iccs.js';
import { formatWxf } from './notation/wxf.js';
import { XIANGQI_RECORDS } from './notation/record.js';
import { XIANGQI_PACKED } from './packed-replay.js';
import { iccsSquare, parseIccsSquare } from './squares.js';
import { XIANGQI_XBOARD } from './xboard.js';
import { XIANGQI_DIALECTS } from './notation/dialects.js';
import { XIANGQI_BOARD_STYLE } from './board-style.js';
import { XIANGQI_BOOK } from './book-data.js';
import { XIANGQI_OPENINGS } from './openings-data.js';
import { XIANGQI_SHEET } from './sheet.js';
import { XIANGQI_RECORD_FORMATS } from './records/formats.js';
import { XIANGQI_RECORD_WRITERS } from './records/writers.js';
import { XIANGQI_NOTATION_SHAPES } from './notation/shapes.js';

const iccs: Notation = { id: 'iccs', format: (_pos, m) => formatIccs(m) };

export const XIANGQI_GAME: Game = {
  id: 'xiangqi',
  title: 'Xiangqi',
  aliases: ['xiangqi', 'xq', 'chinese', 'chinesechess', 'cxq', '象棋'],
  variant: xiangqi,
  startFen: XIANGQI_START_FEN,
  sideNames: XIANGQI_SIDE_NAMES,
  parseFen: parseXiangqiFen,
  fenWarnings: xiangqiFenWarnings,
  formatFen: formatXiangqiFen,
  coordinate: iccs,
  notations: new Map<string, Notation>([
    ['iccs', iccs],
    ['uci', { id: 'uci', format: (_pos, m) => formatUci(m) }],
    ['wxf', { id: 'wxf', format: (pos, m) => formatWxf(pos, m) }],
    ['chinese', { id: 'chinese', format: formatChinese }],
  ]),
  // any notation: ICCS (or UCI when only that fits), WXF, Chinese; typed moves: ICCS unless UCI was chosen
  parseMove: (pos, text, typedIn) =>
    typedIn === undefined ? parseXiangqiMove(pos, text) : parseTypedXiangqiMove(pos, text, typedIn === 'uci'),
  classifyMove: classifyXiangqiMove,
  records: { ...XIANGQI_RECORDS, packed: XIANGQI_PACKED },
  squares: { id: 'iccs', format: iccsSquare, parse: parseIccsSquare, example: 'h2', prefix: /^[a-i][0-9]/ },
  endRules: xiangqiEndRules,
  xboard: XIANGQI_XBOARD,
  engineWire: XIANGQI_ENGINE_WIRE,
  protocols: ['xboard', 'uci', 'ucci'],
  pgnTags: { firstPlayer: 'Red', variant: 'xiangqi', format: 'ICCS' },
  pgnDialects: XIANGQI_DIALECTS,
  // convert --to dhtmlxq | xqf
  recordWriters: XIANGQI_RECORD_WRITERS,
  profileOf: (v) => xiangqiProfile(v),
  defaults: { enginePlies: 400, matchPlies: 300, movesToGo: 35 },
  // the door (issue 40)
  puzzles: () => import('./puzzles-data.js').then((m) => m.XIANGQI_PUZZLES),
  book: XIANGQI_BOOK,
  recordFormats: XIANGQI_RECORD_FORMATS,
  notationShapes: XIANGQI_NOTATION_SHAPES,
  // w/r = Red (first), b = Black; the sixth field is the full-move number
  fenStart: (fen) => {
    const f = fen.trim().split(/\s+/);
    const n = Number(f[counterFields(f)[1]]);
    return { second: f[1] === 'b', number: Number.isInteger(n) && n >= 1 ? n : 1 };
  },
  boardStyle: XIANGQI_BOARD_STYLE,
  pieces: XIANGQI_SHEET,
  openings: XIANGQI_OPENINGS,
  // ECCO codes and names (issue 45), loaded when first asked for
  openingNames: () => import('./ecco.js').then((m) => m.XIANGQI_ECCO),
  knownEngines: [
    { name: 'fairy-stockfish', program: 'fairy-stockfish', protocol: 'uci', options: {}, install: 'apt-get install fairy-stockfish' },
    { name: 'pikafish', program: 'pikafish', protocol: 'uci', dialect: 'pikafish', options: {}, install: 'download it from https://github.com/official-pikafish/Pikafish/releases, with pikafish.nnue beside it' },
    { name: 'maxqi', program: 'maxqi', protocol: 'xboard', options: {}, install: 'apt-get install fairymax' },
    { name: 'eleeye', program: 'eleeye', protocol: 'ucci', options: {}, install: 'build ElephantEye from xqbase/eleeye as docs/engines.md says, with BOOK.DAT beside it' },
  ],
};
