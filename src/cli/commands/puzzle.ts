/**
 * `chuhan puzzle`: the puzzle trainer in the board (tui/run-puzzle.tsx, Ink loaded only here), on
 * the shipped set of a game or on a puzzle file; `--themes` lists the themes of the set, `--check`
 * verifies every solution of libraries with the engine.
 */
import type { Command } from 'commander';
import { CliError, VARIANT_HELP, colorEnabled, parseDelay, readyInk, resolveGame, type CommonOptions, type Io } from '../context.js';
import { parseLabels, parseStyle, STYLE_HELP } from './show.js';
import { plural, quoteInput, quoteName } from '../../core/text.js';
import { getGame } from '../../games/registry.js';
import type { LoadedPuzzles } from '../../puzzle/load.js';

export interface PuzzleCliOptions extends CommonOptions {
  theme?: string;
  themes?: boolean;
  check?: string[];
  style?: string;
  labels?: string | boolean;
  mouse?: boolean;
  delay?: string;
  /** --check's budget and output. */
  time?: string;
  depth?: string;
  json?: boolean;
}

/** The pause before the opponent's reply, ms (`--delay`). */
export const DEFAULT_REPLY_DELAY = 600;

/**
 * The puzzles to train on: the file's (read safely: a FIFO, a folder or a huge file is refused in
 * one sentence, exit 2), else the shipped set of the game chosen.
 */
export async function choosePuzzles(file: string | undefined, opts: PuzzleCliOptions, given: (key: string) => boolean): Promise<LoadedPuzzles> {
  const { loadPuzzles } = await import('../../puzzle/load.js');
  const game = resolveGame(opts);
  let text: string | undefined;
  if (file !== undefined) {
    const [{ readSmallFile }, { MAX_PUZZLE_FILE_BYTES }] = await Promise.all([import('../../tui/store.js'), import('../../puzzle/library.js')]);
    const r = readSmallFile(file, MAX_PUZZLE_FILE_BYTES);
    if (!r.ok) throw new CliError(`cannot read ${quoteName(file)}: ${r.problem}`, 2);
    text = r.text;
  }
  const r = await loadPuzzles(game.id, text === undefined ? undefined : { name: file!, text });
  if (!r.ok) throw new CliError(r.error, 2);
  if (given('variant') && r.value.game !== game.id) throw new CliError(`${quoteName(file!)} holds ${r.value.game} puzzles, not ${game.id} ones`, 2);
  return r.value;
}

/**
 * `--check FILE…`: every solution of the libraries verified with the engine (cooks, wrong
 * solutions, better defences): puzzle-check.ts prints the report; exit 1 when it found a problem,
 * 2 when a file could not be read.
 */
async function checkLibraries(files: string[], io: Io, opts: PuzzleCliOptions): Promise<void> {
  const { puzzleCheck } = await import('./puzzle-check.js');
  const code = await puzzleCheck(files, io, opts);
  if (code === 2) throw new CliError('puzzle --check could not read every file (each is named above)', 2);
  if (code === 1) throw new CliError('puzzle --check found problems in the solutions (listed above)', 1);
}

export function registerPuzzle(program: Command, io: Io): void {
  program
    .command('puzzle')
    .description('the puzzle trainer: find the winning line, the replies played for you; a Glicko-2 rating for you and each puzzle, saved in the state folder')
    .argument('[file]', 'a puzzle file (the shipped set of the game without one)')
    .option('-v, --variant <variant>', VARIANT_HELP)
    .option('--theme <theme>', 'only puzzles of this theme: mate, mate1, mate2…, material, endgame, endgame:rook… (--themes lists them)')
    .option('--themes', 'list the themes of the set with how many puzzles each has, and exit')
    .option('--check <files...>', 'verify every solution of puzzle files with the engine (cooks, wrong solutions, better defences), and exit')
    .option('--time <ms>', '--check: time of each search (default: 60,000 nodes, the same answer on every run)')
    .option('--depth <n>', '--check: depth of each search')
    .option('--json', '--check: the findings as one JSON document')
    .option('--style <style>', `${STYLE_HELP}; default: wide when the terminal draws ▲ two columns wide, else unicode`)
    .option('--labels [mode]', 'edge labels: iccs (default) | wxf | usi | none')
    .option('--no-labels', 'no edge labels')
    .option('--delay <ms>', `pause before the opponent's reply (default ${DEFAULT_REPLY_DELAY})`)
    .option('--no-mouse', 'no mouse (by default a click selects a piece and another its destination)')
    .option('--no-color', 'no colours (also NO_COLOR, or when stdout is not a terminal)')
    .action(async (file: string | undefined, opts: PuzzleCliOptions, cmd: Command) => {
      const given = (key: string): boolean => cmd.getOptionValueSource(key) === 'cli';
      if (opts.check !== undefined) {
        if (file !== undefined) opts.check.push(file);
        return checkLibraries(opts.check, io, opts);
      }
      let style = parseStyle(opts.style);
      const labels = parseLabels(opts.labels);
      const delayMs = parseDelay(opts.delay) ?? DEFAULT_REPLY_DELAY;
      const set = await choosePuzzles(file, opts, given);
      const where = file === undefined ? `the shipped ${set.game} puzzles` : quoteName(file);
      const { hasTheme, themeCounts } = await import('../../puzzle/progress.js');
      let puzzles = set.puzzles;
      if (opts.theme !== undefined) {
        const theme = opts.theme.trim().toLowerCase();
        puzzles = puzzles.filter((p) => hasTheme(p, theme));
        if (puzzles.length === 0) throw new CliError(`no puzzle in ${where} has the theme ${quoteInput(opts.theme)} (chuhan puzzle --themes lists them)`, 2);
      }
      // the themes of the puzzles chosen (all of the set, or those of --theme)
      if (opts.themes) {
        const counts = themeCounts(puzzles);
        const width = Math.max(5, ...counts.map(([t]) => t.length));
        const of = opts.theme === undefined ? '' : ` of the theme ${quoteInput(opts.theme.trim().toLowerCase())}`;
        io.out(`${plural(puzzles.length, 'puzzle')}${of} in ${where}; --theme T takes a theme and those under it (endgame: endgame:rook…; mate: mate1, mate2…)\n`);
        for (const [t, n] of counts) io.out(`${t.padEnd(width)}  ${n}\n`);
        return;
      }
      if (opts.style === undefined && io.env.CHUHAN_STYLE_DETECT !== '0' && process.stdin.isTTY && process.stdout.isTTY) {
        const { ambiguousIsWide } = await import('../../tui/detect-width.js');
        if ((await ambiguousIsWide(process.stdin, process.stdout)) === true) style = 'wide';
      }
      const color = colorEnabled(io, opts);
      await readyInk(color);
      const { runPuzzle } = await import('../../tui/run-puzzle.js');
      const chosen = resolveGame(opts); // --rules kept when the file's game is the one chosen
      await runPuzzle({
        game: chosen.id === set.game ? chosen : getGame(set.game),
        library: set.library,
        puzzles,
        ...(opts.theme !== undefined ? { theme: opts.theme.trim().toLowerCase() } : {}),
        color,
        style,
        labels,
        io,
        mouse: opts.mouse !== false,
        delayMs,
      });
    });
}
