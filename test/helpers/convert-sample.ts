/**
 * The games `scripts/oracle/convert-ffish.ts` converted and Fairy-Stockfish read back
 * (fixtures/convert/ffish-pychess.jsonl), chosen the same way here and there: every 60th game of
 * each master-game file, and the first five games with a set-up position (FEN tag).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseRecords, type GameRecord } from '../../src/notation/pgn.js';

export const SAMPLE_FILES = ['Hu_Ronghua_1391_UCI_games.pgn', 'Liu_Dahua_1125_UCI_games.pgn', 'xqdb_international.pgn', 'xqdb_traditional.pgn'];

export interface SampleGame {
  readonly file: string;
  readonly index: number;
  readonly record: GameRecord;
}

export function convertSample(root = 'fixtures/games/xiangqi'): SampleGame[] {
  const out: SampleGame[] = [];
  let setups = 0;
  for (const file of SAMPLE_FILES) {
    const recs = parseRecords(readFileSync(join(root, file), 'utf8'));
    for (const r of recs) {
      const setup = r.tags['FEN'] !== undefined && setups < 5;
      if (setup) setups++;
      if (setup || (r.index - 1) % 60 === 0) out.push({ file, index: r.index, record: r });
    }
  }
  return out;
}
