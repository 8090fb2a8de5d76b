/**
 * Issue 40's must-show: one fixture of every record format opened through validate --json,
 * convert --to fen, the repl's `load F N`, review --depth 1 and analyse --record — the same final
 * position from each
 * (every command opens records through notation/records/open.ts and replays them with one replayer).
 */
import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { getGame } from '../src/games/registry.js';
import { placeholderPlayer } from '../src/tui/computer.js';
import { nodeFiles } from '../src/tui/files.js';
import { runRepl } from '../src/tui/repl.js';
import { Session } from '../src/tui/session.js';
import { runCli } from './helpers/cli.js';

/** [format, file, game N of the file, the final position validate gives]. */
const CASES: ReadonlyArray<readonly [string, string, number]> = [
  ['PGN UTF-8 (Chinese moves)', 'fixtures/records/xiangqi-chinese.pgn', 1],
  ['PGN GBK', 'fixtures/records/pgn-gbk/test.pgn', 1],
  ['pychess SAN PGN', 'fixtures/records/pgn-pychess/xiangqi-pychess-2.pgn', 1],
  ['XBoard SAN PGN (xiangqi)', 'fixtures/records/pgn-xboard/issue_545.pgn', 1],
  ['XBoard PGN (chu)', 'fixtures/records/pgn-xboard/chushogilite-c22.pgn', 1],
  ['XQF', 'fixtures/records/xqf/cchess_qt/布局陷阱--飞相局对金钩炮.XQF', 1],
  ['CCBridge CBL (game 2 of 35)', 'fixtures/records/ccbridge/1989年龙化杯象棋名师邀请赛35局.CBL', 2],
  ['CCBridge CBR', 'fixtures/records/ccbridge/test.cbr', 1],
  ['CCBridge CBF', 'fixtures/records/ccbridge/test.cbf', 1],
  ['DhtmlXQ', 'fixtures/records/dhtmlxq/138.html', 1],
  ['WXF', 'fixtures/records/wxf/no_tag_game1.wxf', 1],
  ['WXF with a /* */ comment (XieXie)', 'fixtures/records/wxf/game5.wxf', 1],
  ['eglib endgame library (problem 3 of 3)', 'fixtures/records/eglib/solved.eglib', 3],
  ['elephantchess.io game dump (game 2 of 5)', 'fixtures/records/elephantchess/games-head.txt', 2],
  ['elephantchess.io per-move CSV (game 2 of 2)', 'fixtures/records/elephantchess/pvp-2games.csv', 2],
  ['KIF (chu)', 'fixtures/records/kif/chushogilite-d22.kif', 1],
  ['chu problem (JSON)', 'fixtures/records/problems/kinu01.json', 1],
  ['plain move list', 'fixtures/records/move-list.txt', 1],
];

async function validateFen(file: string, n: number): Promise<string> {
  const r = await runCli(['validate', '--json', file]);
  expect(r.code, r.stderr).toBe(0);
  const g = (JSON.parse(r.stdout) as { games: { fen: string; ok: boolean }[] }).games[n - 1]!;
  expect(g.ok).toBe(true);
  return g.fen;
}

async function convertFen(file: string, n: number): Promise<string> {
  const r = await runCli(['convert', '--to', 'fen', file]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.split('\n')[n - 1]!;
}

async function loadFen(file: string, n: number): Promise<string> {
  let out = '';
  let err = '';
  const code = await runRepl({
    session: new Session(getGame('xiangqi'), { files: nodeFiles() }),
    computer: placeholderPlayer(1),
    input: Readable.from([`load ${file} ${n}\nfen\n`]),
    io: { out: (t) => void (out += t), err: (t) => void (err += t) },
  });
  expect(err).toBe('');
  expect(code).toBe(0);
  const lines = out.trim().split('\n');
  expect(lines[0]).toMatch(/^loaded \d+ pl(y|ies) from /);
  return lines.at(-1)!;
}

async function reviewFen(file: string, n: number): Promise<string> {
  const r = await runCli(['review', '--depth', '1', '--json', '--game', String(n), file]);
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { fen: string }).fen;
}

async function analyseFen(file: string, n: number): Promise<string> {
  const r = await runCli(['analyse', '--depth', '1', '--json', '--record', file, '--game', String(n)]);
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { fen: string }).fen;
}

describe('every record format opens the same way in validate, convert, load, review and analyse', () => {
  it.each(CASES)('%s', async (_format, file, n) => {
    const fen = await validateFen(file, n);
    expect(await convertFen(file, n)).toBe(fen);
    expect(await loadFen(file, n)).toBe(fen);
    expect(await reviewFen(file, n)).toBe(fen);
    expect(await analyseFen(file, n)).toBe(fen);
  }, 120_000);
});

describe("the match runner's --openings FILE opens records too", () => {
  it('one opening per game of a record file (CBL), cut to --plies; a line list reads as before', async () => {
    const { readFileSync } = await import('node:fs');
    const { openingsFile } = await import('../src/match/openings.js');
    const pg = getGame('xiangqi').xboard;
    const cbl = openingsFile(readFileSync('fixtures/records/ccbridge/1989年龙化杯象棋名师邀请赛35局.CBL'), pg, 6);
    expect(cbl.ok).toBe(true);
    if (!cbl.ok) return;
    expect(cbl.openings.length).toBeGreaterThan(1);
    expect(cbl.openings.length).toBeLessThanOrEqual(35);
    for (const o of cbl.openings) expect(o.moves).toHaveLength(6);
    const wxf = openingsFile(readFileSync('fixtures/records/wxf/game1.wxf'), pg, 4);
    expect(wxf.ok && wxf.openings.length).toBe(1);
    const lines = openingsFile(new TextEncoder().encode('# two\nh2e2 h9g7\nb2e2 b9c7\n'), pg);
    expect(lines.ok && lines.openings.map((o) => o.moves.join(' '))).toEqual(['h2e2 h9g7', 'b2e2 b9c7']);
  });
});

describe('convert takes folders, walked as validate walks them', () => {
  it.each(['fixtures/records/ccbridge', 'fixtures/records/pgn-gbk', 'fixtures/records/problems'])('%s', async (dir) => {
    const v = await runCli(['validate', '--json', dir]);
    expect(v.code, v.stderr).toBe(0);
    const fens = (JSON.parse(v.stdout) as { games: { fen: string }[] }).games.map((g) => g.fen);
    const c = await runCli(['convert', '--to', 'fen', dir]);
    expect(c.code, c.stderr).toBe(0);
    expect(c.stdout.trim().split('\n')).toEqual(fens);
  }, 120_000);
});

describe('the record opener: a whole file read at once (load, games, openings) gives what the stream gives (validate, convert)', () => {
  it('the same games from every record fixture outside the XQF tree', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { openRecords, readRecordBytes } = await import('../src/notation/records/open.js');
    const { WHOLE_READERS } = await import('../src/notation/records/index.js');
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? (e.name === 'xqf' ? [] : walk(join(dir, e.name))) : [join(dir, e.name)]));
    const files = walk('fixtures/records')
      .concat(['fixtures/records/xqf/cchess_qt/布局陷阱--飞相局对金钩炮.XQF', 'fixtures/validate/binary.pgn', 'fixtures/validate/truncated-tag.pgn']);
    expect(files.length).toBeGreaterThan(30);
    const shape = (r: import('../src/notation/pgn.js').GameRecord) => ({ index: r.index, tags: r.tagList, moves: r.moves.map((m) => m.text), errors: r.errors.map((e) => e.message), result: r.result });
    for (const f of files) {
      const bytes = readFileSync(f);
      const streamed = [];
      for await (const r of openRecords(bytes)) streamed.push(shape(r));
      expect(readRecordBytes(bytes, WHOLE_READERS).records.map(shape), f).toEqual(streamed);
    }
  }, 120_000);
});
