/**
 * The game session behind `chuhan play` and `chuhan repl`: UI-free and synchronous.
 *
 * A `Session` holds the game, the start position, the moves played, a redo stack, the board
 * orientation, the players (human/computer), a draw offer and the result. `command(line)` runs the
 * command language of both front ends (commands.ts): it changes the session and returns the lines to show
 * (`out`), the error lines (`err`), and requests for the host (`think`: let the computer move now;
 * `quit`). The computer's search and all terminal/file work stay in the host (repl.ts, App.tsx);
 * files go through an injected `FileAccess`.
 *
 * Game end: `judge()` — the game's history judge (core/history.ts with the game's end rules:
 * mate, stalemate, repetition rulings, move limits, material, bare king, royals captured) plus
 * resignation and draw agreement. After each move, a repetition about to be judged against a side
 * is announced (`warning:` line, seed 003's counts of checks/chases).
 */
import { moveFrom, moveTo, type Move } from '../core/move.js';
import { isAttacked } from '../core/movegen.js';
import { legalMoves } from '../core/perft.js';
import { pieceSide, type Side } from '../core/piece.js';
import type { Position } from '../core/position.js';
import type { Game } from '../games/registry.js';
import type { GameResult } from '../core/history.js';
import { endRulesFor, positionResult } from '../notation/status.js';
import { withoutCheckMark } from '../notation/typed.js';
import { renderBoard } from '../render/board.js';
import type { BoardLayout, LabelMode, Painter, RenderStyle } from '../render/types.js';
import { boardView } from '../render/view.js';
import type { ThinkRequest } from './computer.js';
import { readRecord, writeRecord, type RecordInput } from './record.js';
import type { FenReading, PgnDialectId } from '../games/game.js';
import type { Result } from '../core/result.js';
import { Clock, formatClockTag, parseClockTag, parseTimeControl, type ClockState, type TimeControl } from './clock.js';
import { moveError, verdictOutcome, type FileAccess, type GameOutcome, type PlayerKind } from './types.js';
import { verdictOf, type Verdict } from '../core/verdict.js';
import { Line } from '../play/line.js';
import { DEFAULT_LEVEL, describeOutcome, fail, judgeDraw, ok, playersLine, runCommand, type CommandResult } from './commands.js';
import { formatProblem, type MoveProblem } from '../core/problem.js';
import { escapeControls } from '../core/text.js';

export { moveError };

export interface SessionOptions {
  /** Start position; default the game's start. */
  fen?: string;
  /** What `fen` is (game.ts FenReading; default a start: `show --fen` gives a position alone). */
  fenAs?: FenReading;
  players?: [PlayerKind, PlayerKind];
  level?: number;
  files?: FileAccess;
  /** Board drawing for `show` (the Ink UI draws its own board with `boardLines`). */
  style?: RenderStyle;
  labels?: LabelMode;
  paint?: Partial<Painter>;
  /** Name of the computer player, for messages. */
  computerName?: string;
  /** Seed of the computer's random choices below the top level (default: a random one). */
  seed?: number;
  /** Clocks (`play --tc`): both sides start with the control's time. */
  timeControl?: TimeControl;
  /** The time source of the clocks, ms (default Date.now; tests inject a fake one). */
  now?: () => number;
}

/** A computer's search score from its own side: centipawns (pawn-equivalents × 100) or a mate in n (negative: it is mated). */
export interface ComputerScore {
  side: Side;
  /** The ply (moves played) of the position it searched. */
  ply: number;
  cp: number | null;
  mate: number | null;
}

export class Session {
  game!: Game;
  startFen!: string;
  /**
   * The game in progress, the only copy: start, moves, position, the rules' history (repetitions,
   * move limits, endings) and a verdict declared off the board (resignation, agreement, time, a
   * loaded record's result).
   */
  line!: Line;
  redoStack: Move[] = [];
  flipped = false;
  /** Seed of the computer's random choices (levels below the top); shown by `level`. */
  seed: number;
  /** The `play` options the game keeps for `--resume` (ChuhanOptions; cli/play-options.ts), or null. */
  playOptions: string | null = null;
  /** Show the engine's evaluation line (`eval on|off`; the host draws it). */
  showEval = false;
  /** Thinking time for the next computer move (`go <time>`), ms. */
  private thinkMs: number | undefined = undefined;
  players: [PlayerKind, PlayerKind];
  level: number;
  drawOffer: Side | null = null;
  /**
   * The computer's score of its last search, from its own side (set by the host with each of its
   * moves): what it answers a draw offer with (`judgeDraw`).
   */
  computerScore: ComputerScore | null = null;
  /** Squares to highlight (the last `?square`), cleared by the next change. */
  highlights: number[] = [];
  notation!: string;
  files: FileAccess | undefined;
  style: RenderStyle;
  labels: LabelMode | undefined;
  paint: Partial<Painter> | undefined;
  computerName: string;
  /**
   * The name a saved game gives a computer side (set by the host from its computer player: the
   * engine and its version); null: `computer`.
   */
  computerRecordName: ((side: 0 | 1, level: number) => string) | null = null;
  /** An external engine's name for the players line (the host's computer's `engineName`), else null: the built-in one. */
  computerEngineName: ((side: 0 | 1) => string | null) | null = null;
  /** The tags of the loaded record (kept by `save`); cleared by a new game. */
  recordTags: ReadonlyArray<readonly [string, string]> = [];
  /** The game clocks, or null (no time control). */
  clock: Clock | null = null;
  timeControl: TimeControl | undefined;
  now: () => number;
  /** The computer waits (a loaded game being reviewed) until `go`, `players` or a move. */
  paused = false;
  /** Lines left by playing a move from an earlier position: undo back there brings one back. */
  private lines: { ply: number; redo: Move[] }[] = [];
  /** Bumped on every change (lets a UI re-render and a host drop a stale computer move). */
  version = 0;
  /**
   * Bumped whenever the game is replaced (new, fen, load, resume): the saver (run-play.ts) keeps
   * each game of a session in its own file.
   */
  gameNo = 0;
  /**
   * The game is a record opened with `load` (someone else's game, being reviewed): not the user's
   * own game until a move is played (or the user resigns or agrees a draw), so autosave leaves it alone.
   */
  loadedRecord = false;
  private textCache: { notation: string; line: Line; moves: Move[]; texts: string[] } | null = null;

  constructor(game: Game, opts: SessionOptions = {}) {
    this.players = opts.players ?? ['human', 'human'];
    this.level = opts.level ?? DEFAULT_LEVEL;
    this.seed = opts.seed ?? Math.floor(Math.random() * 1_000_000);
    this.files = opts.files;
    this.style = opts.style ?? 'unicode';
    this.labels = opts.labels;
    this.paint = opts.paint;
    this.computerName = opts.computerName ?? 'computer';
    this.timeControl = opts.timeControl;
    this.now = opts.now ?? Date.now;
    const r = this.reset(game, opts.fen ?? game.startFen, [], opts.fen === undefined ? undefined : opts.fenAs);
    if (r) throw new Error(r);
  }

  /** A session, or the reason the FEN is bad. */
  static create(game: Game, opts: SessionOptions = {}): { ok: true; value: Session } | { ok: false; error: string } {
    const r = opts.fen === undefined ? game.parseFen(game.startFen) : game.parseFen(opts.fen, opts.fenAs);
    if (!r.ok) return { ok: false, error: formatProblem(r.error) };
    return { ok: true, value: new Session(game, opts) };
  }

  /** Starts over from `fen`; returns an error message (and changes nothing) for a bad FEN. */
  reset(game: Game, fen: string, moves: readonly Move[] = [], as?: FenReading): string | null {
    const r = game.parseFen(fen, as);
    if (!r.ok) return formatProblem(r.error);
    this.game = game;
    this.startFen = fen;
    this.line = new Line(endRulesFor(game), r.value);
    this.redoStack = [];
    this.drawOffer = null;
    this.computerScore = null;
    this.highlights = [];
    this.recordTags = [];
    this.lines = [];
    this.paused = false;
    this.loadedRecord = false;
    this.gameNo++;
    if (!this.notation || !game.notations.has(this.notation)) this.notation = game.coordinate.id;
    // the human's side at the bottom when only the second side is human
    this.flipped = this.players[0] === 'computer' && this.players[1] === 'human';
    for (const m of moves) this.push(m);
    this.startClock();
    this.version++;
    return null;
  }

  /** New clocks of this control from now on, both sides with its full time (`play --resume --tc C`). */
  setTimeControl(tc: TimeControl): void {
    this.timeControl = tc;
    this.startClock();
    this.version++;
  }

  /** Fresh clocks for the game (restarted by new, fen, load), or a saved state (resume). */
  private startClock(state?: ClockState): void {
    this.clock = this.timeControl ? new Clock(this.timeControl, state) : null;
    if (this.clock && !this.outcome()) this.clock.start(this.turn, this.now());
  }

  /**
   * Checks the clock of the side to move: when its time is up the game ends (a loss on time, or a
   * draw when the other side has no material that could win). Returns the lines saying so, or null.
   */
  checkTime(): string[] | null {
    const c = this.clock;
    if (!c || this.line.declaredVerdict || this.outcome()) return null;
    const side = c.flagged(this.now());
    if (side === null) return null;
    return this.timeout(side);
  }

  private timeout(side: Side): string[] {
    const winner = (side ^ 1) as Side;
    const canWin = this.game.endRules.canWin?.(this.pos, winner) ?? true;
    const v: Verdict = canWin
      ? { winner, reason: 'loss on time' }
      : { winner: null, reason: 'time', detail: `${this.sideName(side)} ran out, ${this.sideName(winner)} has no material to win` };
    this.declareVerdict(v);
    const o = verdictOutcome(v);
    this.clock?.stop(this.now());
    return [`${this.sideName(side)} ran out of time; game over: ${describeOutcome(this.game, o)}`];
  }

  /** The two clocks as text (`red 4:58 · black ▶ 5:00`), or null without a time control. */
  clockLine(): string | null {
    const c = this.clock;
    if (!c) return null;
    const now = this.now();
    const one = (side: Side): string => `${this.sideName(side)} ${c.runningSide === side ? '▶ ' : ''}${c.display(side, now)}`;
    return `${one(0)} · ${one(1)} (${c.tc.text})`;
  }

  private push(m: Move): void {
    this.line.play(m);
  }

  // ---- queries ----

  /** The current position, to read (moves go through the session's line). */
  get pos(): Position {
    return this.line.position;
  }

  /** The moves played, oldest first (the line's). */
  get history(): readonly Move[] {
    return this.line.moves;
  }

  get turn(): Side {
    return this.pos.turn;
  }

  sideName(side: Side): string {
    return this.game.sideNames[side];
  }

  /** How the game ended, or null while it goes on. */
  outcome(): GameOutcome | null {
    const v = this.line.result();
    return v ? verdictOutcome(v) : null;
  }

  /** The verdict of the game: declared off the board, else the rules', else null. */
  verdict(): Verdict | null {
    return this.line.result();
  }

  /** The ending the rules gave the game (first one reached), if any, as the history judged it. */
  rulesResult(): GameResult | null {
    return this.line.rulesResult();
  }

  /** The result the rules give for the game so far (not resignations or agreements). */
  judge(): GameOutcome | null {
    const r = this.rulesResult();
    return r ? verdictOutcome(r) : null;
  }

  /**
   * The result of a position reached by trying moves that are not played (a batch being checked):
   * the position alone.
   */
  positionOutcome(pos: Position): GameOutcome | null {
    const p = positionResult(this.game, pos);
    if (!p) return null;
    // a side without royals (chu: king and crown prince captured) has no moves: not a "stalemate"
    return verdictOutcome(this.hasRoyal(pos, pos.turn) ? p : { ...p, reason: 'royals captured' });
  }

  private hasRoyal(pos: Position, side: Side): boolean {
    const { board, variant } = pos;
    for (let sq = 0; sq < board.length; sq++) {
      const p = board[sq]!;
      if (p && pieceSide(p) === side && variant.royal[p]) return true;
    }
    return false;
  }

  inCheck(): boolean {
    return this.pos.variant.inCheck(this.pos);
  }

  /** How many times the current position has occurred (1 = first time). */
  repetitions(): number {
    const h = this.line.history;
    const n = h.plies;
    const lo = h.hashLoAt(n);
    const hi = h.hashHiAt(n);
    let c = 0;
    for (let k = 0; k <= n; k++) if (h.hashLoAt(k) === lo && h.hashHiAt(k) === hi) c++;
    return c;
  }

  /** Is it the computer's turn in an unfinished game? */
  computerToMove(): boolean {
    return this.players[this.turn] === 'computer' && !this.paused && !this.outcome();
  }

  /** The notation used for the move list and messages. */
  formatter(): { format(pos: Position, m: Move): string } {
    return this.game.notations.get(this.notation) ?? this.game.coordinate;
  }

  /** The moves played, in the session's notation. */
  moveTexts(): string[] {
    const c = this.textCache;
    const moves = this.line.moves;
    if (c && c.notation === this.notation && c.line === this.line && c.moves.length === moves.length && c.moves.every((m, i) => m === moves[i])) return c.texts;
    // the texts of the moves in common stay; the others are written walking the line's last plies
    let k = 0;
    if (c && c.notation === this.notation && c.line === this.line) while (k < c.moves.length && k < moves.length && c.moves[k] === moves[k]) k++;
    const texts = c && k > 0 ? c.texts.slice(0, k) : [];
    const f = this.formatter();
    const h = this.line.history;
    if (k < moves.length) h.walk(k, moves.length, (j) => texts.push(f.format(h.position, h.moveAt(j))), null);
    this.textCache = { notation: this.notation, line: this.line, moves: [...moves], texts };
    return texts;
  }

  /** Move list rows: "1. h2e2 h9g7" (a record starting with side 1 begins "1. … h9g7"). */
  moveListRows(): string[] {
    const texts = this.moveTexts();
    const first = this.line.start;
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

  private aheadCache: { key: string; texts: string[] } | null = null;

  /** The moves after the current ply (the redo stack, next first), in the session's notation. */
  aheadTexts(): string[] {
    const key = `${this.version}|${this.notation}|${this.redoStack.length}`;
    if (this.aheadCache?.key === key) return this.aheadCache.texts;
    const f = this.formatter();
    const pos = this.pos.clone();
    const texts: string[] = [];
    for (let i = this.redoStack.length - 1; i >= 0; i--) {
      const m = this.redoStack[i]!;
      texts.push(f.format(pos, m));
      pos.play(m);
    }
    this.aheadCache = { key, texts };
    return texts;
  }

  /**
   * Move list rows of the whole line under review: the moves played, then the moves after the
   * current ply (redo, →); `ahead` is where those begin (row, and column in the row), or null.
   */
  reviewRows(): { rows: string[]; ahead: { row: number; column: number } | null } {
    const played = this.moveTexts();
    const next = this.aheadTexts();
    if (next.length === 0) return { rows: this.moveListRows(), ahead: null };
    const texts = [...played, ...next];
    const first = this.line.start;
    let n = first.fullmove;
    const rows: string[] = [];
    let ahead: { row: number; column: number } | null = null;
    let i = 0;
    let row = '';
    const add = (text: string): void => {
      if (i === played.length) ahead = { row: rows.length, column: row.length + (row ? 1 : 0) };
      row = row ? `${row} ${text}` : text;
      i++;
    };
    if (first.turn === 1) {
      row = `${n}. …`;
      add(texts[0]!);
      rows.push(row);
      n++;
    }
    while (i < texts.length) {
      row = `${n}.`;
      add(texts[i]!);
      if (i < texts.length) add(texts[i]!);
      rows.push(row);
      n++;
    }
    return { rows, ahead };
  }

  /**
   * The header of a loaded record under review: event, date, players, result and the ply on the
   * board (`Asian Cup · 2019.05.12 · Wang – Xu · 1-0 · ply 34 of 80`); null for a game of chuhan's
   * own (no tags, or a saved game of `play`).
   */
  reviewHeader(): string | null {
    const t = new Map(this.recordTags.map(([k, v]) => [k, escapeControls(v).trim()] as const));
    if (t.size === 0 || t.has('ChuhanPlayers')) return null;
    const known = (v: string | undefined): v is string => !!v && !/^[?.\s-]*$/.test(v);
    const parts: string[] = [];
    const event = t.get('Event');
    if (known(event) && event !== 'chuhan game') parts.push(event);
    const date = t.get('Date');
    if (known(date)) parts.push(date);
    const first = t.get('Red') ?? t.get('White') ?? t.get('Sente');
    const second = t.get('Black') ?? t.get('Gote');
    if (known(first) || known(second)) parts.push(`${known(first) ? first : '?'} – ${known(second) ? second : '?'}`);
    const result = t.get('Result');
    if (known(result) && result !== '*') parts.push(result);
    parts.push(`ply ${this.history.length} of ${this.history.length + this.redoStack.length}`);
    return parts.join(' · ');
  }

  /** The legal moves as the session writes (and reads back) them, for completion. */
  legalTexts(): string[] {
    return legalMoves(this.pos).map((m) => this.typedText(m));
  }

  /** Legal moves from a square. */
  movesFrom(sq: number): Move[] {
    return legalMoves(this.pos).filter((m) => moveFrom(m) === sq);
  }

  /** Squares the piece on `sq` can reach (each once). */
  destinations(sq: number): number[] {
    return [...new Set(this.movesFrom(sq).map(moveTo))];
  }

  square(sq: number): string {
    return this.game.squares.format(sq);
  }

  parseSquare(text: string): number | null {
    return this.game.squares.parse(text.trim().toLowerCase());
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
    opts: {
      style?: RenderStyle;
      labels?: LabelMode;
      paint?: Partial<Painter>;
      highlights?: number[];
      cursor?: number | null;
      layout?: BoardLayout;
      /** The same width all game long (render: `steadyWidth`). */
      steadyWidth?: boolean;
      /** Blindfold: the grid without the pieces. */
      hidePieces?: boolean;
    } = {},
  ): string[] {
    const view = boardView(this.game, this.pos, { highlights: opts.highlights ?? this.highlights, attacked: isAttacked });
    if (opts.hidePieces) view.cell = () => null;
    const c = opts.cursor;
    if (c !== undefined && c !== null) view.cursor = [c % view.width, Math.floor(c / view.width)];
    return renderBoard(view, {
      style: opts.style ?? this.style,
      labels: opts.labels ?? this.labels,
      paint: opts.paint ?? this.paint,
      flip: this.flipped,
      layout: opts.layout,
      ...(opts.steadyWidth ? { steadyWidth: true } : {}),
    });
  }

  // ---- changes ----

  /**
   * Reads one typed move in any notation the game accepts (a check mark the notation does not use
   * is dropped). Coordinates mean what the board shows unless the session's notation is another
   * numbering (xiangqi `notation uci`): `game.parseMove`'s `typedIn`.
   */
  parseMove(text: string, pos: Position = this.pos): Result<Move, MoveProblem> {
    return this.game.parseMove(pos, withoutCheckMark(this.game, text), this.notation);
  }

  /** A move written so that `parseMove` reads it back (the session's notation). */
  typedText(m: Move): string {
    return this.formatter().format(this.pos, m);
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
    if (this.clock && !this.line.declaredVerdict && !this.clock.press(this.now())) return this.timeout(mover);
    let line = this.describeMove(m);
    if (this.redoStack.length > 0) this.lines.push({ ply: this.history.length, redo: this.redoStack });
    this.push(m);
    this.redoStack = [];
    this.highlights = [];
    this.line.declare(null);
    this.loadedRecord = false; // a move played: the game is the user's own now
    const lines: string[] = [];
    if (this.drawOffer !== null && this.drawOffer !== mover) {
      lines.push(`${this.sideName(mover)} declines the draw offer`);
      this.drawOffer = null;
    }
    this.version++;
    const o = this.outcome();
    if (o) this.clock?.stop(this.now());
    if (!o && this.inCheck()) line += ' check';
    lines.unshift(line);
    if (o) {
      lines.push(`game over: ${describeOutcome(this.game, o)}`);
      const r = this.rulesResult();
      if (r?.detail && (r.reason === 'perpetual check' || r.reason === 'perpetual chase' || r.reason === 'repetition' || r.reason === 'bare king' || r.reason === 'move limit'))
        lines.push(`(${r.detail})`);
    } else if (this.repetitions() > 1) {
      lines.push(`position repeated (${this.repetitions()}×)`);
      const w = this.line.history.warning();
      if (w) lines.push(`warning: ${w.message}`);
    }
    return lines;
  }

  /** Takes back up to n plies; returns how many. */
  undo(n = 1): number {
    let k = 0;
    while (k < n && this.history.length > 0) {
      const m = this.line.undo();
      this.redoStack.push(m);
      this.clock?.unpress(this.now());
      // back where another line was left: that line comes back (redo / → replays it)
      const left = this.lines[this.lines.length - 1];
      if (left && left.ply === this.history.length) {
        this.lines.pop();
        this.redoStack = left.redo;
      }
      k++;
    }
    if (k > 0) {
      if (this.clock && this.clock.runningSide === null && !this.rulesResult()) this.clock.start(this.turn, this.now());
      this.line.declare(null);
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
      this.clock?.press(this.now());
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
    let timeMs = this.thinkMs;
    this.thinkMs = undefined; // a `go <time>` is for one move
    // with clocks, the computer thinks within its own time (the game's moves-to-go estimate); an
    // engine of its own also gets both clocks (its protocol's time commands)
    let clock: ThinkRequest['clock'];
    if (timeMs === undefined && this.clock) {
      const now = this.now();
      timeMs = this.clock.allocate(this.turn, now, this.game.defaults.movesToGo);
      clock = this.clock.limits(this.turn, now);
    }
    return {
      ...(timeMs !== undefined ? { timeMs } : {}),
      ...(clock ? { clock } : {}),
      game: this.game,
      // the line as it is: its position with the moves on the undo stack and their history (copies)
      pos: this.line.searchRoot(),
      history: [...this.line.repetitionHistory()],
      level: this.level,
      // one seed per game and ply: the same seed and moves give the same choices
      seed: (this.seed * 1_000_003 + this.history.length) >>> 0,
      ...this.line.snapshot(),
      ...(signal ? { signal } : {}),
    };
  }

  /**
   * Plays the computer's choice for the side to move (from the host's search), with the score of
   * that search from the computer's side (null: none, e.g. a book move or a placeholder). A draw
   * offer standing against it is answered first, with that fresh score: accepted (its move is not
   * played) or declined (the move is).
   */
  computerMove(m: Move | null, score: { cp: number | null; mate: number | null } | null = null): CommandResult {
    if (this.outcome()) return fail('the game is over');
    const side = this.turn;
    if (score) this.computerScore = { side, ply: this.history.length, cp: score.cp, mate: score.mate };
    if (this.drawOffer !== null && this.drawOffer !== side) {
      const j = judgeDraw(this, side);
      if (j.accept) return ok(...this.acceptDraw(j.reason));
      this.drawOffer = null;
      this.version++;
      const declined = `the ${this.computerName} declines the draw offer (${j.reason})`;
      if (m === null || !legalMoves(this.pos).includes(m)) return { ...fail(`the ${this.computerName} found no legal move`), out: [declined] };
      const lines = this.play(m);
      lines[0] = `${this.computerName} as ${this.sideName(side)}: ${lines[0]}`;
      return ok(lines[0]!, declined, ...lines.slice(1));
    }
    if (m === null || !legalMoves(this.pos).includes(m)) return fail(`the ${this.computerName} found no legal move`);
    const who = `${this.computerName} as ${this.sideName(this.turn)}`;
    const lines = this.play(m);
    lines[0] = `${who}: ${lines[0]}`;
    return ok(...lines);
  }

  /** The computer accepts the standing draw offer: the game ends by agreement. */
  acceptDraw(reason: string): string[] {
    const declared: GameOutcome = { result: '1/2-1/2', winner: null, reason: 'agreement' };
    this.declare(declared);
    return [`the ${this.computerName} accepts the draw (${reason}); game over: ${describeOutcome(this.game, declared)}`];
  }

  /** Thinking time for the next computer move only (`go <time>`), ms. */
  setThinkTime(ms: number): void {
    this.thinkMs = ms;
  }

  /** Ends the game by the players' decision (resignation, agreement). */
  declare(outcome: GameOutcome): void {
    this.loadedRecord = false; // a resignation or an agreement makes the game the user's own
    this.declareVerdict(verdictOf(outcome.result, outcome.reason));
  }

  /** Ends the game by a verdict off the board. */
  declareVerdict(v: Verdict | null): void {
    this.line.declare(v);
    this.drawOffer = null;
    this.version++;
  }

  /** A side's name in the saved game: a computer side's engine and version (the host's `computerRecordName`), else null (its kind). */
  private recordName(side: 0 | 1): string | null {
    return this.players[side] === 'computer' ? (this.computerRecordName?.(side, this.level) ?? null) : null;
  }

  /** The players line (`red: human · black: computer (level 3)`). */
  playersLine(): string {
    return playersLine(this);
  }

  /** The side a command like `resign`/`draw` speaks for: the side to move, or the only human. */
  speaker(): Side {
    if (this.players[this.turn] === 'human') return this.turn;
    const h = this.players.indexOf('human');
    return (h >= 0 ? h : this.turn) as Side;
  }

  /** The game as a PGN record (coordinate notation). */
  record(): string {
    const r = this.recordAs('chuhan');
    if (!r.ok) throw new Error(r.error);
    return r.value;
  }

  /** The game as PGN in a dialect (`save F --dialect …`); a loaded record's tags are kept, the clocks' state too (chuhan's dialect). */
  recordAs(dialect: PgnDialectId, notation?: string): Result<string> {
    return writeRecord(
      {
        game: this.game,
        startFen: this.startFen,
        moves: [...this.history],
        outcome: this.outcome(),
        players: this.players,
        names: [this.recordName(0), this.recordName(1)],
        level: this.level,
        seed: this.seed,
        ...(this.playOptions ? { options: this.playOptions } : {}),
        tags: this.recordTags,
        ...(this.clock ? { clock: { control: this.clock.tc.text, state: formatClockTag(this.clock.stateAt(this.now())) } } : {}),
      },
      dialect,
      notation,
    );
  }

  /**
   * Replaces the game with a record's (any format and notation: a file's bytes, or a text). `restore` also takes the players, level,
   * seed and play options from a chuhan record (for `play --resume`). Returns an error message, or null.
   */
  loadRecord(input: RecordInput, restore = false, index = 1): string | null {
    const r = readRecord(input, this.game.id, index);
    if (!r.ok) return r.error;
    const d = r.value;
    if (restore && d.players) this.players = d.players;
    if (restore && d.level !== undefined) this.level = d.level;
    if (restore && d.seed !== undefined) this.seed = d.seed;
    if (restore && d.options !== undefined) this.playOptions = d.options;
    if (restore && d.clock) {
      const tc = parseTimeControl(d.clock.control);
      if (tc.ok) this.timeControl = tc.value;
    }
    const e = this.reset(d.game, d.startFen, d.moves);
    if (e) return e;
    this.recordTags = d.tags ?? [];
    const saved = restore && d.clock ? parseClockTag(d.clock.state) : null;
    if (saved && this.timeControl) this.startClock(saved);
    if (d.outcome && !this.judge()) this.line.declare(verdictOf(d.outcome.result, d.outcome.reason));
    // a record opened with `load` is reviewed, not the user's game (a resumed one is theirs)
    this.loadedRecord = !restore;
    return null;
  }

  /** Runs one line of the command language (commands.ts) on this session. */
  command(line: string): CommandResult {
    return runCommand(this, line);
  }
}
