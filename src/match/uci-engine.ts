/**
 * A UCI engine in a match (`npm run match -- --engine-protocol uci …`), driven as a UCI GUI drives
 * it, behind the same surface as the CECP `XboardEngine` the runner plays: `uci`/`uciok`,
 * `isready`, `ucinewgame`, and for every move of its side `position fen <start> moves …` and
 * `go wtime … btime … winc … binc …` (or `movetime` for a time per move); `bestmove` is its move.
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
import type { EngineMessage, XboardEngineOptions } from './external.js';
import { engineProcess } from './external.js';

export interface UciEngineOptions extends XboardEngineOptions {
  readonly game: ProtocolGame;
  /** Given, else found from the `uci` answer (no `UCI_Variant`: Pikafish's). */
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

  private get wire(): WireFormat {
    const w = getGame(this.options.game.id).engineWire;
    const wire = this.dialectFound === 'pikafish' ? w.uciNative : w.uci;
    if (!wire) throw new Error(`${this.options.game.id} is not written in UCI${this.dialectFound === 'pikafish' ? " in Pikafish's dialect" : ''}`);
    return wire;
  }

  /** `uci` … `uciok` (options recorded), then `isready` … `readyok`. */
  async start(): Promise<void> {
    const problem = this.proc.start();
    if (problem) throw new Error(`engine "${this.options.command}" did not start: ${problem}`);
    this.proc.send('uci');
    const deadline = Date.now() + 10_000;
    for (;;) {
      const line = await this.proc.nextLine(deadline);
      if (line === null) throw new Error(`engine "${this.options.command}" did not answer uci`);
      const t = line.trim();
      if (t === 'uciok') break;
      const m = /^id\s+name\s+(.+)$/.exec(t);
      if (m) this.idName = m[1]!.trim();
      else if (t.startsWith('option ')) {
        const d = parseOptionLine('uci', t.slice(7));
        if (d) this.optionNames.add(d.name.toLowerCase());
      }
    }
    this.dialectFound = this.options.dialect ?? (this.optionNames.has('uci_variant') ? 'fairy-stockfish' : 'pikafish');
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
      const v = m[2]!.trim();
      this.proc.send(setOptionLine('uci', m[1]!.trim(), /^-?\d+$/.test(v) ? Number(v) : v));
    } else this.proc.send(line);
  }

  /** A new game from the game's start; the time control kept for every `go`. */
  async newGame(_variant: string, timeControl: { level?: string; st?: number }): Promise<void> {
    this.tc = timeControl;
    if (this.dialectFound === 'fairy-stockfish' && this.optionNames.has('uci_variant')) {
      const names = getGame(this.options.game.id).engineWire.uciVariants;
      this.proc.send(setOptionLine('uci', 'UCI_Variant', names[0]!));
    }
    this.proc.send('ucinewgame');
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

  /** `position … moves …` and `go` with both clocks (centiseconds from the runner), or `movetime`. */
  requestMove(clocks: { mineCs: number; theirsCs: number }): void {
    this.proc.send(`position fen ${this.wire.fen(this.start0)}${this.texts.length ? ` moves ${this.texts.join(' ')}` : ''}`);
    if (this.tc.st !== undefined) {
      this.proc.send(`go movetime ${Math.max(1, Math.round(this.tc.st * 1000))}`);
      return;
    }
    const mine = Math.max(0, Math.round(clocks.mineCs * 10));
    const theirs = Math.max(0, Math.round(clocks.theirsCs * 10));
    const [w, b] = this.pos.turn === 0 ? [mine, theirs] : [theirs, mine];
    // CECP `level MPS BASE INC`: INC in seconds
    const parts = (this.tc.level ?? '').split(/\s+/);
    const inc = Math.round(Number(parts[2] ?? 0) * 1000) || 0;
    const mps = Number(parts[0] ?? 0) || 0;
    let go = `go wtime ${w} btime ${b}`;
    if (inc > 0) go += ` winc ${inc} binc ${inc}`;
    if (mps > 0) go += ` movestogo ${mps - ((this.texts.length >> 1) % mps)}`;
    this.proc.send(go);
  }

  /** `bestmove`: the move as CECP text (its own move played into the game kept), or resign for none. */
  async nextMessage(deadline: number): Promise<EngineMessage | null> {
    for (;;) {
      const line = await this.proc.nextLine(deadline);
      if (line === null) return this.proc.exited ? { kind: 'exit', text: 'the engine exited' } : null;
      const m = /^bestmove\s+(\S+)/.exec(line.trim());
      if (!m) continue;
      const text = m[1]!;
      if (text === '(none)' || text === '0000' || text === 'resign') return { kind: 'resign', text };
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
