#!/usr/bin/env node
// Checks a xiangqi mate file (FEN | moves to mate | best move | description) against
// Fairy-Stockfish: `node scripts/verify-mates-fsf.mjs [file] [fsf path]`. For each line FSF searches
// to depth 2k+3 and must report `score mate k` (the same k); its best move is printed next to ours
// (several first moves can mate in k; the test checks ours by brute force). Exit 1 on a mismatch.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? new URL('../fixtures/tactics/xiangqi-mates-fsf.txt', import.meta.url).pathname;
const exe = process.argv[3] ?? '/usr/games/fairy-stockfish';
const rows = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '' && !l.startsWith('#'))
  .map((l) => l.split('|').map((f) => f.trim()));

const fsf = spawn(exe, [], { stdio: ['pipe', 'pipe', 'inherit'] });
let buf = '';
let waiter = null;
fsf.stdout.on('data', (d) => {
  buf += d;
  let i;
  while ((i = buf.indexOf('\n')) >= 0) {
    const line = buf.slice(0, i).trim();
    buf = buf.slice(i + 1);
    waiter?.(line);
  }
});
const send = (s) => fsf.stdin.write(`${s}\n`);
const until = (pred) =>
  new Promise((res) => {
    const seen = [];
    waiter = (l) => {
      seen.push(l);
      if (pred(l)) {
        waiter = null;
        res(seen);
      }
    };
  });

send('uci');
await until((l) => l === 'uciok');
send('setoption name UCI_Variant value xiangqi');
send('isready');
await until((l) => l === 'readyok');
let bad = 0;
for (const [fen, n, ours, name] of rows) {
  const k = Number(n);
  send('ucinewgame');
  send(`position fen ${fen}`);
  send(`go depth 26`);
  const lines = await until((l) => l.startsWith('bestmove'));
  const last = lines.filter((l) => l.includes(' score ')).pop() ?? '';
  const m = / score mate (-?\d+)/.exec(last);
  const best = lines.at(-1).split(' ')[1];
  const ok = m !== null && Number(m[1]) === k;
  if (!ok) bad++;
  console.log(`${ok ? 'ok ' : 'BAD'} mate ${m ? m[1] : '-'} (want ${k}) fsf ${best} ours ${ours}  ${name}`);
}
send('quit');
console.log(bad === 0 ? `all ${rows.length} agree` : `${bad} of ${rows.length} disagree`);
process.exit(bad === 0 ? 0 : 1);
