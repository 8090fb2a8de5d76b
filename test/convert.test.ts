/**
 * `chuhan convert` and the PGN dialects (notation/convert.ts, core/san.ts): exact output per
 * dialect, Fairy-Stockfish's recorded reading of our pychess SAN (fixtures/convert/ffish-pychess.jsonl,
 * made by scripts/oracle/convert-ffish.ts), round trips, GBK, tags, `save --dialect`, load + save.
 */
import { formatProblem } from '../src/core/problem.js';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Move } from '../src/core/move.js';
import { legalMoves } from '../src/core/perft.js';
import type { Position } from '../src/core/position.js';
import { formatSan, type SanStyle } from '../src/core/san.js';
import { XBOARD_CHU_SAN } from '../src/games/chushogi/notation/dialects.js';
import { getGame, type Game } from '../src/games/registry.js';
import { PYCHESS_SAN, XBOARD_SAN } from '../src/games/xiangqi/notation/dialects.js';
import { writeDialectPgn } from '../src/notation/convert.js';
import { decodeGbk, encodeGbk } from '../src/core/gbk.js';
import { parseRecords } from '../src/notation/pgn.js';
import { Replayer } from '../src/notation/replay.js';
import { main } from '../src/cli/main.js';
import { HOLD } from '../src/cli/convert-output.js';
import { Session } from '../src/tui/session.js';
import { memFiles } from './helpers/mem-files.js';
import { runCli } from './helpers/cli.js';
import { convertSample } from './helpers/convert-sample.js';
import { removeTempDirs, tempDir } from './helpers/tmp.js';

afterAll(removeTempDirs);

const xq = getGame('xiangqi');
const chu = getGame('chushogi');
const SHORT = 'fixtures/convert/short.pgn';

const TAGS = `[Event "Test Cup"]
[Site "Beijing"]
[Date "2020.01.02"]
[Round "3"]
`;

const EXPECTED: Record<string, string> = {
  chuhan: `${TAGS}[Red "Zhang San"]
[Black "Li Si"]
[Result "1-0"]
[Variant "xiangqi"]
[Opening "Central cannon"]

1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 4. e2e6 e9e8 5. b2e2 c6c5 6. e6e5 c5c4
7. e5e7 1-0
`,
  xqbase: `[Game "Chinese Chess"]
${TAGS}[Red "Zhang San"]
[Black "Li Si"]
[Result "1-0"]
[Format "ICCS"]
[Opening "Central cannon"]

1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 4. e2e6 e9e8 5. b2e2 c6c5 6. e6e5 c5c4
7. e5e7 1-0
`,
  pychess: `${TAGS}[White "Zhang San"]
[Black "Li Si"]
[Result "1-0"]
[Variant "xiangqi"]
[Opening "Central cannon"]

1. Che3 Hg8 2. Hg3 Rh10 3. Rh1 Hc8 4. Cxe7 Ke9 5. Ce3 Pc6 6. Ce6 Pc5 7. Ce8 1-0
`,
  xboard: `${TAGS}[White "Zhang San"]
[Black "Li Si"]
[Result "1-0"]
[Variant "xiangqi"]
[Opening "Central cannon"]

1. Che2 Hg7 2. Hg2 Rh9 3. Rh0 Hc7 4. Cxe6 Ke8 5. Ce2 c5 6. Ce5 c4 7. Ce7 1-0
`,
};

/** A test-only SAN reader: the one legal move whose SAN in `style` is `text` (fails on none or several). */
function resolveSan(pos: Position, text: string, style: SanStyle): Move {
  const hits = legalMoves(pos).filter((m) => formatSan(pos, m, style) === text);
  if (hits.length !== 1) throw new Error(`${text}: ${hits.length} legal moves write so`);
  return hits[0]!;
}

/** Replays a record with the test-only resolver: the moves, for comparison with the source. */
function replaySan(game: Game, text: string, style: SanStyle): { moves: Move[]; fen: string } {
  const rec = parseRecords(text)[0]!;
  expect(rec.errors).toEqual([]);
  const fenTag = rec.tags['FEN'];
  const start = fenTag ? game.xboard.parseFen(fenTag) : game.parseFen(game.startFen);
  if (!start.ok) throw new Error(formatProblem(start.error));
  const pos = start.value;
  const moves = rec.moves.map((rm) => {
    const m = resolveSan(pos, rm.text, style);
    pos.play(m);
    return m;
  });
  return { moves, fen: game.formatFen(pos) };
}

function replayed(text: string) {
  const rep = new Replayer({ keepMoves: true }).replay(parseRecords(text)[0]!);
  expect(rep.status).toBe('ok');
  return rep;
}

describe('chuhan convert: each dialect of a known game', () => {
  for (const d of Object.keys(EXPECTED)) {
    it(`--dialect ${d} writes exactly the expected text`, async () => {
      const r = await runCli(['convert', SHORT, '--dialect', d]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(EXPECTED[d]);
    });
  }

  it('--to fen prints the final position in the dialect’s letters', async () => {
    const std = await runCli(['convert', SHORT, '--to', 'fen']);
    const xb = await runCli(['convert', SHORT, '--to', 'fen', '--dialect', 'xboard']);
    const end = replayed(readFileSync(SHORT, 'utf8')).fen!;
    expect(std.stdout).toBe(end + '\n');
    expect(xb.stdout.trim().split(' ')[0]).toBe(end.split(' ')[0]!.replace(/[nNbB]/g, (c) => ({ n: 'h', N: 'H', b: 'e', B: 'E' })[c]!));
  });
});

describe('pychess SAN against Fairy-Stockfish (recorded by scripts/oracle/convert-ffish.ts)', () => {
  const rows = readFileSync('fixtures/convert/ffish-pychess.jsonl', 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { file: string; index: number; setup: boolean; plies: number; fen: string; san: string });
  const sample = convertSample();

  it('the sample is the one ffish read (master games and set-up positions)', () => {
    expect(rows.map((r) => `${r.file}#${r.index}`)).toEqual(sample.map((s) => `${s.file}#${s.index}`));
    expect(rows.filter((r) => r.setup).length).toBe(5);
  });

  it('our SAN is ffish’s SAN move for move, and ffish reached our final position', () => {
    const replayer = new Replayer({ keepMoves: true });
    sample.forEach((s, i) => {
      const rep = replayer.replay(s.record);
      const pgn = writeDialectPgn({ game: xq, start: rep.start!, moves: rep.moves!, tags: s.record.tagList, result: '*' }, { dialect: 'pychess' });
      if (!pgn.ok) throw new Error(pgn.error);
      const ours = parseRecords(pgn.value)[0]!.moves.map((m) => m.text).join(' ');
      expect(ours, `${s.file} #${s.index}`).toBe(rows[i]!.san);
      expect(rows[i]!.plies).toBe(rep.moves!.length);
      expect(rep.fen!.split(' ').slice(0, 2)).toEqual(rows[i]!.fen.split(' ').slice(0, 2));
    });
  });
});

describe('round trips', () => {
  const source = readFileSync('fixtures/games/xiangqi/xqdb_traditional.pgn', 'utf8');
  const games = parseRecords(source).slice(0, 6);
  const replayer = new Replayer({ keepMoves: true });

  it('chuhan and xqbase (ICCS, WXF, Chinese) read back by our reader to the same moves', () => {
    for (const g of games) {
      const rep = replayer.replay(g);
      for (const [dialect, notation] of [['chuhan', undefined], ['chuhan', 'wxf'], ['xqbase', 'iccs'], ['xqbase', 'wxf'], ['xqbase', 'chinese']] as const) {
        const pgn = writeDialectPgn(
          { game: xq, start: rep.start!, moves: rep.moves!, tags: g.tagList, result: '*' },
          { dialect, ...(notation ? { notation } : {}) },
        );
        if (!pgn.ok) throw new Error(pgn.error);
        const back = replayed(pgn.value);
        expect(back.moves, `${dialect} ${notation ?? ''}`).toEqual(rep.moves);
      }
    }
  });

  it('pychess and XBoard SAN name exactly one legal move each and replay to the same game', () => {
    for (const g of games) {
      const rep = replayer.replay(g);
      for (const [dialect, style] of [['pychess', PYCHESS_SAN], ['xboard', XBOARD_SAN]] as const) {
        const pgn = writeDialectPgn({ game: xq, start: rep.start!, moves: rep.moves!, tags: g.tagList, result: '*' }, { dialect });
        if (!pgn.ok) throw new Error(pgn.error);
        expect(replaySan(xq, pgn.value, style).moves).toEqual(rep.moves);
      }
    }
  });

  it('a set-up position with Black to move keeps its FEN (XBoard letters) and move number', async () => {
    const r = await runCli(['convert', 'fixtures/convert/setup-source.pgn', '--dialect', 'xboard']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('[SetUp "1"]\n[FEN "4kae2/3ha4/4e1h2/p2C2p1p/2C6/4P1P2/c1P3c1P/H5H1E/9/2EAKA3 b 4 16"]');
    expect(r.stdout).toMatch(/\n16\.\.\. Hb7 17\. Cc7 /);
    // a soldier's straight move another soldier could also make is written in coordinates for XBoard
    expect(r.stdout).toContain(' e4e5 ');
    const src = replayed(readFileSync('fixtures/convert/setup-source.pgn', 'utf8'));
    expect(replaySan(xq, r.stdout, XBOARD_SAN).moves).toEqual(src.moves);
  });

  it('chu in XBoard SAN: lion double moves as legs, promotions, and the same game back', async () => {
    // the first five lishogi games (all 49 go through test/convert-writers.test.ts)
    const all = readFileSync('fixtures/games/chushogi/lishogi_49_games.pgn', 'utf8');
    const five = join(tempDir('chu-xboard'), 'five.pgn');
    writeFileSync(five, all.split(/\n(?=\[Event )/).slice(0, 5).join('\n'));
    const r = await runCli(['convert', five, '--dialect', 'xboard']);
    // the games XBoard cannot load are left out (test/convert-writers.test.ts), game 1 among them
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('game 1: left out');
    // game 4 too: its 1,000 plies are more than XBoard holds
    expect(r.stderr).toContain('game 4: left out: it has 1000 plies');
    expect(r.stdout).toContain('[Variant "chu"]');
    expect(r.stdout).toMatch(/ Nx[a-l]\d+-[a-l]\d+ /);
    const src = [1, 2, 4].map((i) => parseRecords(all)[i]!);
    const out = parseRecords(r.stdout).slice(0, 3);
    const chuReplayer = new Replayer({ keepMoves: true });
    src.forEach((g, i) => {
      const rep = chuReplayer.replay(g);
      const text = `[Variant "chu"]\n\n${out[i]!.moves.map((m) => m.text).join(' ')} *\n`;
      expect(replaySan(chu, text, XBOARD_CHU_SAN).moves).toEqual(rep.moves);
    });
  });
});

describe('binary inputs (through openRecords)', () => {
  it('an XQF record and a CCBridge library convert, every game, and replay back', async () => {
    const xqf = 'fixtures/records/xqf/cchess-tests/030-黄松轩先胜冯敬如.XQF';
    const a = await runCli(['convert', xqf, '--dialect', 'xqbase', '--notation', 'chinese']);
    expect(a.code).toBe(0);
    expect(a.stdout).toMatch(/^\[Game "Chinese Chess"\]\n\[Date "20世纪30年代"\]\n\[Red "黄松轩"\]\n\[Black "冯敬如"\]\n\[Result "1-0"\]\n\[Format "Chinese"\]\n/);
    expect(replayed(a.stdout).plies).toBe(37);
    const gbk = encodeGbk(a.stdout);
    expect(gbk.ok && decodeGbk(gbk.value)).toBe(a.stdout);
    const b = await runCli(['convert', 'fixtures/records/ccbridge/1989年龙化杯象棋名师邀请赛35局.CBL', '--dialect', 'pychess']);
    expect(b.code).toBe(0);
    const games = b.stdout.split(/\n(?=\[Event )/);
    expect(games.length).toBe(35);
    for (const g of games.slice(0, 3)) expect(replaySan(xq, g, PYCHESS_SAN).moves.length).toBeGreaterThan(0);
  });
});

describe('GBK', () => {
  it('decode(encode(s)) = s for the Chinese record written, and the file holds GBK bytes', async () => {
    const dir = tempDir('convert');
    const out = join(dir, 'gbk.pgn');
    const utf8 = await runCli(['convert', SHORT, '--dialect', 'xqbase', '--notation', 'chinese']);
    const r = await runCli(['convert', SHORT, '--dialect', 'xqbase', '--notation', 'chinese', '--encoding', 'gbk', '-o', out]);
    expect(r.code).toBe(0);
    const bytes = readFileSync(out);
    expect(bytes.includes(Buffer.from('炮', 'utf8'))).toBe(false);
    expect(decodeGbk(bytes)).toBe(utf8.stdout);
    expect(utf8.stdout).toContain('[Format "Chinese"]');
    const e = encodeGbk(utf8.stdout);
    expect(e.ok && Buffer.from(e.value).equals(bytes)).toBe(true);
    // 炮 is C5 DA in GBK (iconv -f utf-8 -t gbk agrees)
    const p = encodeGbk('炮');
    expect(p.ok && [...p.value]).toEqual([0xc5, 0xda]);
  });

  it('a character without a GBK code is an error sentence', () => {
    const r = encodeGbk('ok 😀');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/U\+1F600|no GBK code/);
  });
});

describe('tags', () => {
  it('players, event and other tags are carried over under the dialect’s names', async () => {
    const dir = tempDir('convert');
    const f = join(dir, 'chu.pgn');
    writeFileSync(f, '[Event "E"]\n[Sente "Alice"]\n[Gote "Bob"]\n[Annotator "me"]\n[Variant "chushogi"]\n\n1. 7i7h 7d7e *\n');
    const r = await runCli(['convert', f, '--dialect', 'xboard']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('[Event "E"]\n[White "Alice"]\n[Black "Bob"]\n[Result "*"]\n[Variant "chu"]\n[Annotator "me"]\n');
  });
});

describe('play/repl save', () => {
  it('load + save keeps every tag of the loaded record', () => {
    const files = memFiles();
    files.files.set('in.pgn', readFileSync(SHORT, 'utf8'));
    const s = new Session(xq, { files });
    expect(s.command('load in.pgn').ok).toBe(true);
    expect(s.command('save out.pgn').ok).toBe(true);
    const out = files.files.get('out.pgn')!;
    for (const t of ['[Event "Test Cup"]', '[Site "Beijing"]', '[Date "2020.01.02"]', '[Round "3"]', '[Red "Zhang San"]', '[Black "Li Si"]', '[Opening "Central cannon"]'])
      expect(out).toContain(t);
    expect(out).not.toContain('chuhan game');
    expect(out).not.toContain('"human"');
  });

  it('save --dialect writes the same text as convert', () => {
    const files = memFiles();
    files.files.set('in.pgn', readFileSync(SHORT, 'utf8'));
    const s = new Session(xq, { files });
    s.command('load in.pgn');
    for (const d of ['pychess', 'xboard', 'xqbase']) {
      const r = s.command(`save out-${d}.pgn --dialect ${d}`);
      expect(r.ok).toBe(true);
      const body = (t: string): string => t.slice(t.indexOf('\n\n'));
      expect(body(files.files.get(`out-${d}.pgn`)!)).toBe(body(EXPECTED[d]!));
    }
    const bad = s.command('save x.pgn --dialect nonsense');
    expect(bad.ok).toBe(false);
  });
});

describe('bad input', () => {
  it('exit 2 with one sentence: missing file, unknown dialect, a dialect the game lacks, bad notation', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['convert', 'no-such.pgn'], /^chuhan: cannot read no-such\.pgn: no such file\n$/],
      [['convert', SHORT, '--dialect', 'lichess'], /^chuhan: unknown dialect "lichess" \(use chuhan, xqbase, pychess, xboard\)\n$/],
      [['convert', SHORT, '--dialect', 'xqbase', '--notation', 'uci'], /^chuhan: fixtures\/convert\/short\.pgn: game 1: the xqbase dialect writes iccs, wxf, chinese, not "uci"\n$/],
      [['convert', 'fixtures/records/chushogi-usi.pgn', '--dialect', 'pychess'], /^chuhan: .*game 1: Chu Shogi cannot be written in the pychess dialect\n$/],
      [['convert', SHORT, '--encoding', 'latin1'], /^chuhan: unknown encoding "latin1" \(use utf-8 or gbk\)\n$/],
    ];
    for (const [args, re] of cases) {
      const r = await runCli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(re);
      expect(r.stdout).toBe('');
    }
  });

  it('-o naming one of the inputs is refused, the input left as it was (the output is written while the inputs are read)', async () => {
    const dir = tempDir('convert');
    const f = join(dir, 'same.pgn');
    writeFileSync(f, '1. h2e2 h9g7 *\n');
    const r = await runCli(['convert', f, '-o', join(dir, '.', 'same.pgn')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^chuhan: cannot write .*same\.pgn: it is one of the inputs\n$/);
    expect(readFileSync(f, 'utf8')).toBe('1. h2e2 h9g7 *\n');
  });

  it('-o DIR that can never be made (under /proc) is exit 2 at once, not a hang (Node 20 mkdir -p loops there)', async () => {
    const r = await runCli(['convert', 'fixtures/validate/one-game.pgn', '-o', '/proc/no-such-chuhan-dir/x/']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^chuhan: cannot make the folder \/proc\/no-such-chuhan-dir\/x\/: ENOENT/);
  });

  it('a game with an illegal move is left out (exit 1, naming file, game, ply and move as validate does); the others are written', async () => {
    const dir = tempDir('convert');
    const f = join(dir, 'bad.pgn');
    writeFileSync(f, '1. h2e2 h9g7 *\n\n1. h2e2 h9g7 2. h2h9 *\n\n1. h2e2 h9g7 2. b0c2 *\n');
    const r = await runCli(['convert', f, '--dialect', 'pychess']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `chuhan: ${f}: game 2: left out: illegal move 3 "h2h9" at line 3:17: there is no piece on h2\n` + 'chuhan: 1 game of 3 left out: it has an illegal move (see above)\n',
    );
    // games 1 and 3, as they are written without the bad one
    const good = join(dir, 'good.pgn');
    writeFileSync(good, '1. h2e2 h9g7 *\n\n1. h2e2 h9g7 2. b0c2 *\n');
    const g = await runCli(['convert', good, '--dialect', 'pychess']);
    expect(g.code).toBe(0);
    expect(r.stdout).toBe(g.stdout);
    expect(r.stdout.split('\n\n[').length).toBe(2);
  });

  it('a malformed game is left out too, and the run ends with exit 2 as validate\'s (the game before it written)', async () => {
    const r = await runCli(['convert', 'fixtures/validate/truncated-tag.pgn']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^chuhan: fixtures\/validate\/truncated-tag\.pgn: game 2: left out: malformed at line 5:1: unterminated tag pair .*\nchuhan: 1 game of 2 left out: it is malformed \(see above\)\n$/);
    expect(r.stdout).toMatch(/^\[Event "cut in a tag"\][\s\S]*\n1\. h2e2 h9g7 \*\n$/);
  });

  it('a folder with one bad file: the others are converted into -o DIR, the bad one named, exit 1', async () => {
    const src = tempDir('convert');
    mkdirSync(join(src, 'in'));
    writeFileSync(join(src, 'in', 'a.pgn'), '1. h2e2 h9g7 *\n');
    writeFileSync(join(src, 'in', 'b.pgn'), '1. h2e2 h9g7 2. h2h9 *\n');
    // a source of several games keeps its numbered names when one of them is left out
    writeFileSync(join(src, 'in', 'c.pgn'), '1. e3e5 *\n\n1. b0c2 *\n');
    writeFileSync(join(src, 'in', 'd.pgn'), '1. c3c4 *\n');
    // …also when the game left out is the last one
    writeFileSync(join(src, 'in', 'e.pgn'), '1. g3g4 *\n\n1. e3e5 *\n');
    const out = join(src, 'out');
    const r = await runCli(['convert', join(src, 'in'), '-o', `${out}/`]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/b\.pgn: game 1: left out: illegal move 3 "h2h9" at line 1:17: there is no piece on h2\n/);
    expect(r.stderr).toMatch(/c\.pgn: game 1: left out: illegal move 1 "e3e5" at line 1:4: .+\n/);
    expect(r.stderr).toContain('converted 4 games into 4 files in');
    expect(r.stderr).toMatch(/chuhan: 3 games of 7 left out: they have illegal moves \(see above\)\n$/);
    expect(readdirSync(out).sort()).toEqual(['a.pgn', 'c-002.pgn', 'd.pgn', 'e-001.pgn']);
    expect(readFileSync(join(out, 'c-002.pgn'), 'utf8')).toContain('1. b0c2 *');
  });

  it('a file that cannot be read among several (a link to /proc/self/mem: EIO, for root too) is left out with a line, the others written, exit 2', async () => {
    const dir = tempDir('convert');
    writeFileSync(join(dir, 'a.pgn'), '1. h2e2 h9g7 *\n\n1. h2e2 h9g7 2. h2h9 *\n');
    writeFileSync(join(dir, 'c.pgn'), '1. c3c4 *\n');
    const mem = join(dir, 'b.pgn');
    symlinkSync('/proc/self/mem', mem);
    const good = await runCli(['convert', join(dir, 'a.pgn'), join(dir, 'c.pgn'), '--to', 'fen']);
    const r = await runCli(['convert', join(dir, 'a.pgn'), mem, join(dir, 'c.pgn'), '--to', 'fen']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe(good.stdout);
    expect(r.stdout.split('\n').length).toBe(3);
    expect(r.stderr).toBe(
      `chuhan: ${join(dir, 'a.pgn')}: game 2: left out: illegal move 3 "h2h9" at line 3:17: there is no piece on h2\n` +
        `chuhan: ${mem}: left out: cannot read it: an input/output error\n` +
        `chuhan: 1 game of 3 left out: it has an illegal move (see above); cannot read ${mem}: an input/output error\n`,
    );
    // -o DIR: the others' files; only files that cannot be read: their sentence, nothing written
    const out = join(dir, 'out');
    const d = await runCli(['convert', join(dir, 'c.pgn'), mem, '-o', `${out}/`]);
    expect([d.code, readdirSync(out)]).toEqual([2, ['c.pgn']]);
    expect(d.stderr).toBe(`chuhan: ${mem}: left out: cannot read it: an input/output error\nconverted 1 game into 1 file in ${out}/\nchuhan: cannot read ${mem}: an input/output error\n`);
    const gone = join(dir, 'gone.pgn');
    symlinkSync(join(dir, 'no-such-target.pgn'), gone);
    const none = await runCli(['convert', mem, gone, '-o', join(dir, 'none.pgn')]);
    expect([none.code, none.stdout, existsSync(join(dir, 'none.pgn'))]).toEqual([2, '', false]);
    expect(none.stderr).toMatch(/left out: cannot read it: no such file\nchuhan: cannot read ".*b\.pgn" and ".*gone\.pgn": an input\/output error for 1, no such file for 1\n$/);
    // named alone: as ever, its sentence and nothing else
    const alone = await runCli(['convert', mem]);
    expect([alone.code, alone.stdout, alone.stderr]).toEqual([2, '', `chuhan: cannot read ${mem}: an input/output error\n`]);
  });

  it.skipIf(process.getuid?.() === 0)('a folder with a file it may not read (chmod 000; skipped as root, whose reads it does not stop): the others converted, exit 2', async () => {
    const dir = tempDir('convert');
    mkdirSync(join(dir, 'in'));
    writeFileSync(join(dir, 'in', 'a.pgn'), '1. h2e2 h9g7 *\n');
    writeFileSync(join(dir, 'in', 'b.pgn'), '1. c3c4 *\n');
    writeFileSync(join(dir, 'in', 'c.pgn'), '1. g3g4 *\n');
    chmodSync(join(dir, 'in', 'b.pgn'), 0);
    try {
      const r = await runCli(['convert', join(dir, 'in'), '--to', 'fen']);
      expect(r.code).toBe(2);
      expect(r.stdout.split('\n').length).toBe(3);
      expect(r.stderr).toBe(`chuhan: ${join(dir, 'in', 'b.pgn')}: left out: cannot read it: permission denied\nchuhan: cannot read ${join(dir, 'in', 'b.pgn')}: permission denied\n`);
    } finally {
      chmodSync(join(dir, 'in', 'b.pgn'), 0o644);
    }
  });

  if (process.getuid?.() === 0) console.log('convert.test.ts: the chmod 000 test is skipped as root (chmod 000 does not stop root\'s reads); the link to /proc/self/mem covers it');

  it('no game could be converted: nothing written, no -o file, exit 1', async () => {
    const dir = tempDir('convert');
    const f = join(dir, 'bad.pgn');
    writeFileSync(f, '1. h2e2 h9g7 2. h2h9 *\n');
    const out = join(dir, 'out.pgn');
    const r = await runCli(['convert', f, '-o', out]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^chuhan: .*bad\.pgn: game 1: left out: illegal move 3 "h2h9" .+\nchuhan: 1 game of 1 left out: it has an illegal move \(see above\)\n$/);
    expect(existsSync(out)).toBe(false);
    const s = await runCli(['convert', f]);
    expect([s.code, s.stdout]).toEqual([1, '']);
  });
});

describe('convert streams its output (convert-output.ts)', () => {
  // games of about 2,070 characters written (a long Event tag): BIG of them are past the held megabyte
  const EVENT = 'x'.repeat(2000);
  const game = `[Event "${EVENT}"]\n\n1. h2e2 h9g7 *\n\n`;
  const BIG = Math.ceil((HOLD * 1.2) / 2050);
  let whole = '';
  const bigFile = (bad: boolean): string => {
    const f = join(tempDir('convert'), 'big.pgn');
    writeFileSync(f, game.repeat(BIG) + (bad ? '1. h2e2 h9g7 2. h2h9 *\n' : ''));
    return f;
  };

  it('a failure past the held megabyte: standard output keeps what went out, a -o file is removed', async () => {
    const good = await runCli(['convert', bigFile(false)]);
    expect(good.code).toBe(0);
    expect(good.stdout.length).toBeGreaterThan(HOLD);
    whole = good.stdout;
    // the failure: a file named after the big one that holds no game (exit 2)
    const empty = join(tempDir('convert'), 'empty.pgn');
    writeFileSync(empty, '');
    const r = await runCli(['convert', bigFile(false), empty]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`chuhan: found no games in ${empty}\n`);
    expect(r.stdout.length).toBeGreaterThanOrEqual(HOLD);
    expect(good.stdout.startsWith(r.stdout)).toBe(true);
    const out = join(tempDir('convert'), 'out.pgn');
    const o = await runCli(['convert', bigFile(false), empty, '-o', out]);
    expect(o.code).toBe(2);
    expect(o.stdout).toBe('');
    expect(existsSync(out)).toBe(false);
    // an illegal game past the held megabyte is left out: every other game goes out, exit 1
    const bad = bigFile(true);
    const l = await runCli(['convert', bad]);
    expect(l.code).toBe(1);
    expect(l.stderr).toMatch(/^chuhan: .*big\.pgn: game \d+: left out: illegal move 3 "h2h9".*\nchuhan: 1 game of \d+ left out: it has an illegal move \(see above\)\n$/);
    expect(l.stdout).toBe(good.stdout);
    // the same file converted whole to -o: the same bytes as standard output
    const o2 = await runCli(['convert', bigFile(false), '-o', out]);
    expect(o2.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(good.stdout);
  });

  it('on standard output, each piece written waits for the one before to go out', async () => {
    const pieces: number[] = [];
    let waiting = 0;
    let unpaced = 0;
    let text = '';
    const code = await main(['convert', bigFile(false)], {
      out: (t) => {
        if (waiting > 0) unpaced++;
        waiting++;
        pieces.push(t.length);
        text += t;
      },
      err: () => {},
      isTTY: false,
      env: {},
      drained: () =>
        new Promise<void>((resolve) =>
          setImmediate(() => {
            waiting = 0;
            resolve();
          }),
        ),
    });
    expect(code).toBe(0);
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces[0]).toBeGreaterThanOrEqual(HOLD);
    expect(unpaced).toBe(0);
    if (whole === '') whole = (await runCli(['convert', bigFile(false)])).stdout;
    expect(text).toBe(whole);
  });

  it('-o DIR --force never writes over one of the inputs', async () => {
    const dir = tempDir('convert');
    mkdirSync(join(dir, 'out'));
    const f = join(dir, 'out', 'same.pgn');
    writeFileSync(f, '1. h2e2 h9g7 *\n');
    const r = await runCli(['convert', f, '-o', join(dir, 'out'), '--force']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^chuhan: cannot write .*same\.pgn: it is one of the inputs\n$/);
    expect(readFileSync(f, 'utf8')).toBe('1. h2e2 h9g7 *\n');
  });
});
