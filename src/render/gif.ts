/**
 * An animated GIF (GIF89a) writer of our own: a global palette of a few colours, frames of palette
 * indices (raster.ts), each after the first stored as the rectangle that changed, its unchanged
 * pixels transparent (so LZW sees long runs), a looping animation. The LZW coder follows the GIF
 * specification (variable code width up to 12 bits, a clear code when the table is full).
 */

export interface GifFrame {
  /** One palette index a pixel, rows top to bottom, width × height. */
  readonly pixels: Uint8Array;
  /** How long the frame stays, in hundredths of a second. */
  readonly delay: number;
}

export interface GifImage {
  readonly width: number;
  readonly height: number;
  /** `#rrggbb` colours, at most 255 (one index is kept for transparency). */
  readonly palette: readonly string[];
  /** Read once, in order (a generator keeps one frame at a time in memory). */
  readonly frames: Iterable<GifFrame>;
}

class Bytes {
  private buf = new Uint8Array(1 << 16);
  length = 0;
  byte(b: number): void {
    if (this.length === this.buf.length) {
      const next = new Uint8Array(this.buf.length * 2);
      next.set(this.buf);
      this.buf = next;
    }
    this.buf[this.length++] = b & 0xff;
  }
  word(w: number): void {
    this.byte(w);
    this.byte(w >> 8);
  }
  text(s: string): void {
    for (const c of s) this.byte(c.charCodeAt(0));
  }
  bytes(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

/** LZW codes of `data` (indices below 2^minBits), packed LSB first into bytes. */
export function lzw(data: Uint8Array, minBits: number): Uint8Array {
  const out = new Bytes();
  const clear = 1 << minBits;
  const end = clear + 1;
  let bits = minBits + 1;
  let next = end + 1;
  let acc = 0;
  let accBits = 0;
  const emit = (code: number): void => {
    acc |= code << accBits;
    accBits += bits;
    while (accBits >= 8) {
      out.byte(acc & 0xff);
      acc >>>= 8;
      accBits -= 8;
    }
  };
  // the table: (prefix code, next index) → code
  let table = new Map<number, number>();
  emit(clear);
  if (data.length === 0) {
    emit(end);
    if (accBits > 0) out.byte(acc);
    return out.bytes();
  }
  let prefix = data[0]!;
  for (let i = 1; i < data.length; i++) {
    const k = data[i]!;
    const key = prefix * 256 + k;
    const found = table.get(key);
    if (found !== undefined) {
      prefix = found;
      continue;
    }
    emit(prefix);
    if (next < 4096) {
      table.set(key, next++);
      // the decoder widens its codes one code later than it adds them: widen when next passes 2^bits
      if (next > 1 << bits && bits < 12) bits++;
    } else {
      emit(clear);
      table = new Map();
      next = end + 1;
      bits = minBits + 1;
    }
    prefix = k;
  }
  emit(prefix);
  emit(end);
  if (accBits > 0) out.byte(acc & 0xff);
  return out.bytes();
}

/** `#rrggbb` as its three channels (read pair by pair from the text). */
const rgb = (c: string): [number, number, number] => {
  const hex = c.replace('#', '');
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
};

/** The animated GIF of the frames (looping forever). */
export function encodeGif(img: GifImage): Uint8Array {
  const { width: W, height: H } = img;
  if (img.palette.length > 255) throw new Error('a GIF palette holds at most 255 colours here');
  const transparent = img.palette.length;
  let tableBits = 1;
  while (1 << tableBits < img.palette.length + 1) tableBits++;
  const minBits = Math.max(2, tableBits);
  const out = new Bytes();
  out.text('GIF89a');
  out.word(W);
  out.word(H);
  out.byte(0x80 | ((tableBits - 1) << 4) | (tableBits - 1)); // global table, colour resolution, table size
  out.byte(0); // background index
  out.byte(0); // aspect
  for (let i = 0; i < 1 << tableBits; i++) {
    const [r, g, b] = i < img.palette.length ? rgb(img.palette[i]!) : [255, 255, 255];
    out.byte(r);
    out.byte(g);
    out.byte(b);
  }
  // NETSCAPE2.0: loop forever
  out.byte(0x21);
  out.byte(0xff);
  out.byte(11);
  out.text('NETSCAPE2.0');
  out.byte(3);
  out.byte(1);
  out.word(0);
  out.byte(0);

  let prev: Uint8Array | null = null;
  for (const f of img.frames) {
    if (f.pixels.length !== W * H) throw new Error(`a frame of ${f.pixels.length} pixels in a ${W}×${H} GIF`);
    // the rectangle that changed since the previous frame (all of the first)
    let x0 = 0;
    let y0 = 0;
    let x1 = W - 1;
    let y1 = H - 1;
    if (prev) {
      x0 = W;
      y0 = H;
      x1 = -1;
      y1 = -1;
      for (let y = 0; y < H; y++) {
        for (let x = 0; x < W; x++) {
          if (f.pixels[y * W + x] !== prev[y * W + x]) {
            if (x < x0) x0 = x;
            if (x > x1) x1 = x;
            if (y < y0) y0 = y;
            if (y > y1) y1 = y;
          }
        }
      }
      if (x1 < 0) x0 = x1 = y0 = y1 = 0; // nothing changed: one transparent pixel
    }
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    const sub = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = (y0 + y) * W + x0 + x;
        sub[y * w + x] = prev && prev[i] === f.pixels[i] ? transparent : f.pixels[i]!;
      }
    }
    // graphic control: disposal 1 (keep), transparent index, delay
    out.byte(0x21);
    out.byte(0xf9);
    out.byte(4);
    out.byte((1 << 2) | (prev ? 1 : 0));
    out.word(Math.max(0, Math.round(f.delay)));
    out.byte(prev ? transparent : 0);
    out.byte(0);
    // image descriptor
    out.byte(0x2c);
    out.word(x0);
    out.word(y0);
    out.word(w);
    out.word(h);
    out.byte(0);
    out.byte(minBits);
    const codes = lzw(sub, minBits);
    for (let i = 0; i < codes.length; i += 255) {
      const n = Math.min(255, codes.length - i);
      out.byte(n);
      for (let j = 0; j < n; j++) out.byte(codes[i + j]!);
    }
    out.byte(0);
    prev = f.pixels;
  }
  out.byte(0x3b);
  return out.bytes();
}
