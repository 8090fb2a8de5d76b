/**
 * Expected failures as values: a code and the parameters of the sentence, never the sentence
 * itself. `formatProblem` is the one place that writes the sentence; callers that show a problem
 * in another square naming (an engine protocol's dialect) pass their own square names in the
 * context instead of rewriting the text.
 *
 * Adding a failure: add a member to `Problem` (code `area.what`, parameters as data: squares as
 * `Sq`, piece and side names as the words the game uses) and its sentence in `formatProblem`; the
 * compiler then checks that every code is written.
 */
import { escapeControls, quoteInput } from './text.js';

/** A square in a problem: its index and its name in the game's default coordinates. */
export interface Sq {
  readonly sq: number;
  readonly name: string;
}

/** The text format a FEN problem is about (its messages start with it). */
export type FenFormat = 'FEN' | 'SFEN';

/** Problems with a FEN / SFEN text (the board field and the fields after it). */
export type FenProblem =
  | { readonly code: 'fen.empty'; readonly format: FenFormat }
  | { readonly code: 'fen.rank-count'; readonly format: FenFormat; readonly expected: number; readonly found: number }
  | { readonly code: 'fen.empty-run'; readonly format: FenFormat; readonly rank: number }
  | { readonly code: 'fen.trailing-plus'; readonly format: FenFormat; readonly rank: number }
  | { readonly code: 'fen.unknown-letter'; readonly format: FenFormat; readonly letter: string; readonly rank: number }
  | { readonly code: 'fen.rank-too-long'; readonly format: FenFormat; readonly rank: number; readonly files: number }
  | { readonly code: 'fen.rank-width'; readonly format: FenFormat; readonly rank: number; readonly found: number; readonly expected: number }
  /** `allowed`: the side letters as the sentence lists them (`w, r or b`). */
  | { readonly code: 'fen.side'; readonly format: FenFormat; readonly allowed: string; readonly found: string | undefined }
  | { readonly code: 'fen.field-count'; readonly format: FenFormat; readonly found: number; readonly max: number; readonly fields?: string }
  | { readonly code: 'fen.extra-fields'; readonly format: FenFormat; readonly text: string }
  | { readonly code: 'fen.placement'; readonly format: FenFormat; readonly reason: PlacementProblem }
  | { readonly code: 'fen.not-promoting'; readonly format: FenFormat; readonly letter: string; readonly piece: string }
  | { readonly code: 'fen.lone-plus'; readonly format: FenFormat }
  | { readonly code: 'fen.unknown-promoted'; readonly format: FenFormat; readonly letter: string }
  | { readonly code: 'fen.counter-strike-square'; readonly format: FenFormat; readonly text: string }
  | { readonly code: 'fen.counter-strike-own'; readonly format: FenFormat; readonly text: string }
  | { readonly code: 'fen.counter-strike-lion'; readonly format: FenFormat; readonly text: string }
  /** A control character anywhere in the text (`field`: the field it is in). */
  | { readonly code: 'fen.control-char'; readonly format: FenFormat; readonly field: number; readonly char: string }
  /** An empty run of more digits than a rank has files (refused before it can overflow). */
  | { readonly code: 'fen.long-run'; readonly format: FenFormat; readonly rank: number; readonly digits: string; readonly files: number }
  /** Xiangqi FEN fields 3 and 4 (castling, en passant): short and made of letters, digits and "-". */
  /** `game`: the game without castling or en passant (its id). */
  | { readonly code: 'fen.castling-field'; readonly format: FenFormat; readonly field: number; readonly text: string; readonly game: string }
  /** A halfmove clock or move number that is not a whole number from `min` to `max` (`tooLarge`: digits, but above `max`). */
  | {
      readonly code: 'fen.counter';
      readonly format: FenFormat;
      readonly field?: number;
      readonly what: 'halfmove clock' | 'move number' | 'half-move clock or move number';
      readonly text: string;
      readonly min: number;
      readonly max: number;
      readonly tooLarge: boolean;
    };

/** Positions no game can reach. `side`: the side as the sentence names it (`red`, `sente (upper case)`). */
export type PlacementProblem =
  | { readonly code: 'placement.outside-palace'; readonly side: string; readonly piece: string; readonly at: Sq }
  | { readonly code: 'placement.advisor-point'; readonly side: string; readonly piece: string; readonly at: Sq }
  | { readonly code: 'placement.crossed-river'; readonly side: string; readonly piece: string; readonly at: Sq }
  | { readonly code: 'placement.elephant-point'; readonly side: string; readonly piece: string; readonly at: Sq }
  | { readonly code: 'placement.behind-start'; readonly side: string; readonly piece: string; readonly at: Sq }
  | { readonly code: 'placement.left-file'; readonly side: string; readonly piece: string; readonly at: Sq }
  | { readonly code: 'placement.no-king'; readonly side: string; readonly king: string }
  | { readonly code: 'placement.too-many'; readonly side: string; readonly count: number; readonly pieces: string; readonly max: number }
  | { readonly code: 'placement.kings-facing'; readonly file: string }
  | { readonly code: 'placement.check-off-turn'; readonly side: string }
  | { readonly code: 'placement.empty' };

/** How a piece moves, for "moves …, not to X". */
export type MoveShape = 'orthogonal-step' | 'diagonal-step' | 'two-diagonal' | 'horse' | 'line' | 'one-step';

/** Notations a text may fail to be written in (each sentence gives examples). */
export type NotationName =
  | 'coordinate'
  | 'uci'
  | 'wxf'
  | 'chinese'
  | 'western'
  | 'usi'
  | 'xboard-chu';

/**
 * Why a move text is not a legal move. These are bare reasons; `move.quoted` puts the text in
 * front (`"H2+3": the horse on h0 is blocked at h1`).
 */
export type MoveProblem =
  | { readonly code: 'move.quoted'; readonly text: string; readonly reason: MoveProblem; readonly join?: 'is' }
  | { readonly code: 'move.not-notation'; readonly notation: NotationName }
  /** Not a move as the game writes it: `expected` in the game's own words (`a SAN move (like Che3 or Hxf9+)`). */
  | { readonly code: 'move.not-notation'; readonly expected: string }
  /** A typed xiangqi coordinate text that is no ICCS move (ranks 0–9); `uci`: its legal UCI reading. */
  | { readonly code: 'move.not-iccs'; readonly uci: string | null }
  /** A typed ICCS move that is not legal, whose UCI reading (ranks 1–10) would be. */
  | { readonly code: 'move.uci-reading'; readonly reason: MoveProblem; readonly uci: string }
  | { readonly code: 'move.wrong-game'; readonly game: string }
  | { readonly code: 'move.not-legal' }
  | { readonly code: 'move.not-legal-move' }
  | { readonly code: 'move.no-piece'; readonly at: Sq }
  | { readonly code: 'move.not-yours'; readonly piece: string; readonly at: Sq; readonly owner: string; readonly turn: string }
  | { readonly code: 'move.nowhere'; readonly from: Sq; readonly to: Sq }
  | { readonly code: 'move.stay'; readonly pass: string }
  | { readonly code: 'move.shape'; readonly piece: string; readonly from: Sq; readonly shape: MoveShape; readonly to: Sq }
  | { readonly code: 'move.confined'; readonly piece: string; readonly from: Sq; readonly area: 'palace' | 'river' }
  | { readonly code: 'move.blocked'; readonly piece: string; readonly from: Sq; readonly at: Sq }
  | { readonly code: 'move.blocked-path'; readonly piece: string; readonly from: Sq; readonly to: Sq; readonly at: Sq }
  | { readonly code: 'move.no-screen'; readonly piece: string; readonly from: Sq; readonly to: Sq }
  | { readonly code: 'move.screens'; readonly piece: string; readonly from: Sq; readonly to: Sq; readonly over: readonly Sq[] }
  | { readonly code: 'move.backward'; readonly piece: string; readonly from: Sq }
  | { readonly code: 'move.sideways-early'; readonly piece: string; readonly from: Sq }
  | { readonly code: 'move.immobile'; readonly piece: string; readonly from: Sq }
  | { readonly code: 'move.own-capture'; readonly piece: string; readonly from: Sq; readonly target: string; readonly to: Sq }
  | { readonly code: 'move.kings-facing'; readonly file: string }
  | { readonly code: 'move.check-unparried'; readonly side: string; readonly king: string }
  | { readonly code: 'move.leaves-check'; readonly side: string; readonly king: string }
  | { readonly code: 'move.ambiguous'; readonly options: readonly string[] }
  | { readonly code: 'move.no-legal-move'; readonly side: string }
  | { readonly code: 'move.royals-lost'; readonly side: string }
  /** `state`: checkmated / stalemated (with `side`), else the ending's name. */
  | { readonly code: 'move.game-over'; readonly side?: string; readonly state: string }
  | { readonly code: 'move.promotion'; readonly piece: string; readonly must: boolean }
  | { readonly code: 'move.cannot'; readonly piece: string; readonly from: Sq; readonly to: Sq | null }
  | { readonly code: 'move.cannot-pass'; readonly side: string }
  | { readonly code: 'move.no-pass' }
  // file-and-direction notations (WXF, Chinese)
  | { readonly code: 'move.none-on-file'; readonly side: string; readonly piece: string; readonly file: number }
  | { readonly code: 'move.one-on-file'; readonly piece: string; readonly file: number }
  | { readonly code: 'move.none-at-on-file'; readonly at: string; readonly piece: string; readonly count: number; readonly file: number }
  | { readonly code: 'move.side-has-none'; readonly side: string; readonly piece: string }
  | { readonly code: 'move.no-tandem'; readonly side: string; readonly pieces: string }
  | { readonly code: 'move.none-at'; readonly at: string; readonly piece: string }
  | { readonly code: 'move.diagonal-sideways'; readonly piece: string; readonly from: Sq }
  | { readonly code: 'move.already-on-file'; readonly piece: string; readonly from: Sq; readonly file: number }
  | { readonly code: 'move.off-board'; readonly piece: string; readonly from: Sq; readonly n: number; readonly dir: 'forward' | 'back' }
  | { readonly code: 'move.file-unreachable'; readonly piece: string; readonly from: Sq; readonly file: number }
  | { readonly code: 'move.off-board-file'; readonly piece: string; readonly from: Sq; readonly dir: 'forward' | 'back'; readonly file: number }
  // chu shogi (USI / western)
  | { readonly code: 'move.second-leg'; readonly text: string }
  | { readonly code: 'move.middle-square' }
  | { readonly code: 'move.no-double'; readonly piece: string; readonly from: Sq; readonly mid: Sq; readonly to: Sq }
  | { readonly code: 'move.first-step-own'; readonly side: string; readonly at: Sq }
  | { readonly code: 'move.counter-strike'; readonly at: Sq }
  /** JCSA: the protected lion of the side that just took a lion may not be taken (but by a lion next to it). */
  | { readonly code: 'move.counter-strike-jcsa'; readonly at: Sq }
  | { readonly code: 'move.lion-trading' }
  | { readonly code: 'move.unknown-abbreviation'; readonly abbr: string }
  | { readonly code: 'move.none-written-at'; readonly side: string; readonly abbr: string; readonly at: string }
  | { readonly code: 'move.side-has-no'; readonly side: string; readonly piece: string; readonly abbr: string }
  | { readonly code: 'move.none-can'; readonly side: string; readonly count: number; readonly abbr: string; readonly to: string }
  | { readonly code: 'move.game-over-no-move'; readonly side: string }
  // SAN (pychess / XBoard dialects); `to`: the square as written (`e3`, `h10`; chu doubles `h10 and h9`)
  /** A rank outside the dialect's numbering (`base` 0: ranks 0–9, 1: ranks 1–10). */
  | { readonly code: 'move.san-off-board'; readonly rank: number; readonly base: 0 | 1 }
  | { readonly code: 'move.san-not-capture'; readonly to: string }
  | { readonly code: 'move.san-ambiguous'; readonly count: number; readonly side: string; readonly piece: string; readonly to: string }
  /** `line`: an origin file or rank was written and no such piece on it can go there; `base`: the numbering tried. */
  | { readonly code: 'move.san-none'; readonly side: string; readonly piece: string; readonly to: string; readonly line?: 'file' | 'rank'; readonly base?: 0 | 1 }
  /** Chu SAN names pieces by their SFEN letter (`N`, `+D`). */
  | { readonly code: 'move.san-letter-ambiguous'; readonly count: number; readonly letter: string; readonly to: string }
  | { readonly code: 'move.san-letter-none'; readonly side: string; readonly letter: string; readonly to: string; readonly line?: 'file' | 'rank' };

/** Piece-movement (Betza) strings in the piece tables. */
export type BetzaProblem =
  | { readonly code: 'betza.modifiers-alone'; readonly text: string; readonly mods: string }
  | { readonly code: 'betza.unknown-atom'; readonly text: string; readonly letter: string };

/**
 * Game records. The PGN reader's syntax errors and the record readers still being written on other
 * branches carry their sentence in `detail` (`record.malformed`) until they get codes of their own.
 */
export type RecordProblem =
  | PgnProblem
  | { readonly code: 'record.malformed'; readonly detail: string }
  | { readonly code: 'record.variant-tag'; readonly tag: string; readonly allowed: readonly string[] }
  | { readonly code: 'record.rules'; readonly value: string; readonly allowed: readonly string[] }
  | { readonly code: 'record.list-tags' }
  | { readonly code: 'record.fen-tag'; readonly game: string; readonly reason: Problem }
  /** A binary record's set-up that is no legal position. `what`: where it is (`the board of game 3 (bytes …)`); `reason`: why (bare, `fenReason`). */
  /** `game`: the game the record is of (its id). */
  | { readonly code: 'record.illegal-setup'; readonly what: string; readonly game: string; readonly reason: Problem; readonly hint?: string };

/** Syntax errors of the PGN reader (notation/pgn.ts). `tag`: the tag name as written. */
export type PgnProblem =
  | { readonly code: 'pgn.too-many-errors' }
  /** `beforeTagLine`: the variation runs into the tag pair at that line; absent: into the end of the input. */
  | { readonly code: 'pgn.unclosed-variation'; readonly beforeTagLine?: number }
  | { readonly code: 'pgn.unclosed-comment'; readonly beforeTagLine?: number }
  | { readonly code: 'pgn.tags-without-moves' }
  | { readonly code: 'pgn.unmatched-paren' }
  | { readonly code: 'pgn.unmatched-brace' }
  | { readonly code: 'pgn.stray-bracket' }
  | { readonly code: 'pgn.bracket-in-movetext'; readonly skipped: boolean }
  | { readonly code: 'pgn.too-many-tags'; readonly max: number }
  | { readonly code: 'pgn.long-token'; readonly max: number }
  | { readonly code: 'pgn.invalid-char'; readonly char: number }
  | { readonly code: 'pgn.too-many-moves'; readonly max: number }
  | { readonly code: 'pgn.tag-too-long'; readonly max: number }
  | { readonly code: 'pgn.tag-unterminated' }
  | { readonly code: 'pgn.tag-no-name' }
  | { readonly code: 'pgn.tag-value-at-end'; readonly tag: string }
  | { readonly code: 'pgn.tag-value-unclosed'; readonly tag: string }
  /** The next game's `[Event` starts inside the value (a record on one long line). */
  | { readonly code: 'pgn.tag-value-before-event'; readonly tag: string }
  | { readonly code: 'pgn.tag-no-bracket'; readonly tag: string }
  | { readonly code: 'pgn.tag-no-value'; readonly tag: string }
  | { readonly code: 'pgn.tag-unquoted'; readonly tag: string }
  | { readonly code: 'pgn.tag-invalid-char'; readonly tag: string; readonly char: number };

export type Problem = FenProblem | PlacementProblem | MoveProblem | BetzaProblem | RecordProblem;
export type ProblemCode = Problem['code'];

/** How to write a problem: square names of the dialect it is shown in (default: the game's). */
export interface ProblemContext {
  readonly square?: (sq: number) => string;
}

export const sqOf = (sq: number, name: (sq: number) => string): Sq => ({ sq, name: name(sq) });

/**
 * The bare reason of a move problem quoted as `"text": reason` (of that text, when given), else the
 * problem itself. `"text" is not …` sentences stay whole (the text is part of the sentence).
 */
export function bareProblem<P extends Problem>(p: P, text?: string): P | MoveProblem {
  return p.code === 'move.quoted' && p.join !== 'is' && (text === undefined || p.text === text) ? p.reason : p;
}

/** The reason without any quoted text in front (`"x": r` and `"x" is r` → r), for short replies. */
export const unquotedProblem = (p: Problem): Problem => (p.code === 'move.quoted' ? p.reason : p);

/** The reason of a FEN problem without its field (`fen.placement` → the placement), for sentences that say where themselves. */
export const fenReason = (p: FenProblem): Problem => (p.code === 'fen.placement' ? p.reason : p);

/** Quotes the move text in front of a bare reason (`"text": reason`). */
export const quoted = (text: string, reason: MoveProblem, join?: 'is'): MoveProblem =>
  join ? { code: 'move.quoted', text, reason, join } : { code: 'move.quoted', text, reason };

const hex = (c: number): string => 'U+' + c.toString(16).toUpperCase().padStart(4, '0');

/** An invalid character of a record (`invalid character U+FFFD (…)`). */
function invalidChar(c: number): string {
  if (c === 0xfffd) return `invalid character ${hex(c)} (the input is not valid UTF-8 text?)`;
  if (c >= 0xd800 && c <= 0xdfff) return `invalid character: unpaired UTF-16 surrogate ${hex(c)}`;
  return `unexpected control character ${hex(c)} (binary data?)`;
}

/** A tag name in a sentence: quoted (controls escaped), long ones cut at 40 characters. */
const quoteTag = (s: string): string => quoteInput(s, 40);

const NOTATION_TEXT: Record<NotationName, string> = {
  coordinate: 'a coordinate move (like h2e2)',
  uci: 'a UCI move (like h3e3)',
  wxf: 'a WXF move (like C2.5, H8+7 or R+.3)',
  chinese: 'a Chinese move (like 炮二平五 or 马8进7)',
  western: 'a western move (like Ln-7i-6h, Lnx!4h, P-7f or --)',
  usi: "a USI move (like 7g7f, 7e7c+ or the lion's 7j7i6h)",
  'xboard-chu': 'an XBoard chu move (like h4h5, f5e6,e6e7 or h9h10+)',
};

const SHAPE_TEXT: Record<MoveShape, string> = {
  'orthogonal-step': 'one point along a file or rank',
  'diagonal-step': 'one point diagonally',
  'two-diagonal': 'exactly two points diagonally',
  horse: 'one point straight then one diagonally',
  line: 'along a file or rank',
  'one-step': 'one point at a time',
};

/** The sentence (without a final period) of a problem. */
const uciHint = (uci: string): string =>
  ` (read with UCI ranks 1–10 it would be ${uci}; type notation uci, or use --notation uci, to number ranks that way)`;

export function formatProblem(p: Problem, ctx: ProblemContext = {}): string {
  const sq = (s: Sq): string => (ctx.square ? ctx.square(s.sq) : s.name);
  const who = (piece: string, from: Sq): string => `the ${piece} on ${sq(from)}`;
  switch (p.code) {
    // --- FEN / SFEN
    case 'fen.empty':
      return `${p.format} is empty`;
    case 'fen.rank-count':
      return `${p.format} field 1: expected ${p.expected} ranks separated by "/", found ${p.found}`;
    case 'fen.empty-run':
      return `${p.format} field 1: rank ${p.rank} from the top has an empty run of 0`;
    case 'fen.trailing-plus':
      return `${p.format} field 1: rank ${p.rank} from the top ends with "+"`;
    case 'fen.unknown-letter':
      return `${p.format} field 1: unknown piece letter ${quoteInput(p.letter)} in rank ${p.rank} from the top`;
    case 'fen.rank-too-long':
      return `${p.format} field 1: rank ${p.rank} from the top has more than ${p.files} files`;
    case 'fen.rank-width':
      return `${p.format} field 1: rank ${p.rank} from the top has ${p.found} files instead of ${p.expected}`;
    case 'fen.side':
      return `${p.format} field 2: side to move must be ${p.allowed}, not ${quoteInput(p.found)}`;
    case 'fen.field-count':
      return `${p.format} has ${p.found} fields, at most ${p.max}${p.fields ? ` (${p.fields})` : ''}`;
    case 'fen.extra-fields':
      return `${p.format} has too many fields: ${quoteInput(p.text)} after the side to move`;
    case 'fen.placement':
      return `${p.format} field 1: ${formatProblem(p.reason, ctx)}`;
    case 'fen.not-promoting':
      return `${p.format} field 1: "+${p.letter}" is not a piece: the ${p.piece} does not promote`;
    case 'fen.lone-plus':
      return `${p.format} field 1: "+" must be followed by the letter of a piece that promotes`;
    case 'fen.unknown-promoted':
      return `${p.format} field 1: "+${p.letter}" is not a piece (unknown promoted letter)`;
    case 'fen.counter-strike-square':
      return `${p.format} field 3: ${quoteInput(p.text)} is neither "-" nor a square like 8j`;
    case 'fen.counter-strike-own':
      return `${p.format} field 3: counter-strike square ${p.text} holds a piece of the side to move, so no lion can just have been captured there`;
    case 'fen.counter-strike-lion':
      return `${p.format} field 3: counter-strike square ${p.text} holds a lion, which cannot have captured there (only a non-lion's capture counts)`;
    case 'fen.control-char':
      return `${p.format} field ${p.field}: control character ${escapeControls(p.char)} is not allowed`;
    case 'fen.long-run':
      return `${p.format} field 1: rank ${p.rank} from the top has an empty run of ${quoteInput(p.digits, 12)}, more than the ${p.files} files of a rank`;
    case 'fen.castling-field':
      return `${p.format} field ${p.field}: ${quoteInput(p.text, 24)} is not "-" (${p.game} has no castling or en passant)`;
    case 'fen.counter': {
      const at = `${p.format}${p.field === undefined ? '' : ` field ${p.field}`}: ${p.what} ${quoteInput(p.text, 24)}`;
      return p.tooLarge ? `${at} is too large (at most ${p.max})` : `${at} is not a whole number from ${p.min} to ${p.max}`;
    }
    // --- placements
    case 'placement.outside-palace':
      return `${p.side} ${p.piece} on ${sq(p.at)} is outside the palace`;
    case 'placement.advisor-point':
      return `${p.side} ${p.piece} on ${sq(p.at)} is not on one of the advisor's five points`;
    case 'placement.crossed-river':
      return `${p.side} ${p.piece} on ${sq(p.at)} has crossed the river`;
    case 'placement.elephant-point':
      return `${p.side} ${p.piece} on ${sq(p.at)} is not on one of the elephant's seven points`;
    case 'placement.behind-start':
      return `${p.side} ${p.piece} on ${sq(p.at)} is behind its starting rank`;
    case 'placement.left-file':
      return `${p.side} ${p.piece} on ${sq(p.at)} cannot have left its file before crossing the river`;
    case 'placement.no-king':
      return `${p.side} has no ${p.king}`;
    case 'placement.too-many':
      return `${p.side} has ${p.count} ${p.pieces} (at most ${p.max})`;
    case 'placement.kings-facing':
      return `the generals face each other on file ${p.file}`;
    case 'placement.check-off-turn':
      return `${p.side} is in check but it is not their move`;
    case 'placement.empty':
      return 'the board is empty';
    // --- moves
    case 'move.quoted':
      return `${quoteInput(p.text)}${p.join === 'is' ? ' is ' : ': '}${formatProblem(p.reason, ctx)}`;
    case 'move.not-notation':
      return `not ${'expected' in p ? p.expected : NOTATION_TEXT[p.notation]}`;
    case 'move.not-iccs':
      return `not an ICCS move, as the board's ranks are 0–9${p.uci ? uciHint(p.uci) : ' (with notation uci, ranks 1–10 are read)'}`;
    case 'move.uci-reading':
      return `${formatProblem(p.reason, ctx)}${uciHint(p.uci)}`;
    case 'move.wrong-game':
      return `not a ${p.game} position`;
    case 'move.not-legal':
      return 'it is not legal here';
    case 'move.not-legal-move':
      return 'not a legal move here';
    case 'move.no-piece':
      return `there is no piece on ${sq(p.at)}`;
    case 'move.not-yours':
      return `the ${p.piece} on ${sq(p.at)} is ${p.owner}'s, and it is ${p.turn}'s move`;
    case 'move.nowhere':
      return `a move must go somewhere: ${sq(p.from)} to ${sq(p.to)}`;
    case 'move.stay':
      return `a move must leave its square (a pass is written with its middle square, like ${p.pass})`;
    case 'move.shape':
      return `${who(p.piece, p.from)} moves ${SHAPE_TEXT[p.shape]}, not to ${sq(p.to)}`;
    case 'move.confined':
      return `${who(p.piece, p.from)} cannot ${p.area === 'palace' ? 'leave the palace' : 'cross the river'}`;
    case 'move.blocked':
      return `${who(p.piece, p.from)} is blocked at ${sq(p.at)}`;
    case 'move.blocked-path':
      return `${who(p.piece, p.from)} cannot reach ${sq(p.to)} (blocked at ${sq(p.at)})`;
    case 'move.no-screen':
      return `${who(p.piece, p.from)} needs a screen to capture on ${sq(p.to)}`;
    case 'move.screens':
      return `${who(p.piece, p.from)} cannot capture on ${sq(p.to)} over ${p.over.length} pieces (${p.over.map(sq).join(', ')})`;
    case 'move.backward':
      return `${who(p.piece, p.from)} cannot move backward`;
    case 'move.sideways-early':
      return `${who(p.piece, p.from)} cannot move sideways before crossing the river`;
    case 'move.immobile':
      return `${who(p.piece, p.from)} cannot move`;
    case 'move.own-capture':
      return `${who(p.piece, p.from)} cannot capture its own ${p.target} on ${sq(p.to)}`;
    case 'move.kings-facing':
      return `it would leave the generals facing each other on file ${p.file}`;
    case 'move.check-unparried':
      return `the ${p.side} ${p.king} is in check and this move does not parry it`;
    case 'move.leaves-check':
      return `it would leave the ${p.side} ${p.king} in check`;
    case 'move.ambiguous':
      return `it is ambiguous: it could be ${p.options.join(' or ')}`;
    case 'move.no-legal-move':
      return `the game is over: ${p.side} has no legal move`;
    case 'move.royals-lost':
      return `the game is over (${p.side} has no king or prince left)`;
    case 'move.game-over':
      return p.side !== undefined ? `the game is already over (${p.side} is ${p.state})` : `the game is already over (${p.state})`;
    case 'move.promotion':
      return `the ${p.piece} ${p.must ? 'must' : 'may not'} promote on this move`;
    case 'move.cannot':
      return `${who(p.piece, p.from)} cannot ${p.to ? `move to ${sq(p.to)}` : 'make that double move'}`;
    case 'move.cannot-pass':
      return `${p.side} has no piece that can pass here`;
    case 'move.no-pass':
      return 'no piece of the side to move can pass (@@@@ is a lion pass)';
    case 'move.none-on-file':
      return `there is no ${p.side} ${p.piece} on file ${p.file}`;
    case 'move.one-on-file':
      return `there is only one ${p.piece} on file ${p.file}`;
    case 'move.none-at-on-file':
      return `there is no ${p.at} ${p.piece} among the ${p.count} on file ${p.file}`;
    case 'move.side-has-none':
      return `${p.side} has no ${p.piece}`;
    case 'move.no-tandem':
      return `no two ${p.side} ${p.pieces} share a file`;
    case 'move.none-at':
      return `there is no ${p.at} ${p.piece} on a file`;
    case 'move.diagonal-sideways':
      return `${who(p.piece, p.from)} cannot move sideways (${p.piece}s move diagonally: use + or -)`;
    case 'move.already-on-file':
      return `${who(p.piece, p.from)} is already on file ${p.file}`;
    case 'move.off-board':
      return `${who(p.piece, p.from)} cannot go ${p.n} point${p.n === 1 ? '' : 's'} ${p.dir} (off the board)`;
    case 'move.file-unreachable':
      return `${who(p.piece, p.from)} cannot reach file ${p.file}`;
    case 'move.off-board-file':
      return `${who(p.piece, p.from)} cannot go ${p.dir} to file ${p.file} (off the board)`;
    case 'move.second-leg':
      return `the second leg of ${quoteInput(p.text)} must start where the first one ended`;
    case 'move.middle-square':
      return 'the middle square must differ from the start and the end';
    case 'move.no-double':
      return `${who(p.piece, p.from)} has no double move through ${sq(p.mid)} to ${sq(p.to)}`;
    case 'move.first-step-own':
      return `the first step lands on ${p.side}'s own piece on ${sq(p.at)}`;
    case 'move.counter-strike':
      return `counter-strike rule: after a lion was taken by a non-lion on ${sq(p.at)}, a lion may be taken by a non-lion only there this move`;
    case 'move.counter-strike-jcsa':
      return `counter-strike rule (JCSA): after a lion was taken by a non-lion on ${sq(p.at)}, the protected lion of that side may be taken this move only by a lion next to it`;
    case 'move.lion-trading':
      return 'lion-trading rule: a lion may not take a protected lion two squares away unless its first step captured a piece other than a pawn or go-between';
    case 'move.unknown-abbreviation':
      return `${quoteInput(p.abbr)} is not a chu shogi piece abbreviation`;
    case 'move.none-written-at':
      return `there is no ${p.side} ${p.abbr} on ${p.at}`;
    case 'move.side-has-no':
      return `${p.side} has no ${p.piece} (${p.abbr})`;
    case 'move.none-can':
      return `none of ${p.side}'s ${p.count} pieces written ${p.abbr} can make this move to ${p.to}`;
    case 'move.game-over-no-move':
      return `the game is over (${p.side} has no legal move)`;
    case 'move.san-off-board':
      return `rank ${p.rank} is off the board (ranks ${p.base}–${p.base + 9})`;
    case 'move.san-not-capture':
      return `it is written as a capture but ${p.to} is empty`;
    case 'move.san-ambiguous':
      return `it is ambiguous: ${p.count} ${p.side} ${p.piece}s can move to ${p.to}`;
    case 'move.san-none':
      if (p.line) return `no ${p.side} ${p.piece} on the given ${p.line} can move to ${p.to}`;
      return `no ${p.side} ${p.piece} can move to ${p.to}${p.base === undefined ? '' : ` (numbering ranks ${p.base}–${p.base + 9})`}`;
    case 'move.san-letter-ambiguous':
      return `it is ambiguous: ${p.count} pieces ${p.letter} can move to ${p.to}`;
    case 'move.san-letter-none':
      return `no ${p.side} piece ${p.letter}${p.line ? ` on the given ${p.line}` : ''} can move to ${p.to}`;
    // --- betza
    case 'betza.modifiers-alone':
      return `betza "${p.text}": modifiers "${p.mods}" without an atom`;
    case 'betza.unknown-atom':
      return `betza "${p.text}": unknown atom "${p.letter}"`;
    // --- PGN syntax
    case 'pgn.too-many-errors':
      return 'too many errors in this game; further errors are not reported';
    case 'pgn.unclosed-variation':
      return p.beforeTagLine === undefined
        ? 'unterminated variation: the "(" is never closed before the end of the input'
        : `unterminated variation: the "(" is not closed before the tag pair at line ${p.beforeTagLine}`;
    case 'pgn.unclosed-comment':
      return p.beforeTagLine === undefined
        ? 'unterminated comment: the "{" is never closed before the end of the input'
        : `unterminated comment: the "{" is not closed before the tag pair at line ${p.beforeTagLine}`;
    case 'pgn.tags-without-moves':
      return 'the input ends after the tag section, before the moves or result of this game';
    case 'pgn.unmatched-paren':
      return 'unmatched ")" with no variation open';
    case 'pgn.unmatched-brace':
      return 'unmatched "}" with no comment open';
    case 'pgn.stray-bracket':
      return 'unexpected "]" outside a tag pair';
    case 'pgn.bracket-in-movetext':
      return p.skipped ? 'unexpected "[" in the movetext; the text up to "]" is skipped' : 'unexpected "[" in the movetext';
    case 'pgn.too-many-tags':
      return `the game has more than ${p.max} tag pairs; the remaining ones are ignored`;
    case 'pgn.long-token':
      return `a token of more than ${p.max} characters (binary data or missing spaces?)`;
    case 'pgn.invalid-char':
      return invalidChar(p.char);
    case 'pgn.too-many-moves':
      return `the game has more than ${p.max} moves; the remaining moves are ignored`;
    case 'pgn.tag-too-long':
      return `a tag pair longer than ${p.max} characters`;
    case 'pgn.tag-unterminated':
      return 'unterminated tag pair: the input ends before its closing "]"';
    case 'pgn.tag-no-name':
      return 'a tag pair with no name';
    case 'pgn.tag-value-at-end':
      return `unterminated tag pair ${quoteTag(p.tag)}: the input ends inside its value`;
    case 'pgn.tag-value-unclosed':
      return `the value of tag ${quoteTag(p.tag)} is not closed by a double quote before the end of the line`;
    case 'pgn.tag-value-before-event':
      return `the value of tag ${quoteTag(p.tag)} is not closed by a double quote before the next [Event tag`;
    case 'pgn.tag-no-bracket':
      return `the tag pair ${quoteTag(p.tag)} is missing its closing "]"`;
    case 'pgn.tag-no-value':
      return `the tag pair ${quoteTag(p.tag)} has no value`;
    case 'pgn.tag-unquoted':
      return `the value of tag ${quoteTag(p.tag)} is not enclosed in double quotes`;
    case 'pgn.tag-invalid-char':
      return `the value of tag ${quoteTag(p.tag)} contains an ${invalidChar(p.char)}`;
    // --- records
    case 'record.malformed':
      return p.detail;
    case 'record.list-tags':
      return 'a move list has no tag pairs (use --format pgn)';
    case 'record.rules':
      return `unknown rules ${quoteInput(p.value)} (use ${p.allowed.join(' or ')})`;
    case 'record.variant-tag':
      return `unsupported variant ${quoteInput(p.tag)} in the Variant tag (use ${p.allowed.join(' or ')})`;
    case 'record.illegal-setup':
      return `${p.what} is not a legal ${p.game} position: ${formatProblem(p.reason, ctx)}${p.hint ? ` (${p.hint})` : ''}`;
    case 'record.fen-tag':
      return `the FEN tag is not a valid ${p.game} position: ${formatProblem(p.reason, ctx)}`;
  }
}

/** A problem as an exception, for states that cannot happen (a built-in FEN that does not parse). */
export class ProblemError extends Error {
  constructor(readonly problem: Problem) {
    super(formatProblem(problem));
  }
}
