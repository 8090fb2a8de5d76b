/** Xiangqi's pieces as `chuhan piece` finds and describes them (the glyphs are the board style's). */
import { quoteInput } from '../../core/text.js';
import type { PieceSheet } from '../game.js';
import { xiangqiDiagramSquare, xiangqiMoveDiagram } from './diagram.js';
import { XIANGQI_PIECES } from './pieces.js';

/** Other English names and the FEN letters of other programs (H, E, M). */
const SYNONYMS: Readonly<Record<string, string>> = { general: 'king', bishop: 'elephant', minister: 'elephant', knight: 'horse', rook: 'chariot', car: 'chariot', pawn: 'soldier', guard: 'advisor', mandarin: 'advisor', h: 'horse', e: 'elephant', m: 'advisor' };

/** Simplified and other common forms of the glyphs. */
const OTHER_GLYPHS: Readonly<Record<string, string>> = { 帅: 'king', 将: 'king', 將: 'king', 仕: 'advisor', 士: 'advisor', 相: 'elephant', 象: 'elephant', 马: 'horse', 傌: 'horse', 车: 'chariot', 俥: 'chariot', 炮: 'cannon', 砲: 'cannon', 包: 'cannon', 兵: 'soldier', 卒: 'soldier' };

const NOTES: Readonly<Record<string, string>> = {
  king: 'stays in the palace; may never face the other general on an open file',
  advisor: 'stays in the palace',
  elephant: 'never crosses the river; blocked when the point between is occupied',
  horse: 'blocked when the point next to it in the long direction (the leg) is occupied',
  cannon: 'moves as a chariot; captures only by jumping exactly one piece on the line',
  soldier: 'before the river: forward only; never backwards',
};

export const XIANGQI_SHEET: PieceSheet = {
  kinds: XIANGQI_PIECES.length,
  find(query) {
    const q = query.trim();
    const lower = q.toLowerCase();
    const id = SYNONYMS[lower] ?? lower;
    const i = XIANGQI_PIECES.findIndex((p) => p.id === id || p.name === lower || p.letter.toLowerCase() === id);
    if (i >= 0) return i + 1;
    const k = OTHER_GLYPHS[q];
    return k ? XIANGQI_PIECES.findIndex((p) => p.id === k) + 1 : 0;
  },
  card(kind) {
    const spec = XIANGQI_PIECES[kind - 1]!;
    const cells = xiangqiMoveDiagram(kind);
    const square = xiangqiDiagramSquare(kind);
    return {
      letter: spec.letter,
      promoted: false,
      lionLegend: false,
      cells,
      head: (glyph) => `${glyph} ${spec.name} · FEN ${spec.letter} · shown on ${square}${NOTES[spec.id] ? ` · ${NOTES[spec.id]}` : ''}`,
      json: (glyph) => ({ variant: 'xiangqi', id: spec.id, name: spec.name, letter: spec.letter, glyph, square, moves: spec.moves, cells }),
    };
  },
  unknown: (name) => `unknown xiangqi piece ${quoteInput(name)} (try a name like "horse", a letter like N or a glyph like 傌)`,
};
