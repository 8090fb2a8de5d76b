/**
 * What chu shogi move texts look like, by syntax alone (Game.notationShapes): the shapes the record
 * hints tell notations by (notation/pgn-hints.ts), and the tokens of a plain move list
 * (notation/records/detect-text.ts).
 */
import type { NotationShapes } from '../../game.js';

// USI (lishogi): 7g7f, 7e7c+, 7j7i6h (double step).
const USI_RE = /^(?:1[0-2]|[1-9])[a-l](?:1[0-2]|[1-9])[a-l](?:(?:1[0-2]|[1-9])[a-l])?[+=]?$/;
// XBoard/HaChu legs: f5e6,e6e7 (and single legs with chu-only files or ranks).
const XBOARD_LEGS_RE = /^[a-l](?:1[0-2]|[1-9])[a-l](?:1[0-2]|[1-9])(?:,[a-l](?:1[0-2]|[1-9])[a-l](?:1[0-2]|[1-9]))+\+?$/;
const XBOARD_CHU_RE = /^[a-l](?:1[0-2]|[1-9])[a-l](?:1[0-2]|[1-9])\+?$/;
// lishogi western: Ln-7i-6h, Lnx2jx1j, Lnx!4h, P-7f=, +P-5e, G6a-5b, and the pass --.
const WESTERN_RE = /^(?:--|\+?[A-Z][A-Za-z]?(?:(?:1[0-2]|[1-9])[a-l])?(?:[-x]!?(?:1[0-2]|[1-9])[a-l]){1,2}[+=]?)$/;

/** A move-list token of chu: XBoard coordinates (up to three squares), USI, SAN (`+Dxe5`). */
const LIST_TOKEN =
  /^(?:[a-l](?:1[0-2]|[0-9])-?[a-l](?:1[0-2]|[0-9])(?:[a-l](?:1[0-2]|[0-9]))?[+=]?|(?:1[0-2]|[1-9])[a-l](?:1[0-2]|[1-9])[a-l](?:(?:1[0-2]|[1-9])[a-l])?\+?|\+?[A-Z]'?[a-l]?\d*x?[a-l]\d{1,2}\S*)$/;

export const CHU_NOTATION_SHAPES: NotationShapes = {
  moves: [
    // single legs with files j-l or ranks 11-12 are not on a xiangqi board (xiangqi's shapes come first)
    { notation: 'usi', test: (m) => USI_RE.test(m) || XBOARD_LEGS_RE.test(m) || XBOARD_CHU_RE.test(m) },
    { notation: 'western', test: (m) => WESTERN_RE.test(m) },
  ],
  listToken: (t) => LIST_TOKEN.test(t),
};
