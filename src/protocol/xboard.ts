/**
 * CECP (the XBoard/WinBoard engine protocol, version 2) for xiangqi and chu shogi.
 *
 * One `XboardSession` per engine process: `feed` it the GUI's lines; it answers through `write`
 * (one line per call, no newline). It never throws on input: unknown commands get
 * `Error (unknown command): …`, bad moves `Illegal move: …`. A search runs asynchronously on the
 * `Thinker`; while it runs, `?` makes it move now, `force`/`new`/`result`/`undo`/`setboard`/`quit`
 * stop it without a move, and everything else waits its turn (so `ping` is answered after the
 * move, as CECP requires), except the settings that cannot change the running search
 * (`post`, `time`, `otim`, `level`, …), which are taken at once.
 */
import { capital, escapeControls } from '../core/text.js';
import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';
import { mateIn, type HistoryEntry, type SearchInfo } from '../engine/search.js';
import { gameForXboardVariant, type ProtocolGame } from './dialect.js';
import { DEFAULT_GAME, getGame } from '../games/registry.js';
import { resultScore, type EndRules, type GameResult } from '../core/history.js';
import { Line, type LineSnapshot } from '../play/line.js';
import { advertise, applyXboardCommand, applyXboardOption, initialSettings, xboardCommandFeature, xboardVariants, ENGINE_OPTIONS, type EngineOption, type EngineSettings } from './options.js';
import type { Thinker, Thinking, ThinkLimits } from './thinker.js';
import { allocate, DEFAULT_TIME_CONTROL, movesToGo, parseLevel, type TimeControl } from './timing.js';
import { formatProblem, unquotedProblem } from '../core/problem.js';

export const ENGINE_NAME = 'chuhan 0.1.0';

export interface XboardOptions {
  readonly thinker: Thinker;
  /** Writes one line to the GUI (without the newline). */
  readonly write: (line: string) => void;
  /** Called once after `quit` (the caller ends the process). */
  readonly onQuit?: () => void;
  /** Playing level 1–8 (engine/levels.ts); null/0: full strength within the time control. */
  readonly level?: number | null;
  /** The game before any `variant` command (default xiangqi). */
  readonly game?: ProtocolGame;
  /** Extra search limits (tests: a fixed depth makes replies reproducible). */
  readonly limits?: ThinkLimits;
  /** The settings to start from (run.ts: `--level`, `--no-book`, `--option`); else from `level` and `book`. */
  readonly settings?: Readonly<EngineSettings>;
  /** The engine's options (default ENGINE_OPTIONS; tests add rows). */
  readonly options?: readonly EngineOption[];
  /** Use the opening book (default true; option OwnBook changes it). */
  readonly book?: boolean;
}

/** Commands that do not disturb a running search: executed at once even while thinking. */
const AT_ONCE = new Set([
  'post', 'nopost', 'time', 'otim', 'level', 'st', 'sd', 'easy', 'hard', 'computer', 'name', 'rating',
  'ics', 'accepted', 'rejected', 'random', 'draw', 'hint', 'bk', 'nps', 'memory', 'cores', '.', 'xboard',
]);
/** Commands that end a running search without playing its move. */
const INTERRUPT = new Set([
  'force', 'new', 'result', 'undo', 'remove', 'setboard', 'quit', 'variant', 'edit', 'exit', 'analyze', 'white',
  'black', 'go', 'playother', 'usermove',
]);

interface Running {
  readonly thinking: Thinking;
  readonly kind: 'move' | 'analyze';
  discard: boolean;
}

export class XboardSession {
  private readonly opts: XboardOptions;
  private game: ProtocolGame;
  /**
   * The game: start, moves, position and its history with the end rules, which judges every ending
   * (mate, repetition, chase, 60-move rule, bare king, …). A `go` sends it as it is (no replay).
   */
  private readonly line: Line;
  /** The side the engine plays, null in force mode. */
  private engineSide: 0 | 1 | null = 1;
  private analyzing = false;
  private post = false;
  private tc: TimeControl = DEFAULT_TIME_CONTROL;
  private depthLimit: number | null = null;
  private myTimeMs: number | null = null;
  /** What the options set (src/protocol/options.ts); `initial`: as the engine started (advertised defaults). */
  readonly settings: EngineSettings;
  private readonly initial: Readonly<EngineSettings>;
  private readonly table: readonly EngineOption[];
  /** The position from setboard was refused: moves are refused until the next new/setboard. */
  private badPosition = false;
  private ended: GameResult | null = null;
  private running: Running | null = null;
  private readonly queue: string[] = [];
  private quitting = false;
  private idleWaiters: (() => void)[] = [];

  constructor(opts: XboardOptions) {
    this.opts = opts;
    this.game = opts.game ?? DEFAULT_GAME.xboard;
    this.initial = Object.freeze({ ...(opts.settings ?? initialSettings({ level: opts.level ?? null, book: opts.book ?? true })) });
    this.settings = { ...this.initial };
    this.table = opts.options ?? ENGINE_OPTIONS;
    this.line = new Line(this.rulesOf(this.game), this.game.start());
  }

  private rulesOf(game: ProtocolGame): EndRules {
    return game.endRules ?? getGame(game.id).endRules;
  }

  /** The current position (read only: moves go through the line). */
  private get pos(): Position {
    return this.line.position;
  }

  /** Resolves when no search runs and no command waits. */
  idle(): Promise<void> {
    if (!this.running && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** One line from the GUI. */
  feed(raw: string): void {
    const line = raw.replace(/\r$/, '').trim();
    if (line === '' || this.quitting) return;
    const cmd = line.split(/\s+/, 1)[0]!;
    if (cmd === 'quit') {
      if (this.running) {
        this.running.discard = true;
        this.running.thinking.abort();
      }
      this.queue.length = 0;
      this.execute(line);
      return;
    }
    if (this.running) {
      if (cmd === '?') {
        if (this.running.kind === 'move') this.running.thinking.abort();
        return;
      }
      if (cmd === 'ping' && this.running.kind === 'analyze') {
        this.execute(line);
        return;
      }
      if (AT_ONCE.has(cmd)) {
        this.execute(line);
        return;
      }
      if (INTERRUPT.has(cmd) || this.looksLikeMove(cmd)) {
        this.running.discard = true;
        this.running.thinking.abort();
      }
      this.queue.push(line);
      return;
    }
    this.execute(line);
  }

  private out(line: string): void {
    // lines echo input (a bad move, an unknown command): never a raw control character
    this.opts.write(escapeControls(line));
  }

  private looksLikeMove(word: string): boolean {
    return /^[a-l](1[0-2]|[0-9])[a-l](1[0-2]|[0-9])/.test(word) || word === '@@@@';
  }

  private drain(): void {
    while (!this.running && this.queue.length > 0 && !this.quitting) this.execute(this.queue.shift()!);
    if (!this.running && this.queue.length === 0) {
      const w = this.idleWaiters;
      this.idleWaiters = [];
      for (const f of w) f();
    }
  }

  private execute(line: string): void {
    const words = line.split(/\s+/);
    const cmd = words[0]!;
    const args = words.slice(1);
    const rest = line.slice(cmd.length).trim();
    switch (cmd) {
      case 'xboard':
      case 'accepted':
      case 'rejected':
      case 'random':
      case 'easy':
      case 'hard':
      case 'computer':
      case 'name':
      case 'rating':
      case 'ics':
      case 'draw': // declined by saying nothing
      case 'hint':
      case '.':
        return;
      case 'bk':
        this.out(' no book');
        this.out('');
        return;
      case 'protover':
        this.features();
        return;
      case 'ping':
        this.out(`pong ${rest}`);
        return;
      case 'quit':
        this.quitting = true;
        this.opts.onQuit?.();
        return;
      case 'new':
        this.newGame(this.game);
        return;
      case 'variant': {
        const g = gameForXboardVariant(args[0] ?? '');
        if (!g) {
          this.out(`Error (unsupported variant): ${rest}`);
          return;
        }
        this.newGame(g, { keepSide: true });
        return;
      }
      case 'force':
        this.engineSide = null;
        this.analyzing = false;
        return;
      case 'go':
        this.analyzing = false;
        this.engineSide = this.pos.turn;
        this.maybeThink();
        return;
      case 'playother':
        this.analyzing = false;
        this.engineSide = (this.pos.turn ^ 1) as 0 | 1;
        return;
      case 'white':
        this.setTurn(0);
        this.engineSide = 1;
        return;
      case 'black':
        this.setTurn(1);
        this.engineSide = 0;
        return;
      case 'result':
        this.engineSide = null;
        this.analyzing = false;
        return;
      case 'level': {
        const tc = parseLevel(args);
        if (!tc) this.out(`Error (bad parameters): ${line}`);
        else this.tc = tc;
        return;
      }
      case 'st': {
        const s = Number(args[0]);
        if (!Number.isFinite(s) || s <= 0) this.out(`Error (bad parameters): ${line}`);
        else this.tc = { ...this.tc, moveTimeMs: s * 1000 };
        return;
      }
      case 'cores':
      case 'memory': {
        const refused = applyXboardCommand(cmd, args[0] ?? '', line, this.settings, this.table);
        if (refused === undefined) this.out(`Error (unknown command): ${cmd}`);
        else if (refused !== null) this.out(refused);
        return;
      }
      case 'sd': {
        const d = Number(args[0]);
        if (!Number.isInteger(d) || d < 1) this.out(`Error (bad parameters): ${line}`);
        else this.depthLimit = d;
        return;
      }
      case 'time':
      case 'otim': {
        const cs = Number(args[0]);
        if (!Number.isFinite(cs)) this.out(`Error (bad parameters): ${line}`);
        else if (cmd === 'time') this.myTimeMs = cs * 10;
        return;
      }
      case 'post':
        this.post = true;
        return;
      case 'nopost':
        this.post = false;
        return;
      case 'setboard':
        this.setboard(rest);
        return;
      case 'undo':
        if (!this.takeBack(1)) this.out(`Error (command not legal now): undo`);
        this.maybeAnalyze();
        return;
      case 'remove':
        if (!this.takeBack(2)) this.out(`Error (command not legal now): remove`);
        this.maybeAnalyze();
        return;
      case 'analyze':
        this.engineSide = null;
        this.analyzing = true;
        this.maybeAnalyze();
        return;
      case 'exit':
        this.analyzing = false;
        return;
      case 'option':
        this.option(rest);
        return;
      case 'usermove':
        this.userMove(rest);
        return;
      case '?':
        return;
      default:
        if (this.looksLikeMove(cmd)) {
          this.userMove(cmd);
          return;
        }
        this.out(`Error (unknown command): ${cmd}`);
    }
  }

  private features(): void {
    this.out('feature done=0');
    this.out(`feature myname="${ENGINE_NAME}" variants="${xboardVariants().join(',')}"`);
    this.out('feature setboard=1 usermove=1 ping=1 playother=1 colors=0 time=1 draw=0 analyze=1 reuse=1 san=0');
    const memory = xboardCommandFeature('memory', this.table);
    const smp = xboardCommandFeature('cores', this.table);
    this.out(`feature sigint=0 sigterm=0 nps=0 memory=${memory} smp=${smp} exclude=0 pause=0 debug=1`);
    for (const l of advertise('xboard', this.initial, this.table)) this.out(l);
    this.out('feature done=1');
  }

  private option(rest: string): void {
    const refused = applyXboardOption(rest, this.settings, this.table);
    if (refused !== null) this.out(refused);
  }

  private newGame(game: ProtocolGame, o: { keepSide?: boolean } = {}): void {
    this.game = game;
    this.line.reset(game.start(), this.rulesOf(game));
    this.ended = null;
    this.badPosition = false;
    this.analyzing = false;
    if (!o.keepSide) {
      this.engineSide = 1;
      this.depthLimit = null;
    }
    this.opts.thinker.newGame();
  }

  private setTurn(side: 0 | 1): void {
    if (this.pos.turn === side) return;
    // only meaningful before any move (old `white`/`black` idiom): flip the start position's turn
    if (this.line.plies === 0) {
      const start = this.line.start.clone();
      start.setTurn(side);
      this.line.reset(start);
    }
  }

  private setboard(fen: string): void {
    const r = this.game.parseFen(fen);
    if (!r.ok) {
      this.badPosition = true;
      this.out(`tellusererror Illegal position: ${formatProblem(r.error, this.game.problemContext)}`);
      return;
    }
    this.badPosition = false;
    this.line.reset(r.value);
    this.ended = null;
    this.maybeAnalyze();
  }

  private takeBack(n: number): boolean {
    if (this.line.plies < n) return false;
    for (let i = 0; i < n; i++) this.line.undo();
    this.ended = null;
    return true;
  }

  private userMove(text: string): void {
    if (this.badPosition) {
      this.out(`Illegal move (no legal position set up): ${text}`);
      return;
    }
    if (text === '') {
      this.out('Error (too few parameters): usermove');
      return;
    }
    if (this.ended) {
      this.out(`Illegal move (the game is over: ${this.ended.reason}): ${text}`);
      return;
    }
    const r = this.game.parseMove(this.pos, text);
    if (!r.ok) {
      // the reason alone (the move follows), in this dialect's square names
      this.out(`Illegal move (${formatProblem(unquotedProblem(r.error), this.game.problemContext)}): ${text}`);
      return;
    }
    this.playMove(r.value);
    if (this.reportEnd()) return;
    if (this.analyzing) this.maybeAnalyze();
    else this.maybeThink();
  }

  private playMove(m: Move): void {
    this.line.play(m);
  }

  /** Prints the result if the game just ended by rule; true when it did. */
  private reportEnd(): boolean {
    const r = this.line.rulesResult();
    if (!r) return false;
    this.ended = r;
    this.out(`${resultScore(r)} {${claimText(r, this.line.rules.sideNames)}}`);
    this.engineSide = null;
    return true;
  }

  /** What a search of the current position needs: the line as it is (a copy of its position, no replay). */
  private root(): { pos: Position; history: HistoryEntry[]; line: LineSnapshot } {
    return { pos: this.line.searchRoot(), history: [...this.line.repetitionHistory()], line: this.line.snapshot() };
  }

  private limits(): ThinkLimits {
    const extra = this.opts.limits ?? {};
    const side = this.engineSide ?? this.pos.turn;
    // moves made by the engine's side since the game's start
    const n = this.line.plies;
    const own = this.line.start.turn === side ? Math.ceil(n / 2) : Math.floor(n / 2);
    const a = allocate(this.tc, this.myTimeMs, movesToGo(this.tc, own), getGame(this.game.id).defaults.movesToGo);
    const depth = Math.min(this.depthLimit ?? Infinity, extra.depth ?? Infinity);
    return {
      ...extra,
      ...(Number.isFinite(depth) ? { depth } : {}),
      timeMs: extra.timeMs ?? a.timeMs,
      softTimeMs: extra.softTimeMs ?? a.softTimeMs,
      ...(this.settings.threads > 1 ? { threads: this.settings.threads } : {}),
    };
  }

  private thinkingLine(info: SearchInfo): string {
    const mate = mateIn(info.score);
    const score = mate === null ? info.score : mate > 0 ? 100000 + mate : -100000 + mate;
    const cs = Math.round(info.timeMs / 10);
    return `${info.depth} ${score} ${cs} ${info.nodes} ${info.pv.map((m) => this.game.formatMove(m)).join(' ')}`;
  }

  private maybeThink(): void {
    if (this.engineSide === null || this.engineSide !== this.pos.turn || this.badPosition || this.ended) return;
    const thinking = this.opts.thinker.think({
      ...this.root(),
      limits: this.limits(),
      level: this.settings.level,
      // a fixed depth (sd, tests) searches; a timed or level move may come from the book
      book: this.settings.ownBook && this.depthLimit === null && this.opts.limits?.depth === undefined && this.opts.limits?.nodes === undefined,
      onInfo: (info) => {
        if (this.post && this.running?.thinking === thinking && !this.running.discard) this.out(this.thinkingLine(info));
      },
    });
    const run: Running = { thinking, kind: 'move', discard: false };
    this.running = run;
    thinking.promise.then(
      (t) => {
        this.running = null;
        if (!run.discard && this.engineSide === this.pos.turn) this.emitMove(t.move);
        this.drain();
      },
      (e: unknown) => {
        this.running = null;
        if (!run.discard) this.out(`# search failed: ${e instanceof Error ? e.message : String(e)}`);
        this.drain();
      },
    );
  }

  private emitMove(m: Move): void {
    if (m === 0) {
      this.reportEnd();
      return;
    }
    const text = this.game.formatMove(m, this.pos);
    // CECP: a multi-leg move is sent as one "move" per leg, every leg but the last ending in a comma
    const legs = text.split(',');
    legs.forEach((leg, i) => {
      this.out(`move ${leg}${i < legs.length - 1 ? ',' : ''}`);
    });
    this.playMove(m);
    this.reportEnd();
  }

  private maybeAnalyze(): void {
    if (!this.analyzing || this.running || this.badPosition) return;
    if (this.line.history.positionResult(this.pos)) return;
    const thinking = this.opts.thinker.think({
      ...this.root(),
      limits: { depth: this.opts.limits?.depth ?? 64, ...(this.settings.threads > 1 ? { threads: this.settings.threads } : {}) },
      onInfo: (info) => {
        if (this.running?.thinking === thinking && !this.running.discard) this.out(this.thinkingLine(info));
      },
    });
    const run: Running = { thinking, kind: 'analyze', discard: false };
    this.running = run;
    const done = () => {
      this.running = null;
      this.drain();
    };
    thinking.promise.then(done, done);
  }
}


/** The comment of a RESULT line: `Red mates`, `Black wins: perpetual chase is forbidden`, `Draw by repetition`. */
export function claimText(r: GameResult, sideNames: readonly [string, string]): string {
  const name = r.winner === null ? '' : sideNames[r.winner];
  const who = capital(name);
  switch (r.reason) {
    case 'checkmate':
      return `${who} mates`;
    case 'stalemate':
      return `${who} wins by stalemate`;
    case 'royals captured':
      return `${who} wins: the royals are captured`;
    case 'perpetual check':
      return `${who} wins: perpetual check is forbidden`;
    case 'perpetual chase':
      return `${who} wins: perpetual chase is forbidden`;
    case 'bare king':
      return `${who} wins: bare king`;
    case 'repetition':
      return 'Draw by repetition';
    case 'move limit':
      return r.detail ? `Draw: move limit (${r.detail})` : 'Draw: move limit';
    default:
      return r.winner === null ? `Draw: ${r.reason}` : `${who} wins: ${r.reason}`;
  }
}
