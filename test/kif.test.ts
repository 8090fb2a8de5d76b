/**
 * KIF both ways as lishogi writes it (issue 41): chu's KIF writer (src/games/chushogi/kif.ts, the
 * game's `recordWriters.kif`) against lishogi's export rules (move lines `   1手目   7八歩兵 （←7九）`,
 * lion steps `  15手目一歩目 …` / `  15手目二歩目 …`, the 12-row board diagram), the reader
 * (notation/records/kif.ts) on the current, the 2022 and the older forms, round trips on the
 * fixtures made from the lishogi games (fixtures/records/kif/lishogi/, see fixtures/records/SOURCE.md),
 * and `convert --to kif` on all 49 lishogi games.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeMove, plainMove, withPromotion } from '../src/core/move.js';
import type { Position } from '../src/core/position.js';
import type { WritableRecord } from '../src/games/game.js';
import { kifBoard, kifMoveLines, writeChuKif } from '../src/games/chushogi/kif.js';
import { parseUsiSquare } from '../src/games/chushogi/squares.js';
import { getGame } from '../src/games/registry.js';
import { writeRecordFormat } from '../src/notation/convert.js';
import { parseRecords, type GameRecord } from '../src/notation/pgn.js';
import { parseKif } from '../src/notation/records/kif.js';
import { replayRecord } from '../src/notation/replay.js';
import { runCli } from './helpers/cli.js';
import { removeTempDirs, tempDir } from './helpers/tmp.js';

afterAll(removeTempDirs);

const chu = getGame('chushogi');
const LISHOGI = 'fixtures/records/kif/lishogi';
const sq = (name: string): number => parseUsiSquare(name)!;

function position(fen: string): Position {
  const p = chu.parseFen(fen);
  if (!p.ok) throw new Error(`bad test FEN ${fen}`);
  return p.value;
}

/** The record replayed: what the KIF writer gets. */
function replayed(rec: GameRecord): WritableRecord & { fen: string } {
  const r = replayRecord(rec, { keepMoves: true });
  if (r.status !== 'ok' || !r.start || !r.moves) throw new Error(`game ${rec.index}: ${r.status} ${r.error?.message ?? ''}`);
  return { start: r.start, moves: r.moves, tags: rec.tagList, result: r.recorded ?? '*', fen: r.fen!, moveTexts: rec.moves.map((m) => m.text) };
}

const usiMoves = (rec: WritableRecord): string[] => {
  const pos = rec.start.clone();
  return rec.moves.map((m) => {
    const t = chu.coordinate.format(pos, m);
    pos.play(m);
    return t;
  });
};

describe("lishogi's move lines, byte for byte", () => {
  it('plain moves, 仝, a lion double move whose first step lands on the last square (scalashogi\'s "chushogi kif render")', () => {
    // a Gold on 7h, a Pawn on 4i, a Dragon Horse on 5i (the positions of lishogi's own test)
    const pos = position('12/12/12/12/12/12/12/5G6/7HP3/12/12/1K10 b - 1');
    expect(kifMoveLines(pos, plainMove(sq('7h'), sq('7g')), 1, -1)).toBe('   1手目   7七金将 （←7八）');
    expect(kifMoveLines(pos, plainMove(sq('4i'), sq('2h')), 2, sq('7g'))).toBe('   2手目   2八歩兵 （←4九）');
    expect(kifMoveLines(pos, makeMove(sq('5i'), sq('1a'), sq('2h')), 3, sq('2h'))).toBe(
      '   3手目一歩目 仝龍馬 （←5九）\n   3手目二歩目 1一龍馬 （←2八）',
    );
  });

  it('the lines the issue quotes, from the older-form fixture written again: number, 仝, lion steps, promotion', () => {
    const [g] = parseKif(readFileSync('fixtures/records/kif/lishogi-style.kif', 'utf8'));
    const rec = replayed(g!);
    const lines = writeChuKif(rec).split('\n');
    expect(lines).toContain('   1手目   7八歩兵 （←7九）');
    expect(lines).toContain('  12手目   仝歩兵 （←7五）');
    const at = lines.indexOf('  15手目一歩目 7九獅子 （←7十）');
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toBe('  15手目二歩目 6八獅子 （←7九）');
    expect(lines).toContain('  22手目   7十二龍王成 （←7六）');
    // no 手合割 line for the normal start; the players' lines always
    expect(lines.slice(0, 3)).toEqual(['先手：', '後手：', '手数----指手---------消費時間--']);
  });

  it('a promotion on a lion double move goes on the second step; igui and pass name the square they return to', () => {
    // a Lion on 7g next to a Gote pawn on 7f: the igui, the pass, and a capture-and-move
    const pos = position('6k5/12/12/12/12/6p5/6N5/12/12/12/12/5K6 b - 1');
    expect(kifMoveLines(pos, makeMove(sq('6g'), sq('6g'), sq('6f')), 9, -1)).toBe(
      '   9手目一歩目 6六獅子 （←6七）\n   9手目二歩目 6七獅子 （←6六）',
    );
    const falcon = position('6k5/12/12/12/6p5/12/6+H5/12/12/12/12/5K6 b - 1');
    expect(kifMoveLines(falcon, withPromotion(makeMove(sq('6g'), sq('6e'), sq('6f'))), 101, sq('6f'))).toBe(
      ' 101手目一歩目 仝角鷹 （←6七）\n 101手目二歩目 6五角鷹成 （←6六）',
    );
  });
});

describe("lishogi's board diagram", () => {
  it('12 rows of three-column cells, v for Gote, 成 before a promoted piece named by its base piece', () => {
    // the position of scalashogi's diagram test, with two kings added (chuhan reads no kingless game)
    const pos = position('12/9NN1/2+H+H8/12/9+o2/12/5N3N2/5+O6/9+H2/2+H9/2+H6+H2/k10K b - 1');
    expect(kifBoard(pos)).toBe(
      [
        ' １２ １１ １０ ９  ８  ７  ６  ５  ４  ３  ２  １',
        '+------------------------------------------------+',
        '|  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・|一',
        '|  ・  ・  ・  ・  ・  ・  ・  ・  ・  獅  獅  ・|二',
        '|  ・  ・  鷹  鷹  ・  ・  ・  ・  ・  ・  ・  ・|三',
        '|  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・|四',
        '|  ・  ・  ・  ・  ・  ・  ・  ・  ・v成獅  ・  ・|五',
        '|  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・|六',
        '|  ・  ・  ・  ・  ・  獅  ・  ・  ・  獅  ・  ・|七',
        '|  ・  ・  ・  ・  ・ 成獅  ・  ・  ・  ・  ・  ・|八',
        '|  ・  ・  ・  ・  ・  ・  ・  ・  ・  鷹  ・  ・|九',
        '|  ・  ・  鷹  ・  ・  ・  ・  ・  ・  ・  ・  ・|十',
        '|  ・  ・  鷹  ・  ・  ・  ・  ・  ・  鷹  ・  ・|十一',
        '| v玉  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  玉|十二',
        '+------------------------------------------------+',
      ].join('\n'),
    );
  });

  it('a set-up start is written as a diagram (Gote to move: 後手番) and read back to the same position', () => {
    const start = position('6t4+C/5k6/5+l1g4/8X3/12/12/10+g+r/10+g+r/11+h/12/9+p2/4+S1+V4K w - 1');
    const text = writeChuKif({ start, moves: [], tags: [], result: '*' });
    expect(text).toMatch(/\+-{48}\+\n後手番\n先手：\n後手：\n手数/);
    expect(text).not.toMatch(/手合割/);
    const [g] = parseKif(text);
    expect(g!.tags['FEN']).toBe(chu.formatFen(start).replace(/ \d+$/, ' 1'));
  });

  it("lishogi's chu handicaps name the players 下手 and 上手 (上手番)", () => {
    const start = position(
      'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGK+EGSCFL w - 1',
    );
    const text = writeChuKif({ start, moves: [], tags: [['Sente', 'A'], ['Gote', 'B']], result: '*' });
    expect(text).toMatch(/\n上手番\n下手：A\n上手：B\n手数/);
    const [g] = parseKif(text);
    expect([g!.tags['Sente'], g!.tags['Gote']]).toEqual(['A', 'B']);
    // the handicap by name, and lishogi's 平手 for the normal start, are chu too
    const byName = parseKif('手合割：二枚王\n下手：A\n上手：B\n手数----指手---------消費時間--\n');
    expect(byName[0]!.errors).toEqual([]);
    expect(byName[0]!.tags['FEN']).toBe(g!.tags['FEN']);
    const even = parseKif('手合割：平手\n手数----指手---------消費時間--\n   1手目   7八歩兵 （←7九）\n');
    expect([even[0]!.errors, even[0]!.tags['FEN'], even[0]!.moves.map((m) => m.text)]).toEqual([[], undefined, ['7i7h']]);
    expect(parseKif('手合割：香落ち\n')[0]!.errors[0]!.message).toMatch(/is not chu shogi/);
  });
});

describe('header and end', () => {
  const start = position(chu.startFen);
  const moves = [plainMove(sq('7i'), sq('7h')), plainMove(sq('5d'), sq('5e')), plainMove(sq('6i'), sq('6h'))];
  const tags: [string, string][] = [
    ['Event', 'Rated Chushogi game'],
    ['Site', 'https://example.org/abcd1234'],
    ['Date', '2023.01.05'],
    ['Time', '12:34:56'],
    ['White', 'Alice'],
    ['Sente', 'Alice'],
    ['Black', 'Bob'],
    ['Gote', 'Bob'],
    ['TimeControl', '600+30'],
    ['Opening', '?'],
  ];

  it("lishogi's header lines in lishogi's order; Gote, to move, lost: 投了 after the last move", () => {
    expect(writeChuKif({ start, moves, tags, result: '1-0' })).toBe(
      [
        '開始日時：2023/01/05 12:34:56',
        '棋戦：Rated Chushogi game',
        '場所：https://example.org/abcd1234',
        '持ち時間：10分+30秒',
        '先手：Alice',
        '後手：Bob',
        '手数----指手---------消費時間--',
        '   1手目   7八歩兵 （←7九）',
        '   2手目   5五歩兵 （←5四）',
        '   3手目   6八歩兵 （←6九）',
        '   4手目   投了',
        '',
      ].join('\n'),
    );
  });

  it('the end line reads back as the same result (投了, 反則勝ち, 千日手); an unfinished game has none', () => {
    for (const result of ['1-0', '0-1', '1/2-1/2', '*']) {
      const text = writeChuKif({ start, moves, tags, result });
      const [g] = parseKif(text);
      expect(g!.result ?? '*', result).toBe(result);
      expect(replayed(g!).moves).toEqual(moves);
      // and the KIF's own header values come back as they were
      expect(writeChuKif(replayed(g!))).toBe(text);
    }
  });
});

describe('problems and several games', () => {
  it("a problem's header lines (作品名, 作者, 手数 …) come first and read back as tags; a Site-only game after another starts a new game", () => {
    const start = position('6k5/12/12/12/12/6p5/6N5/12/12/12/12/5K6 b - 1');
    const moves = [makeMove(sq('6g'), sq('6g'), sq('6f'))];
    const tags: [string, string][] = [['Composer', '作者A'], ['ProblemName', 'Tsume 1'], ['Length', '1'], ['Site', 'somewhere']];
    const one = writeChuKif({ start, moves, tags, result: '*' });
    expect(one.split('\n').slice(0, 4)).toEqual(['作品名：Tsume 1', '作者：作者A', '手数：1', '場所：somewhere']);
    const two = writeChuKif({ start, moves, tags: [['Site', 'elsewhere']], result: '*' });
    const games = parseKif(`${one}\n${two}`);
    expect(games.map((g) => [g.tags['ProblemName'], g.tags['Composer'], g.tags['Length'], g.tags['Site'], g.moves.length])).toEqual([
      ['Tsume 1', '作者A', '1', 'somewhere', 1],
      [undefined, undefined, undefined, 'elsewhere', 1],
    ]);
    expect(writeChuKif(replayed(games[0]!))).toBe(one);
  });
});

describe('the lishogi fixtures: read → write → read', () => {
  const files = readdirSync(LISHOGI).filter((f) => f.endsWith('.kif') && !f.includes('2022'));

  it.each(files)('%s is written back byte for byte, and the text read again is the same game', (file) => {
    const text = readFileSync(join(LISHOGI, file), 'utf8');
    const games = parseKif(text);
    expect(games).toHaveLength(1);
    expect(games[0]!.errors).toEqual([]);
    const rec = replayed(games[0]!);
    const written = writeChuKif(rec);
    expect(written).toBe(text);
    const again = replayed(parseKif(written)[0]!);
    expect(usiMoves(again)).toEqual(usiMoves(rec));
    expect(again.fen).toBe(rec.fen);
  });

  it("lishogi's 2022 form (`   8一歩目 …` / `   8二歩目 …`, no 手目) reads as the same game", () => {
    const now = replayed(parseKif(readFileSync(join(LISHOGI, 'game36.kif'), 'utf8'))[0]!);
    const old = replayed(parseKif(readFileSync(join(LISHOGI, 'game36-2022.kif'), 'utf8'))[0]!);
    expect(usiMoves(old)).toEqual(usiMoves(now));
    expect(now.moveTexts!.filter((m) => /^(?:\d+[a-l]){3}$/.test(m))).toHaveLength(4);
  });

  it('the older form (`  15 一歩目 …` and a bare `二歩目 …` line) reads as the game lishogi writes now', () => {
    for (const g of parseKif(readFileSync('fixtures/records/kif/lishogi-style.kif', 'utf8'))) {
      const rec = replayed(g);
      const now = replayed(parseKif(writeChuKif(rec))[0]!);
      expect(usiMoves(now)).toEqual(usiMoves(rec));
    }
  });

  it("shogiops' lion lines (`二歩目 2九獅子（居食い） （←2十）`, `(じっと)` for a pass) read as the same moves", () => {
    const text = readFileSync(join(LISHOGI, 'game36.kif'), 'utf8');
    const shogiops = text
      .replace(/^( *\d+)手目一歩目 /gm, '$1 一歩目 ')
      .replace(/^ *\d+手目二歩目 (\S+獅子) /gm, '二歩目 $1（居食い） ')
      .replace(/^( *\d+)手目 {3}/gm, '$1 ');
    expect(shogiops).toContain('\n  12 一歩目 仝獅子 （←2九）\n二歩目 2九獅子（居食い） （←2十）\n');
    const now = replayed(parseKif(text)[0]!);
    expect(usiMoves(replayed(parseKif(shogiops)[0]!))).toEqual(usiMoves(now));
    // a pass: the Lion steps to an empty square and back
    const start = position('6k5/12/12/12/12/12/6N5/12/12/12/12/5K6 b - 1');
    const pass = writeChuKif({ start, moves: [makeMove(sq('6g'), sq('6g'), sq('6f'))], tags: [], result: '*' });
    expect(pass).toContain('\n   1手目一歩目 6六獅子 （←6七）\n   1手目二歩目 6七獅子 （←6六）\n');
    const jitto = pass.replace('   1手目一歩目 ', '   1 一歩目 ').replace('   1手目二歩目 6七獅子 ', '二歩目 6七獅子(じっと) ');
    const [g] = parseKif(jitto);
    expect(g!.errors).toEqual([]);
    expect(usiMoves(replayed(g!))).toEqual(['6g6f6g']);
  });

  it('clock times on move lines (on the second step of a lion move) and variations (`変化：N手`) leave the game as it is', () => {
    const text = readFileSync(join(LISHOGI, 'game36.kif'), 'utf8');
    let k = 0;
    const timed = text.replace(/^( *\d+手目(?: {3}|二歩目 ).*)$/gm, (l) => `${l}   (00:0${(k++ % 9) + 1}/00:00:${String(10 + k).padStart(2, '0')})`);
    expect(timed).toContain('   8手目二歩目 3七獅子 （←4八）   (00:');
    const withVariation = `${timed}\n変化：12手\n  12手目   1六歩兵 （←1五）\n  13手目   2十飛車 （←3十）\n`;
    const now = usiMoves(replayed(parseKif(text)[0]!));
    for (const t of [timed, withVariation]) {
      const [g, ...more] = parseKif(t);
      expect(more).toEqual([]);
      expect(g!.errors).toEqual([]);
      expect(usiMoves(replayed(g!))).toEqual(now);
    }
  });

  it('the fixtures are the lishogi games they were made from', () => {
    const pgn = parseRecords(readFileSync('fixtures/games/chushogi/lishogi_49_games.pgn', 'utf8'));
    for (const n of [2, 24, 26, 36]) {
      const kif = replayed(parseKif(readFileSync(join(LISHOGI, `game${n}.kif`), 'utf8'))[0]!);
      const src = replayed(pgn[n - 1]!);
      expect(usiMoves(kif), `game ${n}`).toEqual(usiMoves(src));
    }
  });
});

describe('the 49 lishogi games', () => {
  const pgnFile = 'fixtures/games/chushogi/lishogi_49_games.pgn';

  it('each is written as KIF and read back to the same moves and final SFEN; writing it again gives the same text', () => {
    const games = parseRecords(readFileSync(pgnFile, 'utf8'));
    expect(games).toHaveLength(49);
    let plies = 0;
    let doubles = 0;
    for (const g of games) {
      const rec = replayed(g);
      const text = writeRecordFormat({ game: chu, ...rec }, 'kif');
      expect(text.ok).toBe(true);
      if (!text.ok || typeof text.value !== 'string') continue;
      const back = parseKif(text.value);
      expect(back).toHaveLength(1);
      const again = replayed(back[0]!);
      expect(again.fen, `game ${g.index}`).toBe(rec.fen);
      expect(again.moves).toEqual(rec.moves);
      expect(writeChuKif(again)).toBe(text.value);
      plies += rec.moves.length;
      doubles += text.value.split('\n').filter((l) => /^ *\d+手目一歩目 /.test(l)).length;
    }
    expect(plies).toBe(8688);
    // every lion move the source wrote with its middle square is written as two steps, as lishogi does
    expect(doubles).toBe(readFileSync(pgnFile, 'utf8').match(/\b(?:(?:1[0-2]|[1-9])[a-l]){3}\+?(?=\s)/g)!.length);
  });

  it('`convert --to kif` writes a file of games; `validate` reads the KIF to the same final positions as the PGN', async () => {
    const dir = tempDir('kif');
    // the first ten lishogi games (the test above writes and reads all 49 in-process)
    const some = join(dir, 'ten.pgn');
    writeFileSync(some, readFileSync(pgnFile, 'utf8').split(/\n(?=\[Event )/).slice(0, 10).join('\n'));
    const out = join(dir, 'all.kif');
    const c = await runCli(['convert', '--to', 'kif', some, '-o', out]);
    expect(c.code, c.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(/^棋戦：lishogi chushogi game 1\n先手：\n後手：\n手数----指手---------消費時間--\n {3}1手目 {3}/);
    const fens = async (file: string) => {
      const v = await runCli(['validate', '--json', file]);
      expect(v.code, v.stderr).toBe(0);
      return (JSON.parse(v.stdout) as { games: { fen: string; status: string }[] }).games.map((g) => `${g.status} ${g.fen}`);
    };
    const fromKif = await fens(out);
    expect(fromKif).toHaveLength(10);
    expect(fromKif).toEqual(await fens(some));
    // stdout too, one game after another
    const s = await runCli(['convert', '--to', 'kif', LISHOGI + '/game36.kif', LISHOGI + '/game24.kif']);
    expect(s.code, s.stderr).toBe(0);
    // game 24 ends with a royal captured while its record says nothing: the rules' result is written, with a comment saying so
    const ended = '*result by the rules: 0-1, royals captured at ply 4 (the record gives no result)\n   5手目   投了\n';
    expect(s.stdout).toBe(`${readFileSync(join(LISHOGI, 'game36.kif'), 'utf8')}\n${readFileSync(join(LISHOGI, 'game24.kif'), 'utf8')}${ended}`);
    writeFileSync(join(dir, 'two.kif'), s.stdout);
    expect(parseKif(s.stdout).map((g) => g.moves.length)).toEqual([14, 4]);
  }, 120_000);

  it("shogiops, lishogi's rules library, read the same KIF to the same positions (fixtures/convert/kif-shogiops.jsonl)", () => {
    // recorded by scripts/oracle/kif-shogiops.ts: how far shogiops read each game's KIF and its SFEN there
    const rows = readFileSync('fixtures/convert/kif-shogiops.jsonl', 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { game: number; plies: number; read: number; sfen: string; illegal: string | null; stopLine: string | null });
    const games = parseRecords(readFileSync(pgnFile, 'utf8'));
    expect(rows.map((r) => r.game)).toEqual(games.map((g) => g.index));
    let read = 0;
    let whole = 0;
    for (const row of rows) {
      const rec = replayed(games[row.game - 1]!);
      expect(row.plies).toBe(rec.moves.length);
      expect(row.illegal).toBeNull();
      const pos = rec.start.clone();
      for (const m of rec.moves.slice(0, row.read)) pos.play(m);
      expect(chu.formatFen(pos).split(' ').slice(0, 2).join(' '), `game ${row.game}`).toBe(row.sfen);
      if (row.read < row.plies) {
        // where shogiops stops: a lion's first step written 仝, or a piece name of three characters
        expect(writeChuKif(rec).split('\n')).toContain(row.stopLine);
        expect(row.stopLine).toMatch(/一歩目 仝|金飛車/);
      } else whole++;
      read += row.read;
    }
    expect(whole).toBe(22);
    expect(read).toBeGreaterThan(3000);
  });

  it('a xiangqi game is refused with one sentence: KIF is a format of Chu Shogi (exit 2)', async () => {
    const r = await runCli(['convert', '--to', 'kif', 'fixtures/convert/short.pgn']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/Xiangqi cannot be written as KIF: it is a format of Chu Shogi/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
