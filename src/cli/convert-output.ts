/**
 * Where `chuhan convert` puts what it writes (docs/formats.md "Where convert writes"): standard
 * output, one file (`-o FILE`), or one file per game in a folder (`-o DIR`: an existing folder, or a
 * path ending with `/`). In a folder, a game's file is named after its source: the source's name
 * without its extension in safe characters, alone for a source of one game (`test1.xqf`), with the
 * game's number for a source of several (`bulk-001.xqf`); a name used twice in a run gets `_2`, `_3`;
 * a file already there is never overwritten unless `--force`. A binary format (XQF) is one game per
 * file and never goes to a terminal.
 *
 * Standard output and `-o FILE` are written as the games come, not gathered first (memory stays
 * flat on any input, as validate's): the first HOLD characters are held, so a small conversion that
 * fails (or leaves out every game) writes nothing; past them the text goes out in pieces of FLUSH
 * characters, and on standard output the conversion waits for each piece to go out (`drained`: a
 * slow reader of a pipe holds the conversion back instead of the text piling up in memory). After a
 * failure, standard output keeps what went out, and a `-o` file the conversion had started is
 * removed (`abort`). The output is never one of the inputs (it would be truncated while it is read).
 */
import { closeSync, fstatSync, openSync, statSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { makeFolders, nodeFs } from '../tui/store.js';
import { basename, extname, join, sep } from 'node:path';
import { encodeGbk } from '../core/gbk.js';
import { plural } from '../core/text.js';
import { CliError, type Io } from './context.js';
import { fileName, writeError } from './record-files.js';

/** Output held before anything is written: a conversion that fails within it leaves no output and no file. */
export const HOLD = 1 << 20;
/** Then written in pieces of this many characters as the games come. */
export const FLUSH = 1 << 16;

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


/** A file's identity (device and inode), or null when it is not a regular file there. */
function fileId(path: string): string | null {
  try {
    const st = statSync(path);
    return st.isFile() ? `${st.dev}:${st.ino}` : null;
  } catch {
    return null;
  }
}

export class ConvertOutput {
  private readonly dir: string | null = null;
  private readonly used = new Set<string>();
  /** The first game of the current source, waiting to learn whether the source holds others (folder output). */
  private pending: { index: number; body: string | Uint8Array } | null = null;
  private inSource = 0;
  private files = 0;
  private games = 0;
  /** Standard output or `-o FILE`: text not written yet, its length, and whether writing has started. */
  private held: string[] = [];
  private size = 0;
  private started = false;
  /** A binary format's one game (standard output or `-o FILE`), written at the end. */
  private single: Uint8Array | null = null;
  /** The `-o` file, once opened. */
  private fd: number | null = null;
  /** Text went to standard output since the last `drained`. */
  private sent = false;
  /** The inputs' files, which the output never writes over. */
  private readonly inputIds = new Set<string>();

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
        makeFolders(this.dir, nodeFs, 0o777); // (mode less the umask, as mkdir -p)
      } catch (e) {
        throw new CliError(`cannot make the folder ${fileName(this.dir)}: ${(e as Error).message}`, 2);
      }
    }
  }

  /**
   * The files about to be read (`-` is standard input): the output is written while they are read,
   * so `-o FILE` naming one of them is refused now (exit 2), and `-o DIR --force` never writes over one.
   */
  inputs(paths: readonly string[]): void {
    for (const p of paths) {
      if (p === '-') continue;
      const id = fileId(p);
      if (id !== null) this.inputIds.add(id);
    }
    const out = this.opts.output;
    if (this.dir === null && out !== undefined && this.isInput(out)) throw new CliError(`cannot write ${fileName(out)}: it is one of the inputs`, 2);
  }

  private isInput(path: string): boolean {
    if (this.inputIds.size === 0) return false;
    const id = fileId(path);
    return id !== null && this.inputIds.has(id);
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
    if (this.opts.force && this.isInput(path)) throw new CliError(`cannot write ${fileName(path)}: it is one of the inputs`, 2);
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
    if (this.opts.binary !== null || typeof body !== 'string') {
      if (this.single !== null) throw new CliError(`${this.opts.binary ?? 'this format'} holds one game per file and ${name} has more than one: write them with -o DIR`, 2);
      this.single = typeof body === 'string' ? new TextEncoder().encode(body) : body;
      return;
    }
    if (this.games > 1) this.hold(this.opts.separator);
    this.hold(body);
  }

  private hold(text: string): void {
    if (text === '') return;
    this.held.push(text);
    this.size += text.length;
    if (this.size >= (this.started ? FLUSH : HOLD)) this.flush();
  }

  /** Writes the text held (standard output, or the `-o` file, opened on the first write). */
  private flush(): void {
    if (this.size === 0) return;
    const text = this.held.join('');
    this.held = [];
    this.size = 0;
    const data = this.encoded(text);
    const out = this.opts.output;
    if (out !== undefined) {
      const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      try {
        this.fd ??= openSync(out, 'w');
        for (let o = 0; o < bytes.length; ) o += writeSync(this.fd, bytes, o, bytes.length - o);
      } catch (e) {
        throw writeError(out, e);
      }
    } else if (typeof data !== 'string') {
      if (!this.io.outBytes) throw new CliError('GBK output needs -o FILE here', 2);
      this.io.outBytes(data);
      this.sent = true;
    } else {
      this.io.out(data);
      this.sent = true;
    }
    this.started = true;
  }

  /**
   * After text went to standard output: waits until it has gone out, so that a slow reader holds
   * the conversion back; null when there is nothing to wait for.
   */
  drained(): Promise<void> | null {
    if (!this.sent || !this.io.drained) return null;
    this.sent = false;
    return this.io.drained();
  }

  /**
   * A game of the current source left out (an illegal move, a malformed record, a game the target
   * program cannot load): nothing is written for it, but it counts among the source's games, so the
   * others keep their numbered names (`bulk-002.xqf`), the names they have when none is left out.
   */
  skip(): void {
    this.inSource++;
  }

  /** The end of a source: its one game, if it had only one, takes the source's name. */
  endSource(source: string): void {
    // numbered when the source held more games, one of them left out after it (`skip`)
    if (this.pending) this.writeOne(source, this.pending.index, this.pending.body, this.inSource > 1);
    this.pending = null;
    this.inSource = 0;
  }

  /** Writes what is left (standard output or `-o FILE`) and says where the games went. */
  async finish(): Promise<void> {
    const out = this.opts.output;
    if (this.dir !== null) {
      this.io.err(`converted ${plural(this.games, 'game')} into ${plural(this.files, 'file')} in ${fileName(this.dir)}\n`);
      return;
    }
    if (this.opts.binary !== null) {
      const bytes = this.single ?? new Uint8Array(0);
      if (out !== undefined) {
        try {
          writeFileSync(out, bytes);
        } catch (e) {
          throw writeError(out, e);
        }
      } else {
        if (!this.io.outBytes) throw new CliError(`${this.opts.binary} output needs -o FILE here`, 2);
        this.io.outBytes(bytes);
        this.sent = true;
      }
    } else this.flush();
    if (out !== undefined) {
      if (this.opts.binary === null) {
        try {
          this.fd ??= openSync(out, 'w');
          closeSync(this.fd);
        } catch (e) {
          throw writeError(out, e);
        }
        this.fd = null;
      }
      this.io.err(`converted ${plural(this.games, 'game')} to ${fileName(out)}\n`);
    } else if (this.sent) await this.io.drained?.();
  }

  /** After a failure: a `-o` file this conversion started writing is closed and removed (a regular file only). */
  abort(): void {
    if (this.fd === null) return;
    try {
      const regular = fstatSync(this.fd).isFile();
      closeSync(this.fd);
      if (regular) unlinkSync(this.opts.output!);
    } catch {
      // the failure being reported matters more
    }
    this.fd = null;
  }
}
