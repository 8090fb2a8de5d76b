/**
 * `chuhan convert <input…>`: any readable record (PGN or move list in any notation, XQF, CCBridge, WXF,
 * DhtmlXQ, KIF; files and folders, opened by notation/records/open.ts) to PGN in the dialect another
 * program reads (notation/convert.ts), to a record format of the game's own (`Game.recordWriters`:
 * `--to kif` chu shogi as lishogi exports it, `--to dhtmlxq|xqf` xiangqi), or to the final
 * positions' FENs (one line per game).
 *
 * Every game is replayed against the rules first. Reading: a game with an illegal move, or a
 * malformed one (the replay's verdict names its game: a syntax error, a bad tag, a move in no
 * notation), is left out with one sentence on stderr (validate's words), the others are written, and
 * the run ends with exit 1 (2 when a malformed game was among them, as validate's). An input that
 * cannot be read (cannot be opened, a read failing part way, a path among several that does not
 * exist) is left out too, with a line on stderr, and the run ends with exit 2 and a sentence
 * naming it; one file named alone that cannot be read exits 2 at once. Writing: the result written is the judge's (the replay's verdict)
 * with a note in the record when the record said otherwise; a format the game has no writer for is
 * a usage error (exit 2); a game the target program cannot load (XBoard's chu) is left out as an
 * illegal one is (exit 1). When no game at all is written, nothing is: no `-o` file, no output.
 *
 * Output: standard output, one file (`-o FILE`, all games), or a folder (`-o DIR`: an existing
 * folder, or a path ending with `/`): one file per game, named after the source file
 * (`game.pgn` → `game.xqf` for a file of one game, `games-001.xqf`, `games-002.xqf` … for several),
 * never overwriting a file (`--force` does). XQF is binary: one game per file, never to a terminal.
 * Standard output and `-o FILE` are written as the games are converted (convert-output.ts): a
 * failure past the first megabyte leaves what went to standard output and removes the `-o` file;
 * the output is never one of the inputs (exit 2).
 */
import type { Command } from 'commander';
import type { Game, OpeningNamer, RecordFormatId } from '../../games/game.js';
import { getGame } from '../../games/registry.js';
import {
  dialectFen,
  dialectRefusal,
  gamesWriting,
  recordFormatFile,
  parseDialect,
  parseRecordFormat,
  writeRecordFormat,
  writeDialectPgn,
  withOpeningTags,
  DIALECTS,
  RECORD_FORMATS,
  type DialectOptions,
  type RecordToWrite,
} from '../../notation/convert.js';
import { formatReportLine, formatVerdict, Replayer, type GameReport } from '../../notation/replay.js';
import { gameIdFromName, type GameId } from '../../games/registry.js';
import { CliError, VARIANT_NAMES, variantHelp, type Io } from '../context.js';
import { holdsGame, openRecordSource } from '../../notation/records/open.js';
import { plural } from '../../core/text.js';
import { ConvertOutput } from '../convert-output.js';
import { expandInputs, fileList, fileName, inputChunks, isReadError, openError, unreadable, unreadableSentence, type Input, type Unreadable } from '../record-files.js';
import { parseJobs, runFileJobs, type FileRunner } from '../jobs.js';

interface ConvertOptions {
  output?: string;
  to?: string;
  dialect?: string;
  notation?: string;
  encoding?: string;
  variant?: string;
  force?: boolean;
  jobs?: string;
}

/** The record formats with the games each is written for: `kif (Chu Shogi) | dhtmlxq (Xiangqi) | …`. */
const RECORD_FORMAT_HELP = (Object.keys(RECORD_FORMATS) as RecordFormatId[]).map((f) => `${f} (${gamesWriting(f).join(', ')})`).join(' | ');

/** Every `--to` format: pgn, fen and the record formats. */
const TO_FORMATS = ['pgn', 'fen', ...Object.keys(RECORD_FORMATS), 'gif'];

/**
 * The result to write and why it is not the record's: the judge's result (`GameReport.result`, the
 * rules' verdict, else the recorded result) wins; a note says what the record said when the rules
 * ended the game otherwise.
 */
export function keptResult(report: GameReport): { result: string; note: string | null } {
  const result = report.result;
  const recorded = report.recorded ?? '*';
  if (report.reason === null || result === recorded) return { result, note: null };
  const at = report.endPly !== null ? ` at ply ${report.endPly}` : '';
  const said = recorded === '*' ? 'the record gives no result' : `the record says ${recorded}`;
  return { result, note: `result by the rules: ${result}, ${report.reason}${at} (${said})` };
}

export function registerConvert(program: Command, io: Io): void {
  program
    .command('convert')
    .description('convert records (PGN, move lists, XQF, CCBridge, DhtmlXQ, WXF, KIF) to PGN in the dialect another program reads, to a record format of the game (KIF as lishogi exports it, DhtmlXQ, XQF), or to FEN')
    .argument('<input...>', 'record files or folders (read recursively), or - for standard input')
    .option('-o, --output <file|dir>', 'write to this file, or one file per game into this folder (an existing folder, or a path ending with /); default: standard output')
    .option('--to <format>', `pgn | fen (the final position of each game, one line each) | gif (an animated board, one frame a ply, one file a game) | ${RECORD_FORMAT_HELP}`, 'pgn')
    .option('--dialect <dialect>', `the PGN dialect (and the FEN letters of --to fen): ${DIALECTS.join(' | ')}`, 'chuhan')
    .option('--notation <notation>', 'the move notation where the dialect lets one choose (chuhan: iccs, wxf, chinese, uci / usi, western; xqbase: iccs, wxf, chinese)')
    .option('--encoding <encoding>', 'utf-8 | gbk (text formats; XQF is always GBK inside)', 'utf-8')
    .option('--force', 'with -o DIR: overwrite files that are already there')
    .option('-v, --variant <variant>', variantHelp('default: from each record'))
    .option('-j, --jobs <n>', 'threads for several files or a folder (default: one per core but one, fewer for a small input; 1: this thread only); the output is the same')
    .action(async (inputs: string[], opts: ConvertOptions) => {
      const dialect = parseDialect(opts.dialect ?? 'chuhan');
      if (!dialect) throw new CliError(`unknown dialect "${opts.dialect}" (use ${DIALECTS.join(', ')})`);
      const to = (opts.to ?? 'pgn').trim().toLowerCase();
      const recordFormat: RecordFormatId | null = parseRecordFormat(to);
      if (to !== 'pgn' && to !== 'fen' && to !== 'gif' && !recordFormat)
        throw new CliError(`unknown output format "${opts.to}" (use ${TO_FORMATS.slice(0, -1).join(', ')} or ${TO_FORMATS[TO_FORMATS.length - 1]})`);
      const encoding = (opts.encoding ?? 'utf-8').toLowerCase().replace(/^utf8$/, 'utf-8');
      if (encoding !== 'utf-8' && encoding !== 'gbk') throw new CliError(`unknown encoding "${opts.encoding}" (use utf-8 or gbk)`);
      let variant: GameId | undefined;
      if (opts.variant) {
        const id = gameIdFromName(opts.variant);
        if (!id) throw new CliError(`unknown variant "${opts.variant}" (use ${VARIANT_NAMES})`);
        variant = id;
      }
      const kind = recordFormat !== null ? recordFormatFile(recordFormat) : { extension: to, binary: to === 'gif' };
      const binary = to === 'gif' ? 'GIF' : recordFormat !== null && kind.binary ? (RECORD_FORMATS[recordFormat] ?? recordFormat) : null;
      const output = new ConvertOutput(io, {
        ...(opts.output !== undefined ? { output: opts.output } : {}),
        force: opts.force === true,
        gbk: encoding === 'gbk',
        binary,
        extension: kind.extension,
        separator: to === 'fen' ? '' : '\n',
      });
      const dopts = { dialect, ...(opts.notation !== undefined ? { notation: opts.notation } : {}) };
      const jobs = parseJobs(opts.jobs);
      const options: ConvertFileOptions = { to, dopts, ...(variant ? { variant } : {}) };
      const left: Record<LeftOut, number> = { illegal: 0, malformed: 0, refused: 0 };
      let leftOut = 0;
      let games = 0;
      const unread: Unreadable[] = [];
      const out = (input: Input, o: ConvertOut): void => {
        if ('leftOut' in o) {
          left[o.why]++;
          leftOut++;
          output.skip();
          io.err(`chuhan: ${o.leftOut}\n`);
        } else {
          games++;
          output.game(input.path, fileName(input.path), o.game, o.body);
        }
      };
      const done = (input: Input, r: ConvertTally): void => {
        if (r.skipped) return;
        if (r.unreadable) {
          // a file named alone: its sentence at once, as ever (nothing written)
          if (single) throw new CliError(unreadableSentence([r.unreadable]), 2);
          unread.push(r.unreadable);
          const name = fileName(input.path);
          io.err(`chuhan: ${name}: left out${r.games > 0 ? ` after game ${r.games}` : ''}: cannot read it: ${r.unreadable.reason}\n`);
          // its games written so far keep numbered names (-o DIR): the file held more
          if (r.games > 0) output.skip();
          output.endSource(input.path);
          return;
        }
        output.endSource(input.path);
        if (r.games === 0 && !input.found) throw new CliError(`found no games in ${fileName(input.path)}`, 2);
      };

      const { inputs: sources, folder } = await expandInputs(inputs);
      const single = sources.length === 1 && !folder;
      output.inputs(sources.map((i) => i.path));
      // on this thread, the conversion waits for each piece written to standard output to go out
      const run = convertFiles(options, () => output.drained());
      try {
        // standard input is read on this thread: with `-` among the inputs, one job
        if (jobs > 1 && sources.length > 1 && !sources.some((i) => i.path === '-'))
          await runFileJobs({ inputs: sources, jobs, kind: 'convert', options, local: run, out, done, auto: opts.jobs === undefined });
        else for (const input of sources) done(input, await run(input, (o) => out(input, o)));
        // folders that held no game (a file named alone already said so): as validate, one sentence
        if (games === 0 && leftOut === 0 && unread.length === 0) throw new CliError(`found no games in ${fileList(inputs)}`, 2);
        // every game left out: nothing is written (no empty -o file), as when a conversion stopped
        if (games > 0) await output.finish();
      } catch (e) {
        output.abort();
        throw e;
      }
      // the inputs that could not be read after the games left out, in one sentence: exit 2
      const closing = [...(leftOut > 0 ? [leftOutSentence(left, games, dialect)] : []), ...(unread.length > 0 ? [unreadableSentence(unread)] : [])];
      if (closing.length > 0) throw new CliError(closing.join('; '), left.malformed > 0 || unread.length > 0 ? 2 : 1);
    });
}

/** Why a game was left out: an illegal move, a malformed record, or the target program cannot load it. */
export type LeftOut = 'illegal' | 'malformed' | 'refused';

/**
 * The sentence that ends a run with games left out (each was named on stderr as it came):
 * `1 game of 482 left out: it has an illegal move (see above)`; with several reasons, how many each.
 */
export function leftOutSentence(left: Readonly<Record<LeftOut, number>>, written: number, dialect: string): string {
  const n = left.illegal + left.malformed + left.refused;
  const one = n === 1;
  const program = `the program the ${dialect} dialect is for`;
  const whole: Record<LeftOut, string> = {
    illegal: one ? 'it has an illegal move' : 'they have illegal moves',
    malformed: one ? 'it is malformed' : 'they are malformed',
    refused: `${program} cannot load ${one ? 'it' : 'them'}`,
  };
  const reasons = (Object.keys(left) as LeftOut[]).filter((k) => left[k] > 0);
  const why =
    reasons.length === 1
      ? whole[reasons[0]!]
      : reasons
          .map((k) => {
            const c = left[k];
            if (k === 'illegal') return `${c} ${c === 1 ? 'has an illegal move' : 'have illegal moves'}`;
            if (k === 'malformed') return `${c} ${c === 1 ? 'is' : 'are'} malformed`;
            return `${c} ${program} cannot load`;
          })
          .join(', ');
  return `${plural(n, 'game')} of ${written + n} left out: ${why} (see above)`;
}

/** What `convertFiles` needs: the command's options as one thread or a worker (jobs.ts) reads them. */
export interface ConvertFileOptions {
  readonly to: string;
  readonly dopts: DialectOptions;
  readonly variant?: GameId;
}

/** What the reading of a file gives, in order: a game to write (`ConvertOutput.game`), or a game left out (its sentence and why). */
export type ConvertOut = { readonly game: number; readonly body: string | Uint8Array } | { readonly leftOut: string; readonly why: LeftOut };

/**
 * A file's end: its games (left-out ones counted), or skipped (a file of a folder that holds no
 * record); `unreadable`: it could not be read, with why (`games`: those handed on before its read failed).
 */
export interface ConvertTally {
  readonly games: number;
  readonly skipped: boolean;
  readonly unreadable?: Unreadable;
}

/**
 * The per-file work of `convert` (on this thread, or on a worker of `--jobs`): each game of an
 * input replayed and written in the target format, handed to `emit`; a game with an illegal move
 * or a malformed one is handed on as left out, with its sentence; an input that cannot be read (or
 * whose read fails part way) answers `unreadable`, with why; any other failure throws its sentence. `pace` (this thread only): after each game, what to wait for
 * before the next (standard output going out to a slow reader).
 */
export function convertFiles(o: ConvertFileOptions, pace?: () => Promise<void> | null): FileRunner<ConvertTally, ConvertOut> {
  const { to, dopts } = o;
  const recordFormat: RecordFormatId | null = parseRecordFormat(to);
  const replayer = new Replayer({ keepMoves: true, ...(o.variant ? { variant: o.variant } : {}) });
  // the opening's tags (ECCO, Opening, Variation) need the game's namer, loaded when first needed
  const namers = new Map<GameId, OpeningNamer | null>();
  const namerOf = async (game: Game): Promise<OpeningNamer | null> => {
    if (!namers.has(game.id)) namers.set(game.id, game.openingNames ? await game.openingNames() : null);
    return namers.get(game.id)!;
  };
  return async (input, emit) => {
    const file = input.path;
    const name = fileName(file);
    let inFile = 0;
    try {
      const opened = await openRecordSource(inputChunks(input));
      if (opened.format === 'none' && input.found) return { games: 0, skipped: true };
      for await (const rec of opened.records) {
        if (!holdsGame(rec)) continue;
        const report = replayer.replay(rec);
        if (report.status === 'illegal' || report.status === 'malformed') {
          // validate's words for it, after the game's number: `game 3: left out: illegal move 10 "e1f0" at …`
          inFile++;
          emit({ leftOut: `${name}: game ${report.index}: left out: ${formatVerdict(report)}`, why: report.status });
          continue;
        }
        if (!report.start || !report.moves || !report.variant) throw new CliError(`${name}: ${formatReportLine(report)}`, 2);
        inFile++;
        const game = getGame(report.variant);
        const fail = (why: string): CliError => new CliError(`${name}: game ${rec.index}: ${why}`, 2);
        const { result, note } = keptResult(report);
        const namer = to === 'fen' || to === 'gif' ? null : await namerOf(game); // a GIF draws no opening tag
        const opening = namer?.name(report.start, report.moves) ?? null;
        const toWrite: RecordToWrite = {
          game,
          start: report.start,
          moves: report.moves,
          tags: opening ? withOpeningTags(rec.tagList, opening) : rec.tagList,
          result,
          moveTexts: rec.moves.map((m) => m.text),
          ...(note !== null ? { resultNote: note } : {}),
        };
        let body: string | Uint8Array;
        if (to === 'fen') {
          const end = report.start.clone();
          for (const m of report.moves) end.play(m);
          const f = dialectFen(game, end, dopts);
          if (!f.ok) throw fail(f.error);
          body = `${f.value}\n`;
        } else if (to === 'gif') {
          // loaded only here: the pictures' code is not read at start-up
          const { gameGif } = await import('../pictures.js');
          body = gameGif(toWrite);
        } else if (recordFormat) {
          const r = writeRecordFormat(toWrite, recordFormat);
          if (!r.ok) throw fail(r.error);
          body = r.value;
        } else {
          const why = dialectRefusal(toWrite, dopts);
          if (why !== null) {
            emit({ leftOut: `${name}: game ${rec.index}: left out: ${why}`, why: 'refused' });
            continue;
          }
          const r = writeDialectPgn(toWrite, dopts);
          if (!r.ok) throw fail(r.error);
          body = r.value;
        }
        emit({ game: rec.index, body });
        const paced = pace?.();
        if (paced) await paced;
      }
    } catch (e) {
      if (e instanceof CliError) throw e;
      if (isReadError(e)) return { games: inFile, skipped: false, unreadable: unreadable(file, e) };
      throw openError(file, e);
    }
    return { games: inFile, skipped: false };
  };
}
