/**
 * The syntax layer for game records: a streaming reader for PGN and plain move lists.
 *
 * It knows nothing about the rules: it splits the input into games, tag pairs and move texts
 * (with their line:column), and reports malformed input as error entries — it never throws on
 * input. Another layer resolves the move texts against the legal moves.
 *
 * Streaming: `new RecordReader()`, then `push(chunk)` for each chunk of text (any size, down to
 * one character) and `end()`; each call returns the games completed so far. Only the current
 * game and a small carry (an unfinished token or tag pair, bounded by the limits) are held, so
 * memory stays flat however large the input is.
 *
 * Positions: `line` is 1-based; line breaks are LF, CRLF or a lone CR (a CRLF split between two
 * chunks still counts once). `column` is 1-based and counts CHARACTERS (Unicode code points) of
 * the original line: a CJK or full-width character is one column, an astral character (e.g. an
 * emoji, two UTF-16 code units) is also one column. A UTF-8 byte-order mark at the start of the
 * input is dropped and not counted. Tabs count as one column.
 *
 * Lexical rules (in the movetext):
 * - Whitespace (ASCII whitespace and the Unicode spaces, including the ideographic space U+3000)
 *   separates tokens. The characters `{ } ( ) [ ] ;` also end a token.
 * - `{…}` is a comment (may span lines); `;` starts a comment to the end of the line; a line whose
 *   first character is `%` is an escape line and is ignored. `(…)` is a variation (nested;
 *   everything inside is skipped). Comments and variations are not kept.
 * - `[Name "value"]` is a tag pair (one line; `\"` and `\\` are the escapes in the value). Any name
 *   is kept, in order; a duplicate name overwrites the value in `tags` but is kept twice in
 *   `tagList`. A value with unescaped inner quotes (`[Event ""Huangshan Cup" 2002"]`, found in
 *   the real data) runs to the last `"]` of the line and is accepted without an error.
 * - Once a game has movetext, a `[` starts a new tag section (and so ends that game) when it is
 *   the first non-blank character of its line, or when `Name "` follows it. Any other `[` in the
 *   movetext is an error, and the text up to a `]` on the same line is skipped (`[%clk 0:05]`).
 * - A token is a maximal run of other characters. Trailing annotation glyphs `!` `?` (also the
 *   full-width `！` `？`) and trailing NAGs `$12` are stripped from it; a token that is only
 *   annotations, NAGs or dots (`...`, `…`, a "no move" placeholder) is dropped.
 * - Results: `1-0`, `0-1`, `1/2-1/2`, `½-½` (reported as `1/2-1/2`) and `*` end the game.
 *   A game also ends where a new tag section begins, and at the end of the input. Inside a
 *   variation a result is ignored.
 * - Move numbers. Let D be a run of digits (ASCII `0-9` or full-width `０-９`) and P a run of
 *   number punctuation (`.` `．` `。` `、` `…`).
 *     1. A token that is only D (`12`), or only D P (`12.`, `12...`, `12…`, `1、`) is a move number
 *        and is dropped. So is D immediately followed by `)` outside a variation (`1)`).
 *     2. A token D P X, where X is the rest, is a move number glued to the move X (`1.h2e2`,
 *        `12...Ｃ２＝５`, `1、炮二平五`) — EXCEPT when P is a single `.`/`．` and X is exactly one
 *        digit: then the whole token is one move (`15.6`, a WXF pawn move in index form with `.`
 *        for "sideways"; a lone digit is never a move, so this is unambiguous).
 *     3. Any other token that starts with a digit is a move: `7g7f`, `7j7i6h` (USI), `15=6`,
 *        `3+.4`, `7-.6` (WXF) — digits followed by a letter, `+`, `-` or `=` are never a number.
 *   Tokens starting with `+` or `-` are moves (`+P+1`, `--.4`, the pass `--`); `1-0` and `0-1`
 *   are results, checked before the number rules.
 * - Move texts are kept verbatim otherwise (full-width characters, CJK, `,` legs, `+`/`=`
 *   promotion suffixes); the resolver normalises them.
 *
 * Errors (each with line:column and one sentence): unterminated comment, variation or tag pair;
 * unmatched `)` `}` `]`; malformed tag pairs (kept when a value can be recovered); control
 * characters (binary data), U+FFFD replacement characters (invalid UTF-8) and unpaired surrogates
 * (the token is dropped); tokens longer than `maxTokenLength` (skipped without buffering); a last
 * game that has tags but no movetext (truncated input); more errors, moves or tag pairs in one game
 * than the limits allow. An unterminated `(` stops at the next tag section and an unterminated `{`
 * at a line that starts with `[Name "`, so one stray bracket does not swallow the following games.
 * Text between games that produces only errors (e.g. a stray `}` after a result) is reported as
 * a game of its own with no moves, so every error reaches the caller.
 */
import { formatProblem, type PgnProblem } from '../core/problem.js';

export {
  guessNotation,
  guessVariant,
  notationFromFormatTag,
  formatTagValue,
  recordHints,
  toHalfWidth,
  variantFromFen,
  variantFromVariantTag,
} from './pgn-hints.js';
export type { NotationHint, RecordHints, VariantHint } from './pgn-hints.js';
export { writePgn } from './pgn-write.js';
export type { PgnGameInput, WritePgnOptions } from './pgn-write.js';

export type { GameRecord, RecordError, RecordMove } from '../core/record.js';
import type { GameRecord, RecordError, RecordMove } from '../core/record.js';

/**
 * A game read by the plain-game path of `RecordReader` (option `packedMoves`): its moves are ICCS-shaped
 * coordinate moves (`h2e2`), kept packed — per move its key (`coordinateKey`), line and column — and
 * made into `RecordMove`s only when `moves` is read. Otherwise the same record as the general reader's.
 */
export class PackedRecord implements GameRecord {
  index: number;
  tags: Record<string, string>;
  tagList: Array<[string, string]>;
  result: string | null;
  resultLine?: number;
  resultColumn?: number;
  startLine: number;
  errors: RecordError[] = [];
  /** Three numbers per move: the coordinate key (file * 10 + rank of from, then of to: 0–8099), line, column. */
  readonly packed: Int32Array;
  private list: RecordMove[] | null = null;

  constructor(index: number, tags: Record<string, string>, tagList: Array<[string, string]>, packed: Int32Array, startLine: number) {
    this.index = index;
    this.tags = tags;
    this.tagList = tagList;
    this.packed = packed;
    this.startLine = startLine;
    this.result = null;
  }

  /** The number of moves (without making them). */
  get moveCount(): number {
    return this.packed.length / 3;
  }

  /** The text of move i (0-based), without making the list. */
  moveText(i: number): string {
    return keyText(this.packed[i * 3]!);
  }

  get moves(): RecordMove[] {
    let l = this.list;
    if (l === null) {
      const p = this.packed;
      l = [];
      for (let k = 0; k < p.length; k += 3) l.push({ text: keyText(p[k]!), line: p[k + 1]!, column: p[k + 2]! });
      this.list = l;
    }
    return l;
  }

  set moves(list: RecordMove[]) {
    this.list = list;
  }
}

/** The ICCS-shaped text of a coordinate key (shared strings). */
function keyText(key: number): string {
  let t = COORDINATE_TEXTS[key];
  if (t === undefined) {
    const r2 = key % 10;
    const f2 = ((key / 10) | 0) % 9;
    const r1 = ((key / 90) | 0) % 10;
    const f1 = (key / 900) | 0;
    COORDINATE_TEXTS[key] = t = String.fromCharCode(97 + f1, 48 + r1, 97 + f2, 48 + r2);
  }
  return t;
}

export interface RecordReaderOptions {
  /** Longest accepted token (move text); longer runs are an error and are skipped. Default 1000. */
  maxTokenLength?: number;
  /** Longest accepted tag pair, from `[` to `]`. Default 4096. */
  maxTagLength?: number;
  /** Errors kept per game before the rest are suppressed. Default 100. */
  maxErrorsPerGame?: number;
  /** Moves kept per game; further moves are an error and are dropped. Default 100,000. */
  maxMovesPerGame?: number;
  /** Tag pairs kept per game; further tag pairs are an error and are dropped. Default 1000. */
  maxTagsPerGame?: number;
  /**
   * Read plain games of coordinate moves (`PackedRecord`: tag lines, then move numbers and ICCS-shaped
   * moves) without an object per move; the records are the same (their `moves` are made when asked
   * for). For readers that replay the games at once (validate). Default false.
   */
  packedMoves?: boolean;
}

const DEFAULTS: Required<RecordReaderOptions> = {
  maxTokenLength: 1000,
  maxTagLength: 4096,
  maxErrorsPerGame: 100,
  maxMovesPerGame: 100_000,
  maxTagsPerGame: 1000,
  packedMoves: false,
};

// Character classes for ASCII.
const TOK = 0;
const WS = 1;
const DELIM = 2;
const CTRL = 3;
/** Token characters that may start an annotation or NAG: ! ? $ */
const MARK = 4;
const CLASS = new Uint8Array(128);
for (let c = 0; c < 32; c++) CLASS[c] = CTRL;
CLASS[127] = CTRL;
for (const c of [9, 10, 11, 12, 13, 32]) CLASS[c] = WS;
for (const ch of '{}()[];') CLASS[ch.charCodeAt(0)] = DELIM;
for (const ch of '!?$') CLASS[ch.charCodeAt(0)] = MARK;

function isUnicodeSpace(c: number): boolean {
  return (
    c === 0x3000 ||
    c === 0xa0 ||
    c === 0xfeff ||
    c === 0x1680 ||
    (c >= 0x2000 && (c <= 0x200a || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f))
  );
}

function isWhitespace(c: number): boolean {
  return c < 128 ? CLASS[c] === WS : isUnicodeSpace(c);
}

function isDigit(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 0xff10 && c <= 0xff19);
}

function isAsciiDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Punctuation that may follow a move number: . ． 。 、 … */
function isNumberPunct(c: number): boolean {
  return c === 0x2e || c === 0xff0e || c === 0x3002 || c === 0x3001 || c === 0x2026;
}

function isAnnotation(c: number): boolean {
  return c === 33 || c === 63 || c === 0xff01 || c === 0xff1f;
}

const NL_RE = /[\r\n]/g;
const SURROGATE_RE = /[\uD800-\uDFFF]/;
/** Characters that need the slower checks: controls, U+FFFD, surrogates. */
const SUSPECT_RE = /[\x00-\x08\x0E-\x1F\x7F\uFFFD\uD800-\uDFFF]/;
const TAG_FAST_RE = /\[([^\s"\][]+)[ \t]+"([^"\\\r\n]*)"[ \t]*\]/y;
/**
 * A line break followed by the start of a tag pair, or an `[Event "` anywhere (records written on
 * one long line): recovery point for unterminated { and (.
 */
const TAG_LINE_RE = /[\r\n][ \t]*\[[^\s"\][]+[ \t]*"|\[Event[ \t]+"/;
/** The start of a game's first tag pair: where a malformed tag, a skipped line or a `;` comment stops. */
const EVENT_RE = /\[Event[ \t]+"/g;
const EVENT_AT_RE = /\[Event[ \t]+"/y;
/** Characters that make a token (or tag value) invalid when the token has non-ASCII characters. */
const INVALID_HIGH_RE = /\uFFFD|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const INVALID_ANY_RE =
  /[\x00-\x08\x0E-\x1F\x7F\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;


/**
 * A copy of a short string that does not keep the (possibly large) input buffer alive: V8 makes
 * substrings of 13+ characters views into their parent, which would retain every chunk a caller
 * keeps a tag value or move text from.
 */
function detach(s: string): string {
  return s.length < 13 ? s : (' ' + s).slice(1);
}


/** plainGame: the text is not a plain game (the general scanner reads it). */
const NOT_PLAIN = -1;
/** plainGame: the input seen so far ends inside the game. */
const INCOMPLETE = -2;
/** The longest text of one game that waits for more input to be read as a plain game (UTF-16 units). */
const PLAIN_MAX = 1 << 20;

const NL_SEARCH = 0;
const NL_FOUND = 1;
const NL_NONE = 2;

const enum Mode {
  Normal,
  Comment,
  LineComment,
  SkipToken,
  SkipLine,
}

interface TagParse {
  /** Index just after the tag pair (or where scanning resumes). */
  end: number;
  name: string | null;
  value: string | null;
  errors: Array<{ at: number; problem: PgnProblem }>;
  /** Skip the rest of the line after `end`. */
  skipLine: boolean;
}

class GameState {
  tags: Record<string, string> = Object.create(null) as Record<string, string>;
  tagList: Array<[string, string]> = [];
  moves: RecordMove[] = [];
  errors: RecordError[] = [];
  result: string | null = null;
  resultLine = 0;
  resultColumn = 0;
  startLine = 0;
  /** Any movetext seen (moves, numbers, results, variations, movetext errors). */
  movetext = false;
  errorsFull = false;
  movesFull = false;
  tagsFull = false;

  get empty(): boolean {
    return this.tagList.length === 0 && !this.movetext && this.errors.length === 0;
  }
}

export class RecordReader {
  private readonly opts: Required<RecordReaderOptions>;
  private buf = '';
  private pos = 0;
  /** Absolute offset (UTF-16 units since the start of the input, BOM excluded) of buf[0]. */
  private bufAbs = 0;
  private final = false;
  private ended = false;
  private started = false;
  private mode: Mode = Mode.Normal;
  /** A skip after a bad tag pair stopped at the next game's `[Event "` on the same line. */
  private skipStoppedAtEvent = false;

  // Line tracking (absolute offsets).
  private line = 1;
  private lineStartAbs = 0;
  private lastCRAbs = -2;
  /**
   * Absolute offset of the next unprocessed line break, when `nlState` is NL_FOUND. All offsets
   * stay small integers (no Infinity sentinel: a double in one of these fields spreads to every
   * offset computed from it, and the change of field representation deprecates the reader's map
   * and deoptimizes the scanner).
   */
  private nextNl = 0;
  /** NL_SEARCH: look for the next line break from nlFrom; NL_FOUND: it is at nextNl; NL_NONE: none in buf. */
  private nlState = NL_NONE;
  private nlFrom = 0;

  // Column correction for astral characters (surrogate pairs), only when the input has any.
  private surr = false;
  /** The input has shown control characters, U+FFFD or surrogates: validate tokens and tags. */
  private suspect = false;
  private sLine = -1;
  private sAbs = 0;
  private sCount = 0;

  /** Whether the already discarded part of the line starting at dirtyLine has non-whitespace. */
  private dirtyLine = -1;
  private dirty = false;

  // Result of locate().
  private locLine = 1;
  private locCol = 1;

  // Comment / variation state.
  private commentLine = 0;
  private commentCol = 0;
  private varDepth = 0;
  private varLine = 0;
  private varCol = 0;

  private game = new GameState();
  private gameCount = 0;
  private out: GameRecord[] = [];

  private readonly maxToken: number;
  private readonly maxMoves: number;
  private readonly packed: boolean;

  constructor(options: RecordReaderOptions = {}) {
    this.opts = { ...DEFAULTS, ...stripUndefined(options) };
    this.maxToken = this.opts.maxTokenLength;
    this.maxMoves = this.opts.maxMovesPerGame;
    this.packed = this.opts.packedMoves;
    // end() changes these once. Changed here first, so that V8 keeps them as fields that change:
    // a first change at the end of the first input would throw away the scanner's optimized code
    // (compiled assuming them constant) while a second input is still to be read.
    this.final = true;
    this.final = false;
    this.ended = true;
    this.ended = false;
  }

  /** Feeds a chunk of text; returns the games completed by it (possibly none). */
  push(chunk: string): GameRecord[] {
    if (this.ended) throw new Error('RecordReader.push() called after end()');
    if (chunk.length > 0) {
      if (!this.started) {
        this.started = true;
        if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
      }
      if (!this.suspect && SUSPECT_RE.test(chunk)) this.suspect = true;
      if (this.suspect && !this.surr && SURROGATE_RE.test(chunk)) this.surr = true;
      // join() makes a flat string; a cons string (carry + chunk) would slow every charCodeAt.
      this.buf = this.pos === this.buf.length ? chunk : [this.buf.slice(this.pos), chunk].join('');
      this.bufAbs += this.pos;
      this.pos = 0;
      if (this.nlState === NL_NONE) this.nlState = NL_SEARCH;
      this.run();
      this.compact();
    }
    return this.drain();
  }

  /** Signals the end of the input; returns the remaining games. */
  end(): GameRecord[] {
    if (this.ended) return [];
    this.final = true;
    this.run();
    this.ended = true;
    const len = this.buf.length;
    if (this.varDepth > 0) {
      this.errorAtLoc(
        this.varLine,
        this.varCol,
        { code: 'pgn.unclosed-variation' },
      );
      this.varDepth = 0;
    }
    const g = this.game;
    if (g.tagList.length > 0 && !g.movetext) {
      this.locate(len);
      this.errorAtLoc(
        this.locLine,
        this.locCol,
        { code: 'pgn.tags-without-moves' },
      );
    }
    this.finishGame();
    this.compact();
    this.buf = '';
    return this.drain();
  }

  private drain(): GameRecord[] {
    const out = this.out;
    this.out = [];
    return out;
  }

  // ---------------------------------------------------------------------------------------------
  // Positions

  private syncLines(abs: number): void {
    for (;;) {
      if (this.nlState !== NL_FOUND) {
        if (this.nlState === NL_NONE) return;
        NL_RE.lastIndex = Math.max(0, this.nlFrom - this.bufAbs);
        const m = NL_RE.exec(this.buf);
        if (m) {
          this.nextNl = this.bufAbs + m.index;
          this.nlState = NL_FOUND;
        } else {
          this.nlState = NL_NONE;
          this.nlFrom = this.bufAbs + this.buf.length;
          return;
        }
      }
      const a = this.nextNl;
      if (a >= abs) return;
      const ch = this.buf.charCodeAt(a - this.bufAbs);
      if (ch === 10 && a - 1 === this.lastCRAbs) {
        this.lineStartAbs = a + 1; // the LF of a CRLF pair
      } else {
        this.line++;
        this.lineStartAbs = a + 1;
        if (ch === 13) this.lastCRAbs = a;
      }
      this.nlFrom = a + 1;
      this.nlState = NL_SEARCH;
    }
  }

  /** Number of astral characters (surrogate pairs) on the current line before `abs`. */
  private astralBefore(abs: number): number {
    if (this.sLine !== this.lineStartAbs) {
      this.sLine = this.lineStartAbs;
      this.sAbs = this.lineStartAbs;
      this.sCount = 0;
    }
    const buf = this.buf;
    const end = abs - this.bufAbs;
    let k = Math.max(this.sAbs - this.bufAbs, 0);
    if (k < end) {
      for (; k < end; k++) {
        const c = buf.charCodeAt(k);
        if (c >= 0xdc00 && c <= 0xdfff && k > 0) {
          const p = buf.charCodeAt(k - 1);
          if (p >= 0xd800 && p <= 0xdbff) this.sCount++;
        }
      }
      this.sAbs = abs;
    }
    return this.sCount;
  }

  /** Sets locLine/locCol to the position of buf[p]. */
  private locate(p: number): void {
    const abs = this.bufAbs + p;
    if (this.nlState === NL_SEARCH || (this.nlState === NL_FOUND && this.nextNl < abs)) this.syncLines(abs);
    let col = abs - this.lineStartAbs + 1;
    if (this.surr) col -= this.astralBefore(abs);
    this.locLine = this.line;
    this.locCol = col;
  }

  /**
   * Whether the `[` at buf[p] starts a tag section: it begins its line (only blanks before it), or
   * `Name "` follows. Null when the input seen so far cannot tell.
   */
  private startsTagSection(p: number): boolean | null {
    const buf = this.buf;
    const abs = this.bufAbs + p;
    if (this.nlState === NL_SEARCH || (this.nlState === NL_FOUND && this.nextNl < abs)) this.syncLines(abs);
    const ls = this.lineStartAbs;
    let k = p - 1;
    const stop = Math.max(ls - this.bufAbs, 0);
    while (k >= stop && isWhitespace(buf.charCodeAt(k))) k--;
    if (k < stop && (ls >= this.bufAbs || !(this.dirtyLine === ls && this.dirty))) return true;
    const len = buf.length;
    const max = p + this.opts.maxTagLength;
    const lim = Math.min(len, max);
    let c = 0;
    k = p + 1;
    while (k < lim && ((c = buf.charCodeAt(k)) === 32 || c === 9)) k++;
    const nameStart = k;
    while (k < lim && !isWhitespace((c = buf.charCodeAt(k))) && c !== 0x22 && c !== 0x5d && c !== 0x5b) k++;
    const hasName = k > nameStart;
    while (k < lim && ((c = buf.charCodeAt(k)) === 32 || c === 9)) k++;
    if (k >= lim) return k >= len && !this.final && len < max ? null : false;
    return hasName && c === 0x22;
  }

  private compact(): void {
    let p = this.pos;
    // Never split a surrogate pair between buffers (keeps the column count exact).
    if (p > 0 && p === this.buf.length && !this.final) {
      const c = this.buf.charCodeAt(p - 1);
      if (c >= 0xd800 && c <= 0xdbff) this.pos = --p;
    }
    if (p === 0) return;
    const abs = this.bufAbs + p;
    this.syncLines(abs);
    if (this.surr) this.astralBefore(abs);
    // Remember whether the discarded part of the current line had anything but whitespace.
    const ls = this.lineStartAbs;
    if (this.dirtyLine !== ls) {
      this.dirtyLine = ls;
      this.dirty = false;
    }
    if (!this.dirty) {
      const buf = this.buf;
      for (let k = Math.max(ls - this.bufAbs, 0); k < p; k++) {
        if (!isWhitespace(buf.charCodeAt(k))) {
          this.dirty = true;
          break;
        }
      }
    }
    this.buf = p >= this.buf.length ? '' : this.buf.slice(p);
    this.bufAbs = abs;
    this.pos = 0;
  }

  // ---------------------------------------------------------------------------------------------
  // Games

  private errorAtLoc(line: number, column: number, problem: PgnProblem): void {
    const g = this.game;
    if (g.errorsFull) return;
    if (g.startLine === 0) g.startLine = line;
    if (g.errors.length >= this.opts.maxErrorsPerGame) {
      g.errorsFull = true;
      const full: PgnProblem = { code: 'pgn.too-many-errors' };
      g.errors.push({ problem: full, message: formatProblem(full), line, column });
      return;
    }
    g.errors.push({ problem, message: formatProblem(problem), line, column });
  }

  private errorAt(p: number, problem: PgnProblem): void {
    if (this.game.errorsFull) return;
    this.locate(p);
    this.errorAtLoc(this.locLine, this.locCol, problem);
  }

  /** Marks movetext at buf[p] (sets the game's start line if it has none yet). */
  private movetextAt(p: number): void {
    const g = this.game;
    if (g.startLine === 0) {
      this.locate(p);
      g.startLine = this.locLine;
    }
    g.movetext = true;
  }

  private finishGame(): void {
    const g = this.game;
    if (!g.empty) {
      const rec: GameRecord = {
        index: ++this.gameCount,
        tags: g.tags,
        tagList: g.tagList,
        moves: g.moves,
        result: g.result,
        startLine: g.startLine,
        errors: g.errors,
      };
      if (g.result !== null) {
        rec.resultLine = g.resultLine;
        rec.resultColumn = g.resultColumn;
      }
      this.out.push(rec);
    }
    this.game = new GameState();
  }

  // ---------------------------------------------------------------------------------------------
  // Scanner

  private run(): void {
    const buf = this.buf;
    const len = buf.length;
    const final = this.final;
    let pos = this.pos;
    // the hot loop only: whitespace and tokens; modes and delimiters are methods of their own
    // (small compiles; a rare branch taken late deoptimizes them, not this loop)
    scan: for (;;) {
      if (this.mode !== Mode.Normal) {
        const r = this.resume(pos);
        if (r < 0) {
          pos = -r - 1;
          break;
        }
        pos = r;
      }
      // Normal mode.
      while (pos < len) {
        let c = buf.charCodeAt(pos);
        let cls = c < 128 ? CLASS[c] : isUnicodeSpace(c) ? WS : TOK;
        if (cls === WS) {
          pos++;
          continue;
        }
        if (cls === DELIM) {
          // a plain game of coordinate moves, read at once (option packedMoves)
          if (c === 0x5b && this.packed && !this.suspect && this.varDepth === 0) {
            // the game before it ends here (as `delim` ends it once it has read the tag pair)
            if (this.game.movetext && this.startsTagSection(pos) === true) this.finishGame();
          }
          if (c === 0x5b && this.packed && !this.suspect && this.varDepth === 0 && this.game.startLine === 0) {
            const r = this.plainGame(pos);
            if (r >= 0) {
              pos = r;
              continue;
            }
            // (a game longer than PLAIN_MAX is read by the general scanner, which holds less of it)
            if (r === INCOMPLETE && len - pos <= PLAIN_MAX) break scan;
          }
          const r = this.delim(c, pos);
          if (r < 0) {
            pos = -r - 1;
            break scan;
          }
          pos = r;
          if (this.mode !== Mode.Normal) continue scan;
          continue;
        }
        // '%' escape line (only as the first character of a line).
        if (c === 0x25) {
          const abs = this.bufAbs + pos;
          this.syncLines(abs);
          if (abs === this.lineStartAbs) {
            this.mode = Mode.LineComment;
            pos++;
            continue scan;
          }
        }
        // A token: scan the run.
        const start = pos;
        // flags: 1 = control characters, 2 = non-ASCII, 4 = ! ? $ (annotations, NAGs)
        let flags = cls === CTRL ? 1 : cls === MARK ? 4 : c >= 128 ? 2 : 0;
        let i = pos + 1;
        while (i < len) {
          c = buf.charCodeAt(i);
          if (c < 128) {
            cls = CLASS[c];
            if (cls !== TOK) {
              if (cls === MARK) flags |= 4;
              else if (cls === CTRL) flags |= 1;
              else break;
            }
          } else if (isUnicodeSpace(c)) break;
          else flags |= 2;
          i++;
        }
        const max = this.maxToken;
        if (i - start > max) {
          this.movetextAt(start);
          this.errorAt(start, { code: 'pgn.long-token', max });
          pos = i;
          if (i >= len && !final) {
            this.mode = Mode.SkipToken;
            break scan;
          }
          continue;
        }
        if (i >= len && !final) break scan; // the token may continue in the next chunk
        // `1)` outside a variation is a move number.
        if (c === 0x29 && i < len && this.varDepth === 0 && allDigits(buf, start, i)) {
          this.movetextAt(start);
          pos = i + 1;
          continue;
        }
        // Fast path: a plain ASCII token starting with a letter is always a move.
        const c0 = buf.charCodeAt(start) | 0x20;
        if (flags === 0 && c0 >= 0x61 && c0 <= 0x7a && this.varDepth === 0) this.move(start, i);
        else this.token(start, i, flags, true);
        pos = i;
      }
      break;
    }
    this.pos = pos;
  }

  /**
   * A plain game from the `[` at buf[p0] (a fresh game: no tag, movetext or error yet), read in one
   * go: tag lines as TAG_FAST_RE reads them (then only blanks to the line break), blank lines, then
   * movetext of move numbers (`12.`), ICCS-shaped moves (`h2e2`) and blanks, up to a result token,
   * a `[` that begins a line (the next game) or the end of the input. The game is kept as a
   * `PackedRecord`, the same record `run` would make of that text, and the position after it is
   * returned (line tracking moved on to it). Anything else in the text — other tokens, comments,
   * CR without LF, limits — answers NOT_PLAIN before anything is changed, and the general scanner
   * reads the game; INCOMPLETE: the input seen so far ends inside the game (more may come).
   */
  private plainGame(p0: number): number {
    const buf = this.buf;
    const len = buf.length;
    const final = this.final;
    const bufAbs = this.bufAbs;
    this.locate(p0);
    const startLine = this.locLine;
    const tags = Object.create(null) as Record<string, string>;
    const tagList: Array<[string, string]> = [];
    // tag lines and blank lines, up to the first movetext character
    const at = plainTags(buf, p0, final, this.opts.maxTagLength, this.opts.maxTagsPerGame, tags, tagList);
    if (at < 0) return at;
    const scan = PLAIN_SCAN;
    scan.line = startLine + scan.line;
    // the line's start as a buffer index (negative when it began in a discarded chunk)
    if (scan.ls < 0) scan.ls = p0 - this.locCol + 1;
    if (scan.lastCR < 0) scan.lastCR = this.lastCRAbs;
    else scan.lastCR += bufAbs;
    const r = plainMoves(buf, at, len, final, this.maxMoves * 3, scan, bufAbs);
    if (r <= 0) return r < 0 ? r : NOT_PLAIN;
    const rec = new PackedRecord(++this.gameCount, tags, tagList, PACK.slice(0, r), startLine);
    if (scan.result !== null) {
      rec.result = scan.result;
      rec.resultLine = scan.resultLine;
      rec.resultColumn = scan.resultColumn;
    }
    this.out.push(rec);
    // line tracking: at the end of the game, on line scan.line, which starts at scan.ls
    this.line = scan.line;
    this.lineStartAbs = bufAbs + scan.ls;
    this.lastCRAbs = scan.lastCR;
    this.nlState = NL_SEARCH;
    this.nlFrom = bufAbs + scan.ls;
    return scan.end;
  }

  /**
   * Continues a comment, skipped line or skipped token from pos: the position where Normal mode
   * resumes, or -(position) - 1 when the input ends first (more may come).
   */
  private resume(pos: number): number {
    const buf = this.buf;
    const len = buf.length;
    const final = this.final;
    switch (this.mode) {
      case Mode.Normal:
        return pos;
      case Mode.Comment: {
        const close = buf.indexOf('}', pos);
        const end = close >= 0 ? close : len;
        if (end > pos) {
          const m = TAG_LINE_RE.exec(buf.slice(pos, end));
          if (m) {
            const tagAt = pos + m.index + m[0].indexOf('[');
            this.locate(tagAt);
            this.errorAtLoc(
              this.commentLine,
              this.commentCol,
              { code: 'pgn.unclosed-comment', beforeTagLine: this.locLine },
            );
            pos = tagAt;
            this.mode = Mode.Normal;
            return pos;
          }
        }
        if (close >= 0) {
          pos = close + 1;
          this.mode = Mode.Normal;
          return pos;
        }
        if (final) {
          this.errorAtLoc(
            this.commentLine,
            this.commentCol,
            { code: 'pgn.unclosed-comment' },
          );
          pos = len;
          this.mode = Mode.Normal;
          return -pos - 1;
        }
        // Keep a short last line (from its line break) to detect a tag pair split by the chunk.
        const lastNl = Math.max(buf.lastIndexOf('\n'), buf.lastIndexOf('\r'));
        pos = lastNl >= pos && len - lastNl < 300 ? lastNl : Math.max(pos, len - 8);
        return -pos - 1;
      }
      case Mode.LineComment:
      case Mode.SkipLine: {
        NL_RE.lastIndex = pos;
        const m = NL_RE.exec(buf);
        // on one long line, the next game's `[Event "` ends the skip too
        EVENT_RE.lastIndex = pos;
        const ev = EVENT_RE.exec(buf);
        const stop = m && ev ? Math.min(m.index, ev.index) : m ? m.index : ev ? ev.index : -1;
        if (stop >= 0) {
          pos = stop;
          this.mode = Mode.Normal;
          this.skipStoppedAtEvent = ev !== null && stop === ev.index;
          return pos;
        }
        // keep a possible `[Event "` split by the chunk boundary
        pos = final ? len : Math.max(pos, len - 8);
        if (final) this.mode = Mode.Normal;
        return -pos - 1;
      }
      case Mode.SkipToken: {
        // Same stopping rule as the token scan: whitespace or a delimiter.
        while (pos < len) {
          const c = buf.charCodeAt(pos);
          if (c < 128 ? CLASS[c] === WS || CLASS[c] === DELIM : isUnicodeSpace(c)) break;
          pos++;
        }
        if (pos < len || final) {
          this.mode = Mode.Normal;
          return pos;
        }
        return -pos - 1;
      }
    }
    return pos;
  }

  /**
   * A delimiter at buf[pos] in Normal mode ({ ; ( ) } ] [): the position to go on from (the mode
   * may have changed), or -(position) - 1 when the input seen so far cannot tell (more may come).
   */
  private delim(c: number, pos: number): number {
    const buf = this.buf;
    const len = buf.length;
    const final = this.final;
    switch (c) {
      case 0x7b: // {
        this.locate(pos);
        this.commentLine = this.locLine;
        this.commentCol = this.locCol;
        this.mode = Mode.Comment;
        pos++;
        return pos;
      case 0x3b: // ;
        this.mode = Mode.LineComment;
        pos++;
        return pos;
      case 0x28: // (
        this.movetextAt(pos);
        if (this.varDepth++ === 0) {
          this.locate(pos);
          this.varLine = this.locLine;
          this.varCol = this.locCol;
        }
        pos++;
        return pos;
      case 0x29: // )
        if (this.varDepth > 0) this.varDepth--;
        else {
          this.movetextAt(pos);
          this.errorAt(pos, { code: 'pgn.unmatched-paren' });
        }
        pos++;
        return pos;
      case 0x7d: // }
        this.movetextAt(pos);
        this.errorAt(pos, { code: 'pgn.unmatched-brace' });
        pos++;
        return pos;
      case 0x5d: // ]
        this.movetextAt(pos);
        this.errorAt(pos, { code: 'pgn.stray-bracket' });
        pos++;
        return pos;
      default: {
        // [ — a tag pair. After movetext it starts a new tag section only when it begins a line
        // or is followed by `Name "`; otherwise the bracketed text is an error and is skipped.
        if (this.game.movetext || this.varDepth > 0) {
          const starts = this.startsTagSection(pos);
          if (starts === null) return -pos - 1;
          if (!starts) {
            const lim = Math.min(len, pos + this.opts.maxTagLength);
            let k = pos + 1;
            while (k < lim && (c = buf.charCodeAt(k)) !== 0x5d && c !== 10 && c !== 13) k++;
            if (k >= len && !final && len < pos + this.opts.maxTagLength) return -pos - 1;
            this.movetextAt(pos);
            if (k < lim && c === 0x5d) {
              this.errorAt(pos, { code: 'pgn.bracket-in-movetext', skipped: true });
              pos = k + 1;
            } else {
              this.errorAt(pos, { code: 'pgn.bracket-in-movetext', skipped: false });
              pos++;
            }
            return pos;
          }
        }
        const t = this.parseTag(pos);
        if (t === null) return -pos - 1; // incomplete: wait for more input
        if (this.varDepth > 0) {
          this.locate(pos);
          this.errorAtLoc(
            this.varLine,
            this.varCol,
            { code: 'pgn.unclosed-variation', beforeTagLine: this.locLine },
          );
          this.varDepth = 0;
        }
        // a second [Event after a malformed tag (a record on one long line): the next game
        const afterSkip = this.skipStoppedAtEvent;
        this.skipStoppedAtEvent = false;
        if (this.game.movetext || (t.name === 'Event' && this.game.errors.length > 0 && (afterSkip || this.game.tags['Event'] !== undefined)))
          this.finishGame();
        const g = this.game;
        if (g.startLine === 0) {
          this.locate(pos);
          g.startLine = this.locLine;
        }
        if (t.name !== null && t.value !== null) {
          if (g.tagList.length < this.opts.maxTagsPerGame) {
            const name = detach(t.name);
            const value = detach(t.value);
            g.tags[name] = value;
            g.tagList.push([name, value]);
          } else if (!g.tagsFull) {
            g.tagsFull = true;
            this.errorAt(
              pos,
              { code: 'pgn.too-many-tags', max: this.opts.maxTagsPerGame },
            );
          }
        }
        for (const e of t.errors) this.errorAt(e.at, e.problem);
        pos = t.end;
        if (t.skipLine) this.mode = Mode.SkipLine;
        return pos;
      }
    }
  }


  /** Classifies the token buf[start, end). flags: 1 = has control chars, 2 = has non-ASCII. */
  private token(start: number, end: number, flags: number, allowNumber: boolean): void {
    const buf = this.buf;
    const _g = this.game;
    if ((flags & 1) !== 0 || ((flags & 2) !== 0 && this.suspect)) {
      const bad = findInvalid(buf, start, end, flags);
      if (bad >= 0) {
        this.movetextAt(start);
        this.errorAt(bad, { code: 'pgn.invalid-char', char: buf.charCodeAt(bad) });
        return;
      }
    }
    if (this.varDepth > 0) return;
    // Strip trailing annotations (!, ?) and NAGs ($12).
    let e = end;
    while ((flags & 6) !== 0) {
      if (e <= start) break;
      const ch = buf.charCodeAt(e - 1);
      if (isAnnotation(ch)) {
        e--;
        continue;
      }
      if (isAsciiDigit(ch)) {
        let k = e - 1;
        while (k > start && isAsciiDigit(buf.charCodeAt(k - 1))) k--;
        if (k > start && buf.charCodeAt(k - 1) === 0x24) {
          e = k - 1;
          continue;
        }
      }
      break;
    }
    if (e <= start) {
      this.movetextAt(start);
      return; // only annotations / NAGs
    }
    const c0 = buf.charCodeAt(start);
    const n = e - start;
    // Results.
    if (n === 1 && c0 === 0x2a) {
      this.result(start, '*');
      return;
    }
    if (n === 3 && buf.charCodeAt(start + 1) === 0x2d) {
      const c2 = buf.charCodeAt(start + 2);
      if (c0 === 0x31 && c2 === 0x30) { this.result(start, '1-0'); return; }
      if (c0 === 0x30 && c2 === 0x31) { this.result(start, '0-1'); return; }
      if (c0 === 0xbd && c2 === 0xbd) { this.result(start, '1/2-1/2'); return; } // ½-½
    }
    if (n === 7 && c0 === 0x31 && buf.startsWith('1/2-1/2', start)) { this.result(start, '1/2-1/2'); return; }
    // Move numbers.
    if (allowNumber && isDigit(c0)) {
      let i = start + 1;
      while (i < e && isDigit(buf.charCodeAt(i))) i++;
      if (i === e) {
        this.movetextAt(start);
        return; // bare number
      }
      const d = buf.charCodeAt(i);
      if (isNumberPunct(d)) {
        let j = i + 1;
        while (j < e && isNumberPunct(buf.charCodeAt(j))) j++;
        if (j === e) {
          this.movetextAt(start);
          return; // `12.` `12...`
        }
        const wxfIndexForm = j === i + 1 && (d === 0x2e || d === 0xff0e) && j + 1 === e && isDigit(buf.charCodeAt(j));
        if (!wxfIndexForm) {
          this.movetextAt(start);
          this.token(j, end, flags, false);
          return;
        }
      }
    }
    // Dots-only placeholders (`...`, `…`).
    if (isNumberPunct(c0)) {
      let k = start + 1;
      while (k < e && isNumberPunct(buf.charCodeAt(k))) k++;
      if (k === e) {
        this.movetextAt(start);
        return;
      }
    }
    this.move(start, e);
  }

  private move(start: number, e: number): void {
    const g = this.game;
    this.locate(start);
    if (g.startLine === 0) g.startLine = this.locLine;
    g.movetext = true;
    if (g.moves.length >= this.maxMoves) {
      if (!g.movesFull) {
        g.movesFull = true;
        this.errorAtLoc(
          this.locLine,
          this.locCol,
          { code: 'pgn.too-many-moves', max: this.maxMoves },
        );
      }
      return;
    }
    g.moves.push({ text: e - start === 4 ? coordinateText(this.buf, start) : detach(this.buf.slice(start, e)), line: this.locLine, column: this.locCol });
  }

  private result(start: number, value: string): void {
    if (this.varDepth > 0) return;
    const g = this.game;
    this.locate(start);
    if (g.startLine === 0) g.startLine = this.locLine;
    g.movetext = true;
    g.result = value;
    g.resultLine = this.locLine;
    g.resultColumn = this.locCol;
    this.finishGame();
  }

  /**
   * Parses the tag pair starting at buf[p0] === '['. Returns null when the input ends inside it and
   * more may come. Tag pairs are one line long.
   */
  private parseTag(p0: number): TagParse | null {
    const buf = this.buf;
    const len = buf.length;
    const final = this.final;
    const max = p0 + this.opts.maxTagLength;
    const res: TagParse = { end: p0 + 1, name: null, value: null, errors: [], skipLine: false };
    // Fast path: a well-formed tag pair without escapes.
    TAG_FAST_RE.lastIndex = p0;
    const fast = TAG_FAST_RE.exec(buf);
    if (fast !== null && TAG_FAST_RE.lastIndex <= max) {
      res.name = fast[1]!;
      res.value = fast[2]!;
      res.end = TAG_FAST_RE.lastIndex;
      return this.suspect ? checkTagValue(res, p0, res.name) : res;
    }
    // -1: end of the available input; -2: over the length limit.
    const peek = (k: number): number => (k >= max ? -2 : k < len ? buf.charCodeAt(k) : -1);
    const tooLong = (): TagParse => {
      res.errors = [{ at: p0, problem: { code: 'pgn.tag-too-long', max: this.opts.maxTagLength } }];
      res.name = null;
      res.value = null;
      res.end = Math.min(max, len);
      res.skipLine = true;
      return res;
    };
    const eof = (k: number): TagParse => {
      res.errors.push({ at: p0, problem: { code: 'pgn.tag-unterminated' } });
      res.end = k;
      return res;
    };
    let i = p0 + 1;
    let c: number;
    while ((c = peek(i)) === 32 || c === 9) i++;
    if (c === -1) return final ? eof(len) : null;
    if (c === -2) return tooLong();
    const nameStart = i;
    while ((c = peek(i)) >= 0 && !isWhitespace(c) && c !== 0x22 && c !== 0x5d && c !== 0x5b) i++;
    if (c === -1 && !final) return null;
    if (c === -2) return tooLong();
    const name = buf.slice(nameStart, i);
    if (name.length === 0) {
      res.errors.push({ at: p0, problem: { code: 'pgn.tag-no-name' } });
      // the pair ends at its `]` on this line (`[ "x"]`): the rest of the line is read on, so on a
      // record of one long line the bad pair costs its own game only
      let k = i;
      while ((c = peek(k)) >= 0 && c !== 0x5d && c !== 0x5b && c !== 10 && c !== 13) k++;
      if (c === -1 && !final) return null;
      if (c === 0x5d) {
        res.end = k + 1;
        return res;
      }
      res.end = i;
      res.skipLine = true;
      return res;
    }
    while ((c = peek(i)) === 32 || c === 9) i++;
    if (c === -1) return final ? ((res.name = name), (res.value = ''), eof(len)) : null;
    if (c === -2) return tooLong();
    let value: string;
    if (c === 0x22) {
      // Quoted value with \" and \\ escapes.
      i++;
      const valueStart = i;
      let parts = '';
      let seg = i;
      for (;;) {
        c = peek(i);
        if (c === -1) {
          if (!final) return null;
          res.name = name;
          res.value = parts + buf.slice(seg, i);
          res.errors.push({ at: p0, problem: { code: 'pgn.tag-value-at-end', tag: name } });
          res.end = len;
          return res;
        }
        if (c === -2) return tooLong();
        if (c === 0x5c) {
          const d = peek(i + 1);
          if (d === -1 && !final) return null;
          if (d === 0x22 || d === 0x5c) {
            parts += buf.slice(seg, i);
            seg = i + 1;
            i += 2;
            continue;
          }
          i++;
          continue;
        }
        if (c === 0x22) break;
        if (c === 0x5b) {
          if (i + 8 > len && !final) return null;
          EVENT_AT_RE.lastIndex = i;
          if (EVENT_AT_RE.test(buf)) {
            // the next game starts inside this value (a record on one long line): end the tag here
            res.name = name;
            res.value = (parts + buf.slice(seg, i)).trimEnd();
            res.errors.push({ at: p0, problem: { code: 'pgn.tag-value-before-event', tag: name } });
            res.end = i;
            return res;
          }
        }
        if (c === 10 || c === 13) {
          // No closing quote on this line: keep what there is, without a trailing ].
          let v = parts + buf.slice(seg, i);
          v = v.replace(/"?\s*\]\s*$/, '');
          res.name = name;
          res.value = v;
          res.errors.push({
            at: p0,
            problem: { code: 'pgn.tag-value-unclosed', tag: name },
          });
          res.end = i;
          return res;
        }
        i++;
      }
      value = parts + buf.slice(seg, i);
      i++; // closing quote
      while ((c = peek(i)) === 32 || c === 9) i++;
      if (c === -1 && !final) return null;
      if (c === -2) return tooLong();
      res.name = name;
      res.value = value;
      if (c !== 0x5d && c >= 0) {
        // Unescaped quotes inside the value, as in `[Event ""Huangshan Cup" National 2002"]`
        // (found in real files): the value runs to the last `"]` on the line (python-chess reads
        // it the same way). Accepted without an error.
        let le = i;
        while ((c = peek(le)) >= 0 && c !== 10 && c !== 13) le++;
        if (c === -1 && !final) return null;
        if (c === -2) return tooLong();
        let rest = buf.slice(i, le);
        EVENT_RE.lastIndex = 0;
        const next = EVENT_RE.exec(rest);
        if (next) rest = rest.slice(0, next.index);
        const m = /"[ \t]*\]/g;
        let last = -1;
        for (let mm = m.exec(rest); mm; mm = m.exec(rest)) last = mm.index;
        if (last >= 0) {
          res.value = unescapeTag(buf.slice(valueStart, i + last));
          res.end = i + rest.indexOf(']', last) + 1;
          return this.suspect ? checkTagValue(res, p0, name) : res;
        }
        c = peek(i);
      }
      if (c === 0x5d) res.end = i + 1;
      else {
        res.errors.push({ at: p0, problem: { code: 'pgn.tag-no-bracket', tag: name } });
        res.end = i;
      }
    } else if (c === 0x5d) {
      res.name = name;
      res.value = '';
      res.errors.push({ at: p0, problem: { code: 'pgn.tag-no-value', tag: name } });
      res.end = i + 1;
      return res;
    } else {
      // Unquoted value up to ], [ (the next tag pair) or the end of the line.
      const vStart = i;
      while ((c = peek(i)) >= 0 && c !== 0x5d && c !== 0x5b && c !== 10 && c !== 13) i++;
      if (c === -1 && !final) return null;
      if (c === -2) return tooLong();
      value = buf.slice(vStart, i).trim();
      res.name = name;
      res.value = value;
      res.errors.push({ at: vStart, problem: { code: 'pgn.tag-unquoted', tag: name } });
      if (c === 0x5d) res.end = i + 1;
      else {
        res.errors.push({ at: p0, problem: { code: 'pgn.tag-no-bracket', tag: name } });
        res.end = i;
      }
    }
    return this.suspect ? checkTagValue(res, p0, name) : res;
  }
}

/**
 * The move texts of coordinate records (`h2e2`: a file a–i, a digit, a file, a digit; 8,100 of
 * them) are kept once each: a record's moves then hold shared strings instead of a new one per
 * ply (fewer allocations, and less for the garbage collector to copy while games wait to be read).
 */
const COORDINATE_TEXTS: Array<string | undefined> = new Array(8100).fill(undefined);

/** buf[start, start + 4) as a string, shared when it is an ICCS-shaped coordinate move. */
function coordinateText(buf: string, start: number): string {
  const f1 = buf.charCodeAt(start) - 97;
  const r1 = buf.charCodeAt(start + 1) - 48;
  const f2 = buf.charCodeAt(start + 2) - 97;
  const r2 = buf.charCodeAt(start + 3) - 48;
  if (f1 >>> 0 > 8 || r1 >>> 0 > 9 || f2 >>> 0 > 8 || r2 >>> 0 > 9) return buf.slice(start, start + 4);
  const key = ((f1 * 10 + r1) * 9 + f2) * 10 + r2;
  let t = COORDINATE_TEXTS[key];
  if (t === undefined) COORDINATE_TEXTS[key] = t = buf.slice(start, start + 4);
  return t;
}

/** Where `plainTags` / `plainMoves` got to (one object, reused: no allocation per game). */
interface PlainScan {
  /** Lines (after plainTags: line breaks passed; after plainMoves: the line number). */
  line: number;
  /** Buffer index of the current line's start, or -1 (plainTags: none passed). */
  ls: number;
  /** Buffer index (plainTags) or absolute offset (plainMoves) of the last CR of a CR LF, or -1. */
  lastCR: number;
  end: number;
  result: string | null;
  resultLine: number;
  resultColumn: number;
}
/** The moves of the plain game being read (key, line, column each); a game's record gets a copy. */
let PACK: Int32Array = new Int32Array(3 * 1024);
function growPack(): Int32Array {
  const more = new Int32Array(PACK.length * 2);
  more.set(PACK);
  PACK = more;
  return more;
}
const PLAIN_SCAN: PlainScan = { line: 0, ls: -1, lastCR: -1, end: 0, result: null, resultLine: 0, resultColumn: 0 };

/**
 * The tag lines (as TAG_FAST_RE reads them, then blanks to the line break) and blank lines of a
 * plain game from buf[p0] === '[': the index of its first movetext character, else NOT_PLAIN or
 * INCOMPLETE. PLAIN_SCAN gets the line breaks passed (line), the start of the last line (ls)
 * and the last CR of a CR LF (lastCR, a buffer index).
 */
function plainTags(buf: string, p0: number, final: boolean, maxTag: number, maxTags: number, tags: Record<string, string>, tagList: Array<[string, string]>): number {
  const len = buf.length;
  const scan = PLAIN_SCAN;
  let lines = 0;
  let ls = -1;
  let lastCR = -1;
  let k = p0;
  let c = 0;
  for (;;) {
    if (k >= len) return final ? NOT_PLAIN : INCOMPLETE;
    c = buf.charCodeAt(k);
    if (c === 0x5b) {
      TAG_FAST_RE.lastIndex = k;
      const m = TAG_FAST_RE.exec(buf);
      if (m === null || TAG_FAST_RE.lastIndex > k + maxTag) {
        // a tag line cut by the end of the input so far may still be plain
        if (!final && buf.indexOf('\n', k) < 0 && len - k < maxTag) return INCOMPLETE;
        return NOT_PLAIN;
      }
      if (tagList.length >= maxTags) return NOT_PLAIN;
      const name = detach(m[1]!);
      const value = detach(m[2]!);
      tags[name] = value;
      tagList.push([name, value]);
      k = TAG_FAST_RE.lastIndex;
      while (k < len && ((c = buf.charCodeAt(k)) === 32 || c === 9)) k++;
      if (k >= len) return final ? NOT_PLAIN : INCOMPLETE;
    } else if (c === 32 || c === 9) {
      k++;
      continue;
    } else if (c !== 10 && c !== 13) break;
    // a line break: LF or CR LF
    if (c === 13) {
      if (k + 1 >= len) return final ? NOT_PLAIN : INCOMPLETE;
      if (buf.charCodeAt(k + 1) !== 10) return NOT_PLAIN;
      lastCR = k;
      k++;
    } else if (c !== 10) return NOT_PLAIN;
    k++;
    lines++;
    ls = k;
  }
  scan.line = lines;
  scan.ls = ls;
  scan.lastCR = lastCR;
  return k;
}

/**
 * The movetext of a plain game from buf[k] (its first character): move numbers (`12.`),
 * ICCS-shaped moves (`h2e2`, pushed to `packed` as key, line, column) and blanks, up to a result
 * token, a `[` that begins a line or the end of the input (when final). PLAIN_SCAN holds the line
 * (number), its start ls (buffer index) and lastCR (absolute) on the way in, and where the game
 * ends (end) and its result on the way out. The moves go to PACK (three numbers each): their
 * count × 3 is returned, else NOT_PLAIN or INCOMPLETE.
 */
function plainMoves(buf: string, k: number, len: number, final: boolean, maxPacked: number, scan: PlainScan, bufAbs: number): number {
  let pack = PACK;
  let n3 = 0;
  let line = scan.line;
  let ls = scan.ls;
  let lastCR = scan.lastCR;
  let result: string | null = null;
  let c = 0;
  for (;;) {
    if (k >= len) {
      if (!final) return INCOMPLETE;
      break;
    }
    c = buf.charCodeAt(k);
    if (c === 32 || c === 9) {
      k++;
      continue;
    }
    if (c === 10 || c === 13) {
      if (c === 13) {
        if (k + 1 >= len) return final ? NOT_PLAIN : INCOMPLETE;
        if (buf.charCodeAt(k + 1) !== 10) return NOT_PLAIN;
        lastCR = bufAbs + k;
        k++;
      }
      k++;
      line++;
      ls = k;
      if (k < len && buf.charCodeAt(k) === 0x5b) break; // the next game's tags
      continue;
    }
    const start = k;
    if (c >= 0x61 && c <= 0x69) {
      // an ICCS-shaped move (a file, a rank digit, a file, a rank digit), then a blank or line break
      const f1 = c - 97;
      if (k + 4 >= len) {
        if (!final) return INCOMPLETE;
        if (k + 4 > len) return NOT_PLAIN;
      } else if ((c = buf.charCodeAt(k + 4)) !== 32 && c !== 10 && c !== 9 && c !== 13) return NOT_PLAIN;
      const r1 = buf.charCodeAt(k + 1) - 48;
      const f2 = buf.charCodeAt(k + 2) - 97;
      const r2 = buf.charCodeAt(k + 3) - 48;
      if (r1 >>> 0 > 9 || f2 >>> 0 > 8 || r2 >>> 0 > 9 || n3 >= maxPacked) return NOT_PLAIN;
      if (n3 + 3 > pack.length) pack = growPack();
      pack[n3] = ((f1 * 10 + r1) * 9 + f2) * 10 + r2;
      pack[n3 + 1] = line;
      pack[n3 + 2] = start - ls + 1;
      n3 += 3;
      k += 4;
      continue;
    }
    // another token: up to a blank, a line break or the end of the input
    let e = k + 1;
    while (e < len && (c = buf.charCodeAt(e)) !== 32 && c !== 10 && c !== 9 && c !== 13) e++;
    if (e >= len && !final) return INCOMPLETE;
    const n = e - start;
    const c0 = buf.charCodeAt(start);
    if (c0 >= 48 && c0 <= 57) {
      // a move number `12.`, or a result 1-0, 0-1, 1/2-1/2
      let i = start + 1;
      while (i < e && isAsciiDigit(buf.charCodeAt(i))) i++;
      if (i < e && buf.charCodeAt(i) === 0x2e) {
        i++;
        while (i < e && buf.charCodeAt(i) === 0x2e) i++;
        if (i !== e) return NOT_PLAIN;
      } else {
        result = plainResult(buf, start, n);
        if (result === null) return NOT_PLAIN;
      }
    } else if (n === 1 && c0 === 0x2a) result = '*';
    else return NOT_PLAIN;
    k = e;
    if (result !== null) {
      scan.resultLine = line;
      scan.resultColumn = start - ls + 1;
      break;
    }
  }
  scan.end = k;
  scan.line = line;
  scan.ls = ls;
  scan.result = result;
  scan.lastCR = lastCR;
  return n3;
}

/** A decisive or drawn result token of n characters at buf[start] (1-0, 0-1, 1/2-1/2), or null. */
function plainResult(buf: string, start: number, n: number): string | null {
  if (n === 3) {
    const t = buf.slice(start, start + 3);
    return t === '1-0' || t === '0-1' ? t : null;
  }
  return n === 7 && buf.startsWith('1/2-1/2', start) ? '1/2-1/2' : null;
}

function unescapeTag(raw: string): string {
  return raw.indexOf('\\') < 0 ? raw : raw.replace(/\\(["\\])/g, '$1');
}

function checkTagValue(res: TagParse, p0: number, name: string): TagParse {
  const m = res.value === null ? null : INVALID_ANY_RE.exec(res.value);
  if (m) {
    res.errors.push({ at: p0, problem: { code: 'pgn.tag-invalid-char', tag: name, char: m[0].charCodeAt(0) } });
  }
  return res;
}

function allDigits(buf: string, start: number, end: number): boolean {
  for (let k = start; k < end; k++) if (!isDigit(buf.charCodeAt(k))) return false;
  return end > start;
}

/** Index of the first invalid character in buf[start, end), or -1. */
function findInvalid(buf: string, start: number, end: number, flags: number): number {
  if (flags & 1) {
    for (let k = start; k < end; k++) {
      const c = buf.charCodeAt(k);
      if (c < 32 || c === 127) return k;
    }
  }
  if (flags & 2) {
    const m = INVALID_HIGH_RE.exec(buf.slice(start, end));
    if (m) return start + m.index;
  }
  return -1;
}

function stripUndefined(o: RecordReaderOptions): RecordReaderOptions {
  const r: RecordReaderOptions = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) (r as Record<string, unknown>)[k] = v;
  return r;
}

/** Parses a whole text at once (same results as streaming it through a RecordReader). */
export function parseRecords(text: string, options?: RecordReaderOptions): GameRecord[] {
  const r = new RecordReader(options);
  const games = r.push(text);
  for (const g of r.end()) games.push(g);
  return games;
}

/**
 * Reads games from an async source of text or UTF-8 bytes (e.g. a Node readable stream), one at a
 * time, with flat memory. Bytes are decoded with a streaming TextDecoder: a BOM is dropped and
 * invalid sequences become U+FFFD, which the reader reports as errors.
 */
export async function* readRecords(
  source: AsyncIterable<string | Uint8Array>,
  options?: RecordReaderOptions,
): AsyncGenerator<GameRecord, void, undefined> {
  const reader = new RecordReader(options);
  let decoder: InstanceType<typeof TextDecoder> | undefined;
  for await (const chunk of source) {
    let text: string;
    if (typeof chunk === 'string') text = chunk;
    else {
      decoder ??= new TextDecoder('utf-8');
      text = decoder.decode(chunk, { stream: true });
    }
    yield* reader.push(text);
  }
  if (decoder) {
    const rest = decoder.decode();
    if (rest) yield* reader.push(rest);
  }
  yield* reader.end();
}
