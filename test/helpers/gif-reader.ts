/**
 * A minimal GIF reader for the tests (written here, independent of src/render/gif.ts): the header,
 * the global palette, and every frame's rectangle, delay and transparency, decoded with its own
 * LZW decoder and composed onto a canvas (disposal "keep").
 */

export interface ReadFrame {
  x: number;
  y: number;
  w: number;
  h: number;
  delay: number;
  transparent: number | null;
  /** The whole canvas after this frame, palette indices. */
  canvas: Uint8Array;
}

export interface ReadGif {
  version: string;
  width: number;
  height: number;
  palette: [number, number, number][];
  loops: boolean;
  frames: ReadFrame[];
}

function lzwDecode(data: Uint8Array, minBits: number, count: number): Uint8Array {
  const out = new Uint8Array(count);
  let n = 0;
  const clear = 1 << minBits;
  const end = clear + 1;
  let bits = minBits + 1;
  let dict: number[][] = [];
  const reset = (): void => {
    dict = [];
    for (let i = 0; i < clear; i++) dict[i] = [i];
    dict[clear] = [];
    dict[end] = [];
    bits = minBits + 1;
  };
  reset();
  let pos = 0;
  let prev: number[] | null = null;
  const read = (): number => {
    let v = 0;
    for (let i = 0; i < bits; i++, pos++) {
      const byte = data[pos >> 3];
      if (byte === undefined) throw new Error('LZW data ends early');
      v |= ((byte >> (pos & 7)) & 1) << i;
    }
    return v;
  };
  for (;;) {
    const code = read();
    if (code === clear) {
      reset();
      prev = null;
      continue;
    }
    if (code === end) break;
    let entry: number[];
    if (code < dict.length) entry = dict[code]!;
    else if (code === dict.length && prev) entry = [...prev, prev[0]!];
    else throw new Error(`bad LZW code ${code}`);
    for (const v of entry) {
      if (n >= count) throw new Error('LZW data longer than the frame');
      out[n++] = v;
    }
    if (prev && dict.length < 4096) dict.push([...prev, entry[0]!]);
    if (dict.length === 1 << bits && bits < 12) bits++;
    prev = entry;
  }
  if (n !== count) throw new Error(`LZW gave ${n} pixels, not ${count}`);
  return out;
}

export function readGif(b: Uint8Array): ReadGif {
  let p = 0;
  const byte = (): number => {
    if (p >= b.length) throw new Error('GIF ends early');
    return b[p++]!;
  };
  const word = (): number => byte() | (byte() << 8);
  const sig = String.fromCharCode(...b.subarray(0, 6));
  if (sig !== 'GIF89a' && sig !== 'GIF87a') throw new Error(`not a GIF: ${sig}`);
  p = 6;
  const width = word();
  const height = word();
  const flags = byte();
  const bg = byte();
  byte();
  const palette: [number, number, number][] = [];
  if (flags & 0x80) for (let i = 0; i < 1 << ((flags & 7) + 1); i++) palette.push([byte(), byte(), byte()]);
  const canvas = new Uint8Array(width * height).fill(bg);
  const frames: ReadFrame[] = [];
  let delay = 0;
  let transparent: number | null = null;
  let loops = false;
  const subBlocks = (): Uint8Array => {
    const parts: number[] = [];
    for (let n = byte(); n !== 0; n = byte()) for (let i = 0; i < n; i++) parts.push(byte());
    return Uint8Array.from(parts);
  };
  for (;;) {
    const t = byte();
    if (t === 0x3b) break;
    if (t === 0x21) {
      const label = byte();
      const body = subBlocks();
      if (label === 0xf9) {
        delay = body[1]! | (body[2]! << 8);
        transparent = body[0]! & 1 ? body[3]! : null;
      } else if (label === 0xff && String.fromCharCode(...body.subarray(0, 11)) === 'NETSCAPE2.0') loops = true;
      continue;
    }
    if (t !== 0x2c) throw new Error(`unknown GIF block 0x${t.toString(16)} at ${p - 1}`);
    const x = word();
    const y = word();
    const w = word();
    const h = word();
    const f = byte();
    if (f & 0x80) throw new Error('local palettes are not read here');
    if (x + w > width || y + h > height) throw new Error('a frame outside the canvas');
    const minBits = byte();
    const pixels = lzwDecode(subBlocks(), minBits, w * h);
    for (let j = 0; j < h; j++)
      for (let i = 0; i < w; i++) {
        const v = pixels[j * w + i]!;
        if (v !== transparent) canvas[(y + j) * width + x + i] = v;
      }
    frames.push({ x, y, w, h, delay, transparent, canvas: canvas.slice() });
    delay = 0;
    transparent = null;
  }
  return { version: sig, width, height, palette, loops, frames };
}
