/**
 * Issue 44, deliverable 4: every message bounded and quoted — file names and lists of files, tag
 * values in the repl's game list, the repl's save/load, read and write errors; one bad tag costs one
 * game; `[DhtmlXQ` inside PGN text is not a DhtmlXQ block; XQF header text without control characters.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { quoteList, quoteName } from '../src/core/text.js';
import { fileList, openError, writeError } from '../src/cli/record-files.js';
import { parseRecords } from '../src/notation/pgn.js';
import { detectTextFormat } from '../src/notation/records/detect-text.js';
import { readXqf } from '../src/games/xiangqi/records/xqf.js';
import { getGame } from '../src/games/registry.js';
import { listRecordGames } from '../src/tui/record.js';
import { Session } from '../src/tui/session.js';
import { memFiles } from './helpers/mem-files.js';
import { runCli } from './helpers/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'chuhan-msgs-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** No raw C0/C1 control or bidi character (what a terminal would act on). */
const RAW = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const HOSTILE = 'a\x1b]0;owned\x07\u202eb\x9b.pgn';
const GAME = (event: string) => `[Event "${event}"]\n[Result "*"]\n\n1. h2e2 h9g7 *\n\n`;

describe('quoting names and lists', () => {
  it('a plain name stays as it is; one with controls, bidi, spaces or too long is quoted and cut', () => {
    expect(quoteName('games/a.pgn')).toBe('games/a.pgn');
    expect(quoteName('my games/a.pgn')).toBe('"my games/a.pgn"');
    expect(quoteName(HOSTILE)).toBe('"a\\x1b]0;owned\\x07U+202Eb\\x9b.pgn"');
    expect(quoteName('x'.repeat(500))).toMatch(/^"x{99}…" \(500 characters\)$/);
  });
  it('the Arabic letter mark and the line and paragraph separators are escaped too', () => {
    expect(quoteName('d\u061cx\u2028y\u2029.pgn')).toBe('"dU+061CxU+2028yU+2029.pgn"');
  });
  it('a list is its count and the first three', () => {
    expect(quoteList(['a', 'b'], ['file', 'files'])).toBe('"a" and "b"');
    const many = Array.from({ length: 2000 }, (_, i) => `folder/empty-${i}.pgn`);
    expect(fileList(many)).toBe('2,000 files ("folder/empty-0.pgn", "folder/empty-1.pgn", "folder/empty-2.pgn" and 1,997 more)');
  });
});

describe('validate and convert name files safely', () => {
  it('"found no games" for many empty files is one short line (300 here; 2,000 measured)', async () => {
    const dir = join(tmp, 'empty');
    mkdirSync(dir);
    const files = Array.from({ length: 300 }, (_, i) => join(dir, `empty-file-number-${i}.pgn`));
    for (const f of files) writeFileSync(f, '');
    const r = await runCli(['validate', ...files]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^chuhan: found no games in 300 files \(".*empty-file-number-0\.pgn", .* and 297 more\)\n$/);
    expect(r.stderr.length).toBeLessThan(400);
  });
  it('convert of a folder that holds no game says so (exit 2), as validate does, and writes no file', async () => {
    const dir = join(tmp, 'no-games');
    mkdirSync(dir);
    writeFileSync(join(dir, 'empty.pgn'), '');
    writeFileSync(join(dir, 'notes.txt'), 'no record here\n');
    const out = join(tmp, 'no-games.pgn');
    const r = await runCli(['convert', '-o', out, dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`chuhan: found no games in ${dir}\n`);
    expect(existsSync(out)).toBe(false);
    const v = await runCli(['validate', dir]);
    expect(v.stderr).toBe(r.stderr);
  });
  it('a file in a folder whose name is not UTF-8 is read, and named with its bad byte as \\xff (it stopped the run: "no such file")', async () => {
    const dir = join(tmp, 'latin1');
    mkdirSync(dir);
    writeFileSync(Buffer.concat([Buffer.from(`${dir}/caf`), Buffer.from([0xe9, 0xff]), Buffer.from('.pgn')]), GAME('x'));
    writeFileSync(join(dir, 'z.pgn'), GAME('y'));
    const r = await runCli(['validate', dir]);
    expect(r.stderr).toBe('summary: 2 files, 2 games: 2 ok, 0 illegal, 0 malformed\n');
    expect(r.stdout).toBe(`${dir}/caf\\xe9\\xff.pgn: game 1: ok, 2 plies, *\n${dir}/z.pgn: game 1: ok, 2 plies, *\n`);
    expect(r.code).toBe(0);
    const c = await runCli(['convert', '--to', 'fen', '--jobs', '2', dir]);
    expect([c.code, c.stdout.split('\n').length]).toEqual([0, 3]);
  });
  it('a file name with control and bidi characters is escaped in validate <folder> lines and errors', async () => {
    const dir = join(tmp, 'hostile');
    mkdirSync(dir);
    writeFileSync(join(dir, HOSTILE), GAME('x'));
    writeFileSync(join(dir, 'b.pgn'), GAME('y'));
    const r = await runCli(['validate', dir]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(RAW);
    expect(r.stdout).toContain('\\x1b]0;owned\\x07U+202E');
    const missing = await runCli(['convert', join(dir, `${HOSTILE}.nope`)]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).not.toMatch(RAW);
    expect(missing.stderr).toMatch(/^chuhan: cannot read ".*\\x1b.*": no such file\n$/);
  });
  it('read and write errors in words: a read-only folder named as such, no errno code twice', () => {
    const errno = (code: string) => Object.assign(new Error(`${code}: something, open '/x'`), { code });
    expect(writeError(join(tmp, 'ro', 'out.pgn'), errno('EACCES')).message).toBe(`cannot write ${join(tmp, 'ro', 'out.pgn')}: the folder ${join(tmp, 'ro')} is read-only (permission denied)`);
    expect(writeError('/no/such/dir/out.pgn', errno('ENOENT')).message).toBe('cannot write /no/such/dir/out.pgn: the folder /no/such/dir does not exist');
    expect(writeError('/x.pgn', errno('EROFS')).message).toBe('cannot write /x.pgn: the file system is read-only');
    expect(openError('/x.pgn', errno('ENOENT')).message).toBe('cannot read /x.pgn: no such file');
    expect(openError('-', errno('EIO')).message).toBe('cannot read standard input: an input/output error');
  });
});

describe('PGN: one bad tag costs one game; DhtmlXQ only where a page holds it', () => {
  const line = (bad: string): string => {
    const g = (i: number) => `[Event "g${i}"] [Result "*"] 1. h2e2 h9g7 * `;
    return `${[1, 2, 3].map(g).join('')}${bad} [Result "*"] 1. h2e2 * ${[4, 5, 6, 7, 8, 9, 10].map(g).join('')}\n`;
  };
  for (const bad of ['[ "x"]', '[]', '[ "x" junk', '[Event x]', `[Event "${'a'.repeat(5000)}`]) {
    it(`a record on one line with ${JSON.stringify(bad.slice(0, 12))}: 11 games, one malformed`, () => {
      const recs = parseRecords(line(bad));
      expect(recs).toHaveLength(11);
      expect(recs.filter((r) => r.errors.length > 0)).toHaveLength(1);
      expect(recs[3]!.errors.length).toBeGreaterThan(0);
    });
  }
  it('[DhtmlXQ in a tag value or a comment leaves a legal PGN game legal', async () => {
    const inTag = '[Event "see [DhtmlXQ] below"]\n[Result "*"]\n\n1. h2e2 h9g7 *\n';
    const inComment = '[Event "x"]\n[Result "*"]\n\n1. h2e2 {[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]} h9g7 *\n';
    const list = '1. h2e2 {[DhtmlXQ]} h9g7 *\n';
    for (const t of [inTag, inComment, list]) expect(detectTextFormat(t)).toBe('pgn');
    const f = join(tmp, 'mention.pgn');
    writeFileSync(f, inComment);
    const r = await runCli(['validate', f]);
    expect([r.code, r.stdout]).toEqual([0, 'game 1: ok, 2 plies, *\n']);
    // a page that holds a block is still DhtmlXQ
    expect(detectTextFormat(readFileSync(new URL('../fixtures/records/dhtmlxq/130.html', import.meta.url), 'latin1'))).toBe('dhtmlxq');
    expect(detectTextFormat('<p>Game:</p>\n[DhtmlXQ]\n[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n')).toBe('dhtmlxq');
  });
});

describe('XQF header text and the repl', () => {
  it('control characters in XQF header fields never reach the tags or convert output', async () => {
    const bytes = new Uint8Array(readFileSync(new URL('../fixtures/records/xqf/cchess-tests/test.xqf', import.meta.url)));
    const event = [0x41, 0x1b, 0x5d, 0x30, 0x3b, 0x78, 0x07, 0x0d, 0x0a, 0x9b, 0x42]; // A ESC ]0;x BEL CR LF 0x9b B
    bytes[208] = event.length;
    bytes.set(event, 209);
    const rec = readXqf(bytes);
    const tag = rec.tagList.find(([k]) => k === 'Event')![1];
    expect(tag).not.toMatch(RAW);
    expect(tag!.startsWith('A ]0;x')).toBe(true);
    const f = join(tmp, 'controls.xqf');
    writeFileSync(f, bytes);
    const r = await runCli(['convert', f]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(RAW);
    const back = join(tmp, 'controls.pgn');
    writeFileSync(back, r.stdout);
    expect((await runCli(['validate', back])).code).toBe(0);
  });
  it("the load game list and the repl's saved/loaded lines quote bidi and C1 characters", () => {
    const text = GAME(`Cup\u202e evil`) + GAME(`x\x9by`);
    const list = listRecordGames(text).lines;
    expect(list.join('\n')).not.toMatch(RAW);
    expect(list[0]).toContain('"CupU+202E evil"');
    const files = memFiles();
    const s = new Session(getGame('xiangqi'), { files });
    s.command('h2e2');
    const saved = s.command(`save ${HOSTILE}`);
    expect(saved.err).toEqual([]);
    expect(saved.out.join('\n')).not.toMatch(RAW);
    expect(saved.out[0]).toBe('saved 1 ply to "a\\x1b]0;owned\\x07U+202Eb\\x9b.pgn"');
    files.write('two.pgn', text);
    const loaded = s.command('load two.pgn');
    expect(loaded.out.join('\n')).not.toMatch(RAW);
  });
});
