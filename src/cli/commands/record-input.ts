/**
 * The games of an input in any record format. The first bytes tell the format
 * (notation/records/detect.ts): XQF and CCBridge files (binary, or one XML record) are read whole
 * and decoded by their readers; for anything else the bytes (the peeked ones first) go on to the
 * text reader, streaming as before.
 */
import type { GameRecord } from '../../notation/pgn.js';
import { openTextRecords } from '../../notation/records/text.js';
import { detectRecordFormat, DETECT_BYTES } from '../../notation/records/detect.js';
import { CliError } from '../context.js';

/** A file that cannot be opened, as one sentence (exit 2). */
export function openError(file: string, e: unknown): CliError {
  const code = (e as { code?: string }).code;
  const why =
    code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (e as Error).message;
  return new CliError(`cannot read ${file}: ${why}`, 2);
}

const bytesOf = (c: string | Uint8Array): Uint8Array => (typeof c === 'string' ? Buffer.from(c, 'utf8') : c);

export type OpenedRecords =
  /** A binary or library record file: its games. */
  | { readonly binary: true; readonly records: AsyncIterable<GameRecord> }
  /** Text: the whole input, to give to a text reader. */
  | { readonly binary: false; readonly text: AsyncIterable<Uint8Array> };

/** Looks at the first bytes of `source`: the games of an XQF/CCBridge file, or the input back for a text reader. */
export async function openBinaryRecords(source: AsyncIterable<string | Uint8Array>): Promise<OpenedRecords> {
  const it = source[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < DETECT_BYTES) {
    const r = await it.next();
    if (r.done) {
      done = true;
      break;
    }
    const chunk = bytesOf(r.value);
    head.push(chunk);
    size += chunk.length;
  }
  const first = Buffer.concat(head);
  const format = detectRecordFormat(first);
  if (format !== 'text') {
    const chunks: Uint8Array[] = [first];
    while (!done) {
      const r = await it.next();
      if (r.done) done = true;
      else chunks.push(bytesOf(r.value));
    }
    // the binary readers load only when a file needs them (PGN, the common case, does not)
    const { readBinaryRecords } = await import('../../notation/records/index.js');
    const games = readBinaryRecords(Buffer.concat(chunks), format);
    return { binary: true, records: (async function* () { yield* games; })() };
  }
  async function* text(): AsyncGenerator<Uint8Array, void, undefined> {
    if (first.length > 0) yield first;
    while (!done) {
      const r = await it.next();
      if (r.done) done = true;
      else yield bytesOf(r.value);
    }
  }
  return { binary: false, text: text() };
}

/**
 * The games of an input (a stream, or the bytes of a whole file) in any readable format: binary and
 * library formats by their readers, else the text reader. The one entry point for every command
 * that reads records (validate, convert); new text formats plug in here.
 */
export async function* openRecords(
  source: AsyncIterable<string | Uint8Array> | Uint8Array,
): AsyncGenerator<GameRecord, void, undefined> {
  const stream = source instanceof Uint8Array ? (async function* () { yield source; })() : source;
  const opened = await openBinaryRecords(stream);
  if (opened.binary) yield* opened.records;
  else yield* (await openTextRecords(opened.text)).records;
}
