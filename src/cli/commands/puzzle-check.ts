/**
 * `chuhan puzzle --check FILE…` (wired by the `puzzle` command): every solution of each puzzle
 * library verified with the engine (src/puzzle/check.ts), a report per file: one line per problem
 * found (a cook, a wrong solution, a better defence, an illegal move, an entry without solution),
 * then the file's summary. `--time MS` / `--depth N` set the budget of each search (default
 * 60,000 nodes: deterministic). Exit 0 when every solution holds, 1 when a problem was found, 2
 * when a file cannot be read (the others are still checked).
 */
import { basename } from 'node:path';
import { plural, quoteInput, quoteName, thousands } from '../../core/text.js';
import { MAX_PUZZLE_FILE_BYTES } from '../../puzzle/library.js';
import { readSmallFile } from '../../tui/store.js';
import type { JudgeBudget } from '../../puzzle/judge.js';
import { CHECK_NODES, checkPuzzles, isProblem, type Finding } from '../../puzzle/check.js';
import { readPuzzleFile } from '../../puzzle/sources.js';
import { CliError, type Io } from '../context.js';
import { wholeNumber } from './analyse.js';

export interface PuzzleCheckOptions {
  time?: string;
  depth?: string;
  json?: boolean;
}


/** A finding as one line: `xq-0042 move 3: cook: h2e2 wins too (…)`. */
export const formatFinding = (f: Finding): string => `${f.id}${f.move > 0 ? ` move ${f.move}` : ''}: ${f.kind}: ${f.message}`;

export async function puzzleCheck(files: string[], io: Io, opts: PuzzleCheckOptions): Promise<number> {
  if (files.length === 0) throw new CliError('--check needs a puzzle file (a chuhan library, an .eglib or JSON mate problems)');
  const timeMs = wholeNumber(opts.time, '--time', 1, 3_600_000);
  const depth = wholeNumber(opts.depth, '--depth', 1, 64);
  const budget: JudgeBudget = timeMs === undefined && depth === undefined ? { nodes: CHECK_NODES } : { ...(timeMs === undefined ? {} : { timeMs }), ...(depth === undefined ? {} : { depth }) };
  const budgetText = budget.nodes ? `${thousands(budget.nodes)} nodes` : [timeMs && `${timeMs} ms`, depth && `depth ${depth}`].filter(Boolean).join(', ');
  let code = 0;
  const reports: unknown[] = [];
  for (const file of files) {
    // read safely, as the trainer reads a file: a FIFO, a folder or a huge file is said, not hung on
    const got = readSmallFile(file, MAX_PUZZLE_FILE_BYTES);
    if (!got.ok) {
      io.err(`cannot read ${quoteName(file)}: ${got.problem}\n`);
      code = 2;
      continue;
    }
    const read = readPuzzleFile(got.text, basename(file));
    if (!read.ok) {
      io.err(`${quoteInput(file)}: ${read.error}\n`);
      code = 2;
      continue;
    }
    const { game, puzzles } = read.value;
    const t0 = performance.now();
    const result = checkPuzzles(puzzles, budget, (done) => {
      if (done % 100 === 0 && done < puzzles.length) io.err(`${file}: ${done}/${puzzles.length} checked\n`);
    });
    const seconds = (performance.now() - t0) / 1000;
    const problems = result.findings.filter(isProblem);
    const notes = result.findings.length - problems.length;
    if (problems.length > 0 && code === 0) code = 1;
    const byKind = new Map<string, number>();
    for (const f of problems) byKind.set(f.kind, (byKind.get(f.kind) ?? 0) + 1);
    if (opts.json) {
      reports.push({ file, game, puzzles: result.puzzles, faulty: result.faulty, findings: result.findings, budget, seconds: Math.round(seconds * 10) / 10 });
      continue;
    }
    io.out(`${file}: ${plural(puzzles.length, 'puzzle')} (${game}), each search ${budgetText}\n`);
    for (const f of result.findings) io.out(`  ${formatFinding(f)}\n`);
    const kinds = [...byKind].map(([k, n]) => plural(n, k === 'defence' ? 'better defence' : k, k === 'defence' ? 'better defences' : `${k}s`)).join(', ');
    io.out(
      `${file}: ${result.faulty === 0 ? `every solution holds` : `${plural(result.faulty, 'puzzle')} with problems (${kinds})`}` +
        `${notes > 0 ? `, ${plural(notes, 'step')} beyond the budget (unconfirmed)` : ''}, ${seconds.toFixed(1)} s\n`,
    );
  }
  if (opts.json) io.out(`${JSON.stringify({ files: reports })}\n`);
  return code;
}
