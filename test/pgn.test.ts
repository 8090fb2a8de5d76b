import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  formatTagValue,
  guessNotation,
  guessVariant,
  notationFromFormatTag,
  parseRecords,
  readRecords,
  RecordReader,
  recordHints,
  toHalfWidth,
  variantFromFen,
  variantFromVariantTag,
  writePgn,
  type GameRecord,
  type RecordReaderOptions,
} from '../src/notation/pgn.js';
import { fixture } from './helpers/fixtures.js';
import { seededFloat } from './helpers/sample.js';

/** The sentence and place of each record error (their codes are checked separately). */
const sentences = (es: readonly { message: string; line: number; column: number }[]) =>
  es.map(({ message, line, column }) => ({ message, line, column }));

// The real game collections, copied into the repository (fixtures/games/SOURCE.md).
const DATA = fixture('games') + '/';
const FIXTURES = fileURLToPath(new URL('../fixtures/records/', import.meta.url));
const readData = (p: string): string => readFileSync(DATA + p, 'utf8');
const readFixture = (p: string): string => readFileSync(FIXTURES + p, 'utf8');

const rng = seededFloat; // mulberry32: every run with a seed draws the same inputs

/** Plain data for comparisons (tags is a null-prototype object). */
function plain(games: GameRecord[]): unknown {
  return JSON.parse(JSON.stringify(games));
}

function parseInChunks(text: string, sizes: (i: number) => number, options?: RecordReaderOptions): GameRecord[] {
  const r = new RecordReader(options);
  const out: GameRecord[] = [];
  let i = 0;
  let n = 0;
  while (i < text.length) {
    const k = Math.max(1, sizes(n++));
    out.push(...r.push(text.slice(i, i + k)));
    i += k;
  }
  out.push(...r.end());
  return out;
}

function expectStreamingSame(text: string, options?: RecordReaderOptions): GameRecord[] {
  const whole = parseRecords(text, options);
  const expected = plain(whole);
  if (text.length <= 20_000) expect(plain(parseInChunks(text, () => 1, options))).toEqual(expected);
  for (const seed of [1, 2, 3]) {
    const r = rng(seed);
    expect(plain(parseInChunks(text, () => 1 + Math.floor(r() * 97), options))).toEqual(expected);
  }
  const r = rng(9);
  expect(plain(parseInChunks(text, () => 1 + Math.floor(r() * 70_000), options))).toEqual(expected);
  return whole;
}

const moveTexts = (g: GameRecord): string[] => g.moves.map((m) => m.text);
const movesAt = (g: GameRecord): string[] => g.moves.map((m) => `${m.text}@${m.line}:${m.column}`);

// ---------------------------------------------------------------------------------------------

describe('tags, comments, line endings', () => {
  const text =
    '\uFEFF[Event "A \\"q\\" \\\\ b"]\r\n[Red "x"]\r\n[Zzz_Custom "kept"]\r\n\r\n' +
    '1. h2e2 h9g7 2. h0g2 {comment\r\nspans} i9h9 1-0\r\n';

  it('reads tags with escapes, drops the BOM, counts CRLF once', () => {
    const [g, ...rest] = expectStreamingSame(text);
    expect(rest).toEqual([]);
    expect(g!.index).toBe(1);
    expect(g!.tags).toEqual({ Event: 'A "q" \\ b', Red: 'x', Zzz_Custom: 'kept' });
    expect(g!.tagList).toEqual([
      ['Event', 'A "q" \\ b'],
      ['Red', 'x'],
      ['Zzz_Custom', 'kept'],
    ]);
    expect(movesAt(g!)).toEqual(['h2e2@5:4', 'h9g7@5:9', 'h0g2@5:17', 'i9h9@6:8']);
    expect(g!.result).toBe('1-0');
    expect([g!.resultLine, g!.resultColumn]).toEqual([6, 13]);
    expect(g!.startLine).toBe(1);
    expect(g!.errors).toEqual([]);
  });

  it('accepts CR-only and mixed line endings', () => {
    const [g] = expectStreamingSame('a\rb\r\nc\nd\r\re');
    expect(movesAt(g!)).toEqual(['a@1:1', 'b@2:1', 'c@3:1', 'd@4:1', 'e@6:1']);
  });

  it('counts a CRLF split between two chunks once', () => {
    const r = new RecordReader();
    expect(r.push('h2e2\r')).toEqual([]);
    r.push('\nh9g7\r');
    r.push('\r\nh0g2');
    const [g] = r.end();
    expect(movesAt(g!)).toEqual(['h2e2@1:1', 'h9g7@2:1', 'h0g2@4:1']);
  });

  it('skips ; comments, % escape lines (first column only) and nested variations', () => {
    const [g] = expectStreamingSame('h2e2 (h9g7 (x y) 1-0 {)} ) h9g7 ; comment ( {\n% escape (\nh0g2 a%b *');
    expect(movesAt(g!)).toEqual(['h2e2@1:1', 'h9g7@1:28', 'h0g2@3:1', 'a%b@3:6']);
    expect(g!.result).toBe('*');
    expect(g!.errors).toEqual([]);
  });

  it('keeps a comment { … ( … } that spans lines and contains brackets', () => {
    const [g] = expectStreamingSame('1. h2e2 { a ( b ;\n [not a tag] c } h9g7');
    expect(movesAt(g!)).toEqual(['h2e2@1:4', 'h9g7@2:18']);
    expect(g!.errors).toEqual([]);
  });

  it('keeps unknown and duplicate tags, several tags on a line, a tag without a space', () => {
    const [g] = expectStreamingSame('[A "1"] [B "2"][Event"x"]\n[A "3"]\n\n*');
    expect(g!.tags).toEqual({ A: '3', B: '2', Event: 'x' });
    expect(g!.tagList).toEqual([
      ['A', '1'],
      ['B', '2'],
      ['Event', 'x'],
      ['A', '3'],
    ]);
    expect(g!.errors).toEqual([]);
  });

  it('stores tags in a null-prototype object (no prototype pollution)', () => {
    const [g] = parseRecords('[__proto__ "x"]\n[constructor "y"]\n*');
    expect(g!.tags['__proto__']).toBe('x');
    expect(g!.tags['constructor']).toBe('y');
    expect(Object.getPrototypeOf(g!.tags)).toBe(null);
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });

  it('reads the value of a tag with unescaped inner quotes up to the last "]', () => {
    const [g] = expectStreamingSame('[Event ""Huangshan Cup" National GM,CM Tournament 2002"]\n[Red "X"]\n\n1. h2e2');
    expect(g!.tags['Event']).toBe('"Huangshan Cup" National GM,CM Tournament 2002');
    expect(g!.tags['Red']).toBe('X');
    expect(g!.errors).toEqual([]);
    expect(moveTexts(g!)).toEqual(['h2e2']);
  });
});

describe('move tokens', () => {
  it('removes move numbers but keeps digit-led moves (the disambiguation rules)', () => {
    const text =
      '1.h2e2 1...h9g7 12. 15=6 3+.4 7-.6 15.6 1、炮二平五 1) 7g7f -- +P+1 12… Ｃ２＝５ １．马８进７ ' +
      '2 ... … 7j7i6h 7e7c+ 1. Ln-7i-6h Lnx2jx1j Lnx!4h P-7f= +P f5e6,e6e7 H2-E2 R+.3 --.4 1..b0c2';
    const [g] = expectStreamingSame(text);
    expect(moveTexts(g!)).toEqual([
      'h2e2',
      'h9g7',
      '15=6',
      '3+.4',
      '7-.6',
      '15.6',
      '炮二平五',
      '7g7f',
      '--',
      '+P+1',
      'Ｃ２＝５',
      '马８进７',
      '7j7i6h',
      '7e7c+',
      'Ln-7i-6h',
      'Lnx2jx1j',
      'Lnx!4h',
      'P-7f=',
      '+P',
      'f5e6,e6e7',
      'H2-E2',
      'R+.3',
      '--.4',
      'b0c2',
    ]);
    expect(g!.result).toBe(null);
    expect(g!.errors).toEqual([]);
    // Columns of glued moves point at the move itself; CJK characters are one column each.
    expect(g!.moves[0]).toEqual({ text: 'h2e2', line: 1, column: 3 });
    expect(g!.moves[1]).toEqual({ text: 'h9g7', line: 1, column: 12 });
    expect(g!.moves[6]).toEqual({ text: '炮二平五', line: 1, column: 43 });
    expect(g!.moves[10]).toEqual({ text: 'Ｃ２＝５', line: 1, column: 68 });
    expect(g!.moves[11]).toEqual({ text: '马８进７', line: 1, column: 75 });
  });

  it('strips annotations and NAGs, separate or glued', () => {
    const [g] = expectStreamingSame('1. h2e2!? $12 h9g7?! 2. h0g2$1 i9h9！ !! $3 b0c2?$14!');
    expect(moveTexts(g!)).toEqual(['h2e2', 'h9g7', 'h0g2', 'i9h9', 'b0c2']);
    expect(g!.errors).toEqual([]);
  });

  it('treats the ideographic space and other Unicode spaces as separators', () => {
    const [g] = expectStreamingSame('炮二平五\u3000马８进７\u00A0车一平二');
    expect(movesAt(g!)).toEqual(['炮二平五@1:1', '马８进７@1:6', '车一平二@1:11']);
  });

  it('counts columns in characters (code points), not UTF-16 units', () => {
    const [g] = expectStreamingSame('😀 a 😀😀 b\n c 😀\n😀 d {😀😀\n😀} e (😀) f ;😀\ng');
    expect(movesAt(g!)).toEqual([
      '😀@1:1',
      'a@1:3',
      '😀😀@1:5',
      'b@1:8',
      'c@2:2',
      '😀@2:4',
      '😀@3:1',
      'd@3:3',
      'e@4:4',
      'f@4:10',
      'g@5:1',
    ]);
    // An astral character split between two chunks inside a long comment line still counts once.
    const long = 'a {' + 'x'.repeat(310) + '😀} e ;' + 'y'.repeat(310) + '😀\n😀 f';
    const [h] = expectStreamingSame(long);
    expect(movesAt(h!)).toEqual(['a@1:1', 'e@1:317', '😀@2:1', 'f@2:3']);
  });

  it('reads a plain move list without numbers or tags', () => {
    const [g, ...rest] = expectStreamingSame('h2e2\nh9g7\n\nh0g2   i9h9\n');
    expect(rest).toEqual([]);
    expect(movesAt(g!)).toEqual(['h2e2@1:1', 'h9g7@2:1', 'h0g2@4:1', 'i9h9@4:8']);
    expect(g!.tagList).toEqual([]);
    expect(g!.result).toBe(null);
    expect(g!.startLine).toBe(1);
  });
});

describe('games and results', () => {
  it('ends a game at each result form; later moves start an untagged game', () => {
    const games = expectStreamingSame('a 1-0 b 0-1 c 1/2-1/2 d ½-½ e *\nf');
    expect(games.map((g) => [g.index, moveTexts(g).join(), g.result])).toEqual([
      [1, 'a', '1-0'],
      [2, 'b', '0-1'],
      [3, 'c', '1/2-1/2'],
      [4, 'd', '1/2-1/2'],
      [5, 'e', '*'],
      [6, 'f', null],
    ]);
    expect(games[5]!.startLine).toBe(2);
  });

  it('ends a game without a result where a new tag section begins', () => {
    const games = expectStreamingSame('[Event "1"]\n\n1. a b\n[Event "2"]\n[Red "r"]\n1. c\n\n[Event "3"]\n1. d 0-1\n');
    expect(games.map((g) => [g.tags['Event'], moveTexts(g).join(), g.result, g.startLine])).toEqual([
      ['1', 'a,b', null, 1],
      ['2', 'c', null, 4],
      ['3', 'd', '0-1', 8],
    ]);
    expect(games.every((g) => g.errors.length === 0)).toBe(true);
  });

  it('reads a game with no moves and a result', () => {
    const [g] = expectStreamingSame('[Event "e"]\n\n*\n');
    expect(g!.moves).toEqual([]);
    expect(g!.result).toBe('*');
    expect(g!.errors).toEqual([]);
  });

  it('ignores comments and blank lines between games and returns nothing for empty input', () => {
    expect(parseRecords('')).toEqual([]);
    expect(parseRecords('  \n{just a comment}\n; and another\n')).toEqual([]);
    const games = expectStreamingSame('1. a 1-0 {after}\n\n{before} [Event "x"] 1. b *');
    expect(games.map((g) => moveTexts(g).join())).toEqual(['a', 'b']);
  });

  it('returns completed games from push() as soon as they end', () => {
    const r = new RecordReader();
    expect(r.push('[Event "1"]\n1. a 1-0\n[Eve')).toHaveLength(1);
    expect(r.push('nt "2"]\n1. b')).toEqual([]);
    const last = r.end();
    expect(last.map((g) => [g.index, g.tags['Event'], moveTexts(g).join()])).toEqual([[2, '2', 'b']]);
    expect(r.end()).toEqual([]);
    expect(() => r.push('x')).toThrow();
  });
});

describe('malformed input', () => {
  it('reports an unterminated comment at the end of the input', () => {
    const [g] = expectStreamingSame('1. a {never\nclosed b');
    expect(moveTexts(g!)).toEqual(['a']);
    expect(sentences(g!.errors)).toEqual([
      { message: 'unterminated comment: the "{" is never closed before the end of the input', line: 1, column: 6 },
    ]);
  });

  it('stops an unterminated comment at the next tag section', () => {
    const games = expectStreamingSame('[Event "1"]\n1. a {oops\n\n[Event "2"]\n1. b *');
    expect(games.map((g) => [g.tags['Event'], moveTexts(g).join(), g.result])).toEqual([
      ['1', 'a', null],
      ['2', 'b', '*'],
    ]);
    expect(sentences(games[0]!.errors)).toEqual([
      { message: 'unterminated comment: the "{" is not closed before the tag pair at line 4', line: 2, column: 6 },
    ]);
    expect(games[1]!.errors).toEqual([]);
  });

  it('reports unterminated variations, at the end or before a tag section', () => {
    const [g1] = expectStreamingSame('1. a (b (c) d');
    expect(sentences(g1!.errors)).toEqual([
      { message: 'unterminated variation: the "(" is never closed before the end of the input', line: 1, column: 6 },
    ]);
    const games = expectStreamingSame('1. a (b c\n[Event "X"]\n1. d *');
    expect(games.map((g) => moveTexts(g).join())).toEqual(['a', 'd']);
    expect(sentences(games[0]!.errors)).toEqual([
      { message: 'unterminated variation: the "(" is not closed before the tag pair at line 2', line: 1, column: 6 },
    ]);
  });

  it('skips bracketed text in the movetext that does not start a tag section', () => {
    const games = expectStreamingSame('1. a [%clk 0:05] b [x c\n  [Event "new"]\n1. d (e [f] g) h [Site "mid-line"] i');
    expect(games.map((g) => [g.tagList, moveTexts(g)])).toEqual([
      [[], ['a', 'b', 'x', 'c']],
      [[['Event', 'new']], ['d', 'h']],
      [[['Site', 'mid-line']], ['i']],
    ]);
    expect(sentences(games[0]!.errors)).toEqual([
      { message: 'unexpected "[" in the movetext; the text up to "]" is skipped', line: 1, column: 6 },
      { message: 'unexpected "[" in the movetext', line: 1, column: 20 },
    ]);
    expect(sentences(games[1]!.errors)).toEqual([
      { message: 'unexpected "[" in the movetext; the text up to "]" is skipped', line: 3, column: 9 },
    ]);
    // A tag pair at the start of a line ends the game even when it is malformed.
    const [g1, g2] = expectStreamingSame('1. a\n[Event x]\n1. b');
    expect(moveTexts(g1!)).toEqual(['a']);
    expect(g2!.tagList).toEqual([['Event', 'x']]);
  });

  it('reports unmatched ) } ] and keeps reading', () => {
    const [g] = expectStreamingSame('a ) b } c ] d');
    expect(moveTexts(g!)).toEqual(['a', 'b', 'c', 'd']);
    expect(sentences(g!.errors)).toEqual([
      { message: 'unmatched ")" with no variation open', line: 1, column: 3 },
      { message: 'unmatched "}" with no comment open', line: 1, column: 7 },
      { message: 'unexpected "]" outside a tag pair', line: 1, column: 11 },
    ]);
  });

  it('reports malformed tag pairs and keeps the values it can recover', () => {
    const text = '[Bad x]\n[NoVal]\n[Q "unterminated\n[M "x" \n[]\n 1. h2e2 *';
    const [g] = expectStreamingSame(text);
    expect(g!.tagList).toEqual([
      ['Bad', 'x'],
      ['NoVal', ''],
      ['Q', 'unterminated'],
      ['M', 'x'],
    ]);
    expect(sentences(g!.errors)).toEqual([
      { message: 'the value of tag "Bad" is not enclosed in double quotes', line: 1, column: 6 },
      { message: 'the tag pair "NoVal" has no value', line: 2, column: 1 },
      {
        message: 'the value of tag "Q" is not closed by a double quote before the end of the line',
        line: 3,
        column: 1,
      },
      { message: 'the tag pair "M" is missing its closing "]"', line: 4, column: 1 },
      { message: 'a tag pair with no name', line: 5, column: 1 },
    ]);
    expect(movesAt(g!)).toEqual(['h2e2@6:5']);
  });

  it('reports a tag pair cut by the end of the input and a tag section with no movetext', () => {
    const [g1] = expectStreamingSame('[Event "x"]\n[Site "unfinish');
    expect(g1!.tags).toEqual({ Event: 'x', Site: 'unfinish' });
    expect(sentences(g1!.errors)).toEqual([
      { message: 'unterminated tag pair "Site": the input ends inside its value', line: 2, column: 1 },
      { message: 'the input ends after the tag section, before the moves or result of this game', line: 2, column: 16 },
    ]);
    const [g2] = expectStreamingSame('[Event "x"]\n[Site "y"]\n');
    expect(sentences(g2!.errors)).toEqual([
      { message: 'the input ends after the tag section, before the moves or result of this game', line: 3, column: 1 },
    ]);
    const [g3] = expectStreamingSame('1. a *\n[Event');
    expect(g3!.moves).toHaveLength(1);
    const all = parseRecords('1. a *\n[Event');
    expect(all).toHaveLength(2);
    expect(sentences([all[1]!.errors[0]!])[0]).toEqual({
      message: 'unterminated tag pair: the input ends before its closing "]"',
      line: 2,
      column: 1,
    });
  });

  it('reports binary data (control characters, U+FFFD, unpaired surrogates) and drops those tokens', () => {
    const [g] = expectStreamingSame('1. a\u0000b c \uFFFD d x\uD800 e\n\u0007');
    expect(moveTexts(g!)).toEqual(['c', 'd', 'e']);
    expect(sentences(g!.errors)).toEqual([
      { message: 'unexpected control character U+0000 (binary data?)', line: 1, column: 5 },
      { message: 'invalid character U+FFFD (the input is not valid UTF-8 text?)', line: 1, column: 10 },
      { message: 'invalid character: unpaired UTF-16 surrogate U+D800', line: 1, column: 15 },
      { message: 'unexpected control character U+0007 (binary data?)', line: 2, column: 1 },
    ]);
    const [t] = parseRecords('[Event "a\u0001b"]\n*');
    expect(t!.tags['Event']).toBe('a\u0001b');
    expect(sentences(t!.errors)).toEqual([
      {
        message: 'the value of tag "Event" contains an unexpected control character U+0001 (binary data?)',
        line: 1,
        column: 1,
      },
    ]);
  });

  it('limits token and tag lengths without buffering them', () => {
    const long = 'x'.repeat(1001);
    const [g] = expectStreamingSame(`a ${long} b ${'y'.repeat(1000)}`);
    expect(g!.moves.map((m) => m.text.length)).toEqual([1, 1, 1000]);
    expect(sentences(g!.errors)).toEqual([
      { message: 'a token of more than 1000 characters (binary data or missing spaces?)', line: 1, column: 3 },
    ]);
    const [t] = expectStreamingSame(`[Event "${'v'.repeat(5000)}"]\n1. a`);
    expect(t!.tagList).toEqual([]);
    expect(sentences(t!.errors)).toEqual([{ message: 'a tag pair longer than 4096 characters', line: 1, column: 1 }]);
    expect(moveTexts(t!)).toEqual(['a']);
    // A 3-million-character token fed in small chunks is skipped quickly (no quadratic carry).
    const r = new RecordReader();
    r.push('a ');
    const chunk = 'z'.repeat(3000);
    for (let i = 0; i < 1000; i++) r.push(chunk);
    const [big] = [...r.push(' b'), ...r.end()];
    expect(moveTexts(big!)).toEqual(['a', 'b']);
    expect(big!.errors).toHaveLength(1);
  });

  it('caps the errors and moves kept per game', () => {
    const [g] = parseRecords(') '.repeat(150) + 'a b c', { maxErrorsPerGame: 5, maxMovesPerGame: 2 });
    expect(g!.errors).toHaveLength(6);
    expect(g!.errors[5]!.message).toBe('too many errors in this game; further errors are not reported');
    expect(moveTexts(g!)).toEqual(['a', 'b']);
    const [t] = parseRecords('[A "1"]\n[B "2"]\n[C "3"]\n*', { maxTagsPerGame: 2 });
    expect(t!.tagList).toEqual([
      ['A', '1'],
      ['B', '2'],
    ]);
    expect(sentences(t!.errors)).toEqual([
      { message: 'the game has more than 2 tag pairs; the remaining ones are ignored', line: 3, column: 1 },
    ]);
    const [h] = parseRecords('a b c d', { maxMovesPerGame: 2 });
    expect(moveTexts(h!)).toEqual(['a', 'b']);
    expect(sentences(h!.errors)).toEqual([
      { message: 'the game has more than 2 moves; the remaining moves are ignored', line: 1, column: 5 },
    ]);
  });

  it('reports errors found between games as a game of their own', () => {
    const games = expectStreamingSame('1. a 1-0 }\n[Event "x"]\n1. b *');
    expect(games.map((g) => [g.index, moveTexts(g).join(), g.errors.length])).toEqual([
      [1, 'a', 0],
      [2, '', 1],
      [3, 'b', 0],
    ]);
  });

  it('never throws on random garbage and streams it identically', () => {
    const alphabet = ['{', '}', '(', ')', '[', ']', '"', '\\', ';', '%', '$', '!', '?', '.', '…', '1', '2', '-',
      '/', '*', '½', ' ', ' ', '\n', '\r', '\r\n', '\t', '\u0000', '\uFFFD', '\uD83D', '\uDE00', '😀', '\uFEFF',
      '\u3000', 'a', 'h2e2', '[Event "x"]\n', 'Event', '、', '１', '．', 'Ｃ'];
    for (let seed = 1; seed <= 30; seed++) {
      const r = rng(seed);
      let text = '';
      const n = 50 + Math.floor(r() * 400);
      for (let i = 0; i < n; i++) text += alphabet[Math.floor(r() * alphabet.length)];
      expect(() => expectStreamingSame(text)).not.toThrow();
    }
  });
});

describe('real records', () => {
  it.each([
    ['xiangqi-iccs.pgn', [127, 76]],
    ['xiangqi-wxf.pgn', [127]],
    ['xiangqi-chinese.pgn', [127]],
    ['xiangqi-unescaped-quotes.pgn', [69]],
    ['chushogi-usi.pgn', [4, 5, 16, 4]],
  ])('fixture %s', (name, counts) => {
    const games = expectStreamingSame(readFixture(name));
    expect(games.map((g) => g.moves.length)).toEqual(counts);
    expect(games.flatMap((g) => g.errors)).toEqual([]);
  });

  it('fixture details: positions, tags, set-up FEN', () => {
    const [wxf] = parseRecords(readFixture('xiangqi-wxf.pgn'));
    expect(wxf!.tags).toEqual({ Event: 'Zhongli Cup TV fast game Champion 1997', Red: 'ZHAO GuoRong', Black: 'KE YongQing' });
    expect(wxf!.moves[0]).toEqual({ text: 'Ｃ２＝５', line: 5, column: 4 });
    expect(wxf!.moves[126]).toEqual({ text: 'Ｒ４＝３', line: 5, column: 878 });
    const [chn] = parseRecords(readFixture('xiangqi-chinese.pgn'));
    expect(chn!.moves.slice(0, 4).map((m) => m.text)).toEqual(['炮二平五', '马８进７', '马二进三', '车９平８']);
    const chu = parseRecords(readFixture('chushogi-usi.pgn'));
    expect(chu.map((g) => [g.startLine, g.result, g.tags['PlyCount']])).toEqual([
      [1, '*', '4'],
      [8, '*', '5'],
      [15, '*', '16'],
      [23, '*', '4'],
    ]);
    expect(chu[3]!.tags['FEN']).toBe('6t4+C/5k6/5+l1g4/8X3/12/12/10+g+r/10+g+r/11+h/12/9+p2/4+S1+V4K b - 1');
    expect(movesAt(chu[3]!)).toEqual(['8l9l@28:4', '1i6i@28:9', '6l6i@28:17', '1h1l@28:22']);
    expect(chu[2]!.resultLine).toBe(21);
  });

  // The collections are part of the repository (fixtures/games/): a missing file is a failure, not a skip.
  it('finds the game collections in fixtures/games', () => {
    expect(existsSync(DATA + 'xiangqi/Hu_Ronghua_1391_UCI_games.pgn'), `missing ${DATA}`).toBe(true);
  });

  it('Hu Ronghua + Liu Dahua: 2,516 games, 221,678 moves', () => {
    const hu = parseRecords(readData('xiangqi/Hu_Ronghua_1391_UCI_games.pgn'));
    const liu = parseRecords(readData('xiangqi/Liu_Dahua_1125_UCI_games.pgn'));
    expect(hu).toHaveLength(1391);
    expect(liu).toHaveLength(1125);
    const all = [...hu, ...liu];
    expect(all.reduce((n, g) => n + g.moves.length, 0)).toBe(221_678);
    expect(all.flatMap((g) => g.errors)).toEqual([]);
    expect(all.every((g) => g.tagList.length === 3 && g.tags['Red'] && g.tags['Black'])).toBe(true);
    expect(liu[757]!.tags['Event']).toBe('"Huangshan Cup" National GM,CM Tournament 2002');
    expect(guessNotation(moveTexts(hu[0]!))).toBe('iccs');
  });

  it('streams a large file in random chunks identically', () => {
    const text = readData('xiangqi/Liu_Dahua_1125_UCI_games.pgn');
    const r = rng(42);
    const streamed = parseInChunks(text, () => 1 + Math.floor(r() * 5000));
    expect(plain(streamed)).toEqual(plain(parseRecords(text)));
  });

  it('the 15 games in ICCS, WXF and Chinese have the same move counts', () => {
    const counts: number[][] = [];
    for (const [f, notation] of [
      ['bulk_games_uci.pgn', 'iccs'],
      ['xqdb_international.pgn', 'wxf'],
      ['xqdb_traditional.pgn', 'chinese'],
    ] as const) {
      const games = expectStreamingSame(readData('xiangqi/' + f));
      expect(games).toHaveLength(15);
      expect(games.flatMap((g) => g.errors)).toEqual([]);
      for (const g of games) {
        expect(guessNotation(moveTexts(g))).toBe(notation);
        expect(recordHints(g.tags, moveTexts(g))).toEqual({ variant: 'xiangqi', notation, notationFrom: 'moves' });
      }
      counts.push(games.map((g) => g.moves.length));
    }
    expect(counts[1]).toEqual(counts[0]);
    expect(counts[2]).toEqual(counts[0]);
    expect(counts[0]!.reduce((a, b) => a + b, 0)).toBe(1378);
  });

  it('lishogi chu file: 49 games, 8,688 moves, PlyCount matches', () => {
    const games = expectStreamingSame(readData('chushogi/lishogi_49_games.pgn'));
    expect(games).toHaveLength(49);
    expect(games.reduce((n, g) => n + g.moves.length, 0)).toBe(8688);
    expect(games.flatMap((g) => g.errors)).toEqual([]);
    for (const g of games) {
      expect(g.moves.length).toBe(Number(g.tags['PlyCount']));
      expect(g.result).toBe('*');
      expect(guessVariant(g.tags, moveTexts(g))).toBe('chushogi');
      expect(guessNotation(moveTexts(g))).toBe('usi');
    }
  });

  it('reads from an async byte source (readRecords)', async () => {
    const bytes = readFileSync(DATA + 'xiangqi/xqdb_traditional.pgn');
    async function* source(): AsyncGenerator<Uint8Array> {
      // 7-byte slices split the 3-byte UTF-8 sequences of the Chinese moves.
      for (let i = 0; i < bytes.length; i += 7) yield bytes.subarray(i, i + 7);
    }
    const games: GameRecord[] = [];
    for await (const g of readRecords(source())) games.push(g);
    expect(plain(games)).toEqual(plain(parseRecords(bytes.toString('utf8'))));
  });

  it('is fast enough (no quadratic paths): 5 MB of games in well under the timeout', () => {
    const game = readFixture('xiangqi-iccs.pgn');
    const text = game.repeat(Math.ceil(5_000_000 / game.length));
    // this process's CPU time, not the wall clock: other processes on a loaded machine do not count
    const cpu0 = process.cpuUsage();
    const r = new RecordReader();
    let games = 0;
    for (let i = 0; i < text.length; i += 65536) games += r.push(text.slice(i, i + 65536)).length;
    games += r.end().length;
    const cpu = process.cpuUsage(cpu0);
    const ms = (cpu.user + cpu.system) / 1000;
    expect(games).toBe(2 * Math.ceil(5_000_000 / game.length));
    // under a second of CPU; a path quadratic in the input would take minutes
    expect(ms).toBeLessThan(10_000);
  });
});

describe('writePgn', () => {
  it('writes the roster first, numbers moves, wraps at 80 and ends with the result', () => {
    const moves = ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7', 'h0h6', 'c6c5', 'h6g6', 'h7i7', 'b0c2', 'g7h5',
      'g6g5', 'h5g3', 'g5g3', 'h9h4'];
    const out = writePgn({
      tags: { Black: 'B "q"', Custom: 'c\\d', Event: 'Test', Red: 'R', Result: '*' },
      moves,
      result: '1-0',
    });
    expect(out).toBe(
      '[Event "Test"]\n[Red "R"]\n[Black "B \\"q\\""]\n[Result "1-0"]\n[Custom "c\\\\d"]\n\n' +
        '1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 4. h0h6 c6c5 5. h6g6 h7i7 6. b0c2 g7h5\n' +
        '7. g6g5 h5g3 8. g5g3 h9h4 1-0\n',
    );
    for (const line of out.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    const [g] = parseRecords(out);
    expect(g!.tagList).toEqual([
      ['Event', 'Test'],
      ['Red', 'R'],
      ['Black', 'B "q"'],
      ['Result', '1-0'],
      ['Custom', 'c\\d'],
    ]);
    expect(moveTexts(g!)).toEqual(moves);
    expect(g!.result).toBe('1-0');
    expect(g!.errors).toEqual([]);
  });

  it('writes a game with no tags, a set-up position with the second player to move, ½-½', () => {
    expect(writePgn({ moves: [] })).toBe('*\n');
    expect(writePgn({ moves: ['a', 'b'], result: '½-½' })).toBe('1. a b 1/2-1/2\n');
    const xq = writePgn({ moves: ['h9g7', 'h2e2', 'g7f5'], startFen: '9/9/9/9/9/9/9/9/9/4K4 b - - 0 12' });
    expect(xq).toBe('[FEN "9/9/9/9/9/9/9/9/9/4K4 b - - 0 12"]\n\n12... h9g7 13. h2e2 g7f5 *\n');
    const chuFen = '6t4+C/5k6/5+l1g4/8X3/12/12/10+g+r/10+g+r/11+h/12/9+p2/4+S1+V4K w - 1';
    const chu = writePgn({ tags: [['Variant', 'chushogi']], moves: ['8l9l', '1i6i'], startFen: chuFen });
    expect(chu).toBe(`[Variant "chushogi"]\n[FEN "${chuFen}"]\n\n1... 8l9l 2. 1i6i *\n`);
    expect(writePgn({ moves: ['a', 'b', 'c'] }, { lineWidth: 0, secondPlayerFirst: true, startMoveNumber: 5 })).toBe(
      '5... a 6. b c *\n',
    );
  });

  it('round-trips every real fixture through the reader', () => {
    for (const name of ['xiangqi-iccs.pgn', 'xiangqi-wxf.pgn', 'xiangqi-chinese.pgn', 'chushogi-usi.pgn']) {
      for (const g of parseRecords(readFixture(name))) {
        const text = writePgn({ tags: g.tagList, moves: moveTexts(g), result: g.result });
        const [back] = parseRecords(text);
        expect(back!.tagList).toEqual(g.tagList);
        expect(moveTexts(back!)).toEqual(moveTexts(g));
        expect(back!.result).toBe(g.result ?? '*');
        expect(back!.errors).toEqual([]);
        for (const line of text.split('\n')) if (!line.startsWith('[')) expect(line.length).toBeLessThanOrEqual(80);
      }
    }
  });

  it('refuses moves and results it cannot write faithfully', () => {
    expect(() => writePgn({ moves: ['a b'] })).toThrow(RangeError);
    expect(() => writePgn({ moves: [''] })).toThrow(/move 1 "" is empty/);
    expect(() => writePgn({ moves: ['1-0'] })).toThrow(/result/);
    expect(() => writePgn({ moves: ['12.'] })).toThrow(/move number/);
    expect(() => writePgn({ moves: ['h2e2!'] })).toThrow(/annotation/);
    expect(() => writePgn({ moves: ['x'], result: '2-0' })).toThrow(/invalid result/);
    expect(() => writePgn({ moves: ['15.6', '15=6', '7g7f'] })).not.toThrow();
  });
});

describe('hints', () => {
  it('guesses the notation from the syntax', () => {
    expect(guessNotation(['h2e2', 'h9g7', 'h0g2'])).toBe('iccs');
    expect(guessNotation(['H2-E2', 'H9-G7'])).toBe('iccs');
    expect(guessNotation(['h3e3', 'h10g8', 'h1g3'])).toBe('uci');
    expect(guessNotation(['h3e3', 'h8g6'])).toBe('iccs'); // ambiguous: ICCS assumed
    expect(guessNotation(['C2.5', 'H8+7', 'R+.3', '+P+1', '15=6', 'Ｃ２＝５'])).toBe('wxf');
    expect(guessNotation(['炮二平五', '马８进７', '車一進一', '前炮平四'])).toBe('chinese');
    expect(guessNotation(['7g7f', '7j7i6h', '7e7c+', '12a11b'])).toBe('usi');
    expect(guessNotation(['f5e6,e6e7', 'l12k11'])).toBe('usi');
    expect(guessNotation(['Ln-7i-6h', 'Lnx2jx1j', 'Lnx!4h', '--', 'P-7f=', '+P-5e', 'G6a-5b'])).toBe('western');
    expect(guessNotation([])).toBe('unknown');
    expect(guessNotation(['h2e2', 'zz', 'qq'])).toBe('unknown');
  });

  it('reads the Format, Variant and FEN tags', () => {
    expect(notationFromFormatTag('ICCS')).toBe('iccs');
    expect(notationFromFormatTag(' wxf ')).toBe('wxf');
    expect(notationFromFormatTag('Chinese')).toBe('chinese');
    expect(notationFromFormatTag('PGN')).toBe(null);
    expect(notationFromFormatTag(undefined)).toBe(null);
    expect(formatTagValue('chinese')).toBe('Chinese');
    expect(formatTagValue('unknown')).toBe(null);
    expect(variantFromVariantTag('Xiangqi')).toBe('xiangqi');
    expect(variantFromVariantTag('chushogi')).toBe('chushogi');
    expect(variantFromVariantTag('Chu Shogi')).toBe('chushogi');
    expect(variantFromVariantTag('chu')).toBe('chushogi');
    expect(variantFromVariantTag('standard')).toBe(null);
    expect(variantFromFen('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1')).toBe('xiangqi');
    expect(variantFromFen('12/12/12/12/12/12/5N6/12/12/12/12/12 b - 1')).toBe('chushogi');
    expect(guessVariant({}, ['h2e2'])).toBe('xiangqi');
    expect(guessVariant({ Variant: 'chu' }, ['h2e2'])).toBe('chushogi');
    expect(guessVariant({}, [])).toBe(null);
    expect(recordHints({ Format: 'WXF' }, ['h2e2'])).toEqual({
      variant: 'xiangqi',
      notation: 'wxf',
      notationFrom: 'format-tag',
    });
    expect(toHalfWidth('Ｃ２＝５\u3000＋Ｐ－１')).toBe('C2=5 +P-1');
  });
});
