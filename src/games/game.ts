/**
 * A game as one object: everything game-agnostic code (notation/pgn, render, engine/search,
 * protocol, tui, cli, match) needs to know about a game. Each game builds its own in
 * src/games/<game>/game.ts; src/games/registry.ts lists them (the only place that names game ids).
 */
import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';
import type { EngineProfile } from '../core/profile.js';
import type { EndRules, GameHistory } from '../core/history.js';
import type { GameResult } from '../core/game-result.js';
import type { FenProblem, MoveProblem, ProblemContext } from '../core/problem.js';
import type { Result } from '../core/result.js';
import type { Variant } from '../core/variant.js';
import type { BinaryGameRecord, GameRecord } from '../core/record.js';

export type GameId = 'xiangqi' | 'chushogi';

export interface Notation {
  readonly id: string;
  format(pos: Position, m: Move): string;
}

/** Square names of one coordinate system (ICCS `h2`, UCI `h3`, USI `7g`, XBoard `g5`). */
export interface SquareNaming {
  readonly id: string;
  format(sq: number): string;
  /** The square a name stands for, or null. */
  parse(text: string): number | null;
  /** An example name, for prompts. */
  readonly example: string;
  /** Matches a square name at the start of a typed text (lower case), for live hints. */
  readonly prefix: RegExp;
}

/** The game as the engine protocols (CECP/XBoard) see it. */
export interface ProtocolGame {
  readonly id: GameId;
  /** The variant name in CECP (`variant xiangqi`, `variant chu`) and in PGN Variant tags. */
  readonly xboardName: string;
  /** Other CECP variant names that mean this game (`9x10+0_xiangqi`). */
  readonly xboardAliases: readonly string[];
  /** The end rules, when not the game's default ones (a rule set: chu JCSA). */
  readonly endRules?: EndRules;
  /** A fresh start position. */
  start(): Position;
  /** Reads a FEN in XBoard's dialect (also the game's standard FEN/SFEN). */
  parseFen(text: string): Result<Position, FenProblem>;
  /** The position in XBoard's FEN dialect. */
  formatFen(pos: Position): string;
  /**
   * The move as XBoard writes it (chu double moves as comma-separated legs). With the position
   * before the move, a chu lion's pass is written as CECP's null move `@@@@`, as HaChu does.
   */
  formatMove(m: Move, pos?: Position): string;
  /** Reads a move as XBoard writes it and finds it among the legal moves. */
  parseMove(pos: Position, text: string): Result<Move, MoveProblem>;
  /** How to write this dialect's problems (`formatProblem`): its square names. */
  readonly problemContext: ProblemContext;
}

/**
 * How a UCI engine writes a game: `fairy-stockfish` with `UCI_Variant` (xiangqi ranks 1–10),
 * `pikafish` without it, in the game's `uciNative` wire (xiangqi: ICCS ranks 0–9).
 */
export type UciDialect = 'pikafish' | 'fairy-stockfish';

/** An engine protocol chuhan speaks *to* another engine (the engine client, src/engine-client/). */
export type ClientProtocol = 'uci' | 'ucci' | 'usi' | 'xboard';

/** How one engine protocol writes this game's positions and moves. */
export interface WireFormat {
  /** The position as this protocol's `position`/`setboard` command wants it. */
  fen(pos: Position): string;
  /** A move as the engine expects it (the position before the move, for chu's `@@@@`). */
  formatMove(m: Move, pos: Position): string;
  /** A move as the engine writes it, looked up among our legal moves. */
  parseMove(pos: Position, text: string): Result<Move, MoveProblem>;
  /** How to write this protocol's move problems (its square names), when not the game's default. */
  readonly problemContext?: ProblemContext;
}

/**
 * The game as the engine client talks it to other engines: a protocol without an entry is not
 * spoken for this game.
 */
export interface EngineWire {
  readonly uci?: WireFormat;
  /**
   * UCI as the game's own engines speak it when no `UCI_Variant` is set (xiangqi: Pikafish, ICCS
   * squares with ranks 0–9 and the standard FEN); absent: UCI is spoken only with `UCI_Variant`.
   */
  readonly uciNative?: WireFormat;
  readonly ucci?: WireFormat;
  readonly usi?: WireFormat;
  readonly xboard?: WireFormat;
  /** CECP's `variant` name. */
  readonly xboardVariant: string;
  /** Names a UCI engine's `UCI_Variant` option may give this game (the first is preferred). */
  readonly uciVariants: readonly string[];
  /** A fresh start position (a position equal to it needs no `setboard`). */
  start(): Position;
}

/** Numbers that differ by game. */
export interface GameDefaults {
  /** Plies after which an engine-vs-engine match game (`chuhan engine match`) is drawn. */
  readonly enginePlies: number;
  /** Plies after which a match between external engines (`npm run match`) is adjudicated a draw. */
  readonly matchPlies: number;
  /** Moves left assumed by the time allocation when the time control does not say. */
  readonly movesToGo: number;
}

/**
 * Fast reading of game records for a game whose coordinates come in two numberings (xiangqi ICCS
 * ranks 0–9 / UCI ranks 1–10). Games without one are read move by move with `parseMove`.
 */
export interface RecordReader {
  /**
   * The numbering of a record: the Format tag's notation, else its moves, else the form of its FEN
   * tag when it has one (`sure` false: a guess).
   */
  numbering(formatNotation: string | null, moves: readonly { readonly text: string }[], fen?: string): { uci: boolean; sure: boolean };
  /** Does an untagged record whose first two moves are these belong to this game? */
  claims(first: string, second: string): boolean;
  /** Is the text a coordinate move in this numbering? */
  isCoordinate(text: string, uci: boolean): boolean;
  /** Does a record whose first move is this text use SAN (`Che3`)? SAN is read only in such records. */
  readsSan(first: string): boolean;
  /** Is the text shaped like a move this reader reads (any notation, SAN included)? */
  isMoveText(text: string): boolean;
  /** Reads one move of a record (`san`: SAN is read too); the bare reason on failure. */
  read(pos: Position, text: string, uci: boolean, san: boolean): Result<Move, MoveProblem>;
  /**
   * The move when the text is a legal coordinate move here, else -1 (no allocation: called per ply
   * before `read`). `checked`: whether the side to move is in check (1 or 0; -1 or left out: not known).
   */
  legalCoordinate?(pos: Position, text: string, uci: boolean, checked?: number): Move;
  /**
   * An ambiguous move (`read` failed) settled by the moves after it: the reading after which the
   * next moves of `list` (from `next`) can be read, when exactly one can, or when all that can reach
   * the same position; with a note saying so. Null when it cannot be settled.
   */
  settle(pos: Position, text: string, list: readonly { readonly text: string }[], next: number, uci: boolean): { move: Move; note: string } | null;
  /**
   * The game's fast replay of packed records (notation/pgn.ts `PackedRecord`: coordinate moves read
   * as numbers, three per move, the key first), when it has one; notation/replay.ts uses it instead
   * of reading each move's text.
   */
  readonly packed?: PackedReplay;
}

/**
 * A game's fast path for packed coordinate records (the bulk of real xiangqi data): the hot loop
 * stays specialised in the game's folder, behind this capability.
 */
export interface PackedReplay {
  /** `RecordReader.numbering` of a packed move list (`tagged`: the Format tag's notation). */
  numbering(tagged: string | null, packed: Int32Array): { uci: boolean; sure: boolean };
  /** The move of a packed key in a numbering, -1 when there is none. */
  move(key: number, uci: boolean): Move;
  /** Is `m` legal in `pos` (`checked`: whether the side to move is in check, 1/0, -1 not known)? */
  isLegal(pos: Position, m: Move, checked: number): boolean;
  /**
   * A leaner replay of the whole list, when the game has one and it stands for the general one
   * here (`leansOn`: the game's own rules and board). Answers the plies replayed, or -1 (the
   * history must be reset: the general replay then decides). `ruled(ply, ending)` is told each
   * ending the history rules; false stops the replay (-1).
   */
  lean?(history: GameHistory, packed: Int32Array, uci: boolean, ruled: (ply: number, ending: GameResult) => boolean): number;
  leansOn?(endRules: EndRules, start: Position): boolean;
}

/** The dialects of PGN other programs read, for `convert --dialect` and `save --dialect`. */
export type PgnDialectId = 'chuhan' | 'xqbase' | 'pychess' | 'xboard';

/**
 * How records of a game are written for one program (notation/convert.ts writes the PGN from these
 * facts; nothing outside the game's folder names a game).
 */
export interface PgnDialect {
  /** Tags written first, before the roster (xqbase: `Game "Chinese Chess"`). */
  readonly leadTags?: ReadonlyArray<readonly [string, string]>;
  /** The Variant tag's value, or null: no Variant tag. */
  readonly variantTag: string | null;
  /** The two players' tag names (`Red`/`Black`, `White`/`Black`). */
  readonly playerTags: readonly [string, string];
  /** The FEN of a set-up start position (and of `convert --to fen`) in the program's letters. */
  formatFen(pos: Position): string;
  /** The default move writer (SAN for pychess/XBoard); `pos` is the position before the move. */
  formatMove(pos: Position, m: Move): string;
  /**
   * Does a record of these move texts (as `formatMove` wrote them) need its start position written
   * even from the standard start, to be read back as it was meant (xiangqi SAN whose moves do not
   * show the rank numbering: the FEN's form tells pychess from XBoard)?
   */
  needsFen?(moves: readonly string[]): boolean;
  /**
   * The notations `--notation` may choose (by id of `Game.notations`) with the Format tag each
   * writes (xqbase: iccs `ICCS`, wxf `WXF`, chinese `Chinese`); absent: only `formatMove`.
   */
  readonly notationFormats?: ReadonlyMap<string, string>;
  /**
   * Why the program cannot load the game from `start` with these moves (its own legality test
   * refuses a move the game's rules allow), naming the ply; null when it can. Absent: it always can.
   */
  unloadable?(start: Position, moves: readonly Move[]): string | null;
}

/** A replayed record as a record-format writer gets it (`convert --to kif`). */
export interface WritableRecord {
  /** The start position (not changed). */
  readonly start: Position;
  readonly moves: readonly Move[];
  /** The record's tags in order, by PGN names (`Sente`/`White`, `Date`, `Event`, `Site`, …; the last of a name wins). */
  readonly tags: ReadonlyArray<readonly [string, string]>;
  /** `1-0`, `0-1`, `1/2-1/2` or `*`. */
  readonly result: string;
  /**
   * The moves as the source wrote them, one per move, when known: a chu lion's two steps through an
   * empty square (`7j7i6h`) are the plain move to the writer, but lishogi's KIF writes both steps.
   */
  readonly moveTexts?: readonly string[];
  /**
   * Why `result` is not the record's own (the rules ended the game where the record says otherwise:
   * `result by the rules: 0-1, royals captured at ply 472 (the record gives no result)`), kept as a
   * comment by the writers (PGN, KIF, DhtmlXQ, XQF).
   */
  readonly resultNote?: string;
}

/** Record formats other than PGN and FEN that a game may be written in (`convert --to`). */
export type RecordFormatId = 'kif' | 'dhtmlxq' | 'xqf';

/**
 * Writes one game in a record format of its own (chu: lishogi's KIF; xiangqi: DhtmlXQ, XQF). Every
 * writer has this one signature: text formats give a string (the whole record, ending with a
 * newline), binary ones (`binary: true`) the file's bytes; either reads back through the record
 * opener (notation/records/open.ts).
 */
export interface RecordFormatWriter {
  /** The name the format is known by (`KIF`, `DhtmlXQ`, `XQF`). */
  readonly name: string;
  /** The usual file extension (`kif`, `xqf`). */
  readonly extension: string;
  /** The format keeps a set-up start's move counters (DhtmlXQ and XQF have no field for them). */
  readonly counters: boolean;
  /** The record is bytes (XQF), not text: never written to a terminal, one game per file. */
  readonly binary: boolean;
  write(rec: WritableRecord): Result<string | Uint8Array>;
}

// --- The door (issue 40): what commands used to take from a game's folder --------------------

/** The marks of a piece's movement diagram (`chuhan piece`), row by row around the piece. */
export type DiagramMark = 'step' | 'slide' | 'lionA' | 'lionB' | null;

/** One piece as `chuhan piece` shows it; its glyph comes from the board style (render). */
export interface PieceCard {
  /** The FEN/SFEN letter of side 0 (`N`, `+H`). */
  readonly letter: string;
  readonly promoted: boolean;
  /** The legend explains the lion-power marks A/B (every chu piece's legend does). */
  readonly lionLegend: boolean;
  readonly cells: DiagramMark[][];
  /** The line above the diagram, given the piece's glyph. */
  head(glyph: string): string;
  /** The `--json` object, given the piece's glyph. */
  json(glyph: string): Record<string, unknown>;
}

/** The pieces of a game as `chuhan piece` finds and describes them (kinds 1…`kinds`). */
export interface PieceSheet {
  readonly kinds: number;
  /** The kind a name, letter, abbreviation or other written form names (not the board glyphs), or 0. */
  find(query: string): number;
  card(kind: number): PieceCard;
  /** The message for a name no piece has. */
  unknown(name: string): string;
}

/** Counts a perft tree: the plain one (`core/perft.ts`) or one that counts every path of a move. */
export interface PerftCounter {
  count(pos: Position, depth: number): number;
  divide(pos: Position, depth: number): Iterable<{ readonly move: Move; readonly nodes: number }>;
}

/** An engine that plays the game, found without configuration (on PATH or in /usr/games). */
export interface KnownEngine {
  readonly name: string;
  readonly program: string;
  /** The protocol it is spoken to in by default. */
  readonly protocol: ClientProtocol;
  /** UCI: its dialect when not found from its `uci` answer (engines.json `"dialect"`). */
  readonly dialect?: UciDialect;
  /** Options set after the handshake (HaChu: `Allow repeats`). */
  readonly options: Readonly<Record<string, string | number | boolean>>;
  /** How to get it. */
  readonly install: string;
}

/**
 * How the game's board is drawn: src/render's `BoardStyle` (render imports nothing, so the two
 * declarations match by shape; a mismatch fails the type check where a Game is drawn).
 */
export interface BoardStyle {
  /** Glyphs by cased letter (`byCase`: xiangqi, 傌/馬), or by lower-case base letter plus a promoted table (chu). */
  readonly glyphs: Readonly<Record<string, string>>;
  readonly promotedGlyphs: Readonly<Record<string, string>> | null;
  readonly byCase: boolean;
  /** The texts of a river row between the middle ranks, or null: no river. */
  readonly river: { readonly left: string; readonly right: string; readonly asciiLeft: string; readonly asciiRight: string } | null;
  /** Edge labels offered (square names of a notation), the default first. */
  readonly labels: readonly ('iccs' | 'wxf' | 'usi' | 'none')[];
  /**
   * How pictures (`show --svg`, `convert --to gif`) draw the board: pieces on points or in squares,
   * palaces (corner point and size), star points (corners between squares, from side 0's bottom left).
   */
  readonly picture?: {
    readonly onPoints: boolean;
    readonly palaces: readonly { readonly x: number; readonly y: number; readonly w: number; readonly h: number }[];
    readonly stars: readonly (readonly [number, number])[];
    /** Points drawn with the corner marks of the start squares (xiangqi's cannons and soldiers). */
    readonly marked?: readonly (readonly [number, number])[];
  };
}

/** An opening book (src/engine/book.ts reads it), generated by scripts/book/build.mjs. */
export interface BookData {
  /** The key of the start position, checked before the book is used. */
  readonly start: string;
  /** `<zobrist key>:<move>=<weight>,...` entries (coordinate move texts) joined by `;`. */
  readonly entries: string;
}

/** Capabilities added by issue 40; every game has them (kept apart so other additions merge cleanly). */
export interface GameDoor {
  /** How the board is drawn: glyphs, river, edge labels. */
  readonly boardStyle: BoardStyle;
  /** `chuhan piece`: the game's pieces, their names, notes and movement diagrams. */
  readonly pieces: PieceSheet;
  /** `perft --count-paths`: a counter of every path of a multi-path move (chu lion), when the game has such moves. */
  readonly pathPerft?: () => PerftCounter;
  /** Engines that play this game, found without configuration. */
  readonly knownEngines: readonly KnownEngine[];
  /**
   * Built-in openings (`npm run match -- --openings builtin`) by ply count: XBoard move lines from
   * the start, most frequent first, each ending `# N` (N games reached it).
   */
  readonly openings: Readonly<Record<number, readonly string[]>>;
  /**
   * How a record written from this FEN numbers its moves: does the second player move first, and
   * the number of the first move (read from the FEN's fields alone, as PGN writers do; no check).
   */
  fenStart(fen: string): { second: boolean; number: number };
  /** The opening book of the game's default rule set, if it has one. */
  readonly book?: BookData;
  /**
   * The puzzles shipped for this game (`chuhan puzzle`): the text of a chuhan puzzle library
   * (src/puzzle/library.ts), loaded by a dynamic import only when asked for (start-up does not
   * read it); absent: no shipped puzzles.
   */
  readonly puzzles?: () => Promise<string>;
  /**
   * Names openings (xiangqi: ECCO codes and names), loaded on demand: the table is not read at
   * start-up. Absent: the game has no opening names (chu: no published classification found).
   */
  readonly openingNames?: () => Promise<OpeningNamer>;
  /**
   * The record file formats of this game (XQF, CCBridge, DhtmlXQ, WXF files for xiangqi): how each
   * is told apart and its reader, loaded when a file in it is opened (notation/records/open.ts asks
   * every game's formats; PGN and move lists are notation's own). Order matters among text formats:
   * the first that claims a text reads it.
   */
  readonly recordFormats?: readonly RecordFormat[];
  /**
   * The shapes of the game's move notations, for telling a record's notation and game from its
   * moves alone (notation/pgn-hints.ts `guessNotation`, records/detect-text.ts's move lists).
   */
  readonly notationShapes?: NotationShapes;
}

/** A binary or library record format: told by its first bytes (magic), read from the whole bytes. */
export interface BinaryRecordFormat {
  readonly kind: 'binary';
  /** Its id (`xqf`, `cbl`): what records/open.ts reports as the input's format. */
  readonly id: string;
  /** Its name for people (`XQF`, `CCBridge library`). */
  readonly name: string;
  /** Is this the format of a file that begins with these bytes (at most the first 2 KB)? */
  detect(head: Uint8Array): boolean;
  /** Its reader (a dynamic import: not loaded until a file needs it): every game of the file. */
  load(): Promise<(bytes: Uint8Array) => BinaryGameRecord[]>;
}

/** A text record format read whole (after the opener has decoded the text). */
export interface TextRecordFormat {
  readonly kind: 'text';
  readonly id: string;
  readonly name: string;
  /** Does the beginning of a text (up to 64 K characters) hold a record of this format? */
  claims(head: string): boolean;
  /** Its reader (a dynamic import): every game of the whole text. */
  load(): Promise<(text: string) => GameRecord[]>;
}

export type RecordFormat = BinaryRecordFormat | TextRecordFormat;

/** A game's record readers loaded at once, by format id (games/record-readers.ts: the synchronous openers). */
export interface RecordReaders {
  readonly binary: Readonly<Record<string, (bytes: Uint8Array) => BinaryGameRecord[]>>;
  readonly text: Readonly<Record<string, (text: string) => GameRecord[]>>;
}

/**
 * One shape of a game's move notation, for hints from syntax alone (no position): the notation a
 * record's moves are written in, and the game it is for.
 */
export interface NotationShape {
  /** The hint it gives (notation/pgn-hints.ts `NotationHint`: `iccs`, `wxf`, `chinese`, `usi`, `western`). */
  readonly notation: string;
  /** Is the move text (half-width, trimmed, not empty) of this shape? */
  test(move: string): boolean;
  /**
   * A coordinate shape read in two numberings (xiangqi ICCS ranks 0–9, UCI 1–10): whether the
   * move shows a rank 0 (`zero`) or a rank 10 (`ten`). Moves of the shape that show a rank 10 and
   * never a rank 0 are in the `tenNotation`.
   */
  ranks?(move: string): { zero: boolean; ten: boolean };
  readonly tenNotation?: string;
}

/** What a game's move texts look like, by syntax alone. */
export interface NotationShapes {
  /** The notations' shapes, tried in order (games in the registry's order) for `guessNotation`. */
  readonly moves: readonly NotationShape[];
  /**
   * Is a token of a plain move list (no tags) a move of this game, in any notation it is written in
   * (a looser test than `moves`: SAN and other forms too)? Move numbers and results are notation's.
   */
  listToken(token: string): boolean;
}

/** An opening's name in a game's classification (xiangqi: ECCO, `C45`). */
export interface OpeningName {
  /** The classification (`ECCO`). */
  readonly system: string;
  readonly code: string;
  /** The opening's name, in the classification's own language (ECCO: Chinese, as xqbase gives it). */
  readonly name: string;
  /** The variation within the opening, when the classification names one. */
  readonly variation?: string;
}

/** Names the opening of a game (the Game's `openingNames`, loaded when first asked for). */
export interface OpeningNamer {
  readonly system: string;
  /** The plies the classification reads: later moves never change the answer. */
  readonly plies: number;
  /** The opening of a game from `start` with `moves`, or null (a set-up start, or nothing to name). */
  name(start: Position, moves: readonly Move[]): OpeningName | null;
}

/**
 * What a FEN is to its reader: `start`, where a game, record or problem begins (chu: a side to
 * move with pieces but no royal, against a royal, is a mate problem's attacker); `position`, a
 * position given alone (that side has lost); `problem`, a mate problem said to be one (`--problem`).
 */
export type FenReading = 'start' | 'position' | 'problem';

export interface Game extends GameDoor {
  readonly id: GameId;
  /** Display name (`Xiangqi`, `Chu Shogi`). */
  readonly title: string;
  /** Names the user may type for the game (lower case): `xq`, `chu`, `中将棋`. */
  readonly aliases: readonly string[];
  readonly variant: Variant;
  /** The rule set this object plays by, for games that have several (chu: `lishogi`, `jcsa`). */
  readonly rules?: string;
  /** The rule sets the game offers (`--rules`), the default first. */
  readonly ruleSets?: readonly string[];
  /** Every variant object of the game (rule sets, mate problems), found by `ruleKey` (the engine worker). */
  readonly variants?: readonly Variant[];
  /** The same game under another rule set, or null for an unknown one. */
  withRules?(id: string): Game | null;
  readonly startFen: string;
  /** Names of the sides: [first, second] (`red`/`black`, `sente`/`gote`). */
  readonly sideNames: readonly [string, string];
  /**
   * Reads a FEN/SFEN; `as` (default `start`) says what the input calls it (chu: whether a side to
   * move without royals is a mate problem or has lost; docs/rules.md). Games without problems ignore it.
   */
  parseFen(text: string, as?: FenReading): Result<Position, FenProblem>;
  formatFen(pos: Position): string;
  /** What an accepted FEN has that no game reaches (move number 0, a composed check), as warnings. */
  fenWarnings?(text: string, pos: Position): string[];
  /** The default coordinate notation (ICCS for xiangqi, USI for chu). */
  readonly coordinate: Notation;
  /** All output notations by id. */
  readonly notations: ReadonlyMap<string, Notation>;
  /**
   * Reads a move in any notation the game accepts. `typedIn`: the move was typed by a user whose
   * chosen notation is this id (play, repl, show): coordinates then mean what the board shows
   * (xiangqi ICCS ranks 0–9) unless that notation is another coordinate numbering (xiangqi `uci`);
   * an impossible coordinate move is an error, never re-read. Absent: a record's move, either
   * numbering (records fix theirs with `records`).
   */
  parseMove(pos: Position, text: string, typedIn?: string): Result<Move, MoveProblem>;
  /** The notation a typed move is shaped like (no position needed), or null: not a move. */
  classifyMove(text: string): string | null;
  /** Fast record reading (xiangqi), else records are read with `parseMove`. */
  readonly records?: RecordReader;
  /** The game's square names (the default coordinate notation's). */
  readonly squares: SquareNaming;
  /** The end-of-game rules GameHistory applies. */
  readonly endRules: EndRules;
  /** The CECP dialect. */
  readonly xboard: ProtocolGame;
  /** How the engine client writes the game to other engines (UCI, UCCI, USI, XBoard). */
  readonly engineWire: EngineWire;
  /**
   * What the search needs (evaluation, piece values, draw rules) for one of this game's variants,
   * its rule sets' and mate problems' too; src/engine/profiles.ts caches it per variant.
   */
  profileOf(v: Variant): EngineProfile;
  readonly defaults: GameDefaults;
  /** PGN tags a record of this game carries: the first player's tag, Variant and Format. */
  readonly pgnTags: {
    readonly firstPlayer: string;
    readonly variant: string;
    readonly format: string;
    /** Extra tags naming the two players by the game's side names (chu: Sente, Gote). */
    readonly sidePlayers?: readonly [string, string];
  };
  /** Record formats besides PGN this game is written in (chu: `kif`, lishogi's export); absent: none. */
  readonly recordWriters?: Partial<Record<RecordFormatId, RecordFormatWriter>>;
  /** PGN dialects of other programs this game can be written in (`chuhan` is always possible). */
  readonly pgnDialects: Partial<Record<Exclude<PgnDialectId, 'chuhan'>, PgnDialect>>;
  /** Engine protocols that can play this game. */
  readonly protocols: readonly ('xboard' | 'uci' | 'ucci' | 'usi')[];
}
