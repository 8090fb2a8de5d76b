#!/usr/bin/env node
// Fairy-Stockfish's own nodes per second on the xiangqi positions of `npm run bench` (1 thread,
// 16 MB hash, `go nodes N`), to set chuhan's nodes/s beside another engine's on this machine:
// `node scripts/fsf-nps.mjs [nodes=3000000] [fsf path]`. FSF's nps is over wall time, so run it on
// a quiet machine. Prints depth, nodes, time and nps per position, then the median nps.
import { spawn } from 'node:child_process';
import { POSITIONS } from '../bench/search.bench.js';

const nodes = Number(process.argv[2] ?? 3_000_000);
const exe = process.argv[3] ?? '/usr/games/fairy-stockfish';
if (!Number.isInteger(nodes) || nodes <= 0) {
  console.error('usage: node scripts/fsf-nps.mjs [nodes] [fsf path]');
  process.exit(2);
}

/** One search from a fresh process; resolves with FSF's last `info … nps` line. */
function search(fen) {
  return new Promise((resolve, reject) => {
    const p = spawn(exe, [], { stdio: ['pipe', 'pipe', 'inherit'] });
    p.on('error', reject);
    let buf = '';
    let last = '';
    p.stdout.on('data', (d) => {
      buf += d;
      const lines = buf.split('\n');
      buf = lines.pop();
      for (const l of lines) {
        if (l.startsWith('info depth') && l.includes(' nps ')) last = l;
        if (l.startsWith('bestmove')) {
          p.stdin.end('quit\n');
          resolve(last);
        }
      }
    });
    p.stdin.write(
      'uci\nsetoption name UCI_Variant value xiangqi\nsetoption name Hash value 16\n' +
        `setoption name Threads value 1\nisready\nposition fen ${fen}\ngo nodes ${nodes}\n`,
    );
  });
}

const field = (line, key) => Number(new RegExp(` ${key} (\\d+)`).exec(line)?.[1]);
const rates = [];
for (const fen of POSITIONS.xiangqi) {
  let line;
  try {
    line = await search(fen);
  } catch (e) {
    console.error(`cannot run ${exe}: ${e.message}`);
    process.exit(1);
  }
  rates.push(field(line, 'nps'));
  console.log(`depth ${field(line, 'depth')} nodes ${field(line, 'nodes')} time ${field(line, 'time')} ms nps ${field(line, 'nps')}`);
}
rates.sort((a, b) => a - b);
console.log(`median ${rates[Math.floor(rates.length / 2)]} nodes/s (Fairy-Stockfish, 1 thread)`);
