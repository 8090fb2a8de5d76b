/**
 * UCI for xiangqi as Fairy-Stockfish speaks it (`setoption name UCI_Variant value xiangqi`, moves
 * with ranks 1–10 like `h3e3`, `b3b10`, standard xiangqi FEN), and UCCI, the Chinese-chess
 * dialect (`ucci`/`ucciok`, ICCS moves with ranks 0–9, `setoption <name> <value>` without the
 * keywords, `go time T increment I opptime …`, `banmoves`, `nobestmove`, `bye`).
 *
 * UCCI times are in seconds unless the GUI sets `usemillisec` (as ElephantEye's UCCI 3.0 does);
 * UCI times are milliseconds. As CECP's session, this one never throws on input, answers
 * `isready` even while searching, and searches asynchronously (`stop` gives the best move so far).
 */
import type { Move } from '../core/move.js';
import { legalMoves } from '../core/perft.js';
import type { Position } from '../core/position.js';
import { historyEntry, replay } from '../engine/history.js';
import { mateIn, type HistoryEntry, type SearchInfo } from '../engine/search.js';
import { formatUcciMove, formatUciMove, parseUcciMove, parseUciMove } from './dialect.js';
import { gameFromName } from '../games/registry.js';
import { XIANGQI_XBOARD as XIANGQI } from '../games/xiangqi/xboard.js';
import type { Thinker, Thinking, ThinkLimits, Thought } from './thinker.js';
import { allocate, type TimeControl } from './timing.js';
import { ENGINE_NAME } from './xboard.js';
import { formatProblem } from '../core/problem.js';

export type UciDialect = 'uci' | 'ucci';

export interface UciOptions {
  readonly dialect: UciDialect;
  readonly thinker: Thinker;
  readonly write: (line: string) => void;
  readonly onQuit?: () => void;
  readonly level?: number | null;
  /** Extra search limits (tests). */
  readonly limits?: ThinkLimits;
}

interface Running {
  readonly thinking: Thinking;
  /** For banmoves: more root moves still to search one by one. */
  cancelled: boolean;
}

export class UciSession {
  private readonly opts: UciOptions;
  private readonly dialect: UciDialect;
  private start: Position = XIANGQI.start();
  private moves: Move[] = [];
  private pos: Position = this.start.clone();
  private banned: Move[] = [];
  private level: number | null;
  private millis = false;
  private running: Running | null = null;
  private quitting = false;
  private idleWaiters: (() => void)[] = [];

  constructor(opts: UciOptions) {
    this.opts = opts;
    this.dialect = opts.dialect;
    this.level = opts.level && opts.level > 0 ? opts.level : null;
  }

  idle(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private out(line: string): void {
    this.opts.write(line);
  }

  private formatMove(m: Move): string {
    return this.dialect === 'uci' ? formatUciMove(m) : formatUcciMove(m);
  }

  private parseMove(pos: Position, text: string) {
    return this.dialect === 'uci' ? parseUciMove(pos, text) : parseUcciMove(pos, text);
  }

  private info(text: string): void {
    this.out(this.dialect === 'uci' ? `info string ${text}` : `info ${text}`);
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
        this.hello();
        return;
      case 'isready':
        this.out('readyok');
        return;
      case 'debug':
      case 'ponderhit':
      case 'register':
      case 'probe':
        return;
      case 'setoption':
        this.setOption(args);
        return;
      case 'ucinewgame':
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
    if (this.dialect === 'uci') {
      this.out('option name UCI_Variant type combo default xiangqi var xiangqi');
      this.out(`option name Level type spin default ${this.level ?? 0} min 0 max 8`);
      this.out('uciok');
    } else {
      this.out('option usemillisec type check default false');
      this.out(`option level type spin default ${this.level ?? 0} min 0 max 8`);
      this.out('ucciok');
    }
  }

  private setOption(args: readonly string[]): void {
    let name: string;
    let value: string;
    if (args[0] === 'name') {
      const v = args.indexOf('value');
      name = args.slice(1, v < 0 ? undefined : v).join(' ');
      value = v < 0 ? '' : args.slice(v + 1).join(' ');
    } else {
      name = args[0] ?? '';
      value = args.slice(1).join(' ');
    }
    switch (name.toLowerCase()) {
      case 'uci_variant':
        if (!gameFromName(value)?.protocols.includes('uci')) this.info(`variant ${value} is not supported (only xiangqi)`);
        return;
      case 'level': {
        const n = Number(value);
        this.level = Number.isInteger(n) && n >= 1 && n <= 8 ? n : null;
        return;
      }
      case 'usemillisec':
        this.millis = value.toLowerCase() === 'true' || value === '1' || value.toLowerCase() === 'on';
        return;
      default:
        // Hash, Threads, usebook, … are accepted and ignored
        return;
    }
  }

  private position(args: readonly string[]): void {
    let i = 0;
    let start: Position;
    if (args[0] === 'startpos') {
      start = XIANGQI.start();
      i = 1;
    } else if (args[0] === 'fen') {
      const end = args.indexOf('moves');
      const fen = args.slice(1, end < 0 ? undefined : end).join(' ');
      const r = XIANGQI.parseFen(fen);
      if (!r.ok) {
        this.info(`bad position: ${formatProblem(r.error)}`);
        return;
      }
      start = r.value;
      i = end < 0 ? args.length : end;
    } else {
      this.info('bad position: expected startpos or fen');
      return;
    }
    const moves: Move[] = [];
    const pos = start.clone();
    if (args[i] === 'moves') {
      for (const text of args.slice(i + 1)) {
        const r = this.parseMove(pos, text);
        if (!r.ok) {
          this.info(`bad move ${text}: ${formatProblem(r.error)}; the position stops before it`);
          break;
        }
        pos.play(r.value);
        moves.push(r.value);
      }
    }
    this.start = start;
    this.moves = moves;
    this.pos = pos;
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

  private history(): HistoryEntry[] {
    return replay(this.start, this.moves).history;
  }

  private go(args: readonly string[]): void {
    const num = (key: string): number | null => {
      const k = args.indexOf(key);
      if (k < 0) return null;
      const v = Number(args[k + 1]);
      return Number.isFinite(v) ? v : null;
    };
    const unit = this.dialect === 'uci' || this.millis ? 1 : 1000;
    const turn = this.pos.turn;
    let myTime: number | null;
    let inc: number;
    if (this.dialect === 'uci') {
      myTime = num(turn === 0 ? 'wtime' : 'btime');
      inc = num(turn === 0 ? 'winc' : 'binc') ?? 0;
    } else {
      myTime = num('time');
      inc = num('increment') ?? 0;
    }
    const mtg = num('movestogo');
    const moveTime = num('movetime');
    const depth = num('depth');
    const nodes = num('nodes');
    const infinite = args.includes('infinite') || args.includes('ponder');
    const limits: ThinkLimits = { ...(this.opts.limits ?? {}) };
    if (depth !== null && depth > 0) limits.depth = Math.min(limits.depth ?? Infinity, depth);
    if (nodes !== null && nodes > 0) limits.nodes = nodes;
    if (!infinite && (moveTime !== null || myTime !== null)) {
      const tc: TimeControl = {
        movesPerSession: mtg ?? 0,
        baseMs: (myTime ?? 0) * unit,
        incMs: inc * unit,
        moveTimeMs: moveTime !== null ? moveTime * unit : null,
      };
      const a = allocate(tc, myTime !== null ? myTime * unit : null, mtg, 35);
      limits.timeMs ??= a.timeMs;
      limits.softTimeMs ??= a.softTimeMs;
    }
    const useLevel = this.level !== null && depth === null && nodes === null && !infinite;
    const legal = legalMoves(this.pos);
    const candidates = legal.filter((m) => !this.banned.includes(m));
    if (candidates.length === 0) {
      this.out(this.dialect === 'uci' ? 'bestmove (none)' : 'nobestmove');
      return;
    }
    if (this.banned.length > 0 && candidates.length < legal.length) {
      this.searchRootSubset(candidates, limits);
      return;
    }
    const thinking = this.opts.thinker.think({
      pos: this.pos,
      history: this.history(),
      limits,
      level: useLevel ? this.level : null,
      onInfo: (info) => this.infoLine(info),
    });
    this.track(thinking, (t) => this.bestMove(t.move));
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
    const hist = this.history();
    hist.push(historyEntry(this.pos));
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
      const pos = this.pos.clone();
      pos.play(m);
      current = this.opts.thinker.think({ pos, history: hist, limits: child });
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

  private track(thinking: Thinking, done: (t: Thought) => void): void {
    const run: Running = { thinking, cancelled: false };
    this.running = run;
    const finish = () => {
      this.running = null;
      const w = this.idleWaiters;
      this.idleWaiters = [];
      for (const f of w) f();
    };
    thinking.promise.then(
      (t) => {
        if (!run.cancelled) done(t);
        finish();
      },
      (e: unknown) => {
        this.info(`search failed: ${e instanceof Error ? e.message : String(e)}`);
        if (!run.cancelled) this.out(this.dialect === 'uci' ? 'bestmove (none)' : 'nobestmove');
        finish();
      },
    );
  }

  /** Stops the search; with `silent` no bestmove is printed (a new position came in). */
  private stopSearch(silent: boolean): void {
    const run = this.running!;
    if (silent) run.cancelled = true;
    run.thinking.abort();
  }

  private bestMove(m: Move): void {
    if (m === 0) this.out(this.dialect === 'uci' ? 'bestmove (none)' : 'nobestmove');
    else this.out(`bestmove ${this.formatMove(m)}`);
  }

  private infoLine(info: SearchInfo): void {
    const mate = mateIn(info.score);
    const pv = info.pv.map((m) => this.formatMove(m)).join(' ');
    const t = Math.round(info.timeMs);
    if (this.dialect === 'uci') {
      const score = mate === null ? `cp ${info.score}` : `mate ${mate}`;
      this.out(`info depth ${info.depth} seldepth ${info.seldepth} score ${score} nodes ${info.nodes} nps ${info.nps} time ${t} pv ${pv}`);
    } else {
      this.out(`info depth ${info.depth} score ${info.score} time ${t} nodes ${info.nodes} pv ${pv}`);
    }
  }
}
