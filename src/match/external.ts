/**
 * An xboard (CECP v2) engine driven over pipes, the way XBoard drives it in two-machine mode:
 * `xboard`/`protover 2` and feature negotiation (answering `accepted`), `memory` for engines that
 * ask for it (HaChu needs it before searching), `new`/`variant`/`level` or `st`/`post`/`easy`/
 * `force` per game, `time`/`otim` before every move, `go` for the engine's first move and
 * `usermove` (or a bare move) afterwards, `ping`/`pong` to synchronise, `result` and `quit`.
 * Engine moves are collected leg by leg (`move f5e6,` then `move e6e7`).
 */
import { parseFeatures } from '../engine-client/cecp.js';
import { parseXboardOptionFeature } from '../protocol/options.js';
import { EngineProcess } from '../engine-client/process.js';

export interface EngineMessage {
  kind: 'move' | 'illegal' | 'resign' | 'result' | 'draw' | 'exit' | 'error';
  /** move text (all legs joined by commas), result text, or the raw line */
  text: string;
  /** for 'result': the comment */
  comment?: string;
}

export interface XboardEngineOptions {
  /** Shell command that starts the engine. */
  readonly command: string;
  /** Directory to start it in. */
  readonly cwd?: string;
  /** Every line in and out, for a debug log: `>name: …` and `<name: …`. */
  readonly log?: (line: string) => void;
  /** Name for logs until the engine says its own. */
  readonly label: string;
  /** MB for engines that set feature memory=1. */
  readonly memoryMb?: number;
  /** Start it in its own process group (a Ctrl-C in the terminal then reaches only the harness). */
  readonly ownProcessGroup?: boolean;
}

/**
 * The command for `sh -c`, with `exec` in front when it is one plain command: Debian's sh (dash)
 * forks the program instead of replacing itself, so a kill (of an engine that hangs) would only
 * reach the shell and leave the engine running.
 */
export const execCommand = (command: string): string => (/^[^;&|<>()`$\n]+$/.test(command) && !/^\s*(exec\s|\w+=)/.test(command) ? `exec ${command}` : command);

/** The process of a match engine (either protocol): its command run by the shell, labelled and logged. */
export function engineProcess(options: XboardEngineOptions): EngineProcess {
  return new EngineProcess({
    command: execCommand(options.command),
    shell: true,
    label: options.label,
    ...(options.cwd ? { cwd: options.cwd } : {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.ownProcessGroup ? { ownProcessGroup: true } : {}),
  });
}

export class XboardEngine {
  readonly options: XboardEngineOptions;
  readonly features = new Map<string, string>();
  /** The names of the options the engine declared (`feature option="NAME -TYPE …"`, repeated), lower-case. */
  readonly optionNames = new Set<string>();
  private readonly proc: EngineProcess;
  private partialMove = '';
  private pingCounter = 0;
  /** Is the engine playing (not in force mode) since its first `go`? */
  private playing = false;

  constructor(options: XboardEngineOptions) {
    this.options = options;
    this.proc = engineProcess(options);
  }

  get name(): string {
    return this.features.get('myname') ?? this.options.label;
  }

  /** The first line the engine printed if it was no feature line (Fairy-Stockfish: "Fairy-Stockfish 11.1 LB 64 by …"). */
  banner: string | null = null;

  /**
   * Name and version for a results table: the banner when it starts with the engine's name and
   * says more (a version; " by <author>" dropped), else the name.
   */
  get id(): string {
    const b = this.banner?.replace(/\s+by\s.*$/, '').trim();
    return b && b.length > this.name.length && b.toLowerCase().startsWith(this.name.toLowerCase()) ? b : this.name;
  }

  get alive(): boolean {
    return this.proc.alive;
  }

  /** Starts the process and negotiates features (waits for done=1, at most 2 s without done=0). */
  async start(): Promise<void> {
    const problem = this.proc.start();
    if (problem) throw new Error(`engine "${this.options.command}" did not start: ${problem}`);
    this.send('xboard');
    this.send('protover 2');
    // XBoard waits 2 s for the features (longer after done=0); a slow start (a loaded machine,
    // a JIT warming up) gets up to 10 s for the first line
    const started = Date.now();
    let deadline = started + 2000;
    let heard = false;
    for (;;) {
      const line = await this.nextLine(heard ? deadline : Math.max(deadline, started + 10_000));
      if (line === null) break;
      if (!heard) {
        heard = true;
        deadline = Math.max(deadline, Date.now() + 2000);
      }
      if (!line.startsWith('feature ')) {
        if (this.banner === null && this.features.size === 0 && line.trim() !== '') this.banner = line.trim();
        continue;
      }
      for (const [k, v] of parseFeatures(line.slice(8))) {
        this.features.set(k, v);
        if (k === 'option') this.optionNames.add(parseXboardOptionFeature(v).name.toLowerCase());
        if (k !== 'done') this.send(`accepted ${k}`);
        if (k === 'done' && v === '0') deadline = Date.now() + 60_000;
      }
      if (this.features.get('done') === '1') break;
    }
    if (this.proc.exited) throw new Error(`engine "${this.options.command}" did not start`);
  }

  /** The next line, or null at the deadline or when the engine has exited. */
  private nextLine(deadline: number): Promise<string | null> {
    return this.proc.nextLine(deadline);
  }

  send(line: string): void {
    this.proc.send(line);
  }

  /** Sends ping N and waits for pong N (skipped for engines without ping). */
  async sync(timeoutMs = 10_000): Promise<boolean> {
    if (this.features.get('ping') !== '1') return true;
    const n = ++this.pingCounter;
    this.send(`ping ${n}`);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const line = await this.nextLine(deadline);
      if (line === null) return false;
      if (line.trim() === `pong ${n}`) return true;
    }
  }

  /** Prepares a new game; the engine waits in force mode. */
  async newGame(variant: string, timeControl: { level?: string; st?: number; sd?: number }): Promise<void> {
    if (this.features.get('memory') === '1') this.send(`memory ${this.options.memoryMb ?? 64}`);
    this.send('new');
    if (variant !== 'normal') this.send(`variant ${variant}`);
    if (timeControl.level) this.send(`level ${timeControl.level}`);
    if (timeControl.st !== undefined) this.send(`st ${timeControl.st}`);
    if (timeControl.sd !== undefined) this.send(`sd ${timeControl.sd}`);
    this.send('post');
    this.send('easy');
    this.send('force');
    this.playing = false;
    this.partialMove = '';
    this.proc.drain();
    await this.sync();
    this.send('computer');
  }

  /** Tells the engine the opponent's move. If the engine is playing, it starts thinking. */
  opponentMove(move: string, clocks?: { mineCs: number; theirsCs: number }): void {
    if (clocks && this.playing) this.clocks(clocks);
    this.send(this.features.get('usermove') === '1' ? `usermove ${move}` : move);
  }

  clocks(c: { mineCs: number; theirsCs: number }): void {
    if (this.features.get('time') === '0') return;
    this.send(`time ${Math.max(0, Math.round(c.mineCs))}`);
    this.send(`otim ${Math.max(0, Math.round(c.theirsCs))}`);
  }

  /** Asks for a move: `go` the first time (after time/otim), nothing more later. */
  requestMove(clocks: { mineCs: number; theirsCs: number }): void {
    if (!this.playing) {
      this.clocks(clocks);
      this.send('go');
      this.playing = true;
    }
  }

  /**
   * Waits for the engine's next message that matters to the game: a complete move, an
   * "Illegal move" answer, resign, a result claim, a draw offer, or its exit.
   */
  async nextMessage(deadline: number): Promise<EngineMessage | null> {
    for (;;) {
      const line = await this.nextLine(deadline);
      if (line === null) return this.proc.exited ? { kind: 'exit', text: 'the engine exited' } : null;
      const t = line.trim();
      let m: RegExpExecArray | null;
      if ((m = /^move\s+(\S+)/.exec(t))) {
        const leg = m[1]!;
        if (leg.endsWith(',')) {
          this.partialMove += leg;
          continue;
        }
        const text = this.partialMove + leg;
        this.partialMove = '';
        return { kind: 'move', text };
      }
      if (/^Illegal move/i.test(t)) return { kind: 'illegal', text: t };
      if (/^resign/i.test(t)) return { kind: 'resign', text: t };
      if ((m = /^(1-0|0-1|1\/2-1\/2)\s*(\{.*\})?/.exec(t))) {
        return { kind: 'result', text: m[1]!, comment: (m[2] ?? '').replace(/^\{|\}$/g, '') };
      }
      if (/^offer draw/.test(t)) return { kind: 'draw', text: t };
      if (/^tellusererror/.test(t) || /^Error/.test(t)) return { kind: 'error', text: t };
    }
  }

  /** Ends the game in the engine (result + force). */
  endGame(result: string, comment: string): void {
    this.send(`result ${result} {${comment}}`);
    this.send('force');
    this.playing = false;
  }

  /** Says quit, then kills the process if it has not exited after `graceMs`. */
  async quit(graceMs = 1000): Promise<void> {
    await this.proc.quit('quit', graceMs);
  }

  /** Ends it at once (with its process group, when it has one of its own). */
  kill(): void {
    this.proc.kill();
  }
}

export { parseFeatures } from '../engine-client/cecp.js';
