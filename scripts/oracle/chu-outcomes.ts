/**
 * Second check, outside the move generator: the game status of single positions (royals captured,
 * stalemate, bare king, two lone royals) from src/games/chushogi/end.ts against shogiops' outcome(),
 * on every lishogi game position, random playouts to their end, and sparse endgame placements made
 * for the bare-king rule. Prints the disagreements grouped by kind, with examples; writes no fixture.
 *
 *   npx tsx scripts/oracle/chu-outcomes.ts --oracle /tmp/oracle
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Position } from '../../src/core/position.js';
import { chuPositionResult } from '../../src/games/chushogi/end.js';
import { chushogi } from '../../src/games/chushogi/index.js';
import { parseChuSfen } from '../../src/games/chushogi/notation/sfen.js';
import { formatProblem } from '../../src/core/problem.js';
import { options, pick, rng } from './lib.js';
import { DATA_DIR, gamePositions, playoutPositions, sfenOf, type Sample } from './chu-positions.js';

const opt = options({ oracle: '/tmp/oracle', seed: '1', playouts: '3000', endgames: '30000', examples: '3' });
/* eslint-disable @typescript-eslint/no-explicit-any */
const sfenLib: any = await import(pathToFileURL(join(opt.oracle!, 'node_modules', 'shogiops', 'dist', 'sfen.js')).href);

const r = rng(Number(opt.seed));
const W = 12;
const SIZE = 144;
const code = (id: string, side: number) => (chushogi.kindOf.get(id)! << 1) | side;

/** Lone royals (maybe with dead pawns/lances) against a royal or two and a few pieces. */
function endgames(count: number): Sample[] {
  const out: Sample[] = [];
  const few = ['pawn', 'gobetween', 'lance', 'gold', 'rook', 'lion', 'queen', 'silver', '+pawn', 'copper'];
  for (let i = 0; out.length < count; i++) {
    const pos = new Position(chushogi);
    const put = (s: number, c: number) => pos.board[s] === 0 && pos.put(s, c);
    const lone = r() < 0.5 ? 0 : 1;
    const strong = lone ^ 1;
    const loneSq = Math.floor(r() * SIZE);
    put(loneSq, code(r() < 0.8 ? 'king' : '+elephant', lone));
    // dead pawns/lances of the lone side on its last rank
    if (r() < 0.3) put((lone === 0 ? W - 1 : 0) * W + Math.floor(r() * W), code(pick(r, ['pawn', 'lance']), lone));
    if (r() < 0.15) put(Math.floor(r() * SIZE), code(pick(r, few), lone));
    put(Math.floor(r() * SIZE), code('king', strong));
    if (r() < 0.25) put(Math.floor(r() * SIZE), code('+elephant', strong));
    const n = Math.floor(r() * 4);
    for (let k = 0; k < n; k++) {
      // near the lone royal half the time (adjacency exception, checks by the lone royal)
      const s = r() < 0.5 ? loneSq + pick(r, [-13, -12, -11, -1, 1, 11, 12, 13]) : Math.floor(r() * SIZE);
      if (s >= 0 && s < SIZE) put(s, code(pick(r, few), strong));
    }
    pos.setTurn(r() < 0.5 ? 0 : 1);
    const sfen = sfenOf(pos);
    if (parseChuSfen(sfen).ok) out.push({ sfen, source: `endgame:${i}` });
  }
  return out;
}

const samples: Sample[] = [
  ...gamePositions(join(DATA_DIR, 'chushogi', 'lishogi_49_games.pgn')),
  ...playoutPositions(r, Number(opt.playouts), 0.05),
  ...endgames(Number(opt.endgames)),
];
const groups = new Map<string, string[]>();
for (const s of samples) {
  const p = parseChuSfen(s.sfen);
  if (!p.ok) throw new Error(formatProblem(p.error));
  const ours = chuPositionResult(p.value);
  const P = sfenLib.parseSfen('chushogi', s.sfen, false).value;
  const o = P.outcome();
  const side = (c: string | undefined) => (c === undefined ? 'none' : c === 'sente' ? 'sente' : 'gote');
  // GameResult.winner is a Side (0 = sente, the side that moves first) or null for a draw
  const a = ours ? `${ours.winner === null ? 'none' : ours.winner === 0 ? 'sente' : 'gote'}/${ours.reason}` : '-';
  const b = o ? `${side(o.winner)}/${o.result}` : '-';
  const norm = (x: string) => x.replace('royals captured', 'kingslost').replace('bare king', 'bareking').replace('insufficient material', 'draw').replace('none/', '');
  if (norm(a) !== norm(b)) {
    // what sets the position apart: royals of each side, and which side is to move
    const royals = [0, 0];
    p.value.board.forEach((q) => {
      q && chushogi.royal[q] && royals[q & 1]!++;
    });
    const key = `ours ${a} vs shogiops ${b} (royals sente ${royals[0]}, gote ${royals[1]}; ${p.value.turn === 0 ? 'sente' : 'gote'} to move)`;
    const list = groups.get(key) ?? [];
    list.push(`${s.source} ${s.sfen}`);
    groups.set(key, list);
  }
}
console.log(`${samples.length} positions compared`);
for (const [k, list] of groups) {
  console.log(`${list.length}× ${k}`);
  for (const e of list.slice(0, Number(opt.examples))) console.log(`    ${e}`);
}
