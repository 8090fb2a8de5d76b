/**
 * UCI for xiangqi in both dialects GUIs speak: Fairy-Stockfish's (`setoption name UCI_Variant
 * value xiangqi`, moves with ranks 1–10 like `h3e3`, `b3b10`) and Pikafish's (no `UCI_Variant`,
 * ICCS squares with ranks 0–9 like `h2e2`), both with the standard xiangqi FEN; and UCCI, the Chinese-chess
 * dialect (`ucci`/`ucciok`, ICCS moves with ranks 0–9, `setoption <name> <value>` without the
 * keywords, `go time T increment I opptime …`, `banmoves`, `nobestmove`, `bye`).
 *
 * UCCI times are in seconds unless the GUI sets `usemillisec` (as ElephantEye's UCCI 3.0 does);
 * UCI times are milliseconds. As CECP's session, this one never throws on input, answers
 * `isready` even while searching, and searches asynchronously (`stop` gives the best move so far).
 */
import { escapeControls } from '../core/text.js';
import type { Move } from '../core/move.js';
import { legalMoves } from '../core/perft.js';
import type { Position } from '../core/position.js';
import { historyEntry } from '../engine/history.js';
import { mateIn, type SearchInfo } from '../engine/search.js';
import { Line, samePosition } from '../play/line.js';
import type { ProtocolGame } from './dialect.js';
import type { WireFormat } from '../games/game.js';
import { GAMES, getGame } from '../games/registry.js';
import { advertise, applyUciOption, eloToLevel, initialSettings, ENGINE_OPTIONS, type EngineOption, type EngineSettings } from './options.js';
import type { Thinker, Thinking, ThinkLimits, Thought } from './thinker.js';
import { allocate, type TimeControl } from './timing.js';
import { ENGINE_NAME } from './xboard.js';
import { formatProblem } from '../core/problem.js';

export type UciDialect = 'uci' | 'ucci' | 'usi';

/** The words of `go` (a `searchmoves` list ends at one, though UCI puts it last). */
const GO_WORDS = new Set(['wtime', 'btime', 'winc', 'binc', 'movestogo', 'depth', 'nodes', 'mate', 'movetime', 'infinite', 'ponder', 'byoyomi', 'searchmoves']);

/** The game a dialect serves: the first in the registry that lists it among its protocols. */
function servedBy(d: UciDialect): ProtocolGame {
  const g = GAMES.find((x) => x.protocols.includes(d));
  if (!g) throw new Error(`no game is served over ${d}`);
  return g.xboard;
}

/** The game each dialect plays: UCI and UCCI xiangqi, USI chu (lishogi's SFEN and moves). */
export const DIALECT_GAME: Readonly<Record<UciDialect, ProtocolGame>> = { uci: servedBy('uci'), ucci: servedBy('ucci'), usi: servedBy('usi') };

export { ELO_MAX, ELO_MIN, eloToLevel } from './options.js';

export interface UciOptions {
  readonly dialect: UciDialect;
  readonly thinker: Thinker;
  readonly write: (line: string) => void;
  readonly onQuit?: () => void;
  readonly level?: number | null;
  /** Extra search limits (tests). */
  readonly limits?: ThinkLimits;
  /** The game played, when not the dialect's default one (usi under the chu JCSA rules). */
  readonly game?: ProtocolGame;
  /** The settings to start from (run.ts: `--level`, `--no-book`, `--option`); else from `level` and `book`. */
  readonly settings?: Readonly<EngineSettings>;
  /** The engine's options (default ENGINE_OPTIONS; tests add rows). */
  readonly options?: readonly EngineOption[];
  /** Use the opening book (default true; the OwnBook / usebook option changes it). */
  readonly book?: boolean;
}

interface Running {
  readonly thinking: Thinking;
  /** For banmoves: more root moves still to search one by one. */
  cancelled: boolean;
  /** `go infinite` / `go ponder`: the answer waits for `stop` (or `ponderhit`). */
  hold: boolean;
  /** `go infinite`: held even after a ponderhit. */
  infinite: boolean;
  /** The finished search waiting to be told. */
  held: Thought | null;
  /** Prints the answer (once). */
  answer: ((t: Thought) => void) | null;
  /** The time the search would have had without pondering (for ponderhit). */
  ponderAllocation: { timeMs: number; softTimeMs: number } | null;
  timer: ReturnType<typeof setTimeout> | null;
}

export class UciSession {
  private readonly opts: UciOptions;
  private readonly dialect: UciDialect;
  private readonly game: ProtocolGame;
  /** How this dialect writes the game's moves: the game's `engineWire` entry (the engine client's too). */
  private readonly variantWire: WireFormat;
  /** UCI without `UCI_Variant` (xiangqi: Pikafish's ICCS squares): the game's `uciNative` wire, if any. */
  private readonly nativeWire: WireFormat | null;
  /**
   * Which of the two UCI wires the GUI speaks (`setOption`, `decideNotation`): `variant` once
   * it sets `UCI_Variant` or writes moves only Fairy-Stockfish's numbering reads; until then
   * undecided (null), read and written in the native wire.
   */
  private notation: 'variant' | null = null;
  /** The game the GUI set (`position`): kept from one `position` to the next, so a `go` replays nothing. */
  private readonly line: Line;
  /** What the options set (src/protocol/options.ts); `initial`: as the engine started (advertised defaults). */
  readonly settings: EngineSettings;
  private readonly initial: Readonly<EngineSettings>;
  private readonly table: readonly EngineOption[];
  private banned: Move[] = [];
  private running: Running | null = null;
  private quitting = false;
  private closed = false;
  private idleWaiters: (() => void)[] = [];

  constructor(opts: UciOptions) {
    this.opts = opts;
    this.dialect = opts.dialect;
    this.game = opts.game ?? DIALECT_GAME[opts.dialect];
    const wires = getGame(this.game.id).engineWire;
    const wire = wires[opts.dialect];
    if (!wire) throw new Error(`${this.game.xboardName} is not written in ${opts.dialect}`);
    this.variantWire = wire;
    this.nativeWire = opts.dialect === 'uci' ? (wires.uciNative ?? null) : null;
    this.line = new Line(this.game.endRules ?? getGame(this.game.id).endRules, this.game.start());
    this.initial = Object.freeze({ ...(opts.settings ?? initialSettings({ level: opts.level ?? null, book: opts.book ?? true })) });
    this.settings = { ...this.initial };
    this.table = opts.options ?? ENGINE_OPTIONS;
  }

  /**
   * The input has ended (`printf … | chuhan engine`): a timed search still gives its move; an
   * infinite or pondering one is stopped and gives its move now.
   */
  async endOfInput(): Promise<void> {
    if (this.running?.hold) this.stopSearch(false);
    await this.idle();
  }

  idle(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private out(line: string): void {
    // after quit (and UCCI's `bye`) nothing more is said, not even by a search still unwinding
    if (this.closed) return;
    // lines echo input (a bad move, an unknown command): never a raw control character
    this.opts.write(escapeControls(line));
  }

  /** The wire the GUI is spoken to in now: the native one until the GUI shows it speaks the variant one. */
  private get wire(): WireFormat {
    return this.notation === null && this.nativeWire ? this.nativeWire : this.variantWire;
  }

  /** UCI, UCCI and USI write a move without looking at the position (only CECP's chu pass does). */
  private formatMove(m: Move): string {
    return this.wire.formatMove(m, this.pos);
  }

  private parseMove(pos: Position, text: string) {
    return this.wire.parseMove(pos, text);
  }

  private info(text: string): void {
    this.out(this.dialect === 'ucci' ? `info ${text}` : `info string ${text}`);
  }

  /** The level a search plays at: UCI_LimitStrength/UCI_Elo, else the Level option, else full strength. */
  private effectiveLevel(): number | null {
    return this.settings.limitStrength ? eloToLevel(this.settings.elo) : this.settings.level;
  }

  feed(raw: string): void {
    const line = raw.replace(/\r$/, '').trim();
    if (line === '' || this.quitting) return;
    const words = line.split(/\s+/);
    const cmd = words[0]!;
    const args = words.slice(1);
    switch (cmd) {
      case 'uci':
      case 'ucci':
      case 'usi':
        this.hello();
        return;
      case 'isready':
        this.out('readyok');
        return;
      case 'ponderhit':
        this.ponderHit();
        return;
      case 'gameover':
        // USI: the game is over; a search still running (pondering) ends without a move
        if (this.running) this.stopSearch(true);
        return;
      case 'debug':
      case 'register':
        return;
      case 'probe':
        if (this.dialect !== 'ucci') {
          this.info(`unknown command: ${cmd}`);
          return;
        }
        // UCCI `probe <position>` asks for the hash-table entry of a position (ElephantEye answers
        // `pophash [bestmove M] [lowerbound V depth D] [upperbound V depth D]`). chuhan's table lives
        // in the search worker, out of this loop's reach, so the probe is refused in words and
        // closed with a bare `pophash` (the spec's "no entry"), the line a GUI waits for.
        this.info('probe is not supported: chuhan does not expose its hash table (pophash carries no entry)');
        this.out('pophash');
        return;
      case 'setoption':
        this.setOption(args);
        return;
      case 'ucinewgame':
      case 'usinewgame':
        if (!this.running) this.opts.thinker.newGame();
        return;
      case 'position':
        if (this.running) this.stopSearch(true);
        this.position(args);
        return;
      case 'banmoves':
        this.banMoves(args);
        return;
      case 'go':
        if (this.running) {
          this.info('already searching: send stop first');
          return;
        }
        this.go(args);
        return;
      case 'stop':
        if (this.running) this.stopSearch(false);
        return;
      case 'quit':
        this.quitting = true;
        if (this.running) this.stopSearch(true);
        if (this.dialect === 'ucci') this.out('bye');
        this.closed = true;
        this.opts.onQuit?.();
        return;
      default:
        // UCI: unknown commands are ignored; say so, which GUIs show in their logs
        this.info(`unknown command: ${cmd}`);
    }
  }

  private hello(): void {
    this.out(`id name ${ENGINE_NAME}`);
    this.out('id author the chuhan developers');
    for (const line of advertise(this.dialect, this.initial, this.table)) this.out(line);
    this.out(`${this.dialect}ok`);
  }

  private setOption(args: readonly string[]): void {
    const refused = applyUciOption(args, this.settings, this.table);
    if (refused !== null) this.info(refused);
    // a GUI that sets UCI_Variant speaks Fairy-Stockfish's numbering (a refused variant too: it is that GUI)
    else if (this.dialect === 'uci' && args[0]?.toLowerCase() === 'name' && args[1]?.toLowerCase() === 'uci_variant') this.notation = 'variant';
  }

  /**
   * Undecided (no `UCI_Variant` yet) and the native wire read only `native` of the moves: when
   * Fairy-Stockfish's numbering reads further (`h3e3`, `b3b10`), that GUI speaks the variant wire.
   */
  private decideNotation(start: Position, texts: readonly string[], native: number): boolean {
    if (this.notation !== null || !this.nativeWire) return false;
    const p = start.clone(texts.length + 8);
    let n = 0;
    for (const t of texts) {
      const r = this.variantWire.parseMove(p, t);
      if (!r.ok) break;
      p.play(r.value);
      n++;
    }
    if (n <= native) return false;
    this.notation = 'variant';
    return true;
  }

  private position(args: readonly string[]): void {
    let i = 0;
    let start: Position;
    if (args[0] === 'startpos') {
      start = this.game.start();
      i = 1;
    } else if (args[0] === 'fen' || args[0] === 'sfen') {
      const end = args.indexOf('moves');
      const fen = args.slice(1, end < 0 ? undefined : end).join(' ');
      const r = this.game.parseFen(fen);
      if (!r.ok) {
        this.info(`bad position: ${formatProblem(r.error)}`);
        return;
      }
      start = r.value;
      i = end < 0 ? args.length : end;
    } else {
      this.info(`bad position: expected startpos or ${this.dialect === 'usi' ? 'sfen' : 'fen'}`);
      return;
    }
    // the moves the line already has are kept (read against its positions); only the rest is played
    const line = this.line;
    if (!samePosition(start, line.start)) line.reset(start);
    let k = 0;
    if (args[i] === 'moves') {
      for (const text of args.slice(i + 1)) {
        const pos = line.position;
        if (k < line.plies) {
          const known = line.moves[k]!;
          // the same text as the move the line has: the move is taken as it is
          if (this.formatMove(known) === text) {
            k++;
            continue;
          }
          while (line.plies > k) line.undo();
        }
        const r = this.parseMove(pos, text);
        if (!r.ok) {
          // not in the native wire: a GUI speaking Fairy-Stockfish's numbering without UCI_Variant?
          if (this.decideNotation(start, args.slice(i + 1), k)) {
            this.position(args);
            return;
          }
          this.info(`bad move ${text}: ${formatProblem(r.error)}; the position stops before it`);
          break;
        }
        line.play(r.value);
        k++;
      }
    }
    while (line.plies > k) line.undo();
    line.declare(null);
    this.banned = [];
  }

  private banMoves(args: readonly string[]): void {
    this.banned = [];
    for (const text of args) {
      const r = this.parseMove(this.pos, text);
      if (r.ok) this.banned.push(r.value);
      else this.info(`banmoves: ${text}: ${formatProblem(r.error)}`);
    }
  }

  /** The current position (read only: moves go through the line). */
  private get pos(): Position {
    return this.line.position;
  }

  private go(args: readonly string[]): void {
    const num = (key: string): number | null => {
      const k = args.indexOf(key);
      if (k < 0) return null;
      const v = Number(args[k + 1]);
      return Number.isFinite(v) ? v : null;
    };
    const unit = this.dialect !== 'ucci' || this.settings.millis ? 1 : 1000;
    const turn = this.pos.turn;
    let myTime: number | null;
    let inc: number;
    if (this.dialect === 'uci') {
      myTime = num(turn === 0 ? 'wtime' : 'btime');
      inc = num(turn === 0 ? 'winc' : 'binc') ?? 0;
    } else if (this.dialect === 'usi') {
      // USI: b (black) = sente, the first player
      myTime = num(turn === 0 ? 'btime' : 'wtime');
      inc = num(turn === 0 ? 'binc' : 'winc') ?? 0;
    } else {
      myTime = num('time');
      inc = num('increment') ?? 0;
    }
    const mtg = num('movestogo');
    const moveTime = num('movetime');
    const depth = num('depth');
    const nodes = num('nodes');
    const infinite = args.includes('infinite');
    const ponder = args.includes('ponder');
    const byoyomi = this.dialect === 'usi' ? num('byoyomi') : null;
    const limits: ThinkLimits = { ...(this.opts.limits ?? {}) };
    if (depth !== null && depth > 0) limits.depth = Math.min(limits.depth ?? Infinity, depth);
    if (nodes !== null && nodes > 0) limits.nodes = nodes;
    let allocation: { timeMs: number; softTimeMs: number } | null = null;
    if (!infinite && (moveTime !== null || myTime !== null || byoyomi !== null)) {
      const tc: TimeControl = {
        movesPerSession: mtg ?? 0,
        baseMs: (myTime ?? 0) * unit,
        incMs: inc * unit,
        moveTimeMs: moveTime !== null ? moveTime * unit : null,
      };
      const a = allocate(tc, myTime !== null ? myTime * unit : null, mtg, 35);
      if (byoyomi !== null && byoyomi > 0 && moveTime === null) {
        // USI byoyomi: the period is spent on every move on top of a share of the main time
        const mainMs = (myTime ?? 0) > 0 ? a.timeMs : 0;
        const mainSoft = (myTime ?? 0) > 0 ? a.softTimeMs : 0;
        allocation = { timeMs: Math.max(10, mainMs + byoyomi - 100), softTimeMs: Math.max(5, mainSoft + byoyomi * 0.5) };
      } else allocation = a;
      if (!ponder) {
        limits.timeMs ??= allocation.timeMs;
        limits.softTimeMs ??= allocation.softTimeMs;
      }
    }
    if (this.settings.multiPv > 1) limits.exactRoot = true;
    if (this.settings.threads > 1) limits.threads = this.settings.threads;
    const level = this.effectiveLevel();
    const useLevel = level !== null && depth === null && nodes === null && !infinite && !ponder && this.settings.multiPv === 1;
    const legal = legalMoves(this.pos);
    const only = this.searchMoves(args);
    const candidates = legal.filter((m) => !this.banned.includes(m) && (only === null || only.includes(m)));
    if (candidates.length === 0) {
      this.bestMove(0);
      return;
    }
    if (candidates.length < legal.length) {
      this.searchRootSubset(candidates, limits);
      return;
    }
    const thinking = this.opts.thinker.think({
      // the game as the line keeps it: a copy of its position with the moves on the undo stack
      pos: this.line.searchRoot(),
      history: [...this.line.repetitionHistory()],
      line: this.line.snapshot(),
      limits,
      level: useLevel ? level : null,
      // the book answers timed and level moves, never analysis or fixed depth / node searches
      book: this.settings.ownBook && depth === null && nodes === null && !infinite && !ponder && this.settings.multiPv === 1,
      onInfo: (info) => this.infoLine(info),
    });
    this.track(thinking, (t) => this.answer(t), { hold: infinite || ponder, infinite, ponderAllocation: allocation });
  }

  /** `go … searchmoves m1 m2 …` (UCI, USI; the moves run to the end of the line): the root moves allowed, or null. */
  private searchMoves(args: readonly string[]): Move[] | null {
    const at = args.indexOf('searchmoves');
    if (at < 0 || this.dialect === 'ucci') return null;
    const out: Move[] = [];
    for (const text of args.slice(at + 1)) {
      if (GO_WORDS.has(text)) break;
      const r = this.parseMove(this.pos, text);
      if (r.ok) out.push(r.value);
      else this.info(`searchmoves: ${text}: ${formatProblem(r.error)}`);
    }
    return out.length > 0 ? out : null;
  }

  /** MultiPV lines for the other root moves, then bestmove (with the ponder move when known). */
  private answer(t: Thought): void {
    if (this.settings.multiPv > 1 && t.rootScores && t.rootScores.length > 1) {
      t.rootScores.slice(0, this.settings.multiPv).forEach((r, k) => {
        const pv = k === 0 && t.pv[0] === r.move ? t.pv : [r.move];
        const mate = mateIn(r.score);
        const score = this.dialect === 'ucci' ? String(r.score) : mate === null ? `cp ${r.score}` : `mate ${mate}`;
        this.out(`info depth ${t.depth} multipv ${k + 1} score ${score} nodes ${t.nodes} pv ${pv.map((m) => this.formatMove(m)).join(' ')}`);
      });
    }
    this.bestMove(t.move, t.pv[0] === t.move && t.pv.length > 1 ? t.pv[1]! : 0);
  }

  /** The GUI's move was the one pondered: from now on the search has its normal time. */
  private ponderHit(): void {
    const run = this.running;
    if (!run?.hold || run.infinite) return;
    run.hold = false;
    if (run.held) {
      const t = run.held;
      run.held = null;
      run.answer?.(t);
      return;
    }
    const a = run.ponderAllocation;
    const limited = this.opts.limits?.depth !== undefined || this.opts.limits?.nodes !== undefined;
    if (!a) {
      if (!limited) run.thinking.abort();
      return;
    }
    // the pondering time was a gift: think for the soft share of the move's own time more
    run.timer = setTimeout(() => run.thinking.abort(), Math.max(1, Math.min(a.timeMs, a.softTimeMs)));
  }

  /** banmoves: search each allowed root move's reply position and keep the best. */
  private searchRootSubset(candidates: Move[], limits: ThinkLimits): void {
    const share = candidates.length;
    const child: ThinkLimits = {
      ...limits,
      ...(limits.depth ? { depth: Math.max(1, limits.depth - 1) } : {}),
      ...(limits.timeMs ? { timeMs: Math.max(5, limits.timeMs / share) } : {}),
      ...(limits.softTimeMs ? { softTimeMs: Math.max(3, limits.softTimeMs / share) } : {}),
      ...(limits.nodes ? { nodes: Math.max(100, Math.floor(limits.nodes / share)) } : {}),
    };
    if (!child.depth && !child.timeMs && !child.nodes) child.depth = 4;
    const hist = [...this.line.repetitionHistory(), historyEntry(this.pos)];
    const root = this.line.snapshot();
    let best = candidates[0]!;
    let bestScore = -Infinity;
    let index = 0;
    let current: Thinking | null = null;
    let stopped = false;
    let finish!: (t: Thought) => void;
    const promise = new Promise<Thought>((resolve) => (finish = resolve));
    const next = (): void => {
      if (stopped || index >= candidates.length) {
        finish({ move: best, score: bestScore === -Infinity ? 0 : bestScore, depth: 0, nodes: 0, timeMs: 0, pv: [best] });
        return;
      }
      const m = candidates[index++]!;
      const pos = this.line.searchRoot();
      pos.play(m);
      current = this.opts.thinker.think({ pos, history: hist, line: { start: root.start, moves: [...root.moves, m] }, limits: child });
      current.promise.then(
        (t) => {
          // no reply: the move mates (or stalemates, a win in xiangqi too)
          const score = t.move === 0 ? 100000 : -t.score;
          if (score > bestScore) {
            bestScore = score;
            best = m;
          }
          next();
        },
        () => next(),
      );
    };
    next();
    const thinking: Thinking = {
      promise,
      abort: () => {
        stopped = true;
        current?.abort();
      },
    };
    this.track(thinking, (t) => this.bestMove(t.move));
  }

  private track(
    thinking: Thinking,
    done: (t: Thought) => void,
    o: { hold?: boolean; infinite?: boolean; ponderAllocation?: { timeMs: number; softTimeMs: number } | null } = {},
  ): void {
    let told = false;
    const run: Running = {
      thinking,
      cancelled: false,
      hold: o.hold ?? false,
      infinite: o.infinite ?? false,
      held: null,
      ponderAllocation: o.ponderAllocation ?? null,
      timer: null,
      answer: null,
    };
    this.running = run;
    const finish = () => {
      if (run.timer) clearTimeout(run.timer);
      if (this.running !== run) return;
      this.running = null;
      const w = this.idleWaiters;
      this.idleWaiters = [];
      for (const f of w) f();
    };
    run.answer = (t) => {
      if (told) return;
      told = true;
      if (!run.cancelled) done(t);
      finish();
    };
    thinking.promise.then(
      (t) => {
        // infinite and pondering searches say nothing until stop (or ponderhit)
        if (run.hold && !run.cancelled) run.held = t;
        else run.answer!(t);
      },
      (e: unknown) => {
        if (!run.cancelled) {
          this.info(`search failed: ${e instanceof Error ? e.message : String(e)}`);
          this.bestMove(0);
        }
        told = true;
        finish();
      },
    );
  }

  /** Stops the search; with `silent` no bestmove is printed (a new position came in). */
  private stopSearch(silent: boolean): void {
    const run = this.running!;
    if (silent) run.cancelled = true;
    run.hold = false;
    if (run.held) {
      const t = run.held;
      run.held = null;
      run.answer?.(t);
      return;
    }
    run.thinking.abort();
  }

  private bestMove(m: Move, ponder: Move = 0): void {
    if (m === 0) this.out(this.dialect === 'uci' ? 'bestmove (none)' : this.dialect === 'usi' ? 'bestmove resign' : 'nobestmove');
    else this.out(`bestmove ${this.formatMove(m)}${ponder && this.settings.ponder && this.dialect !== 'ucci' ? ` ponder ${this.formatMove(ponder)}` : ''}`);
  }

  private infoLine(info: SearchInfo): void {
    const mate = mateIn(info.score);
    const pv = info.pv.map((m) => this.formatMove(m)).join(' ');
    const t = Math.round(info.timeMs);
    if (this.dialect !== 'ucci') {
      const score = mate === null ? `cp ${info.score}` : `mate ${mate}`;
      this.out(`info depth ${info.depth} seldepth ${info.seldepth} score ${score} nodes ${info.nodes} nps ${info.nps} time ${t} pv ${pv}`);
    } else {
      this.out(`info depth ${info.depth} score ${info.score} time ${t} nodes ${info.nodes} pv ${pv}`);
    }
  }
}
