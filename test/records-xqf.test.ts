/**
 * XQF records (XQStudio, versions 10-18, encrypted from 11): all 482 real files of
 * fixtures/records/xqf/ read and replayed to the final positions Fairy-Stockfish reached from the
 * same moves (fixtures/records/records-fsf.jsonl, made by scripts/oracle/records-fsf.ts), the
 * header tags and comments of known files, detection by content, and bad input through the CLI:
 * a truncated file, wrong key bytes, an illegal move — the exit code and one line naming the game
 * and the byte, never a stack trace; damaged files (seeded byte flips) never make the reader throw.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectRecordFormat } from '../src/notation/records/index.js';
import { readXqf } from '../src/games/xiangqi/records/xqf.js';
import { Replayer, type GameReport } from '../src/notation/replay.js';
import { runCli, spawnCli } from './helpers/cli.js';

/** stderr without the run's summary line (`summary: 1 file, …`), which must come first. */
const verdict = (stderr: string): string => {
  expect(stderr).toMatch(/^summary: 1 file, /);
  return stderr.slice(stderr.indexOf('\n') + 1);
};

const ROOT = new URL('..', import.meta.url).pathname;
const REC = join(ROOT, 'fixtures/records');
const XQF = join(REC, 'xqf');
const tmp = mkdtempSync(join(tmpdir(), 'chuhan-xqf-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const f of readdirSync(dir).sort()) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out;
}

interface OracleRow {
  file: string;
  index: number;
  moves: number;
  plies: number;
  fen: string;
}
const ORACLE = new Map<string, OracleRow>();
for (const line of readFileSync(join(REC, 'records-fsf.jsonl'), 'utf8').split('\n')) {
  if (!line) continue;
  const row = JSON.parse(line) as OracleRow;
  ORACLE.set(`${row.file}#${row.index}`, row);
}

const files = walk(XQF).filter((f) => !f.endsWith('.md'));
const placement = (fen: string | null): string => (fen ?? '').split(' ').slice(0, 2).join(' ');

/** The CLI in-process (most checks: spawning costs a second each), or the shipped bin. */
const cliIn = (...args: string[]) => runCli(args);
const cli = (...args: string[]) => spawnCli(args);
const noStackTrace = (stderr: string): void => {
  expect(stderr).not.toMatch(/\n\s+at |Error:|internal error/);
};

describe('XQF: every real file', () => {
  const replayer = new Replayer();
  const reports = new Map<string, { rec: ReturnType<typeof readXqf>; report: GameReport }>();
  for (const f of files) {
    const rec = readXqf(readFileSync(f));
    reports.set(relative(REC, f), { rec, report: replayer.replay(rec) });
  }

  it('has all 482 files, of every version 10-18 that XQStudio wrote', () => {
    expect(files.length).toBe(482);
    const versions: Record<number, number> = {};
    for (const f of files) {
      const v = readFileSync(f)[2]!;
      versions[v] = (versions[v] ?? 0) + 1;
    }
    expect(versions).toEqual({ 10: 46, 11: 10, 12: 34, 13: 60, 15: 10, 16: 37, 18: 285 });
  });

  it('detects every file as XQF by its content', () => {
    for (const f of files) expect(detectRecordFormat(readFileSync(f).subarray(0, 2048)), f).toBe('xqf');
  });

  it('reads every file without an error, and replays each to the position Fairy-Stockfish reached', () => {
    let plies = 0;
    let setups = 0;
    for (const [name, { rec, report }] of reports) {
      expect(rec.errors, name).toEqual([]);
      const row = ORACLE.get(`${name}#1`);
      expect(row, name).toBeDefined();
      expect(rec.moves.length, name).toBe(row!.moves);
      expect(report.plies, name).toBe(row!.plies);
      expect(placement(report.fen), name).toBe(row!.fen);
      expect(report.status, name).toBe(row!.plies === row!.moves ? 'ok' : 'illegal');
      plies += report.plies;
      if (rec.tags['FEN']) setups++;
    }
    expect(plies).toBe(24_570);
    expect(setups).toBeGreaterThan(100); // the 残局谱 (endgame compositions) start from set-up boards
  });

  it('finds the one deliberately illegal record: BadMoveTest3 plays from an empty e1 at ply 10', () => {
    const bad = [...reports].filter(([, r]) => r.report.status !== 'ok');
    expect(bad.map(([n, r]) => [n, r.report.status, r.report.error?.ply, r.report.error?.move, r.report.error?.offset])).toEqual([
      ['xqf/cchess-tests/BadMoveTest3.xqf', 'illegal', 10, 'e1f0', 1106],
    ]);
  });

  it('reads the header tags (GBK), the comments and the main line of a version 18 file', () => {
    const { rec, report } = reports.get('xqf/cchess-tests/030-黄松轩先胜冯敬如.XQF')!;
    expect(rec.tagList).toEqual([
      ['Date', '20世纪30年代'],
      ['Red', '黄松轩'],
      ['Black', '冯敬如'],
      ['Result', '1-0'],
      ['Format', 'ICCS'],
      ['Title', '030-黄松轩先胜冯敬如'],
      ['Annotator', '石镛、石炼'],
    ]);
    expect(rec.moves.slice(0, 4)).toEqual([
      { text: 'h2e2', line: 0, column: 0, offset: 1100 },
      { text: 'b9c7', line: 0, column: 0, offset: 1104 },
      { text: 'h0g2', line: 0, column: 0, offset: 1108 },
      { text: 'h9i7', line: 0, column: 0, offset: 1112 },
    ]);
    expect(rec.comments[0]).toEqual({ ply: 0, text: '冯敬如，棋艺变化多端，后走善用单提马布局，1931年广东省象棋赛季军。' });
    expect(rec.comments.length).toBe(7);
    expect(rec.variationMoves).toBe(4);
    expect([report.status, report.plies, report.result]).toEqual(['ok', 37, '1-0']);
  });

  it('reads the unencrypted version 10 the same as the encrypted version 18 of the same game', () => {
    const v10 = reports.get('xqf/cchess-tests/test1.xqf')!.rec;
    const v18 = reports.get('xqf/cchess-tests/test.xqf')!.rec;
    expect(readFileSync(join(XQF, 'cchess-tests/test1.xqf'))[2]).toBe(10);
    expect(readFileSync(join(XQF, 'cchess-tests/test.xqf'))[2]).toBe(18);
    expect(v10.moves.map((m) => m.text)).toEqual(v18.moves.map((m) => m.text));
    expect(v10.moves.length).toBe(110);
    expect(v10.tags['Red']).toBe('柳大华');
    // the same comments at the same plies (the v10 copy has a web-site footer added to its last one)
    expect(v10.comments.map((c) => c.ply)).toEqual(v18.comments.map((c) => c.ply));
    expect(v10.comments.slice(0, -1)).toEqual(v18.comments.slice(0, -1));
  });

  it('reads a composition: the set-up board as the FEN tag, the side to move from the first move', () => {
    const { rec, report } = reports.get('xqf/cchess-tests/ucci_test1.xqf')!;
    expect(rec.tags['FEN']).toBe('2b1kabn1/4aR3/3R2N2/4p1p2/5P3/4P4/3N2Pr1/4C1n2/3pAr3/4K3c w - - 0 1');
    expect([report.status, report.plies, report.result, report.reason]).toEqual(['ok', 43, '1-0', 'checkmate']);
    // the standard start gets no FEN tag
    expect(reports.get('xqf/cchess-tests/test.xqf')!.rec.tags['FEN']).toBeUndefined();
  });

  it('reads a file without moves as a game of 0 plies', () => {
    const { rec, report } = reports.get('xqf/cchess-tests/EmptyTest.xqf')!;
    expect([rec.moves.length, rec.errors.length, report.status, report.plies]).toEqual([0, 0, 'ok', 0]);
  });
});

describe('XQF: bad input', () => {
  const good = readFileSync(join(XQF, 'cchess-tests/030-黄松轩先胜冯敬如.XQF'));
  const write = (name: string, bytes: Uint8Array): string => {
    const p = join(tmp, name);
    writeFileSync(p, bytes);
    return p;
  };

  it('a file cut inside the header: exit 2, the game and the byte where it ends', () => {
    const f = write('header.xqf', good.subarray(0, 500));
    const r = cli('validate', f);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('game 1: malformed at byte 500: the file ends at byte 500, inside the 1024-byte XQF header (the file is truncated)\n');
    expect(verdict(r.stderr)).toBe(`chuhan: 1 of 1 game in ${f} is malformed\n`);
  });

  it('a file cut inside the moves: exit 2, the moves before the cut replayed, the byte of the cut', async () => {
    const f = write('moves.xqf', good.subarray(0, 1130));
    const r = await cliIn('validate', f, '--json');
    expect(r.code).toBe(2);
    const game = (JSON.parse(r.stdout) as { games: Array<Record<string, unknown>> }).games[0]!;
    expect(game['plies']).toBe(7);
    expect(game['error']).toEqual({
      ply: 8,
      move: null,
      line: 0,
      column: 0,
      offset: 1130,
      code: 'record.malformed',
      message: 'the file ends at byte 1130, inside the record of move 8 (byte 1128) (the file is truncated)',
    });
    expect(r.stderr).toBe(`chuhan: 1 of 1 game in ${f} is malformed\n`);
    noStackTrace(r.stderr);
  });

  it('wrong key bytes: exit 2, named as such', async () => {
    const bytes = Uint8Array.from(good);
    bytes[13] = (bytes[13]! + 1) & 0xff;
    const f = write('keys.xqf', bytes);
    const r = await cliIn('validate', f);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/^game 1: malformed at byte 12: wrong key bytes: the key sum and keys at bytes 12-15 \(0x97 0xDB 0x79 0x16\) do not add up to 0 mod 256, so the file cannot be decrypted\n$/);
    noStackTrace(r.stderr);
  });

  it('an unsupported version: exit 2', async () => {
    const bytes = Uint8Array.from(good);
    bytes[2] = 19;
    const r = await cliIn('validate', write('v19.xqf', bytes));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('game 1: malformed at byte 2: XQF version 19 is not supported (XQStudio wrote versions 10 to 18)\n');
  });

  it('reads an XQF file from standard input too (detected by its bytes, not a name)', () => {
    const r = spawnSync(process.execPath, [join(ROOT, 'bin/chuhan.js'), 'validate', '-'], {
      cwd: ROOT,
      input: readFileSync(join(XQF, 'cchess-tests/ucci_test1.xqf')),
      encoding: 'utf8',
    });
    expect([r.status, r.stdout]).toEqual([0, 'game 1: ok, 43 plies, 1-0 checkmate; ruled at ply 35 (the record goes on): 0-1 perpetual check: red (6 pieces) gave check 18 times in a row at plies 1–35 (seed 003 allows 6 consecutive checks with one piece, 12 with two, 18 with three)\n']);
  });

  it('an illegal move: exit 1, the ply, the move and its byte offset', async () => {
    const f = join(XQF, 'cchess-tests/BadMoveTest3.xqf');
    const r = await cliIn('validate', f);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('game 1: illegal move 10 "e1f0" at byte 1106: there is no piece on e1\n');
    expect(verdict(r.stderr)).toBe(`chuhan: 1 of 1 game in ${f} has an illegal move\n`);
  });

  it('damaged files (seeded byte flips and cuts) never make the reader or the replay throw', () => {
    let seed = 12345;
    const rnd = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    const sample = files.filter((_, i) => i % 40 === 0);
    const replayer = new Replayer();
    let damaged = 0;
    for (let k = 0; k < 400; k++) {
      const src = readFileSync(sample[k % sample.length]!);
      let bytes = Uint8Array.from(src);
      const flips = 1 + rnd(4);
      for (let j = 0; j < flips; j++) bytes[rnd(bytes.length)] = rnd(256);
      if (rnd(3) === 0) bytes = bytes.subarray(0, rnd(bytes.length));
      const rec = readXqf(bytes);
      const report = replayer.replay(rec);
      if (report.status !== 'ok') damaged++;
      for (const e of rec.errors) expect(e.offset).toBeGreaterThanOrEqual(0);
    }
    expect(damaged).toBeGreaterThan(50);
  });
});
