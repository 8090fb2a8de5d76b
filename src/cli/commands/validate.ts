/** `chuhan validate`: replay the games of record files and report each (cli.md). */
import { setFlagsFromString } from 'node:v8';
import type { Command } from 'commander';
import type { GameRecord } from '../../notation/pgn.js';
import { TEXT_FORMATS } from '../../notation/records/formats.js';
import { openRecordSource } from '../../notation/records/open.js';
import { formatReportLine, Replayer, reportJsonText, type GameReport } from '../../notation/replay.js';
import { GAMES, gameIdFromName, type Game, type GameId, type OpeningNamer } from '../../games/registry.js';
import { CliError, VARIANT_NAMES, variantHelp, type Io } from '../context.js';
import { expandInputs, fileList, fileName, inputChunks, isReadError, openError, unreadable, unreadableSentence, type Input, type Unreadable } from '../record-files.js';
import { parseJobs, runFileJobs, type FileRunner } from '../jobs.js';
import { plural, quoteInput, quoteName } from '../../core/text.js';
import { formatProblem, type Problem } from '../../core/problem.js';
import { plainOptions } from '../plain-options.js';

interface ValidateOptions {
  format?: string;
  variant?: string;
  json?: boolean;
  explain?: boolean;
  strict?: boolean;
  rules?: string;
  jobs?: string;
}

/** `--format`: auto, PGN, a move list, and every text format read whole (the games' own, KIF, problem JSON). */
const FORMATS = ['auto', 'pgn', 'list', ...TEXT_FORMATS.map((f) => f.id)];
const FLUSH = 1 << 16;
const LIST_TAGS: Problem = { code: 'record.list-tags' };

/** A game of a `--format list` input may not have tag pairs. */
function listFormatCheck(r: GameReport, hasTags: boolean, line: number): GameReport {
  if (!hasTags || r.status === 'malformed') return r;
  return {
    ...r,
    status: 'malformed',
    error: { ply: 1, move: null, line, column: 1, code: LIST_TAGS.code, message: formatProblem(LIST_TAGS) },
  };
}

/**
 * The games of one input, in whatever text format and encoding it is (records/text.ts), or null
 * when it holds no record at all.
 */
async function gamesOf(input: Input, format: string): Promise<AsyncIterable<readonly GameRecord[]> | null | 'empty'> {
  const force = format === 'auto' ? undefined : format === 'list' ? 'pgn' : format;
  // a file named on the command line is reported even when it is binary data; in folders it is skipped.
  // Games are replayed as they come: plain coordinate games are read packed (notation/pgn.ts PackedRecord)
  const opened = await openRecordSource(inputChunks(input), { ...(force ? { format: force } : {}), packed: true, binaryAsPgn: !input.found });
  if (opened.format === 'none') return opened.empty ? 'empty' : null;
  // a list of games per chunk read: one await per chunk, not per game
  return opened.batches;
}

/**
 * V8 settings for a validate run. A run is short and its CPU time goes largely to V8's optimizing
 * compiler (about 30% of all instructions on the 2,516 master games, measured with callgrind), not
 * to the compiled code: a smaller inlining budget makes each compile of the hot loops (PGN
 * scanner, replay, move checks, the repetition judge) cheaper than the speed it would buy. The
 * setting is process-wide and only changes how fast code runs, never what it does; it is set when
 * a validate command runs (a CLI process that then ends). bin/chuhan.js sets the same flag before
 * it compiles the quick validate bundle (a V8 code cache is taken only under the flags it was
 * made with): change both together (test/validate-output.test.ts checks they are the same).
 *
 * The other settings cut the compiler's work further (callgrind, the 2,516 master games, --json:
 * 2.68G instructions in all threads with the inlining budget alone, 2.50G with the next four, the
 * main thread's share unchanged): no loop peeling, escape analysis or store elimination in
 * TurboFan, and no on-stack replacement (the run's loops are in small functions that are called
 * again, and a module's one-time loop at load, e.g. a table built in a loop, is then not compiled
 * at all). Last, every function is compiled by Sparkplug at its first call (baseline code, cheap to
 * make): the code that runs before TurboFan's, start-up included, runs faster than in the
 * interpreter (2.43G; a one-game run 280M -> 240M). The inlining budget was cut again later, from
 * 200 to 50 bytecodes (all threads, the master games, --json: 1.64G and 1.66G with 200, 1.61G
 * with 50, 1.63G with 0).
 */
export const VALIDATE_V8_FLAGS = '--max-inlined-bytecode-size-cumulative=50 --no-turbo-loop-peeling --no-use-osr --no-turbo-escape --no-turbo-store-elimination --always-sparkplug';
/** V8's own values of the settings of VALIDATE_V8_FLAGS (cli/jobs.ts starts its workers under them). */
export const V8_DEFAULTS = '--max-inlined-bytecode-size-cumulative=920 --turbo-loop-peeling --use-osr --turbo-escape --turbo-store-elimination --no-always-sparkplug';
let tuned = false;
function tuneCompilerForValidate(): void {
  if (tuned) return;
  tuned = true;
  try {
    setFlagsFromString(VALIDATE_V8_FLAGS);
  } catch {
    // a runtime without the flag: it only costs speed
  }
}


export function registerValidate(program: Command, io: Io): void {
  program
    .command('validate')
    .description('replay the games of record files (PGN, XQF, CCBridge, WXF, DhtmlXQ, KIF; folders too) and report the first illegal move of each')
    .argument('<inputs...>', 'record files or folders (read recursively), or - for standard input')
    .option('--format <format>', `auto | pgn | list (a plain move list without tags) | ${TEXT_FORMATS.map((f) => f.id).join(' | ')}`, 'auto')
    .option('-v, --variant <variant>', variantHelp('default: from each record'))
    .option('--json', 'machine-readable output')
    .option('--rules <rules>', 'chu rule set: lishogi | jcsa (default: the Rules tag of each record, else lishogi)')
    .option('--strict', 'a ruling of the rules before the record ends (perpetual check, repetition…) is an error (exit 1)')
    .option('--explain', 'for a game ended by a judged repetition, show the cycle move by move and the ruling')
    .option('-j, --jobs <n>', 'threads for several files or a folder (default: one per core but one, fewer for a small input; 1: this thread only); the output is the same')
    .action((args: string[], opts: ValidateOptions) => runValidate(args, opts, io));
}

/**
 * The options `validate` takes, for the quick path without commander (main.ts, quick-validate.ts):
 * each name with whether it takes a value.
 */
export const VALIDATE_OPTIONS: Readonly<Record<string, { key: keyof ValidateOptions; value: boolean }>> = {
  '--format': { key: 'format', value: true },
  '-v': { key: 'variant', value: true },
  '--variant': { key: 'variant', value: true },
  '--json': { key: 'json', value: false },
  '--rules': { key: 'rules', value: true },
  '--strict': { key: 'strict', value: false },
  '--explain': { key: 'explain', value: false },
  '--jobs': { key: 'jobs', value: true },
  '-j': { key: 'jobs', value: true },
};

/**
 * A plain `validate` command line (its inputs first, then plain options: plain-options.ts), as
 * commander would read it; null for anything else (commander then parses it and reports as usual).
 */
export function plainValidateArgs(argv: readonly string[]): { inputs: string[]; opts: ValidateOptions } | null {
  let k = 0;
  while (k < argv.length && (argv[k] === '-' || !argv[k]!.startsWith('-'))) k++;
  if (k === 0) return null;
  const opts = plainOptions<ValidateOptions>(argv.slice(k), VALIDATE_OPTIONS);
  return opts ? { inputs: argv.slice(0, k), opts: { format: 'auto', ...opts } } : null;
}

/** What `validateFiles` needs: the command's options as one thread or a worker (jobs.ts) reads them. */
export interface ValidateFileOptions {
  readonly format: string;
  readonly json: boolean;
  /** One file named alone: its lines do not name it. */
  readonly single: boolean;
  readonly variant?: GameId;
  readonly explain?: boolean;
  readonly rules?: string;
}

/**
 * What one input gave: `kind` says whether it held games; the counts are its games' (of one that
 * could not be read, `unreadable`, the games reported before its read failed).
 */
export interface FileTally {
  readonly kind: 'games' | 'skipped' | 'empty' | 'not-record' | 'unreadable';
  readonly games: number;
  readonly ok: number;
  readonly illegal: number;
  readonly malformed: number;
  readonly ruled: number;
  /** Why it could not be read (kind `unreadable`). */
  readonly unreadable?: Unreadable;
}

/**
 * The per-file work of `validate` (on this thread, or on a worker of `--jobs`): replays the games
 * of an input and hands each report's text to `emit` (a JSON report with a comma before it: the
 * caller drops the first). An input that cannot be opened, or whose read fails part way, answers
 * `unreadable` with why (its games before the failure reported and counted): the run goes on with
 * the next; any other failure throws its one sentence.
 */
export function validateFiles(o: ValidateFileOptions): FileRunner<FileTally> {
  tuneCompilerForValidate();
  // --json names each game's opening (xiangqi: ECCO): the games' namers, loaded before the first input
  const namers = new Map<GameId, OpeningNamer>();
  let namersLoaded = !o.json;
  const opening = o.json ? { opening: (g: Game) => namers.get(g.id) ?? null } : {};
  // the text lines show no final position: it is not written
  const replayer = new Replayer({ ...(o.variant ? { variant: o.variant } : {}), ...(o.explain ? { explain: true } : {}), ...(o.rules ? { rules: o.rules } : {}), ...opening, ...(o.json ? {} : { fen: false }) });
  const { format, json, single } = o;
  return async (input, emit) => {
    if (!namersLoaded) {
      namersLoaded = true;
      for (const g of GAMES) if (g.openingNames) namers.set(g.id, await g.openingNames());
    }
    let games = 0;
    let okCount = 0;
    let illegal = 0;
    let malformed = 0;
    let ruled = 0;
    try {
      const recs = await gamesOf(input, format);
      if (recs === null || recs === 'empty') {
        const kind = input.found ? 'skipped' : recs === 'empty' ? 'empty' : 'not-record';
        return { kind, games: 0, ok: 0, illegal: 0, malformed: 0, ruled: 0 };
      }
      // each text line names its file (when there are several): quoted once, not once a game
      const prefix = single ? '' : `${quoteName(input.path, 4096)}: `;
      for await (const batch of recs)
        for (const rec of batch) {
          let report = replayer.replay(rec);
          if (format === 'list') report = listFormatCheck(report, rec.tagList.length > 0, rec.startLine);
          games++;
          if (report.status === 'ok') okCount++;
          else if (report.status === 'illegal') illegal++;
          else malformed++;
          if (report.rulings.length) ruled++;
          if (json) emit(',' + reportJsonText(input.path, report));
          else {
            let line = prefix + formatReportLine(report) + '\n';
            if (report.explanation) line += report.explanation.lines.map((l) => `  ${l}\n`).join('');
            emit(line);
          }
        }
    } catch (e) {
      if (!isReadError(e)) throw openError(input.path, e);
      return { kind: 'unreadable', games, ok: okCount, illegal, malformed, ruled, unreadable: unreadable(input.path, e) };
    }
    return { kind: 'games', games, ok: okCount, illegal, malformed, ruled };
  };
}

/** The action of `chuhan validate`. */
export async function runValidate(args: string[], opts: ValidateOptions, io: Io): Promise<void> {
  tuneCompilerForValidate();
  const format = (opts.format ?? 'auto').toLowerCase();
  if (!FORMATS.includes(format)) throw new CliError(`unknown format ${quoteInput(opts.format)} (use ${FORMATS.slice(0, -1).join(', ')} or ${FORMATS[FORMATS.length - 1]})`);
  let variant: GameId | undefined;
  if (opts.variant) {
    const id = gameIdFromName(opts.variant);
    if (!id) throw new CliError(`unknown variant ${quoteInput(opts.variant)} (use ${VARIANT_NAMES})`);
    variant = id;
  }
  const jobs = parseJobs(opts.jobs);
  const { inputs, folder } = await expandInputs(args);
  // one file named alone keeps the plain `game N: …` lines; otherwise each line names its file
  const single = inputs.length === 1 && !folder;
  let out = opts.json ? '{"games":[' : '';
  let first = true;
  const flush = (force: boolean): void => {
    if (out.length >= FLUSH || (force && out.length > 0)) {
      io.out(out);
      out = '';
    }
  };
  const text = (t: string): void => {
    // the first JSON report has no comma before it
    if (first && opts.json) t = t.slice(1);
    first = false;
    out += t;
    flush(false);
  };
  let files = 0;
  let skipped = 0;
  let games = 0;
  let okCount = 0;
  let illegal = 0;
  let malformed = 0;
  const empty: string[] = [];
  const notRecords: string[] = [];
  const unread: Unreadable[] = [];
  let ruled = 0;
  const done = (input: Input, t: FileTally): void => {
    const name = input.path;
    if (t.kind === 'unreadable') {
      // a file named alone: its sentence at once, as ever (nothing else to read)
      if (single) throw new CliError(unreadableSentence([t.unreadable!]), 2);
      unread.push(t.unreadable!);
      // the games reported before its read failed are counted; the file is not among those read
      games += t.games;
      okCount += t.ok;
      illegal += t.illegal;
      malformed += t.malformed;
      ruled += t.ruled;
    } else if (t.kind === 'skipped') skipped++;
    else if (t.kind === 'empty') empty.push(name);
    else if (t.kind === 'not-record') notRecords.push(name);
    else {
      files++;
      games += t.games;
      okCount += t.ok;
      illegal += t.illegal;
      malformed += t.malformed;
      ruled += t.ruled;
      if (t.games === 0) empty.push(name);
    }
  };
  const options: ValidateFileOptions = {
    format,
    json: opts.json === true,
    single,
    ...(variant ? { variant } : {}),
    ...(opts.explain ? { explain: true } : {}),
    ...(opts.rules ? { rules: opts.rules } : {}),
  };
  const run = validateFiles(options);
  try {
    // standard input is read on this thread: with `-` among the inputs, one job
    if (jobs > 1 && inputs.length > 1 && !inputs.some((i) => i.path === '-'))
      await runFileJobs({ inputs, jobs, kind: 'validate', options, local: run, out: (_input, t) => text(t), done, v8: { set: VALIDATE_V8_FLAGS, reset: V8_DEFAULTS }, auto: opts.jobs === undefined });
    else for (const input of inputs) done(input, await run(input, text));
  } catch (e) {
    flush(true);
    throw e;
  }
  // `unreadable` only when some input could not be read: the document is otherwise as it always was
  if (opts.json) out += `],"summary":${JSON.stringify({ files, games, ok: okCount, illegal, malformed, ...(unread.length > 0 ? { unreadable: unread.length } : {}) })}}\n`;
  flush(true);
  await io.drained?.();
  if (!opts.json && files > 0) {
    const skip = skipped > 0 ? ` (${plural(skipped, 'file', 'files')} without a record skipped)` : '';
    const unreadText = unread.length > 0 ? `; ${plural(unread.length, 'file', 'files')} could not be read` : '';
    io.err(`summary: ${plural(files, 'file', 'files')}, ${plural(games, 'game', 'games')}: ${okCount} ok, ${illegal} illegal, ${malformed} malformed${skip}${unreadText}\n`);
  }
  // exit 2, before every other verdict: the run did not read all it was given
  if (unread.length > 0) throw new CliError(unreadableSentence(unread), 2);
  const where = single ? fileName(inputs[0]!.path) : plural(files, 'file', 'files');
  if (notRecords.length > 0)
    throw new CliError(`found no game record in ${fileList(notRecords)}: ${notRecords.length === 1 ? 'it is' : 'they are'} not PGN, XQF, CCBridge, WXF, DhtmlXQ or KIF`, 2);
  if (games === 0) throw new CliError(`found no games in ${single ? where : fileList(args)}`, 2);
  if (empty.length > 0) throw new CliError(`found no games in ${fileList(empty)}`, 2);
  if (malformed > 0)
    throw new CliError(`${malformed} of ${plural(games, 'game', 'games')} in ${where} ${malformed === 1 ? 'is' : 'are'} malformed`, 2);
  if (illegal > 0)
    throw new CliError(`${illegal} of ${plural(games, 'game', 'games')} in ${where} ${illegal === 1 ? 'has an illegal move' : 'have illegal moves'}`, 1);
  if (opts.strict && ruled > 0)
    throw new CliError(`${ruled} of ${plural(games, 'game', 'games')} in ${where} ${ruled === 1 ? 'goes' : 'go'} on past a ruling of the rules (--strict)`, 1);
}
