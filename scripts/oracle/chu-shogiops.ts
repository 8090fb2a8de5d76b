/**
 * Differential test of our Chu Shogi legal-move generator against lishogi's rules library shogiops
 * (installed outside the repo: see scripts/oracle/README.md). Both sides are mapped to the spec's move identity
 * (start, end, captured squares, promotion; a double step through an empty square to another square
 * is the plain move; every pass is one move), compared as sets, and shogiops' own count of move
 * strings (one per lion path) is compared with our pathCount. Disagreements are printed; the
 * oracle's answers are recorded as fixtures/oracle/chushogi-shogiops.jsonl.
 *
 *   npx tsx scripts/oracle/chu-shogiops.ts --oracle /tmp/oracle [--seed 1] ...
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generatePseudo } from '../../src/core/movegen.js';
import { legalMoves } from '../../src/core/perft.js';
import type { Position } from '../../src/core/position.js';
import { pathCount } from '../../src/games/chushogi/paths.js';
import { formatChuSfen, parseChuSfen } from '../../src/games/chushogi/notation/sfen.js';
import { options, rng, writeJsonl } from './lib.js';
import { LION_CODE } from '../../src/games/chushogi/index.js';
import { formatUsi, parseUsi, usiSquare } from '../../src/games/chushogi/notation/usi.js';
import { formatProblem } from '../../src/core/problem.js';
import { DATA_DIR, duelPositions, gamePositions, HAND_MADE, playoutPositions, randomPositions, type Sample } from './chu-positions.js';
import { canonicalMoves } from './chu-identity.js';

const opt = options({
  oracle: '/tmp/oracle',
  seed: '1',
  playouts: '15000',
  duels: '15000',
  random: '5000',
  perft: '300',
  keep: '3300',
  'after-every': '5',
  out: 'fixtures/oracle/chushogi-shogiops.jsonl',
  report: '',
});

// shogiops, loaded from where it was installed (not a dependency of the project)
const lib = (p: string) => import(pathToFileURL(join(opt.oracle!, 'node_modules', 'shogiops', 'dist', p)).href);
/* eslint-disable @typescript-eslint/no-explicit-any */
const sfenLib: any = await lib('sfen.js');
const chuLib: any = await lib('variant/chushogi.js');
const util: any = await lib('variant/util.js');
const baseUtil: any = await lib('util.js');
const LION_POWER = ['lion', 'lionpromoted', 'eagle', 'falcon'];

interface OracleAnswer {
  /** Distinct moves in our canonical USI form, sorted. */
  moves: string[];
  /** shogiops move strings (lishogi counts each lion path). */
  paths: number;
}

/** All shogiops moves of a position: single moves with both promotion choices, plus lion double moves. */
function oracleMoveList(P: any): { from: number; to: number; midStep?: number; promotion: boolean }[] {
  const out: { from: number; to: number; midStep?: number; promotion: boolean }[] = [];
  for (const from of P.board.color(P.turn)) {
    const piece = P.board.get(from);
    for (const to of P.moveDests(from)) {
      if (util.pieceCanPromote('chushogi')(piece, from, to, P.board.get(to))) {
        out.push({ from, to, promotion: true });
        if (!util.pieceForcePromote('chushogi')(piece, to)) out.push({ from, to, promotion: false });
      } else out.push({ from, to, promotion: false });
      if (LION_POWER.includes(piece.role))
        for (const t of chuLib.secondLionStepDests(P, from, to)) out.push({ from, to: t, midStep: to, promotion: false });
    }
  }
  return out;
}

const sq = (s: number): string => baseUtil.makeSquareName(s);
/** Our square index → shogiops' (file - 1 + 16 * rank index). */
const soSquare = (s: number): number => baseUtil.parseSquareName(usiSquare(s));

/** A shogiops move as our move identity (canonical USI; a pass as the smallest of its USI spellings). */
function oracleAnswer(sfen: string): OracleAnswer & { P: any } {
  const parsed = sfenLib.parseSfen('chushogi', sfen, false);
  if (parsed.isErr) throw new Error(`shogiops rejects ${sfen}: ${parsed.error}`);
  const P = parsed.value;
  const list = oracleMoveList(P);
  const set = new Set<string>();
  const passes = new Map<number, string>();
  for (const m of list) {
    if (m.midStep === undefined) set.add(sq(m.from) + sq(m.to) + (m.promotion ? '+' : ''));
    else if (P.board.get(m.midStep)) set.add(sq(m.from) + sq(m.midStep) + sq(m.to));
    else if (m.to !== m.from) set.add(sq(m.from) + sq(m.to));
    else {
      const u = sq(m.from) + sq(m.midStep) + sq(m.to);
      const prev = passes.get(m.from);
      if (prev === undefined || u < prev) passes.set(m.from, u);
    }
  }
  for (const u of passes.values()) set.add(u);
  return { moves: [...set].sort(), paths: list.length, P };
}

/** shogiops-based perft counting distinct moves (the oracle's positions after each distinct move). */
function oraclePerft(P: any, depth: number): number {
  if (depth === 0) return 1;
  if (P.kingsOf(P.turn).isEmpty() && P.kingsOf(P.turn === 'sente' ? 'gote' : 'sente').nonEmpty()) return 0; // royals lost
  const seen = new Set<string>();
  let n = 0;
  for (const m of oracleMoveList(P)) {
    let key: string;
    if (m.midStep === undefined) key = `${m.from}-${m.to}${m.promotion ? '+' : ''}`;
    else if (P.board.get(m.midStep)) key = `${m.from}-${m.midStep}-${m.to}`;
    else key = m.to !== m.from ? `${m.from}-${m.to}` : `${m.from}-pass`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (depth === 1) n++;
    else {
      const child = P.clone();
      child.play(m);
      n += oraclePerft(child, depth - 1);
    }
  }
  return n;
}

const r = rng(Number(opt.seed));
const samples: Sample[] = [];
const seen = new Set<string>();
const add = (list: Sample[]) => {
  for (const s of list) {
    const key = s.sfen.split(' ').slice(0, 3).join(' ');
    if (!seen.has(key)) {
      seen.add(key);
      samples.push(s);
    }
  }
};
const t0 = Date.now();
add(HAND_MADE.map((s) => ({ ...s, sfen: s.sfen.replace(/ \d+$/, ' 1') })));
const games = gamePositions(join(DATA_DIR, 'chushogi', 'lishogi_49_games.pgn'));
add(games);
const fromGames = samples.length;
add(playoutPositions(r, Number(opt.playouts)));
// playouts continued from game positions (lishogi-like middlegames into endgames)
add(playoutPositions(r, Number(opt.playouts) / 3, 0.25, games.filter((_, i) => i % 50 === 0).map((g) => g.sfen)));
add(duelPositions(r, Number(opt.duels)));
add(randomPositions(r, Number(opt.random)));
console.log(`${samples.length} distinct positions (${fromGames} hand+games) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

interface Row {
  sfen: string;
  source: string;
  moves?: string[];
  paths?: number;
  depth?: number;
  nodes?: number;
}
const rows: Row[] = [];
const mismatches: string[] = [];
const byKind = new Map<string, number>();
let pathMismatches = 0;
/** Positions where the lion-trading rules refuse some pseudo-legal move, by source kind. */
const refused = new Map<string, number>();
let counterStrike = 0;
let lionDoubles = 0;
const pseudo = new Int32Array(2048);
const t1 = Date.now();
const ourPos = (sfen: string): Position => {
  const p = parseChuSfen(sfen);
  if (!p.ok) throw new Error(`${sfen}: ${formatProblem(p.error)}`);
  return p.value;
};
for (const s of samples) {
  const pos = ourPos(s.sfen);
  const theirs = oracleAnswer(s.sfen);
  const ours = canonicalMoves(pos);
  const kindOf = s.source.split(':')[0]!;
  if (generatePseudo(pos, pseudo, 0) !== legalMoves(pos).length) refused.set(kindOf, (refused.get(kindOf) ?? 0) + 1);
  if (pos.aux) counterStrike++;
  if (legalMoves(pos).some((m) => m >>> 16 & 0xff && pos.board[((m >>> 16) & 0xff) - 1] !== 0)) lionDoubles++;
  const oset = new Set(ours);
  const tset = new Set(theirs.moves);
  const extra = ours.filter((m) => !tset.has(m));
  const missing = theirs.moves.filter((m) => !oset.has(m));
  if (extra.length || missing.length) {
    mismatches.push(`${s.source} ${s.sfen}: ours only [${extra.join(' ')}], shogiops only [${missing.join(' ')}]`);
    const k = s.source.split(':')[0]!;
    byKind.set(k, (byKind.get(k) ?? 0) + 1);
  } else {
    const ourPaths = legalMoves(pos).reduce((n, m) => n + pathCount(pos, m), 0);
    if (ourPaths !== theirs.paths) {
      pathMismatches++;
      mismatches.push(`${s.source} ${s.sfen}: lishogi path count ours ${ourPaths}, shogiops ${theirs.paths}`);
    }
  }
  rows.push({ sfen: s.sfen, source: s.source, moves: theirs.moves, paths: theirs.paths });
}
console.log(`lion rules refuse a move in ${JSON.stringify(Object.fromEntries(refused))} positions; ${counterStrike} with a counter-strike square; ${lionDoubles} with a capturing double move`);
console.log(
  `move sets: ${samples.length} positions in ${((Date.now() - t1) / 1000).toFixed(1)} s; ${mismatches.length - pathMismatches} set disagreements ${JSON.stringify(Object.fromEntries(byKind))}, ${pathMismatches} path-count disagreements`,
);

// the position after a move (board, side, counter-strike square): every move of every n-th position,
// and every lion-capturing move everywhere
let afterChecked = 0;
const t3 = Date.now();
const afterEvery = Number(opt['after-every']);
samples.forEach((s, i) => {
  const pos = ourPos(s.sfen);
  const b = pos.board;
  let P: any = null;
  for (const m of legalMoves(pos)) {
    const from = m & 0xff;
    const to = (m >>> 8) & 0xff;
    const mid = ((m >>> 16) & 0xff) - 1;
    const capTo = to !== from ? b[to]! : 0;
    const capMid = mid >= 0 ? b[mid]! : 0;
    const lionCapture = LION_CODE[capTo] || LION_CODE[capMid];
    if (i % afterEvery !== 0 && !lionCapture) continue;
    P ??= oracleAnswer(s.sfen).P;
    const child = P.clone();
    child.play({ from: soSquare(from), to: soSquare(to), midStep: mid >= 0 ? soSquare(mid) : undefined, promotion: (m & 0x1000000) !== 0 });
    pos.play(m);
    const ours = formatChuSfen(pos).split(' ').slice(0, 3).join(' ');
    pos.undo();
    const theirs = sfenLib.makeSfen(child).split(' ').slice(0, 3).join(' ');
    afterChecked++;
    if (ours !== theirs) mismatches.push(`${s.source} ${s.sfen}: after ${formatUsi(m)} ours ${ours}, shogiops ${theirs}`);
  }
});
console.log(`positions after a move: ${afterChecked} compared in ${((Date.now() - t3) / 1000).toFixed(1)} s`);

// notation: every shogiops move string (each lion path, each pass spelling) read by our USI reader
// gives the move with that identity, and every move we write is legal for shogiops
let usiChecked = 0;
samples.forEach((s, i) => {
  if (i % afterEvery !== 0) return;
  const pos = ourPos(s.sfen);
  const { P } = oracleAnswer(s.sfen);
  for (const m of oracleMoveList(P)) {
    const text = baseUtil.makeUsi(m);
    const parsed = parseUsi(pos, text);
    const want = m.midStep === undefined ? sq(m.from) + sq(m.to) + (m.promotion ? '+' : '') : P.board.get(m.midStep) ? text : m.to !== m.from ? sq(m.from) + sq(m.to) : null;
    const got = parsed.ok ? formatUsi(parsed.value) : null;
    const pass = parsed.ok && (parsed.value & 0xff) === ((parsed.value >>> 8) & 0xff) && pos.board[((parsed.value >>> 16) & 0xff) - 1] === 0;
    if (!parsed.ok || (want === null ? !pass : got !== want))
      mismatches.push(`${s.source} ${s.sfen}: shogiops move ${text} read as ${parsed.ok ? got : formatProblem(parsed.error)}`);
    usiChecked++;
  }
  for (const m of legalMoves(pos)) {
    const text = formatUsi(m);
    const md = baseUtil.parseUsi(text);
    if (!md || !P.isLegal(md)) mismatches.push(`${s.source} ${s.sfen}: our ${text} is not legal for shogiops`);
    usiChecked++;
  }
});
console.log(`USI strings read/written: ${usiChecked}`);

// perft 2 (distinct moves, shogiops playing every move) on an evenly spread subset
const nPerft = Math.min(Number(opt.perft), samples.length);
const perftRows: Row[] = [];
const t2 = Date.now();
// half from the lion duels (counter-strike squares and lion trades one move deep), half from the rest
const duels = samples.filter((s) => s.source.startsWith('duel'));
const others = samples.filter((s) => !s.source.startsWith('duel'));
const perftSamples = [
  ...duels.filter((_, i) => i % Math.ceil(duels.length / (nPerft / 2)) === 0),
  ...others.filter((_, i) => i % Math.ceil(others.length / (nPerft / 2)) === 0),
];
for (const s of perftSamples) {
  const pos = ourPos(s.sfen);
  const { P } = oracleAnswer(s.sfen);
  const theirs = oraclePerft(P, 2);
  let ours = 0;
  for (const m of legalMoves(pos)) {
    pos.play(m);
    ours += legalMoves(pos).length;
    pos.undo();
  }
  if (ours !== theirs) mismatches.push(`${s.source} ${s.sfen}: perft 2 ours ${ours}, shogiops ${theirs}`);
  perftRows.push({ sfen: s.sfen, source: s.source, depth: 2, nodes: theirs });
}
console.log(`perft 2: ${perftSamples.length} positions in ${((Date.now() - t2) / 1000).toFixed(1)} s`);

for (const m of mismatches) console.log(`MISMATCH ${m}`);
if (opt.report) writeFileSync(opt.report, mismatches.join('\n') + '\n');

const keep = Number(opt.keep);
const pickEvery = <T>(xs: T[], n: number): T[] => (xs.length <= n ? xs : xs.filter((_, i) => i % Math.ceil(xs.length / n) === 0));
const hand = rows.filter((row) => row.source.startsWith('hand'));
const chosen = [
  ...hand,
  ...pickEvery(rows.filter((row) => row.source.startsWith('game')), keep * 0.25),
  ...pickEvery(rows.filter((row) => row.source.startsWith('playout')), keep * 0.3),
  ...pickEvery(rows.filter((row) => row.source.startsWith('duel')), keep * 0.35),
  ...pickEvery(rows.filter((row) => row.source.startsWith('random')), keep * 0.1),
];
if (opt.out) {
  writeJsonl(opt.out, [...chosen, ...perftRows]);
  console.log(`wrote ${chosen.length} move-set and ${perftRows.length} perft lines to ${opt.out}`);
}
process.exit(mismatches.length ? 1 : 0);
