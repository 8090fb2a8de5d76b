/**
 * The evaluation graph of a reviewed game (`chuhan review`): the score of every position from the
 * first player's side (capped, as review caps it), the ply along the x axis. In the terminal a
 * braille area plot (two plies a column, four score steps a row) that fits 80 columns; as a
 * picture (picture.ts shapes → SVG) for `review --svg`.
 */
import { COLOURS } from './board-picture.js';
import type { Picture, Shape } from './picture.js';

export interface EvalGraph {
  /** The score of each position (index = plies played), first player's side, in centipawns. */
  readonly scores: readonly number[];
  /** Scores are drawn up to ± this (review's cap). */
  readonly cap: number;
  /** The two sides' names (`Red`, `Black`). */
  readonly sides: readonly [string, string];
  /** The mark of the move that led to each position (index = ply, 1-based; 0 unused). */
  readonly marks?: readonly ('inaccuracy' | 'mistake' | 'blunder' | null)[];
}

export interface TextGraphOptions {
  /** The widest line, in columns (default 80). */
  readonly width?: number;
  /** Rows of the plot (default 8: 32 score steps). */
  readonly rows?: number;
}

// braille dots: [column][row] → bit
const DOT = [
  [0x01, 0x02, 0x04, 0x40],
  [0x08, 0x10, 0x20, 0x80],
] as const;

/** Pawns, signed: `+10`, `0`, `-2.5`. */
const pawns = (cp: number): string => {
  const p = Math.round(cp / 10) / 10;
  return p > 0 ? `+${p}` : String(p);
};

/** Which position each of `cols` dot columns shows: one each when they fit, else spread evenly. */
function sample(n: number, cols: number): number[] {
  if (n <= cols) return Array.from({ length: n }, (_, i) => i);
  return Array.from({ length: cols }, (_, d) => Math.round((d * (n - 1)) / (cols - 1)));
}

/** The graph as text lines: the plot, the ply axis, the marks of mistakes and blunders, a legend. */
export function evalGraphLines(g: EvalGraph, opts: TextGraphOptions = {}): string[] {
  const width = opts.width ?? 80;
  const rows = opts.rows ?? 8;
  const n = g.scores.length;
  if (n === 0) return [];
  const top = pawns(g.cap);
  const bottom = pawns(-g.cap);
  const lw = Math.max(top.length, bottom.length, 1);
  const maxChars = Math.max(4, width - lw - 2);
  const xs = sample(n, maxChars * 2);
  const chars = Math.ceil(xs.length / 2);
  const half = (rows * 4) / 2; // dot rows above (and below) the zero line
  const cells: number[][] = Array.from({ length: rows }, () => new Array<number>(chars).fill(0));
  xs.forEach((i, d) => {
    const v = Math.max(-g.cap, Math.min(g.cap, g.scores[i]!));
    const level = Math.round((v / g.cap) * half);
    // dot rows from the top: 0 … 4·rows−1; the zero line lies between half−1 and half
    const [a, b] = level > 0 ? [half - level, half - 1] : level < 0 ? [half, half - 1 - level] : v >= 0 ? [half - 1, half - 1] : [half, half];
    for (let r = a; r <= b; r++) cells[r >> 2]![d >> 1]! |= DOT[d & 1]![r & 3]!;
  });
  const label = (r: number): string => (r === 0 ? top : r === rows / 2 - 1 || (rows % 2 === 1 && r === (rows - 1) / 2) ? '0' : r === rows - 1 ? bottom : '');
  const lines = cells.map((row, r) => `${label(r).padStart(lw)} ${r === rows / 2 - 1 ? '┤' : '│'}${row.map((c) => String.fromCharCode(0x2800 + c)).join('')}`);
  // the ply axis: ticks every ten columns, each labelled with its ply
  const plyAt = (c: number): number => xs[Math.min(xs.length - 1, c * 2)]!;
  let axis = '';
  let ticks = '';
  for (let c = 0; c < chars; c++) {
    axis += c % 10 === 0 ? '┴' : '─';
    if (c % 10 === 0 && ticks.length <= c) ticks = ticks.padEnd(c) + String(plyAt(c));
  }
  lines.push(`${' '.repeat(lw)} └${axis}`);
  lines.push(`${' '.repeat(lw + 2)}${ticks}`.trimEnd());
  let marked = false;
  if (g.marks) {
    const row = new Array<string>(chars).fill(' ');
    xs.forEach((i, d) => {
      // a column shows the worst mark of the plies it stands for
      const from = d === 0 ? 1 : xs[d - 1]! + 1;
      for (let p = from; p <= i; p++) {
        const m = g.marks![p];
        const c = d >> 1;
        if (m === 'blunder') row[c] = 'X';
        else if (m === 'mistake' && row[c] !== 'X') row[c] = '?';
      }
    });
    if (row.some((c) => c !== ' ')) {
      lines.push(`${' '.repeat(lw + 2)}${row.join('')}`.trimEnd());
      marked = true;
    }
  }
  // the legend, wrapped to the width
  const parts = [`${g.sides[0]} ahead above the line, ${g.sides[1]} below;`, `pawns, capped at ${top.slice(1)};`, xs.length === n ? 'x: ply' : `x: ply (${n - 1} plies in ${chars} columns)`];
  if (marked) parts[parts.length - 1] += ';';
  if (marked) parts.push('X blunder, ? mistake');
  let legend = '';
  for (const p of parts) {
    if (legend && legend.length + 1 + p.length > width) {
      lines.push(legend);
      legend = p;
    } else legend = legend ? `${legend} ${p}` : p;
  }
  if (legend) lines.push(legend);
  return lines;
}

/** The graph as a picture (`review --svg`): the area on each side of the zero line, the curve, ply ticks, marks. */
export function evalGraphPicture(g: EvalGraph, opts: { title?: string } = {}): Picture {
  const W = 760;
  const H = 280;
  const left = 48;
  const right = 16;
  const topY = opts.title ? 36 : 16;
  const plotH = H - topY - 40;
  const plotW = W - left - right;
  const n = g.scores.length;
  const x = (i: number): number => left + (n <= 1 ? 0 : (i * plotW) / (n - 1));
  const zero = topY + plotH / 2;
  const y = (v: number): number => zero - (Math.max(-g.cap, Math.min(g.cap, v)) / g.cap) * (plotH / 2);
  const { red, black, line, label, check } = COLOURS;
  const shapes: Shape[] = [];
  shapes.push({ kind: 'rect', x: left, y: topY, w: plotW, h: plotH, fill: '#ffffff', stroke: line, width: 1, role: 'frame' });
  if (n > 0) {
    const up: [number, number][] = [[x(0), zero]];
    const down: [number, number][] = [[x(0), zero]];
    for (let i = 0; i < n; i++) {
      up.push([x(i), Math.min(zero, y(g.scores[i]!))]);
      down.push([x(i), Math.max(zero, y(g.scores[i]!))]);
    }
    up.push([x(n - 1), zero]);
    down.push([x(n - 1), zero]);
    shapes.push({ kind: 'polygon', points: up, fill: red, opacity: 0.35, role: 'area-first' });
    shapes.push({ kind: 'polygon', points: down, fill: black, opacity: 0.35, role: 'area-second' });
    for (let i = 1; i < n; i++) shapes.push({ kind: 'line', x1: x(i - 1), y1: y(g.scores[i - 1]!), x2: x(i), y2: y(g.scores[i]!), stroke: line, width: 1.5, role: 'curve' });
  }
  shapes.push({ kind: 'line', x1: left, y1: zero, x2: left + plotW, y2: zero, stroke: label, width: 1, role: 'zero' });
  const cap = pawns(g.cap);
  for (const [v, t] of [[g.cap, cap], [0, '0'], [-g.cap, pawns(-g.cap)]] as const)
    shapes.push({ kind: 'text', x: left - 6, y: y(v), text: t, size: 12, fill: label, anchor: 'end', role: 'y-label' });
  // ply ticks: about ten, at round numbers
  const last = Math.max(1, n - 1);
  const step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500].find((s) => last / s <= 12) ?? 1000;
  for (let p = 0; p <= last; p += step) {
    shapes.push({ kind: 'line', x1: x(p), y1: topY + plotH, x2: x(p), y2: topY + plotH + 5, stroke: line, width: 1, role: 'tick' });
    shapes.push({ kind: 'text', x: x(p), y: topY + plotH + 14, text: String(p), size: 11, fill: label, role: 'x-label' });
  }
  for (let p = 1; p < n; p++) {
    const m = g.marks?.[p];
    if (m === 'blunder' || m === 'mistake')
      shapes.push({ kind: 'circle', cx: x(p), cy: y(g.scores[p]!), r: m === 'blunder' ? 4 : 3, fill: m === 'blunder' ? check : '#e89a2c', role: m });
  }
  shapes.push({ kind: 'text', x: left + plotW / 2, y: H - 10, text: `ply · ${g.sides[0]} ahead above, ${g.sides[1]} below · pawns, capped at ${cap.slice(1)}`, size: 12, fill: label, role: 'legend' });
  if (opts.title) shapes.push({ kind: 'text', x: W / 2, y: 18, text: opts.title, size: 15, fill: black, role: 'title' });
  return { width: W, height: H, background: '#fbf8f1', shapes, ...(opts.title ? { title: opts.title } : {}) };
}
