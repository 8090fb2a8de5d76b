/**
 * The games `scripts/oracle/convert-ffish.ts` converted and Fairy-Stockfish read back
 * (fixtures/convert/ffish-pychess.jsonl), chosen the same way here and there: every 60th game of
 * each master-game file, and five set-up positions: the first five of those games started from
 * their position after ply 31 (Black to move), written with a FEN tag.
 */
import { formatProblem } from '../../src/core/problem.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XIANGQI_GAME } from '../../src/games/xiangqi/game.js';
import { parseRecords, type GameRecord } from '../../src/notation/pgn.js';

export const SAMPLE_FILES = ['Hu_Ronghua_1391_UCI_games.pgn', 'Liu_Dahua_1125_UCI_games.pgn', 'xqdb_international.pgn', 'xqdb_traditional.pgn'];

export interface SampleGame {
  readonly file: string;
  readonly index: number;
  readonly record: GameRecord;
}

export function convertSample(root = 'fixtures/games/xiangqi'): SampleGame[] {
  const out: SampleGame[] = [];
  for (const file of SAMPLE_FILES) {
    const recs = parseRecords(readFileSync(join(root, file), 'utf8'));
    for (const r of recs) if ((r.index - 1) % 60 === 0) out.push({ file, index: r.index, record: r });
  }
  const setups: SampleGame[] = [];
  for (const s of out.filter((g) => g.record.moves.length > 40).slice(0, 5)) {
    const pos = XIANGQI_GAME.parseFen(XIANGQI_GAME.startFen);
    if (!pos.ok) throw new Error(formatProblem(pos.error));
    for (const m of s.record.moves.slice(0, 31)) {
      const r = XIANGQI_GAME.parseMove(pos.value, m.text);
      if (!r.ok) throw new Error(formatProblem(r.error));
      pos.value.play(r.value);
    }
    const rest = s.record.moves.slice(31).map((m) => m.text).join(' ');
    const text = `[Event "set-up from ${s.file} #${s.index}"]\n[SetUp "1"]\n[FEN "${XIANGQI_GAME.formatFen(pos.value)}"]\n\n${rest} *\n`;
    setups.push({ file: `${s.file}@31`, index: s.index, record: parseRecords(text)[0]! });
  }
  return [...out, ...setups];
}
