
import type { Game, Notation } from '../game.js';
import { CHU_ENGINE_WIRE } from './engine-wire.js';
import { CHU_RULES, LISHOGI_RULES, type ChuRules } from './rules.js';
import { chushogiProfile } from './eval.js';
import { CHU_START_SFEN, CHU_VARIANTS } from './index.js';
import { classifyChuMove, parseChuMove } from './notation/detect.js';
import { formatChuSfen } from './notation/sfen.js';
import { formatUsi } from './notation/usi.js';
import { formatWestern } from './notation/western.js';
import { parseUsiSquare, usiSquare } from './squares.js';
import { chuXboard, parseChuFen } from './xboard.js';
import { CHU_DIALECTS } from './notation/dialects.js';
import { CHU_KIF_WRITER } from './kif.js';
import { PathPerft } from './paths.js';
import { CHU_BOARD_STYLE } from './board-style.js';
import { CHU_BOOK } from './book-data.js';
import { CHU_NOTATION_SHAPES } from './notation/shapes.js';
import { CHU_OPENINGS } from './openings-data.js';
import { CHU_SHEET } from './sheet.js';

const usi: Notation = { id: 'usi', format: (_pos, m) => formatUsi(m) };

/** Chu under one rule set (src/games/chushogi/rules.ts). */
function chuGame(rules: ChuRules): Game {
  return {
  id: 'chushogi',
  title: 'Chu Shogi',
  aliases: ['chushogi', 'chu', 'chu-shogi', '中将棋'],
  variant: rules.variant,
  rules: rules.id,
  ruleSets: [...CHU_RULES.keys()],
  variants: CHU_VARIANTS,
  withRules: (id: string) => {
    const r = CHU_RULES.get(id.trim().toLowerCase());
    return r ? (r === LISHOGI_RULES ? CHU_GAME : (JCSA_GAME ??= chuGame(r))) : null;
  },
  startFen: CHU_START_SFEN,
  sideNames: ['sente', 'gote'],
  parseFen: (text, as) => parseChuFen(text, false, rules.jcsa, as),
  formatFen: formatChuSfen,
  coordinate: usi,
  notations: new Map<string, Notation>([
    ['usi', usi],
    ['western', { id: 'western', format: (pos, m) => formatWestern(pos, m) }],
  ]),
  // any notation: USI (lishogi), XBoard/HaChu legs, western
  parseMove: (pos, text) => parseChuMove(pos, text),
  classifyMove: classifyChuMove,
  squares: { id: 'usi', format: usiSquare, parse: parseUsiSquare, example: '7g', prefix: /^(1[0-2]|[1-9])[a-l]/ },
  endRules: rules.endRules,
  xboard: chuXboard(rules.jcsa),
  engineWire: CHU_ENGINE_WIRE,
  protocols: ['xboard', 'usi'],
  pgnTags: { firstPlayer: 'White', variant: 'chushogi', format: 'USI', sidePlayers: ['Sente', 'Gote'] },
  pgnDialects: CHU_DIALECTS,
  recordWriters: { kif: CHU_KIF_WRITER },
  profileOf: (v) => chushogiProfile(v),
  defaults: { enginePlies: 1000, matchPlies: 600, movesToGo: 60 },
  // the door (issue 40)
  puzzles: () => import('./puzzles-data.js').then((m) => m.CHU_PUZZLES),
  book: CHU_BOOK,
  notationShapes: CHU_NOTATION_SHAPES,
  // side b = sente (first player), w = gote; the last field counts plies, so moves number from 1
  fenStart: (fen) => ({ second: fen.trim().split(/\s+/)[1] === 'w', number: 1 }),
  boardStyle: CHU_BOARD_STYLE,
  pieces: CHU_SHEET,
  pathPerft: () => new PathPerft(),
  openings: CHU_OPENINGS,
  knownEngines: [
    // HaChu refuses repetitions by default, which lishogi's rules allow (docs/xboard.md)
    { name: 'hachu', program: 'hachu', protocol: 'xboard', options: { 'Allow repeats': 1 }, install: 'apt-get install hachu' },
  ],
  };
}

let JCSA_GAME: Game | null = null;

export const CHU_GAME: Game = chuGame(LISHOGI_RULES);
