/**
 * Issue 41's readers of the files xiangqi players keep that needed hand conversion: cchess `.eglib`
 * endgame libraries, elephantchess.io's game dump and per-move CSV, and WXF files with `/* … *\/`
 * comments (fixtures/records/{eglib,elephantchess,wxf}/, see their SOURCE.md).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEglib } from '../src/games/xiangqi/records/eglib.js';
import { parseDump, parseMoveCsv } from '../src/games/xiangqi/records/elephantchess.js';
import { parseWxfFile } from '../src/games/xiangqi/records/wxf-file.js';
import { detectTextFormat } from '../src/notation/records/detect-text.js';
import { runCli } from './helpers/cli.js';

const REC = new URL('../fixtures/records/', import.meta.url).pathname;
const at = (p: string): string => join(REC, p);
const read = (p: string): string => readFileSync(at(p), 'utf8');

interface Json {
  games: Array<{ index: number; ok: boolean; plies: number; fen: string; result: string; reason?: string; error?: { code: string; message: string } }>;
  summary: { games: number; ok: number; illegal: number; malformed: number };
}

async function validate(...files: string[]): Promise<{ code: number; json: Json }> {
  const r = await runCli(['validate', '--json', ...files]);
  return { code: r.code, json: JSON.parse(r.stdout) as Json };
}

describe('content detection', () => {
  it('each new format is told by its content, and does not take PGN, WXF or move lists', () => {
    expect(detectTextFormat(read('eglib/level0-head.eglib'))).toBe('eglib');
    expect(detectTextFormat(read('eglib/solved.eglib'))).toBe('eglib');
    expect(detectTextFormat(read('eglib/sqyq550-head.eglib'))).toBe('eglib');
    expect(detectTextFormat('# my problems\n' + read('eglib/solved.eglib'))).toBe('eglib');
    expect(detectTextFormat('# a title\n\nsome words\n')).toBe('none');
    expect(detectTextFormat(read('elephantchess/games-head.txt'))).toBe('elephantchess');
    expect(detectTextFormat(read('elephantchess/pvp-2games.csv'))).toBe('elephantchess-csv');
    expect(detectTextFormat(read('wxf/game5.wxf'))).toBe('wxf');
    expect(detectTextFormat(read('xiangqi-iccs.pgn'))).toBe('pgn');
    expect(detectTextFormat('h2e2,h9g7,h0g2\n')).not.toBe('elephantchess');
    expect(detectTextFormat('h2e2 h9g7\n')).toBe('pgn');
    expect(detectTextFormat('a,b,c\n1,2,3\n')).toBe('none');
    expect(detectTextFormat('name|not a fen\n')).toBe('none');
  });
});

describe('eglib endgame libraries', () => {
  it('reads each line as a problem: Event the name, FEN the position, the solution as ICCS moves', () => {
    const games = parseEglib(read('eglib/solved.eglib'));
    expect(games).toHaveLength(3);
    expect(games[1]!.tags['Event']).toBe('车的杀法');
    expect(games[1]!.tags['FEN']).toBe('3a1k3/4a4/9/9/9/4R4/9/9/9/4K4 w - - 0 1');
    expect(games[1]!.tags['SetUp']).toBe('1');
    expect(games[1]!.moves.map((m) => m.text)).toEqual(['e4f4', 'f9e9', 'e0e1']);
    expect(games[1]!.moves[1]).toMatchObject({ line: 2, column: 51 });
    expect(parseEglib(read('eglib/level0-head.eglib')).map((g) => g.moves.length)).toEqual(new Array(12).fill(0));
  });

  it('a line without a FEN is an error of its problem alone; blank lines, # comments and a BOM are skipped', () => {
    const games = parseEglib('\uFEFF# comment\n兵的杀法|9/3k5/3aP4/9/9/9/9/9/9/4K4 w - - 0 1\n\njust a name\nx|4k4/9/9/9/9/9/9/9/9/4K4 w|a|b\n');
    expect(games.map((g) => g.errors.length)).toEqual([0, 1, 1]);
    expect(games[0]!.tags['Event']).toBe('兵的杀法');
    expect(games[1]!.errors[0]!.message).toContain('no FEN');
    expect(games[1]!.startLine).toBe(4);
  });

  it('validate replays the solutions to mate, and the library’s problems to their positions', async () => {
    const r = await validate(at('eglib/solved.eglib'), at('eglib/level0-head.eglib'));
    expect(r.code).toBe(0);
    expect(r.json.summary).toMatchObject({ games: 15, ok: 15 });
    expect(r.json.games.slice(0, 3).map((g) => [g.plies, g.result, g.reason])).toEqual([
      // a side with no move loses, stalemated or mated (xiangqi)
      [3, '1-0', 'stalemate'],
      [3, '1-0', 'stalemate'],
      [3, '1-0', 'checkmate'],
    ]);
    expect(r.json.games[3]!.fen).toBe('9/3k5/3aP4/9/9/9/9/9/9/4K4 w - - 0 1');
  });

  it('the real 适情雅趣550 library: solutions of one and of three plies, FEN with the side field only', async () => {
    const games = parseEglib(read('eglib/sqyq550-head.eglib'));
    expect(games).toHaveLength(12);
    expect(games[7]!.tags['Event']).toBe('第118局 多士莫及');
    expect(games[7]!.moves.map((m) => m.text)).toEqual(['c7c8', 'd8d9', 'a9f9']);
    const r = await validate(at('eglib/sqyq550-head.eglib'));
    expect(r.code).toBe(0);
    expect(r.json.summary).toMatchObject({ games: 12, ok: 12 });
    expect(r.json.games.map((g) => g.plies)).toEqual([1, 1, 1, 1, 1, 1, 1, 3, 3, 3, 3, 3]);
  });

  it('a problem whose position is not legal is malformed, the others still read', async () => {
    // line 246 of cchess's level0.eglib has a red advisor (A) on d9
    const dir = mkdtempSync(join(tmpdir(), 'chuhan-eglib-'));
    const file = join(dir, 'bad.eglib');
    writeFileSync(file, '马后炮杀法|3A1R2C/4k4/9/p1pnp3p/5N3/9/6P1P/4B4/3r5/c1BA1K3 w - - 0 1\n' + read('eglib/solved.eglib'));
    const r = await runCli(['validate', file]);
    rmSync(dir, { recursive: true, force: true });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('game 1: malformed at line 1:1: the FEN tag is not a valid xiangqi position');
    expect(r.stdout + r.stderr).toContain('4 games: 3 ok, 0 illegal, 1 malformed');
  });
});

describe('elephantchess.io exports', () => {
  it('the game dump: one game a line, id;ICCS moves from the start', () => {
    const games = parseDump(read('elephantchess/games-head.txt'));
    expect(games).toHaveLength(5);
    expect(games[0]!.tags['GameId']).toBe('iaxeugSr');
    expect(games[0]!.moves.slice(0, 3).map((m) => m.text)).toEqual(['h2e2', 'h9g7', 'h0g2']);
    expect(games[0]!.moves[1]).toMatchObject({ line: 1, column: 15 });
    expect(parseDump('abc\nx;h2e2,\n').map((g) => [g.errors.length, g.moves.length])).toEqual([
      [1, 0],
      [0, 1],
    ]);
  });

  it('the per-move CSV: a game’s rows in move_index order, players, ratings, clock and the site’s result as tags', () => {
    const games = parseMoveCsv(read('elephantchess/pvp-2games.csv'));
    expect(games).toHaveLength(2);
    expect(games.map((g) => g.moves.length)).toEqual([97, 26]);
    expect(games[0]!.tags).toMatchObject({
      GameId: 'BhBxaEr3QaEp',
      Red: 'xV3gi1vIi8f5',
      Black: '9hJAL2t7Xodm',
      RedElo: '1111',
      BlackElo: '898',
      TimeControl: '1800+0',
      Date: '2026.07.07',
      Result: '1-0',
      Termination: 'CHECKMATED',
    });
    expect(games[0]!.moves.slice(0, 2).map((m) => m.text)).toEqual(['h2h6', 'b7e7']);
    expect(games[0]!.moves[0]).toMatchObject({ line: 2, column: 36 }); // inside the quotes
  });

  it('CSV rows out of order are put in order; a missing move is an error of its game', () => {
    const head = '"move_index","move","game_id","outcome"\n';
    const [g] = parseMoveCsv(`${head}"1","h9g7","A","DRAW"\n"0","h2e2","A","DRAW"\n`);
    expect(g!.moves.map((m) => m.text)).toEqual(['h2e2', 'h9g7']);
    expect(g!.tags['Result']).toBe('1/2-1/2');
    expect(g!.tags['Termination']).toBeUndefined();
    const [open] = parseMoveCsv('"move_index","move","game_id","game_status","outcome"\n"0","h2e2","C","JOINED",""\n');
    expect([open!.tags['Status'], open!.tags['Termination'], open!.tags['Result']]).toEqual(['JOINED', undefined, undefined]);
    const [bad] = parseMoveCsv(`${head}"0","h2e2","B",""\n"2","h0g2","B",""\n`);
    expect(bad!.errors[0]!.message).toContain('moves 1–1 are missing');
  });

  it('validate replays both, and the site’s results agree with the judge', async () => {
    const r = await validate(at('elephantchess/games-head.txt'), at('elephantchess/pvp-2games.csv'));
    expect(r.code).toBe(0);
    expect(r.json.summary).toMatchObject({ games: 7, ok: 7 });
    expect(r.json.games.slice(5).map((g) => [g.plies, g.result, g.reason])).toEqual([
      [97, '1-0', 'checkmate'],
      [26, '0-1', 'resignation'],
    ]);
  });
});

describe('WXF files with /* */ comments', () => {
  it('XieXie’s game5.wxf: the comment line after the header is the Comment tag, not a malformed line', async () => {
    const [g] = parseWxfFile(read('wxf/game5.wxf'));
    expect(g!.errors).toEqual([]);
    expect(g!.tags['Comment']).toBe('Time control G5 inc. 20 seconds.');
    expect(g!.tags['Red']).toBe('XieXieMasster');
    const r = await validate(at('wxf/game5.wxf'));
    expect(r.code).toBe(0);
    expect([r.json.games[0]!.plies, r.json.games[0]!.result]).toEqual([122, '0-1']);
  });

  it('comments over several lines and inside the body are skipped where they stand; one never closed is an error', () => {
    const text = 'FORMAT WXF\n/* a\n comment */RED  X\nSTART{\n 1. C2.5 /* in the body */ H8+7\n}END\n';
    const [g] = parseWxfFile(text);
    expect(g!.errors).toEqual([]);
    expect(g!.tags['Comment']).toBe('a comment');
    expect(g!.tags['Red']).toBe('X');
    expect(g!.moves.map((m) => [m.text, m.line, m.column])).toEqual([
      ['C2.5', 5, 5],
      ['H8+7', 5, 28],
    ]);
    const [u] = parseWxfFile('FORMAT WXF\nSTART{\n 1. C2.5 H8+7\n}END\n/* open');
    expect(u!.moves).toHaveLength(2);
    expect(u!.errors.map((e) => e.message)).toEqual([expect.stringContaining('a /* comment is never closed by */')]);
  });
});
