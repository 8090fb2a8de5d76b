#!/usr/bin/env node
/**
 * Results for game records that have none (the 2,516 master games record no result): the final
 * position of each game is searched by Fairy-Stockfish (UCI, xiangqi) and the game is scored from
 * that: a win for the side ahead by at least --win centipawns (or with a mate), a draw within
 * --draw centipawns, otherwise left out. Run on dist/ (`npm run build` first):
 *
 *   node scripts/tune/adjudicate.mjs --out /tmp/xq-results.json [--nodes 50000] [--engine PATH] FILE...
 *
 * The output maps "<file name>#<game index>" to 1-0, 0-1 or 1/2-1/2; texel.mjs reads it with
 * --results.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { takeOption } from '../lib/args.mjs';

const root = new URL('../../', import.meta.url).pathname;
const args = process.argv.slice(2);
const opt = (name, def) => takeOption(args, name, def);
const out = opt('--out', '/tmp/xiangqi-results.json');
const nodes = Number(opt('--nodes', '50000'));
const win = Number(opt('--win', '250'));
const draw = Number(opt('--draw', '80'));
const engine = opt('--engine', '/usr/games/fairy-stockfish');
const { parseRecords } = await import(join(root, 'dist/notation/pgn.js'));
const { replayRecord } = await import(join(root, 'dist/notation/replay.js'));

const fsf = spawn(engine, [], { stdio: ['pipe', 'pipe', 'ignore'] });
const lines = createInterface({ input: fsf.stdout });
let waiting = null;
let last = null;
lines.on('line', (l) => {
  if (l.startsWith('info') && l.includes(' score ')) last = l;
  if (waiting?.test(l)) {
    const w = waiting;
    waiting = null;
    w.resolve(l);
  }
});
const send = (s) => fsf.stdin.write(s + '\n');
const until = (re) => new Promise((resolve) => (waiting = { test: (l) => re.test(l), resolve }));
send('uci');
await until(/^uciok/);
send('setoption name UCI_Variant value xiangqi');
send('setoption name Threads value 1');
send('isready');
await until(/^readyok/);

const results = {};
const tally = { '1-0': 0, '0-1': 0, '1/2-1/2': 0, unclear: 0 };
for (const f of args) {
  const recs = parseRecords(readFileSync(f, 'utf8'));
  for (const rec of recs) {
    const r = replayRecord(rec, { variant: 'xiangqi' });
    if (!r.fen || r.status !== 'ok') continue;
    let res = r.result !== '*' ? r.result : null;
    if (!res) {
      last = null;
      send(`position fen ${r.fen}`);
      send(`go nodes ${nodes}`);
      await until(/^bestmove/);
      const m = last && / score (cp|mate) (-?\d+)/.exec(last);
      const redToMove = / w /.test(r.fen);
      if (m) {
        const v = m[1] === 'mate' ? (Number(m[2]) > 0 ? 1e5 : -1e5) : Number(m[2]);
        const red = redToMove ? v : -v;
        res = red >= win ? '1-0' : red <= -win ? '0-1' : Math.abs(red) <= draw ? '1/2-1/2' : null;
      }
    }
    tally[res ?? 'unclear']++;
    if (res) results[`${basename(f)}#${rec.index}`] = res;
    if (rec.index % 200 === 0) console.log(`${basename(f)} game ${rec.index}: ${JSON.stringify(tally)}`);
  }
  console.log(`${basename(f)}: ${JSON.stringify(tally)}`);
}
send('quit');
writeFileSync(out, JSON.stringify(results));
console.log(`wrote ${Object.keys(results).length} results to ${out}`);
