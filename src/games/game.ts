/**
 * A game as one object: everything game-agnostic code (notation/pgn, render, engine/search,
 * protocol, tui, cli, match) needs to know about a game. Each game builds its own in
 * src/games/<game>/game.ts; src/games/registry.ts lists them (the only place that names game ids).
 */
import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';
import type { EngineProfile } from '../core/profile.js';
import type { EndRules } from '../core/history.js';
import type { Result } from '../core/result.js';
import type { Variant } from '../core/variant.js';

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
  parseFen(text: string): Result<Position>;
  /** The position in XBoard's FEN dialect. */
  formatFen(pos: Position): string;
  /**
   * The move as XBoard writes it (chu double moves as comma-separated legs). With the position
   * before the move, a chu lion's pass is written as CECP's null move `@@@@`, as HaChu does.
   */
  formatMove(m: Move, pos?: Position): string;
  /** Reads a move as XBoard writes it and finds it among the legal moves. */
  parseMove(pos: Position, text: string): Result<Move>;
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
  /** The numbering of a record: the Format tag's notation, else its moves (`sure` false: a guess). */
  numbering(formatNotation: string | null, moves: readonly { readonly text: string }[]): { uci: boolean; sure: boolean };
  /** Does an untagged record whose first two moves are these belong to this game? */
  claims(first: string, second: string): boolean;
  /** Is the text a coordinate move in this numbering? */
  isCoordinate(text: string, uci: boolean): boolean;
  /** Reads one move of a record; the bare reason on failure. */
  read(pos: Position, text: string, uci: boolean): Result<Move>;
}

export interface Game {
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
  parseFen(text: string): Result<Position>;
  formatFen(pos: Position): string;
  /** What an accepted FEN has that no game reaches (move number 0, a composed check), as warnings. */
  fenWarnings?(text: string, pos: Position): string[];
  /** The default coordinate notation (ICCS for xiangqi, USI for chu). */
  readonly coordinate: Notation;
  /** All output notations by id. */
  readonly notations: ReadonlyMap<string, Notation>;
  /** Reads a move in any notation the game accepts. */
  parseMove(pos: Position, text: string): Result<Move>;
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
  /** What the search needs: evaluation, piece values, draw rules. */
  readonly profile: EngineProfile;
  readonly defaults: GameDefaults;
  /** PGN tags a record of this game carries: the first player's tag, Variant and Format. */
  readonly pgnTags: {
    readonly firstPlayer: string;
    readonly variant: string;
    readonly format: string;
    /** Extra tags naming the two players by the game's side names (chu: Sente, Gote). */
    readonly sidePlayers?: readonly [string, string];
  };
  /** Has moves with more than one path to the same result (chu lion double moves: `perft --count-paths`). */
  readonly multiPathMoves: boolean;
  /** Engine protocols that can play this game. */
  readonly protocols: readonly ('xboard' | 'uci' | 'ucci')[];
}
