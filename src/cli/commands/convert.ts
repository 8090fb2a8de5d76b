/**
 * `chuhan convert <input…>`: any readable record (PGN or move list in any notation, XQF, CCBridge, WXF,
 * DhtmlXQ, KIF; files and folders, opened by notation/records/open.ts)
 * to PGN in the dialect another program reads (notation/convert.ts), to a record format of the game's
 * own (`--to kif`: chu shogi as lishogi exports it), or to the final positions' FENs. Every game is replayed against the rules first: an illegal move stops the conversion (exit
 * 1), an unreadable game or input exits 2, each with one sentence naming the file and game.
 */
import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { getGame } from '../../games/registry.js';
import { dialectFen, parseDialect, parseRecordFormat, writeDialectPgn, writeRecordFormat, DIALECTS, type DialectOptions } from '../../notation/convert.js';
import { encodeGbk } from '../../notation/gbk.js';
import { formatReportLine, Replayer } from '../../notation/replay.js';
import { gameIdFromName, type GameId } from '../../games/registry.js';
import { CliError, VARIANT_NAMES, variantHelp, type Io } from '../context.js';
import { holdsGame, openRecordSource } from '../../notation/records/open.js';
import { expandInputs, inputChunks, openError, type Input } from '../record-files.js';
import { parseJobs, runFileJobs, type FileRunner } from '../jobs.js';

interface ConvertOptions {
  output?: string;
  to?: string;
  dialect?: string;
  notation?: string;
  encoding?: string;
  variant?: string;
  jobs?: string;
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
    .option('-j, --jobs <n>', 'threads for several files or a folder (default: one per core but one; 1: this thread only); the output is the same')
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
      const jobs = parseJobs(opts.jobs);
      const options: ConvertFileOptions = { to, dopts, ...(variant ? { variant } : {}) };
      const parts: string[] = [];
      let games = 0;
      // files and folders (walked as validate walks them: files in a folder that hold no record are skipped)
      const { inputs: files } = await expandInputs(inputs);
      const run = convertFiles(options);
      const add = (t: string): void => {
        // the first game has no blank line before it
        parts.push(parts.length === 0 && to !== 'fen' ? t.slice(1) : t);
      };
      const done = (_input: Input, n: number): void => {
        games += n;
      };
      // standard input is read on this thread: with `-` among the inputs, one job
      if (jobs > 1 && files.length > 1 && !files.some((i) => i.path === '-'))
        await runFileJobs({ inputs: files, jobs, kind: 'convert', options, local: run, text: add, done });
      else for (const input of files) done(input, await run(input, add));
      const text = parts.join('');
      let bytes: Uint8Array | null = null;
      if (encoding === 'gbk') {
        const b = encodeGbk(text);
        if (!b.ok) throw new CliError(`cannot write GBK: ${b.error}`, 2);
        bytes = b.value;
      }
      if (opts.output) {
        try {
          await writeFile(opts.output, bytes ?? text);
        } catch (e) {
          throw new CliError(`cannot write ${opts.output}: ${(e as Error).message}`, 2);
        }
        io.err(`converted ${games} game${games === 1 ? '' : 's'} to ${opts.output}\n`);
      } else if (bytes) {
        if (!io.outBytes) throw new CliError('GBK output needs -o FILE here', 2);
        io.outBytes(bytes);
      } else io.out(text);
    });
}

/** What `convertFiles` needs: the command's options as one thread or a worker (jobs.ts) reads them. */
export interface ConvertFileOptions {
  readonly to: string;
  readonly dopts: DialectOptions;
  readonly variant?: GameId;
}

/**
 * The per-file work of `convert` (on this thread, or on a worker of `--jobs`): each game of an
 * input replayed and written, its text handed to `emit` (PGN and KIF with a blank line before
 * every game: the caller drops the first); answers the number of games. An illegal or unreadable
 * game throws its one sentence, as does an input named on the command line with no game.
 */
export function convertFiles(o: ConvertFileOptions): FileRunner<number> {
  const { to, dopts } = o;
  const recordFormat = parseRecordFormat(to);
  const replayer = new Replayer({ keepMoves: true, ...(o.variant ? { variant: o.variant } : {}) });
  return async (input, emit) => {
    const file = input.path;
    const name = file === '-' ? 'standard input' : file;
    let inFile = 0;
    try {
      const opened = await openRecordSource(inputChunks(input));
      if (opened.format === 'none' && input.found) return 0;
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
          else emit(f.value + '\n');
        } else if (recordFormat) {
          const result = report.recorded ?? '*';
          const moveTexts = rec.moves.map((m) => m.text);
          const text = writeRecordFormat({ game, start: report.start, moves: report.moves, tags: rec.tagList, result, moveTexts }, recordFormat);
          if (!text.ok) fail(text.error);
          else emit('\n' + text.value);
        } else {
          const result = report.recorded ?? '*';
          const text = writeDialectPgn({ game, start: report.start, moves: report.moves, tags: rec.tagList, result }, dopts);
          if (!text.ok) fail(text.error);
          else emit('\n' + text.value);
        }
      }
    } catch (e) {
      if (e instanceof CliError) throw e;
      throw openError(name, e);
    }
    if (inFile === 0 && !input.found) throw new CliError(`found no games in ${name}`, 2);
    return inFile;
  };
}
