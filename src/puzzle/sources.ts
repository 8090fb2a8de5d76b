/**
 * Puzzle files of every kind chuhan reads, into the one `Puzzle` shape:
 *
 * - a chuhan puzzle library (library.ts: `# chuhan puzzles 1 · <game>`, a puzzle a line);
 * - an endgame library (`.eglib`, xiangqi: `name|FEN|solution`, read by the game's eglib reader):
 *   each line a puzzle, `eg-N` by its entry number, the name as its source. Where the line gives a
 *   solution it is the puzzle's; where it gives none (as in cchess's own libraries) the solution is
 *   left empty (`solution: []`): `solvePuzzle` (check.ts) finds it with the engine, and
 *   `chuhan puzzle --check` reports each such entry with the line the engine finds;
 * - chu mate problems (tsume) as JSON (`{"id","sfen","solution":[USI moves]}`, one or a list; the
 *   problem reader of notation/records/problem-json.ts): each a mate puzzle, `mateN` by its length.
 *
 * Themes come from what the source says (a name with 杀, "kill/mate", is a mate; a tsume is a mate)
 * and from the position (phase and endgame kind by material, judge.ts/line.ts). No engine search
 * here: reading stays fast.
 */
import { err, ok, type Result } from '../core/result.js';
import { quoteInput } from '../core/text.js';
import type { GameRecord } from '../core/record.js';
import { WHOLE_TEXT_READERS } from '../notation/records/index.js';
import { replayRecord } from '../notation/replay.js';
import { GAMES, gameOfFen, getGame, type GameId } from '../games/registry.js';
import { isPuzzleLibrary, parsePuzzles } from './library.js';
import { endgameKind, phaseOf, puzzlePosition } from './line.js';
import type { Puzzle } from './types.js';

export interface PuzzleFile {
  readonly game: GameId;
  readonly puzzles: Puzzle[];
}

const tag = (rec: GameRecord, name: string): string | undefined => rec.tagList.findLast(([k]) => k === name)?.[1];

/** Reads a puzzle file of any kind chuhan knows; `name` (a file name) helps tell the kind. */
export function readPuzzleFile(text: string, name: string): Result<PuzzleFile> {
  const body = text.replace(/^\uFEFF/, '');
  if (isPuzzleLibrary(body)) return parsePuzzles(body);
  const trimmed = body.trimStart();
  if (/\.json$/i.test(name) || trimmed.startsWith('{') || trimmed.startsWith('[')) return readProblems(body, name);
  if (/\.eglib$/i.test(name) || /^[^|\n]*\|[^|\n]+\/[^|\n]+(\|[^\n]*)?$/m.test(trimmed.split('\n', 1)[0] ?? '')) return readEglib(body, name);
  return err('it is not a puzzle file: neither a chuhan puzzle library ("# chuhan puzzles 1 · <game>"), an endgame library (.eglib) nor JSON mate problems');
}

/** A record of a problem file as a puzzle: its FEN tag and its moves (normalised when they replay). */
function recordPuzzle(rec: GameRecord, game: GameId, name: string): Result<{ fen: string; solution: string[]; position: ReturnType<typeof puzzlePosition> }> {
  const at = `entry ${rec.index} of ${quoteInput(name)}`;
  if (rec.errors.length > 0) return err(`${at}: ${rec.errors[0]!.message}`);
  const fen = tag(rec, 'FEN');
  if (!fen) return err(`${at} has no position`);
  const g = getGame(game);
  const position = puzzlePosition(g, fen);
  // an entry whose position cannot be read stays a puzzle as written: the checker reports it, the
  // trainer skips it (replayPuzzle fails), and the other entries are read all the same
  if (!position.ok) return ok({ fen, solution: rec.moves.map((m) => m.text), position });
  const report = replayRecord(rec, { keepMoves: true, variant: game });
  // moves that replay are written in the game's coordinates; others are kept as written, so that
  // the checker reports them (a library may carry a wrong solution: that is what --check is for)
  const solution =
    report.status === 'ok' && report.start && report.moves
      ? (() => {
          const pos = report.start.clone();
          return report.moves.map((m) => {
            const t = g.coordinate.format(pos, m);
            pos.play(m);
            return t;
          });
        })()
      : rec.moves.map((m) => m.text);
  return ok({ fen: g.formatFen(position.value), solution, position });
}

function readEglib(text: string, name: string): Result<PuzzleFile> {
  // the game whose record formats read endgame libraries (xiangqi)
  const g = GAMES.find((x) => x.recordFormats?.some((f) => f.id === 'eglib'));
  const read = WHOLE_TEXT_READERS['eglib'];
  if (!g || !read) return err('this chuhan has no reader for endgame libraries');
  const game = g.id;
  const puzzles: Puzzle[] = [];
  for (const rec of read(text)) {
    const r = recordPuzzle(rec, game, name);
    if (!r.ok) return r;
    const { fen, solution, position } = r.value;
    const event = tag(rec, 'Event') ?? '';
    const pos = position.ok ? position.value : null;
    const themes: string[] = [];
    if (event.includes('杀')) themes.push('mate');
    if (solution.length > 0 && themes.includes('mate')) themes.push(`mate${(solution.length + 1) >> 1}`);
    if (pos) {
      themes.push(`phase:${phaseOf(g, pos, 200)}`);
      themes.push(`endgame:${endgameKind(pos)}`);
    }
    puzzles.push({ id: `eg-${rec.index}`, game, fen, solution, themes, source: `${event || 'endgame'} (${name}, entry ${rec.index})` });
  }
  return ok({ game, puzzles });
}

function readProblems(text: string, name: string): Result<PuzzleFile> {
  const records = WHOLE_TEXT_READERS['json']!(text);
  const puzzles: Puzzle[] = [];
  let game: GameId | null = null;
  for (const rec of records) {
    if (rec.errors.length > 0) return err(`${quoteInput(name)}: ${rec.errors[0]!.message}`);
    const fen = tag(rec, 'FEN') ?? '';
    // the game by the board's shape (a 12×12 SFEN is chu), the first problem's for all
    const id: GameId | undefined = game ?? gameOfFen(fen)?.id;
    if (!id) return err(`problem ${rec.index} of ${quoteInput(name)}: its position is on no board chuhan knows`);
    game = id;
    const r = recordPuzzle(rec, id, name);
    if (!r.ok) return r;
    const { fen: norm, solution } = r.value;
    const event = tag(rec, 'Event') ?? String(rec.index);
    const themes = ['mate', ...(solution.length > 0 ? [`mate${(solution.length + 1) >> 1}`] : []), 'tsume'];
    puzzles.push({ id: event, game: id, fen: norm, solution, themes, source: `${event} (${name})` });
  }
  if (!game) return err(`${quoteInput(name)} holds no problems`);
  return ok({ game, puzzles });
}
