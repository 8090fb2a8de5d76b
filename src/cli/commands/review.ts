/**
 * `chuhan review <file>`: every move of a game analysed by an engine (built-in or another), the
 * score before and after it from the mover's side, the best alternative, and a mark by the score
 * drop: inaccuracy (≥ 50 cp, `?!`), mistake (≥ 100, `?`), blunder (≥ 300, `??`); scores are capped
 * at ±1000 cp (mates count as 1000) before the drop is taken, so a won game stays won. `-o` writes
 * the game as PGN with `{[%eval …]}` comments (pawns, from the first player's side) and NAGs.
 */
import { capital, plural, quoteInput } from '../../core/text.js';
import type { Command } from 'commander';
import type { Move } from '../../core/move.js';
import { legalMoves } from '../../core/perft.js';
import type { Position } from '../../core/position.js';
import type { EngineClient } from '../../engine-client/client.js';
import { historyEntry } from '../../engine/history.js';
import { Searcher, type HistoryEntry } from '../../engine/search.js';
import type { GameRecord } from '../../notation/pgn.js';
import { holdsGame, openRecords } from '../../notation/records/open.js';
import { gameIdFromName, getGame, type Game, type GameId, type Notation } from '../../games/registry.js';
import { replayRecord } from '../../notation/replay.js';
import { openingLine, recordPlayers, withOpeningTags } from '../../notation/convert.js';
import { chooseEngine, ENGINE_OPTION_HELP, engineFailure, openEngine } from '../engine-choice.js';
import { CliError, VARIANT_NAMES, variantHelp, type Io } from '../context.js';
import { assertWritable, inputChunks, openError, writeWholeFile } from '../record-files.js';

interface ReviewOptions {
  engine?: string;
  time?: string;
  depth?: string;
  json?: boolean;
  output?: string;
  variant?: string;
  game?: string;
  notation?: string;
  svg?: string;
  graph?: boolean;
}

/** Score drops (centipawns, from the mover's side) that mark a move. */
export const THRESHOLDS = { inaccuracy: 50, mistake: 100, blunder: 300 } as const;
/** Scores are capped here before drops are taken; a mate counts as the cap. */
export const SCORE_CAP = 1000;

export type Mark = 'inaccuracy' | 'mistake' | 'blunder' | null;
const NAG: Record<Exclude<Mark, null>, string> = { inaccuracy: '$6', mistake: '$2', blunder: '$4' };
const SYMBOL: Record<Exclude<Mark, null>, string> = { inaccuracy: '?!', mistake: '?', blunder: '??' };

export function markOf(drop: number): Mark {
  if (drop >= THRESHOLDS.blunder) return 'blunder';
  if (drop >= THRESHOLDS.mistake) return 'mistake';
  if (drop >= THRESHOLDS.inaccuracy) return 'inaccuracy';
  return null;
}

/** An evaluation of a position for its side to move. */
interface Eval {
  cp: number | null;
  mate: number | null;
  best: Move;
}

const capped = (e: Eval): number =>
  e.mate !== null ? Math.sign(e.mate || 1) * SCORE_CAP : Math.max(-SCORE_CAP, Math.min(SCORE_CAP, e.cp ?? 0));

const signed = (cp: number): string => (cp > 0 ? `+${cp}` : String(cp));
const show = (e: { cp: number | null; mate: number | null }): string => (e.mate !== null ? `#${e.mate}` : e.cp !== null ? signed(e.cp) : '?');
/** `[%eval 0.35]` / `[%eval #-3]` from the first player's side. */
const pgnEval = (e: { cp: number | null; mate: number | null }, sign: number): string =>
  e.mate !== null ? `#${sign * e.mate}` : ((sign * (e.cp ?? 0)) / 100).toFixed(2);

type Analyser = (start: Position, moves: readonly Move[], pos: Position, history: readonly HistoryEntry[]) => Promise<Eval>;

function builtinAnalyser(limits: { timeMs?: number; depth?: number }): Analyser {
  const searcher = new Searcher();
  return async (_start, _moves, pos, history) => {
    const r = searcher.search(pos, { ...limits, ...(limits.timeMs ? { softTimeMs: limits.timeMs } : {}), history: [...history], instantSingle: false });
    return { cp: r.mate !== null ? null : r.score, mate: r.mate, best: r.move };
  };
}

function engineAnalyser(client: EngineClient, game: GameId, limits: { timeMs?: number; depth?: number }): Analyser {
  return async (start, moves) => {
    const r = await client.search({ game, start, moves, limits }).promise;
    if (!r.ok) throw engineFailure(r.error);
    const i = r.value.info;
    return { cp: i?.score ?? (i?.mate == null ? 0 : null), mate: i?.mate ?? null, best: r.value.move };
  };
}

function wholeNumber(text: string | undefined, name: string, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max)
    throw new CliError(`${name} must be a whole number from ${min} to ${max}, not ${quoteInput(text)}`);
  return Number(text);
}

export interface PlyReview {
  ply: number;
  side: string;
  move: string;
  before: { cp: number | null; mate: number | null };
  after: { cp: number | null; mate: number | null };
  best: string | null;
  drop: number;
  mark: Mark;
}

export function registerReview(program: Command, io: Io): void {
  program
    .command('review')
    .description('analyse every move of a game: score before/after, the best alternative, inaccuracies/mistakes/blunders; -o writes an annotated PGN')
    .argument('<file>', 'PGN or move list (- for standard input)')
    .option('-e, --engine <engine>', ENGINE_OPTION_HELP)
    .option('--time <ms>', 'time per position (default 500 without --depth)')
    .option('--depth <n>', 'depth per position (1-64)')
    .option('-o, --output <file>', 'write the game with [%eval] comments and NAGs as PGN')
    .option('--game <n>', 'which game of the file (default 1)')
    .option('-v, --variant <variant>', variantHelp('default: from the record'))
    .option('-n, --notation <notation>', 'notation of the report (default: coordinates)')
    .option('--json', 'machine-readable output')
    .option('--svg <file>', 'write the evaluation graph as an SVG picture')
    .option('--no-graph', 'no evaluation graph under the moves')
    .action(async (file: string, opts: ReviewOptions) => {
      let variant: GameId | undefined;
      if (opts.variant) {
        const id = gameIdFromName(opts.variant);
        if (!id) throw new CliError(`unknown variant ${quoteInput(opts.variant)} (use ${VARIANT_NAMES})`);
        variant = id;
      }
      const timeMs = wholeNumber(opts.time, '--time', 1, 3_600_000);
      const depth = wholeNumber(opts.depth, '--depth', 1, 64);
      const limits = { ...(timeMs !== undefined ? { timeMs } : {}), ...(depth !== undefined ? { depth } : {}) };
      if (timeMs === undefined && depth === undefined) limits.timeMs = 500;
      const which = wholeNumber(opts.game, '--game', 1, 1_000_000) ?? 1;
      const choice = chooseEngine(opts.engine, io.env);
      // the files to write, checked before the analysis (which may take minutes)
      for (const out of [opts.svg, opts.output]) if (out !== undefined) assertWritable(out);
      // any record format (notation/records/open.ts): the games up to the one asked for
      // streamed: the games before it are counted, not held
      let rec: GameRecord | undefined;
      let count = 0;
      try {
        for await (const r of openRecords(inputChunks({ path: file, found: false }))) {
          if (!holdsGame(r)) continue;
          if (++count === which) {
            rec = r;
            break;
          }
        }
      } catch (e) {
        if (e instanceof CliError) throw e;
        throw openError(file, e);
      }
      if (!rec) throw new CliError(`${file} has ${plural(count, 'game')}, not ${which}`);
      const report = replayRecord(rec, { keepMoves: true, ...(variant ? { variant } : {}) });
      if (report.status === 'malformed' || !report.start || !report.moves || !report.variant)
        throw new CliError(`game ${which} of ${file} is malformed: ${report.error?.message ?? 'no position'}`);
      if (report.status === 'illegal') throw new CliError(`game ${which} of ${file} has an illegal move at ply ${report.error?.ply}: ${report.error?.message}`, 1);
      const game: Game = getGame(report.variant);
      const notation: Notation = (opts.notation ? game.notations.get(opts.notation) : game.coordinate) ?? game.coordinate;
      if (opts.notation && !game.notations.has(opts.notation))
        throw new CliError(`unknown notation ${quoteInput(opts.notation)} for ${game.id} (use ${[...game.notations.keys()].join(', ')})`);
      const start = report.start;
      const moves = report.moves;
      // the opening's name (xiangqi: ECCO), its table loaded here only
      const opening = game.openingNames ? (await game.openingNames()).name(start, moves) : null;

      let client: EngineClient | null = null;
      if (choice.kind === 'external') client = await openEngine(choice, game.id);
      const analyse = client ? engineAnalyser(client, game.id, limits) : builtinAnalyser(limits);
      const progress = Boolean(process.stderr.isTTY) && !opts.json;
      const evals: Eval[] = [];
      try {
        const pos = start.clone();
        const history: HistoryEntry[] = [];
        for (let i = 0; i <= moves.length; i++) {
          if (legalMoves(pos).length === 0) evals.push({ cp: null, mate: 0, best: 0 });
          else evals.push(await analyse(start, moves.slice(0, i), pos, history));
          if (progress) {
            const w = 30;
            const done = Math.round(((i + 1) / (moves.length + 1)) * w);
            process.stderr.write(`\r[${'#'.repeat(done)}${'.'.repeat(w - done)}] ${i + 1}/${moves.length + 1} positions`);
          }
          if (i < moves.length) {
            history.push(historyEntry(pos));
            pos.play(moves[i]!);
          }
        }
      } finally {
        if (progress) process.stderr.write('\n');
        await client?.close();
      }

      const plies: PlyReview[] = [];
      const pos = start.clone();
      for (let i = 0; i < moves.length; i++) {
        const m = moves[i]!;
        const b = evals[i]!;
        const a = evals[i + 1]!;
        // after the move, from the mover's side; no reply at all (mate) is the mover's win
        const afterMover = a.mate === 0 ? { cp: null, mate: 1 } : { cp: a.cp === null ? null : -a.cp, mate: a.mate === null ? null : -a.mate };
        const drop = m === b.best ? 0 : Math.max(0, capped(b) - capped({ ...afterMover, best: 0 }));
        plies.push({
          ply: i + 1,
          side: game.sideNames[pos.turn]!,
          move: notation.format(pos, m),
          before: { cp: b.cp, mate: b.mate === 0 ? null : b.mate },
          after: afterMover,
          best: b.best ? notation.format(pos, b.best) : null,
          drop,
          mark: markOf(drop),
        });
        pos.play(m);
      }

      const counts = (side: string) => {
        const c = { inaccuracy: 0, mistake: 0, blunder: 0 };
        for (const p of plies) if (p.side === side && p.mark) c[p.mark]++;
        return c;
      };
      const engineName = client ? client.name : 'chuhan';
      // the evaluation graph, made once for the terminal and for --svg
      let graphMade: ReturnType<typeof evalGraph> | undefined;
      const graph = (): ReturnType<typeof evalGraph> => (graphMade ??= evalGraph(game, start, evals, plies));
      if (opts.json) {
        io.out(
          JSON.stringify({
            variant: game.id,
            engine: engineName,
            fen: game.formatFen(finalOf(start, moves)),
            limits,
            thresholds: THRESHOLDS,
            ...(opening ? { opening } : {}),
            plies,
            summary: Object.fromEntries(game.sideNames.map((s) => [s, counts(s)])),
          }) + '\n',
        );
      } else {
        io.out(`review of game ${which} of ${file} by ${engineName} (${limits.depth !== undefined ? `depth ${limits.depth}` : `${limits.timeMs} ms`} per position)\n`);
        if (opening) io.out(`opening: ${openingLine(opening)}\n`);
        for (const p of plies) {
          const num = `${Math.floor((p.ply - 1) / 2) + 1}${p.ply % 2 === 1 ? '.' : '...'}`;
          const alt = p.best && p.best !== p.move ? `  best ${p.best}` : '';
          io.out(`${String(p.ply).padStart(3)} ${num} ${p.move}${p.mark ? SYMBOL[p.mark] : ''}  before ${show(p.before)}  after ${show(p.after)}${alt}${p.mark ? `  ${p.mark}` : ''}\n`);
        }
        if (opts.graph !== false) {
          const { evalGraphLines } = await import('../../render/eval-graph.js');
          io.out(`${evalGraphLines(graph()).join('\n')}\n`);
        }
        io.out(`final position: ${game.formatFen(finalOf(start, moves))}\n`);
        for (const s of game.sideNames) {
          const c = counts(s);
          io.out(`${s}: ${c.inaccuracy} inaccuracies, ${c.mistake} mistakes, ${c.blunder} blunders\n`);
        }
      }
      if (opts.svg !== undefined) {
        const { evalGraphPicture } = await import('../../render/eval-graph.js');
        const { pictureSvg } = await import('../../render/picture.js');
        const named = recordPlayers(rec.tagList);
        const players = game.sideNames.map((s, i) => named[i] ?? capital(s)).join(' – ');
        writeWholeFile(opts.svg, pictureSvg(evalGraphPicture(graph(), { title: `${players}: evaluation by ${engineName}` })));
      }
      if (opts.output) {
        const pgn = annotatedPgn(opening ? withOpeningTags(rec.tagList, opening) : rec.tagList, game, start, moves, plies, evals.map((e) => e.best), report.result, engineName);
        writeWholeFile(opts.output, pgn);
      }
    });
}


/**
 * What the evaluation graph draws: every position's score from the first player's side, capped as
 * the drops are (a mate is the cap; no legal move at all is the side to move's loss), and each ply's mark.
 */
function evalGraph(game: Game, start: Position, evals: readonly Eval[], plies: readonly PlyReview[]) {
  const scores = evals.map((e, i) => {
    const own = e.mate === 0 ? -SCORE_CAP : capped(e);
    return (start.turn + i) % 2 === 0 ? own : -own;
  });
  const marks = [null, ...plies.map((p) => p.mark)];
  return { scores, cap: SCORE_CAP, sides: [capital(game.sideNames[0]), capital(game.sideNames[1])] as const, marks };
}

/** The position after the moves. */
function finalOf(start: Position, moves: readonly Move[]): Position {
  const pos = start.clone();
  for (const m of moves) pos.play(m);
  return pos;
}

/** The game as PGN: its tags (plus Annotator), coordinate moves, NAGs, `{[%eval …]}` after every move. */
function annotatedPgn(
  tags: ReadonlyArray<readonly [string, string]>,
  game: Game,
  start: Position,
  moves: readonly Move[],
  plies: readonly PlyReview[],
  bestMoves: readonly Move[],
  result: string,
  engine: string,
): string {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const [k, v] of tags) {
    if (k === 'Annotator') continue;
    seen.add(k);
    out.push(`[${k} ${quoteInput(v.replace(/[\\"]/g, (c) => '\\' + c))}]`);
  }
  if (!seen.has('Variant')) out.push(`[Variant ${quoteInput(game.id)}]`);
  if (!seen.has('FEN') && game.formatFen(start) !== game.startFen) out.push(`[FEN ${quoteInput(game.formatFen(start))}]`);
  out.push(`[Annotator "chuhan review (${engine})"]`, '');
  const tokens: string[] = [];
  const pos = start.clone();
  const firstIsSecond = start.turn === 1;
  for (let i = 0; i < moves.length; i++) {
    const p = plies[i]!;
    const ply = i + (firstIsSecond ? 1 : 0);
    if (ply % 2 === 0) tokens.push(`${ply / 2 + 1}.`);
    else if (i === 0) tokens.push(`${(ply + 1) / 2}...`);
    tokens.push(game.coordinate.format(pos, moves[i]!));
    if (p.mark) tokens.push(NAG[p.mark]);
    // the eval after the move, from the first player's side
    const sign = pos.turn === 0 ? 1 : -1;
    const bm = bestMoves[i] ?? 0;
    const best = p.mark && bm ? ` best ${game.coordinate.format(pos, bm)}` : '';
    tokens.push(`{[%eval ${pgnEval(p.after, sign)}]${p.mark ? ` ${p.mark}` : ''}${best}}`);
    pos.play(moves[i]!);
  }
  tokens.push(result);
  const lines: string[] = [];
  let line = '';
  for (const t of tokens) {
    if (line.length + t.length + 1 > 80 && line !== '') {
      lines.push(line);
      line = t;
    } else line = line ? `${line} ${t}` : t;
  }
  if (line) lines.push(line);
  return out.join('\n') + '\n' + lines.join('\n') + '\n';
}
