/**
 * Fairy-Stockfish reads what `chuhan convert --dialect pychess` writes: for a sample of master games
 * (test/helpers/convert-sample.ts: every 60th game of each master file and five set-up positions),
 * our pychess PGN is given to ffish's `readGamePGN`; ffish's main line is replayed on an ffish
 * board from the game's FEN, and its final FEN must equal ours. ffish's own SAN of every move
 * (`sanMove`) is recorded too and must equal the SAN we wrote. The answers go to
 * fixtures/convert/ffish-pychess.jsonl, which test/convert.test.ts checks our writer against
 * without ffish.
 *
 *   mkdir -p /tmp/ffish && (cd /tmp/ffish && npm init -y && npm install --no-save ffish)
 *   npx tsx scripts/oracle/convert-ffish.ts [--ffish /tmp/ffish/node_modules/ffish] [--out FILE]
 *
 * Exit code 1 if anything disagrees.
 */
import { createRequire } from 'node:module';
import { XIANGQI_GAME } from '../../src/games/xiangqi/game.js';
import { formatUci } from '../../src/games/xiangqi/notation/iccs.js';
import { writeDialectPgn } from '../../src/notation/convert.js';
import { parseRecords } from '../../src/notation/pgn.js';
import { Replayer } from '../../src/notation/replay.js';
import { convertSample } from '../../test/helpers/convert-sample.js';
import { options, writeJsonl } from './lib.js';

const opt = options({ ffish: '/tmp/ffish/node_modules/ffish', out: 'fixtures/convert/ffish-pychess.jsonl' });

interface FfishBoard {
  fen(): string;
  push(uci: string): boolean;
  pushMoves(uci: string): void;
  sanMove(uci: string): string;
  delete(): void;
}
interface Ffish {
  Board: new (variant: string, fen?: string) => FfishBoard;
  readGamePGN(pgn: string): { headers(k: string): string; mainlineMoves(): string; delete(): void };
  onRuntimeInitialized?: () => void;
}

// ffish 0.7.10 (emscripten) fetches its wasm when `fetch` exists; Node's fetch cannot read files.
(globalThis as { fetch?: unknown }).fetch = undefined;
const ffish = createRequire(import.meta.url)(opt.ffish!) as Ffish;
await new Promise<void>((resolve) => (ffish.onRuntimeInitialized = resolve));

const replayer = new Replayer({ keepMoves: true });
const rows: unknown[] = [];
let bad = 0;
let plies = 0;
for (const s of convertSample()) {
  const rep = replayer.replay(s.record);
  if (rep.status !== 'ok' || !rep.start || !rep.moves) {
    console.log(`${s.file} #${s.index}: our replay: ${rep.status}`);
    bad++;
    continue;
  }
  const pgn = writeDialectPgn(
    { game: XIANGQI_GAME, start: rep.start, moves: rep.moves, tags: s.record.tagList, result: s.record.result ?? '*' },
    { dialect: 'pychess' },
  );
  if (!pgn.ok) throw new Error(pgn.error);
  const ours = parseRecords(pgn.value)[0]!.moves.map((m) => m.text);
  const fen = XIANGQI_GAME.formatFen(rep.start);
  // ffish's SAN of each of our moves, on its own board
  const board = new ffish.Board('xiangqi', fen);
  const san: string[] = [];
  const pos = rep.start.clone();
  for (const m of rep.moves) {
    const u = formatUci(m);
    san.push(board.sanMove(u));
    board.push(u);
    pos.play(m);
  }
  const direct = board.fen();
  board.delete();
  // ffish reading our PGN
  const g = ffish.readGamePGN(pgn.value);
  const line = g.mainlineMoves().trim();
  g.delete();
  const read = new ffish.Board('xiangqi', fen);
  if (line) read.pushMoves(line);
  const readFen = read.fen();
  read.delete();
  const readPlies = line ? line.split(/\s+/).length : 0;
  const ourFen = XIANGQI_GAME.formatFen(pos);
  const key2 = (f: string): string => f.split(' ').slice(0, 2).join(' ');
  const problems: string[] = [];
  if (readPlies !== rep.moves.length) problems.push(`ffish read ${readPlies} of ${rep.moves.length} plies`);
  if (key2(readFen) !== key2(ourFen)) problems.push(`final FEN: ffish ${readFen}, ours ${ourFen}`);
  if (key2(direct) !== key2(ourFen)) problems.push(`direct replay FEN: ffish ${direct}, ours ${ourFen}`);
  const firstDiff = san.findIndex((t, i) => t !== ours[i]);
  if (firstDiff >= 0) problems.push(`ply ${firstDiff + 1}: ffish writes ${san[firstDiff]}, we wrote ${ours[firstDiff]}`);
  if (problems.length) {
    bad++;
    console.log(`${s.file} #${s.index}: ${problems.join('; ')}`);
  }
  plies += rep.moves.length;
  rows.push({ file: s.file, index: s.index, setup: s.record.tags['FEN'] !== undefined, plies: readPlies, fen: readFen, san: san.join(' ') });
}
console.log(`${rows.length} games, ${plies} plies: ${bad} disagreement(s)`);
if (opt.out) writeJsonl(opt.out, rows);
process.exit(bad ? 1 : 0);
