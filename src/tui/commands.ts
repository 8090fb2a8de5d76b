/**
 * The command language of `chuhan play` and `chuhan repl` (`help` lists it): one line in, the
 * lines to show out (`CommandResult`), acting on a `Session` (session.ts holds the game state).
 * UI-free and synchronous; the host runs the computer's search when a result asks it to `think`.
 */
import { moveFrom, type Move } from '../core/move.js';
import { legalMoves, perft } from '../core/perft.js';
import { pieceKind, pieceSide, type Side } from '../core/piece.js';
import { GAMES, gameFromName, gameOfFen, type Game } from '../games/registry.js';
import type { PgnDialectId } from '../games/game.js';
import { DIALECTS, parseDialect } from '../notation/convert.js';
import type { Session } from './session.js';
import { parsePlayerKind, quotesText, type GameOutcome } from './types.js';
import { escapeControls, quoteInput, quoteName, thousands } from '../core/text.js';
import { typedMoveWords } from '../notation/typed.js';
import { listRecordGames, type RecordInput } from './record.js';
import { formatProblem, quoted } from '../core/problem.js';

export interface CommandResult {
  /** False when the command failed (unknown command, illegal move, bad argument, I/O error). */
  ok: boolean;
  out: string[];
  err: string[];
  /** The host should let the computer move for the side to move now. */
  think?: boolean;
  /** `hint` without a square: the host should ask the engine for the best move (and play nothing). */
  hint?: boolean;
  /** The output is a list to show in the panel beside the board (play), e.g. the games of a file. */
  panel?: boolean;
  /** The panel is the list of games of this file (play opens the one chosen: `load <pick> N`). */
  pick?: string;
  quit?: boolean;
}

const MAX_PERFT = 6;
/** Computer levels (the engine's 1–8) and the default. */
export const MIN_LEVEL = 1;
export const MAX_LEVEL = 8;
export const DEFAULT_LEVEL = 3;

export const HELP: readonly string[] = [
  'Commands (a bare move is played as well):',
  '  <move> …            play moves in any notation (h2e2, C2.5, 炮二平五, 7g7f, …)',
  '  move <m> …          the same; all moves or none',
  '  ?<square>, hint <square>   legal destinations of the piece on a square (e.g. ?h2)',
  '  click a lion twice  chu: the lion, then its square again: pass or igui',
  '  hint                the engine\'s best move here (nothing is played)',
  '  eval [on|off]       show or hide the evaluation line (score from your side, depth, PV)',
  '  undo [n], redo [n]  take back / replay moves',
  `  new [variant]       a new game (${GAMES.map((g) => g.id).join(', ')})`,
  '  fen [FEN]           print the position, or start from FEN',
  '  moves [square]      the legal moves',
  '  show                draw the board',
  '  status              side to move, check, result',
  '  go [time]           let the computer play the side to move (go 2s; go 500 = 500 ms)',
  '  players <p0> <p1>   human or computer for each side',
  '  level <n>           computer strength, 1-8',
  '  notation [id]       the notation of the move list and messages',
  '  flip                turn the board around',
  '  resign, draw        resign; offer or accept a draw',
  '  perft <depth>       count leaf nodes (depth ≤ 6)',
  '  save <file>, load <file>   write the game as PGN / read any record file',
  '  load <file> <n>            game n of a file of several games',
  '  save <file> --dialect d    PGN for another program (d: chuhan, xqbase, pychess, xboard)',
  '  help, quit',
];

export const ok = (...out: string[]): CommandResult => ({ ok: true, out, err: [] });
export const fail = (...err: string[]): CommandResult => ({ ok: false, out: [], err });

export function describeOutcome(game: Game, o: GameOutcome): string {
  if (o.winner === null) return `${o.result} draw by ${o.reason}`;
  return `${o.result} ${game.sideNames[o.winner]} wins by ${o.reason}`;
}

export function runCommand(s: Session, line: string): CommandResult {
  const text = line.trim();
  if (text === '' || text.startsWith('#')) return ok();
  if (text.startsWith('?') && text.length > 1) return cmdHint(s, text.slice(1).trim());
  const [word = '', ...args] = text.split(/\s+/);
  const rest = text.slice(word.length).trim();
  switch (word.toLowerCase()) {
    case 'help':
    case '?':
      return ok(...HELP);
    case 'quit':
    case 'exit':
    case 'q':
      return { ...ok(), quit: true };
    case 'move':
    case 'm':
      return typedMoveWords(rest).length ? cmdMoves(s, typedMoveWords(rest)) : fail(`move needs at least one move, e.g. move ${exampleMove(s)}`);
    case 'hint':
      // --- engine hint (engine-client): no square asks the host's engine for the best move
      if (rest === '') return { ...ok(), hint: true };
      return cmdHint(s, rest);
    case 'eval':
      if (rest !== '' && rest !== 'on' && rest !== 'off') return fail('eval takes on or off');
      s.showEval = rest === '' ? !s.showEval : rest === 'on';
      s.version++;
      return ok(`evaluation line ${s.showEval ? 'on' : 'off'}`);
    case 'undo':
    case 'u':
      return cmdUndoRedo(s, 'undo', args[0]);
    case 'redo':
      return cmdUndoRedo(s, 'redo', args[0]);
    case 'new':
      return cmdNew(s, args[0]);
    case 'fen':
      return cmdFen(s, rest);
    case 'moves':
      return cmdList(s, args[0]);
    case 'show':
    case 'board':
      return ok(...s.boardLines(), s.statusLine());
    case 'status':
      return ok(s.statusLine());
    case 'flip':
      s.flipped = !s.flipped;
      s.version++;
      return ok(`board flipped: ${s.sideName(s.flipped ? 1 : 0)} at the bottom`);
    case 'go': {
      if (s.outcome()) return fail(`the game is over (${describeOutcome(s.game, s.outcome()!)})`);
      s.paused = false;
      if (args[0] === undefined) return { ...ok(), think: true };
      const t = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(args[0]);
      if (!t || Number(t[1]) <= 0) return fail(`go takes a thinking time: 500 or 500ms (milliseconds) or 2s, not ${quoteInput(args[0])}`);
      // a bare number is milliseconds, as UCI's movetime
      s.setThinkTime(Math.min(600_000, Math.max(1, Math.round(Number(t[1]) * (t[2] === 's' ? 1000 : 1)))));
      return { ...ok(), think: true };
    }
    case 'players':
      return cmdPlayers(s, args);
    case 'level':
      return cmdLevel(s, args[0]);
    case 'notation':
      return cmdNotation(s, args[0]);
    case 'resign':
      return cmdResign(s);
    case 'draw':
      return cmdDraw(s);
    case 'perft':
      return cmdPerft(s, args[0]);
    case 'save':
      return cmdSave(s, rest);
    case 'load':
      return cmdLoad(s, rest);
    default:
      return cmdBare(s, text, word);
  }
}

function guard(s: Session): CommandResult | null {
  const o = s.outcome();
  if (o) return fail(`the game is over (${describeOutcome(s.game, o)}); undo, new or load to go on`);
  if (s.players[s.turn] === 'computer')
    return fail(`it is the ${s.computerName}'s turn (${s.sideName(s.turn)}); wait, or type go`);
  return null;
}

/** Plays all the moves or none; errors name the move's place in the list. */
function cmdMoves(s: Session, texts: string[]): CommandResult {
  const g = guard(s);
  if (g) return g;
  const moves: Move[] = [];
  let failure: string | null = null;
  // the batch is tried on a copy of the position: the game changes only when every move is legal
  const trial = s.pos.clone();
  for (const [i, t] of texts.entries()) {
    const r = s.parseMove(t, trial);
    if (!r.ok) {
      const msg = formatProblem(quotesText(r.error, t) ? r.error : quoted(t, r.error));
      failure = texts.length > 1 ? `move ${i + 1} of ${texts.length}: ${msg} (no move played)` : msg;
      break;
    }
    moves.push(r.value);
    trial.play(r.value);
    if (i < texts.length - 1 && s.positionOutcome(trial)) {
      failure = `move ${i + 1} of ${texts.length} ends the game; the rest cannot be played (no move played)`;
      break;
    }
  }
  if (failure) return fail(failure);
  const out: string[] = [];
  for (const m of moves) {
    if (s.outcome()) break; // a repetition or move limit ended the game within the batch
    out.push(...s.play(m));
  }
  return { ...ok(...out), think: s.computerToMove() };
}

/** A line that is not a command: moves if every word is one, else an error. */
function cmdBare(s: Session, text: string, word: string): CommandResult {
  const words = typedMoveWords(text);
  if (words.length === 0) return fail(`${quoteInput(text)} holds a move number but no move (type a move such as ${exampleMove(s)})`);
  const first = s.parseMove(words[0]!);
  if (!first.ok && words.length === 1 && !/[0-9\u3400-\u9fff]/.test(word)) {
    return fail(`unknown command ${quoteInput(word)} (type help)`);
  }
  if (!first.ok && words.length > 1) return fail(`unknown command ${quoteInput(word)} (type help); as a move: ${formatProblem(first.error)}`);
  return cmdMoves(s, words);
}

function cmdHint(s: Session, arg: string): CommandResult {
  const sq = s.parseSquare(arg);
  if (sq === null) return fail(`${quoteInput(arg)} is not a square (like ${s.game.squares.example})`);
  const p = s.pos.board[sq]!;
  const name = s.square(sq);
  if (!p) {
    s.highlights = [];
    s.version++;
    return fail(`${name} is empty`);
  }
  const piece = `${s.sideName(pieceSide(p))} ${s.pos.variant.pieces[pieceKind(p) - 1]?.name ?? 'piece'} on ${name}`;
  if (pieceSide(p) !== s.turn) {
    s.highlights = [];
    s.version++;
    return ok(`${piece}: not the side to move`);
  }
  const moves = s.movesFrom(sq);
  s.highlights = s.destinations(sq);
  s.version++;
  if (moves.length === 0) return ok(`${piece}: no legal moves`);
  const f = s.formatter();
  const texts = [...new Set(moves.map((m) => f.format(s.pos, m)))].sort();
  return ok(`${piece}: ${texts.join(' ')}`);
}

function cmdUndoRedo(s: Session, which: 'undo' | 'redo', arg: string | undefined): CommandResult {
  let n = 1;
  if (arg !== undefined) {
    if (!/^\d+$/.test(arg) || Number(arg) < 1) return fail(`${which}: ${quoteInput(arg)} is not a positive number`);
    n = Number(arg);
  }
  if (which === 'undo') {
    let k = s.undo(n);
    // against the computer, go back to a position where a human moves
    while (k > 0 && !s.paused && s.players[s.turn] === 'computer' && s.players.includes('human') && s.history.length > 0)
      k += s.undo(1);
    if (k === 0) return fail('nothing to undo');
    return { ...ok(`took back ${k} ${k === 1 ? 'move' : 'moves'}; ${s.statusLine()}`), think: s.computerToMove() };
  }
  let k = s.redo(n);
  while (k > 0 && !s.paused && s.players[s.turn] === 'computer' && s.players.includes('human') && s.redoStack.length > 0)
    k += s.redo(1);
  if (k === 0) return fail('nothing to redo');
  return { ...ok(`replayed ${k} ${k === 1 ? 'move' : 'moves'}; ${s.statusLine()}`), think: s.computerToMove() };
}

function cmdNew(s: Session, arg: string | undefined): CommandResult {
  let game = s.game;
  if (arg) {
    const named = gameFromName(arg);
    if (!named) return fail(`unknown variant ${quoteInput(arg)} (use ${GAMES.map((g) => g.id).join(' or ')})`);
    game = named;
  }
  const e = s.reset(game, game.startFen);
  if (e) return fail(e);
  return { ...ok(`new ${game.id} game; ${s.statusLine()}`), think: s.computerToMove() };
}

function cmdFen(s: Session, arg: string): CommandResult {
  if (!arg) return ok(s.game.formatFen(s.pos));
  const game = gameOfFen(arg) ?? s.game;
  const e = s.reset(game, arg);
  if (e) return fail(`bad FEN: ${e}`);
  return { ...ok(`position set; ${s.statusLine()}`), think: s.computerToMove() };
}

function cmdList(s: Session, arg: string | undefined): CommandResult {
  let moves = legalMoves(s.pos);
  if (arg) {
    const sq = s.parseSquare(arg);
    if (sq === null) return fail(`${quoteInput(arg)} is not a square (like ${s.game.squares.example})`);
    moves = moves.filter((m) => moveFrom(m) === sq);
  }
  const f = s.formatter();
  const texts = moves.map((m) => f.format(s.pos, m)).sort();
  if (texts.length === 0) return ok('no legal moves');
  const lines: string[] = [];
  let cur = '';
  for (const t of texts) {
    if (cur && cur.length + 1 + t.length > 78) {
      lines.push(cur);
      cur = t;
    } else cur = cur ? `${cur} ${t}` : t;
  }
  lines.push(cur);
  return ok(...lines, `${texts.length} legal moves`);
}

function cmdPlayers(s: Session, args: string[]): CommandResult {
  if (args.length === 0) return ok(playersLine(s));
  if (args.length !== 2) return fail('players needs two words, e.g. players human computer');
  const a = parsePlayerKind(args[0]!);
  const b = parsePlayerKind(args[1]!);
  if (!a || !b) return fail('players: each side is human or computer');
  s.players = [a, b];
  s.paused = false;
  s.version++;
  return { ...ok(playersLine(s)), think: s.computerToMove() };
}

/** `red: human · black: computer (level 3)`; an external engine by its name (`black: Fairy-Stockfish 11.1`). */
export function playersLine(s: Session): string {
  const who = (side: Side): string =>
    s.players[side] === 'computer' ? (s.computerEngineName?.(side) ?? `${s.computerName} (level ${s.level})`) : 'human';
  return `${s.sideName(0)}: ${who(0)} · ${s.sideName(1)}: ${who(1)}`;
}

function cmdLevel(s: Session, arg: string | undefined): CommandResult {
  if (arg === undefined) return ok(`level ${s.level} (seed ${s.seed})`);
  if (!/^\d+$/.test(arg) || Number(arg) < MIN_LEVEL || Number(arg) > MAX_LEVEL)
    return fail(`level: ${quoteInput(arg)} is not a number from ${MIN_LEVEL} to ${MAX_LEVEL}`);
  s.level = Number(arg);
  s.version++;
  return ok(`level ${s.level}`);
}

function cmdNotation(s: Session, arg: string | undefined): CommandResult {
  const ids = [...s.game.notations.keys()];
  if (arg === undefined) return ok(`notation ${s.notation} (available: ${ids.join(', ')})`);
  const id = arg.toLowerCase();
  if (!s.game.notations.has(id)) return fail(`unknown notation ${quoteInput(arg)} for ${s.game.id} (use ${ids.join(', ')})`);
  s.notation = id;
  s.version++;
  return ok(`notation ${id}`);
}

function cmdResign(s: Session): CommandResult {
  const o = s.outcome();
  if (o) return fail(`the game is over (${describeOutcome(s.game, o)})`);
  const loser = s.speaker();
  const winner = (loser ^ 1) as Side;
  const declared: GameOutcome = { result: winner === 0 ? '1-0' : '0-1', winner, reason: 'resignation' };
  s.declare(declared);
  return ok(`${s.sideName(loser)} resigns; game over: ${describeOutcome(s.game, declared)}`);
}

function cmdDraw(s: Session): CommandResult {
  const o = s.outcome();
  if (o) return fail(`the game is over (${describeOutcome(s.game, o)})`);
  const me = s.speaker();
  const them = (me ^ 1) as Side;
  if (s.drawOffer === them) {
    const declared: GameOutcome = { result: '1/2-1/2', winner: null, reason: 'agreement' };
    s.declare(declared);
    return ok(`${s.sideName(me)} accepts the draw; game over: ${describeOutcome(s.game, declared)}`);
  }
  if (s.drawOffer === me) return ok(`${s.sideName(me)} has already offered a draw`);
  if (s.players[them] === 'computer') {
    // on its turn the computer answers with its move (a fresh search of this position); else now,
    // with its last search's score (session.ts judgeDraw)
    if (s.turn === them) {
      s.drawOffer = me;
      s.version++;
      return ok(`${s.sideName(me)} offers a draw: the ${s.computerName} answers with its move`);
    }
    const j = judgeDraw(s, them);
    if (j.accept) return ok(...s.acceptDraw(j.reason));
    return ok(`the ${s.computerName} declines the draw offer (${j.reason})`);
  }
  s.drawOffer = me;
  s.version++;
  return ok(`${s.sideName(me)} offers a draw: ${s.sideName(them)} types draw to accept, or moves to decline`);
}

/** The computer takes a draw when its score is at most this (a quarter of a pawn for it), … */
export const DRAW_ACCEPT_CP = 25;
/** … once this many plies are played (before that it plays on, unless clearly worse), … */
export const DRAW_MIN_PLIES = 20;
/** … or at once when it is worse by this much or more. */
export const DRAW_WORSE_CP = -150;

const pawns = (cp: number): string => `${cp >= 0 ? '+' : '-'}${(Math.abs(cp) / 100).toFixed(2)}`;

/**
 * Does the computer playing `side` take a draw here? From its search's score of this position
 * (its last move's search, or the one just finished): a level or worse position (≤ +0.25 pawn for
 * it) once 20 plies are played, a clearly worse one (≤ −1.50, or mated) at any time, and any
 * position where neither side has the material to win. Deterministic: the same score and position
 * give the same answer. The reason is said with the answer.
 */
export function judgeDraw(s: Session, side: Side): { accept: boolean; reason: string } {
  const canWin = s.game.endRules.canWin;
  if (canWin && !canWin(s.pos, 0) && !canWin(s.pos, 1)) return { accept: true, reason: 'neither side has the material to win' };
  const n = s.history.length;
  const sc = s.computerScore;
  if (!sc || sc.side !== side || (sc.ply !== n && sc.ply !== n - 1)) return { accept: false, reason: 'it has no evaluation of this position' };
  if (sc.mate !== null) return sc.mate < 0 ? { accept: true, reason: `it sees itself mated in ${-sc.mate}` } : { accept: false, reason: `it sees a mate in ${sc.mate}` };
  if (sc.cp === null) return { accept: false, reason: 'it has no evaluation of this position' };
  if (sc.cp <= DRAW_WORSE_CP) return { accept: true, reason: `it judges its position ${pawns(sc.cp)}` };
  // plies of the game: a game set up from a FEN counts from its move number
  if (n + 2 * Math.max(0, s.line.start.fullmove - 1) < DRAW_MIN_PLIES) return { accept: false, reason: `it plays on in the first ${DRAW_MIN_PLIES} plies unless clearly worse` };
  if (sc.cp <= DRAW_ACCEPT_CP) return { accept: true, reason: `it judges its position ${pawns(sc.cp)}` };
  return { accept: false, reason: `it judges its position ${pawns(sc.cp)}` };
}

function cmdPerft(s: Session, arg: string | undefined): CommandResult {
  if (arg === undefined || !/^\d+$/.test(arg)) return fail('perft needs a depth, e.g. perft 3');
  const d = Number(arg);
  if (d > MAX_PERFT) return fail(`perft: depth ${d} is too deep here (at most ${MAX_PERFT}; use chuhan perft)`);
  return ok(`nodes ${perft(s.pos.clone(), d)}`);
}

function cmdSave(s: Session, rest: string): CommandResult {
  const words = rest.split(/\s+/).filter(Boolean);
  let dialect: PgnDialectId = 'chuhan';
  let notation: string | undefined;
  const names: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--dialect' || w === '--notation') {
      const v = words[++i];
      if (v === undefined) return fail(`save: ${w} needs a value, e.g. save game.pgn --dialect xboard`);
      if (w === '--notation') notation = v;
      else {
        const d = parseDialect(v);
        if (!d) return fail(`save: unknown dialect ${quoteInput(v)} (use ${DIALECTS.join(', ')})`);
        dialect = d;
      }
    } else names.push(w);
  }
  const path = names.join(' ');
  if (!path) return fail('save needs a file name, e.g. save game.pgn');
  if (!s.files) return fail('saving files is not available here');
  const text = s.recordAs(dialect, notation);
  if (!text.ok) return fail(`save: ${text.error}`);
  try {
    s.files.write(path, text.value);
  } catch (e) {
    return fail(`cannot write ${quoteName(path)}: ${e instanceof Error ? escapeControls(e.message) : String(e)}`);
  }
  return ok(`saved ${s.history.length} ${s.history.length === 1 ? 'ply' : 'plies'} to ${quoteName(path)}`);
}

function cmdLoad(s: Session, arg: string): CommandResult {
  if (!arg) return fail('load needs a file name, e.g. load game.pgn');
  if (!s.files) return fail('loading files is not available here');
  const files = s.files;
  // the bytes (any record format, any encoding: notation/records/open.ts tells which), streamed
  // where the files can be (a file of any size is read a game at a time, never held whole)
  const read = (p: string): RecordInput | Error => {
    try {
      return files.readChunks ? files.readChunks(p) : files.readBytes ? files.readBytes(p) : files.read(p);
    } catch (e) {
      return e instanceof Error ? e : new Error(String(e));
    }
  };
  // `load F N`: game N of a file of several games
  let path = arg;
  let index = 0;
  let text = read(arg);
  const pick = /^(.*\S)\s+(\d+)$/.exec(arg);
  if (text instanceof Error && pick) {
    const t = read(pick[1]!);
    if (!(t instanceof Error)) {
      text = t;
      path = pick[1]!;
      index = Number(pick[2]);
    }
  }
  if (text instanceof Error) return fail(`cannot read ${quoteName(path)}: ${escapeControls(text.message)}`);
  // a file that goes away or fails while it is read, or a text format's reader that refuses it
  try {
    return loadFrom(s, path, text, index);
  } catch (e) {
    return fail(`cannot read ${quoteName(path)}: ${escapeControls(e instanceof Error ? e.message : String(e))}`);
  }
}

function loadFrom(s: Session, path: string, text: RecordInput, index: number): CommandResult {
  if (index === 0) {
    const games = listRecordGames(text);
    if (games.count > 1) {
      const more = games.count - games.lines.length;
      const rest = more > 0 ? [`… and ${thousands(more)} more`] : [];
      return { ...ok(`${quoteName(path)} holds ${thousands(games.count)} games; type load ${escapeControls(path)} N to open game N:`, ...games.lines, ...rest), panel: true, pick: path };
    }
    index = 1;
  }
  const e = s.loadRecord(text, false, index);
  if (e) return fail(`${quoteName(path)}: ${e}`);
  // a loaded game is for reviewing: it opens at its last position, the computer waits
  s.paused = s.players.includes('computer');
  const which = index > 1 ? ` (game ${index})` : '';
  return ok(
    `loaded ${s.history.length} ${s.history.length === 1 ? 'ply' : 'plies'} from ${quoteName(path)}${which}; ${s.statusLine()}`,
    ...(s.paused ? [`the ${s.computerName} is paused: ←/→ step through the game, go lets it play`] : []),
  );
}

/** A legal move of the position written as the session reads it back, for prompts ("e.g. move …"). */
export function exampleMove(s: Session): string {
  const ms = legalMoves(s.pos);
  if (ms.length === 0) return s.game.squares.example;
  const texts = ms.map((m) => s.typedText(m)).sort();
  return texts[Math.floor(texts.length / 2)]!;
}
