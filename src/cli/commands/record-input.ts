/**
 * The games of an input file in any record format: the first bytes tell the format
 * (notation/records/detect.ts); XQF and CCBridge files (binary, or one XML record) are read whole
 * and decoded by their readers, anything else streams through the text reader as before.
 */
import { readRecords, type GameRecord } from '../../notation/pgn.js';
import { detectRecordFormat, DETECT_BYTES, readBinaryRecords } from '../../notation/records/index.js';

const bytesOf = (c: string | Uint8Array): Uint8Array => (typeof c === 'string' ? Buffer.from(c, 'utf8') : c);

export async function* readAnyRecords(source: AsyncIterable<string | Uint8Array>): AsyncGenerator<GameRecord, void, undefined> {
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
    yield* readBinaryRecords(Buffer.concat(chunks), format);
    return;
  }
  async function* text(): AsyncGenerator<Uint8Array, void, undefined> {
    if (first.length > 0) yield first;
    while (!done) {
      const r = await it.next();
      if (r.done) done = true;
      else yield bytesOf(r.value);
    }
  }
  yield* readRecords(text());
}
