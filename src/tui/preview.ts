/**
 * `play`'s first frame before Ink and React are loaded: the title and the board of the start
 * position, written with plain ANSI by src/render (as `show` draws it), so the board is on screen
 * while the Ink screen is still being built (loading Ink, React, yoga and the first layout take
 * most of play's start-up). `handOver` then makes Ink's first frame replace it, in the same write.
 */
import { isAttacked } from '../core/movegen.js';
import type { Game } from '../games/registry.js';
import { chooseLayout } from '../render/layout.js';
import { renderBoard } from '../render/board.js';
import type { BoardLayout, LabelMode, Painter, RenderStyle } from '../render/types.js';
import { boardView } from '../render/view.js';
import { measureFor } from '../render/width.js';

/**
 * Rows of the play screen besides the board and the move panel: title, players, status line, the
 * message row (always there, so an error or a hint is never crowded out), input line, and the line
 * Ink keeps free (it redraws in place only while its output is shorter than the terminal). One
 * more with clocks.
 */
export const RESERVED_ROWS = 6;

export interface Preview {
  /** Lines written (the cursor is on the line after them). */
  lines: number;
  /** Whether the preview cleared the screen and started at its top-left corner. */
  fromTop: boolean;
}

export interface PreviewOptions {
  game: Game;
  fen?: string;
  style: RenderStyle;
  labels?: LabelMode;
  paint: Partial<Painter>;
  /** Start from the top-left corner of a cleared screen (play with the mouse does so anyway). */
  fromTop: boolean;
  /** A clock line is shown (play --tc): one row more above the board. */
  clock: boolean;
  columns: number | undefined;
  rows: number | undefined;
  write: (s: string) => void;
}

/**
 * Draws the title and the board (the layout App would choose for the terminal); null (nothing
 * written) when the position cannot be read or the board does not fit, Ink then says why.
 */
export function drawPreview(o: PreviewOptions): Preview | null {
  const parsed = o.game.parseFen(o.fen ?? o.game.startFen);
  if (!parsed.ok) return null;
  const pos = parsed.value;
  const lines = (layout: BoardLayout, paint: Partial<Painter>): string[] =>
    renderBoard(boardView(o.game, pos, { highlights: [], attacked: isAttacked }), { style: o.style, labels: o.labels, paint, flip: false, layout, steadyWidth: true });
  let layout: BoardLayout = 'full';
  if (o.columns && o.rows) {
    const measure = measureFor(false);
    const size = (l: BoardLayout) => {
      const ls = lines(l, {});
      return { columns: Math.max(0, ...ls.map(measure)), rows: ls.length };
    };
    const fit = chooseLayout({ columns: o.columns, rows: o.rows, reservedRows: RESERVED_ROWS + (o.clock ? 1 : 0), boards: { full: size('full'), compact: size('compact') } });
    if (!fit.fits) return null;
    layout = fit.layout;
  }
  const out = [`chuhan · ${o.game.id}`, '', ...lines(layout, o.paint)];
  o.write((o.fromTop ? '\x1b[2J\x1b[H' : '') + out.join('\n') + '\n');
  return { lines: out.length, fromTop: o.fromTop };
}

/**
 * Makes the next write to `stream` (Ink's first frame) start by erasing the preview: from the
 * top-left corner, or from the preview's first line, to the end of the screen. The preview stays
 * on screen until then, and the terminal gets the erase and the new frame at once.
 */
export function handOver(stream: NodeJS.WriteStream, preview: Preview): void {
  const erase = preview.fromTop ? '\x1b[H\x1b[J' : `\r\x1b[${preview.lines}A\x1b[J`;
  const original = stream.write;
  // biome-ignore lint/suspicious/noExplicitAny: write's overloads are passed through as they are
  stream.write = function (this: NodeJS.WriteStream, chunk: any, ...rest: any[]): boolean {
    stream.write = original;
    const first = typeof chunk === 'string' ? erase + chunk : Buffer.concat([Buffer.from(erase), Buffer.from(chunk)]);
    return original.call(this, first, ...rest);
  } as typeof stream.write;
}
