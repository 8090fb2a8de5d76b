/**
 * Text records in any encoding and text format, as one stream of `GameRecord`s.
 *
 * Encoding: the first 64 KB are checked with a fatal UTF-8 decoder; text that is not valid UTF-8
 * (also later in the file, when everything before was ASCII) is decoded as GB18030 (a superset of GBK and GB2312, as xqbase, 象棋桥 and most Chinese programs
 * write), with Node's own decoder. Format: `detectTextFormat` on the decoded beginning.
 *
 * PGN and move lists stream through the PGN reader (memory stays flat); WXF files, DhtmlXQ pages
 * and KIF are small by nature and are read whole (up to `MAX_WHOLE_TEXT` characters).
 *
 * Text that is not a game is dropped, not reported as a malformed game: xqbase's footer after the
 * result (a line of `=` and up to three lines of site text), and page text before the first tag
 * section of a PGN file (as pychess's export pages have) when none of it is shaped like a move.
 */
import { isAscii } from 'node:buffer';
import { GAMES } from '../../games/registry.js';
import { RecordReader, type GameRecord, type RecordReaderOptions } from '../pgn.js';
import { detectTextFormat, type TextFormat } from './detect-text.js';
import { textFormat } from './formats.js';

export type TextEncoding = 'utf-8' | 'gb18030';

export interface TextRecords {
  readonly format: TextFormat;
  readonly encoding: TextEncoding;
  /** The input has nothing but white space. */
  readonly empty: boolean;
  readonly records: AsyncGenerator<GameRecord, void, undefined>;
  /** The same games, a list at a time (as the input is read): use either this or `records`. */
  readonly batches: AsyncGenerator<GameRecord[], void, undefined>;
}

/** Longest WXF/DhtmlXQ/KIF text read whole (characters). */
export const MAX_WHOLE_TEXT = 64 << 20;
const SNIFF_BYTES = 1 << 16;

/** Is this byte sequence valid UTF-8 (an unfinished sequence at the end is allowed)? */
export function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

const isMoveShaped = (t: string): boolean => GAMES.some((g) => g.classifyMove(t) !== null || (g.records?.isMoveText(t) ?? false));

/** A record that is only the xqbase footer (`======` then site text). */
const isXqbaseFooter = (r: GameRecord): boolean =>
  r.tagList.length === 0 && r.result === null && r.errors.length === 0 && r.moves.length > 0 && r.moves.length <= 12 && /^={3,}$/.test(r.moves[0]!.text);

/** A record that is text without anything of a game (no tags, result, errors or move-shaped token). */
const isProse = (r: GameRecord): boolean =>
  r.tagList.length === 0 && r.result === null && r.errors.length === 0 && !r.moves.some((m) => isMoveShaped(m.text));

/** The first chunks of a stream, at least `limit` characters or bytes unless it ends first (`done`). */
export async function peekHead<T extends string | Uint8Array>(it: AsyncIterator<T>, limit: number): Promise<{ head: T[]; done: boolean }> {
  const head: T[] = [];
  let size = 0;
  while (size < limit) {
    const r = await it.next();
    if (r.done) return { head, done: true };
    head.push(r.value);
    size += r.value.length;
  }
  return { head, done: false };
}

/** `peekHead` of a synchronous stream. */
export function peekHeadSync<T extends string | Uint8Array>(it: Iterator<T>, limit: number): { head: T[]; done: boolean } {
  const head: T[] = [];
  let size = 0;
  while (size < limit) {
    const r = it.next();
    if (r.done) return { head, done: true };
    head.push(r.value);
    size += r.value.length;
  }
  return { head, done: false };
}

/**
 * What the beginning of a text input tells (its encoding and format) and the decoder of the rest:
 * the one start of `openTextRecords` (a stream) and `streamTextRecords` (synchronous chunks).
 */
interface TextStart {
  readonly format: TextFormat;
  readonly encoding: TextEncoding;
  readonly empty: boolean;
  /** The decoded beginning. */
  readonly headText: string;
  /** Decodes the next chunk after the beginning. */
  decode(c: string | Uint8Array): string;
  /** What the decoder still holds at the end of the input. */
  finish(): string;
}

function startText(head: ReadonlyArray<string | Uint8Array>, done: boolean, force: Exclude<TextFormat, 'none'> | undefined, binaryAsPgn: boolean): TextStart {
  const binary = head.filter((c): c is Uint8Array => typeof c !== 'string');
  let encoding: TextEncoding = 'utf-8';
  let asciiSoFar = false;
  /** The text of the first SNIFF_BYTES bytes exactly, whatever the chunks: what the format is told from. */
  let sniffText: string | null = null;
  if (binary.length > 0) {
    const all = new Uint8Array(binary.reduce((n, c) => n + c.length, 0));
    let o = 0;
    for (const c of binary) {
      all.set(c, o);
      o += c.length;
    }
    // the first SNIFF_BYTES decide (not the chunks that happen to hold them: a file stream and
    // standard input cut the same bytes differently)
    const sniff = all.subarray(0, SNIFF_BYTES);
    if (!isUtf8(sniff)) encoding = 'gb18030';
    else asciiSoFar = isAscii(sniff);
    if (binary.length === head.length) sniffText = new TextDecoder(encoding).decode(sniff);
  }
  const found = encoding;
  let decoder = new TextDecoder(encoding);
  /** While everything was ASCII: the first bytes of a character the last chunk ended in the middle of. */
  let carry: Uint8Array | null = null;
  const latin1 = (c: Uint8Array): string => Buffer.from(c.buffer, c.byteOffset, c.byteLength).toString('latin1');
  const decode = (chunk: string | Uint8Array): string => {
    if (typeof chunk === 'string') return chunk;
    if (!asciiSoFar) return decoder.decode(chunk, { stream: true });
    let c = chunk;
    if (carry) {
      c = Buffer.concat([carry, chunk]);
      carry = null;
    }
    // ASCII after ASCII: the same text in both encodings
    if (isAscii(c)) return latin1(c);
    // all bytes so far were ASCII (the same in both encodings): the first character that is not
    // decides, wherever the chunks cut: valid UTF-8 keeps the input UTF-8 (read from then on by a
    // forgiving decoder: invalid bytes become U+FFFD, reported where they are), anything else
    // switches the rest of the input to GB18030
    let i = 0;
    while (c[i]! < 0x80) i++;
    const ascii = latin1(c.subarray(0, i));
    const lead = c[i]!;
    const len = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (len > 0 && i + len > c.length && isUtf8(c.subarray(i))) {
      carry = Uint8Array.from(c.subarray(i)); // the character goes on in the next chunk
      return ascii;
    }
    asciiSoFar = false;
    if (len === 0 || i + len > c.length || !isUtf8(c.subarray(i, i + len))) {
      encoding = 'gb18030';
      decoder = new TextDecoder('gb18030');
    }
    return ascii + decoder.decode(c.subarray(i), { stream: true });
  };
  const headText = head.map(decode).join('');
  const sniffed = sniffText ?? headText;
  let format = force ?? detectTextFormat(sniffed);
  if (format === 'none' && binaryAsPgn && /[\x00-\x08\x0e-\x1f\x7f]/.test(sniffed)) format = 'pgn';
  const finish = (): string => {
    // an unfinished sequence at the very end: reported as invalid text
    if (asciiSoFar) return carry ? '\uFFFD' : '';
    return decoder.decode();
  };
  return { format, encoding: found, empty: done && headText.trim() === '', headText, decode, finish };
}

/**
 * Opens a text record source (bytes or strings, e.g. a file stream or stdin): reads its beginning
 * to tell the encoding and format, then streams its games.
 */
export async function openTextRecords(
  source: AsyncIterable<string | Uint8Array>,
  options?: RecordReaderOptions,
  force?: Exclude<TextFormat, 'none'>,
  /** Read text with control characters (binary data) as PGN anyway, so its errors are reported. */
  binaryAsPgn = false,
): Promise<TextRecords> {
  const it = source[Symbol.asyncIterator]();
  const { head, done } = await peekHead(it, SNIFF_BYTES);
  const start = startText(head, done, force, binaryAsPgn);
  async function* rest(): AsyncGenerator<string, void, undefined> {
    if (start.headText) yield start.headText;
    if (!done) {
      for (;;) {
        const n = await it.next();
        if (n.done) break;
        const t = start.decode(n.value);
        if (t) yield t;
      }
    }
    const tail = start.finish();
    if (tail) yield tail;
  }
  const { format } = start;
  let batches: AsyncGenerator<GameRecord[], void, undefined>;
  if (format === 'pgn') batches = streamPgnBatches(rest(), options);
  else if (format === 'none') batches = (async function* () {})();
  else batches = whole(rest(), format);
  return { format, encoding: start.encoding, empty: start.empty, records: flatten(batches), batches };
}

/** The readers of whole texts, by format id (records/index.ts `WHOLE_TEXT_READERS`; loaded by whoever needs them). */
export type WholeTextReaders = Readonly<Record<string, (text: string) => GameRecord[]>>;

/**
 * `openTextRecords` of synchronous chunks (a file read piece by piece, the bytes of a file), with
 * the readers of the whole-text formats handed in: the same encoding rule (the first 64 KB decide;
 * text that is ASCII there and not UTF-8 later is GB18030), format detection and readers. PGN
 * streams: a game is read when `records` comes to it, and memory does not grow with the input.
 */
export function streamTextRecords(
  chunks: Iterable<string | Uint8Array>,
  readers: WholeTextReaders,
  options?: RecordReaderOptions,
  force?: Exclude<TextFormat, 'none'>,
  binaryAsPgn = false,
): { format: TextFormat; encoding: TextEncoding; empty: boolean; records: Generator<GameRecord, void, undefined> } {
  const it = chunks[Symbol.iterator]();
  const { head, done } = peekHeadSync(it, SNIFF_BYTES);
  const start = startText(head, done, force, binaryAsPgn);
  function* rest(): Generator<string, void, undefined> {
    if (start.headText) yield start.headText;
    if (!done) {
      for (;;) {
        const n = it.next();
        if (n.done) break;
        const t = start.decode(n.value);
        if (t) yield t;
      }
    }
    const tail = start.finish();
    if (tail) yield tail;
  }
  const { format } = start;
  function* records(): Generator<GameRecord, void, undefined> {
    try {
      if (format === 'none') return;
      if (format === 'pgn') {
        const pgn = new PgnStream(options);
        for (const c of rest()) yield* pgn.push(c);
        yield* pgn.end();
        return;
      }
      const text = new WholeText(format);
      for (const c of rest()) text.add(c);
      const read = readers[format];
      if (!read) throw new Error(`no reader for the ${format} format`);
      yield* read(text.text());
    } finally {
      // a reader that stops early (game N found) closes the input (a file's descriptor)
      it.return?.();
    }
  }
  return { format, encoding: start.encoding, empty: start.empty, records: records() };
}

/** Bytes per chunk when whole bytes are read as a stream (`byteChunks`). */
const BYTES_CHUNK = 1 << 16;

/** Whole bytes as the chunks a file stream of them would give. */
export function* byteChunks(bytes: Uint8Array): Generator<Uint8Array, void, undefined> {
  for (let o = 0; o < bytes.length; o += BYTES_CHUNK) yield bytes.subarray(o, o + BYTES_CHUNK);
}

/** A text read whole, gathered chunk by chunk up to `MAX_WHOLE_TEXT` characters (a byte order mark dropped). */
class WholeText {
  private readonly parts: string[] = [];
  private size = 0;
  constructor(private readonly format: string) {}
  add(c: string): void {
    this.size += c.length;
    if (this.size > MAX_WHOLE_TEXT) throw new Error(`the ${this.format.toUpperCase()} text is longer than ${MAX_WHOLE_TEXT >> 20} MB`);
    this.parts.push(c);
  }
  text(): string {
    const t = this.parts.join('');
    return t.charCodeAt(0) === 0xfeff ? t.slice(1) : t;
  }
}

async function* whole(chunks: AsyncIterable<string>, format: string): AsyncGenerator<GameRecord[], void, undefined> {
  const text = new WholeText(format);
  for await (const c of chunks) text.add(c);
  // the format's reader, loaded only when a file needs it (start-up of the common PGN case)
  const f = textFormat(format);
  if (!f) throw new Error(`no reader for the ${format} format`);
  const games = (await f.load())(text.text());
  if (games.length > 0) yield games;
}

/**
 * The games of a PGN stream as they come, one list per chunk of input read (so a caller that wants
 * many games pays one await per chunk, not per game): page text before the first tag section is
 * held until the next record tells whether it is a game (see `isProse`), xqbase footers dropped.
 */
async function* streamPgnBatches(chunks: AsyncIterable<string>, options?: RecordReaderOptions): AsyncGenerator<GameRecord[], void, undefined> {
  const pgn = new PgnStream(options);
  for await (const c of chunks) {
    const list = pgn.push(c);
    if (list.length > 0) yield list;
  }
  const last = pgn.end();
  if (last.length > 0) yield last;
}

/** The PGN reader and its filter: the games of each piece of text pushed, then the last ones at the end. */
class PgnStream {
  private readonly reader: RecordReader;
  private readonly filter = new PgnFilter();
  constructor(options?: RecordReaderOptions) {
    this.reader = new RecordReader(options);
  }
  push(text: string): GameRecord[] {
    return this.filter.take(this.reader.push(text));
  }
  end(): GameRecord[] {
    const last = this.filter.take(this.reader.end());
    this.filter.finish(last);
    return last;
  }
}

/** Numbers the games of a PGN stream and drops what is not a game (a plain class: no generator per game). */
class PgnFilter {
  private index = 0;
  private held: GameRecord | null = null;
  private first = true;

  take(list: GameRecord[]): GameRecord[] {
    const out: GameRecord[] = [];
    for (const r of list) {
      if (isXqbaseFooter(r)) continue;
      if (this.first) {
        this.first = false;
        // page text before the first tag section: decided when the next record comes
        if (isProse(r)) {
          this.held = r;
          continue;
        }
      }
      const h = this.held;
      if (h) {
        this.held = null;
        if (r.tagList.length === 0) {
          h.index = ++this.index;
          out.push(h);
        }
      }
      r.index = ++this.index;
      out.push(jocly(r));
    }
    return out;
  }

  /** At the end of the input: a held record is a game after all. */
  finish(out: GameRecord[]): void {
    const h = this.held;
    if (!h) return;
    this.held = null;
    h.index = ++this.index;
    out.push(jocly(h));
  }
}

async function* flatten(batches: AsyncIterable<GameRecord[]>): AsyncGenerator<GameRecord, void, undefined> {
  for await (const list of batches) yield* list;
}

const JOCLY_MOVE = /^(?:\+?[A-Z]{1,2})?([a-l](?:1[0-2]|[1-9]))[-x]([a-l](?:1[0-2]|[1-9]))([+=]?)$/;

/**
 * Jocly's PJN (`[JoclyGame "chu-shogi"]`, moves `e4-e5`, `LNg10-f8`: an optional piece abbreviation
 * and the two squares in XBoard's coordinates): the game from the JoclyGame tag, moves as XBoard
 * coordinates (shown as written).
 */
function jocly(r: GameRecord): GameRecord {
  const game = r.tags['JoclyGame'];
  if (game === undefined || r.tags['Variant'] !== undefined) return r;
  r.tags['Variant'] = game.replace(/-/g, '');
  r.tagList.push(['Variant', r.tags['Variant']]);
  for (const m of r.moves) {
    const j = JOCLY_MOVE.exec(m.text);
    if (!j) continue;
    m.display = m.text;
    m.text = j[1]! + j[2]! + (j[3] === '+' ? '+' : '');
  }
  return r;
}
