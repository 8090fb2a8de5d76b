/**
 * The game session behind `chuhan play` and `chuhan repl`: UI-free and synchronous.
 *
 * A `Session` holds the game, the start position, the moves played, a redo stack, the board
 * orientation, the players (human/computer), a draw offer and the result. `command(line)` is the
 * whole command language of both front ends: it changes the session and returns the lines to show
 * (`out`), the error lines (`err`), and requests for the host (`think`: let the computer move now;
 * `quit`). The computer's search and all terminal/file work stay in the host (repl.ts, App.tsx);
 * files go through an injected `FileAccess`.
 *
 * Game end: `judge()` — the game's history judge (core/history.ts with the game's end rules:
 * mate, stalemate, repetition rulings, move limits, material, bare king, royals captured) plus
 * resignation and draw agreement. After each move, a repetition about to be judged against a side
 * is announced (`warning:` line, seed 003's counts of checks/chases).
 */
import type { Move } from '../core/move.js';
import { isAttacked } from '../core/movegen.js';
import { legalMoves, perft } from '../core/perft.js';
import type { Side } from '../core/piece.js';
import type { Position } from '../core/position.js';
import { gameIdFromName, getGame, type Game } from '../notation/registry.js';
import type { GameHistory, GameResult } from '../core/history.js';
import { newGameHistory, positionStatus } from '../notation/status.js';
import { renderBoard } from '../render/board.js';
import type { LabelMode, Painter, RenderStyle } from '../render/types.js';
import { boardView } from '../render/view.js';
import type { ThinkRequest } from './computer.js';
import { readRecord, writeRecord } from './record.js';
import { formatSquare, parseSquare, squareExample } from './squares.js';
import { moveError, parsePlayerKind, type FileAccess, type GameOutcome, type PlayerKind } from './types.js';
import { quoteInput } from '../core/text.js';

export { moveError };

export interface SessionOptions {
  /** Start position; default the game's start. */
  fen?: string;
  players?: [PlayerKind, PlayerKind];
  level?: number;
  files?: FileAccess;
  /** Board drawing for `show` (the Ink UI draws its own board with `boardLines`). */
  style?: RenderStyle;
  labels?: LabelMode;
  paint?: Partial<Painter>;
  /** Name of the computer player, for messages. */
  computerName?: string;
}

export interface CommandResult {
  /** False when the command failed (unknown command, illegal move, bad argument, I/O error). */
  ok: boolean;
  out: string[];
  err: string[];
  /** The host should let the computer move for the side to move now. */
  think?: boolean;
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
  '  undo [n], redo [n]  take back / replay moves',
  '  new [variant]       a new game (xiangqi, chushogi)',
  '  fen [FEN]           print the position, or start from FEN',
  '  moves [square]      the legal moves',
  '  show                draw the board',
  '  status              side to move, check, result',
  '  go [time]           let the computer play the side to move (for 2s, 500ms, …)',
  '  players <p0> <p1>   human or computer for each side',
  '  level <n>           computer strength, 1-8',
  '  notation [id]       the notation of the move list and messages',
  '  flip                turn the board around',
  '  resign, draw        resign; offer or accept a draw',
  '  perft <depth>       count leaf nodes (depth ≤ 6)',
  '  save <file>, load <file>   write / read the game as PGN',
  '  help, quit',
];

const ok = (...out: string[]): CommandResult => ({ ok: true, out, err: [] });
const fail = (...err: string[]): CommandResult => ({ ok: false, out: [], err });

function describeOutcome(game: Game, o: GameOutcome): string {
  if (o.winner === null) return `${o.result} draw by ${o.reason}`;
  return `${o.result} ${game.sideNames[o.winner]} wins by ${o.reason}`;
}

export class Session {
  game!: Game;
  startFen!: string;
  /** The current position (its undo stack holds `history`). */
  pos!: Position;
  history: Move[] = [];
  redoStack: Move[] = [];
  /** Position keys after each ply (index 0: the start), for repetition warnings. */
  private keys: string[] = [];
  /** The rules' view of the game (repetitions, move limits, endings), kept in step with `history`. */
  private rules!: GameHistory;
  flipped = false;
  /** Thinking time for the next computer move (`go <time>`), ms. */
  private thinkMs: number | undefined = undefined;
  players: [PlayerKind, PlayerKind];
  level: number;
  /** A result not given by the position (resignation, agreement, a loaded record's result). */
  private declared: GameOutcome | null = null;
  drawOffer: Side | null = null;
  /** Squares to highlight (the last `?square`), cleared by the next change. */
  highlights: number[] = [];
  notation!: string;
  files: FileAccess | undefined;
  style: RenderStyle;
  labels: LabelMode | undefined;
  paint: Partial<Painter> | undefined;
  computerName: string;
  /** Bumped on every change (lets a UI re-render and a host drop a stale computer move). */
  version = 0;
  private textCache: { notation: string; version: number; texts: string[] } | null = null;

  constructor(game: Game, opts: SessionOptions = {}) {
    this.players = opts.players ?? ['human', 'human'];
    this.level = opts.level ?? DEFAULT_LEVEL;
    this.files = opts.files;
    this.style = opts.style ?? 'unicode';
    this.labels = opts.labels;
    this.paint = opts.paint;
    this.computerName = opts.computerName ?? 'computer';
    const r = this.reset(game, opts.fen ?? game.startFen);
    if (r) throw new Error(r);
  }

  /** A session, or the reason the FEN is bad. */
  static create(game: Game, opts: SessionOptions = {}): { ok: true; value: Session } | { ok: false; error: string } {
    const r = game.parseFen(opts.fen ?? game.startFen);
    if (!r.ok) return { ok: false, error: r.error };
    return { ok: true, value: new Session(game, opts) };
  }

  /** Starts over from `fen`; returns an error message (and changes nothing) for a bad FEN. */
  reset(game: Game, fen: string, moves: readonly Move[] = []): string | null {
    const r = game.parseFen(fen);
    if (!r.ok) return r.error;
    this.game = game;
    this.startFen = fen;
    this.pos = r.value;
    this.rules = newGameHistory(game, r.value);
    this.history = [];
    this.redoStack = [];
    this.keys = [this.key()];
    this.declared = null;
    this.drawOffer = null;
    this.highlights = [];
    if (!this.notation || !game.notations.has(this.notation)) this.notation = game.coordinate.id;
    // the human's side at the bottom when only the second side is human
    this.flipped = this.players[0] === 'computer' && this.players[1] === 'human';
    for (const m of moves) this.push(m);
    this.version++;
    return null;
  }

  private key(): string {
    return `${this.pos.hashLo}:${this.pos.hashHi}`;
  }

  private push(m: Move): void {
    this.pos.play(m);
    this.rules.play(m);
    this.history.push(m);
    this.keys.push(this.key());
  }

  // ---- queries ----

  get turn(): Side {
    return this.pos.turn;
  }

  sideName(side: Side): string {
    return this.game.sideNames[side];
  }

  /** How the game ended, or null while it goes on. */
  outcome(): GameOutcome | null {
    return this.declared ?? this.judge();
  }

  /** The ending the rules gave the game (first one reached), if any, as the history judged it. */
  rulesResult(): GameResult | null {
    return this.rules.plies === this.history.length ? this.rules.result() : null;
  }

  /** The result the rules give for the game so far (not resignations or agreements). */
  judge(): GameOutcome | null {
    const r = this.rulesResult();
    if (r) {
      const w = this.game.sideNames.indexOf(r.winner);
      const reason = r.reason === 'royals captured' ? 'capture of the royals' : r.reason;
      if (w === 0) return { result: '1-0', winner: 0, reason };
      if (w === 1) return { result: '0-1', winner: 1, reason };
      return { result: '1/2-1/2', winner: null, reason };
    }
    // moves tried on the position but not played (a batch being checked): the position alone
    const s = positionStatus(this.game, this.pos);
    if (!s.reason) return null;
    // a side without royals (chu: king and crown prince captured) has no moves: not a "stalemate"
    const reason = this.hasRoyal(this.turn) ? s.reason : 'capture of the royals';
    const w = this.game.sideNames.indexOf(s.winner ?? '');
    if (w === 0) return { result: '1-0', winner: 0, reason };
    if (w === 1) return { result: '0-1', winner: 1, reason };
    return { result: '1/2-1/2', winner: null, reason };
  }

  private hasRoyal(side: Side): boolean {
    const { board, variant } = this.pos;
    for (let sq = 0; sq < board.length; sq++) {
      const p = board[sq]!;
      if (p && (p & 1) === side && variant.royal[p]) return true;
    }
    return false;
  }

  inCheck(): boolean {
    return this.pos.variant.inCheck(this.pos);
  }

  /** How many times the current position has occurred (1 = first time). */
  repetitions(): number {
    const k = this.keys[this.keys.length - 1];
    return this.keys.filter((x) => x === k).length;
  }

  /** Is it the computer's turn in an unfinished game? */
  computerToMove(): boolean {
    return this.players[this.turn] === 'computer' && !this.outcome();
  }

  /** The notation used for the move list and messages. */
  formatter(): { format(pos: Position, m: Move): string } {
    return this.game.notations.get(this.notation) ?? this.game.coordinate;
  }

  /** The moves played, in the session's notation. */
  moveTexts(): string[] {
    const c = this.textCache;
    if (c && c.notation === this.notation && c.version === this.version) return c.texts;
    const start = this.game.parseFen(this.startFen);
    if (!start.ok) return [];
    const pos = start.value;
    const f = this.formatter();
    const texts = this.history.map((m) => {
      const t = f.format(pos, m);
      pos.play(m);
      return t;
    });
    this.textCache = { notation: this.notation, version: this.version, texts };
    return texts;
  }

  /** Move list rows: "1. h2e2 h9g7" (a record starting with side 1 begins "1. … h9g7"). */
  moveListRows(): string[] {
    const texts = this.moveTexts();
    const start = this.game.parseFen(this.startFen);
    const first = start.ok ? start.value : this.pos;
    let n = first.fullmove;
    const rows: string[] = [];
    let i = 0;
    if (first.turn === 1 && texts.length > 0) {
      rows.push(`${n}. … ${texts[0]}`);
      i = 1;
      n++;
    }
    for (; i < texts.length; i += 2, n++) rows.push(`${n}. ${texts[i]}${texts[i + 1] !== undefined ? ' ' + texts[i + 1] : ''}`);
    return rows;
  }

  /** Legal moves from a square. */
  movesFrom(sq: number): Move[] {
    return legalMoves(this.pos).filter((m) => (m & 0xff) === sq);
  }

  /** Squares the piece on `sq` can reach (each once). */
  destinations(sq: number): number[] {
    return [...new Set(this.movesFrom(sq).map((m) => (m >>> 8) & 0xff))];
  }

  square(sq: number): string {
    return formatSquare(this.game.id, this.pos.variant.geometry, sq);
  }

  parseSquare(text: string): number | null {
    return parseSquare(this.game.id, this.pos.variant.geometry, text);
  }

  /** One line: side to move, check, repetition, last move — or the result. */
  statusLine(): string {
    const o = this.outcome();
    const parts: string[] = [];
    if (o) parts.push(`game over: ${describeOutcome(this.game, o)}`);
    else {
      parts.push(`${this.sideName(this.turn)} to move`);
      if (this.inCheck()) parts.push('check');
      const reps = this.repetitions();
      if (reps > 1) parts.push(`position repeated (${reps}×)`);
      if (this.drawOffer !== null) parts.push(`${this.sideName(this.drawOffer)} offers a draw`);
    }
    const texts = this.moveTexts();
    if (texts.length) parts.push(`last move ${texts[texts.length - 1]}`);
    return parts.join(' · ');
  }

  /** The board as text lines (for `show`, and the Ink UI with its own options). */
  boardLines(
    opts: { style?: RenderStyle; labels?: LabelMode; paint?: Partial<Painter>; highlights?: number[]; cursor?: number | null } = {},
  ): string[] {
    const view = boardView(this.game, this.pos, { highlights: opts.highlights ?? this.highlights, attacked: isAttacked });
    const c = opts.cursor;
    if (c !== undefined && c !== null) view.cursor = [c % view.width, Math.floor(c / view.width)];
    return renderBoard(view, {
      style: opts.style ?? this.style,
      labels: opts.labels ?? this.labels,
      paint: opts.paint ?? this.paint,
      flip: this.flipped,
    });
  }

  // ---- changes ----

  /** Reads one move in any notation the game accepts. */
  parseMove(text: string): { ok: true; value: Move } | { ok: false; error: string } {
    return this.game.parseMove(this.pos, text);
  }

  /** The echo of a move about to be played: "1. h2e2 (C2.5)". */
  private describeMove(m: Move): string {
    const side = this.turn;
    const n = this.pos.fullmove;
    const coord = this.game.coordinate.format(this.pos, m);
    const shown = this.formatter().format(this.pos, m);
    return `${n}${side === 0 ? '.' : '...'} ${coord}${shown !== coord ? ` (${shown})` : ''}`;
  }

  /** Plays a legal move; returns the lines describing it (move, check, result, declined offer). */
  play(m: Move): string[] {
    const mover = this.turn;
    let line = this.describeMove(m);
    this.push(m);
    this.redoStack = [];
    this.highlights = [];
    this.declared = null;
    const lines: string[] = [];
    if (this.drawOffer !== null && this.drawOffer !== mover) {
      lines.push(`${this.sideName(mover)} declines the draw offer`);
      this.drawOffer = null;
    }
    this.version++;
    const o = this.outcome();
    if (!o && this.inCheck()) line += ' check';
    lines.unshift(line);
    if (o) {
      lines.push(`game over: ${describeOutcome(this.game, o)}`);
      const r = this.rulesResult();
      if (r?.detail && (r.reason === 'perpetual check' || r.reason === 'perpetual chase' || r.reason === 'repetition' || r.reason === 'bare king' || r.reason === 'move limit'))
        lines.push(`(${r.detail})`);
    } else if (this.repetitions() > 1) {
      lines.push(`position repeated (${this.repetitions()}×)`);
      const w = this.rules.warning();
      if (w) lines.push(`warning: ${w.message}`);
    }
    return lines;
  }

  /** Takes back up to n plies; returns how many. */
  undo(n = 1): number {
    let k = 0;
    while (k < n && this.history.length > 0) {
      const m = this.history.pop()!;
      this.pos.undo();
      this.rules.undo();
      this.keys.pop();
      this.redoStack.push(m);
      k++;
    }
    if (k > 0) {
      this.declared = null;
      this.drawOffer = null;
      this.highlights = [];
      this.version++;
    }
    return k;
  }

  /** Replays up to n plies from the redo stack; returns how many. */
  redo(n = 1): number {
    let k = 0;
    while (k < n && this.redoStack.length > 0 && !this.outcome()) {
      this.push(this.redoStack.pop()!);
      k++;
    }
    if (k > 0) {
      this.highlights = [];
      this.version++;
    }
    return k;
  }

  /** What the computer needs to think about the current position (a copy: search cannot disturb the game). */
  thinkRequest(signal?: AbortSignal): ThinkRequest {
    const start = this.game.parseFen(this.startFen);
    const timeMs = this.thinkMs;
    this.thinkMs = undefined; // a `go <time>` is for one move
    return {
      ...(timeMs !== undefined ? { timeMs } : {}),
      game: this.game,
      pos: this.pos.clone(),
      level: this.level,
      ...(start.ok ? { start: start.value, moves: [...this.history] } : {}),
      ...(signal ? { signal } : {}),
    };
  }

  /** Plays the computer's choice for the side to move (from the host's search). */
  computerMove(m: Move | null): CommandResult {
    if (this.outcome()) return fail('the game is over');
    if (m === null || !legalMoves(this.pos).includes(m)) return fail(`the ${this.computerName} found no legal move`);
    const who = `${this.computerName} as ${this.sideName(this.turn)}`;
    const lines = this.play(m);
    lines[0] = `${who}: ${lines[0]}`;
    return ok(...lines);
  }

  /** The side a command like `resign`/`draw` speaks for: the side to move, or the only human. */
  private speaker(): Side {
    if (this.players[this.turn] === 'human') return this.turn;
    const h = this.players.indexOf('human');
    return (h >= 0 ? h : this.turn) as Side;
  }

  /** The game as a PGN record (coordinate notation). */
  record(): string {
    return writeRecord({
      game: this.game,
      startFen: this.startFen,
      moves: this.history,
      outcome: this.declared ?? this.judge(),
      players: this.players,
      level: this.level,
    });
  }

  /**
   * Replaces the game with a record's (any notation). `restore` also takes the players and level
   * from a chuhan record (for `play --resume`). Returns an error message, or null.
   */
  loadRecord(text: string, restore = false): string | null {
    const r = readRecord(text, this.game.id);
    if (!r.ok) return r.error;
    const d = r.value;
    if (restore && d.players) this.players = d.players;
    if (restore && d.level !== undefined) this.level = d.level;
    const e = this.reset(d.game, d.startFen, d.moves);
    if (e) return e;
    if (d.outcome && !this.judge()) this.declared = d.outcome;
    return null;
  }

  // ---- the command language ----

  command(line: string): CommandResult {
    const text = line.trim();
    if (text === '' || text.startsWith('#')) return ok();
    if (text.startsWith('?') && text.length > 1) return this.cmdHint(text.slice(1).trim());
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
        return args.length ? this.cmdMoves(args) : fail('move needs at least one move, e.g. move h2e2');
      case 'hint':
        return this.cmdHint(rest);
      case 'undo':
      case 'u':
        return this.cmdUndoRedo('undo', args[0]);
      case 'redo':
        return this.cmdUndoRedo('redo', args[0]);
      case 'new':
        return this.cmdNew(args[0]);
      case 'fen':
        return this.cmdFen(rest);
      case 'moves':
        return this.cmdList(args[0]);
      case 'show':
      case 'board':
        return ok(...this.boardLines(), this.statusLine());
      case 'status':
        return ok(this.statusLine());
      case 'flip':
        this.flipped = !this.flipped;
        this.version++;
        return ok(`board flipped: ${this.sideName(this.flipped ? 1 : 0)} at the bottom`);
      case 'go': {
        if (this.outcome()) return fail(`the game is over (${describeOutcome(this.game, this.outcome()!)})`);
        if (args[0] === undefined) return { ...ok(), think: true };
        const t = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(args[0]);
        if (!t || Number(t[1]) <= 0) return fail(`go takes a thinking time such as 2s or 500ms, not ${quoteInput(args[0])}`);
        this.thinkMs = Math.min(600_000, Math.round(Number(t[1]) * (t[2] === 'ms' ? 1 : 1000)));
        return { ...ok(), think: true };
      }
      case 'players':
        return this.cmdPlayers(args);
      case 'level':
        return this.cmdLevel(args[0]);
      case 'notation':
        return this.cmdNotation(args[0]);
      case 'resign':
        return this.cmdResign();
      case 'draw':
        return this.cmdDraw();
      case 'perft':
        return this.cmdPerft(args[0]);
      case 'save':
        return this.cmdSave(rest);
      case 'load':
        return this.cmdLoad(rest);
      default:
        return this.cmdBare(text, word);
    }
  }

  private guard(): CommandResult | null {
    const o = this.outcome();
    if (o) return fail(`the game is over (${describeOutcome(this.game, o)}); undo, new or load to go on`);
    if (this.players[this.turn] === 'computer')
      return fail(`it is the ${this.computerName}'s turn (${this.sideName(this.turn)}); wait, or type go`);
    return null;
  }

  /** Plays all the moves or none; errors name the move's place in the list. */
  private cmdMoves(texts: string[]): CommandResult {
    const g = this.guard();
    if (g) return g;
    const moves: Move[] = [];
    let failure: string | null = null;
    for (const [i, t] of texts.entries()) {
      const r = this.parseMove(t);
      if (!r.ok) {
        const msg = r.error.includes(`${quoteInput(t)}`) ? r.error : `${quoteInput(t)}: ${r.error}`;
        failure = texts.length > 1 ? `move ${i + 1} of ${texts.length}: ${msg} (no move played)` : msg;
        break;
      }
      moves.push(r.value);
      this.pos.play(r.value);
      if (i < texts.length - 1 && this.judge()) {
        failure = `move ${i + 1} of ${texts.length} ends the game; the rest cannot be played (no move played)`;
        break;
      }
    }
    for (let i = 0; i < moves.length; i++) this.pos.undo();
    if (failure) return fail(failure);
    const out: string[] = [];
    for (const m of moves) {
      if (this.outcome()) break; // a repetition or move limit ended the game within the batch
      out.push(...this.play(m));
    }
    return { ...ok(...out), think: this.computerToMove() };
  }

  /** A line that is not a command: moves if every word is one, else an error. */
  private cmdBare(text: string, word: string): CommandResult {
    const words = text.split(/\s+/);
    const first = this.parseMove(words[0]!);
    if (!first.ok && words.length === 1 && !/[0-9\u3400-\u9fff]/.test(word)) {
      return fail(`unknown command ${quoteInput(word)} (type help)`);
    }
    if (!first.ok && words.length > 1) return fail(`unknown command ${quoteInput(word)} (type help); as a move: ${first.error}`);
    return this.cmdMoves(words);
  }

  private cmdHint(arg: string): CommandResult {
    const sq = this.parseSquare(arg);
    if (sq === null) return fail(`${quoteInput(arg)} is not a square (like ${squareExample(this.game.id)})`);
    const p = this.pos.board[sq]!;
    const name = this.square(sq);
    if (!p) {
      this.highlights = [];
      this.version++;
      return fail(`${name} is empty`);
    }
    const piece = `${this.sideName((p & 1) as Side)} ${this.pos.variant.pieces[(p >> 1) - 1]?.name ?? 'piece'} on ${name}`;
    if ((p & 1) !== this.turn) {
      this.highlights = [];
      this.version++;
      return ok(`${piece}: not the side to move`);
    }
    const moves = this.movesFrom(sq);
    this.highlights = this.destinations(sq);
    this.version++;
    if (moves.length === 0) return ok(`${piece}: no legal moves`);
    const f = this.formatter();
    const texts = [...new Set(moves.map((m) => f.format(this.pos, m)))].sort();
    return ok(`${piece}: ${texts.join(' ')}`);
  }

  private cmdUndoRedo(which: 'undo' | 'redo', arg: string | undefined): CommandResult {
    let n = 1;
    if (arg !== undefined) {
      if (!/^\d+$/.test(arg) || Number(arg) < 1) return fail(`${which}: ${quoteInput(arg)} is not a positive number`);
      n = Number(arg);
    }
    if (which === 'undo') {
      let k = this.undo(n);
      // against the computer, go back to a position where a human moves
      while (k > 0 && this.players[this.turn] === 'computer' && this.players.includes('human') && this.history.length > 0)
        k += this.undo(1);
      if (k === 0) return fail('nothing to undo');
      return { ...ok(`took back ${k} ${k === 1 ? 'move' : 'moves'}; ${this.statusLine()}`), think: this.computerToMove() };
    }
    let k = this.redo(n);
    while (k > 0 && this.players[this.turn] === 'computer' && this.players.includes('human') && this.redoStack.length > 0)
      k += this.redo(1);
    if (k === 0) return fail('nothing to redo');
    return { ...ok(`replayed ${k} ${k === 1 ? 'move' : 'moves'}; ${this.statusLine()}`), think: this.computerToMove() };
  }

  private cmdNew(arg: string | undefined): CommandResult {
    let game = this.game;
    if (arg) {
      const id = gameIdFromName(arg);
      if (!id) return fail(`unknown variant ${quoteInput(arg)} (use xiangqi or chushogi)`);
      try {
        game = getGame(id);
      } catch {
        return fail(`${id} is not available in this build yet`);
      }
    }
    const e = this.reset(game, game.startFen);
    if (e) return fail(e);
    return { ...ok(`new ${game.id} game; ${this.statusLine()}`), think: this.computerToMove() };
  }

  private cmdFen(arg: string): CommandResult {
    if (!arg) return ok(this.game.formatFen(this.pos));
    const ranks = arg.split(/\s+/)[0]!.split('/').length;
    let game = this.game;
    const other: Record<number, 'xiangqi' | 'chushogi'> = { 10: 'xiangqi', 12: 'chushogi' };
    const id = other[ranks];
    if (id && id !== game.id) {
      try {
        game = getGame(id);
      } catch {
        return fail(`${id} is not available in this build yet`);
      }
    }
    const e = this.reset(game, arg);
    if (e) return fail(`bad FEN: ${e}`);
    return { ...ok(`position set; ${this.statusLine()}`), think: this.computerToMove() };
  }

  private cmdList(arg: string | undefined): CommandResult {
    let moves = legalMoves(this.pos);
    if (arg) {
      const sq = this.parseSquare(arg);
      if (sq === null) return fail(`${quoteInput(arg)} is not a square (like ${squareExample(this.game.id)})`);
      moves = moves.filter((m) => (m & 0xff) === sq);
    }
    const f = this.formatter();
    const texts = moves.map((m) => f.format(this.pos, m)).sort();
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

  private cmdPlayers(args: string[]): CommandResult {
    if (args.length === 0) return ok(this.playersLine());
    if (args.length !== 2) return fail('players needs two words, e.g. players human computer');
    const a = parsePlayerKind(args[0]!);
    const b = parsePlayerKind(args[1]!);
    if (!a || !b) return fail('players: each side is human or computer');
    this.players = [a, b];
    this.version++;
    return { ...ok(this.playersLine()), think: this.computerToMove() };
  }

  playersLine(): string {
    const who = (s: Side): string =>
      this.players[s] === 'computer' ? `${this.computerName} (level ${this.level})` : 'human';
    return `${this.sideName(0)}: ${who(0)} · ${this.sideName(1)}: ${who(1)}`;
  }

  private cmdLevel(arg: string | undefined): CommandResult {
    if (arg === undefined) return ok(`level ${this.level}`);
    if (!/^\d+$/.test(arg) || Number(arg) < MIN_LEVEL || Number(arg) > MAX_LEVEL)
      return fail(`level: ${quoteInput(arg)} is not a number from ${MIN_LEVEL} to ${MAX_LEVEL}`);
    this.level = Number(arg);
    this.version++;
    return ok(`level ${this.level}`);
  }

  private cmdNotation(arg: string | undefined): CommandResult {
    const ids = [...this.game.notations.keys()];
    if (arg === undefined) return ok(`notation ${this.notation} (available: ${ids.join(', ')})`);
    const id = arg.toLowerCase();
    if (!this.game.notations.has(id)) return fail(`unknown notation ${quoteInput(arg)} for ${this.game.id} (use ${ids.join(', ')})`);
    this.notation = id;
    this.version++;
    return ok(`notation ${id}`);
  }

  private cmdResign(): CommandResult {
    const o = this.outcome();
    if (o) return fail(`the game is over (${describeOutcome(this.game, o)})`);
    const loser = this.speaker();
    const winner = (loser ^ 1) as Side;
    this.declared = { result: winner === 0 ? '1-0' : '0-1', winner, reason: 'resignation' };
    this.drawOffer = null;
    this.version++;
    return ok(`${this.sideName(loser)} resigns; game over: ${describeOutcome(this.game, this.declared)}`);
  }

  private cmdDraw(): CommandResult {
    const o = this.outcome();
    if (o) return fail(`the game is over (${describeOutcome(this.game, o)})`);
    const me = this.speaker();
    const them = (me ^ 1) as Side;
    if (this.drawOffer === them) {
      this.declared = { result: '1/2-1/2', winner: null, reason: 'agreement' };
      this.drawOffer = null;
      this.version++;
      return ok(`${this.sideName(me)} accepts the draw; game over: ${describeOutcome(this.game, this.declared)}`);
    }
    if (this.drawOffer === me) return ok(`${this.sideName(me)} has already offered a draw`);
    if (this.players[them] === 'computer') return ok(`the ${this.computerName} declines the draw offer`);
    this.drawOffer = me;
    this.version++;
    return ok(`${this.sideName(me)} offers a draw: ${this.sideName(them)} types draw to accept, or moves to decline`);
  }

  private cmdPerft(arg: string | undefined): CommandResult {
    if (arg === undefined || !/^\d+$/.test(arg)) return fail('perft needs a depth, e.g. perft 3');
    const d = Number(arg);
    if (d > MAX_PERFT) return fail(`perft: depth ${d} is too deep here (at most ${MAX_PERFT}; use chuhan perft)`);
    return ok(`nodes ${perft(this.pos.clone(), d)}`);
  }

  private cmdSave(path: string): CommandResult {
    if (!path) return fail('save needs a file name, e.g. save game.pgn');
    if (!this.files) return fail('saving files is not available here');
    try {
      this.files.write(path, this.record());
    } catch (e) {
      return fail(`cannot write ${path}: ${e instanceof Error ? e.message : String(e)}`);
    }
    return ok(`saved ${this.history.length} ${this.history.length === 1 ? 'ply' : 'plies'} to ${path}`);
  }

  private cmdLoad(path: string): CommandResult {
    if (!path) return fail('load needs a file name, e.g. load game.pgn');
    if (!this.files) return fail('loading files is not available here');
    let text: string;
    try {
      text = this.files.read(path);
    } catch (e) {
      return fail(`cannot read ${path}: ${e instanceof Error ? e.message : String(e)}`);
    }
    const e = this.loadRecord(text);
    if (e) return fail(`${path}: ${e}`);
    return {
      ...ok(`loaded ${this.history.length} ${this.history.length === 1 ? 'ply' : 'plies'} from ${path}; ${this.statusLine()}`),
      think: this.computerToMove(),
    };
  }
}
