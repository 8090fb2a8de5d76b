/**
 * Endgame problem libraries (`.eglib`, as walker8088/cchess's end-game trainer keeps them): UTF-8,
 * one problem a line,
 *
 * ```
 * 兵的杀法|9/3k5/3aP4/9/9/9/9/9/9/4K4 w - - 0 1
 * 车的杀法|3a1k3/4a4/9/9/9/4R4/9/9/9/4K4 w - - 0 1|e4e9
 * ```
 *
 * the problem's name, its position (a xiangqi FEN, ranks written from Black's side), and, when the
 * line has a third field, the solution in ICCS moves (ranks 0–9) separated by commas. Every line
 * is a game of its own: Event is the name, FEN the position (SetUp 1), the moves the solution.
 * Blank lines and `#` comment lines are skipped (as cchess's loader skips them); a line without a
 * FEN field is an error of its game. Lines that share a name (a problem's other solutions, as the
 * 适情雅趣 libraries keep them) stay games of their own: cchess keeps the first of a name only.
 */
import { quoteInput } from '../../../core/text.js';
import { addError, addMove, LineIndex, textLines, newRecord, setTag, type GameRecord } from '../../../core/record.js';
import { RECORDED_GAME } from './board.js';

/** Reads every problem of an eglib library. Never throws: problems are errors of the game. */
export function parseEglib(text: string): GameRecord[] {
  const idx = new LineIndex(text);
  const games: GameRecord[] = [];
  for (const { line, base } of textLines(text)) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const [line1] = idx.at(base);
    const rec = newRecord(games.length + 1, line1);
    games.push(rec);
    setTag(rec, 'Format', 'ICCS');
    setTag(rec, 'Variant', RECORDED_GAME.pgnTags.variant);
    const fields = line.split('|');
    const name = fields[0]!.trim();
    if (name !== '') setTag(rec, 'Event', name);
    if (fields.length < 2 || fields[1]!.trim() === '') {
      addError(rec, `an eglib line must be name|FEN|solution; this one has no FEN: ${quoteInput(line.trim())}`, idx.at(base));
      continue;
    }
    if (fields.length > 3) {
      addError(rec, `an eglib line has three fields (name|FEN|solution), this one ${fields.length}`, idx.at(base));
      continue;
    }
    const fenAt = base + fields[0]!.length + 1;
    setTag(rec, 'SetUp', '1');
    setTag(rec, 'FEN', fields[1]!.trim());
    if (fields.length === 3) {
      const solution = fields[2]!;
      const solAt = fenAt + fields[1]!.length + 1;
      const tok = /[^\s,]+/g;
      for (let t = tok.exec(solution); t; t = tok.exec(solution)) addMove(rec, t[0], idx.at(solAt + t.index));
    }
  }
  return games;
}
