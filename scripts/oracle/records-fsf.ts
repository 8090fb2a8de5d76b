/**
 * Independent replay of the binary records (XQF, CCBridge CBL/CBR/CBF) in fixtures/records/ by
 * Fairy-Stockfish: for every game our readers decode (start position and main-line moves), FSF
 * plays the moves (`position fen … moves …`, UCI ranks 1-10) and reports how many it accepts (it
 * stops at the first illegal one) and the position after them (`d`). Written to
 * fixtures/records/records-fsf.jsonl, which test/records-xqf.test.ts and
 * test/records-ccbridge.test.ts compare our replay against, without needing FSF.
 *
 *   apt-get install -y fairy-stockfish
 *   npx tsx scripts/oracle/records-fsf.ts [--engine /usr/games/fairy-stockfish] [--out FILE]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { XIANGQI_START_FEN } from '../../src/games/xiangqi/index.js';
import { detectRecordFormat, readBinaryRecords } from '../../src/notation/records/index.js';
import { options, UciEngine, writeJsonl } from './lib.js';

const opt = options({ engine: '/usr/games/fairy-stockfish', root: 'fixtures/records', out: 'fixtures/records/records-fsf.jsonl' });

const files: string[] = [];
const walk = (d: string): void => {
  for (const f of readdirSync(d).sort()) {
    const p = join(d, f);
    if (statSync(p).isDirectory()) walk(p);
    else files.push(p);
  }
};
walk(join(opt.root!, 'xqf'));
walk(join(opt.root!, 'ccbridge'));

const engine = new UciEngine(opt.engine!);
engine.send('uci');
await engine.until((l) => l === 'uciok');
engine.send('setoption name UCI_Variant value xiangqi');
engine.send('isready');
await engine.until((l) => l === 'readyok');

/** ICCS (ranks 0-9) to FSF's UCI (ranks 1-10). */
const uci = (m: string): string => m[0]! + String(Number(m[1]) + 1) + m[2]! + String(Number(m[3]) + 1);

async function fenAfter(start: string, moves: readonly string[]): Promise<string> {
  engine.send(`position fen ${start}${moves.length ? ' moves ' + moves.map(uci).join(' ') : ''}`);
  engine.send('d');
  const lines = await engine.until((l) => l.startsWith('Fen: '));
  return lines[lines.length - 1]!.slice(5).split(' ').slice(0, 2).join(' ');
}

const rows: unknown[] = [];
let games = 0;
for (const f of files) {
  const bytes = readFileSync(f);
  const format = detectRecordFormat(bytes);
  if (format === 'text') continue;
  for (const rec of readBinaryRecords(bytes, format)) {
    if (rec.errors.length > 0 && rec.moves.length === 0) continue; // nothing to replay
    const start = rec.tags['FEN'] ?? XIANGQI_START_FEN;
    const moves = rec.moves.map((m) => m.text);
    // FSF stops at the first move it cannot play, and a legal move always changes the position
    // (the side to move at least): the accepted plies are where two prefixes first give the same.
    let prev = await fenAfter(start, []);
    let plies = moves.length;
    for (let k = 1; k <= moves.length; k++) {
      const cur = await fenAfter(start, moves.slice(0, k));
      if (cur === prev) {
        plies = k - 1;
        break;
      }
      prev = cur;
    }
    rows.push({ file: relative(opt.root!, f), index: rec.index, moves: moves.length, plies, fen: prev });
    games++;
  }
}
engine.quit();
if (opt.out) writeJsonl(opt.out, rows);
console.log(`${games} games from ${files.length} files; ${rows.filter((r) => (r as { plies: number; moves: number }).plies < (r as { moves: number }).moves).length} with a move FSF does not accept`);
