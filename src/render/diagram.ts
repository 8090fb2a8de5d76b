import { drawGrid, BOX_CHARS, ASCII_CHARS, type GridChars } from './grid.js';
import { asciiPiece } from './glyphs.js';
import { pieceText, sidePainter } from './board.js';
import { DEFAULT_MARKERS, PROMOTED_MARK, WIDE_MARKERS, fullPainter, type BoardStyle, type CellView, type CommonRenderOptions, type Markers } from './types.js';
import { measureFor, padEnd, type Measure } from './width.js';

/** What a movement diagram shows on a square. */
export type MoveMark = 'step' | 'slide' | 'lionA' | 'lionB' | null;

export interface MoveDiagram {
  /** The piece drawn in the centre. */
  center: CellView;
  /** Rows top→bottom (row 0 = the piece's forward edge), 7×7 in the seed; the centre entry is ignored. */
  cells: MoveMark[][];
}

/**
 * The seed's cell texts: `　○` one step, `　●` any distance along the line, `　Ａ`/`　Ｂ` lion-power
 * squares (full-width letters), `　　` empty. The centre is the piece: marker + glyph, e.g. `▲王`.
 */
export const SEED_MARKS: Readonly<Record<Exclude<MoveMark, null> | 'empty', string>> = Object.freeze({
  step: '\u3000○',
  slide: '\u3000●',
  lionA: '\u3000Ａ',
  lionB: '\u3000Ｂ',
  empty: '\u3000\u3000',
});

/** The ASCII fallback marks (`.` empty, `o` step, `*` slide, `A`/`B` lion power). */
export const ASCII_MARKS: Readonly<Record<Exclude<MoveMark, null> | 'empty', string>> = Object.freeze({
  step: ' o',
  slide: ' *',
  lionA: ' A',
  lionB: ' B',
  empty: ' .',
});

/**
 * The `wide` style's marks, none of East Asian Width "ambiguous": `　〇` one step (U+3007), `　＊` any
 * distance (U+FF0A), `　Ａ`/`　Ｂ` lion power, `　　` empty; the centre `^王` (`^飞+` when promoted).
 */
export const WIDE_MARKS: Readonly<Record<Exclude<MoveMark, null> | 'empty', string>> = Object.freeze({
  step: '\u3000\u3007',
  slide: '\u3000\uff0a',
  lionA: '\u3000Ａ',
  lionB: '\u3000Ｂ',
  empty: '\u3000\u3000',
});

const marksFor = (style: CommonRenderOptions['style']) =>
  style === 'ascii' ? ASCII_MARKS : style === 'wide' ? WIDE_MARKS : SEED_MARKS;

export interface DiagramRenderOptions extends CommonRenderOptions {
  /** The board style whose glyphs give an ASCII letter when `center.letter` is absent (without one: `?`). */
  boardStyle?: BoardStyle;
}

/** The plain cell texts of a diagram (seed texts in unicode style), rows top→bottom, not padded. */
export function diagramCellTexts(d: MoveDiagram, opts: DiagramRenderOptions = {}): string[][] {
  const ascii = opts.style === 'ascii';
  const wide = opts.style === 'wide';
  const marks = marksFor(opts.style);
  const markers: Markers = { ...(wide ? WIDE_MARKERS : DEFAULT_MARKERS), ...opts.markers };
  const cr = Math.floor(d.cells.length / 2);
  return d.cells.map((row, r) => {
    const cc = Math.floor(row.length / 2);
    return row.map((m, c) => {
      if (r === cr && c === cc) {
        if (ascii) {
          const a = asciiPiece(opts.boardStyle, d.center);
          return a.startsWith('+') ? a : ' ' + a;
        }
        return pieceText(d.center, fullPainter(), markers).plain + (d.center.promoted ? PROMOTED_MARK : '');
      }
      return marks[m ?? 'empty'];
    });
  });
}

/**
 * Draw a movement diagram in the seed's style. Every cell is the seed's exact cell text followed by
 * ASCII spaces up to the common cell width, which is the widest possible cell (`　Ａ`: 4 columns in
 * an ordinary terminal), so the empty cell is the seed's `　　` itself. With
 * `{ ambiguousWide: true, rule: '—' }` the lines joined by ' ' are the seed's diagram verbatim.
 * The centre is drawn like a board cell, so a `promoted: true` centre gets the promoted mark `+`
 * after its glyph; the seed draws its promoted pieces (鹫, 鹰, 子, 牛, 猪) as plain `▲鹫`, i.e. as
 * `promoted: false`.
 */
export function renderMoveDiagram(d: MoveDiagram, opts: DiagramRenderOptions = {}): string[] {
  const ascii = opts.style === 'ascii';
  const wide = opts.style === 'wide';
  const measure: Measure = measureFor(opts.ambiguousWide);
  const p = fullPainter(opts.paint);
  const markers: Markers = { ...(wide ? WIDE_MARKERS : DEFAULT_MARKERS), ...opts.markers };
  const texts = diagramCellTexts(d, opts);
  const marks = marksFor(opts.style);
  let cellWidth = Math.max(...Object.values(marks).map(measure));
  for (const row of texts) for (const t of row) cellWidth = Math.max(cellWidth, measure(t));
  if (ascii) cellWidth += 1;
  const cr = Math.floor(d.cells.length / 2);
  const cells = texts.map((row, r) =>
    row.map((t, c) => {
      if (r === cr && c === Math.floor(row.length / 2)) {
        const painted = ascii
          ? (t.startsWith('+') ? p.promoted : sidePainter(p, d.center.side))(t)
          : pieceText(d.center, p, markers).painted + (d.center.promoted ? p.promoted(PROMOTED_MARK) : '');
        return padEnd(painted, cellWidth, measure);
      }
      const m = d.cells[r]![c];
      const painted = m === 'lionA' || m === 'lionB' ? p.highlight(t) : t;
      return padEnd(painted, cellWidth, measure);
    }),
  );
  const chars: GridChars = ascii || wide ? ASCII_CHARS : opts.rule ? { ...BOX_CHARS, h: opts.rule } : BOX_CHARS;
  return drawGrid({ cells, cellWidth, chars, measure, paintGrid: p.dim }).map((g) => g.text);
}
