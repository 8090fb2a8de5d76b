/**
 * Readers of records stream (issue 44): a game comes out before its input has been read to the end,
 * and looking for game N or counting games holds one game at a time, never the input. Checked by
 * counting the chunks a source has handed out (no timing, no large files).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WHOLE_READERS } from '../src/notation/records/index.js';
import { openRecordSource, readRecordBytes, streamRecords } from '../src/notation/records/open.js';
import { listRecordGames, readRecord } from '../src/tui/record.js';
import { Session } from '../src/tui/session.js';
import { getGame } from '../src/games/registry.js';
import { nodeFiles } from '../src/tui/files.js';

/** Game i as PGN: a few moves, the number in the Event tag. */
const gameText = (i: number): string => `[Event "game ${i}"]\n[Red "r${i}"]\n[Black "b${i}"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 *\n\n`;

/** A source of `total` games, one chunk each, that tells how many it has handed out and whether it was closed. */
function countingSource(total: number): { chunks: Iterable<Uint8Array>; pulled: () => number; closed: () => boolean } {
  let pulled = 0;
  let closed = false;
  return {
    chunks: {
      *[Symbol.iterator]() {
        try {
          for (let i = 1; i <= total; i++) {
            pulled++;
            yield Buffer.from(gameText(i), 'utf8');
          }
        } finally {
          closed = true;
        }
      },
    },
    pulled: () => pulled,
    closed: () => closed,
  };
}

const TOTAL = 5000; // about 420 KB, several times what the opener looks at before the first game

describe('record readers stream', () => {
  it('the synchronous opener gives the first game before the input ends, reading only its head', () => {
    const src = countingSource(TOTAL);
    const opened = streamRecords(src.chunks, WHOLE_READERS);
    expect(opened.format).toBe('pgn');
    const first = opened.records.next();
    expect(first.done).toBe(false);
    expect(first.value?.tags['Event']).toBe('game 1');
    // the head the format is told from (64 KB), not the input
    expect(src.pulled()).toBeLessThan(TOTAL / 4);
    opened.records.return();
    expect(src.closed()).toBe(true);
  });

  it('the stream opener (validate, convert) gives the first game before the input ends', async () => {
    let pulled = 0;
    async function* chunks(): AsyncGenerator<Uint8Array> {
      for (let i = 1; i <= TOTAL; i++) {
        pulled++;
        yield Buffer.from(gameText(i), 'utf8');
      }
    }
    const opened = await openRecordSource(chunks());
    for await (const rec of opened.records) {
      expect(rec.tags['Event']).toBe('game 1');
      break;
    }
    expect(pulled).toBeLessThan(TOTAL / 4);
  });

  it('load: game N is found by streaming and the input is closed there; the list counts all but keeps a page', () => {
    const src = countingSource(TOTAL);
    const r = readRecord(src.chunks, undefined, 700);
    expect(r.ok && r.value.tags?.find(([k]) => k === 'Event')?.[1]).toBe('game 700');
    expect(src.pulled()).toBeLessThan(TOTAL / 2);
    expect(src.closed()).toBe(true);
    const list = listRecordGames(countingSource(TOTAL).chunks, 20);
    expect(list.count).toBe(TOTAL);
    expect(list.lines).toHaveLength(20);
    expect(list.lines[19]).toMatch(/^20\. game 20 · r20 – b20 · \* \(4 plies\)$/);
    const missing = readRecord(countingSource(30).chunks, undefined, 31);
    expect(missing.ok ? null : missing.error).toBe('there is no game 31 (the file holds 30)');
  });

  it('whole bytes read in pieces give what the stream gives (encodings decided on the head)', () => {
    const text = Array.from({ length: 900 }, (_, i) => gameText(i + 1)).join('');
    const whole = readRecordBytes(Buffer.from(text, 'utf8'), WHOLE_READERS).records;
    const streamed = [...streamRecords(countingSource(900).chunks, WHOLE_READERS).records];
    expect(streamed.map((g) => g.tags['Event'])).toEqual(whole.map((g) => g.tags['Event']));
    expect(whole).toHaveLength(900);
  });

  it('the repl/play `load` of a file with many games lists its games in the pane; `load F N` opens game N', () => {
    const dir = mkdtempSync(join(tmpdir(), 'chuhan-stream-'));
    try {
      writeFileSync(join(dir, 'many.pgn'), Array.from({ length: 60 }, (_, i) => gameText(i + 1)).join(''));
      const s = new Session(getGame('xiangqi'), { players: ['human', 'human'], files: nodeFiles(dir) });
      const list = s.command('load many.pgn');
      expect(list.ok).toBe(true);
      expect(list.out[0]).toBe('many.pgn holds 60 games; type load many.pgn N to open game N:');
      // (the pane lists up to LISTED_GAMES and counts the rest: 60 are all listed)
      expect(list.out).toHaveLength(61);
      expect(list.out[60]).toMatch(/^60\. game 60 · /);
      const one = s.command('load many.pgn 45');
      expect(one.ok).toBe(true);
      expect(one.out[0]).toMatch(/^loaded 4 plies from many\.pgn \(game 45\)/);
      expect(s.recordTags.find(([k]) => k === 'Event')?.[1]).toBe('game 45');
      const gone = s.command('load nothing-here.pgn');
      expect(gone.err[0]).toMatch(/^cannot read nothing-here\.pgn: no such file or directory$/);
      const folder = s.command('load .');
      expect(folder.err[0]).toMatch(/^cannot read \.: it is a directory$/);
      // past LISTED_GAMES the rest is counted; counts are written with thousands separators
      writeFileSync(join(dir, 'more.pgn'), '1. h2e2 *\n\n'.repeat(11_234));
      const more = s.command('load more.pgn');
      expect(more.out[0]).toBe('more.pgn holds 11,234 games; type load more.pgn N to open game N:');
      expect(more.out.at(-1)).toBe('… and 1,234 more');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
