/**
 * A picture as a list of shapes (issue 45 "pictures"), drawn by two back ends: SVG text
 * (`pictureSvg`, here) and pixels (raster.ts, for the animated GIF). The board, the evaluation
 * graph and every frame of a game are built once as shapes, so the SVG and the GIF show the same
 * drawing. Coordinates are pixels, y down; colours are `#rrggbb` texts.
 *
 * A text has two forms: `text` (what SVG shows: CJK glyphs, any Unicode) and `alt` (what the
 * pixel back end draws with its built-in Latin pixel font: FEN letters, ASCII labels).
 */

export interface RectShape {
  readonly kind: 'rect';
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly fill?: string;
  readonly stroke?: string;
  readonly width?: number;
  /** Rounded corners (SVG only). */
  readonly rx?: number;
  readonly role?: string;
}

export interface LineShape {
  readonly kind: 'line';
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  readonly stroke: string;
  readonly width: number;
  readonly role?: string;
}

export interface CircleShape {
  readonly kind: 'circle';
  readonly cx: number;
  readonly cy: number;
  readonly r: number;
  readonly fill?: string;
  readonly stroke?: string;
  readonly width?: number;
  readonly role?: string;
}

export interface PolygonShape {
  readonly kind: 'polygon';
  readonly points: readonly (readonly [number, number])[];
  readonly fill: string;
  /** SVG only (0–1); pixels are opaque. */
  readonly opacity?: number;
  readonly role?: string;
}

export interface TextShape {
  readonly kind: 'text';
  /** The anchor point: the text's centre line (vertically centred on y). */
  readonly x: number;
  readonly y: number;
  readonly text: string;
  /** The Latin form the pixel font draws (default: `text`). */
  readonly alt?: string;
  readonly size: number;
  readonly fill: string;
  readonly anchor?: 'start' | 'middle' | 'end';
  /** Turned half a circle about its anchor (a shogi piece of the second player). */
  readonly turned?: boolean;
  /** A CJK piece glyph (SVG: the serif CJK font stack) rather than a label. */
  readonly glyph?: boolean;
  readonly bold?: boolean;
  readonly role?: string;
}

export type Shape = RectShape | LineShape | CircleShape | PolygonShape | TextShape;

export interface Picture {
  readonly width: number;
  readonly height: number;
  readonly background: string;
  readonly shapes: readonly Shape[];
  /** The SVG's <title> (what a reader's screen reader says). */
  readonly title?: string;
}

/** Text for XML: the five characters that mean something there, escaped. */
export function xmlEscape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&${({ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' } as const)[c as '&']};`);
}

/** A number for SVG: at most two decimals, no trailing zeros. */
const n = (v: number): string => String(Math.round(v * 100) / 100);

const GLYPH_FONT = "'Noto Serif CJK SC','Noto Serif CJK TC','Source Han Serif','Songti SC','SimSun',serif";
const LABEL_FONT = "'DejaVu Sans','Helvetica','Arial',sans-serif";

function shapeSvg(s: Shape): string {
  const classes = [...(s.role ? [s.role] : []), ...(s.kind === 'text' && s.glyph ? ['cjk'] : [])];
  const cls = classes.length ? ` class="${xmlEscape(classes.join(' '))}"` : '';
  const paint = (fill: string | undefined, stroke: string | undefined, width: number | undefined): string =>
    ` fill="${fill ?? 'none'}"` + (stroke ? ` stroke="${stroke}" stroke-width="${n(width ?? 1)}"` : '');
  switch (s.kind) {
    case 'rect':
      return `<rect${cls} x="${n(s.x)}" y="${n(s.y)}" width="${n(s.w)}" height="${n(s.h)}"${s.rx ? ` rx="${n(s.rx)}"` : ''}${paint(s.fill, s.stroke, s.width)}/>`;
    case 'line':
      return `<line${cls} x1="${n(s.x1)}" y1="${n(s.y1)}" x2="${n(s.x2)}" y2="${n(s.y2)}" stroke="${s.stroke}" stroke-width="${n(s.width)}"/>`;
    case 'circle':
      return `<circle${cls} cx="${n(s.cx)}" cy="${n(s.cy)}" r="${n(s.r)}"${paint(s.fill, s.stroke, s.width)}/>`;
    case 'polygon':
      return `<polygon${cls} points="${s.points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="${s.fill}"${s.opacity !== undefined ? ` fill-opacity="${n(s.opacity)}"` : ''}/>`;
    case 'text': {
      const turn = s.turned ? ` transform="rotate(180 ${n(s.x)} ${n(s.y)})"` : '';
      const weight = s.bold ? ' font-weight="bold"' : '';
      const anchor = s.anchor && s.anchor !== 'middle' ? ` text-anchor="${s.anchor}"` : '';
      return `<text${cls} x="${n(s.x)}" y="${n(s.y)}" font-size="${n(s.size)}"${weight} fill="${s.fill}"${anchor}${turn}>${xmlEscape(s.text)}</text>`;
    }
  }
}

/** The picture as an SVG document (UTF-8 text, one shape a line). */
export function pictureSvg(p: Picture): string {
  const lines = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(p.width)}" height="${n(p.height)}" viewBox="0 0 ${n(p.width)} ${n(p.height)}">`,
    ...(p.title ? [`<title>${xmlEscape(p.title)}</title>`] : []),
    `<style>text{font-family:${LABEL_FONT};text-anchor:middle;dominant-baseline:central}text.cjk{font-family:${GLYPH_FONT}}line{stroke-linecap:round}</style>`,
    `<rect class="background" x="0" y="0" width="${n(p.width)}" height="${n(p.height)}" fill="${p.background}"/>`,
    ...p.shapes.map(shapeSvg),
    '</svg>',
  ];
  return lines.join('\n') + '\n';
}
