#!/usr/bin/env node
/**
 * Chu shogi self-play games for tuning and the book (run on dist/: `npm run build` first).
 *
 *   nice -n 19 node scripts/tune/selfplay.mjs --games 300 --nodes 3000 --seed 1 --out /tmp/chu-selfplay.pgn
 *       [--first 0] [--plies 8] [--max-plies 500] [--adjudicate 1500] [--engine DIST_DIR]
 *
 * Both sides are chuhan's search (engine/search.js of the dist folder, default this repository's),
 * node-limited, so a game does not depend on the machine's load: game g plays the built-in opening
 * (src/games/<game>/openings-data.ts, `--plies` plies) number g/2, colours swapped within the pair, and each
 * move searches `nodes` x a seeded factor in [0.75, 1.25) (seed, game), which is what makes two games
 * from one opening differ. Every game is judged by our rules (GameHistory with the chu end rules, as
 * `chuhan validate` does); a game also ends when the searched score of both sides has agreed for 8
 * plies in a row that one side is at least `--adjudicate` centipawns ahead (or mates): a win for it,
 * and after `--max-plies` plies: a draw. Writes PGN (coordinate moves, the result and why), one game
 * appended as it ends, with `--first` to continue or shard a run.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { takeOption } from '../lib/args.mjs';

const root = new URL('../../', import.meta.url).pathname;
const args = process.argv.slice(2);
const opt = (name, def) => takeOption(args, name, def);
const games = Number(opt('--games', '100'));
const first = Number(opt('--first', '0'));
const nodes = Number(opt('--nodes', '3000'));
const seed = Number(opt('--seed', '1'));
const plies = Number(opt('--plies', '8'));
const maxPlies = Number(opt('--max-plies', '500'));
const adjudicate = Number(opt('--adjudicate', '1500'));
const out = opt('--out', '/tmp/chu-selfplay.pgn');
const distDir = resolve(opt('--engine', join(root, 'dist')));
if (args.length || ![games, first, nodes, seed, plies, maxPlies, adjudicate].every(Number.isFinite)) {
  console.error(`selfplay: unknown or bad arguments: ${args.join(' ')}`);
  process.exit(2);
}
const dist = (p) => import(join(distDir, p));
const { Searcher, MATE } = await dist('engine/search.js');
const { GameHistory } = await dist('core/history.js');
const { historyEntry } = await dist('engine/history.js');
const { createRng } = await dist('engine/rng.js');
const { getGame } = await dist('games/registry.js');
const { CHU_XBOARD } = await dist('games/chushogi/xboard.js');
const { builtinOpenings } = await dist('match/openings.js');
const { writePgn } = await dist('notation/pgn-write.js');

const game = getGame('chushogi');
const ops = builtinOpenings(CHU_XBOARD, plies);
if (!ops.ok) {
  console.error(`selfplay: ${ops.message}`);
  process.exit(2);
}
const openings = ops.openings;
if (first === 0) writeFileSync(out, '');

const tally = { '1-0': 0, '0-1': 0, '1/2-1/2': 0 };
const t0 = Date.now();
for (let g = first; g < first + games; g++) {
  const opening = openings[(g >> 1) % openings.length];
  const start = CHU_XBOARD.start();
  const judge = new GameHistory(game.endRules, start, maxPlies + 16);
  const pos = judge.position;
  const history = [];
  const record = [];
  for (const w of opening.moves) {
    const m = CHU_XBOARD.parseMove(pos, w);
    if (!m.ok) throw new Error(`opening ${opening.number}: ${w}`);
    record.push(game.coordinate.format(pos, m.value));
    history.push(historyEntry(pos));
    judge.play(m.value);
  }
  const rng = createRng(seed * 1_000_003 + g);
  const searchers = [new Searcher({ ttMegabytes: 16 }), new Searcher({ ttMegabytes: 16 })];
  let result = null;
  let reason = '';
  let streak = 0;
  let streakSide = -1;
  while (!result) {
    const end = judge.result();
    if (end) {
      result = end.winner === null ? '1/2-1/2' : end.winner === 0 ? '1-0' : '0-1';
      reason = end.reason;
      break;
    }
    if (judge.plies >= maxPlies) {
      result = '1/2-1/2';
      reason = `move limit (${maxPlies} plies)`;
      break;
    }
    const side = pos.turn;
    const budget = Math.max(200, Math.floor(nodes * (0.75 + 0.5 * rng.next())));
    const r = searchers[(g + side) & 1].search(pos, { nodes: budget, history });
    if (r.move === 0) throw new Error(`game ${g + 1}: no move in a game that is not over`);
    // adjudication: both sides' searches agree that one side is far ahead
    const ahead = r.score >= adjudicate || r.score >= MATE - 500 ? side : r.score <= -adjudicate || r.score <= -MATE + 500 ? side ^ 1 : -1;
    if (ahead >= 0 && ahead === streakSide) streak++;
    else {
      streakSide = ahead;
      streak = ahead >= 0 ? 1 : 0;
    }
    record.push(game.coordinate.format(pos, r.move));
    history.push(historyEntry(pos));
    judge.play(r.move);
    if (streak >= 8) {
      result = streakSide === 0 ? '1-0' : '0-1';
      reason = `adjudicated: both searches >= ${adjudicate} cp for 8 plies`;
    }
  }
  tally[result]++;
  const tags = [
    ['Event', `chuhan self-play ${nodes} nodes`],
    ['Round', String(g + 1)],
    ['White', `chuhan ${nodes}n`],
    ['Black', `chuhan ${nodes}n`],
    ['Result', result],
    ['Variant', game.pgnTags.variant],
    ['Format', game.pgnTags.format],
    ['PlyCount', String(record.length)],
    ['Termination', reason],
    ['Opening', `${opening.number}`],
    ['Seed', String(seed)],
  ];
  appendFileSync(out, writePgn({ tags, moves: record, result }) + '\n');
  console.log(`game ${g + 1}: ${result} ${reason}, ${record.length} plies (+${tally['1-0']} -${tally['0-1']} =${tally['1/2-1/2']}, ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}
