/**
 * Record files for the commands: paths and folders to inputs, a file's bytes, and a file that
 * cannot be read as one sentence. What the bytes hold is read by notation/records/open.ts.
 */
import { existsSync, readdirSync, statSync, writeFileSync, type Dirent } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { dirname, join, sep } from 'node:path';
import { fileChunksSync } from '../tui/file-chunks.js';
import { escapeControls, quoteInput, quoteList, quoteName } from '../core/text.js';
import { CliError } from './context.js';

/** A file named in a message (core/text.ts quoteName: quoted when not plain), `-` as standard input. */
export const fileName = (path: string): string => (path === '-' ? 'standard input' : quoteName(path));

/** Files named in a message: the count and the first few, quoted. */
export const fileList = (paths: readonly string[]): string =>
  paths.length === 1 ? fileName(paths[0]!) : quoteList(paths.map((p) => (p === '-' ? 'standard input' : p)), ['file', 'files'], 3, 100);

/** Why a file system call failed, in words (never the raw message with its path). */
function reason(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  switch (err?.code) {
    case 'ENOENT':
      return 'no such file';
    case 'EISDIR':
      return 'it is a directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOTDIR':
      return 'a part of its path is not a folder';
    case 'ELOOP':
      return 'too many symbolic links';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOSPC':
      return 'the disk is full';
    case 'EDQUOT':
      return 'the disk quota is used up';
    case 'EIO':
      return 'an input/output error';
    case 'EMFILE':
    case 'ENFILE':
      return 'too many open files';
    default:
      return err?.code ? `error ${escapeControls(err.code)}` : quoteInput(String((err as Error)?.message ?? e), 200);
  }
}

/** A file that cannot be opened, as one sentence (exit 2); `path` as given (`-`: standard input). */
export function openError(path: string, e: unknown): CliError {
  return new CliError(`cannot read ${fileName(path)}: ${reason(e)}`, 2);
}

/** The system calls of opening, listing and reading an input. */
const READ_CALLS = new Set(['open', 'read', 'scandir', 'stat', 'lstat', 'fstat']);

/**
 * A failure of the file system while an input was opened, listed or read (ENOENT, EACCES, EIO…: an
 * error with an errno code from one of those calls), not a failure of the code that reads it nor a
 * write of the output.
 */
export function isReadError(e: unknown): boolean {
  const err = e as NodeJS.ErrnoException | null;
  return err instanceof Error && typeof err.code === 'string' && READ_CALLS.has(String(err.syscall));
}

/** An input that could not be read, as the commands collect them: its path and why, in words. */
export interface Unreadable {
  readonly path: string;
  readonly reason: string;
}

/** An input that could not be read, with why (`reason`'s words). */
export const unreadable = (path: string, e: unknown): Unreadable => ({ path, reason: reason(e) });

/**
 * The inputs that could not be read, as one sentence: openError's for one (`cannot read a.pgn:
 * permission denied`); for several the count and the first few (fileList), with each reason and,
 * when they differ, how many files it is (`…: permission denied for 2, an input/output error for 1`).
 */
export function unreadableSentence(list: readonly Unreadable[]): string {
  const counts = new Map<string, number>();
  for (const u of list) counts.set(u.reason, (counts.get(u.reason) ?? 0) + 1);
  const why = counts.size === 1 ? list[0]!.reason : [...counts].map(([r, n]) => `${r} for ${n}`).join(', ');
  return `cannot read ${fileList(list.map((u) => u.path))}: ${why}`;
}

/** A file that cannot be written, as one sentence (exit 2): a read-only folder or file named as such. */
export function writeError(path: string, e: unknown): CliError {
  const code = (e as NodeJS.ErrnoException)?.code;
  const dir = dirname(path);
  let why = reason(e);
  if (path === '') why = 'no file name was given';
  else if (code === 'EACCES' || code === 'EPERM') why = existsSync(path) ? 'the file is read-only (permission denied)' : `the folder ${quoteName(dir)} is read-only (permission denied)`;
  else if (code === 'ENOENT') why = `the folder ${quoteName(dir)} does not exist`;
  return new CliError(`cannot write ${fileName(path)}: ${why}`, 2);
}

/** Writes a whole file; a failure is `writeError`'s one sentence (exit 2). */
export function writeWholeFile(path: string, body: string | Uint8Array): void {
  try {
    writeFileSync(path, body);
  } catch (e) {
    throw writeError(path, e);
  }
}

/**
 * Fails at once, as writeError would later, when `path` can be no file to write: no name, a folder,
 * or in a folder that does not exist (for a command that works a long time before it writes).
 */
export function assertWritable(path: string): void {
  const error = (code: string) => writeError(path, Object.assign(new Error(code), { code }));
  if (path === '') throw error('ENOENT');
  try {
    if (statSync(path).isDirectory()) throw error('EISDIR');
  } catch (e) {
    if (e instanceof CliError) throw e;
    if (!existsSync(dirname(path))) throw error('ENOENT');
  }
}

/** One input to read: a file (from the command line or found in a folder) or standard input (`-`). */
export interface Input {
  /** The path as given, or as found in a folder (a byte of a name that is not UTF-8 shown as `\xff`). */
  readonly path: string;
  /** Found by walking a folder (files that hold no record are skipped, not reported). */
  readonly found: boolean;
  /** The path's bytes, when a name in it is not UTF-8 (the file is opened by these; `path` is for messages). */
  readonly raw?: Uint8Array;
  /**
   * Why it could not be found or listed (a folder that cannot be listed, a path among several that
   * does not exist): reading it fails with this, as reading a file that cannot be opened does.
   */
  readonly failed?: { readonly code: string; readonly syscall: string; readonly message: string };
}

/** An error of the file system as an input keeps it (`Input.failed`): plain data, which a worker thread's message carries. */
const failedAs = (e: unknown): NonNullable<Input['failed']> => {
  const err = e as NodeJS.ErrnoException;
  return { code: String(err?.code ?? 'EIO'), syscall: String(err?.syscall ?? 'open'), message: String(err?.message ?? e) };
};

/** A file name's bytes as text: UTF-8 as it is, each byte that is not part of a UTF-8 character as `\xNN`. */
export function nameText(bytes: Uint8Array): string {
  if (isUtf8(bytes)) return Buffer.from(bytes).toString('utf8');
  let text = '';
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    const n = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    const seq = n > 0 ? bytes.subarray(i, i + n) : null;
    if (seq !== null && seq.length === n && isUtf8(seq)) {
      text += Buffer.from(seq).toString('utf8');
      i += n;
    } else {
      text += `\\x${b.toString(16).padStart(2, '0')}`;
      i++;
    }
  }
  return text;
}

/**
 * Every file under a folder, recursively, in a stable order (names sorted by code unit; dot files
 * skipped). Names are read as bytes: a name that is not UTF-8 is opened by its bytes (`raw`) and
 * shown with its bad bytes as `\xNN` (Node's text names would turn them into U+FFFD, a file
 * that then cannot be opened).
 */
function walk(dir: string, out: Input[], rawDir?: Buffer): void {
  let list: Dirent<Buffer>[];
  try {
    list = readdirSync(rawDir ?? dir, { withFileTypes: true, encoding: 'buffer' });
  } catch (e) {
    // a folder that cannot be listed is an input that cannot be read: the others are read (its error comes in its turn)
    out.push({ path: dir, found: true, ...(rawDir ? { raw: rawDir } : {}), failed: failedAs(e) });
    return;
  }
  const entries = list.map((e) => ({ e, name: nameText(e.name), utf8: isUtf8(e.name) }));
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const { e, name, utf8 } of entries) {
    if (e.name[0] === 0x2e) continue;
    const p = join(dir, name);
    const raw = rawDir !== undefined || !utf8 ? Buffer.concat([rawDir ?? Buffer.from(dir), Buffer.from(sep), e.name]) : undefined;
    if (e.isDirectory()) walk(p, out, raw);
    else if (e.isFile()) out.push(raw ? { path: p, found: true, raw } : { path: p, found: true });
  }
}

/**
 * The files the command-line arguments name: files as given, folders walked; `folder`: one was a
 * folder. A path named alone that cannot be found ends the run at once (`cannot read nope.pgn: no
 * such file`); among several it is an input that fails when it is read, as a folder that cannot be
 * listed is: the other inputs are read.
 */
export async function expandInputs(args: readonly string[]): Promise<{ inputs: Input[]; folder: boolean }> {
  const inputs: Input[] = [];
  let folder = false;
  for (const a of args) {
    if (a === '-') {
      inputs.push({ path: '-', found: false });
      continue;
    }
    try {
      const st = statSync(a);
      if (st.isDirectory()) {
        folder = true;
        walk(a, inputs);
      } else inputs.push({ path: a, found: false });
    } catch (e) {
      if (args.length === 1) throw openError(a, e);
      inputs.push({ path: a, found: false, failed: failedAs(e) });
    }
  }
  return { inputs, folder };
}

/** Bytes read per chunk of a file. */
const CHUNK = 1 << 14;

/**
 * The bytes of a file, CHUNK at a time, as a file stream of that highWaterMark gives them (the same
 * chunks; errors such as ENOENT or EISDIR come at the first read, as the stream's do), read with
 * plain synchronous reads: no stream machinery for the one reader that consumes them.
 */
export async function* fileChunks(path: string | Uint8Array): AsyncGenerator<Uint8Array, void, undefined> {
  yield* fileChunksSync(path, CHUNK);
}

/** The byte stream of an input (standard input for `-`); one that could not be found or listed fails at its first read. */
export const inputChunks = (input: Input): AsyncIterable<string | Uint8Array> =>
  input.failed ? failing(input.failed) : input.path === '-' ? process.stdin : fileChunks(input.raw ?? input.path);

// biome-ignore lint/correctness/useYield: a stream that fails at its first read, as a file's does
async function* failing(f: NonNullable<Input['failed']>): AsyncGenerator<Uint8Array, void, undefined> {
  throw Object.assign(new Error(f.message), { code: f.code, syscall: f.syscall });
}
