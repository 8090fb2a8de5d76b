/**
 * ECCO oracle: xqbase's opening classifier as the vschess player publishes it (`WXF2ECCO` of
 * `vschess.function.js`, LGPL, GitHub FastLight126/vschess) against ours
 * (src/games/xiangqi/ecco.ts) on the 2,516 master games of fixtures/games/xiangqi/. Their code is
 * never part of the repository: fetch the file outside it and point `--oracle` at its folder.
 *
 *   mkdir -p /work/build/vschess && curl -o /work/build/vschess/vschess.function.js \
 *     https://raw.githubusercontent.com/FastLight126/vschess/master/vschess/vschess.function.js
 *   npx tsx scripts/oracle/ecco-oracle.ts --oracle /work/build/vschess
 *
 * Prints the agreement (N/2,516) and every disagreement; exit code 1 if any. Writes the oracle's
 * answers to `--out` (fixtures/ecco/master-ecco.tsv; '' for none), which test/ecco.test.ts checks
 * ours against without the oracle, and with `--names FILE` the code → name table
 * (src/games/xiangqi/ecco-names.ts: codes and names are facts, taken from their `eccoDir`).
 */
import { textKey } from '../../src/core/tables-file.js';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseRecords } from '../../src/notation/pgn.js';
import { replayRecord } from '../../src/notation/replay.js';
import { getGame, type OpeningNamer } from '../../src/games/registry.js';
import { options, rng } from './lib.js';
import { legalMoves } from '../../src/core/perft.js';
import type { Move } from '../../src/core/move.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The master games, in the fixture's order. */
export const ECCO_MASTER_FILES = ['Hu_Ronghua_1391_UCI_games.pgn', 'Liu_Dahua_1125_UCI_games.pgn'];

interface Vschess {
  defaultFen: string;
  eccoDir: Record<string, string[]>;
  nodeList2moveList(list: string[], fen: string, format: string): string[];
  WXF2ECCO(list: string[]): { ecco: string; opening: string; variation: string };
}


async function main(): Promise<void> {
  const opts = options({
    oracle: '/work/build/vschess',
    out: join(ROOT, 'fixtures', 'ecco', 'master-ecco.tsv'),
    names: '',
    random: '20000',
    seed: '1',
    'mixed-out': join(ROOT, 'fixtures', 'ecco', 'mixed-ecco.tsv'),
    'per-code': '8',
  });
  const require = createRequire(import.meta.url);
  const vs = require(resolve(opts.oracle!, 'vschess.function.js')) as Vschess;
  if (opts.names) writeNames(vs, opts.names);
  const game = getGame('xiangqi');
  const namer = await game.openingNames!();
  const rows: string[] = [];
  const lines: Move[][] = [];
  let agree = 0;
  let total = 0;
  const counts = new Map<string, number>();
  for (const file of ECCO_MASTER_FILES) {
    const records = parseRecords(readFileSync(join(ROOT, 'fixtures', 'games', 'xiangqi', file), 'utf8'));
    records.forEach((rec, i) => {
      const r = replayRecord(rec, { variant: 'xiangqi', keepMoves: true });
      if (!r.start || !r.moves) throw new Error(`${file} game ${i + 1} does not replay`);
      lines.push(r.moves.slice(0, 20));
      const iccs = r.moves.map((m) => game.squares.format(m & 0xff) + game.squares.format((m >>> 8) & 0xff));
      const theirs = vs.WXF2ECCO(vs.nodeList2moveList([vs.defaultFen, ...iccs], vs.defaultFen, 'wxf'));
      const ours = namer.name(r.start, r.moves);
      const id = `${file}#${i + 1}`;
      total++;
      if (ours !== null && ours.code === theirs.ecco && ours.name === theirs.opening && (ours.variation ?? '') === theirs.variation) agree++;
      else console.log(`${id}: theirs ${theirs.ecco} ${theirs.opening} ${theirs.variation} / ours ${ours?.code} ${ours?.name} ${ours?.variation ?? ''}  ${iccs.slice(0, 20).join(' ')}`);
      counts.set(theirs.ecco, (counts.get(theirs.ecco) ?? 0) + 1);
      const name = theirs.variation ? `${theirs.opening}#${theirs.variation}` : theirs.opening;
      rows.push([id, textKey(iccs.slice(0, 20).join(' ')), theirs.ecco, name].join('\t'));
    });
  }
  console.log(`ECCO agreement with vschess WXF2ECCO: ${agree}/${total} games (${counts.size} distinct codes)`);
  if (opts.out) {
    mkdirSync(dirname(opts.out), { recursive: true });
    const head = '# id\tplies\tecco\tname  (the oracle\'s answers; see scripts/oracle/ecco-oracle.ts; plies: FNV-1a of the first 20 plies in ICCS, space-separated)\n';
    writeFileSync(opts.out, head + rows.join('\n') + '\n');
    console.log(`wrote ${opts.out}`);
  }
  const mixedOk = mixed(vs, namer, lines, Number(opts.random), Number(opts.seed), opts['mixed-out']!, Number(opts['per-code']));
  process.exitCode = agree === total && mixedOk ? 0 : 1;
}

/**
 * Lines that leave the master games: a master game's first k plies (k from 0 to 20), then at each
 * ply the move another master game played at that ply when it is legal here (70%), else a random
 * legal move, up to 20 plies; also every line cut short at a random ply. Compared like the master
 * games; up to `perCode` lines of each code are written to `out` (the plies in ICCS) for the test.
 */
function mixed(vs: Vschess, namer: OpeningNamer, masters: readonly Move[][], n: number, seed: number, out: string, perCode: number): boolean {
  const game = getGame('xiangqi');
  const next = rng(seed);
  const fmt = (m: Move): string => game.squares.format(m & 0xff) + game.squares.format((m >>> 8) & 0xff);
  let agree = 0;
  const kept = new Map<string, string[]>();
  const start = game.parseFen(game.startFen);
  if (!start.ok) throw new Error('start FEN');
  for (let t = 0; t < n; t++) {
    const base = masters[Math.floor(next() * masters.length)]!;
    const k = Math.floor(next() * 21);
    const len = next() < 0.2 ? Math.floor(next() * 21) : 20;
    const pos = start.value.clone();
    const line: Move[] = [];
    for (let p = 0; p < len; p++) {
      const legal = legalMoves(pos);
      if (legal.length === 0) break;
      let m: Move | undefined = p < k ? base[p] : undefined;
      if (m === undefined && next() < 0.7) {
        const other = masters[Math.floor(next() * masters.length)]![p];
        if (other !== undefined && legal.includes(other)) m = other;
      }
      if (m === undefined || !legal.includes(m)) m = legal[Math.floor(next() * legal.length)]!;
      line.push(m);
      pos.play(m);
    }
    const iccs = line.map(fmt);
    const theirs = vs.WXF2ECCO(vs.nodeList2moveList([vs.defaultFen, ...iccs], vs.defaultFen, 'wxf'));
    const ours = namer.name(start.value, line);
    if (ours !== null && ours.code === theirs.ecco && (ours.variation ?? '') === theirs.variation && ours.name === theirs.opening) agree++;
    else console.log(`mixed ${t}: theirs ${theirs.ecco} / ours ${ours?.code}  ${iccs.join(' ')}`);
    const list = kept.get(theirs.ecco) ?? [];
    if (list.length < perCode) list.push(`${theirs.ecco}\t${iccs.join(' ')}`);
    kept.set(theirs.ecco, list);
  }
  console.log(`ECCO agreement on lines leaving the master games (seed ${seed}): ${agree}/${n} (${kept.size} distinct codes)`);
  if (out) {
    const rows = [...kept.keys()].sort().flatMap((c) => kept.get(c)!);
    writeFileSync(out, '# ecco\tplies (ICCS, from the start; the oracle\'s answers, see scripts/oracle/ecco-oracle.ts)\n' + rows.join('\n') + '\n');
    console.log(`wrote ${out} (${rows.length} lines)`);
  }
  return agree === n;
}


/** src/games/xiangqi/ecco-names.ts from their `eccoDir` (codes with no name are left out). */
function writeNames(vs: Vschess, path: string): void {
  const lines: string[] = [];
  for (const letter of 'ABCDE') {
    vs.eccoDir[letter]!.forEach((name, i) => {
      if (name) lines.push(`  ${letter}${String(i).padStart(2, '0')}: ${JSON.stringify(name)},`);
    });
  }
  writeFileSync(
    path,
    [
      '// Generated by scripts/oracle/ecco-oracle.ts --names (from the `eccoDir` of vschess.function.js); do not edit.',
      '// The ECCO codes xqbase\'s classifier gives and their Chinese names: "opening" or "opening#variation".',
      'export const ECCO_NAMES: Readonly<Record<string, string>> = {',
      ...lines,
      '};',
      '',
    ].join('\n'),
  );
  console.log(`wrote ${path} (${lines.length} codes)`);
}

await main();
