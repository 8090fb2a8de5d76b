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
    w = rawStringWidth(s, options);
    if (memo.size >= REMEMBER_MAX) memo.clear();
    memo.set(s, w);
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
