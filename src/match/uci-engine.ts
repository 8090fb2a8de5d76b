/**
 * A UCI engine in a match (`npm run match -- --engine-protocol uci …`), driven as a UCI GUI drives
 * it, behind the same surface as the CECP `XboardEngine` the runner plays: `uci`/`uciok`,
 * `isready`, `ucinewgame`, and for every move of its side `position fen <start> moves …` and
 * `go wtime … btime … winc … binc …` (or `movetime` for a time per move); `bestmove` is its move.
 *
 * Or a UCCI engine (`--opponent-protocol ucci`: ElephantEye), as a UCCI GUI drives it: `ucci`/
 * `ucciok`, `setoption usemillisec true` where it offers it (else its times are in seconds),
 * `isready`, `setoption newgame` where it offers that button, `position fen … moves …` in ICCS
 * (the game's `ucci` wire), `go time T increment I opptime O` (or `movestogo N`; a time per move
 * is `time T movestogo 1`). `bestmove M` is its move; `nobestmove`, and `bestmove M resign`, its
 * resignation; a `draw` after the move (an offer) is not taken up: our judge ends the game.
 *
 * Two dialects, as the engine client speaks them (src/engine-client/client.ts): Fairy-Stockfish's
 * (`UCI_Variant`, xiangqi ranks 1–10) and Pikafish's (no `UCI_Variant`, the game's `uciNative`
 * wire: ICCS ranks 0–9), given or found from the `uci` answer. The runner speaks CECP move text
 * (the game's XBoard dialect); this class keeps the game to translate both ways.
 */
import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';
import type { UciDialect, WireFormat } from '../games/game.js';
import { getGame } from '../games/registry.js';
import type { EngineProcess } from '../engine-client/process.js';
import type { ProtocolGame } from '../protocol/dialect.js';
import { parseOptionLine, setOptionLine } from '../protocol/options.js';
import { goLine } from '../engine-client/client.js';
import type { EngineMessage, XboardEngineOptions } from './external.js';
import { engineProcess } from './external.js';

export interface UciEngineOptions extends XboardEngineOptions {
  readonly game: ProtocolGame;
  /** UCI (default) or UCCI. */
  readonly protocol?: 'uci' | 'ucci';
  /** UCI: given, else found from the `uci` answer (no `UCI_Variant`: Pikafish's). */
  readonly dialect?: UciDialect;
}

export class UciMatchEngine {
  readonly options: UciEngineOptions;
  /** CECP's features: none (the runner asks for `ping`, `memory`, …: absent). */
  readonly features = new Map<string, string>();
  readonly optionNames = new Set<string>();
  banner: string | null = null;
  private idName: string | null = null;
  private readonly proc: EngineProcess;
  private dialectFound: UciDialect = 'fairy-stockfish';
  private tc: { level?: string; st?: number } = {};
  private start0: Position;
  private pos: Position;
  private texts: string[] = [];
  /** A `UCI_Variant` the match set (`--opponent-option UCI_Variant=…`, e.g. a variant of its VariantPath file): kept for every game. */
  private variantSet: string | null = null;

  constructor(options: UciEngineOptions) {
    this.options = options;
    this.start0 = options.game.start();
    this.pos = this.start0.clone();
    this.proc = engineProcess(options);
  }

  get name(): string {
    return this.idName ?? this.options.label;
  }

  get id(): string {
    return this.name;
  }

  get alive(): boolean {
    return this.proc.alive;
  }

  /** The dialect spoken (given, or found from the `uci` answer). */
  get dialect(): UciDialect {
    return this.dialectFound;
  }

  private get protocol(): 'uci' | 'ucci' {
    return this.options.protocol ?? 'uci';
  }

  private get wire(): WireFormat {
    const w = getGame(this.options.game.id).engineWire;
    if (this.protocol === 'ucci') {
      if (!w.ucci) throw new Error(`${this.options.game.id} is not written in UCCI`);
      return w.ucci;
    }
    const wire = this.dialectFound === 'pikafish' ? w.uciNative : w.uci;
    if (!wire) throw new Error(`${this.options.game.id} is not written in UCI${this.dialectFound === 'pikafish' ? " in Pikafish's dialect" : ''}`);
    return wire;
  }

  /** `uci` … `uciok` (or `ucci` … `ucciok`; options recorded), then `isready` … `readyok`. */
  async start(): Promise<void> {
    const p = this.protocol;
    const problem = this.proc.start();
    if (problem) throw new Error(`engine "${this.options.command}" did not start: ${problem}`);
    this.proc.send(p);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const line = await this.proc.nextLine(deadline);
      if (line === null) throw new Error(`engine "${this.options.command}" did not answer ${p}`);
      const t = line.trim();
      if (t === `${p}ok`) break;
      const m = /^id\s+name\s+(.+)$/.exec(t);
      if (m) this.idName = m[1]!.trim();
      else if (t.startsWith('option ')) {
        const d = parseOptionLine(p, t.slice(7));
        if (d) this.optionNames.add(d.name.toLowerCase());
      }
    }
    this.dialectFound = this.options.dialect ?? (this.optionNames.has('uci_variant') ? 'fairy-stockfish' : 'pikafish');
    if (p === 'ucci' && this.optionNames.has('usemillisec')) this.proc.send(setOptionLine('ucci', 'usemillisec', true));
    await this.ready();
  }

  private async ready(): Promise<void> {
    this.proc.send('isready');
    const deadline = Date.now() + 10_000;
    for (;;) {
      const line = await this.proc.nextLine(deadline);
      if (line === null) throw new Error(`engine "${this.options.command}" did not answer isready`);
      if (line.trim() === 'readyok') return;
    }
  }

  /** A line for the engine; the runner's CECP `option NAME=VALUE` becomes `setoption`. */
  send(line: string): void {
    const m = /^option\s+([^=]+)=(.*)$/.exec(line);
    if (m) {
      const name = m[1]!.trim();
      const v = m[2]!.trim();
      if (this.protocol === 'uci' && name.toLowerCase() === 'uci_variant') this.variantSet = v;
      this.proc.send(setOptionLine(this.protocol, name, /^-?\d+$/.test(v) ? Number(v) : v));
    } else this.proc.send(line);
  }

  /** A new game from the game's start; the time control kept for every `go`. */
  async newGame(_variant: string, timeControl: { level?: string; st?: number }): Promise<void> {
    this.tc = timeControl;
    if (this.protocol === 'ucci') {
      if (this.optionNames.has('newgame')) this.proc.send('setoption newgame');
    } else {
      if (this.dialectFound === 'fairy-stockfish' && this.optionNames.has('uci_variant')) {
        const names = getGame(this.options.game.id).engineWire.uciVariants;
        this.proc.send(setOptionLine('uci', 'UCI_Variant', this.variantSet ?? names[0]!));
      }
      this.proc.send('ucinewgame');
    }
    this.start0 = this.options.game.start();
    this.pos = this.start0.clone(4096);
    this.texts = [];
    this.proc.drain();
    await this.ready();
  }

  private record(m: Move): void {
    this.texts.push(this.wire.formatMove(m, this.pos));
    this.pos.play(m);
  }

  /** The opponent's move (CECP text): kept for the next `position`. */
  opponentMove(move: string, _clocks?: { mineCs: number; theirsCs: number }): void {
    const r = this.options.game.parseMove(this.pos, move);
    if (r.ok) this.record(r.value);
  }

  /** `position … moves …` and `go` with both clocks (centiseconds from the runner), or a time per move. */
  requestMove(clocks: { mineCs: number; theirsCs: number }): void {
    this.proc.send(`position fen ${this.wire.fen(this.start0)}${this.texts.length ? ` moves ${this.texts.join(' ')}` : ''}`);
    const millis = this.protocol === 'uci' || this.optionNames.has('usemillisec');
    if (this.tc.st !== undefined) {
      this.proc.send(goLine(this.protocol, { timeMs: this.tc.st * 1000 }, this.pos.turn, millis));
      return;
    }
    // CECP `level MPS BASE INC`: INC in seconds
    const parts = (this.tc.level ?? '').split(/\s+/);
    const incMs = Math.round(Number(parts[2] ?? 0) * 1000) || 0;
    const mps = Number(parts[0] ?? 0) || 0;
    const clock = {
      mineMs: clocks.mineCs * 10,
      theirsMs: clocks.theirsCs * 10,
      ...(incMs > 0 ? { incMs } : {}),
      ...(mps > 0 ? { movesToGo: mps - ((this.texts.length >> 1) % mps) } : {}),
    };
    this.proc.send(goLine(this.protocol, { clock }, this.pos.turn, millis));
  }

  /** `bestmove`: the move as CECP text (its own move played into the game kept), or resign for none. */
  async nextMessage(deadline: number): Promise<EngineMessage | null> {
    for (;;) {
      const line = await this.proc.nextLine(deadline);
      if (line === null) return this.proc.exited ? { kind: 'exit', text: 'the engine exited' } : null;
      const t = line.trim();
      // UCCI: no move (mated or stalemated in its view), or a move with its resignation
      if (t === 'nobestmove') return { kind: 'resign', text: t };
      const m = /^bestmove\s+(\S+)(.*)$/.exec(t);
      if (!m) continue;
      const text = m[1]!;
      if (text === '(none)' || text === '0000' || text === 'resign') return { kind: 'resign', text };
      if (this.protocol === 'ucci' && /\sresign\b/.test(m[2]!)) return { kind: 'resign', text: t };
      const r = this.wire.parseMove(this.pos, text);
      // a move our rules refuse goes to the runner as it was written: it names it illegal
      if (!r.ok) return { kind: 'move', text };
      const cecp = this.options.game.formatMove(r.value, this.pos);
      this.record(r.value);
      return { kind: 'move', text: cecp };
    }
  }

  endGame(_result: string, _comment: string): void {}

  async quit(graceMs = 1000): Promise<void> {
    await this.proc.quit('quit', graceMs);
  }

  kill(): void {
    this.proc.kill();
  }
}
