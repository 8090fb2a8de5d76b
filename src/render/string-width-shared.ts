/**
 * What the bundle (scripts/bundle.mjs) gives every `import stringWidth from 'string-width'` of the
 * dependencies (Ink, wrap-ansi, widest-line, cli-truncate): the remembering measure of width.ts,
 * so one copy of string-width is loaded (wrap-ansi otherwise brings a second, older one) and the
 * widths of the board's lines are computed once.
 */
import { stringWidth } from './width.js';

export default stringWidth;
