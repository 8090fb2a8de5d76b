/**
 * The pixel back end of a picture (picture.ts): shapes filled into a grid of palette indices, for
 * the GIF writer (gif.ts). No anti-aliasing (a GIF of a few colours compresses well and stays
 * sharp); a pixel is painted when its centre is inside the shape. Texts are drawn with the built-in
 * pixel font (pixel-font.ts) in their `alt` form: the pieces' FEN/SFEN letters, ASCII labels.
 */
import { FONT_H, FONT_W, fontGlyph } from './pixel-font.js';
import type { Picture, Shape, TextShape } from './picture.js';

/** A palette: colours (`#rrggbb`) in index order. */
export type Palette = readonly string[];

/** A picture's pixels: one palette index a pixel, rows top to bottom. */
export function rasterise(p: Picture, palette: Palette): Uint8Array {
  const W = Math.round(p.width);
  const H = Math.round(p.height);
  const px = new Uint8Array(W * H);
  const index = new Map(palette.map((c, i) => [c.toLowerCase(), i]));
  const ix = (c: string): number => {
    const i = index.get(c.toLowerCase());
    if (i === undefined) throw new Error(`colour ${c} is not in the palette`);
    return i;
  };
  px.fill(ix(p.background));

  const span = (y: number, xa: number, xb: number, c: number): void => {
    if (y < 0 || y >= H) return;
    const a = Math.max(0, Math.ceil(xa - 0.5));
    const b = Math.min(W - 1, Math.floor(xb - 0.5));
    if (b >= a) px.fill(c, y * W + a, y * W + b + 1);
  };
  const polygon = (pts: readonly (readonly [number, number])[], c: number): void => {
    let y0 = Infinity;
    let y1 = -Infinity;
    for (const [, y] of pts) {
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
    for (let y = Math.max(0, Math.floor(y0)); y <= Math.min(H - 1, Math.ceil(y1)); y++) {
      const cy = y + 0.5;
      const xs: number[] = [];
      for (let i = 0; i < pts.length; i++) {
        const [ax, ay] = pts[i]!;
        const [bx, by] = pts[(i + 1) % pts.length]!;
        if ((ay <= cy && by > cy) || (by <= cy && ay > cy)) xs.push(ax + ((cy - ay) / (by - ay)) * (bx - ax));
      }
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) span(y, xs[k]!, xs[k + 1]!, c);
    }
  };
  const disc = (cx: number, cy: number, r: number, c: number): void => {
    for (let y = Math.max(0, Math.floor(cy - r)); y <= Math.min(H - 1, Math.ceil(cy + r)); y++) {
      const dy = y + 0.5 - cy;
      if (Math.abs(dy) > r) continue;
      const dx = Math.sqrt(r * r - dy * dy);
      span(y, cx - dx, cx + dx, c);
    }
  };
  const ring = (cx: number, cy: number, r: number, width: number, c: number): void => {
    const ro = r + width / 2;
    const ri = Math.max(0, r - width / 2);
    for (let y = Math.max(0, Math.floor(cy - ro)); y <= Math.min(H - 1, Math.ceil(cy + ro)); y++) {
      const dy = y + 0.5 - cy;
      if (Math.abs(dy) > ro) continue;
      const dxo = Math.sqrt(ro * ro - dy * dy);
      if (Math.abs(dy) >= ri) span(y, cx - dxo, cx + dxo, c);
      else {
        const dxi = Math.sqrt(ri * ri - dy * dy);
        span(y, cx - dxo, cx - dxi, c);
        span(y, cx + dxi, cx + dxo, c);
      }
    }
  };
  const line = (x1: number, y1: number, x2: number, y2: number, width: number, c: number): void => {
    const w = Math.max(1, width) / 2;
    if (x1 === x2 || y1 === y2) {
      // an axis-aligned line: a rectangle exactly w either side
      polygon([[Math.min(x1, x2) - w, Math.min(y1, y2) - w], [Math.max(x1, x2) + w, Math.min(y1, y2) - w], [Math.max(x1, x2) + w, Math.max(y1, y2) + w], [Math.min(x1, x2) - w, Math.max(y1, y2) + w]], c);
      return;
    }
    const len = Math.hypot(x2 - x1, y2 - y1);
    const nx = (-(y2 - y1) / len) * w;
    const ny = ((x2 - x1) / len) * w;
    polygon([[x1 + nx, y1 + ny], [x2 + nx, y2 + ny], [x2 - nx, y2 - ny], [x1 - nx, y1 - ny]], c);
  };
  const text = (t: TextShape): void => {
    const s = [...(t.alt ?? t.text)];
    let scale = Math.max(1, Math.round(t.size / 10));
    const advance = (k: number): number => (FONT_W + 1) * k;
    while (scale > 1 && s.length * advance(scale) > W - 4) scale--;
    const tw = s.length * advance(scale) - scale;
    const th = FONT_H * scale;
    const anchor = t.anchor ?? 'middle';
    let x0 = Math.round(anchor === 'middle' ? t.x - tw / 2 : anchor === 'end' ? t.x - tw : t.x);
    const y0 = Math.round(t.y - th / 2);
    const c = ix(t.fill);
    for (const ch of s) {
      const g = fontGlyph(ch);
      for (let r = 0; r < FONT_H; r++) {
        for (let q = 0; q < FONT_W; q++) {
          // a turned text is drawn upside down, about its centre
          const on = t.turned ? g[FONT_H - 1 - r]![FONT_W - 1 - q] : g[r]![q];
          if (!on) continue;
          for (let dy = 0; dy < scale; dy++) {
            const y = y0 + r * scale + dy;
            if (y >= 0 && y < H) for (let dx = 0; dx < scale; dx++) {
              const x = x0 + q * scale + dx;
              if (x >= 0 && x < W) px[y * W + x] = c;
            }
          }
        }
      }
      x0 += advance(scale);
    }
  };
  const draw = (s: Shape): void => {
    switch (s.kind) {
      case 'rect':
        if (s.fill) polygon([[s.x, s.y], [s.x + s.w, s.y], [s.x + s.w, s.y + s.h], [s.x, s.y + s.h]], ix(s.fill));
        if (s.stroke) {
          const c = ix(s.stroke);
          const w = s.width ?? 1;
          line(s.x, s.y, s.x + s.w, s.y, w, c);
          line(s.x + s.w, s.y, s.x + s.w, s.y + s.h, w, c);
          line(s.x, s.y + s.h, s.x + s.w, s.y + s.h, w, c);
          line(s.x, s.y, s.x, s.y + s.h, w, c);
        }
        return;
      case 'line':
        line(s.x1, s.y1, s.x2, s.y2, s.width, ix(s.stroke));
        return;
      case 'circle':
        if (s.fill) disc(s.cx, s.cy, s.r, ix(s.fill));
        if (s.stroke) ring(s.cx, s.cy, s.r, s.width ?? 1, ix(s.stroke));
        return;
      case 'polygon':
        polygon(s.points, ix(s.fill));
        return;
      case 'text':
        text(s);
        return;
    }
  };
  for (const s of p.shapes) draw(s);
  return px;
}
