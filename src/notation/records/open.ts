/**
 * The one door to records: the games of an input in any readable format, for every command that
 * reads records (validate, convert, review, play/repl `load`, the saved games, match openings).
 * The first bytes tell the format (detect.ts): XQF and CCBridge files (binary, or one XML record)
 * are read whole by their readers; anything else goes on to the text readers (text.ts: PGN in any
 * encoding and dialect, move lists, WXF, DhtmlXQ, KIF, problem JSON), PGN streaming.
 *
 * No file access here: callers hand over the bytes of a file or a stream of them (cli/record-files.ts
 * walks paths and folders and words their errors).
 */
import type { GameRecord, RecordReaderOptions } from '../pgn.js';
import { binaryFormatOf, DETECT_BYTES, type RecordFormat } from './detect.js';
import type { TextFormat } from './detect-text.js';
import { byteChunks, openTextRecords, peekHead, peekHeadSync, streamTextRecords, type WholeTextReaders } from './text.js';

export type { RecordFormat } from './detect.js';
export type { TextFormat } from './detect-text.js';

/** An input: the whole bytes of a file, or a stream of its bytes (a file stream, standard input). */
export type RecordSource = AsyncIterable<string | Uint8Array> | Uint8Array;

export interface OpenOptions {
  /** A text format to read the input as (validate --format); binary formats are then not looked for. */
  readonly format?: TextFormat;
  /** Read plain coordinate games packed (pgn.ts `PackedRecord`, validate's fast path). */
  readonly packed?: boolean;
  /** Read text with control characters (binary data) as PGN anyway, so that its errors are reported. */
  readonly binaryAsPgn?: boolean;
}

/** The readers of the binary formats (by format id) and of the whole-text formats (records/index.ts). */
export interface WholeReaders {
  readonly binary: (bytes: Uint8Array, format: string) => GameRecord[];
  readonly text: WholeTextReaders;
}

export interface OpenedRecords {
  /** The format found: a binary format's id, a text format (`pgn`, `wxf`…), `none`: text that holds no record. */
  readonly format: RecordFormat;
  /** The input has nothing but white space. */
  readonly empty: boolean;
  /** The games, a list at a time as the input is read (one await per list); use this or `records`. */
  readonly batches: AsyncIterable<readonly GameRecord[]>;
  readonly records: AsyncIterable<GameRecord>;
}

const bytesOf = (c: string | Uint8Array): Uint8Array => (typeof c === 'string' ? Buffer.from(c, 'utf8') : c);
const readerOptions = (opts: OpenOptions): RecordReaderOptions | undefined => (opts.packed ? { packedMoves: true } : undefined);

async function* one<T>(list: readonly T[]): AsyncGenerator<T, void, undefined> {
  yield* list;
}

async function* single<T>(list: readonly T[]): AsyncGenerator<readonly T[], void, undefined> {
  for (const x of list) yield [x];
}

/**
 * Opens an input: looks at its first bytes, then reads a binary/library file whole, or streams a
 * text one through the text readers.
 */
export async function openRecordSource(source: RecordSource, opts: OpenOptions = {}): Promise<OpenedRecords> {
  const stream = source instanceof Uint8Array ? one([source]) : source;
  if (opts.format !== undefined) return openTextRecords(stream, readerOptions(opts), opts.format, opts.binaryAsPgn ?? false);
  const it = stream[Symbol.asyncIterator]();
  const peeked = await peekHead(it, DETECT_BYTES);
  let done = peeked.done;
  const first = Buffer.concat(peeked.head.map(bytesOf));
  const format = binaryFormatOf(first);
  if (format !== null) {
    const chunks: Uint8Array[] = [first];
    while (!done) {
      const r = await it.next();
      if (r.done) done = true;
      else chunks.push(bytesOf(r.value));
    }
    // the format's reader, loaded when a file first needs it (PGN, the common case, does not)
    const games = (await format.load())(Buffer.concat(chunks));
    return { format: format.id, empty: false, batches: single(games), records: one(games) };
  }
  async function* text(): AsyncGenerator<Uint8Array, void, undefined> {
    if (first.length > 0) yield first;
    while (!done) {
      const r = await it.next();
      if (r.done) done = true;
      else yield bytesOf(r.value);
    }
  }
  return openTextRecords(text(), readerOptions(opts), undefined, opts.binaryAsPgn ?? false);
}

/** The games of an input, one at a time (see `openRecordSource`). */
export async function* openRecords(source: RecordSource, opts: OpenOptions = {}): AsyncGenerator<GameRecord, void, undefined> {
  yield* (await openRecordSource(source, opts)).records;
}

/** The games of an opened input, read as they are asked for (`streamRecords`). */
export interface StreamedRecords {
  readonly format: RecordFormat;
  readonly empty: boolean;
  readonly records: Generator<GameRecord, void, undefined>;
}

/**
 * `openRecordSource` of synchronous chunks (a file read piece by piece, as the board's `load` reads
 * it) or of whole bytes, with the readers handed in (records/index.ts `WHOLE_READERS`): the same detection and
 * readers. A PGN input streams: each game is read when `records` comes to it, so a caller that
 * counts the games or looks for game N holds one game at a time, never the file.
 */
export function streamRecords(source: Iterable<string | Uint8Array> | Uint8Array, readers: WholeReaders, opts: OpenOptions = {}): StreamedRecords {
  const chunks = source instanceof Uint8Array ? byteChunks(source) : source;
  if (opts.format !== undefined) return streamTextRecords(chunks, readers.text, readerOptions(opts), opts.format, opts.binaryAsPgn ?? false);
  const it = chunks[Symbol.iterator]();
  const peeked = peekHeadSync(it, DETECT_BYTES);
  const first = Buffer.concat(peeked.head.map(bytesOf));
  const format = binaryFormatOf(first);
  if (format !== null) {
    const all: Uint8Array[] = [first];
    if (!peeked.done) for (let r = it.next(); !r.done; r = it.next()) all.push(bytesOf(r.value));
    return { format: format.id, empty: false, records: oneSync(readers.binary(Buffer.concat(all), format.id)) };
  }
  function* text(): Generator<Uint8Array, void, undefined> {
    try {
      if (first.length > 0) yield first;
      if (!peeked.done) for (let r = it.next(); !r.done; r = it.next()) yield bytesOf(r.value);
    } finally {
      it.return?.();
    }
  }
  return streamTextRecords(text(), readers.text, readerOptions(opts), undefined, opts.binaryAsPgn ?? false);
}

function* oneSync<T>(list: readonly T[]): Generator<T, void, undefined> {
  yield* list;
}

/**
 * The games of the whole bytes of a file, all at once (the saved games, match openings):
 * `streamRecords` of the bytes.
 */
export function readRecordBytes(
  bytes: Uint8Array,
  readers: WholeReaders,
  opts: OpenOptions = {},
): { format: RecordFormat; empty: boolean; records: GameRecord[] } {
  const r = streamRecords(bytes, readers, opts);
  return { format: r.format, empty: r.empty, records: [...r.records] };
}

/** Is this record a game at all (moves, tags or an error), not an empty leftover of the input? */
export const holdsGame = (rec: GameRecord): boolean => rec.moves.length > 0 || rec.tagList.length > 0 || rec.errors.length > 0;
