/**
 * What xiangqi move texts look like, by syntax alone (Game.notationShapes): the shapes the record
 * hints tell notations by (notation/pgn-hints.ts), and the tokens of a plain move list
 * (notation/records/detect-text.ts).
 */
import type { NotationShapes } from '../../game.js';

// Coordinates, ICCS (ranks 0-9, optional '-', either case) or UCI (ranks 1-10).
const COORD_RE = /^([a-i])(10|[0-9])-?([a-i])(10|[0-9])$/i;
// WXF: piece or +/- or digit, then file or +/- ; op + - . = ; digit. Covers C2.5 R+.3 +P+1 P+.4 ++.4
// --.4 3+.4 7-.6 15=6.
const MIXED_CASE = /^[A-Z].*[a-z]/;
const WXF_RE = /^(?:[KAEBHNRCP][1-9+-]|[+-][KAEBHNRCP]|[1-9+-][+-]|[1-9][1-9])[-+.=][1-9]$/i;
const CHINESE_PIECE_RE = /[帅帥将將仕士相象車车俥伡马馬傌炮砲包兵卒前后後中]/;
const CHINESE_OP_RE = /[进進退平]/;

/**
 * A move-list token of xiangqi: coordinates, WXF (and WXF-like with the other piece letters),
 * Chinese, SAN (pychess `Che3`, pawn moves `e4`, `exd5`).
 */
const LIST_TOKEN =
  /^(?:[a-i](?:10|[0-9])-?[a-i](?:10|[0-9])[+=]?|[KAEHRCPBNGMkaehrcpbngm+\-1-9][1-9+\-.=][+\-.=][1-9]|[车車马馬炮砲相象仕士帅帥将將兵卒俥傌前中后後一二三四五][\S]{2,4}|[A-Z]'?[a-i]?\d*x?[a-i]\d{1,2}\S*|[a-i]x?[a-i]?\d{1,2}[+#]?)$/;

export const XIANGQI_NOTATION_SHAPES: NotationShapes = {
  moves: [
    { notation: 'chinese', test: (m) => CHINESE_PIECE_RE.test(m) && CHINESE_OP_RE.test(m) },
    {
      notation: 'iccs',
      // mixed case (`C9e8`) is SAN with an origin rank, not a coordinate move
      test: (m) => COORD_RE.test(m) && !MIXED_CASE.test(m),
      ranks: (m) => {
        const c = COORD_RE.exec(m);
        return { zero: c !== null && (c[2] === '0' || c[4] === '0'), ten: c !== null && (c[2] === '10' || c[4] === '10') };
      },
      tenNotation: 'uci',
    },
    { notation: 'wxf', test: (m) => WXF_RE.test(m) },
  ],
  listToken: (t) => LIST_TOKEN.test(t),
};
