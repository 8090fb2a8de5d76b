import rawStringWidth from 'string-width';

/** Display width of a string in terminal columns (ANSI codes ignored). */
export type Measure = (s: string) => number;

/** string-width's options (the ones this program and Ink's helpers pass). */
export interface WidthOptions {
  ambiguousIsNarrow?: boolean;
  countAnsiEscapeCodes?: boolean;
}

/** Remembered widths, per combination of the two options (index: ambiguousIsNarrow=false ×1, countAnsiEscapeCodes ×2). */
const remembered: Map<string, number>[] = [new Map(), new Map(), new Map(), new Map()];
const REMEMBER_MAX = 20_000;

/**
 * string-width, remembering its answers: a board measures the same few glyphs and lines at every
 * frame, and string-width segments every non-ASCII string into graphemes and tests each against
 * its emoji expressions (the largest part of the first frame's time in `play`). The bundle
 * (scripts/bundle.mjs) gives Ink and its helpers this function for their `string-width` too, so
 * one copy of string-width is loaded and every measure is remembered.
 */
export function stringWidth(s: string, options?: WidthOptions): number {
  if (typeof s !== 'string' || s.length === 0) return 0;
  const key = (options?.ambiguousIsNarrow === false ? 1 : 0) + (options?.countAnsiEscapeCodes ? 2 : 0);
  const memo = remembered[key]!;
  let w = memo.get(s);
  if (w === undefined) {
    const simple = key < 2 ? simpleWidth(s, key === 1) : -1;
    w = simple >= 0 ? simple : rawStringWidth(s, options);
    if (memo.size >= REMEMBER_MAX) memo.clear();
    memo.set(s, w);
  }
  return w;
}

/**
 * The characters of East Asian Width "ambiguous" among simpleWidth's Latin-1, box drawing and
 * geometric shapes (first, last pairs, ascending): 1 column, or 2 in a CJK terminal. The others
 * there are 1 column, but ◽◾ (U+25FD, U+25FE, emoji) and the CJK punctuation U+3001–U+3029, 2.
 */
const AMBIGUOUS = [
  0xa1, 0xa1, 0xa4, 0xa4, 0xa7, 0xa8, 0xaa, 0xaa, 0xae, 0xae, 0xb0, 0xb4, 0xb6, 0xba, 0xbc, 0xbf,
  0xc6, 0xc6, 0xd0, 0xd0, 0xd7, 0xd8, 0xde, 0xe1, 0xe6, 0xe6, 0xe8, 0xea, 0xec, 0xed, 0xf0, 0xf0,
  0xf2, 0xf3, 0xf7, 0xfa, 0xfc, 0xfc, 0xfe, 0xfe, 0x2500, 0x254b, 0x2550, 0x2573, 0x2580, 0x258f, 0x2592, 0x2595,
  0x25a0, 0x25a1, 0x25a3, 0x25a9, 0x25b2, 0x25b3, 0x25b6, 0x25b7, 0x25bc, 0x25bd, 0x25c0, 0x25c1, 0x25c6, 0x25c8, 0x25cb, 0x25cb,
  0x25ce, 0x25d1, 0x25e2, 0x25e5, 0x25ef, 0x25ef,
];

function charWidth(c: number, ambiguousWide: boolean): number {
  if (c >= 0x3001 || c === 0x25fd || c === 0x25fe) return 2;
  if (!ambiguousWide) return 1;
  for (let k = 0; k < AMBIGUOUS.length && AMBIGUOUS[k]! <= c; k += 2) if (c <= AMBIGUOUS[k + 1]!) return 2;
  return 1;
}

/**
 * string-width's answer for a string made only of characters that are always a grapheme of their
 * own and never part of an emoji sequence (printable ASCII and Latin-1, box drawing and geometric
 * shapes, CJK punctuation before the combining tone marks, CJK ideographs, fullwidth forms), with
 * SGR colour codes (`ESC [ digits;… m`, which string-width ignores): the sum of the characters'
 * widths, without segmenting the string into graphemes (what makes string-width slow on a board's
 * long lines). -1 for any other string, which string-width then measures.
 * test/render-width.test.ts checks every character of these ranges against string-width.
 */
export function simpleWidth(s: string, ambiguousWide: boolean): number {
  let w = 0;
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c <= 0x7e) w += 1;
    else if (c === 0x1b) {
      if (s.charCodeAt(i + 1) !== 0x5b) return -1;
      let j = i + 2;
      for (let d = s.charCodeAt(j); (d >= 0x30 && d <= 0x39) || d === 0x3b; d = s.charCodeAt(++j));
      if (s.charCodeAt(j) !== 0x6d) return -1;
      i = j;
    } else if ((c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf) || c === 0x3000 || (c >= 0xff01 && c <= 0xff60) || (c >= 0xffe0 && c <= 0xffe6)) w += 2;
    else if ((c >= 0xa1 && c <= 0xff && c !== 0xad) || (c >= 0x2500 && c <= 0x25ff) || (c >= 0x3001 && c <= 0x3029)) w += charWidth(c, ambiguousWide);
    else return -1;
  }
  return w;
}

const narrow: Measure = (s) => stringWidth(s);
const wide: Measure = (s) => stringWidth(s, { ambiguousIsNarrow: false });

/** The width function of an ordinary terminal, or of a CJK-locale one when `ambiguousWide`. */
export function measureFor(ambiguousWide?: boolean): Measure {
  return ambiguousWide ? wide : narrow;
}

/** `s` followed by ASCII spaces up to `width` columns. */
export function padEnd(s: string, width: number, measure: Measure): string {
  return s + ' '.repeat(Math.max(0, width - measure(s)));
}

/** ASCII spaces before `s` up to `width` columns. */
export function padStart(s: string, width: number, measure: Measure): string {
  return ' '.repeat(Math.max(0, width - measure(s))) + s;
}

/** The ideographic space of the seed's empty cells. */
export const IDEO_SPACE = '\u3000';

/**
 * A blank of exactly `width` columns in the seed's manner: as many ideographic spaces `　` as fit,
 * then ASCII spaces (3 columns → `　 `, 4 → `　　`).
 */
export function blank(width: number, measure: Measure): string {
  const w = measure(IDEO_SPACE);
  const n = Math.floor(width / w);
  return IDEO_SPACE.repeat(n) + ' '.repeat(width - n * w);
}

/** `ch` repeated to fill exactly `width` columns (ASCII spaces for a remainder it cannot fill). */
export function repeatTo(ch: string, width: number, measure: Measure): string {
  const w = Math.max(1, measure(ch));
  const n = Math.floor(width / w);
  return ch.repeat(n) + ' '.repeat(width - n * w);
}

/** `s` centred in `width` columns (extra column on the right). */
export function center(s: string, width: number, measure: Measure): string {
  const free = Math.max(0, width - measure(s));
  const left = Math.floor(free / 2);
  return ' '.repeat(left) + s + ' '.repeat(free - left);
}
