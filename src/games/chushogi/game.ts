/** Chu Shogi as one Game object: rules, SFEN, notations, end rules, XBoard dialect, engine profile. */
import type { EngineProfile } from '../../core/profile.js';
import type { Game, Notation } from '../game.js';
import { CHU_ENGINE_WIRE } from './engine-wire.js';
import { chushogiEndRules } from './end.js';
import { chushogiProfile } from './eval.js';
import { chushogi, CHU_START_SFEN } from './index.js';
import { classifyChuMove, parseChuMove } from './notation/detect.js';
import { formatChuSfen, parseChuSfen } from './notation/sfen.js';
import { formatUsi } from './notation/usi.js';
import { formatWestern } from './notation/western.js';
import { parseUsiSquare, usiSquare } from './squares.js';
import { CHU_XBOARD, parseChuFen } from './xboard.js';
import { CHU_DIALECTS } from './notation/dialects.js';

const usi: Notation = { id: 'usi', format: (_pos, m) => formatUsi(m) };
let profile: EngineProfile | null = null;

export const CHU_GAME: Game = {
  id: 'chushogi',
  title: 'Chu Shogi',
  aliases: ['chushogi', 'chu', 'chu-shogi', '中将棋'],
  variant: chushogi,
  startFen: CHU_START_SFEN,
  sideNames: ['sente', 'gote'],
  parseFen: (text) => parseChuFen(text),
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
  multiPathMoves: true,
  endRules: chushogiEndRules,
  xboard: CHU_XBOARD,
  engineWire: CHU_ENGINE_WIRE,
  protocols: ['xboard', 'usi'],
  pgnTags: { firstPlayer: 'White', variant: 'chushogi', format: 'USI', sidePlayers: ['Sente', 'Gote'] },
  pgnDialects: CHU_DIALECTS,
  get profile() {
    return (profile ??= chushogiProfile(chushogi));
  },
  defaults: { enginePlies: 1000, matchPlies: 600, movesToGo: 60 },
};
