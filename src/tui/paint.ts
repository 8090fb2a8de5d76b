/** The chalk-backed `Painter`s of the board's colour themes (src/render stays free of chalk). */
import { Chalk } from 'chalk';
import { plainPainter, type Painter } from '../render/types.js';
import type { ThemeName } from './settings.js';

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

/**
 * The `classic` theme (the default). Colours: side 0 (Red / Sente ▲) red, side 1 default, promoted
 * glyphs yellow, last-move squares on a grey background, legal destinations on green, a checked
 * royal inverted (readable for either side's colour), the keyboard cursor on cyan, grid and labels
 * dim. `enabled: false` gives the identity painter.
 */
export function chalkPainter(enabled: boolean): Painter {
  if (!enabled) return plainPainter;
  return themePainter('classic');
}

/**
 * The painter of a theme:
 * - `classic`: as above, for dark terminals;
 * - `light`: for light backgrounds: black's pieces blue, promoted magenta, pale backgrounds;
 * - `high-contrast`: bright colours, nothing dimmed, strong backgrounds with white text;
 * - `wood`: 256 colours, a brown grid, cream and red pieces, warm backgrounds;
 * - `mono`: attributes only (bold, italic, underline, inverse), no colour.
 */
export function themePainter(theme: ThemeName): Painter {
  const c = new Chalk({ level: theme === 'wood' ? 2 : 1 });
  switch (theme) {
    case 'light':
      return {
        red: (s) => c.red.bold(s),
        side1: (s) => c.blue.bold(s),
        promoted: (s) => c.magenta.bold(s),
        lastMove: (s) => c.bgYellowBright(s),
        check: (s) => c.inverse(s),
        highlight: (s) => c.bgGreenBright(s),
        dim: (s) => c.gray(s),
        cursor: (s) => c.bgCyanBright(s),
      };
    case 'high-contrast':
      return {
        red: (s) => c.redBright.bold(s),
        side1: (s) => c.whiteBright.bold(s),
        promoted: (s) => c.yellowBright.bold(s),
        lastMove: (s) => c.bgBlue(s),
        check: (s) => c.bgRed.whiteBright.bold(s),
        highlight: (s) => c.bgGreen(s),
        dim: (s) => s,
        cursor: (s) => c.bgMagenta(s),
      };
    case 'wood':
      return {
        red: (s) => c.ansi256(196).bold(s),
        side1: (s) => c.ansi256(230).bold(s),
        promoted: (s) => c.ansi256(220).bold(s),
        lastMove: (s) => c.bgAnsi256(94)(s),
        check: (s) => c.inverse(s),
        highlight: (s) => c.bgAnsi256(64)(s),
        dim: (s) => c.ansi256(137)(s),
        cursor: (s) => c.bgAnsi256(31)(s),
      };
    case 'mono':
      return {
        ...plainPainter,
        red: (s) => c.bold(s),
        promoted: (s) => c.italic(s),
        lastMove: (s) => c.underline(s),
        check: (s) => c.inverse.bold(s),
        highlight: (s) => c.bold.underline(s),
        cursor: (s) => c.inverse(s),
      };
    default:
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
}

/** The colours of the screen's text around the board (Ink colour names); undefined: the terminal's own. */
export interface ScreenColors {
  /** The note line (thinking, the evaluation). */
  note?: string;
  error?: string;
  /** The evaluation bar: side 0's part, side 1's part. */
  bar: [string | undefined, string | undefined];
  /** Nothing dimmed (the players line, the key help): high-contrast. */
  noDim?: boolean;
}

export function screenColors(theme: ThemeName): ScreenColors {
  switch (theme) {
    case 'light':
      return { note: 'blue', error: 'red', bar: ['red', 'blue'] };
    case 'high-contrast':
      return { note: 'yellowBright', error: 'redBright', bar: ['redBright', 'whiteBright'], noDim: true };
    case 'wood':
      return { note: '#d7af87', error: '#ff5f00', bar: ['#ff0000', '#ffffd7'] };
    case 'mono':
      return { bar: [undefined, undefined] };
    default:
      return { note: 'yellow', error: 'red', bar: ['red', 'white'] };
  }
}

/** The painter for play: a theme's, or without colour (NO_COLOR, --no-color) attributes only. */
export function boardPainter(color: boolean, theme: ThemeName): Painter {
  return color ? themePainter(theme) : monoPainter();
}
