/** The chalk-backed `Painter` for the text renderer (src/render stays free of chalk). */
import { Chalk } from 'chalk';
import { plainPainter, type Painter } from '../render/types.js';

/**
 * Colours: side 0 (Red / Sente ▲) red, side 1 default, promoted glyphs yellow, last-move squares on
 * a grey background, legal destinations on green, a checked royal inverted (readable for either
 * side's colour), the keyboard cursor on cyan, grid and labels dim. `enabled: false` gives the identity painter.
 */
/**
 * For a terminal without colour (NO_COLOR, --no-color): no colours, but the cursor in inverse
 * video and the last move's squares underlined (attributes, not colours), so both keep a mark.
 */
export function monoPainter(): Painter {
  return {
    ...plainPainter,
    cursor: (s) => `\x1b[7m${s}\x1b[27m`,
    lastMove: (s) => `\x1b[4m${s}\x1b[24m`,
  };
}

export function chalkPainter(enabled: boolean): Painter {
  if (!enabled) return plainPainter;
  const c = new Chalk({ level: 1 });
  return {
    red: (s) => c.red.bold(s),
    side1: (s) => c.bold(s),
    promoted: (s) => c.yellow.bold(s),
    lastMove: (s) => c.bgBlackBright(s),
    check: (s) => c.inverse(s),
    highlight: (s) => c.bgGreen(s),
    dim: (s) => c.dim(s),
    cursor: (s) => c.bgCyan(s),
  };
}
