/**
 * `chuhan analyse`: searches a position and prints one line per completed iteration
 * (`depth D score S nodes N nps X pv …`, score in centipawns for the side to move, `#N` / `#-N`
 * for a mate in N moves for / against it), then `bestmove M`. Also `--json`. `--record F` takes
 * the position from a game of a record file in any format (notation/records/open.ts), after
 * `--ply N` of its moves (default: all), with the moves before it as the history.
 */
import type { Command } from 'commander';
import type { Move } from '../../core/move.js';
import type { Position } from '../../core/position.js';
import { historyEntry } from '../../engine/history.js';
import { Searcher, type HistoryEntry, type SearchInfo } from '../../engine/search.js';
import type { Game, Notation } from '../../games/registry.js';
import { positionStatus } from '../../notation/status.js';
import { holdsGame, openRecords } from '../../notation/records/open.js';
import { formatReportLine, Replayer } from '../../notation/replay.js';
import { gameIdFromName, getGame, type GameId } from '../../games/registry.js';
import { inputChunks, openError } from '../record-files.js';
import type { ClientLimits, EngineInfo } from '../../engine-client/client.js';
import type { EngineChoice } from '../../engine-client/config.js';
import { chooseEngine, ENGINE_OPTION_HELP, engineFailure, openEngine } from '../engine-choice.js';
import { CliError, NOTATION_HELP, PROBLEM_HELP, RULES_HELP, VARIANT_HELP, VARIANT_NAMES, resolveGame, resolvePosition, type CommonOptions, type Io } from '../context.js';
import { plural, quoteInput } from '../../core/text.js';
import { formatProblem } from '../../core/problem.js';

interface AnalyseOptions extends CommonOptions {
  moves?: string;
  time?: string;
  depth?: string;
  nodes?: string;
  notation?: string;
  engine?: string;
  multipv?: string;
  threads?: string;
  record?: string;
  game?: string;
  ply?: string;
}

const DEFAULT_TIME_MS = 3000;
const MAX_DEPTH = 64;

/** `35`, `-120`, `#3` (mate in 3 for the side to move), `#-2`. */
export function formatScore(info: Pick<SearchInfo, 'score' | 'mate'>): string {
  return info.mate !== null ? `#${info.mate}` : String(info.score);
}

/** The moves of a line in a notation, formatted in their own positions. */
export function formatLine(pos: Position, line: readonly Move[], notation: Notation): string[] {
  const p = pos.clone();
  const out: string[] = [];
  for (const m of line) {
    out.push(notation.format(p, m));
    p.play(m);
  }
  return out;
}

export function wholeNumber(text: string | undefined, name: string, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max)
    throw new CliError(`${name} must be a whole number from ${min} to ${max}, not ${quoteInput(text)}`);
  return Number(text);
}

/** The game, start and moves of game `which` of a record file (any format), replayed by the rules. */
async function recordGame(opts: AnalyseOptions, file: string, which: number): Promise<{ game: Game; start: Position; moves: Move[] }> {
  let variant: GameId | undefined;
  if (opts.variant) {
    variant = gameIdFromName(opts.variant) ?? undefined;
    if (!variant) throw new CliError(`unknown variant ${quoteInput(opts.variant)} (use ${VARIANT_NAMES})`);
  }
  let n = 0;
  try {
    for await (const rec of openRecords(inputChunks({ path: file, found: false }))) {
      if (!holdsGame(rec) || ++n < which) continue;
      const report = new Replayer({ keepMoves: true, ...(variant ? { variant } : {}), ...(opts.rules ? { rules: opts.rules } : {}) }).replay(rec);
      if (report.status !== 'ok' || !report.start || !report.moves || !report.variant)
        throw new CliError(`${file}: ${formatReportLine(report)}`, report.status === 'illegal' ? 1 : 2);
      const rulesId = opts.rules ?? rec.tags['Rules']?.trim();
      const base = getGame(report.variant);
      const game = rulesId && base.withRules ? (base.withRules(rulesId) ?? base) : base;
      return { game, start: report.start, moves: report.moves };
    }
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw openError(file, e);
  }
  throw new CliError(`${file} has ${plural(n, 'game')}, not ${which}`, 2);
}

/** The moves played from `start`: the final position, the history before it, the moves. */
function playMoves(start: Position, moves: Move[]): { pos: Position; history: HistoryEntry[]; moves: Move[] } {
  const pos = start.clone();
  const history: HistoryEntry[] = [];
  for (const m of moves) {
    history.push(historyEntry(pos));
    pos.play(m);
  }
  return { pos, history, moves };
}

/** Applies --moves to the position: the final position, the history before it, the moves. */
function applyMoves(game: Game, start: Position, text: string): { pos: Position; history: HistoryEntry[]; moves: Move[] } {
  const pos = start.clone();
  const history: HistoryEntry[] = [];
  const moves: Move[] = [];
  const words = text.trim().split(/\s+/).filter((w) => w !== '' && !/^\d+\.+$/.test(w));
  words.forEach((word, i) => {
    const r = game.parseMove(pos, word);
    if (!r.ok) throw new CliError(`--moves: move ${i + 1} ${quoteInput(word)}: ${formatProblem(r.error)}`, 1);
    history.push(historyEntry(pos));
    moves.push(r.value);
    pos.play(r.value);
  });
  return { pos, history, moves };
}

export function registerAnalyse(program: Command, io: Io): void {
  program
    .command('analyse')
    .alias('analyze')
    .description('search a position: depth, score, nodes/s and the principal variation per iteration')
    .option('-v, --variant <variant>', VARIANT_HELP)
    .option('--rules <rules>', RULES_HELP)
    .option('--fen <fen>', 'the position (FEN or SFEN); default: the start position')
    .option('--problem', PROBLEM_HELP)
    .option('--moves <moves>', 'moves played from the position first (any notation), for repetitions')
    .option('--record <file>', 'the position of a game of a record file (any format; - for standard input)')
    .option('--game <n>', 'with --record: which game of the file (default 1)')
    .option('--ply <n>', 'with --record: the position after this many plies (default: the last)')
    .option('--time <ms>', `search time in milliseconds (default ${DEFAULT_TIME_MS} without --depth/--nodes)`)
    .option('--depth <n>', `maximum depth in plies (1-${MAX_DEPTH})`)
    .option('--nodes <n>', 'node budget')
    .option('-n, --notation <notation>', NOTATION_HELP)
    .option('-e, --engine <engine>', ENGINE_OPTION_HELP)
    .option('--multipv <n>', 'other engines: report the best N lines (1-20)')
    .option('--threads <n>', 'the built-in engine: search on N threads (1-64, default 1)')
    .option('--json', 'machine-readable output')
    .action(async (opts: AnalyseOptions) => {
      if (opts.record === undefined && (opts.game !== undefined || opts.ply !== undefined)) throw new CliError('--game and --ply go with --record');
      if (opts.record !== undefined && (opts.fen !== undefined || opts.moves !== undefined)) throw new CliError('--record takes the position from the record: not with --fen or --moves');
      const fromRecord = opts.record !== undefined ? await recordGame(opts, opts.record, wholeNumber(opts.game, '--game', 1, 1_000_000) ?? 1) : null;
      const game = fromRecord ? fromRecord.game : resolveGame(opts);
      const choice = chooseEngine(opts.engine, io.env);
      const start = fromRecord ? fromRecord.start : resolvePosition(game, opts);
      const notationId = opts.notation ?? game.coordinate.id;
      const notation = game.notations.get(notationId);
      if (!notation)
        throw new CliError(`unknown notation ${quoteInput(notationId)} for ${game.id} (use ${[...game.notations.keys()].join(', ')})`);
      const timeMs = wholeNumber(opts.time, '--time', 1, 86_400_000);
      const depth = wholeNumber(opts.depth, '--depth', 1, MAX_DEPTH);
      const nodes = wholeNumber(opts.nodes, '--nodes', 1, Number.MAX_SAFE_INTEGER);
      const multiPv = wholeNumber(opts.multipv, '--multipv', 1, 20);
      const threads = wholeNumber(opts.threads, '--threads', 1, 64) ?? 1;
      let played: { pos: Position; history: HistoryEntry[]; moves: Move[] } = { pos: start, history: [], moves: [] };
      if (fromRecord) {
        const ply = wholeNumber(opts.ply, '--ply', 0, fromRecord.moves.length) ?? fromRecord.moves.length;
        played = playMoves(start, fromRecord.moves.slice(0, ply));
      } else if (opts.moves) played = applyMoves(game, start, opts.moves);
      const { pos, history, moves } = played;
      const fen = game.formatFen(pos);

      const status = positionStatus(game, pos);
      if (status.reason !== null) {
        if (opts.json)
          io.out(JSON.stringify({ variant: game.id, fen, status: status.reason, winner: status.winner, iterations: [], bestmove: null }) + '\n');
        else io.out(`game over: ${status.reason}, ${status.winner === null ? 'a draw' : `${status.winner} wins`}\nbestmove (none)\n`);
        return;
      }

      if (choice.kind === 'external') {
        await analyseWithEngine(io, opts, game, notation, choice, { start, moves, pos, fen }, {
          ...(timeMs !== undefined ? { timeMs } : {}),
          ...(depth !== undefined ? { depth } : {}),
          ...(nodes !== undefined ? { nodes } : {}),
          ...(timeMs === undefined && depth === undefined && nodes === undefined ? { timeMs: DEFAULT_TIME_MS } : {}),
        }, multiPv ?? 1);
        return;
      }
      const iterations: Record<string, unknown>[] = [];
      const onInfo = (info: SearchInfo) => {
        const pv = formatLine(pos, info.pv, notation);
        if (opts.json)
          iterations.push({
            depth: info.depth,
            seldepth: info.seldepth,
            score: info.score,
            mate: info.mate,
            nodes: info.nodes,
            nps: info.nps,
            timeMs: Math.round(info.timeMs),
            pv,
          });
        else io.out(`depth ${info.depth} score ${formatScore(info)} nodes ${info.nodes} nps ${info.nps} pv ${pv.join(' ')}\n`);
      };
      const useDefaultTime = timeMs === undefined && depth === undefined && nodes === undefined;
      const searcher = new Searcher({ threads });
      const result = searcher.search(pos, {
        ...(useDefaultTime ? { timeMs: DEFAULT_TIME_MS } : timeMs !== undefined ? { timeMs } : {}),
        // analysis uses the whole time given: iterations continue until the hard limit
        ...(useDefaultTime || timeMs !== undefined ? { softTimeMs: useDefaultTime ? DEFAULT_TIME_MS : timeMs! } : {}),
        ...(depth !== undefined ? { depth } : {}),
        ...(nodes !== undefined ? { nodes } : {}),
        history,
        onInfo,
        instantSingle: false,
      });
      await searcher.close();
      const best = notation.format(pos, result.move);
      if (opts.json) {
        io.out(
          JSON.stringify({
            variant: game.id,
            fen,
            turn: game.sideNames[pos.turn],
            iterations,
            bestmove: best,
            score: result.score,
            mate: result.mate,
            depth: result.depth,
            nodes: result.nodes,
            nps: result.nps,
            timeMs: Math.round(result.timeMs),
            pv: formatLine(pos, result.pv, notation),
          }) + '\n',
        );
      } else io.out(`bestmove ${best}\n`);
    });
}

/** A score as analyse prints it: centipawns, or `#N`/`#-N`; `?` when the engine gave none. */
const engineScore = (i: EngineInfo): string => (i.mate !== null ? `#${i.mate}` : i.score !== null ? String(i.score) : '?');

/** `analyse --engine E`: the other engine's progress lines and move, in our notation. */
/** The most search reports `analyse --json --engine` keeps (the last ones; `iterationsLeftOut` counts the rest). */
const MAX_ITERATIONS = 1000;

async function analyseWithEngine(
  io: Io,
  opts: AnalyseOptions,
  game: Game,
  notation: Notation,
  choice: Extract<EngineChoice, { kind: 'external' }>,
  at: { start: Position; moves: readonly Move[]; pos: Position; fen: string },
  limits: ClientLimits,
  multiPv: number,
): Promise<void> {
  const client = await openEngine(choice, game.id);
  if (!opts.json) io.err(`engine: ${client.name} (${client.protocol})\n`);
  // an engine's output is untrusted (issue 44): a line the same as the one before is shown and kept
  // once, and --json keeps the last MAX_ITERATIONS (a flood of lines is not held in memory)
  let iterations: Record<string, unknown>[] = [];
  let leftOut = 0;
  let last = '';
  try {
    const search = client.search({
      game: game.id,
      start: at.start,
      moves: at.moves,
      limits,
      multiPv,
      onInfo: (info) => {
        const pv = formatLine(at.pos, info.pv, notation);
        const parts = [`depth ${info.depth}`];
        if (multiPv > 1) parts.push(`multipv ${info.multipv}`);
        parts.push(`score ${engineScore(info)}`);
        if (info.nodes !== null) parts.push(`nodes ${info.nodes}`);
        if (info.nps !== null) parts.push(`nps ${info.nps}`);
        parts.push(`pv ${pv.join(' ')}`);
        const line = parts.join(' ');
        const key = opts.json ? `${line} ${info.seldepth} ${info.timeMs}` : line;
        if (key === last) return;
        last = key;
        if (!opts.json) {
          io.out(line + '\n');
          return;
        }
        iterations.push({ depth: info.depth, seldepth: info.seldepth, multipv: info.multipv, score: info.score, mate: info.mate, nodes: info.nodes, nps: info.nps, timeMs: info.timeMs, pv });
        if (iterations.length >= 2 * MAX_ITERATIONS) {
          leftOut += iterations.length - MAX_ITERATIONS;
          iterations = iterations.slice(-MAX_ITERATIONS);
        }
      },
    });
    const r = await search.promise;
    if (!r.ok) throw engineFailure(r.error);
    const a = r.value;
    const best = a.move ? notation.format(at.pos, a.move) : null;
    if (opts.json) {
      if (iterations.length > MAX_ITERATIONS) {
        leftOut += iterations.length - MAX_ITERATIONS;
        iterations = iterations.slice(-MAX_ITERATIONS);
      }
      const last = a.info;
      io.out(
        JSON.stringify({
          variant: game.id,
          fen: at.fen,
          turn: game.sideNames[at.pos.turn],
          engine: client.name,
          protocol: client.protocol,
          iterations,
          ...(leftOut > 0 ? { iterationsLeftOut: leftOut } : {}),
          bestmove: best,
          ponder: a.ponder && a.move ? formatLine(at.pos, [a.move, a.ponder], notation)[1] : null,
          score: last?.score ?? null,
          mate: last?.mate ?? null,
          depth: last?.depth ?? null,
          pv: last ? formatLine(at.pos, last.pv, notation) : [],
        }) + '\n',
      );
    } else io.out(`bestmove ${best ?? (a.resigned ? '(resign)' : '(none)')}\n`);
  } finally {
    await client.close();
  }
}
