/**
 * Shared helpers of the oracle scripts (not part of the project's build or tests): a seeded random
 * generator, a line-oriented client for a UCI engine process, and small JSONL/argument helpers.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { writeFileSync } from 'node:fs';

/** mulberry32: a small seeded generator, so every run with the same seed makes the same positions. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

/** Weighted choice: weights[i] >= 0, not all 0. */
export function pickWeighted(r: () => number, weights: readonly number[]): number {
  let total = 0;
  for (const w of weights) total += w;
  let x = r() * total;
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i]!;
    if (x < 0) return i;
  }
  return weights.length - 1;
}

/** `--name value` options with defaults. */
export function options(defaults: Record<string, string>): Record<string, string> {
  const out = { ...defaults };
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) throw new Error(`unexpected argument ${a}`);
    const key = a.slice(2);
    if (!(key in out)) throw new Error(`unknown option --${key} (known: ${Object.keys(out).join(', ')})`);
    out[key] = argv[++i] ?? '';
  }
  return out;
}

export function writeJsonl(path: string, rows: readonly unknown[]): void {
  writeFileSync(path, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
}

/** A UCI-speaking engine process read line by line. */
export class UciEngine {
  private readonly proc: ChildProcessWithoutNullStreams;
  private buffer = '';
  private readonly lines: string[] = [];
  private waiter: (() => void) | null = null;
  private closed = false;

  constructor(command: string, args: string[] = []) {
    this.proc = spawn(command, args, { stdio: 'pipe' });
    this.proc.stdout.setEncoding('utf8');
    this.proc.stdout.on('data', (chunk: string) => {
      this.buffer += chunk;
      let i: number;
      while ((i = this.buffer.indexOf('\n')) >= 0) {
        this.lines.push(this.buffer.slice(0, i).replace(/\r$/, ''));
        this.buffer = this.buffer.slice(i + 1);
      }
      this.wake();
    });
    this.proc.on('exit', () => {
      this.closed = true;
      this.wake();
    });
  }

  private wake(): void {
    const w = this.waiter;
    this.waiter = null;
    w?.();
  }

  send(text: string): void {
    this.proc.stdin.write(text.endsWith('\n') ? text : text + '\n');
  }

  async line(): Promise<string> {
    while (this.lines.length === 0) {
      if (this.closed) throw new Error('engine exited');
      await new Promise<void>((res) => (this.waiter = res));
    }
    return this.lines.shift()!;
  }

  /** Lines up to and including the first that matches. */
  async until(test: (line: string) => boolean): Promise<string[]> {
    const out: string[] = [];
    for (;;) {
      const l = await this.line();
      out.push(l);
      if (test(l)) return out;
    }
  }

  quit(): void {
    if (!this.closed) this.send('quit');
  }
}
