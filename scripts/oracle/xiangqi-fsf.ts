/**
 * Differential test of our xiangqi legal-move generator against Fairy-Stockfish (UCI, variant
 * xiangqi): legal move sets (perft 1 divide) on many positions and perft 3 on a subset. Prints every
 * disagreement and records the oracle's answers as fixtures/oracle/xiangqi-fsf.jsonl.
 *
 *   npx tsx scripts/oracle/xiangqi-fsf.ts [--engine /usr/games/fairy-stockfish] [--seed 1] ...
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { legalMoves, perft } from '../../src/core/perft.js';
import { xiangqi } from '../../src/games/xiangqi/index.js';
import { parseXiangqiFen } from '../../src/games/xiangqi/notation/fen.js';
import { formatUci } from '../../src/games/xiangqi/notation/iccs.js';
import { formatProblem } from '../../src/core/problem.js';
import { options, rng, UciEngine, writeJsonl } from './lib.js';
import { DATA_DIR, gamePositions, handPositions, placementPositions, playoutPositions, type Sample } from './xiangqi-positions.js';

const opt = options({
  engine: '/usr/games/fairy-stockfish',
  seed: '1',
  'game-every': '11',
  games: '20000',
  playouts: '8000',
  placements: '8000',
  perft: '400',
  'perft-depth': '3',
  keep: '3300',
  out: 'fixtures/oracle/xiangqi-fsf.jsonl',
  report: '',
});

const r = rng(Number(opt.seed));
const samples: Sample[] = [];
const seen = new Set<string>();
const add = (list: Sample[]) => {
  for (const s of list) {
    const key = s.fen.split(' ').slice(0, 2).join(' ');
    if (!seen.has(key)) {
      seen.add(key);
      samples.push(s);
    }
  }
};
const t0 = Date.now();
add(handPositions());
const xq = join(DATA_DIR, 'xiangqi');
add(gamePositions([join(xq, 'Hu_Ronghua_1391_UCI_games.pgn'), join(xq, 'Liu_Dahua_1125_UCI_games.pgn'), join(xq, 'bulk_games_uci.pgn')], Number(opt['game-every']), Number(opt.games)));
const fromGames = samples.length;
const playouts = playoutPositions(r, Number(opt.playouts));
add(playouts);
// playouts continued from sparse game positions reach other endgames
add(playoutPositions(r, Number(opt.playouts) / 4, 0.35, samples.filter((s) => s.source.startsWith('game') && s.fen.length < 50).map((s) => s.fen)));
add(placementPositions(r, Number(opt.placements)));
console.log(`${samples.length} distinct positions (${fromGames} hand+games) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

const engine = new UciEngine(opt.engine!);
engine.send('uci');
await engine.until((l) => l === 'uciok');
engine.send('setoption name UCI_Variant value xiangqi');
engine.send('isready');
await engine.until((l) => l === 'readyok');

/** FSF perft divide: root moves with counts, and the total. */
async function fsfPerft(fens: readonly string[], depth: number): Promise<{ moves: Map<string, number>; total: number }[]> {
  for (const fen of fens) engine.send(`position fen ${fen}\ngo perft ${depth}`);
  const out: { moves: Map<string, number>; total: number }[] = [];
  for (let i = 0; i < fens.length; i++) {
    const lines = await engine.until((l) => l.startsWith('Nodes searched'));
    const moves = new Map<string, number>();
    for (const l of lines) {
      const m = /^([a-i](?:10|[1-9])[a-i](?:10|[1-9])): (\d+)$/.exec(l);
      if (m) moves.set(m[1]!, Number(m[2]));
    }
    out.push({ moves, total: Number(/(\d+)/.exec(lines[lines.length - 1]!)![1]) });
  }
  return out;
}

interface Row {
  fen: string;
  source: string;
  moves?: string[];
  depth?: number;
  nodes?: number;
}
const rows: Row[] = [];
const mismatches: string[] = [];
let inCheck = 0;
let noMoves = 0;
const t1 = Date.now();
const BATCH = 200;
for (let i = 0; i < samples.length; i += BATCH) {
  const batch = samples.slice(i, i + BATCH);
  const answers = await fsfPerft(batch.map((s) => s.fen), 1);
  batch.forEach((s, k) => {
    const pos = parseXiangqiFen(s.fen);
    if (!pos.ok) throw new Error(`${s.source}: ${formatProblem(pos.error)}`);
    const ours = legalMoves(pos.value).map(formatUci).sort();
    const theirs = [...answers[k]!.moves.keys()].sort();
    if (xiangqi.inCheck(pos.value)) inCheck++;
    if (theirs.length === 0) noMoves++;
    const extra = ours.filter((m) => !answers[k]!.moves.has(m));
    const missing = theirs.filter((m) => !ours.includes(m));
    if (extra.length || missing.length || theirs.length !== answers[k]!.total)
      mismatches.push(`${s.source} ${s.fen}: ours only [${extra.join(' ')}], Fairy-Stockfish only [${missing.join(' ')}]`);
    rows.push({ fen: s.fen, source: s.source, moves: theirs });
  });
}
console.log(`move sets: ${samples.length} positions (${inCheck} in check, ${noMoves} without a legal move) in ${((Date.now() - t1) / 1000).toFixed(1)} s; ${mismatches.length} disagreements`);

// perft at a fixed depth on an evenly spread subset
const depth = Number(opt['perft-depth']);
const nPerft = Math.min(Number(opt.perft), samples.length);
const stride = samples.length / nPerft;
const perftSamples = Array.from({ length: nPerft }, (_, k) => samples[Math.floor(k * stride)]!);
const perftRows: Row[] = [];
let perftNodes = 0;
const t2 = Date.now();
for (let i = 0; i < perftSamples.length; i += 50) {
  const batch = perftSamples.slice(i, i + 50);
  const answers = await fsfPerft(batch.map((s) => s.fen), depth);
  batch.forEach((s, k) => {
    const pos = parseXiangqiFen(s.fen);
    if (!pos.ok) throw new Error(formatProblem(pos.error));
    const ours = perft(pos.value, depth);
    perftNodes += ours;
    if (ours !== answers[k]!.total) mismatches.push(`${s.source} ${s.fen}: perft ${depth} ours ${ours}, Fairy-Stockfish ${answers[k]!.total}`);
    perftRows.push({ fen: s.fen, source: s.source, depth, nodes: answers[k]!.total });
  });
}
console.log(`perft ${depth}: ${perftSamples.length} positions, ${perftNodes} leaves, in ${((Date.now() - t2) / 1000).toFixed(1)} s`);
engine.quit();

for (const m of mismatches) console.log(`MISMATCH ${m}`);
if (opt.report) writeFileSync(opt.report, mismatches.join('\n') + '\n');

// fixture: every hand-made position, then an even sample of each source (games 30%, playouts 30%,
// placements 40%), half of each drawn from positions in check or without a legal move
const keep = Number(opt.keep);
const pickEvery = <T>(xs: T[], n: number): T[] => (xs.length <= n ? xs : xs.filter((_, i) => i % Math.ceil(xs.length / n) === 0));
const special = (row: Row): boolean => {
  const p = parseXiangqiFen(row.fen);
  return p.ok && (xiangqi.inCheck(p.value) || row.moves!.length === 0);
};
const chosen = rows.filter((row) => row.source.startsWith('hand'));
for (const [kind, share] of [['game', 0.3], ['playout', 0.3], ['placement', 0.4]] as const) {
  const mine = rows.filter((row) => row.source.startsWith(kind));
  const hot = mine.filter(special);
  const cold = mine.filter((row) => !special(row));
  const a = pickEvery(hot, (keep * share) / 2);
  chosen.push(...a, ...pickEvery(cold, keep * share - a.length));
}
if (opt.out) {
  writeJsonl(opt.out, [...chosen, ...perftRows]);
  console.log(`wrote ${chosen.length} move-set and ${perftRows.length} perft lines to ${opt.out}`);
}
process.exit(mismatches.length ? 1 : 0);
