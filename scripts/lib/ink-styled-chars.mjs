// What the bundle (scripts/bundle.mjs, inkStyledChars) gives Ink's output.js for
// `@alcalzone/ansi-tokenize`: the same module, with a styledCharsToString that writes no codes
// between two characters of the same style without working the difference out. Ink turns every row
// of every frame back into text with it, and the difference (two Sets and three filtered arrays for
// each character) was the largest part of a play frame once the rows' characters are cached. Two
// characters whose codes are the same, in the same order, have an empty difference, so the text is
// the same; any other pair still goes through diffAnsiCodes.
import { ansiCodesToString, diffAnsiCodes } from '@alcalzone/ansi-tokenize';

export * from '@alcalzone/ansi-tokenize';

/** The same codes in the same order (an empty difference). */
function sameStyles(a, b) {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i].code !== b[i].code || a[i].endCode !== b[i].endCode) return false;
  return true;
}

export function styledCharsToString(chars) {
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (i === 0) out += ansiCodesToString(c.styles);
    else if (!sameStyles(chars[i - 1].styles, c.styles)) out += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, c.styles));
    out += c.value;
    if (i === chars.length - 1) out += ansiCodesToString(diffAnsiCodes(c.styles, []));
  }
  return out;
}
