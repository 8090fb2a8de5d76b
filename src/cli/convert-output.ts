/**
 * Where `chuhan convert` puts what it writes (docs/formats.md "Where convert writes"): standard
 * output, one file (`-o FILE`), or one file per game in a folder (`-o DIR`: an existing folder, or a
 * path ending with `/`). In a folder, a game's file is named after its source: the source's name
 * without its extension in safe characters, alone for a source of one game (`test1.xqf`), with the
 * game's number for a source of several (`bulk-001.xqf`); a name used twice in a run gets `_2`, `_3`;
 * a file already there is never overwritten unless `--force`. A binary format (XQF) is one game per
 * file and never goes to a terminal.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, extname, join, sep } from 'node:path';
import { encodeGbk } from '../notation/gbk.js';
import { CliError, type Io } from './context.js';
import { fileName, writeError } from './record-files.js';

export interface OutputOptions {
  /** `-o`: a file, or a folder; absent: standard output. */
  readonly output?: string;
  /** `--force`: overwrite files in the folder. */
  readonly force: boolean;
  /** Text written in GBK instead of UTF-8. */
  readonly gbk: boolean;
  /** The format's name (`XQF`) when it is binary, else null. */
  readonly binary: string | null;
  /** The file extension of a game's file in a folder (`pgn`, `xqf`…). */
  readonly extension: string;
  /** What separates two games written one after the other (a blank line; nothing between FEN lines). */
  readonly separator: string;
}

/** A file name part from a source path: its name without the extension, in letters, digits, `.`, `_` and `-`. */
export function safeBase(path: string): string {
  if (path === '-') return 'stdin';
  const safe = basename(path, extname(path))
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .replace(/^[._]+/, '')
    .slice(0, 100);
  return safe === '' ? 'game' : safe;
}

const plural = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;

export class ConvertOutput {
  private readonly dir: string | null = null;
  private readonly collected: Array<string | Uint8Array> = [];
  private readonly used = new Set<string>();
  /** The first game of the current source, waiting to learn whether the source holds others (folder output). */
  private pending: { index: number; body: string | Uint8Array } | null = null;
  private inSource = 0;
  private files = 0;
  private games = 0;

  constructor(
    private readonly io: Io,
    private readonly opts: OutputOptions,
  ) {
    const out = opts.output;
    if (out !== undefined) {
      let isDir = false;
      try {
        isDir = statSync(out).isDirectory();
      } catch {
        isDir = false;
      }
      if (isDir || out.endsWith('/') || out.endsWith(sep)) this.dir = out;
    }
    if (opts.binary !== null && out === undefined && io.isTTY)
      throw new CliError(`${opts.binary} is a binary format: write it with -o FILE or -o DIR, or redirect standard output to a file`, 2);
    if (this.dir !== null) {
      try {
        mkdirSync(this.dir, { recursive: true });
      } catch (e) {
        throw new CliError(`cannot make the folder ${fileName(this.dir)}: ${(e as Error).message}`, 2);
      }
    }
  }

  /** Text in the chosen encoding. */
  private encoded(text: string): string | Uint8Array {
    if (!this.opts.gbk) return text;
    const b = encodeGbk(text);
    if (!b.ok) throw new CliError(`cannot write GBK: ${b.error}`, 2);
    return b.value;
  }

  /** Writes one game's file into the folder. */
  private writeOne(source: string, index: number, body: string | Uint8Array, numbered: boolean): void {
    const base = safeBase(source) + (numbered ? `-${String(index).padStart(3, '0')}` : '');
    const ext = this.opts.extension;
    let name = `${base}.${ext}`;
    for (let k = 2; this.used.has(name); k++) name = `${base}_${k}.${ext}`;
    this.used.add(name);
    const path = join(this.dir!, name);
    const bytes = typeof body === 'string' ? this.encoded(body) : body;
    try {
      writeFileSync(path, bytes, { flag: this.opts.force ? 'w' : 'wx' });
    } catch (e) {
      if ((e as { code?: string }).code === 'EEXIST') throw new CliError(`${fileName(path)} is already there: convert does not overwrite files in -o DIR (use --force)`, 2);
      throw writeError(path, e);
    }
    this.files++;
  }

  /** A game of `source` (`name`: how messages call the source), its number there and what was written. */
  game(source: string, name: string, index: number, body: string | Uint8Array): void {
    this.games++;
    this.inSource++;
    if (this.dir !== null) {
      if (this.inSource === 1) this.pending = { index, body };
      else {
        if (this.pending) this.writeOne(source, this.pending.index, this.pending.body, true);
        this.pending = null;
        this.writeOne(source, index, body, true);
      }
      return;
    }
    if (this.opts.binary !== null && this.collected.length > 0)
      throw new CliError(`${this.opts.binary} holds one game per file and ${name} has more than one: write them with -o DIR`, 2);
    this.collected.push(body);
  }

  /** The end of a source: its one game, if it had only one, takes the source's name. */
  endSource(source: string): void {
    if (this.pending) this.writeOne(source, this.pending.index, this.pending.body, false);
    this.pending = null;
    this.inSource = 0;
  }

  /** Writes what was collected (standard output or `-o FILE`) and says where the games went. */
  finish(): void {
    const out = this.opts.output;
    if (this.dir !== null) {
      this.io.err(`converted ${plural(this.games, 'game')} into ${plural(this.files, 'file')} in ${fileName(this.dir)}\n`);
      return;
    }
    const output: string | Uint8Array =
      this.opts.binary !== null ? ((this.collected[0] as Uint8Array | undefined) ?? new Uint8Array(0)) : this.encoded((this.collected as string[]).join(this.opts.separator));
    if (out !== undefined) {
      try {
        writeFileSync(out, output);
      } catch (e) {
        throw writeError(out, e);
      }
      this.io.err(`converted ${plural(this.games, 'game')} to ${fileName(out)}\n`);
    } else if (typeof output !== 'string') {
      if (!this.io.outBytes) throw new CliError(`${this.opts.binary ?? 'GBK'} output needs -o FILE here`, 2);
      this.io.outBytes(output);
    } else this.io.out(output);
  }
}
