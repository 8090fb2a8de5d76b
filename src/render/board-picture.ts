/**
 * The board as a picture (picture.ts shapes): `chuhan show --svg` and every frame of
 * `convert --to gif`. The seed's board drawn as a player draws it on paper: xiangqi's pieces on the
 * points of nine files and ten ranks, the river (楚 河 / 漢 界) and the palaces' diagonals; chu's
 * pieces in twelve by twelve squares with the four dots that bound the promotion zones. The glyphs
 * are the terminal board's (the game's `boardStyle`, through the `BoardView`): xiangqi's on discs
 * (red and black), chu's on five-sided pieces pointing at the opponent, the second player's turned
 * round, a promoted piece's glyph in red. The last move's squares are tinted, a royal in check is
 * ringed in red, arrows are drawn over the pieces.
 */
import { edgeLabels, resolveLabels } from './board.js';
import type { Picture, Shape } from './picture.js';
import type { BoardView, CellView, LabelMode, PictureStyle } from './types.js';

/** The colours of every picture (a GIF's palette is built from them: keep them few). */
export const COLOURS = Object.freeze({
  board: '#f2dcae',
  line: '#5b3a1c',
  lastMove: '#f5e56b',
  check: '#e0473a',
  disc: '#fdf4de',
  red: '#c3261f',
  black: '#1c1c1c',
  arrow: '#2e8a4c',
  label: '#6e5234',
});

export interface Arrow {
  readonly from: readonly [number, number];
  readonly to: readonly [number, number];
}

export interface BoardPictureOptions {
  /** Arrows from square to square (x, y as in the view). */
  readonly arrows?: readonly Arrow[];
  readonly labels?: LabelMode;
  /** Side 1 at the bottom. */
  readonly flip?: boolean;
  /** Lines of text above and below the board (players; result, move). */
  readonly header?: readonly string[];
  readonly footer?: readonly string[];
  /** The size of one square (points: the distance between two points), in pixels. Default 48 (chu 44). */
  readonly unit?: number;
  readonly title?: string;
}

const SQUARES: PictureStyle = { onPoints: false, palaces: [], stars: [] };
const CAPTION = 24;

/** The board of `view` as shapes. */
export function boardPicture(view: BoardView, opts: BoardPictureOptions = {}): Picture {
  const style = view.style.picture ?? SQUARES;
  const W = view.width;
  const H = view.height;
  const s = opts.unit ?? (style.onPoints ? 48 : 44);
  const flip = !!opts.flip;
  const mode = resolveLabels(view.style, opts.labels);
  const labels = edgeLabels(view, mode, false, flip);
  const alts = edgeLabels(view, mode, true, flip);
  // the board's extent: points span (W−1)·s, squares W·s
  const bw = style.onPoints ? (W - 1) * s : W * s;
  const bh = style.onPoints ? (H - 1) * s : H * s;
  const pad = style.onPoints ? Math.round(s * 0.75) : Math.round(s * 0.4);
  const lab = Math.round(s * 0.5);
  const header = opts.header ?? [];
  const footer = opts.footer ?? [];
  const ox = pad + (labels.left ? lab : 0);
  const oy = header.length * CAPTION + pad + (labels.top ? lab : 0);
  const width = ox + bw + pad + (labels.right ? lab : 0);
  const height = oy + bh + pad + (labels.bottom ? lab : 0) + footer.length * CAPTION;
  const col = (x: number): number => (flip ? W - 1 - x : x);
  const row = (y: number): number => (flip ? y : H - 1 - y);
  const half = style.onPoints ? 0 : s / 2;
  const at = (x: number, y: number): [number, number] => [ox + col(x) * s + half, oy + row(y) * s + half];
  const shapes: Shape[] = [];
  const { line, label, lastMove, check, disc, red, black, arrow } = COLOURS;

  // 1. Tints under the lines: the last move's squares
  const lm = view.lastMove;
  for (const sq of lm ? [lm.from, lm.to, lm.mid] : []) {
    if (!sq) continue;
    const [cx, cy] = at(sq[0], sq[1]);
    const t = style.onPoints ? s * 0.92 : s;
    shapes.push({ kind: 'rect', x: cx - t / 2, y: cy - t / 2, w: t, h: t, fill: lastMove, role: 'last-move' });
  }

  // 2. The lines
  const thin = Math.max(1, Math.round(s / 36));
  const edge = thin * 2;
  if (style.onPoints) {
    const riverAt = H % 2 === 0 && view.style.river ? H / 2 - 1 : -1; // between ranks riverAt and riverAt+1
    for (let y = 0; y < H; y++) {
      const [x1, yy] = at(0, y);
      const [x2] = at(W - 1, y);
      shapes.push({ kind: 'line', x1, y1: yy, x2, y2: yy, stroke: line, width: thin, role: 'grid' });
    }
    for (let x = 0; x < W; x++) {
      const [xx, ya] = at(x, 0);
      const [, yb] = at(x, H - 1);
      if (riverAt >= 0 && x > 0 && x < W - 1) {
        const [, r0] = at(x, riverAt);
        const [, r1] = at(x, riverAt + 1);
        shapes.push({ kind: 'line', x1: xx, y1: ya, x2: xx, y2: r0, stroke: line, width: thin, role: 'grid' });
        shapes.push({ kind: 'line', x1: xx, y1: r1, x2: xx, y2: yb, stroke: line, width: thin, role: 'grid' });
      } else shapes.push({ kind: 'line', x1: xx, y1: ya, x2: xx, y2: yb, stroke: line, width: thin, role: 'grid' });
    }
    for (const p of style.palaces) {
      const [ax, ay] = at(p.x, p.y);
      const [bx, by] = at(p.x + p.w, p.y + p.h);
      shapes.push({ kind: 'line', x1: ax, y1: ay, x2: bx, y2: by, stroke: line, width: thin, role: 'palace' });
      shapes.push({ kind: 'line', x1: ax, y1: by, x2: bx, y2: ay, stroke: line, width: thin, role: 'palace' });
    }
    const river = view.style.river;
    if (river && riverAt >= 0) {
      const [, r0] = at(0, riverAt);
      const [, r1] = at(0, riverAt + 1);
      const ry = (r0 + r1) / 2;
      const left = at(flip ? W - 3 : 2, 0)[0];
      const right = at(flip ? 2 : W - 3, 0)[0];
      const size = s * 0.46;
      shapes.push({ kind: 'text', x: left, y: ry, text: river.left, alt: river.asciiLeft, size, fill: line, glyph: true, role: 'river' });
      shapes.push({ kind: 'text', x: right, y: ry, text: river.right, alt: river.asciiRight, size, fill: line, glyph: true, role: 'river' });
    }
  } else {
    for (let i = 1; i < H; i++) shapes.push({ kind: 'line', x1: ox, y1: oy + i * s, x2: ox + bw, y2: oy + i * s, stroke: line, width: thin, role: 'grid' });
    for (let j = 1; j < W; j++) shapes.push({ kind: 'line', x1: ox + j * s, y1: oy, x2: ox + j * s, y2: oy + bh, stroke: line, width: thin, role: 'grid' });
  }
  // corner marks: a small L in each quarter round the point, none beyond the board's edge
  const gap = s * 0.08;
  const arm = s * 0.16;
  for (const [x, y] of style.marked ?? []) {
    const [cx, cy] = at(x, y);
    for (const dx of [-1, 1]) {
      if ((col(x) === 0 && dx < 0) || (col(x) === W - 1 && dx > 0)) continue;
      for (const dy of [-1, 1]) {
        const px = cx + dx * gap;
        const py = cy + dy * gap;
        shapes.push({ kind: 'line', x1: px, y1: py, x2: px + dx * arm, y2: py, stroke: line, width: thin, role: 'mark' });
        shapes.push({ kind: 'line', x1: px, y1: py, x2: px, y2: py + dy * arm, stroke: line, width: thin, role: 'mark' });
      }
    }
  }
  shapes.push({ kind: 'rect', x: ox, y: oy, w: bw, h: bh, stroke: line, width: edge, role: 'border' });
  for (const [i, j] of style.stars) {
    const cx = ox + (flip ? W - i : i) * s;
    const cy = oy + (flip ? j : H - j) * s;
    shapes.push({ kind: 'circle', cx, cy, r: Math.max(2, s * 0.07), fill: line, role: 'star' });
  }

  // 3. Edge labels
  const lsize = Math.round(s * 0.3);
  for (let x = 0; x < W; x++) {
    const [cx] = at(x, 0);
    if (labels.top) shapes.push({ kind: 'text', x: cx, y: oy - pad / 2 - lab / 2, text: labels.top(x), alt: alts.top?.(x) ?? labels.top(x), size: lsize, fill: label, role: 'label' });
    if (labels.bottom) shapes.push({ kind: 'text', x: cx, y: oy + bh + pad / 2 + lab / 2, text: labels.bottom(x), alt: alts.bottom?.(x) ?? labels.bottom(x), size: lsize, fill: label, role: 'label' });
  }
  for (let y = 0; y < H; y++) {
    const [, cy] = at(0, y);
    if (labels.left) shapes.push({ kind: 'text', x: ox - pad / 2 - lab / 2, y: cy, text: labels.left(y), alt: alts.left?.(y) ?? labels.left(y), size: lsize, fill: label, role: 'label' });
    if (labels.right) shapes.push({ kind: 'text', x: ox + bw + pad / 2 + lab / 2, y: cy, text: labels.right(y), alt: alts.right?.(y) ?? labels.right(y), size: lsize, fill: label, role: 'label' });
  }

  // 4. Pieces (a royal in check ringed first)
  const checked = new Set((view.checked ?? []).map(([x, y]) => y * W + x));
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const c = view.cell(x, y);
      if (!c) continue;
      const [cx, cy] = at(x, y);
      if (checked.has(y * W + x)) shapes.push({ kind: 'circle', cx, cy, r: s * 0.5, fill: check, role: 'check' });
      shapes.push(...(style.onPoints ? discPiece(c, cx, cy, s) : shogiPiece(c, cx, cy, s, flip)));
    }
  }
  for (const [x, y] of view.highlights ?? []) {
    const [cx, cy] = at(x, y);
    shapes.push({ kind: 'circle', cx, cy, r: s * 0.12, fill: arrow, role: 'highlight' });
  }

  // 5. Arrows over everything
  for (const a of opts.arrows ?? []) {
    const [x1, y1] = at(a.from[0], a.from[1]);
    const [x2, y2] = at(a.to[0], a.to[1]);
    const poly = arrowPolygon(x1, y1, x2, y2, s);
    if (poly) shapes.push({ kind: 'polygon', points: poly, fill: arrow, opacity: 0.75, role: 'arrow' });
  }

  // 6. Captions
  const csize = 16;
  // the first line (the players) large, the others (event, date) small
  for (const [i, t] of header.entries()) shapes.push({ kind: 'text', x: width / 2, y: i * CAPTION + CAPTION / 2 + 4, text: t, size: i === 0 ? csize : 12, fill: black, role: 'caption' });
  for (const [i, t] of footer.entries()) shapes.push({ kind: 'text', x: width / 2, y: height - (footer.length - i) * CAPTION + CAPTION / 2 - 4, text: t, size: csize, fill: black, role: 'caption' });
  return { width, height, background: COLOURS.board, shapes, ...(opts.title ? { title: opts.title } : {}) };

  function discPiece(c: CellView, cx: number, cy: number, u: number): Shape[] {
    const ink = c.side === 0 ? red : black;
    return [
      { kind: 'circle', cx, cy, r: u * 0.44, fill: disc, stroke: ink, width: Math.max(1, u / 24), role: 'piece' },
      { kind: 'circle', cx, cy, r: u * 0.36, stroke: ink, width: Math.max(1, u / 48), role: 'piece-ring' },
      { kind: 'text', x: cx, y: cy, text: c.glyph, alt: letterOf(c), size: u * 0.5, fill: ink, glyph: true, bold: true, role: 'glyph' },
    ];
  }

  function shogiPiece(c: CellView, cx: number, cy: number, u: number, flipped: boolean): Shape[] {
    // pointing at the opponent: up for the player at the bottom
    const up = (c.side === 0) !== flipped;
    const w = u * 0.39;
    const h = u * 0.43;
    const pts: [number, number][] = [
      [0, -h],
      [w * 0.8, -h * 0.62],
      [w, h],
      [-w, h],
      [-w * 0.8, -h * 0.62],
    ];
    const place = (k: number): [number, number][] => pts.map(([px, py]) => [cx + px * k, cy + (up ? py : -py) * k]);
    return [
      { kind: 'polygon', points: place(1.06), fill: line, role: 'piece-edge' },
      { kind: 'polygon', points: place(1), fill: disc, role: 'piece' },
      { kind: 'text', x: cx, y: cy + (up ? 1 : -1) * u * 0.05, text: c.glyph, alt: letterOf(c), size: u * 0.46, fill: c.promoted ? red : black, glyph: true, turned: !up, role: 'glyph' },
    ];
  }
}

/** The piece's FEN/SFEN letter in upper case, without `+` (the pixel font's form of a glyph). */
function letterOf(c: CellView): string {
  return (c.letter ?? '?').replace('+', '').toUpperCase();
}

/** An arrow from one centre to another (shaft and head), or null for a zero-length arrow. */
function arrowPolygon(x1: number, y1: number, x2: number, y2: number, s: number): [number, number][] | null {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len = Math.hypot(dx, dy);
  if (len < 1) return null;
  const ux = dx / len;
  const uy = dy / len;
  const px = -uy;
  const py = ux;
  const shaft = s * 0.08;
  const headW = s * 0.24;
  const headL = Math.min(s * 0.42, len * 0.6);
  const bx = x2 - ux * headL;
  const by = y2 - uy * headL;
  // start a little off the from square's centre, so its piece stays readable
  const sx = x1 + ux * s * 0.2;
  const sy = y1 + uy * s * 0.2;
  return [
    [sx + px * shaft, sy + py * shaft],
    [bx + px * shaft, by + py * shaft],
    [bx + px * headW, by + py * headW],
    [x2, y2],
    [bx - px * headW, by - py * headW],
    [bx - px * shaft, by - py * shaft],
    [sx - px * shaft, sy - py * shaft],
  ];
}
