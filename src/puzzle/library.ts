/**
 * The puzzle library format: one UTF-8 text file per game, one puzzle a line, tab-separated, so a
 * set diffs line by line in git and opens in a spreadsheet.
 *
 *   # chuhan puzzles 1 · xiangqi
 *   # id	fen	solution	themes	source	rating
 *   xq-0001	<FEN>	h2e2 h9g7 h0g2	mate2 phase:endgame	Hu Ronghua – Yang Guanlin, 1960, ply 87	1650
 *
 * The first line names the format, its version and the game; other lines starting with `#` and
 * blank lines are comments. `solution` and `themes` are space-separated; `rating` may be empty.
 * Moves are checked against the rules elsewhere (the checker replays them); here only the shape.
 */
import { err, ok, type Result } from '../core/result.js';
import { quoteInput } from '../core/text.js';
import { gameIdFromName, type GameId } from '../games/registry.js';
import type { Puzzle } from './types.js';

const MAGIC = /^# chuhan puzzles (\d+) · (\S+)\s*$/;
export const LIBRARY_VERSION = 1;
/** The largest puzzle file read (the trainer and `--check`). */
export const MAX_PUZZLE_FILE_BYTES = 64 * 1024 * 1024;
const COLUMNS = ['id', 'fen', 'solution', 'themes', 'source', 'rating'] as const;

/** Whether a text looks like a puzzle library (its first line), for the record opener's sniffing. */
export function isPuzzleLibrary(text: string): boolean {
  const first = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return MAGIC.test(first);
}

/** Reads a library; the error names the line and what is wrong with it, in one sentence. */
export function parsePuzzles(text: string): Result<{ game: GameId; puzzles: Puzzle[] }> {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const head = MAGIC.exec(lines[0] ?? '');
  if (!head) return err('the first line is not "# chuhan puzzles 1 · <game>", so this is not a chuhan puzzle library');
  if (Number(head[1]) !== LIBRARY_VERSION) return err(`puzzle library version ${head[1]} is not one this chuhan reads (it reads ${LIBRARY_VERSION})`);
  const game = gameIdFromName(head[2]!);
  if (!game) return err(`line 1 names the game ${quoteInput(head[2])}, which chuhan does not know`);
  const puzzles: Puzzle[] = [];
  const ids = new Set<string>();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '' || line.startsWith('#')) continue;
    const at = `line ${i + 1}`;
    const f = line.split('\t');
    if (f.length < 5 || f.length > 6) return err(`${at} has ${f.length} tab-separated fields, not 5 or 6 (${COLUMNS.join(', ')})`);
    const [id, fen, solution, themes, source, rating] = f.map((x) => x.trim()) as [string, string, string, string, string, string?];
    if (id === '') return err(`${at} has no id`);
    if (ids.has(id)) return err(`${at} repeats the id ${quoteInput(id)}`);
    ids.add(id);
    if (fen === '') return err(`${at} (${quoteInput(id)}) has no position`);
    const moves = solution.split(/\s+/).filter((m) => m !== '');
    if (moves.length === 0 || moves.length % 2 === 0)
      return err(`${at} (${quoteInput(id)}) has ${moves.length} solution moves; a solution ends with the solver's move, so it has an odd number`);
    let r: number | undefined;
    if (rating !== undefined && rating !== '') {
      r = Number(rating);
      if (!Number.isFinite(r) || r < 0 || r > 4000) return err(`${at} (${quoteInput(id)}) has the rating ${quoteInput(rating)}, not a number from 0 to 4000`);
    }
    const puzzle: Puzzle = {
      id,
      game,
      fen,
      solution: moves,
      themes: themes.split(/\s+/).filter((t) => t !== ''),
      source,
      ...(r === undefined ? {} : { rating: r }),
    };
    puzzles.push(puzzle);
  }
  return ok({ game, puzzles });
}

/** Writes puzzles of one game as a library (tabs and line breaks inside fields become spaces). */
export function formatPuzzles(game: GameId, puzzles: readonly Puzzle[]): string {
  const clean = (s: string) => s.replace(/[\t\r\n]+/g, ' ').trim();
  const out = [`# chuhan puzzles ${LIBRARY_VERSION} · ${game}`, `# ${COLUMNS.join('\t')}`];
  for (const p of puzzles) {
    if (p.game !== game) throw new Error(`puzzle ${p.id} is for ${p.game}, not ${game}`);
    out.push(
      [clean(p.id), clean(p.fen), p.solution.map(clean).join(' '), p.themes.map(clean).join(' '), clean(p.source), p.rating === undefined ? '' : String(Math.round(p.rating))].join('\t'),
    );
  }
  return `${out.join('\n')}\n`;
}
