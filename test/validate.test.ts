/**
 * `chuhan validate` (cli.md): real game collections, every kind of bad input with its exit code and
 * message, JSON shape, streaming from stdin and a large file with a capped heap.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, closeSync, copyFileSync, mkdirSync, mkdtempSync, openSync, symlinkSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, spawnCli as spawnBin } from './helpers/cli.js';
import { CHU_GAMES, XQ_GAMES } from './helpers/fixtures.js';
import { FULL_TESTS } from './helpers/sample.js';
import { removeTempDirs, tempDir } from './helpers/tmp.js';

const ROOT = new URL('..', import.meta.url).pathname;
const XQ = XQ_GAMES;
const CHU = CHU_GAMES;
const FIX = new URL('../fixtures/validate/', import.meta.url).pathname;
const tmp = tempDir('validate');
afterAll(removeTempDirs);

/**
 * A file that cannot be read, for root too (chmod 000 does not stop root): a link to
 * /proc/self/mem, which opens and then fails at its first read with EIO.
 */
function unreadableLink(name: string): string {
  const path = join(tmp, name);
  symlinkSync('/proc/self/mem', path);
  return path;
}

const ROOT_USER = process.getuid?.() === 0;

function tmpFile(name: string, content: string | Buffer): string {
  const path = join(tmp, name);
  writeFileSync(path, content);
  return path;
}

interface GameJson {
  file: string;
  index: number;
  ok: boolean;
  plies: number;
  fen: string | null;
  result: string;
  reason: string | null;
  error: { ply: number; move: string | null; line: number; column: number; code: string; message: string } | null;
}
interface ValidateJson {
  games: GameJson[];
  summary: { files: number; games: number; ok: number; illegal: number; malformed: number };
}

async function validateJson(...args: string[]): Promise<{ code: number; json: ValidateJson; stderr: string }> {
  const r = await runCli(['validate', ...args, '--json']);
  return { code: r.code, json: JSON.parse(r.stdout) as ValidateJson, stderr: r.stderr };
}

/** `validate --json` of the 49 lishogi games, run once for the tests that read it (8,688 plies to replay). */
let lishogi: ReturnType<typeof validateJson> | undefined;
const lishogiJson = () => (lishogi ??= validateJson(join(CHU, 'lishogi_49_games.pgn')));

/** Runs the CLI in a child process (stdin, heap limits), from the TypeScript sources. */
function spawnCli(args: string[], options: { input?: string; heapMb?: number } = {}) {
  const node = [
    ...(options.heapMb ? [`--max-old-space-size=${options.heapMb}`] : []),
    '--import',
    'tsx',
    '-e',
    `import(${JSON.stringify(join(ROOT, 'src/cli/main.ts'))}).then((m) => m.main(process.argv.slice(1))).then((c) => { process.exitCode = c; })`,
    ...args,
  ];
  return spawnSync(process.execPath, node, { cwd: ROOT, input: options.input, encoding: 'utf8', maxBuffer: 64 << 20 });
}

const noStackTrace = (stderr: string) => {
  expect(stderr).not.toMatch(/\n\s+at |Error:|internal error/);
};

describe('validate on real game collections', () => {
  it('all 2,516 master games (221,678 plies) are legal', () => {
    // through the shipped bin, as the throughput command of docs/performance.md runs it (in-process under vitest's
    // transformed sources this took ten times as long)
    const r = spawnBin(['validate', join(XQ, 'Hu_Ronghua_1391_UCI_games.pgn'), join(XQ, 'Liu_Dahua_1125_UCI_games.pgn'), '--json']);
    expect(r.code, r.stderr).toBe(0);
    const json = JSON.parse(r.stdout) as ValidateJson;
    expect(json.summary).toEqual({ files: 2, games: 2516, ok: 2516, illegal: 0, malformed: 0 });
    const games = json.games;
    expect(games.filter((g) => g.file.endsWith('Hu_Ronghua_1391_UCI_games.pgn')).length).toBe(1391);
    expect(games.reduce((n, g) => n + g.plies, 0)).toBe(221_678);
  });

  it('the 15 xqdb games read the same in ICCS, WXF and Chinese', async () => {
    const runs = await Promise.all(
      ['bulk_games_uci.pgn', 'xqdb_international.pgn', 'xqdb_traditional.pgn'].map((f) => validateJson(join(XQ, f))),
    );
    for (const r of runs) {
      expect(r.code).toBe(0);
      expect(r.json.summary.ok).toBe(15);
    }
    const [iccs, wxf, chinese] = runs.map((r) => r.json.games);
    expect(wxf!.map((g) => g.fen)).toEqual(chinese!.map((g) => g.fen));
    expect(iccs!.map((g) => g.plies)).toEqual(wxf!.map((g) => g.plies));
    // the one ply where the sources disagree (see notation-xqdb.test.ts) changes game 2's final position only
    expect(iccs!.filter((g, i) => g.fen !== wxf![i]!.fen).map((g) => g.index)).toEqual([2]);
  });

  it('all 49 lishogi chu shogi games (8,688 plies) are legal, with SFEN positions', async () => {
    const { code, json } = await lishogiJson();
    expect(code).toBe(0);
    expect(json.summary).toEqual({ files: 1, games: 49, ok: 49, illegal: 0, malformed: 0 });
    expect(json.games.reduce((n, g) => n + g.plies, 0)).toBe(8688);
    expect(json.games[0]!.fen).toMatch(/^[1-9a-zA-Z+/]+ [bw] (-|\d+[a-l]) \d+$/);
  });
});

describe('validate output', () => {
  it('reports each game, the illegal one with ply, text, line:column and reason (exit 1)', async () => {
    const r = await runCli(['validate', join(FIX, 'five-games.pgn')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      [
        'game 1: ok, 6 plies, *',
        'game 2: ok, 6 plies, *',
        'game 3: illegal move 5 "马二进三" at line 18:4: there is no red horse on file 2',
        'game 4: ok, 1 ply, 1-0 checkmate',
        'game 5: ok, 4 plies, *',
        '',
      ].join('\n'),
    );
    expect(r.stderr).toBe(`summary: 1 file, 5 games: 4 ok, 1 illegal, 0 malformed\nchuhan: 1 of 5 games in ${join(FIX, 'five-games.pgn')} has an illegal move\n`);
  });

  it('has the JSON shape of cli.md', async () => {
    const { code, json } = await validateJson(join(FIX, 'five-games.pgn'));
    expect(code).toBe(1);
    expect(json.summary).toEqual({ files: 1, games: 5, ok: 4, illegal: 1, malformed: 0 });
    for (const g of json.games) {
      for (const key of ['index', 'ok', 'plies', 'fen', 'result', 'reason', 'error']) expect(g).toHaveProperty(key);
    }
    const g3 = json.games[2]!;
    expect(g3.ok).toBe(false);
    expect(g3.plies).toBe(4);
    expect(g3.fen).toBe('rnbakabr1/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 4 3');
    expect(g3.error).toEqual({ ply: 5, move: '马二进三', line: 18, column: 4, code: 'move.none-on-file', message: 'there is no red horse on file 2' });
    const g4 = json.games[3]!;
    expect([g4.result, g4.reason, g4.error]).toEqual(['1-0', 'checkmate', null]);
    expect(g4.fen).toBe('R2k5/8R/9/9/9/9/9/9/9/5K3 b - - 1 1');
    expect(json.games[4]!.plies).toBe(4); // UCI ranks 1-10 recognised
  });

  it('explains illegal moves in every notation', async () => {
    const file = tmpFile(
      'illegal.pgn',
      '1. h2h1 h9g7 2. H2+3 *\n\n1. C2.5 H8+7 2. R+.3 *\n\n[Format "ICCS"]\n1. h0g2 h9g7 2. i0h0 i9h9 3. h0h9 *\n\n1. h2e2 h9g7 2. e2e9 *\n',
    );
    const r = await runCli(['validate', file]);
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')).toEqual([
      'game 1: illegal move 3 "H2+3" at line 1:17: the horse on h0 is blocked at h1',
      'game 2: illegal move 3 "R+.3" at line 3:17: no two red chariots share a file',
      'game 3: illegal move 5 "h0h9" at line 6:30: the chariot on h0 cannot reach h9 (blocked at h2)',
      'game 4: illegal move 3 "e2e9" at line 8:17: the cannon on e2 cannot capture on e9 over 2 pieces (e3, e6)',
      '',
    ]);
  });

  it('tells ICCS from UCI ranks by replaying when no move has a rank 0 or 10', async () => {
    const r = await runCli(['validate', tmpFile('uci-short.pgn', '1. h3e3 h8e8 2. b1c3 *\n\n1. h2e2 h7e7 *\n')]);
    expect([r.code, r.stdout]).toEqual([0, 'game 1: ok, 3 plies, *\ngame 2: ok, 2 plies, *\n']);
    const bad = await runCli(['validate', tmpFile('neither.pgn', '1. h2e2 h7e7 2. e2e2 *\n')]);
    expect(bad.stdout).toBe('game 1: illegal move 3 "e2e2" at line 1:17: a move must go somewhere: e2 to e2\n');
  });

  it('reads untagged XBoard chu coordinates (f4f5) as chu when they do not fit xiangqi', async () => {
    const { code, json } = await validateJson(tmpFile('xboard-chu.txt', 'f4f5 f9f8\n'));
    expect([code, json.games[0]!.plies, json.games[0]!.fen]).toEqual([
      0,
      2,
      'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/ppppp1pppppp/3i1p2i3/12/12/3I1P2I3/PPPPP1PPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 3',
    ]);
  });

  it('reports endings by the rules (here a threefold repetition), also when the record goes on', async () => {
    const shuffle = '1. h0g2 h9g7 2. g2h0 g7h9 3. h0g2 h9g7 4. g2h0 g7h9';
    const r = await runCli(['validate', tmpFile('repeat.pgn', `${shuffle} 5. h2e2 *\n\n${shuffle} 1/2-1/2\n`)]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      'game 1: ok, 9 plies, *; ruled at ply 8 (the record goes on): 1/2-1/2 repetition: the position repeated 3 times; neither side checked, or chased one same piece, with every move (plies 1–8)\ngame 2: ok, 8 plies, 1/2-1/2 repetition\n',
    );
    const { json } = await validateJson(tmpFile('repeat2.pgn', `${shuffle} *\n`));
    expect(json.games[0]).toMatchObject({ result: '1/2-1/2', reason: 'repetition', endPly: 8 });
    expect((json.games[0] as unknown as { detail: string }).detail).toMatch(/repeated/);
  });

  it('the 49 chu games end as the data says: 14 by royal capture, 2 by bare king', async () => {
    const { json } = await lishogiJson();
    const reasons = json.games.map((g) => g.reason).filter((x) => x === 'royals captured' || x === 'bare king');
    expect(reasons.filter((x) => x === 'royals captured')).toHaveLength(14);
    expect(reasons.filter((x) => x === 'bare king')).toHaveLength(2);
  });

  it('refuses moves after the end of the game', async () => {
    const file = tmpFile('after-mate.pgn', '[FEN "3k5/8R/9/9/9/9/9/9/9/R4K3 w - - 0 1"]\n\n1. a0a9 d9e9 *\n');
    const r = await runCli(['validate', file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('game 1: illegal move 2 "d9e9" at line 3:9: the game is already over (black is checkmated)\n');
  });
});

describe('validate on bad input', () => {
  it('truncated inside a tag pair or a comment: malformed (exit 2)', async () => {
    const tag = await runCli(['validate', join(FIX, 'truncated-tag.pgn')]);
    expect(tag.code).toBe(2);
    expect(tag.stdout).toBe('game 1: ok, 2 plies, *\ngame 2: malformed at line 5:1: unterminated tag pair "Event": the input ends inside its value\n');
    expect(tag.stderr).toMatch(/^summary: .*\nchuhan: 1 of 2 games in .* is malformed\n$/);
    const comment = await runCli(['validate', join(FIX, 'truncated-comment.pgn')]);
    expect(comment.code).toBe(2);
    expect(comment.stdout).toMatch(/^game 1: malformed at line 3:9: unterminated comment/);
  });

  it('truncated inside a move: the cut move is malformed (exit 2); cut after a move: fine (exit 0)', async () => {
    const cut = await runCli(['validate', join(FIX, 'truncated-moves.pgn')]);
    expect(cut.code).toBe(2);
    expect(cut.stdout).toBe(
      'game 1: malformed move 4 "i9" at line 3:22: not a move in any xiangqi notation (like h2e2, C2.5 or 炮二平五)\n',
    );
    const clean = await runCli(['validate', tmpFile('cut-clean.pgn', '[Event "x"]\n\n1. h2e2 h9g7 2. h0g2')]);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toBe('game 1: ok, 3 plies, *\n');
  });

  it('unknown tags are ignored', async () => {
    const file = tmpFile('tags.pgn', '[Foo "bar"]\n[Opening "?"]\n[ECO "A00"]\n\n1. h2e2 h9g7 1/2-1/2\n');
    const r = await runCli(['validate', file]);
    expect(r.code).toBe(0);
    // a written draw the rules do not give is taken as agreed
    expect(r.stdout).toBe('game 1: ok, 2 plies, 1/2-1/2 agreement\n');
  });

  it('binary garbage: malformed (exit 2), one sentence, no stack trace', async () => {
    const r = await runCli(['validate', join(FIX, 'binary.pgn')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/^game 1: malformed at line 1:\d+: unexpected control character U\+[0-9A-F]{4} \(binary data\?\)\n/);
    expect(r.stderr).toMatch(/^summary: .*\nchuhan: \d+ of \d+ games? in .* (is|are) malformed\n$/);
    noStackTrace(r.stderr);
  });

  it('missing file, an empty folder, an empty file: exit 2 with one sentence', async () => {
    const missing = await runCli(['validate', join(tmp, 'nope.pgn')]);
    expect([missing.code, missing.stdout, missing.stderr]).toEqual([2, '', `chuhan: cannot read ${join(tmp, 'nope.pgn')}: no such file\n`]);
    const emptyDir = mkdtempSync(join(tmp, 'empty-'));
    const dir = await runCli(['validate', emptyDir]);
    expect([dir.code, dir.stderr]).toEqual([2, `chuhan: found no games in ${emptyDir}\n`]);
    const empty = await runCli(['validate', tmpFile('empty.pgn', '')]);
    expect([empty.code, empty.stderr]).toEqual([2, `chuhan: found no games in ${join(tmp, 'empty.pgn')}\n`]);
  });

  it('a file that cannot be read among several: the others are validated, in order, and the run ends with the summary and its sentence (exit 2 before 1)', async () => {
    const a = join(FIX, 'five-games.pgn');
    const mem = unreadableLink('mem.pgn');
    const c = join(FIX, 'one-game.pgn');
    const both = await runCli(['validate', a, c]);
    const r = await runCli(['validate', a, mem, c]);
    // the same lines as without it; exit 2 (an illegal game alone would be 1)
    expect(both.code).toBe(1);
    expect(r.stdout).toBe(both.stdout);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`summary: 2 files, 6 games: 5 ok, 1 illegal, 0 malformed; 1 file could not be read\nchuhan: cannot read ${mem}: an input/output error\n`);
    noStackTrace(r.stderr);
    // --json: the summary counts it, only when there is one
    const json = await validateJson(a, mem, c);
    expect(json.code).toBe(2);
    expect(json.json.summary).toEqual({ files: 2, games: 6, ok: 5, illegal: 1, malformed: 0, unreadable: 1 });
    expect((await validateJson(a, c)).json.summary).toEqual({ files: 2, games: 6, ok: 5, illegal: 1, malformed: 0 });
  });

  it('several files that cannot be read (a missing one among them): one sentence, the count and the first few, each reason', async () => {
    const c = join(FIX, 'one-game.pgn');
    const mems = ['m1.pgn', 'm2.pgn', 'm3.pgn'].map(unreadableLink);
    const gone = join(tmp, 'gone.pgn');
    symlinkSync(join(tmp, 'no-such-target.pgn'), gone);
    const two = await runCli(['validate', mems[0]!, c, gone]);
    expect(two.code).toBe(2);
    expect(two.stdout).toBe(`${c}: game 1: ok, 65 plies, *\n`);
    expect(two.stderr).toBe(`summary: 1 file, 1 game: 1 ok, 0 illegal, 0 malformed; 2 files could not be read\nchuhan: cannot read "${mems[0]}" and "${gone}": an input/output error for 1, no such file for 1\n`);
    const four = await runCli(['validate', ...mems, gone, c]);
    expect(four.stderr).toMatch(/; 4 files could not be read\nchuhan: cannot read 4 files \(".*m1\.pgn", ".*m2\.pgn", ".*m3\.pgn" and 1 more\): an input\/output error for 3, no such file for 1\n$/);
    // named alone: as ever, its sentence and nothing else
    const alone = await runCli(['validate', mems[0]!]);
    expect([alone.code, alone.stdout, alone.stderr]).toEqual([2, '', `chuhan: cannot read ${mems[0]}: an input/output error\n`]);
  });

  // the shipped bin with test/helpers/eio-part-way.cjs preloaded: a file named `*-eio-part-way.pgn`
  // reads up to the first game past 200 KB, then fails with EIO (no module mock: the suite shares
  // its workers' module cache, vitest.config.ts)
  it('a read that fails part way: the games before it stay reported and counted, the next file is read', () => {
    const part = join(tmp, 'x-eio-part-way.pgn');
    copyFileSync(join(XQ, 'Liu_Dahua_1125_UCI_games.pgn'), part);
    const c = join(FIX, 'one-game.pgn');
    const failing = (...files: string[]) => {
      const r = spawnSync(process.execPath, ['--require', join(ROOT, 'test', 'helpers', 'eio-part-way.cjs'), join(ROOT, 'bin', 'chuhan.js'), 'validate', ...files], { cwd: ROOT, encoding: 'utf8' });
      return { code: r.status, stdout: r.stdout, stderr: r.stderr };
    };
    const whole = spawnBin(['validate', join(XQ, 'Liu_Dahua_1125_UCI_games.pgn')]).stdout.split('\n');
    const r = failing(part, c);
    expect(r.code).toBe(2);
    const lines = r.stdout.split('\n').slice(0, -1);
    const n = lines.length - 1;
    expect(n).toBeGreaterThan(100);
    expect(n).toBeLessThan(1125);
    expect(lines).toEqual([...whole.slice(0, n).map((l) => `${part}: ${l}`), `${c}: game 1: ok, 65 plies, *`]);
    expect(r.stderr).toBe(`summary: 1 file, ${n + 1} games: ${n + 1} ok, 0 illegal, 0 malformed; 1 file could not be read\nchuhan: cannot read ${part}: an input/output error\n`);
    // named alone: its games, then its sentence, as ever
    const alone = failing(part);
    expect([alone.code, alone.stdout, alone.stderr]).toEqual([2, `${whole.slice(0, n).join('\n')}\n`, `chuhan: cannot read ${part}: an input/output error\n`]);
  });

  it.skipIf(ROOT_USER)('a folder with a file and a subfolder it may not read (chmod 000; skipped as root, whose reads it does not stop): the rest validated, exit 2', async () => {
    const dir = mkdtempSync(join(tmp, 'locked-'));
    copyFileSync(join(FIX, 'one-game.pgn'), join(dir, 'a.pgn'));
    writeFileSync(join(dir, 'b.pgn'), '1. h2e2 *\n');
    mkdirSync(join(dir, 'b-sub'));
    copyFileSync(join(FIX, 'one-game.pgn'), join(dir, 'b-sub', 'x.pgn'));
    copyFileSync(join(FIX, 'one-game.pgn'), join(dir, 'c.pgn'));
    chmodSync(join(dir, 'b.pgn'), 0);
    chmodSync(join(dir, 'b-sub'), 0);
    try {
      const r = await runCli(['validate', dir]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe(`${join(dir, 'a.pgn')}: game 1: ok, 65 plies, *\n${join(dir, 'c.pgn')}: game 1: ok, 65 plies, *\n`);
      expect(r.stderr).toBe(`summary: 2 files, 2 games: 2 ok, 0 illegal, 0 malformed; 2 files could not be read\nchuhan: cannot read "${join(dir, 'b-sub')}" and "${join(dir, 'b.pgn')}": permission denied\n`);
    } finally {
      chmodSync(join(dir, 'b.pgn'), 0o644);
      chmodSync(join(dir, 'b-sub'), 0o755);
    }
  });
  if (ROOT_USER) console.log('validate.test.ts: the chmod 000 test is skipped as root (chmod 000 does not stop root\'s reads); the links to /proc/self/mem cover it');

  it('a bad FEN tag, an unsupported Variant, a bad --format: exit 2', async () => {
    const fen = await runCli(['validate', tmpFile('fen.pgn', '[FEN "rnbakabnr/9/9 w"]\n\n1. h2e2 *\n')]);
    expect(fen.code).toBe(2);
    expect(fen.stdout).toMatch(/^game 1: malformed at line 1:1: the FEN tag is not a valid xiangqi position: FEN field 1: expected 10 ranks/);
    const variant = await runCli(['validate', tmpFile('variant.pgn', '[Variant "chess"]\n\n1. e4 e5 *\n')]);
    expect(variant.code).toBe(2);
    expect(variant.stdout).toBe('game 1: malformed at line 1:1: unsupported variant "chess" in the Variant tag (use xiangqi or chushogi)\n');
    const format = await runCli(['validate', join(FIX, 'five-games.pgn'), '--format', 'xml']);
    expect([format.code, format.stderr]).toEqual([2, 'chuhan: unknown format "xml" (use auto, pgn, list, dhtmlxq, wxf, eglib, elephantchess, elephantchess-csv, kif or json)\n']);
  });

  it('UTF-8 with a byte-order mark and CRLF line ends: positions count characters', async () => {
    const text = '\uFEFF[Event "bom"]\r\n\r\n1. 炮二平五 马８进７\r\n2. 马二进三 马８进７ *\r\n';
    const r = await runCli(['validate', tmpFile('bom.pgn', text)]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('game 1: illegal move 4 "马８进７" at line 4:9: there is no black horse on file 8\n');
  });

  it('--format list reads plain move lists in any notation, and refuses tag pairs', async () => {
    const list = tmpFile('list.txt', 'C2.5 H8+7\nH2+3 R9.8\n');
    const ok = await runCli(['validate', list, '--format', 'list']);
    expect([ok.code, ok.stdout]).toEqual([0, 'game 1: ok, 4 plies, *\n']);
    const tagged = await runCli(['validate', join(FIX, 'five-games.pgn'), '--format', 'list']);
    expect(tagged.code).toBe(2);
    expect(tagged.stdout.split('\n')[0]).toBe('game 1: malformed at line 1:1: a move list has no tag pairs (use --format pgn)');
  });

  it('reads standard input', () => {
    const r = spawnCli(['validate', '-'], { input: '1. h2e2 h9g7 2. h0g2 *\n\n1. h2e2 h2e2 *\n' });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('game 1: ok, 3 plies, *\ngame 2: illegal move 2 "h2e2" at line 3:9: there is no piece on h2\n');
    expect(r.stderr).toBe('summary: 1 file, 2 games: 1 ok, 1 illegal, 0 malformed\nchuhan: 1 of 2 games in standard input has an illegal move\n');
  });

  // The file is larger than the heap cap would allow to hold as words at once (the control below shows
  // it): by default 13 MB under a 16 MB heap, the full test's 50 MB under 64 MB with CHUHAN_FULL_TESTS=1
  // (about the same file/heap ratio; generating and reading 50 MB took a quarter of this file's time).
  const [fileMb, heapMb] = FULL_TESTS ? [50, 64] : [13, 16];
  it(`streams a ${fileMb} MB file of random moves with a ${heapMb} MB heap (exit 1, no stack trace)`, () => {
    const path = join(tmp, 'random.pgn');
    const fd = openSync(path, 'w');
    let seed = 12345;
    const rand = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const sq = () => String.fromCharCode(97 + rand(9)) + rand(10);
    let size = 0;
    let games = 0;
    while (size < fileMb << 20) {
      const moves: string[] = [];
      for (let i = 0; i < 1000; i++) moves.push((i % 2 === 0 ? `${i / 2 + 1}. ` : '') + sq() + sq());
      const chunk = moves.join(' ') + ' *\n\n';
      writeSync(fd, chunk);
      size += chunk.length;
      games++;
    }
    closeSync(fd);
    const r = spawnCli(['validate', path, '--json'], { heapMb });
    noStackTrace(r.stderr);
    expect(r.status).toBe(1);
    const json = JSON.parse(r.stdout) as ValidateJson;
    expect(json.summary.games).toBe(games);
    expect(json.summary.illegal).toBe(games);
    expect(json.games[0]!.error!.line).toBe(1);
    // control: under the same cap, reading the whole file and splitting it into words runs out of memory
    const naive = spawnSync(
      process.execPath,
      [`--max-old-space-size=${heapMb}`, '-e', `require('node:fs').readFileSync(${JSON.stringify(path)}, 'utf8').split(/\\s+/)`],
      { encoding: 'utf8' },
    );
    expect(naive.status).not.toBe(0);
    expect(naive.stderr).toContain('heap out of memory');
  }, 120_000);
});
