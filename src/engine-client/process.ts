/**
 * An engine program on the other end of two pipes: started from a command line, read line by
 * line (a queue the protocol code pulls from with a deadline), written line by line, told to quit
 * and killed when it does not. Used by every engine protocol client and by the match runner's
 * xboard engine (`src/match/external.ts`).
 *
 * A program that cannot be started (no such file, not executable) is reported, not thrown: `start`
 * resolves to an error text. The process's stderr is kept (the last lines) for error messages.
 *
 * The engine is untrusted input: a line longer than `MAX_LINE_BYTES` (64 KiB) without a newline,
 * or more than `FLOOD_BYTES` (64 MiB) of output within `FLOOD_WINDOW_MS` (10 s), ends it (killed)
 * with a reason (`failure`) the client reports by the engine's name. Lines not read yet are
 * bounded too: past `MAX_QUEUED_LINES` the pipe is paused (the engine waits on its writes).
 */
import { quoteInput } from '../core/text.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';

/** The longest line an engine may write (bytes, without its newline). */
export const MAX_LINE_BYTES = 64 * 1024;
/** More output than this within `FLOOD_WINDOW_MS` is a flood: the engine is ended. */
export const FLOOD_BYTES = 64 * 1024 * 1024;
export const FLOOD_WINDOW_MS = 10_000;
/** Lines read but not taken yet before the pipe is paused. */
export const MAX_QUEUED_LINES = 4096;
/** Lines taken without a wait after which a deadline that passed ends the reading (a flood). */
const FLOOD_STREAK = 1000;

const size = (bytes: number): string => (bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${bytes / 1024} KiB`);

/**
 * Splits a byte stream into lines (`\n`, a `\r` before it dropped; UTF-8 decoded per line, so a
 * character split between chunks stays whole). A line growing past `max` bytes calls `onLong`
 * once and is dropped up to its newline; nothing is kept longer than `max`.
 */
export function lineSplitter(max: number, onLine: (line: string) => void, onLong: () => void): (chunk: Buffer) => void {
  let parts: Buffer[] = [];
  let held = 0;
  let skipping = false;
  return (chunk) => {
    let from = 0;
    while (from < chunk.length) {
      const nl = chunk.indexOf(10, from);
      const end = nl < 0 ? chunk.length : nl;
      if (!skipping) {
        if (held + (end - from) > max) {
          parts = [];
          held = 0;
          skipping = true;
          onLong();
        } else if (end > from) {
          parts.push(chunk.subarray(from, end));
          held += end - from;
        }
      }
      if (nl < 0) break;
      if (!skipping) {
        let line = Buffer.concat(parts, held).toString('utf8');
        if (line.endsWith('\r')) line = line.slice(0, -1);
        parts = [];
        held = 0;
        onLine(line);
      }
      skipping = false;
      from = nl + 1;
    }
  };
}

export interface EngineProcessOptions {
  /** The command line (`/usr/games/hachu`, `fairy-stockfish`, `node fake.mjs uci`). */
  readonly command: string;
  readonly cwd?: string;
  /** Run through the shell (match runner commands may use shell syntax); else split into words. */
  readonly shell?: boolean;
  /** Every line in and out: `>label: …` and `<label: …`. */
  readonly log?: (line: string) => void;
  readonly label: string;
  /** Extra directories to search for a bare program name after PATH (default: /usr/games). */
  readonly extraPath?: readonly string[];
  /**
   * Start it in a process group of its own, so that a Ctrl-C in the terminal reaches only us (the
   * match harness decides what to do with its engines); a kill then ends the whole group.
   */
  readonly ownProcessGroup?: boolean;
}

/** Splits a command line into words: spaces separate, '…' and "…" quote, \ escapes. */
export function splitCommand(command: string): string[] {
  const words: string[] = [];
  let cur = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < command.length) cur += command[++i];
      else cur += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < command.length) {
      cur += command[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(cur);
      cur = '';
      inWord = false;
    } else {
      cur += c;
      inWord = true;
    }
  }
  if (inWord) words.push(cur);
  return words;
}

const isExecutableFile = (p: string): boolean => {
  try {
    if (!statSync(p).isFile()) return false;
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

export const DEFAULT_EXTRA_PATH: readonly string[] = ['/usr/games'];

/**
 * The full path of a program: a name with a slash is taken as a path (relative to `cwd`), a bare
 * name is looked up on PATH and then in `extra`. Null when there is no such executable file.
 */
export function findProgram(
  name: string,
  env: Record<string, string | undefined> = process.env,
  extra: readonly string[] = DEFAULT_EXTRA_PATH,
  cwd = process.cwd(),
): string | null {
  if (name === '') return null;
  if (name.includes('/')) {
    const p = isAbsolute(name) ? name : resolve(cwd, name);
    return isExecutableFile(p) ? p : null;
  }
  const dirs = [...(env.PATH ?? '').split(delimiter).filter((d) => d !== ''), ...extra];
  for (const d of dirs) {
    const p = join(d, name);
    if (isExecutableFile(p)) return p;
  }
  return null;
}

export class EngineProcess {
  readonly options: EngineProcessOptions;
  private proc: ChildProcess | null = null;
  private lines: string[] = [];
  private waiter: (() => void) | null = null;
  private exitedFlag = false;
  private exitInfo: { code: number | null; signal: string | null } | null = null;
  private readonly stderrTail: string[] = [];
  private quitting = false;
  private failureText: string | null = null;
  private paused = false;
  private killed = false;
  /** Lines taken one after another without waiting for the engine. */
  private streak = 0;
  private read = 0;

  constructor(options: EngineProcessOptions) {
    this.options = options;
  }

  get exited(): boolean {
    return this.exitedFlag;
  }

  /** Started, not exited, and not killed by us. */
  get alive(): boolean {
    return this.proc !== null && !this.exitedFlag && !this.killed;
  }

  /** Did we ask it to quit (an exit after that is no failure)? */
  get quitRequested(): boolean {
    return this.quitting;
  }

  /** Lines read from the engine so far. */
  get linesRead(): number {
    return this.read;
  }

  /** Why we ended it (a line too long, a flood of output), or null. */
  get failure(): string | null {
    return this.failureText;
  }

  /** How it ended, in words: `exit code 1`, `signal SIGSEGV`, plus its last stderr line. */
  exitDescription(): string {
    if (this.failureText) return this.failureText;
    const e = this.exitInfo;
    const how = !e ? 'it closed its output' : e.signal ? `killed by ${e.signal}` : `exit code ${e.code}`;
    const last = this.stderrTail.at(-1);
    return last ? `${how}; it said ${quoteInput(last)}` : how;
  }

  /**
   * Starts the program. Null when it runs; else why it could not start (not found, not
   * executable). With `shell`, a missing program shows only as an early exit.
   */
  start(): string | null {
    const o = this.options;
    let proc: ChildProcess;
    if (o.shell) {
      proc = spawn(o.command, { shell: true, cwd: o.cwd, stdio: ['pipe', 'pipe', 'pipe'], detached: o.ownProcessGroup === true });
    } else {
      const words = splitCommand(o.command);
      if (words.length === 0) return 'the engine command is empty';
      const path = findProgram(words[0]!, process.env, o.extraPath ?? DEFAULT_EXTRA_PATH, o.cwd ?? process.cwd());
      if (!path) return `the program ${quoteInput(words[0])} was not found (not on PATH${words[0]!.includes('/') ? '' : ' or in /usr/games'}, or not executable)`;
      proc = spawn(path, words.slice(1), { cwd: o.cwd, stdio: ['pipe', 'pipe', 'pipe'], detached: o.ownProcessGroup === true });
    }
    this.proc = proc;
    const onGone = () => {
      this.exitedFlag = true;
      this.wake();
    };
    proc.on('exit', (code, signal) => {
      this.exitInfo = { code, signal };
      onGone();
    });
    proc.on('error', (e) => {
      this.stderrTail.push(e.message);
      onGone();
    });
    proc.stdin!.on('error', () => {});
    const stdout = proc.stdout! as Readable;
    let windowStart = Date.now();
    let windowBytes = 0;
    const onLine = (line: string): void => {
      if (this.failureText) return;
      o.log?.(`<${o.label}: ${line}`);
      this.read++;
      this.lines.push(line);
      if (this.lines.length >= MAX_QUEUED_LINES && !this.paused) {
        this.paused = true;
        stdout.pause();
      }
      this.wake();
    };
    const split = lineSplitter(MAX_LINE_BYTES, onLine, () => this.fail(`it wrote a line longer than ${size(MAX_LINE_BYTES)}`));
    stdout.on('data', (chunk: Buffer) => {
      if (this.failureText) return;
      const now = Date.now();
      if (now - windowStart > FLOOD_WINDOW_MS) {
        windowStart = now;
        windowBytes = 0;
      }
      windowBytes += chunk.length;
      if (windowBytes > FLOOD_BYTES) return this.fail(`it wrote more than ${size(FLOOD_BYTES)} in ${FLOOD_WINDOW_MS / 1000} s`);
      split(chunk);
    });
    // the output closing is the end for us even if the process lingers
    stdout.on('end', () => {
      if (!this.exitedFlag) setTimeout(onGone, 50);
    });
    stdout.on('error', () => {});
    const stderrLine = (line: string): void => {
      if (line.trim() === '') return;
      this.stderrTail.push(line.trim());
      if (this.stderrTail.length > 5) this.stderrTail.shift();
    };
    // a long stderr line is cut, never kept whole (only the last few lines are kept)
    proc.stderr!.on('data', lineSplitter(4096, stderrLine, () => stderrLine('(a line longer than 4 KiB)')));
    proc.stderr!.on('error', () => {});
    return null;
  }

  /** Ends the engine for a reason of ours: killed, its unread lines dropped, `nextLine` answers null. */
  private fail(reason: string): void {
    if (this.failureText) return;
    this.failureText = reason;
    this.options.log?.(`!${this.options.label}: ${reason}`);
    this.lines = [];
    this.kill();
    this.quitting = false; // not our asking: a failure
    this.exitedFlag = true;
    this.proc?.stdout?.destroy();
    this.proc?.stderr?.destroy();
    this.wake();
  }

  private wake(): void {
    const w = this.waiter;
    this.waiter = null;
    w?.();
  }

  /** The next line, or null at the deadline (ms since epoch) or when the engine has exited. */
  async nextLine(deadline: number): Promise<string | null> {
    for (;;) {
      if (this.lines.length > 0) {
        // lines pouring in faster than they are taken (a flood: thousands without a wait) cannot
        // hold the deadline off; a line that came in time is still taken after it
        if (++this.streak > FLOOD_STREAK && Date.now() > deadline) return null;
        const line = this.lines.shift()!;
        if (this.paused && this.lines.length < MAX_QUEUED_LINES / 2) {
          this.paused = false;
          this.proc?.stdout?.resume();
        }
        return line;
      }
      if (this.exitedFlag) return null;
      this.streak = 0;
      // no deadline (an infinite analysis): wake up hourly to look again
      const wait = Math.min(deadline - Date.now(), 3_600_000);
      if (wait <= 0) return null;
      await new Promise<void>((resolveWait) => {
        const t = setTimeout(() => {
          this.waiter = null;
          resolveWait();
        }, wait);
        this.waiter = () => {
          clearTimeout(t);
          resolveWait();
        };
      });
    }
  }

  /** Forgets lines not read yet. */
  drain(): void {
    this.lines = [];
    if (this.paused) {
      this.paused = false;
      this.proc?.stdout?.resume();
    }
  }

  send(line: string): void {
    if (!this.proc || this.exitedFlag) return;
    this.options.log?.(`>${this.options.label}: ${line}`);
    this.proc.stdin!.write(line + '\n');
  }

  /** Sends `quitLine` (if any), then kills the process if it has not exited after `graceMs`. */
  async quit(quitLine: string | null = 'quit', graceMs = 1000): Promise<void> {
    this.quitting = true;
    if (!this.proc || this.exitedFlag) return;
    if (quitLine !== null) this.send(quitLine);
    const deadline = Date.now() + graceMs;
    while (!this.exitedFlag && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    if (!this.exitedFlag) this.kill();
  }

  kill(): void {
    this.quitting = true;
    if (!this.proc || this.exitedFlag) return;
    this.killed = true;
    const pid = this.proc.pid;
    if (this.options.ownProcessGroup === true && pid !== undefined) {
      try {
        process.kill(-pid, 'SIGKILL'); // the group: a shell and what it started
        return;
      } catch {
        // the group is gone already: kill the process itself below
      }
    }
    this.proc.kill('SIGKILL');
  }
}
