
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectRecordFormat, readBinaryRecords } from '../src/notation/records/index.js';
import { readCbf, readCbl, readCbr } from '../src/games/xiangqi/records/ccbridge.js';
import { Replayer } from '../src/notation/replay.js';
import { runCli, spawnCli } from './helpers/cli.js';

/** stderr without the run's summary line (`summary: 1 file, …`), which must come first. */
const verdict = (stderr: string): string => {
  expect(stderr).toMatch(/^summary: 1 file, /);
  return stderr.slice(stderr.indexOf('\n') + 1);
};

const ROOT = new URL('..', import.meta.url).pathname;
const REC = join(ROOT, 'fixtures/records');
const CB = join(REC, 'ccbridge');
const LIB56 = join(CB, '1956年全国象棋锦标赛93局.CBL');
const LIB89 = join(CB, '1989年龙化杯象棋名师邀请赛35局.CBL');
const tmp = mkdtempSync(join(tmpdir(), 'chuhan-ccbridge-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface OracleRow {
  file: string;
  index: number;
  moves: number;
  plies: number;
  fen: string;
}
const oracle = readFileSync(join(REC, 'records-fsf.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as OracleRow)
  .filter((r) => r.file.startsWith('ccbridge/'));
const placement = (fen: string | null): string => (fen ?? '').split(' ').slice(0, 2).join(' ');

/** The CLI in-process (most checks: spawning costs a second each), or the shipped bin. */
const cliIn = (...args: string[]) => runCli(args);
const cli = (...args: string[]) => spawnCli(args);
const write = (name: string, bytes: Uint8Array): string => {
  const p = join(tmp, name);
  writeFileSync(p, bytes);
  return p;
};

describe('CCBridge: the real files', () => {
  it('detects each kind by its content', () => {
    expect(detectRecordFormat(readFileSync(LIB56))).toBe('cbl');
    expect(detectRecordFormat(readFileSync(join(CB, 'test.cbr')))).toBe('cbr');
    expect(detectRecordFormat(readFileSync(join(CB, 'test.cbf')))).toBe('cbf');
    expect(detectRecordFormat(readFileSync(join(REC, 'xiangqi-iccs.pgn')))).toBe('text');
    expect(detectRecordFormat(new TextEncoder().encode('<html><body>XQ</body></html>'))).toBe('text');
  });

  it('reads every game of both libraries: 93 and 35 (section headings and a deleted record are not games)', () => {
    expect(readCbl(readFileSync(LIB56)).length).toBe(93);
    const lib89 = readCbl(readFileSync(LIB89));
    expect(lib89.length).toBe(35);
    // 38 records on disk: two headings with an empty board ("男子组20局", "女子组15局") and one deleted copy
    expect(lib89.map((r) => r.tags['Title'])).not.toContain('龙化杯象棋名师邀请赛对局（男子组20局）');
    expect(lib89.filter((r) => r.tags['Title'] === '第五轮 陈淑兰 先胜 高华').length).toBe(1);
    expect(lib89.map((r) => r.index)).toEqual(Array.from({ length: 35 }, (_, i) => i + 1));
  });

  it('replays every game to the position Fairy-Stockfish reached from the same moves', () => {
    const replayer = new Replayer();
    let games = 0;
    for (const file of ['1956年全国象棋锦标赛93局.CBL', '1989年龙化杯象棋名师邀请赛35局.CBL', 'test.cbr', 'test.cbf']) {
      const bytes = readFileSync(join(CB, file));
      const recs = readBinaryRecords(bytes, detectRecordFormat(bytes) as 'cbl');
      const rows = oracle.filter((r) => r.file === `ccbridge/${file}`);
      expect(recs.length, file).toBe(rows.length);
      for (const [i, rec] of recs.entries()) {
        const report = replayer.replay(rec);
        const row = rows[i]!;
        expect([rec.index, rec.errors], `${file} ${i + 1}`).toEqual([row.index, []]);
        expect([report.status, report.plies, placement(report.fen)], `${file} game ${rec.index}`).toEqual(['ok', row.plies, row.fen]);
        expect(row.plies).toBe(row.moves);
        games++;
      }
    }
    expect(games).toBe(130);
  });

  it('reads the header of a library game (UTF-16) and its moves with byte offsets', () => {
    const g = readCbl(readFileSync(LIB89))[0]!;
    expect(g.tagList).toEqual([
      ['Event', '1989年龙化杯象棋名师邀请赛'],
      ['Site', '柳州市'],
      ['Date', '1989年6月3日'],
      ['Red', '徐天红'],
      ['Black', '徐天利'],
      ['Result', '1/2-1/2'],
      ['Format', 'ICCS'],
      ['Title', '第一轮 徐天红 先和 徐天利'],
      ['Annotator', '覃瑞忠、屠景明、许纯钦'],
    ]);
    expect(g.moves.slice(0, 2)).toEqual([
      { text: 'c3c4', line: 0, column: 0, offset: 108266 },
      { text: 'c9e7', line: 0, column: 0, offset: 108270 },
    ]);
    expect(g.comments[0]).toEqual({ ply: 14, text: '（图）' });
  });

  it('reads a CBR: main line, comments, variations skipped', () => {
    const r = readCbr(readFileSync(join(CB, 'test.cbr')));
    expect([r.moves.length, r.variationMoves, r.comments.length, r.tags['Title']]).toEqual([28, 74, 6, '黄丹青讲座004-破解新式弃马局的攻防要领']);
    expect(r.comments[0]).toEqual({ ply: 11, text: '不急用平车压马，黑有炮8平9，马3退5变化。' });
  });

  it('reads a CBF (XML): tags from <Head>, moves with line:column, comments from CDATA', () => {
    const r = readCbf(readFileSync(join(CB, 'test.cbf')));
    expect(r.tags['Event']).toBe('居荣鑫《象棋古谱全局三种》');
    expect(r.tags['Annotator']).toBe('居荣鑫');
    expect(r.tags['FEN']).toBeUndefined(); // the standard start, written out in <FEN>
    expect(r.moves.slice(0, 2)).toEqual([
      { text: 'h2e2', line: 40, column: 3 },
      { text: 'h9g7', line: 41, column: 3 },
    ]);
    expect(r.moves.length).toBe(50);
    expect(r.comments[0]).toEqual({ ply: 0, text: '中炮横车盘头马对屏风马双炮巡河' });
  });

  it('chuhan validate --json on a library: one object per game, the summary counts the games', async () => {
    const r = await runCli(['validate', LIB56, '--json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout) as { games: Array<{ index: number; plies: number }>; summary: Record<string, number> };
    expect(json.summary).toEqual({ files: 1, games: 93, ok: 93, illegal: 0, malformed: 0 });
    expect(json.games.reduce((n, g) => n + g.plies, 0)).toBe(7313);
  });
});

describe('CCBridge: bad input', () => {
  const lib = readFileSync(LIB56);
  const first = 66624 + 128 * 276;

  it('a library cut inside a game: the games before it, then exit 2 naming the game and the byte', () => {
    const cut = first + 49 * 4096 + 2400;
    const f = write('cut-inside.cbl', lib.subarray(0, cut));
    const r = cli('validate', f);
    expect(r.code).toBe(2);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.length).toBe(50);
    expect(lines.slice(0, 49).every((l) => / ok, /.test(l))).toBe(true);
    expect(lines[49]).toBe(
      `game 50: malformed at byte ${cut}: the file ends at byte ${cut}, inside the record of move 46 (byte ${cut - 2}) of game 50 of the library (the file is truncated)`,
    );
    expect(verdict(r.stderr)).toBe(`chuhan: 1 of 50 games in ${f} is malformed\n`);
  });

  it('a library cut between games: exit 2, the index lists more games than the file holds', async () => {
    const cut = first + 49 * 4096;
    const r = await cliIn('validate', write('cut-between.cbl', lib.subarray(0, cut)));
    expect(r.code).toBe(2);
    expect(r.stdout.trimEnd().split('\n').pop()).toBe(
      `game 50: malformed at byte ${cut}: the library ends at byte ${cut} after 49 of the 93 records its index lists (93 live); the file is cut`,
    );
  });

  it('a library cut inside its index, a truncated CBR and CBF: exit 2, one line each, no stack trace', async () => {
    const a = await cliIn('validate', write('cut-index.cbl', lib.subarray(0, 70000)));
    expect([a.code, a.stdout]).toEqual([
      2,
      'game 1: malformed at byte 70000: the file ends at byte 70000, inside the library\'s index, which runs to byte 101952 (the file is truncated)\n',
    ]);
    const cbr = readFileSync(join(CB, 'test.cbr'));
    const b = await cliIn('validate', write('cut.cbr', cbr.subarray(0, 2000)));
    expect([b.code, b.stdout]).toEqual([2, 'game 1: malformed at byte 2000: the file ends at byte 2000, inside the 2214-byte CBR header (the file is truncated)\n']);
    const c = await cliIn('validate', write('cut.cbf', readFileSync(join(CB, 'test.cbf')).subarray(0, 2000)));
    expect(c.code).toBe(2);
    expect(c.stdout).toMatch(/^game 1: malformed at line \d+:\d+: the <MoveList> is never closed \(the file is truncated\)\n$/);
    for (const x of [a, b, c]) expect(x.stderr).not.toMatch(/\n\s+at |Error:|internal error/);
  });

  it('damaged libraries (seeded byte flips and cuts) never make the reader or the replay throw', () => {
    let seed = 777;
    const rnd = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    const replayer = new Replayer();
    let bad = 0;
    const small = readFileSync(LIB89);
    for (let k = 0; k < 40; k++) {
      let bytes = Uint8Array.from(small);
      for (let j = 0; j < 20; j++) bytes[first + rnd(bytes.length - first)] = rnd(256);
      if (k % 2) bytes = bytes.subarray(0, first + rnd(bytes.length - first));
      for (const rec of readCbl(bytes)) if (replayer.replay(rec).status !== 'ok') bad++;
    }
    const cbr = readFileSync(join(CB, 'test.cbr'));
    for (let k = 0; k < 200; k++) {
      let bytes = Uint8Array.from(cbr);
      bytes[2120 + rnd(bytes.length - 2120)] = rnd(256);
      if (k % 2) bytes = bytes.subarray(0, rnd(bytes.length));
      if (replayer.replay(readCbr(bytes)).status !== 'ok') bad++;
    }
    expect(bad).toBeGreaterThan(50);
  });
});
