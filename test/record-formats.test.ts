/**
 * Record formats and notation shapes are capabilities of the Game (issue 40): each game lists its
 * record formats (Game.recordFormats: detection and a lazily loaded reader) and its move shapes
 * (Game.notationShapes); the opener in src/notation/records asks the games and names no reader,
 * magic or notation table of its own.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../src/games/registry.js';
import { detectRecordFormat, DETECT_BYTES } from '../src/notation/records/detect.js';
import { detectTextFormat } from '../src/notation/records/detect-text.js';
import { BINARY_FORMATS, TEXT_FORMATS } from '../src/notation/records/formats.js';
import { WHOLE_READERS } from '../src/notation/records/index.js';
import { openRecordSource, readRecordBytes } from '../src/notation/records/open.js';
import { guessNotation } from '../src/notation/pgn-hints.js';

const FIXTURES: ReadonlyArray<readonly [string, string]> = [
  ['xqf', 'fixtures/records/xqf/cchess_qt/布局陷阱--飞相局对金钩炮.XQF'],
  ['cbl', 'fixtures/records/ccbridge/1989年龙化杯象棋名师邀请赛35局.CBL'],
  ['cbr', 'fixtures/records/ccbridge/test.cbr'],
  ['cbf', 'fixtures/records/ccbridge/test.cbf'],
  ['dhtmlxq', 'fixtures/records/dhtmlxq/138.html'],
  ['wxf', 'fixtures/records/wxf/game1.wxf'],
  ['wxf', 'fixtures/records/wxf/game5.wxf'],
  ['eglib', 'fixtures/records/eglib/solved.eglib'],
  ['elephantchess', 'fixtures/records/elephantchess/games-head.txt'],
  ['elephantchess-csv', 'fixtures/records/elephantchess/pvp-2games.csv'],
  ['kif', 'fixtures/records/kif/lishogi-style.kif'],
  ['json', 'fixtures/records/problems/kinu01.json'],
  ['pgn', 'fixtures/records/xiangqi-iccs.pgn'],
];

const shape = (r: { moves: { text: string }[]; errors: unknown[]; tags: Record<string, string> }) => ({
  moves: r.moves.map((m) => m.text),
  errors: r.errors.length,
  tags: { ...r.tags },
});

describe('record formats come from the games', () => {
  it('every format has one id, and the opener knows exactly the games’ formats plus KIF and problem JSON', () => {
    const ids = [...BINARY_FORMATS, ...TEXT_FORMATS].map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    const games = GAMES.flatMap((g) => g.recordFormats ?? []).map((f) => f.id);
    expect(ids.filter((id) => !games.includes(id))).toEqual(['kif', 'json']);
    expect(games).toEqual(expect.arrayContaining(['xqf', 'cbl', 'cbr', 'cbf', 'dhtmlxq', 'wxf', 'eglib', 'elephantchess', 'elephantchess-csv']));
  });

  it.each(FIXTURES)('%s: told by its content by exactly one format, and read the same by the streaming and the synchronous opener', async (id, file) => {
    const bytes = readFileSync(file);
    const binary = BINARY_FORMATS.filter((f) => f.detect(bytes.subarray(0, DETECT_BYTES))).map((f) => f.id);
    const text = TEXT_FORMATS.filter((f) => f.claims(new TextDecoder().decode(bytes.subarray(0, 1 << 16)))).map((f) => f.id);
    const isBinary = BINARY_FORMATS.some((f) => f.id === id);
    expect(binary).toEqual(isBinary ? [id] : []);
    if (!isBinary) {
      expect(text).toEqual(id === 'pgn' ? [] : [id]);
      expect(detectTextFormat(new TextDecoder().decode(bytes))).toBe(id);
    }
    expect(detectRecordFormat(bytes)).toBe(isBinary ? id : 'text');
    const opened = await openRecordSource(bytes);
    expect(opened.format).toBe(id);
    const streamed = [];
    for await (const r of opened.records) streamed.push(shape(r));
    expect(streamed.length).toBeGreaterThan(0);
    expect(streamed.some((r) => r.moves.length > 0)).toBe(true);
    const whole = readRecordBytes(bytes, WHOLE_READERS);
    expect(whole.format).toBe(id);
    expect(whole.records.map(shape)).toEqual(streamed);
  });

  it('a format’s reader is loaded by its load(), and reads what the opener reads', async () => {
    const f = BINARY_FORMATS.find((x) => x.id === 'cbr')!;
    const bytes = readFileSync('fixtures/records/ccbridge/test.cbr');
    const games = (await f.load())(bytes);
    expect(games.map((g) => g.format)).toEqual(['cbr']);
    expect(games.map(shape)).toEqual(readRecordBytes(bytes, WHOLE_READERS).records.map(shape));
  });
});

describe('notation shapes come from the games', () => {
  it('guessNotation answers each game’s notations from its shapes', () => {
    expect(guessNotation(['h2e2', 'h9g7', 'h0g2'])).toBe('iccs');
    expect(guessNotation(['h3e3', 'h10g8', 'h1g3'])).toBe('uci');
    expect(guessNotation(['C2.5', 'H8+7'])).toBe('wxf');
    expect(guessNotation(['炮二平五', '马8进7'])).toBe('chinese');
    expect(guessNotation(['7g7f', '7e7c+', 'f5e6,e6e7'])).toBe('usi');
    expect(guessNotation(['Ln-7i-6h', 'P-7f='])).toBe('western');
    expect(guessNotation(['hello', 'world'])).toBe('unknown');
    const notations = GAMES.flatMap((g) => g.notationShapes?.moves ?? []).map((s) => s.notation);
    expect(notations).toEqual(expect.arrayContaining(['iccs', 'wxf', 'chinese', 'usi', 'western']));
  });

  it('src/notation keeps no format magic and no per-game notation table (they live in src/games)', () => {
    const files: string[] = [];
    const walk = (d: string): void => {
      for (const n of readdirSync(d)) {
        const p = join(d, n);
        if (statSync(p).isDirectory()) walk(p);
        else if (n.endsWith('.ts')) files.push(p);
      }
    };
    walk('src/notation');
    // code only: comments are free to name formats and notations
    const code = (t: string): string => t.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:\\])\/\/.*$/gm, '$1');
    const MARKS = [/CCBridge/, /DhtmlXQ/i, /FORMAT\[/, /0x58/, /[帅帥仕相車车炮砲]/, /\[KAEB?HNRCP/];
    const bad: string[] = [];
    for (const f of files) {
      // KIF and problem JSON stay generic text formats of notation (for now)
      if (/records[\\/](kif|problem-json)\.ts$/.test(f)) continue;
      const text = code(readFileSync(f, 'utf8'));
      for (const m of MARKS) if (m.test(text)) bad.push(`${f}: ${m}`);
    }
    expect(bad).toEqual([]);
  });
});
