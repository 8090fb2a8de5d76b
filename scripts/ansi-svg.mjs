#!/usr/bin/env node
/**
 * A terminal capture with its colours (`tmux capture-pane -p -e`) as an SVG picture, for the docs'
 * captures of the board's themes (docs/board.md).
 *
 *   node scripts/ansi-svg.mjs [--light] [--columns 80] < capture.ansi > capture.svg
 *
 * Reads SGR attributes (bold, dim, italic, underline, inverse; the 16 colours, 256 colours and RGB,
 * foreground and background); a wide character (CJK, the ideographic space) takes two columns.
 * `--light`: a white terminal (the light theme's), else a dark one.
 */
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const light = args.includes('--light');
const columnsAt = args.indexOf('--columns');
const COLUMNS = columnsAt >= 0 ? Number(args[columnsAt + 1]) : 80;
const CW = 8.4; // cell width, px
const CH = 17; // cell height, px
const BG = light ? '#ffffff' : '#1c1c1c';
const FG = light ? '#1c1c1c' : '#d0d0d0';

const BASE16 = [
  '#000000', '#cd0000', '#00cd00', '#cdcd00', '#0000ee', '#cd00cd', '#00cdcd', '#e5e5e5',
  '#7f7f7f', '#ff0000', '#00ff00', '#ffff00', '#5c5cff', '#ff00ff', '#00ffff', '#ffffff',
];
function color256(n) {
  if (n < 16) return BASE16[n];
  if (n >= 232) {
    const v = 8 + (n - 232) * 10;
    return `rgb(${v},${v},${v})`;
  }
  const k = n - 16;
  const step = (x) => (x === 0 ? 0 : 55 + x * 40);
  return `rgb(${step(Math.floor(k / 36))},${step(Math.floor(k / 6) % 6)},${step(k % 6)})`;
}

const wide = (cp) =>
  (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) || (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) ||
  (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) || (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x20000 && cp <= 0x3fffd);

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const text = readFileSync(0, 'utf8').replace(/\n$/, '');
const lines = text.split('\n');
const out = [];
const fresh = () => ({ fg: null, bg: null, bold: false, dim: false, italic: false, underline: false, inverse: false });
let st = fresh();
/** Box-drawing characters: their arms up, right, down, left. */
const BOX = {
  '─': [0, 1, 0, 1], '│': [1, 0, 1, 0], '┌': [0, 1, 1, 0], '┐': [0, 0, 1, 1], '└': [1, 1, 0, 0], '┘': [1, 0, 0, 1],
  '├': [1, 1, 1, 0], '┤': [1, 0, 1, 1], '┬': [0, 1, 1, 1], '┴': [1, 1, 0, 1], '┼': [1, 1, 1, 1],
};

/** Runs of narrow characters of one style become one <text> (fewer elements, a smaller file). */
let run = null;
function flush() {
  if (!run) return;
  const { row, col, chars, fg, s, w } = run;
  const attrs = [`x="${(col * CW).toFixed(1)}"`, `y="${row * CH + 13}"`, `fill="${fg}"`];
  if (w === 1) attrs.push(`textLength="${(chars.length * CW).toFixed(1)}"`);
  else attrs.push(`dx="${((w * CW) / 2 - 7).toFixed(1)}"`);
  if (s.bold) attrs.push('font-weight="bold"');
  if (s.dim) attrs.push('opacity="0.6"');
  if (s.italic) attrs.push('font-style="italic"');
  if (s.underline) attrs.push('text-decoration="underline"');
  out.push(`<text ${attrs.join(' ')}>${esc(chars.join(''))}</text>`);
  run = null;
}
function put(row, col, ch, w) {
  let fg = st.fg ?? FG;
  let bg = st.bg;
  if (st.inverse) [fg, bg] = [bg ?? BG, fg];
  const x = col * CW;
  if (bg) out.push(`<rect x="${x.toFixed(1)}" y="${row * CH}" width="${(w * CW).toFixed(1)}" height="${CH}" fill="${bg}"/>`);
  if (st.underline && (ch === ' ' || ch === '\u3000')) out.push(`<rect x="${x.toFixed(1)}" y="${row * CH + 15}" width="${(w * CW).toFixed(1)}" height="1" fill="${fg}"/>`);
  // box drawing as lines (a font's box glyphs do not always fill the cell, or come from another font)
  const arms = BOX[ch];
  if (arms) {
    flush();
    const cx = x + CW / 2;
    const cy = row * CH + CH / 2;
    const ends = [
      [cx, row * CH],
      [x + CW, cy],
      [cx, row * CH + CH],
      [x, cy],
    ];
    const d = arms.map((on, i) => (on ? `M${cx.toFixed(1)} ${cy}L${ends[i][0].toFixed(1)} ${ends[i][1]}` : '')).join('');
    out.push(`<path d="${d}" stroke="${fg}" stroke-width="1"${st.dim ? ' opacity="0.6"' : ''}/>`);
    return;
  }
  const key = `${fg}|${st.bold}|${st.dim}|${st.italic}|${st.underline}`;
  const blank = ch === ' ' || ch === '\u3000';
  if (run && (w !== 1 || run.w !== 1 || run.key !== key || run.col + run.chars.length !== col || blank)) flush();
  if (blank) return;
  if (!run) run = { row, col, chars: [], fg, s: { ...st }, w, key };
  run.chars.push(ch);
  if (w !== 1) flush();
}

lines.forEach((line, row) => {
  let col = 0;
  const re = /\x1b\[([0-9;]*)m|([\s\S])/gu;
  for (const m of line.matchAll(re)) {
    if (m[1] !== undefined) {
      const codes = m[1] === '' ? [0] : m[1].split(';').map(Number);
      for (let i = 0; i < codes.length; i++) {
        const c = codes[i];
        if (c === 0) st = fresh();
        else if (c === 1) st.bold = true;
        else if (c === 2) st.dim = true;
        else if (c === 3) st.italic = true;
        else if (c === 4) st.underline = true;
        else if (c === 7) st.inverse = true;
        else if (c === 22) st.bold = st.dim = false;
        else if (c === 23) st.italic = false;
        else if (c === 24) st.underline = false;
        else if (c === 27) st.inverse = false;
        else if (c >= 30 && c <= 37) st.fg = BASE16[c - 30];
        else if (c >= 90 && c <= 97) st.fg = BASE16[c - 90 + 8];
        else if (c === 39) st.fg = null;
        else if (c >= 40 && c <= 47) st.bg = BASE16[c - 40];
        else if (c >= 100 && c <= 107) st.bg = BASE16[c - 100 + 8];
        else if (c === 49) st.bg = null;
        else if ((c === 38 || c === 48) && codes[i + 1] === 5) {
          st[c === 38 ? 'fg' : 'bg'] = color256(codes[i + 2]);
          i += 2;
        } else if ((c === 38 || c === 48) && codes[i + 1] === 2) {
          st[c === 38 ? 'fg' : 'bg'] = `rgb(${codes[i + 2]},${codes[i + 3]},${codes[i + 4]})`;
          i += 4;
        }
      }
      continue;
    }
    const ch = m[2];
    const w = wide(ch.codePointAt(0)) ? 2 : 1;
    if (col + w > COLUMNS) break;
    put(row, col, ch, w);
    col += w;
  }
  flush();
});

const width = Math.ceil(COLUMNS * CW) + 16;
const height = lines.length * CH + 16;
process.stdout.write(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">\n` +
    `<rect width="100%" height="100%" fill="${BG}"/>\n` +
    `<g transform="translate(8 8)" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="14" xml:space="preserve">\n` +
    `${out.join('\n')}\n</g>\n</svg>\n`,
);
