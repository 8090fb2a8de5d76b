#!/usr/bin/env node
// Composes small chu shogi mate problems (lishogi rules: the game is won by capturing the king or by
// baring it, so "mate in k" = the king is taken or left alone with the k-th move) by random placement, keeps those whose exact
// length (a forced win in k, none in k-1) a brute-force solver confirms, with every winning first
// move. `node scripts/gen-chu-mates.mjs [seed] [count]` prints fixture lines (needs dist/).
import { legalMoves } from '../dist/core/perft.js';
import { getGame } from '../dist/games/registry.js';

const game = getGame('chushogi');
let seed = Number(process.argv[2] ?? 7);
const count = Number(process.argv[3] ?? 8);
const rnd = (n) => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return (seed >>> 8) % n;
};
function wins(pos, n) {
  for (const m of legalMoves(pos)) {
    pos.play(m);
    const l = loses(pos, n - 1);
    pos.undo();
    if (l) return true;
  }
  return false;
}
// lost now: no legal move, or an ending of the rules (royals captured, bare king)
function lostNow(pos, replies) {
  if (replies === 0) return true;
  const r = game.endRules.quickResult(pos, false);
  return r !== null && r.winner !== null && r.winner !== pos.turn;
}
function loses(pos, n) {
  const rs = legalMoves(pos);
  if (lostNow(pos, rs.length)) return true;
  if (n <= 0) return false;
  for (const r of rs) {
    pos.play(r);
    const ok = wins(pos, n);
    pos.undo();
    if (!ok) return false;
  }
  return true;
}
const ATTACK = ['G', 'S', 'R', 'B', 'D', 'H', 'C', 'L'];
const DEFEND = ['g', 's', 'c', 'p'];
const found = [];
for (let tries = 0; tries < 20000 && found.length < count; tries++) {
  const board = Array.from({ length: 12 }, () => Array(12).fill(''));
  const put = (p, y0, y1) => {
    for (;;) {
      const x = rnd(12);
      const y = y0 + rnd(y1 - y0);
      if (board[y][x] === '') {
        board[y][x] = p;
        return;
      }
    }
  };
  put('k', 0, 3); // gote king near its back rank (top)
  put('K', 10, 12);
  for (let i = 0, n = 2 + rnd(2); i < n; i++) put(DEFEND[rnd(DEFEND.length)], 0, 4);
  for (let i = 0, n = 2 + rnd(2); i < n; i++) put(ATTACK[rnd(ATTACK.length)], 0, 7);
  const rows = board.map((r) => {
    let s = '';
    let e = 0;
    for (const c of r) {
      if (c === '') e++;
      else {
        if (e) s += e;
        e = 0;
        s += c;
      }
    }
    return s + (e ? e : '');
  });
  const sfen = `${rows.join('/')} b - 1`;
  const r = game.parseFen(sfen);
  if (!r.ok) continue;
  const pos = r.value;
  if (wins(pos, 1)) continue; // no hanging king
  let k = 0;
  if (wins(pos, 2)) k = 2;
  else if (legalMoves(pos).length < 60 && wins(pos, 3)) k = 3;
  if (k === 0) continue;
  const firsts = [];
  for (const m of legalMoves(pos)) {
    const s = game.coordinate.format(pos, m);
    pos.play(m);
    if (loses(pos, k - 1)) firsts.push(s);
    pos.undo();
  }
  if (firsts.length > 3) continue; // keep problems with few solutions
  found.push(sfen);
  console.log(`${sfen} | ${k} | ${firsts.join(' ')} | generated (seed ${process.argv[2] ?? 7}, try ${tries})`);
}
