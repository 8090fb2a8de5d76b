/**
 * Every subcommand, in help order. Each module is loaded only when needed: `chuhan validate …`
 * imports the validate module alone, so start-up does not pay for the others (ink, the engine…);
 * `chuhan --help` loads none: its command list is drawn from `term` and `summary` here, which
 * test/startup.test.ts checks against the commands' own definitions.
 */
import type { Command } from 'commander';
import type { Io } from '../../tui/io.js';
import type { PlayHandOver } from './play.js';

/** A command's registration; `handOver`: what the quick play did already (play only, commands/play.ts). */
export type Register = (program: Command, io: Io, handOver?: PlayHandOver) => void;

export interface CommandEntry {
  name: string;
  aliases?: string[];
  /** The command as `chuhan --help` lists it (name, `[options]`, arguments). */
  term: string;
  /** Its description (the same text the module gives commander). */
  summary: string;
  load: () => Promise<Register>;
}

export const COMMANDS: CommandEntry[] = [
  {
    name: 'moves',
    term: 'moves [options]',
    summary: 'print the legal moves of a position, sorted by their coordinate form',
    load: async () => (await import('./moves.js')).registerMoves,
  },
  {
    name: 'perft',
    term: 'perft [options] <depth>',
    summary: 'count the leaf nodes of the legal move tree to a depth',
    load: async () => (await import('./perft.js')).registerPerft,
  },
  {
    name: 'piece',
    term: 'piece [options] <name>',
    summary: "draw a piece's movement diagram (○ one step, ● any distance, A/B lion power)",
    load: async () => (await import('./piece.js')).registerPiece,
  },
  {
    name: 'show',
    term: 'show [options]',
    summary: 'draw a position as a board (after optional moves), with side to move, check and status',
    load: async () => (await import('./show.js')).registerShow,
  },
  {
    name: 'play',
    term: 'play [options]',
    summary: 'the interactive board (default: you play red against the computer); each game is saved in its own file, --resume continues one',
    load: async () => (await import('./play.js')).registerPlay,
  },
  {
    name: 'puzzle',
    term: 'puzzle [options] [file]',
    summary: 'the puzzle trainer: find the winning line, the replies played for you; a Glicko-2 rating for you and each puzzle, saved in the state folder',
    load: async () => (await import('./puzzle.js')).registerPuzzle,
  },
  {
    name: 'games',
    term: 'games [options]',
    summary:
      'the saved games of play, newest first: id, date, game, players, result, plies, finished or not (chuhan play --resume ID continues one)',
    load: async () => (await import('./games.js')).registerGames,
  },
  {
    name: 'config',
    term: 'config [options] [key] [value]',
    summary: "show or set the board's settings (theme, bell, blindfold, vim keys, autoplay speed, eval bar, material) in the state folder's config.json",
    load: async () => (await import('./config.js')).registerConfig,
  },
  {
    name: 'repl',
    term: 'repl [options]',
    summary:
      'a line-oriented shell (new, fen, move, undo, moves, show, perft, go, save, load, help, quit); reads piped stdin too; exit 1 if any command failed',
    load: async () => (await import('./repl.js')).registerRepl,
  },
  {
    name: 'validate',
    term: 'validate [options] <inputs...>',
    summary: 'replay the games of record files (PGN, XQF, CCBridge, WXF, DhtmlXQ, KIF; folders too) and report the first illegal move of each',
    load: async () => (await import('./validate.js')).registerValidate,
  },
  {
    name: 'convert',
    term: 'convert [options] <input...>',
    summary: 'convert records (PGN, move lists, XQF, CCBridge, DhtmlXQ, WXF, KIF) to PGN in the dialect another program reads, to a record format of the game (KIF as lishogi exports it, DhtmlXQ, XQF), or to FEN',
    load: async () => (await import('./convert.js')).registerConvert,
  },
  {
    name: 'engine',
    term: 'engine [options]',
    // engine.ts builds it from the registry (engineSummary); `--help` loads no game, so a checked copy
    summary: 'play as an engine for GUIs and match tools: xboard (CECP: xiangqi, chushogi), uci or ucci (xiangqi), usi (chushogi)',
    load: async () => (await import('./engine.js')).registerEngine,
  },
  {
    name: 'engines',
    term: 'engines [options]',
    summary: 'list the engines --engine can name: builtin, engines.json, and fairy-stockfish/pikafish/hachu/maxqi when installed',
    load: async () => (await import('./engines.js')).registerEngines,
  },
  {
    name: 'review',
    term: 'review [options] <file>',
    summary:
      'analyse every move of a game: score before/after, the best alternative, inaccuracies/mistakes/blunders; -o writes an annotated PGN',
    load: async () => (await import('./review.js')).registerReview,
  },
  {
    name: 'analyse',
    aliases: ['analyze'],
    term: 'analyse|analyze [options]',
    summary: 'search a position: depth, score, nodes/s and the principal variation per iteration',
    load: async () => (await import('./analyse.js')).registerAnalyse,
  },
];

/** The entry a command-line word names (a name or an alias), or undefined. */
export function findCommand(word: string | undefined): CommandEntry | undefined {
  return word === undefined ? undefined : COMMANDS.find((c) => c.name === word || c.aliases?.includes(word));
}
