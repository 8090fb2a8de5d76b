/**
 * The text record formats players keep, on real files (fixtures/records/<format>/, see SOURCE.md):
 * GBK PGN, pychess and XBoard SAN, WXF files, DhtmlXQ pages, chu KIF and PJN, XBoard's chu FEN;
 * content detection; and bad input per format (exit code, one sentence naming file, game, place).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getGame } from '../src/games/registry.js';
import { detectTextFormat } from '../src/notation/records/detect-text.js';
import { isUtf8, openTextRecords } from '../src/notation/records/text.js';
import { parseDhtmlxq } from '../src/games/xiangqi/records/dhtmlxq.js';
import { parseKif } from '../src/notation/records/kif.js';
import { parseWxfFile } from '../src/games/xiangqi/records/wxf-file.js';
import { Replayer, } from '../src/notation/replay.js';
import { runCli } from './helpers/cli.js';

const REC = new URL('../fixtures/records/', import.meta.url).pathname;
const at = (p: string): string => join(REC, p);

interface Json {
  games: Array<Record<string, unknown> & { file: string; index: number; ok: boolean; plies: number; fen: string; result: string; notes?: string[] }>;
  summary: { files: number; games: number; ok: number; illegal: number; malformed: number };
}

async function json(...args: string[]): Promise<{ code: number; json: Json; stderr: string }> {
  const r = await runCli(['validate', ...args, '--json']);
  return { code: r.code, json: JSON.parse(r.stdout) as Json, stderr: r.stderr };
}

const noStackTrace = (s: string): void => expect(s).not.toMatch(/\n\s+at |Error:|internal error/);

describe('content detection', () => {
  it('tells the text formats apart by content, never by name', () => {
    expect(detectTextFormat(readFileSync(at('dhtmlxq/138.html'), 'utf8'))).toBe('dhtmlxq');
    expect(detectTextFormat(readFileSync(at('wxf/game1.wxf'), 'utf8'))).toBe('wxf');
    expect(detectTextFormat(readFileSync(at('kif/lishogi-style.kif'), 'utf8'))).toBe('kif');
    expect(detectTextFormat(readFileSync(at('kif/chushogilite-d22.kif'), 'utf8'))).toBe('kif');
    expect(detectTextFormat(readFileSync(at('pgn-pychess/xiangqi-pychess-2.pgn'), 'utf8'))).toBe('pgn');
    // an untagged WXF move list is PGN-like movetext
    expect(detectTextFormat(readFileSync(at('wxf/no_tag_game1.wxf'), 'utf8'))).toBe('pgn');
    expect(detectTextFormat('h2e2 h9g7\n')).toBe('pgn');
    expect(detectTextFormat(readFileSync(at('SOURCE.md'), 'utf8'))).toBe('none');
    expect(detectTextFormat(readFileSync(at('bad/no-record.html'), 'utf8'))).toBe('none');
  });

  it('decodes GB18030 only when the bytes are not UTF-8', async () => {
    const gbk = readFileSync(at('pgn-gbk/test.pgn'));
    expect(isUtf8(gbk)).toBe(false);
    expect(isUtf8(readFileSync(at('pgn-gbk/test.utf8.pgn')))).toBe(true);
    const opened = await openTextRecords((async function* () { yield gbk; })());
    expect([opened.format, opened.encoding]).toEqual(['pgn', 'gb18030']);
    const games = [];
    for await (const g of opened.records) games.push(g);
    expect(games).toHaveLength(1); // the xqbase footer is not a game
    expect(games[0]!.tags['Red']).toBe('象棋巫师(大师)');
  });
});

describe('GBK PGN (xqbase style, with the footer)', () => {
  it('GBK text after more than 64 KB of ASCII still reads as its UTF-8 conversion', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chuhan-gbk-'));
    try {
      const ascii = Buffer.from('[Event "ascii"]\n\n' + '1. h2e2 h9g7 2. h0g2 *\n\n'.repeat(3000));
      writeFileSync(join(dir, 'a.pgn'), Buffer.concat([ascii, readFileSync(at('pgn-gbk/test.pgn'))]));
      writeFileSync(join(dir, 'b.pgn'), Buffer.concat([ascii, readFileSync(at('pgn-gbk/test.utf8.pgn'))]));
      const a = await runCli(['validate', join(dir, 'a.pgn')]);
      const b = await runCli(['validate', join(dir, 'b.pgn')]);
      expect(a.code).toBe(0);
      expect(a.stdout.split('\n').at(-2)).toBe('game 3001: ok, 25 plies, *');
      expect(a.stdout).toBe(b.stdout);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  for (const name of ['test', 'endgame_test']) {
    it(`${name}.pgn reads as its UTF-8 conversion (iconv) does`, async () => {
      const a = await json(at(`pgn-gbk/${name}.pgn`));
      const b = await json(at(`pgn-gbk/${name}.utf8.pgn`));
      expect(a.code).toBe(0);
      expect(a.json.summary).toEqual({ files: 1, games: 1, ok: 1, illegal: 0, malformed: 0 });
      const strip = (g: Json['games'][number]): Record<string, unknown> => ({ ...g, file: null });
      expect(a.json.games.map(strip)).toEqual(b.json.games.map(strip));
      expect(a.json.games[0]!.plies).toBe(25);
    });
  }
});

describe('SAN records', () => {
  it('pychess: ranks 1-10, a page text before the tags is not a game', async () => {
    const r = await json(at('pgn-pychess'));
    expect(r.code).toBe(0);
    expect(r.json.games.map((g) => [g.file.split('/').pop(), g.index, g.plies, g.result])).toEqual([
      ['xiangqi-NrmGxFe1.pgn', 1, 100, '1/2-1/2'],
      ['xiangqi-pychess-2.pgn', 1, 43, '1-0'],
    ]);
    // 22. Rxc10# : the last move mates
    expect(r.json.games[1]!.reason).toBe('checkmate');
  });

  it('XBoard: ranks 0-9, pawns without a letter, moves with an origin rank (A9e8-like E6e8 read as SAN)', async () => {
    const r = await json(at('pgn-xboard/issue_545.pgn'));
    expect(r.code).toBe(0);
    expect(r.json.games[0]!.plies).toBe(112);
  });

  it('XBoard chu SAN with lion double moves, and Jocly PJN', async () => {
    const pjn = await json(at('pgn-xboard/chu-ordinaire.pjn'));
    expect([pjn.code, pjn.json.games[0]!.plies, pjn.json.games[0]!.variant]).toEqual([0, 6, 'chushogi']);
    // ChuShogiLite's mate problem: XBoard's FEN is read; the attacker has no king (tsume convention),
    // so it is played as a mate problem and replays (issue 16)
    const c22 = await runCli(['validate', at('pgn-xboard/chushogilite-c22.pgn')]);
    expect(c22.code).toBe(0);
    expect(c22.stdout).toBe('game 1: ok, 33 plies, *\n');
  });
});

describe('WXF files', () => {
  it('reads headers as tags and settles XieXie tandem-pawn moves by what follows, as notes', async () => {
    const [g] = parseWxfFile(readFileSync(at('wxf/game1.wxf'), 'utf8'));
    expect(g!.tags['Red']).toBe('XieXieMaster');
    expect(g!.tags['Date']).toBe('24-12-2022');
    expect(g!.moves[22]).toMatchObject({ text: 'E5+7', line: 13, column: 27 }); // after `!!12.`
    const r = await json(at('wxf/game1.wxf'));
    expect(r.code).toBe(0);
    const game = r.json.games[0]!;
    expect([game.plies, game.result, game.reason]).toEqual([138, '0-1', 'checkmate']);
    expect(game.notes).toEqual([
      'move 122 "P3+1" at line 38:12 is ambiguous; read as P-+1, the only reading the moves after it allow',
      'move 124 "P3.4" at line 38:33 is ambiguous; read as P-.4, the only reading the moves after it allow',
    ]);
  });

  it('untagged WXF move lists replay', async () => {
    const r = await json(at('wxf/no_tag_game1.wxf'));
    expect([r.code, r.json.games[0]!.plies]).toEqual([0, 94]);
  });
});

describe('DhtmlXQ pages', () => {
  it('finds the block in an HTML page and replays its four-digit moves', async () => {
    const [g] = parseDhtmlxq(readFileSync(at('dhtmlxq/138.html'), 'utf8'));
    expect(g!.tags['Red']).toBe('WONG Steve');
    expect(g!.tags['Result']).toBe('1-0');
    expect(g!.moves[0]).toMatchObject({ text: 'h0g2', display: '7967' });
    const r = await json(at('dhtmlxq'));
    expect(r.code).toBe(0);
    expect(r.json.games.map((g) => g.plies)).toEqual([124, 45]);
  });

  it('two blocks with the same moves are two games (a source with a game twice keeps both through convert --to dhtmlxq)', () => {
    const block = (event: string) => `[DhtmlXQ]\n[DhtmlXQ_event]${event}[/DhtmlXQ_event]\n[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n`;
    // the master games hold such pairs (Hu Ronghua: 23 of 1,391, under another year or the same tags)
    expect(parseDhtmlxq(block('1987') + '\n' + block('1989')).map((g) => [g.tags['Event'], g.moves.length])).toEqual([['1987', 2], ['1989', 2]]);
    expect(parseDhtmlxq(block('same') + '\n' + block('same'))).toHaveLength(2);
  });

  it('a binit start position becomes the FEN (side to move from the first move)', () => {
    // red general e0, advisor e1, black general e9, a red chariot a0; black moves first (e9 → d9)
    const squares = new Array<string>(32).fill('99');
    squares[0] = '09'; // red chariot a0
    squares[3] = '48'; // red advisor e1 (between the generals)
    squares[4] = '49'; // red general e0
    squares[20] = '40'; // black general e9
    const page = `<p>[DhtmlXQ][DhtmlXQ_binit]${squares.join('')}[/DhtmlXQ_binit][DhtmlXQ_movelist]4030[/DhtmlXQ_movelist][/DhtmlXQ]</p>`;
    const [g] = parseDhtmlxq(page);
    expect(g!.errors).toEqual([]);
    expect(g!.tags['FEN']).toBe('4k4/9/9/9/9/9/9/9/4A4/R3K4 b - - 0 1');
    const rep = new Replayer().replay(g!);
    expect(rep.status).toBe('ok');
  });
});

describe('KIF (chu)', () => {
  it("lishogi's KIF: three games with lion double moves, igui and 仝", async () => {
    const games = parseKif(readFileSync(at('kif/lishogi-style.kif'), 'utf8'));
    expect(games).toHaveLength(3);
    // 15 一歩目 7九獅子 （←7十） / 二歩目 6八獅子 （←7九）
    expect(games[0]!.moves[14]!.text).toBe('7j7i6h');
    // 22 7十二龍王成 （←7六）
    expect(games[0]!.moves[21]!.text).toBe('7f7l+');
    const r = await json(at('kif/lishogi-style.kif'));
    expect(r.code).toBe(0);
    expect(r.json.games.map((g) => [g.plies, g.result])).toEqual([
      [22, '0-1'],
      [81, '1-0'],
      [620, '0-1'],
    ]);
  });

  it("ChuShogiLite's KIF: the board diagram becomes the start position", () => {
    const [g] = parseKif(readFileSync(at('kif/chushogilite-d22.kif'), 'utf8'));
    expect(g!.errors).toEqual([]);
    const fen = g!.tags['FEN']!;
    const pos = getGame('chushogi').parseFen(fen);
    expect(pos.ok).toBe(true);
    // 成角 moves as 角行: a promoted leopard; 成象 moves as 酔象: a promoted go-between
    expect(fen.split(' ')[0]!.split('/')[10]).toBe('2+F3+D5');
    expect(g!.moves.map((m) => m.text).slice(0, 2)).toEqual(['10k9l', '6h5h']);
  });
});

describe("XBoard's chu FEN", () => {
  it('is read by --fen (w = Sente) as well as lishogi SFEN', async () => {
    const xb = 'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 0 1';
    const a = await runCli(['moves', '-v', 'chu', '--fen', xb]);
    const b = await runCli(['moves', '-v', 'chu']);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    const gote = await runCli(['show', '-v', 'chu', '--fen', xb.replace(' w ', ' b ')]);
    expect(gote.stdout).toMatch(/^gote to move$/m);
  });
});

describe('several inputs', () => {
  it('folders recursively in sorted order, files and stdin-less runs: file and index per game, a summary', async () => {
    const r = await json(at('dhtmlxq'), at('wxf/no_tag_game1.wxf'), at('pgn-gbk'));
    expect(r.json.games.map((g) => [g.file.slice(REC.length), g.index])).toEqual([
      ['dhtmlxq/130.html', 1],
      ['dhtmlxq/138.html', 1],
      ['wxf/no_tag_game1.wxf', 1],
      ['pgn-gbk/endgame_test.pgn', 1],
      ['pgn-gbk/endgame_test.utf8.pgn', 1],
      ['pgn-gbk/test.pgn', 1],
      ['pgn-gbk/test.utf8.pgn', 1],
    ]);
    expect(r.json.summary).toEqual({ files: 7, games: 7, ok: 7, illegal: 0, malformed: 0 });
    const human = await runCli(['validate', at('dhtmlxq')]);
    expect(human.stdout.split('\n')[0]).toBe(`${at('dhtmlxq/130.html')}: game 1: ok, 124 plies, 1/2-1/2 agreement; ruled at ply 115 (the record goes on): 1/2-1/2 repetition: the position repeated 3 times; neither side checked, or chased one same piece, with every move (plies 108–115)`);
    expect(human.stderr).toBe('summary: 2 files, 2 games: 2 ok, 0 illegal, 0 malformed\n');
  });
});

describe('bad input per format', () => {
  it('an HTML page without a record: exit 2, one sentence', async () => {
    const r = await runCli(['validate', at('bad/no-record.html')]);
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toBe(`chuhan: found no game record in ${at('bad/no-record.html')}: it is not PGN, XQF, CCBridge, WXF, DhtmlXQ or KIF\n`);
    const block = await runCli(['validate', at('bad/no-movelist.html')]);
    expect(block.code).toBe(2);
    expect(block.stdout).toBe('game 1: malformed at line 1:18: the DhtmlXQ block has neither a [DhtmlXQ_movelist] nor a [DhtmlXQ_binit]: no game in it\n');
  });

  it('a KIF with an illegal move: exit 1, the move, its place and why', async () => {
    const r = await runCli(['validate', at('bad/illegal.kif')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('game 1: illegal move 5 "5七歩兵 （←5九）" at line 7:6: the Pawn on 5i cannot move to 5g\n');
    expect(r.stderr).toMatch(/\nchuhan: 1 of 1 game in .*illegal\.kif has an illegal move\n$/);
    noStackTrace(r.stderr);
  });

  it('a malformed WXF file: exit 2', async () => {
    const r = await runCli(['validate', at('bad/unclosed.wxf')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('game 1: malformed at line 7:6: the START{ block is never closed by }END\n');
    noStackTrace(r.stderr);
  });

  it('the whole fixture folder: exit 2 (the malformed bad files), every game reported once', async () => {
    const r = await json(REC);
    expect(r.code).toBe(2);
    expect(r.json.summary.malformed).toBe(2);
    // bad/illegal.kif and BadMoveTest3.xqf (an XQF test file with an illegal move at ply 10); the
    // ChuShogiLite mate problems (chushogilite-c22.pgn, chushogilite-d22.kif) replay since issue 16
    expect(r.json.summary.illegal).toBe(2);
    noStackTrace(r.stderr);
  });
});
