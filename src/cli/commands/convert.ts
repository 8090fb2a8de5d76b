/**
 * `chuhan convert <input…>`: any readable record (PGN or move list in any notation, XQF, CCBridge, WXF,
 * DhtmlXQ, KIF; files and folders, opened by notation/records/open.ts)
 * to PGN in the dialect another program reads (notation/convert.ts), to a record format of the game's
 * own (`--to kif`: chu shogi as lishogi exports it), or to the final positions' FENs. Every game is replayed against the rules first: an illegal move stops the conversion (exit
 * 1), an unreadable game or input exits 2, each with one sentence naming the file and game.
 */
import { closeSync, fstatSync, openSync, statSync, unlinkSync, writeSync } from 'node:fs';
import type { Command } from 'commander';
import { getGame } from '../../games/registry.js';
import { dialectFen, parseDialect, parseRecordFormat, writeDialectPgn, writeRecordFormat, DIALECTS } from '../../notation/convert.js';
import { encodeGbk } from '../../notation/gbk.js';
import { formatReportLine, Replayer } from '../../notation/replay.js';
import { gameIdFromName, type GameId } from '../../games/registry.js';
import { CliError, VARIANT_NAMES, variantHelp, type Io } from '../context.js';
import { holdsGame, openRecordSource } from '../../notation/records/open.js';
import { expandInputs, inputChunks, openError } from '../record-files.js';

/** Output held before anything is written: a conversion that fails within it leaves no output and no file. */
const HOLD = 1 << 20;
/** Then written in pieces of this many characters as the games come (memory stays flat on any input). */
const FLUSH = 1 << 16;

/**
 * Where converted text goes: standard output or the `-o` file, written as the games are converted
 * (as validate writes its reports), not gathered first. The first HOLD characters are held, so a
 * small conversion that stops at a bad game writes nothing; a file a failed conversion had
 * started is removed (`abort`).
 */
class ConvertOutput {
  private held: string[] = [];
  private size = 0;
  private started = false;
  private fd: number | null = null;
  /** Text went to standard output since the last `drained`. */
  private sent = false;

  constructor(
    private readonly io: Io,
    private readonly path: string | undefined,
    private readonly gbk: boolean,
  ) {}

  write(text: string): void {
    this.held.push(text);
    this.size += text.length;
    if (this.size >= (this.started ? FLUSH : HOLD)) this.flush();
  }

  /**
   * After text went to standard output: waits until it has gone out (a slow reader of a pipe holds
   * the conversion back instead of the text piling up in memory); null when there is nothing to wait for.
   */
  drained(): Promise<void> | null {
    if (!this.sent || !this.io.drained) return null;
    this.sent = false;
    return this.io.drained();
  }

  /** Writes what is held, then closes the file. */
  close(): void {
    try {
      this.flush();
    } catch (e) {
      this.abort();
      throw e;
    }
    if (this.path !== undefined) {
      this.fail(() => {
        this.fd ??= openSync(this.path!, 'w');
        closeSync(this.fd);
      });
      this.fd = null;
    }
  }

  /** After a failure: a file this conversion started writing is closed and removed (a regular file only). */
  abort(): void {
    if (this.fd === null) return;
    try {
      const regular = fstatSync(this.fd).isFile();
      closeSync(this.fd);
      if (regular) unlinkSync(this.path!);
    } catch {
      // the failure being reported matters more
    }
    this.fd = null;
  }

  private fail(f: () => void): void {
    try {
      f();
    } catch (e) {
      throw new CliError(`cannot write ${this.path}: ${(e as Error).message}`, 2);
    }
  }

  private flush(): void {
    if (this.size === 0) return;
    const text = this.held.join('');
    this.held = [];
    this.size = 0;
    let bytes: Uint8Array | null = null;
    if (this.gbk) {
      const b = encodeGbk(text);
      if (!b.ok) throw new CliError(`cannot write GBK: ${b.error}`, 2);
      bytes = b.value;
    }
    if (this.path !== undefined) {
      const data = bytes ?? Buffer.from(text, 'utf8');
      this.fail(() => {
        this.fd ??= openSync(this.path!, 'w');
        for (let o = 0; o < data.length; ) o += writeSync(this.fd, data, o, data.length - o);
      });
    } else if (bytes) {
      if (!this.io.outBytes) throw new CliError('GBK output needs -o FILE here', 2);
      this.io.outBytes(bytes);
      this.sent = true;
    } else {
      this.io.out(text);
      this.sent = true;
    }
    this.started = true;
  }
}

/** Are these two paths the same existing file? */
function sameFile(a: string, b: string): boolean {
  try {
    const x = statSync(a);
    const y = statSync(b);
    return x.isFile() && x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}

interface ConvertOptions {
  output?: string;
  to?: string;
  dialect?: string;
  notation?: string;
  encoding?: string;
  variant?: string;
}

export function registerConvert(program: Command, io: Io): void {
  program
    .command('convert')
    .description('convert records (PGN, move lists, XQF, CCBridge, KIF) to PGN in the dialect another program reads, to KIF (chu shogi, as lishogi exports it), or to FEN')
    .argument('<input...>', 'record files or folders (read recursively), or - for standard input')
    .option('-o, --output <file>', 'write to this file (default: standard output)')
    .option('--to <format>', 'pgn | fen (the final position of each game) | kif (chu shogi, as lishogi exports it)', 'pgn')
    .option('--dialect <dialect>', `${DIALECTS.join(' | ')}`, 'chuhan')
    .option('--notation <notation>', 'the move notation where the dialect lets one choose (chuhan: iccs, wxf, chinese, uci / usi, western; xqbase: iccs, wxf, chinese)')
    .option('--encoding <encoding>', 'utf-8 | gbk', 'utf-8')
    .option('-v, --variant <variant>', variantHelp('default: from each record'))
    .action(async (inputs: string[], opts: ConvertOptions) => {
      const dialect = parseDialect(opts.dialect ?? 'chuhan');
      if (!dialect) throw new CliError(`unknown dialect "${opts.dialect}" (use ${DIALECTS.join(', ')})`);
      const to = (opts.to ?? 'pgn').toLowerCase();
      const recordFormat = parseRecordFormat(to);
      if (to !== 'pgn' && to !== 'fen' && !recordFormat) throw new CliError(`unknown output format "${opts.to}" (use pgn, fen or kif)`);
      const encoding = (opts.encoding ?? 'utf-8').toLowerCase().replace(/^utf8$/, 'utf-8');
      if (encoding !== 'utf-8' && encoding !== 'gbk') throw new CliError(`unknown encoding "${opts.encoding}" (use utf-8 or gbk)`);
      let variant: GameId | undefined;
      if (opts.variant) {
        const id = gameIdFromName(opts.variant);
        if (!id) throw new CliError(`unknown variant "${opts.variant}" (use ${VARIANT_NAMES})`);
        variant = id;
      }
      const dopts = { dialect, ...(opts.notation !== undefined ? { notation: opts.notation } : {}) };
      const replayer = new Replayer({ keepMoves: true, ...(variant ? { variant } : {}) });
      const out = new ConvertOutput(io, opts.output, encoding === 'gbk');
      let games = 0;
      // files and folders (walked as validate walks them: files in a folder that hold no record are skipped)
      const { inputs: files } = await expandInputs(inputs);
      // the output is written while the inputs are read: it cannot be one of them
      if (opts.output !== undefined && files.some((f) => f.path !== '-' && sameFile(f.path, opts.output!)))
        throw new CliError(`cannot write ${opts.output}: it is one of the inputs`, 2);
      for (const input of files) {
        const file = input.path;
        const name = file === '-' ? 'standard input' : file;
        let inFile = 0;
        try {
          const opened = await openRecordSource(inputChunks(input));
          if (opened.format === 'none' && input.found) continue;
          for await (const rec of opened.records) {
            if (!holdsGame(rec)) continue;
            const report = replayer.replay(rec);
            if (report.status !== 'ok' || !report.start || !report.moves || !report.variant) {
              throw new CliError(`${name}: ${formatReportLine(report)}`, report.status === 'illegal' ? 1 : 2);
            }
            inFile++;
            const game = getGame(report.variant);
            const fail = (why: string): never => {
              throw new CliError(`${name}: game ${rec.index}: ${why}`, 2);
            };
            if (to === 'fen') {
              const end = report.start.clone();
              for (const m of report.moves) end.play(m);
              const f = dialectFen(game, end, dopts);
              if (!f.ok) fail(f.error);
              else out.write(f.value + '\n');
            } else if (recordFormat) {
              const result = report.recorded ?? '*';
              const moveTexts = rec.moves.map((m) => m.text);
              const text = writeRecordFormat({ game, start: report.start, moves: report.moves, tags: rec.tagList, result, moveTexts }, recordFormat);
              if (!text.ok) fail(text.error);
              else out.write((games + inFile > 1 ? '\n' : '') + text.value);
            } else {
              const result = report.recorded ?? '*';
              const text = writeDialectPgn({ game, start: report.start, moves: report.moves, tags: rec.tagList, result }, dopts);
              if (!text.ok) fail(text.error);
              else out.write((games + inFile > 1 ? '\n' : '') + text.value);
            }
            const pace = out.drained();
            if (pace) await pace;
          }
        } catch (e) {
          out.abort();
          if (e instanceof CliError) throw e;
          throw openError(name, e);
        }
        if (inFile === 0) {
          if (input.found) continue;
          out.abort();
          throw new CliError(`found no games in ${name}`, 2);
        }
        games += inFile;
      }
      out.close();
      if (opts.output) io.err(`converted ${games} game${games === 1 ? '' : 's'} to ${opts.output}\n`);
      await io.drained?.();
    });
}
