/**
 * chuhan as a GUI: drives another engine program over pipes in UCI (incl. Fairy-Stockfish's
 * `UCI_Variant`), UCCI, USI (chu, lishogi's SFEN and moves) or CECP/XBoard (chu legs, `@@@@`).
 *
 * The protocol is the one given, or found by handshake (`uci`, then `xboard`/`protover 2`, `usi`,
 * `ucci`). Every search is one request: the start position and the moves since, the limits, and
 * a callback for the engine's progress lines; the engine's move comes back parsed against our legal
 * moves. Failures are values (`EngineError`): the program is missing, does not answer in time, dies,
 * plays a move our rules do not allow, or cannot play the game. The caller's game is never touched.
 */
import { availableParallelism, loadavg } from 'node:os';
import { escapeControls, quoteInput } from '../core/text.js';
import { formatProblem } from '../core/problem.js';
import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';
import { err, ok, type Result } from '../core/result.js';
import type { GameId } from '../games/registry.js';
import type { UciDialect } from '../games/game.js';
import { parseFeatures } from './cecp.js';
import { parseOptionLine, parseXboardOptionFeature, setOptionLine } from '../protocol/options.js';
import { wireOf, gameOfVariantName, gamesOfProtocol, type ClientProtocol, type WireFormat } from '../protocol/engine-dialects.js';
import { EngineProcess } from './process.js';
import { samePosition } from '../play/line.js';

export type { ClientProtocol } from '../protocol/engine-dialects.js';
export const CLIENT_PROTOCOLS: readonly ClientProtocol[] = ['uci', 'ucci', 'usi', 'xboard'];

export type EngineErrorKind = 'missing' | 'no-answer' | 'died' | 'illegal-move' | 'unsupported' | 'protocol';

export interface EngineError {
  readonly kind: EngineErrorKind;
  /** One sentence for the user. */
  readonly message: string;
}

export type OptionValue = string | number | boolean;

export interface EngineSpec {
  /** What we call it (`fairy-stockfish`, a name from engines.json, or the command). */
  readonly name: string;
  readonly command: string;
  /** Given, or found by handshake. */
  readonly protocol?: ClientProtocol;
  /**
   * UCI: `pikafish` (no `UCI_Variant` is set; the game's native wire: xiangqi ICCS, ranks 0–9) or
   * `fairy-stockfish` (`UCI_Variant`, ranks 1–10). Unset: found from the `uci` answer, Pikafish's
   * when it lists no `UCI_Variant` option.
   */
  readonly dialect?: UciDialect;
  /** Engine options set after the handshake (`Threads`, `Hash`, `UCI_Elo`, HaChu's `Allow repeats`). */
  readonly options?: Readonly<Record<string, OptionValue>>;
  readonly cwd?: string;
  /** MB for CECP engines asking `memory` (HaChu needs it). */
  readonly memoryMb?: number;
}

export interface ClientOptions {
  /** Every line in and out. */
  readonly log?: (line: string) => void;
  /** How long the engine may take to answer the handshake and `isready` (ms, default 10 s). */
  readonly answerMs?: number;
  /** Grace after a search's own limit before the engine counts as not answering (ms, default 5 s). */
  readonly graceMs?: number;
}

export interface EngineInfo {
  readonly depth: number;
  readonly seldepth: number | null;
  /** 1 for the main line. */
  readonly multipv: number;
  /** Centipawns for the side to move (null with a mate score). */
  readonly score: number | null;
  /** Mate in N moves for (+) or against (−) the side to move. */
  readonly mate: number | null;
  readonly nodes: number | null;
  readonly nps: number | null;
  readonly timeMs: number | null;
  /** The line as far as our rules could follow it. */
  readonly pv: readonly Move[];
}

export interface EngineAnswer {
  /** 0: the engine has no move (mated, stalemated, or it resigned). */
  readonly move: Move;
  readonly ponder: Move | null;
  readonly resigned: boolean;
  /** The last main-line progress report. */
  readonly info: EngineInfo | null;
  /** The move as the engine wrote it. */
  readonly text: string;
}

export interface ClockLimits {
  /** Time left of the side to move and of the other side (ms). */
  readonly mineMs: number;
  readonly theirsMs: number;
  readonly incMs?: number;
  readonly movesToGo?: number;
  /** USI byoyomi (ms). */
  readonly byoyomiMs?: number;
}

export interface ClientLimits {
  readonly timeMs?: number;
  readonly depth?: number;
  readonly nodes?: number;
  readonly clock?: ClockLimits;
  /** Until `stop()`. */
  readonly infinite?: boolean;
}

export interface SearchRequest {
  readonly game: GameId;
  readonly start: Position;
  readonly moves: readonly Move[];
  readonly limits: ClientLimits;
  readonly multiPv?: number;
  readonly onInfo?: (info: EngineInfo) => void;
}

export interface EngineSearch {
  readonly promise: Promise<Result<EngineAnswer, EngineError>>;
  /** Asks for the move now (UCI `stop`, CECP `?`/`exit`). */
  stop(): void;
}

interface OptionDecl {
  readonly name: string;
  readonly type: string;
  readonly vars: readonly string[];
}

/**
 * A name from an engine (`id name`, `myname`) or for one (engines.json, a command) as shown to the
 * user: control characters escaped as in every quote of input (core/text.ts), cut to `max`
 * characters with an ellipsis. An engine is untrusted input: its name never reaches a terminal raw.
 */
export function engineText(text: string, max = 60): string {
  const chars = Array.from(text);
  return escapeControls(chars.length <= max ? text : chars.slice(0, max - 1).join('') + '…');
}

const fail = (kind: EngineErrorKind, message: string): Result<never, EngineError> => err({ kind, message });

/** A search answered by this many lines or more and no move is reported as a flood. */
const FLOOD_LINES = 100_000;

/** A search limited only by depth or nodes may take this long. */
const UNTIMED_MS = 300_000;

export class EngineClient {
  readonly spec: EngineSpec;
  private readonly proc: EngineProcess;
  /** Our name for it, safe to show (`engineText`). */
  private readonly label: string;
  private readonly answerMs: number;
  private readonly graceMs: number;
  private protocolFound: ClientProtocol | null = null;
  /** UCI spoken as Pikafish speaks it (no UCI_Variant, the games' `uciNative` wires). */
  private native = false;
  private idName: string | null = null;
  private readonly declared = new Map<string, OptionDecl>();
  private readonly features = new Map<string, string>();
  private gamesFound: GameId[] = [];
  private currentGame: GameId | null = null;
  /** The game last sent (`movesText`), kept so the next request writes only its new moves. */
  private sent: { wire: WireFormat; start: Position; pos: Position; room: number; moves: Move[]; texts: string[] } | null = null;
  private multiPvSet = 1;
  private queue: Promise<unknown> = Promise.resolve();
  private pingCounter = 0;
  private closed = false;

  private constructor(spec: EngineSpec, o: ClientOptions) {
    this.spec = spec;
    this.answerMs = o.answerMs ?? 10_000;
    this.graceMs = o.graceMs ?? 5000;
    this.label = engineText(spec.name);
    this.proc = new EngineProcess({
      command: spec.command,
      label: spec.name,
      ...(spec.cwd ? { cwd: spec.cwd } : {}),
      ...(o.log ? { log: o.log } : {}),
    });
  }

  /** Starts the engine and shakes hands; the client is ready for `search`. */
  static async open(spec: EngineSpec, o: ClientOptions = {}): Promise<Result<EngineClient, EngineError>> {
    const c = new EngineClient(spec, o);
    const r = await c.handshake();
    if (!r.ok) {
      c.proc.kill();
      return r;
    }
    return ok(c);
  }

  get protocol(): ClientProtocol {
    return this.protocolFound!;
  }

  /** UCI: the dialect spoken (given, or found from the `uci` answer); other protocols: null. */
  get dialect(): UciDialect | null {
    return this.protocolFound === 'uci' ? (this.native ? 'pikafish' : 'fairy-stockfish') : null;
  }

  /** How a game is written to this engine: its protocol's wire, UCI in Pikafish's dialect the native one. */
  private wireFor(game: GameId): WireFormat | undefined {
    const w = wireOf(game);
    return this.native ? w.uciNative : w[this.protocol];
  }

  /** The engine's own name (`id name`, `myname`), else ours: escaped and cut (`engineText`). */
  get name(): string {
    return this.idName !== null ? engineText(this.idName) : this.label;
  }

  /** The games of ours this engine says it plays. */
  get games(): readonly GameId[] {
    return this.gamesFound;
  }

  get alive(): boolean {
    return this.proc.alive;
  }

  /** The option names the engine declared. */
  get optionNames(): string[] {
    return [...this.declared.values()].map((d) => d.name);
  }

  private died(): Result<never, EngineError> {
    const why = this.proc.failure;
    if (why) return fail('protocol', `the engine ${this.label} was ended: ${why}`);
    return fail('died', `the engine ${this.label} stopped (${this.proc.exitDescription()})`);
  }

  /** A search the engine did not answer, even when told to move now: it is ended (its late move would answer the next search). */
  private silent(linesBefore: number): Result<never, EngineError> {
    this.proc.kill();
    const lines = this.proc.linesRead - linesBefore;
    // a flood of lines without a move is said as such (its memory stayed bounded: process.ts)
    const wrote = lines >= FLOOD_LINES ? ` wrote ${lines.toLocaleString('en-US')} lines but` : '';
    return fail('no-answer', `the engine ${this.label}${wrote} gave no move in time, nor when told to move now; it was ended`);
  }

  // --- handshake ------------------------------------------------------------------------------

  private async handshake(): Promise<Result<void, EngineError>> {
    const problem = this.proc.start();
    if (problem) return fail('missing', `cannot start the engine ${this.label}: ${problem}`);
    const given = this.spec.protocol;
    if (given) {
      const wait = this.answerMs * loadStretch();
      const r = given === 'xboard' ? await this.helloXboard(wait) : await this.helloUciLike(given, wait);
      if (r === 'dead') return this.died();
      if (r !== 'yes') return fail('no-answer', `the engine ${this.label} did not answer the ${given} handshake within ${Math.round(wait / 100) / 10} s`);
      this.protocolFound = given;
    } else {
      const found = await this.detect();
      if (!found.ok) return found;
      this.protocolFound = found.value;
    }
    return this.configure();
  }

  private async detect(): Promise<Result<ClientProtocol, EngineError>> {
    // uci first (most engines); an xboard engine answers it with an error line: go there next
    const stretch = loadStretch();
    const first = await this.helloUciLike('uci', Math.min(this.answerMs, 3000) * stretch, true);
    if (first === 'dead') return this.died();
    if (first === 'yes') return ok('uci');
    const xb = await this.helloXboard(Math.min(this.answerMs, 2000) * stretch);
    if (xb === 'dead') return this.died();
    if (xb === 'yes') return ok('xboard');
    for (const p of ['usi', 'ucci'] as const) {
      const r = await this.helloUciLike(p, Math.min(this.answerMs, 1500) * stretch);
      if (r === 'dead') return this.died();
      if (r === 'yes') return ok(p);
    }
    return fail('no-answer', `the engine ${this.label} answered none of uci, xboard, usi, ucci (give its protocol in engines.json)`);
  }

  /** `uci`/`usi`/`ucci` … `uciok`/`usiok`/`ucciok`, recording `id name` and the options. */
  private async helloUciLike(p: 'uci' | 'usi' | 'ucci', waitMs: number, probing = false): Promise<'yes' | 'no' | 'xboard' | 'dead'> {
    this.proc.send(p);
    const okWord = `${p}ok`;
    const deadline = Date.now() + waitMs;
    for (;;) {
      const line = await this.proc.nextLine(deadline);
      if (line === null) return this.proc.exited ? 'dead' : 'no';
      const t = line.trim();
      if (t === okWord) return 'yes';
      let m: RegExpExecArray | null;
      if ((m = /^id\s+name\s+(.+)$/.exec(t))) this.idName = m[1]!.trim();
      else if (t.startsWith('option ')) this.declareOption(t.slice(7), p);
      else if (probing && /^(feature\s|tellics|Error|Illegal move|#)/.test(t)) return 'xboard';
    }
  }

  private declareOption(text: string, p: 'uci' | 'usi' | 'ucci'): void {
    const d = parseOptionLine(p, text);
    if (d) this.declared.set(d.name.toLowerCase(), d);
  }

  private async helloXboard(waitMs: number): Promise<'yes' | 'no' | 'dead'> {
    this.proc.send('xboard');
    this.proc.send('protover 2');
    let deadline = Date.now() + waitMs;
    let heard = false;
    for (;;) {
      const line = await this.proc.nextLine(deadline);
      if (line === null) {
        if (this.proc.exited) return 'dead';
        return heard ? 'yes' : 'no';
      }
      const t = line.trim();
      if (!t.startsWith('feature ')) continue;
      heard = true;
      for (const [k, v] of parseFeatures(t.slice(8))) {
        this.features.set(k, v);
        if (k !== 'done') this.proc.send(`accepted ${k}`);
        if (k === 'done' && v === '0') deadline = Date.now() + 60_000;
        if (k === 'myname') this.idName = v;
        if (k === 'option') {
          const d = parseXboardOptionFeature(v);
          this.declared.set(d.name.toLowerCase(), d);
        }
      }
      if (this.features.get('done') === '1') return 'yes';
      // after the first feature line the rest follow quickly
      deadline = Math.max(deadline, Date.now() + 1000);
    }
  }

  /** The games, then the options of engines.json. */
  private async configure(): Promise<Result<void, EngineError>> {
    const p = this.protocol;
    const possible = gamesOfProtocol(p);
    if (p === 'xboard') {
      const names = (this.features.get('variants') ?? '').split(',').map((v) => v.trim()).filter((v) => v !== '');
      this.gamesFound = possible.filter((g) => names.some((n) => gameOfVariantName(n) === g));
    } else {
      const variant = this.declared.get('uci_variant');
      // UCI without UCI_Variant (or told so): Pikafish's dialect, for the games that have one
      this.native = p === 'uci' && (this.spec.dialect === 'pikafish' || (this.spec.dialect === undefined && !variant));
      if (this.native) this.gamesFound = possible.filter((g) => wireOf(g).uciNative !== undefined);
      else this.gamesFound = variant ? possible.filter((g) => variant.vars.some((v) => gameOfVariantName(v) === g)) : possible;
    }
    for (const [name, value] of Object.entries(this.spec.options ?? {})) this.setOption(name, value);
    if (p !== 'xboard') {
      // UCCI: millisecond times where the engine offers them
      if (p === 'ucci' && this.declared.has('usemillisec')) this.proc.send(setOptionLine('ucci', 'usemillisec', true));
      const r = await this.ready();
      if (!r.ok) return r;
    }
    return ok(undefined);
  }

  /** Sets an engine option in the protocol's words. */
  setOption(name: string, value: OptionValue): void {
    this.proc.send(setOptionLine(this.protocol, name, value));
  }

  private hasOption(name: string): OptionDecl | undefined {
    return this.declared.get(name.toLowerCase());
  }

  /** `isready` … `readyok` (lines before it are stale: dropped). */
  private async ready(): Promise<Result<void, EngineError>> {
    this.proc.send('isready');
    const deadline = Date.now() + this.answerMs;
    for (;;) {
      const line = await this.proc.nextLine(deadline);
      if (line === null) return this.proc.exited ? this.died() : fail('no-answer', `the engine ${this.label} did not answer isready within ${this.answerMs / 1000} s`);
      if (line.trim() === 'readyok') return ok(undefined);
    }
  }

  /** CECP `ping N` … `pong N` (engines without ping: nothing). */
  private async sync(): Promise<Result<void, EngineError>> {
    if (this.features.get('ping') !== '1') return ok(undefined);
    const n = ++this.pingCounter;
    this.proc.send(`ping ${n}`);
    const deadline = Date.now() + this.answerMs;
    for (;;) {
      const line = await this.proc.nextLine(deadline);
      if (line === null) return this.proc.exited ? this.died() : fail('no-answer', `the engine ${this.label} did not answer ping within ${this.answerMs / 1000} s`);
      if (line.trim() === `pong ${n}`) return ok(undefined);
      if (line.startsWith('tellusererror '))
        return fail('protocol', `the engine ${this.label} refused the game: ${quoteInput(line.slice(14).trim())}`);
    }
  }

  // --- searching ------------------------------------------------------------------------------

  /** One search; requests wait for the one before them. */
  search(req: SearchRequest): EngineSearch {
    const control = { stopped: false, onStop: null as (() => void) | null };
    const run = async (): Promise<Result<EngineAnswer, EngineError>> => {
      if (this.closed) return fail('died', `the engine ${this.label} was closed`);
      if (!this.proc.alive) return this.died();
      const wire = this.wireFor(req.game);
      if (!wire || !this.gamesFound.includes(req.game))
        return fail('unsupported', `the engine ${this.label} (${this.protocol}) does not play ${req.game}`);
      return this.protocol === 'xboard' ? this.searchXboard(req, wire, control) : this.searchUciLike(req, wire, control);
    };
    const promise = this.queue.then(run, run);
    this.queue = promise.catch(() => {});
    return {
      promise,
      stop: () => {
        if (control.stopped) return;
        control.stopped = true;
        control.onStop?.();
      },
    };
  }

  private deadlineOf(limits: ClientLimits): number {
    if (limits.infinite) return Infinity;
    let ms = 0;
    if (limits.timeMs !== undefined) ms = limits.timeMs * 1.5;
    else if (limits.clock) ms = limits.clock.mineMs + (limits.clock.byoyomiMs ?? 0) + (limits.clock.incMs ?? 0);
    else ms = UNTIMED_MS;
    return Date.now() + ms + this.graceMs * loadStretch();
  }

  /**
   * The moves in the protocol's text, each formatted in its own position; and the last position (a
   * copy). The game of the last request is kept: the moves in common keep their texts, only the
   * others are played and written (a `go` after one more move writes one move).
   */
  private movesText(req: SearchRequest, wire: WireFormat): { texts: string[]; pos: Position } {
    let c = this.sent;
    if (!c || c.wire !== wire || req.moves.length + 8 > c.room || !samePosition(c.start, req.start)) {
      const room = req.moves.length + 512;
      c = { wire, start: req.start.clone(1), pos: req.start.clone(room), room, moves: [], texts: [] };
      this.sent = c;
    }
    let common = 0;
    const n = Math.min(c.moves.length, req.moves.length);
    while (common < n && c.moves[common] === req.moves[common]) common++;
    while (c.moves.length > common) {
      c.pos.undo();
      c.moves.pop();
      c.texts.pop();
    }
    for (let k = common; k < req.moves.length; k++) {
      const m = req.moves[k]!;
      c.texts.push(wire.formatMove(m, c.pos));
      c.pos.play(m);
      c.moves.push(m);
    }
    return { texts: [...c.texts], pos: c.pos.clone() };
  }

  private async searchUciLike(
    req: SearchRequest,
    wire: WireFormat,
    control: { stopped: boolean; onStop: (() => void) | null },
  ): Promise<Result<EngineAnswer, EngineError>> {
    const p = this.protocol as 'uci' | 'usi' | 'ucci';
    if (this.currentGame !== req.game) {
      // USI engines that play several games (Fairy-Stockfish in USI mode, chuhan) declare USI_Variant
      const variant = this.native ? undefined : this.hasOption(p === 'usi' ? 'USI_Variant' : 'UCI_Variant');
      if (variant) {
        const name = wireOf(req.game).uciVariants.find((v) => variant.vars.includes(v)) ?? wireOf(req.game).uciVariants[0]!;
        this.setOption(variant.name, name);
      }
      if (p !== 'ucci') this.proc.send(p === 'uci' ? 'ucinewgame' : 'usinewgame');
      this.currentGame = req.game;
    }
    const multi = Math.max(1, req.multiPv ?? 1);
    if (multi !== this.multiPvSet && this.hasOption('MultiPV')) {
      this.setOption(this.hasOption('MultiPV')!.name, multi);
      this.multiPvSet = multi;
    }
    const r = await this.ready();
    if (!r.ok) return r;
    const { texts, pos } = this.movesText(req, wire);
    const fenWord = p === 'usi' ? 'sfen' : 'fen';
    this.proc.send(`position ${fenWord} ${wire.fen(req.start)}${texts.length ? ' moves ' + texts.join(' ') : ''}`);
    this.proc.send(this.goCommand(p, req.limits, pos.turn));
    let deadline = this.deadlineOf(req.limits);
    const linesBefore = this.proc.linesRead;
    control.onStop = () => {
      this.proc.send('stop');
      deadline = Math.min(deadline, Date.now() + this.graceMs);
    };
    if (control.stopped) control.onStop();
    let last: EngineInfo | null = null;
    let askedToStop = false;
    for (;;) {
      const line = await this.proc.nextLine(deadline);
      if (line === null) {
        if (this.proc.exited) return this.died();
        if (!askedToStop && !control.stopped) {
          // over its time: ask for the move, then give up
          askedToStop = true;
          this.proc.send('stop');
          deadline = Date.now() + this.graceMs * loadStretch();
          continue;
        }
        return this.silent(linesBefore);
      }
      const t = line.trim();
      if (t.startsWith('info ')) {
        const info = parseUciInfo(t.slice(5), pos, wire, p);
        if (info) {
          if (info.multipv === 1) last = info;
          req.onInfo?.(info);
        }
        continue;
      }
      if (t === 'nobestmove') return ok({ move: 0, ponder: null, resigned: false, info: last, text: t });
      const m = /^bestmove\s+(\S+)(?:\s+ponder\s+(\S+))?/.exec(t);
      if (!m) continue;
      const text = m[1]!;
      if (text === '(none)' || text === '0000' || text === 'resign' || text === 'win')
        return ok({ move: 0, ponder: null, resigned: text === 'resign', info: last, text });
      const mv = wire.parseMove(pos, text);
      if (!mv.ok) return fail('illegal-move', `the engine ${this.label} played ${quoteInput(text, 20)}, which is not a legal move here (${formatProblem(mv.error, wire.problemContext)})`);
      let ponder: Move | null = null;
      if (m[2]) {
        const after = pos.clone();
        after.play(mv.value);
        const pr = wire.parseMove(after, m[2]);
        if (pr.ok) ponder = pr.value;
      }
      return ok({ move: mv.value, ponder, resigned: false, info: last, text });
    }
  }

  private goCommand(p: 'uci' | 'usi' | 'ucci', l: ClientLimits, turn: number): string {
    return goLine(p, l, turn, this.declared.has('usemillisec'));
  }

  private async searchXboard(
    req: SearchRequest,
    wire: WireFormat,
    control: { stopped: boolean; onStop: (() => void) | null },
  ): Promise<Result<EngineAnswer, EngineError>> {
    const game = wireOf(req.game);
    if (this.currentGame !== req.game && this.features.get('memory') === '1') this.proc.send(`memory ${this.spec.memoryMb ?? 64}`);
    this.currentGame = req.game;
    this.proc.send('new');
    this.proc.send(`variant ${game.xboardVariant}`);
    this.proc.send('force');
    const fen = wire.fen(req.start);
    if (fen !== wire.fen(game.start())) {
      if (this.features.get('setboard') !== '1')
        return fail('unsupported', `the engine ${this.label} cannot be given a position (no setboard), only games from the start`);
      this.proc.send(`setboard ${fen}`);
    }
    const { texts, pos } = this.movesText(req, wire);
    const usermove = this.features.get('usermove') === '1';
    for (const t of texts) this.proc.send(usermove ? `usermove ${t}` : t);
    const l = req.limits;
    const analyse = Boolean(l.infinite) || (l.timeMs === undefined && l.depth === undefined && l.nodes === undefined && !l.clock);
    if (!analyse) {
      // HaChu wants a `level` before its first `go`; st/sd then bound the move
      if (l.clock) {
        // CECP has no byo-yomi: it is given as the increment, and counted in the time of this move
        const byo = l.clock.byoyomiMs ?? 0;
        const base = Math.max(1, Math.round(l.clock.mineMs / 1000));
        this.proc.send(`level ${l.clock.movesToGo ?? 0} ${Math.floor(base / 60)}:${String(base % 60).padStart(2, '0')} ${Math.round((l.clock.incMs ?? byo) / 1000)}`);
        // centiseconds, before the move (`go` or the usermove)
        this.proc.send(`time ${Math.round((l.clock.mineMs + byo) / 10)}`);
        this.proc.send(`otim ${Math.round((l.clock.theirsMs + byo) / 10)}`);
      } else {
        // a fixed time: `st` for the engines that honour it; HaChu ignores st and budgets from its
        // clock, so it gets a sudden-death clock of ten times the move's time (and `?` at the time)
        const clockS = l.timeMs !== undefined ? Math.max(1, Math.round((l.timeMs * 10) / 1000)) : 3600;
        this.proc.send(`level 0 ${Math.floor(clockS / 60)}:${String(clockS % 60).padStart(2, '0')} 0`);
        this.proc.send(`st ${l.timeMs !== undefined ? Math.max(1, Math.round(l.timeMs / 1000)) : 3600}`);
        this.proc.send(`time ${clockS * 100}`);
        this.proc.send(`otim ${clockS * 100}`);
      }
      if (l.depth !== undefined) this.proc.send(`sd ${l.depth}`);
      if (l.nodes !== undefined && this.features.get('nps') !== '0') this.proc.send(`nps ${l.nodes}`);
    }
    this.proc.send('post');
    const s = await this.sync();
    if (!s.ok) return s;
    this.proc.send(analyse ? 'analyze' : 'go');
    let deadline = this.deadlineOf(analyse ? { infinite: true } : l);
    control.onStop = () => {
      this.proc.send(analyse ? 'exit' : '?');
      deadline = Math.min(deadline, Date.now() + (analyse ? 300 : this.graceMs));
    };
    if (control.stopped) control.onStop();
    const moveNow = !analyse && l.timeMs !== undefined ? setTimeout(() => this.proc.send('?'), l.timeMs) : null;
    try {
      return await this.readXboard(analyse, pos, wire, req, control, () => deadline);
    } finally {
      if (moveNow) clearTimeout(moveNow);
    }
  }

  private async readXboard(
    analyse: boolean,
    pos: Position,
    wire: WireFormat,
    req: SearchRequest,
    control: { stopped: boolean },
    deadlineNow: () => number,
  ): Promise<Result<EngineAnswer, EngineError>> {
    let last: EngineInfo | null = null;
    let partial = '';
    const linesBefore = this.proc.linesRead;
    for (;;) {
      const line = await this.proc.nextLine(deadlineNow());
      if (line === null) {
        if (this.proc.exited) return this.died();
        if (analyse && control.stopped) {
          const move = last?.pv[0] ?? 0;
          return ok({ move, ponder: last?.pv[1] ?? null, resigned: false, info: last, text: move ? wire.formatMove(move, pos) : '' });
        }
        return this.silent(linesBefore);
      }
      const t = line.trim();
      let m: RegExpExecArray | null;
      if ((m = /^move\s+(\S+)/.exec(t))) {
        if (m[1]!.endsWith(',')) {
          partial += m[1];
          continue;
        }
        const text = partial + m[1]!;
        partial = '';
        this.proc.send('force');
        const mv = wire.parseMove(pos, text);
        if (!mv.ok) return fail('illegal-move', `the engine ${this.label} played ${quoteInput(text, 20)}, which is not a legal move here (${formatProblem(mv.error, wire.problemContext)})`);
        return ok({ move: mv.value, ponder: last?.pv[0] === mv.value ? (last.pv[1] ?? null) : null, resigned: false, info: last, text });
      }
      if (/^resign/i.test(t) || /^(1-0|0-1|1\/2-1\/2)\b/.test(t)) {
        if (analyse) continue;
        this.proc.send('force');
        return ok({ move: 0, ponder: null, resigned: /^resign/i.test(t), info: last, text: t });
      }
      if (t.startsWith('tellusererror '))
        return fail('protocol', `the engine ${this.label} refused the game: ${quoteInput(t.slice(14).trim())}`);
      if (/^Illegal move/i.test(t))
        return fail('protocol', `the engine ${this.label} refused the game's moves: ${quoteInput(t)}`);
      const info = parseXboardThinking(t, pos, wire);
      if (info) {
        last = info;
        req.onInfo?.(info);
      }
    }
  }

  /** Says quit and waits a moment; kills the program if it lingers. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // a search still running (an infinite one nobody stopped) gets a stop and a moment
    this.proc.send(this.protocolFound === 'xboard' ? '?' : 'stop');
    await Promise.race([this.queue.catch(() => {}), new Promise((r) => setTimeout(r, 1000).unref())]);
    await this.proc.quit(this.protocolFound === null ? null : 'quit', 1000);
  }

  /** Stops at once (the current search's promise then resolves with an error). */
  kill(): void {
    this.closed = true;
    this.proc.kill();
  }
}

/** The moves of a PV text as far as they are legal, from `pos`. */
export function parsePv(tokens: readonly string[], pos: Position, wire: WireFormat): Move[] {
  const p = pos.clone();
  const out: Move[] = [];
  for (const tok of tokens) {
    if (/^\d+\.+$/.test(tok)) continue;
    const r = wire.parseMove(p, tok);
    if (!r.ok) break;
    out.push(r.value);
    p.play(r.value);
  }
  return out;
}

/** `depth 12 seldepth 18 multipv 1 score cp 35 nodes … pv h3e3 h10g8` (after `info `). */
export function parseUciInfo(text: string, pos: Position, wire: WireFormat, p: 'uci' | 'usi' | 'ucci'): EngineInfo | null {
  const w = text.split(/\s+/);
  if (w.includes('string') && w.indexOf('string') < (w.indexOf('pv') < 0 ? Infinity : w.indexOf('pv'))) return null;
  const num = (key: string): number | null => {
    const k = w.indexOf(key);
    if (k < 0) return null;
    const v = Number(w[k + 1]);
    return Number.isFinite(v) ? v : null;
  };
  const depth = num('depth');
  const pvAt = w.indexOf('pv');
  if (depth === null || pvAt < 0) return null;
  let score: number | null = null;
  let mate: number | null = null;
  const s = w.indexOf('score');
  if (s >= 0) {
    if (w[s + 1] === 'cp') score = Number(w[s + 2]);
    else if (w[s + 1] === 'mate') {
      const v = w[s + 2] ?? '';
      mate = v === '+' ? 1 : v === '-' ? -1 : Number(v);
      if (!Number.isFinite(mate)) mate = null;
    } else if (p === 'ucci') score = Number(w[s + 1]);
    if (score !== null && !Number.isFinite(score)) score = null;
  }
  return {
    depth,
    seldepth: num('seldepth'),
    multipv: num('multipv') ?? 1,
    score,
    mate,
    nodes: num('nodes'),
    nps: num('nps'),
    timeMs: num('time'),
    pv: parsePv(w.slice(pvAt + 1), pos, wire),
  };
}

/** CECP thinking output: `depth score time(cs) nodes pv…` (HaChu adds `{…}`); depths < 1 ignored. */
export function parseXboardThinking(text: string, pos: Position, wire: WireFormat): EngineInfo | null {
  const m = /^(\d+)[.&]?\s+(-?\d+)\s+(\d+)\s+(\d+)\s+(.*)$/.exec(text);
  if (!m) return null;
  const depth = Number(m[1]);
  if (depth < 1) return null;
  const raw = Number(m[2]);
  let score: number | null = raw;
  let mate: number | null = null;
  // CECP: mate scores as 100000 + N plies (a few engines use 10000s; those stay centipawns)
  if (Math.abs(raw) >= 100000) {
    mate = Math.sign(raw) * Math.max(1, Math.ceil((Math.abs(raw) - 100000) / 2));
    score = null;
  }
  const pvText = m[5]!.replace(/\{[^}]*\}/g, ' ').replace(/[()!?<>]/g, ' ');
  const cs = Number(m[3]);
  const nodes = Number(m[4]);
  return {
    depth,
    seldepth: null,
    multipv: 1,
    score,
    mate,
    nodes,
    nps: cs > 0 ? Math.round((nodes * 100) / cs) : null,
    timeMs: cs * 10,
    pv: parsePv(pvText.split(/\s+/).filter((x) => x !== ''), pos, wire),
  };
}

/**
 * The `go` line for a search in UCI, USI or UCCI (`turn`: the side to move, 0 the first player).
 * UCCI's times are in seconds unless the engine took `setoption usemillisec true` (`ucciMillis`).
 * The engine client and the match runner (src/match/uci-engine.ts) both write it here.
 */
export function goLine(p: 'uci' | 'usi' | 'ucci', l: ClientLimits, turn: number, ucciMillis: boolean): string {
  const parts = ['go'];
  if (l.infinite) parts.push('infinite');
  else {
    if (l.depth !== undefined) parts.push('depth', String(l.depth));
    if (l.nodes !== undefined) parts.push('nodes', String(l.nodes));
    const ucciUnit = (ms: number) => (ucciMillis ? Math.round(ms) : Math.max(1, Math.round(ms / 1000)));
    if (l.clock) {
      const c = l.clock;
      const mine = Math.max(0, Math.round(c.mineMs));
      const theirs = Math.max(0, Math.round(c.theirsMs));
      if (p === 'ucci') {
        parts.push('time', String(ucciUnit(mine)));
        if (c.movesToGo) parts.push('movestogo', String(c.movesToGo));
        else if (c.incMs) parts.push('increment', String(ucciUnit(c.incMs)));
        parts.push('opptime', String(ucciUnit(theirs)));
      } else {
        // UCI: white = the first player (red); USI: black (b) = sente, the first player
        const [firstMs, secondMs] = turn === 0 ? [mine, theirs] : [theirs, mine];
        const [a, b, ai, bi] = p === 'uci' ? ['wtime', 'btime', 'winc', 'binc'] : ['btime', 'wtime', 'binc', 'winc'];
        parts.push(a, String(firstMs), b, String(secondMs));
        if (c.incMs) parts.push(ai, String(c.incMs), bi, String(c.incMs));
        if (c.movesToGo) parts.push('movestogo', String(c.movesToGo));
        if (p === 'usi' && c.byoyomiMs) parts.push('byoyomi', String(c.byoyomiMs));
      }
    } else if (l.timeMs !== undefined) {
      const ms = Math.max(1, Math.round(l.timeMs));
      if (p === 'uci') parts.push('movetime', String(ms));
      else if (p === 'usi') parts.push('btime', '0', 'wtime', '0', 'byoyomi', String(ms));
      else parts.push('time', String(ucciUnit(ms)), 'movestogo', '1');
    } else if (l.depth === undefined && l.nodes === undefined) parts.push('infinite');
  }
  return parts.join(' ');
}

/**
 * How much longer to wait on an overloaded machine: half the load average per core, from 1 (up to
 * two runnable processes a core, e.g. a test suite or a match on an otherwise idle machine) to 8.
 * The waits for an engine's first answers and its grace after its time stretch with it, as the
 * engine's start and replies do there (a fixed wait ended sound engines at a load of 16 on 2 cores).
 */
export function loadStretch(): number {
  return Math.min(8, Math.max(1, (loadavg()[0] ?? 0) / availableParallelism() / 2));
}
