#!/usr/bin/env node
/**
 * Builds the opening books (src/games/<game>/book-data.ts) from game records. Run on dist/ (`npm run build`
 * first), then rebuild:
 *
 *   node scripts/book/build.mjs [--xiangqi-results R.json] [--plies 20] [--min-games 3]
 *        [--xiangqi FILE ...] [--chushogi FILE ...] [--chu-selfplay FILE ...]
 *
 * Defaults: the 2,516 master games (fixtures/games/xiangqi: Hu Ronghua, Liu Dahua) and the 49
 * lishogi chu games. Games are deduplicated by their moves. Xiangqi games are also counted mirrored
 * (files a-i swapped: the same opening seen in the mirror). For each position of the first --plies
 * plies reached in at least --min-games games (xiangqi; chu: --chu-min-games), every move played
 * there at least twice is kept with weight = games × score (the mover's score, wins 1, draws 1/2;
 * a game without a result counts 1/2), and dropped when its score is below --min-score (0.35) over
 * at least 4 games. Results come from the rules' verdict, the record, or --xiangqi-results
 * (scripts/tune/adjudicate.mjs). Chu: --chu-selfplay games (scripts/tune/selfplay.mjs) add no
 * positions or moves; while one follows the book (a position and move already in it) its result is
 * counted for that move too (games and score), so the lishogi moves are weighted also by how they
 * did in our own games. Keys are the positions' Zobrist hashes; the book stores the start
 * position's key so that the engine turns the book off if the hashing ever changes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { takeOption } from '../lib/args.mjs';

const root = new URL('../../', import.meta.url).pathname;
const args = process.argv.slice(2);
const opt = (name, def) => takeOption(args, name, def);
const list = (name, def) => {
  const i = args.indexOf(name);
  if (i < 0) return def;
  const out = [];
  let j = i + 1;
  while (j < args.length && !args[j].startsWith('--')) out.push(args[j++]);
  args.splice(i, j - i);
  return out;
};
const plies = Number(opt('--plies', '20'));
const minGames = Number(opt('--min-games', '3'));
const chuPlies = Number(opt('--chu-plies', '16'));
const chuMinGames = Number(opt('--chu-min-games', '2'));
const minScore = Number(opt('--min-score', '0.35'));
const resultsFile = opt('--xiangqi-results', null);
const results = resultsFile ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {};
const xqFiles = list('--xiangqi', [
  join(root, 'fixtures/games/xiangqi/Hu_Ronghua_1391_UCI_games.pgn'),
  join(root, 'fixtures/games/xiangqi/Liu_Dahua_1125_UCI_games.pgn'),
]);
const chuFiles = list('--chushogi', [join(root, 'fixtures/games/chushogi/lishogi_49_games.pgn')]);
const chuSelfplay = list('--chu-selfplay', []);
// chu: a move played only once is kept when our own search of this many nodes finds it within
// --chu-margin centipawns of the position's score (0: such moves are dropped, as in xiangqi)
const chuVerifyNodes = Number(opt('--chu-verify-nodes', '0'));
const chuMargin = Number(opt('--chu-margin', '60'));
const out = opt('--out', join(root, 'src/games'));

const d = (p) => import(join(root, 'dist', p));
const { parseRecords } = await d('notation/pgn.js');
const { replayRecord } = await d('notation/replay.js');
const { xiangqi } = await d('games/xiangqi/index.js');
const { formatIccs } = await d('games/xiangqi/notation/iccs.js');
const { formatUsi } = await d('games/chushogi/notation/usi.js');
const { legalMoves } = await d('core/perft.js');
const { Position } = await d('core/position.js');
const { search } = await d('engine/search.js');

const key = (pos) => (pos.hashLo >>> 0).toString(36) + '.' + (pos.hashHi >>> 0).toString(36);

function load(files, variant) {
  const games = [];
  const seen = new Set();
  for (const f of files) {
    for (const rec of parseRecords(readFileSync(f, 'utf8'))) {
      const r = replayRecord(rec, { keepMoves: true, variant });
      if (!r.start || !r.moves || r.status !== 'ok') continue;
      const sig = r.moves.slice(0, 60).join(',');
      if (seen.has(sig)) continue;
      seen.add(sig);
      const res = r.result !== '*' ? r.result : (r.recorded && r.recorded !== '*' ? r.recorded : results[`${basename(f)}#${rec.index}`]);
      const score = res === '1-0' ? 1 : res === '0-1' ? 0 : res === '1/2-1/2' ? 0.5 : null;
      games.push({ start: r.start, moves: r.moves, score });
    }
  }
  return games;
}

/** The same game with files mirrored (xiangqi), as a start position and move texts. */
function mirrored(g) {
  const W = 9;
  const pos = new Position(xiangqi);
  for (let sq = 0; sq < 90; sq++) {
    const p = g.start.board[sq];
    const x = sq % W;
    if (p) pos.put(sq - x + (W - 1 - x), p);
  }
  pos.setTurn(g.start.turn);
  const mir = (sq) => sq - (sq % W) + (W - 1 - (sq % W));
  const moves = g.moves.map((m) => mir(m & 0xff) | (mir((m >>> 8) & 0xff) << 8));
  return { start: pos, moves, score: g.score };
}

function build(games, maxPly, minG, format, withMirror, scoring = [], verifyNodes = 0, margin = 0) {
  const table = new Map(); // key -> { games, pos, moves: Map<text, {n, s, m}> }
  const add = (g) => {
    const pos = g.start.clone();
    for (let i = 0; i < Math.min(maxPly, g.moves.length); i++) {
      const m = g.moves[i];
      const legal = legalMoves(pos);
      if (!legal.includes(m)) return;
      const k = key(pos);
      let e = table.get(k);
      if (!e) table.set(k, (e = { games: 0, pos: verifyNodes ? pos.clone() : null, moves: new Map() }));
      e.games++;
      const t = format(m);
      let s = e.moves.get(t);
      if (!s) e.moves.set(t, (s = { n: 0, s: 0, m }));
      s.n++;
      s.played = (s.played ?? 0) + 1;
      const sc = g.score === null ? 0.5 : pos.turn === 0 ? g.score : 1 - g.score;
      s.s += sc;
      pos.play(m);
    }
  };
  for (const g of games) {
    add(g);
    if (withMirror) add(mirrored(g));
  }
  // games that only score the moves already in the table, as long as they follow it
  for (const g of scoring) {
    if (g.score === null) continue;
    const pos = g.start.clone();
    for (let i = 0; i < Math.min(maxPly, g.moves.length); i++) {
      const e = table.get(key(pos));
      const s = e?.moves.get(format(g.moves[i]));
      if (!s || e.games < minG) break;
      s.n++;
      s.s += pos.turn === 0 ? g.score : 1 - g.score;
      pos.play(g.moves[i]);
    }
  }
  const entries = [];
  let moves = 0;
  let verified = 0;
  for (const [k, e] of table) {
    if (e.games < minG) continue;
    const kept = [];
    let rootScore = null;
    for (const [t, s] of e.moves) {
      if (s.played < 2 && verifyNodes > 0) {
        // a move of one game only: kept if our search finds it about as good as the best
        rootScore ??= search(e.pos.clone(), { nodes: verifyNodes }).score;
        const after = e.pos.clone();
        after.play(s.m);
        const sc = -search(after, { nodes: verifyNodes }).score;
        if (sc < rootScore - margin) continue;
        verified++;
      } else if (s.played < 2) continue;
      const score = s.s / s.n;
      if (s.n >= 4 && score < minScore) continue;
      const w = Math.max(1, Math.round(s.n * score * 2));
      kept.push([t, w]);
    }
    if (!kept.length) continue;
    kept.sort((a, b) => b[1] - a[1]);
    moves += kept.length;
    entries.push(k + ':' + kept.map(([t, w]) => `${t}=${w}`).join(','));
  }
  entries.sort();
  return { entries, moves, verified };
}

const xqGames = fromStart(load(xqFiles, 'xiangqi'));
const xqScored = xqGames.filter((g) => g.score !== null).length;
const xq = build(xqGames, plies, minGames, formatIccs, true);
const chuGames = fromStart(load(chuFiles, 'chushogi'));
const chuScoring = chuSelfplay.length ? load(chuSelfplay, 'chushogi').filter((g) => chuGames.length && key(g.start) === key(chuGames[0].start)) : [];
const chu = build(chuGames, chuPlies, chuMinGames, formatUsi, false, chuScoring, chuVerifyNodes, chuMargin);

/** The games from the most common start position (the standard one; set-ups are left out). */
function fromStart(games) {
  const n = new Map();
  for (const g of games) n.set(key(g.start), (n.get(key(g.start)) ?? 0) + 1);
  const k = [...n].sort((a, b) => b[1] - a[1])[0]?.[0];
  return games.filter((g) => key(g.start) === k);
}
function startKey(games) {
  return key(games[0].start);
}

const chuNote = chuScoring.length ? `; the moves also scored by\n * ${chuScoring.length} self-play games while they follow the book` : '';
const ENTRY_NOTE = ` * Each entry is "<zobrist key>:<move>=<weight>,..." (ICCS / USI move texts) joined by ";"; \`start\` is
 * the key of the start position, checked before the book is used.`;
// one file per game, in the game's folder (its Game's \`book\`)
const files = [
  [
    'xiangqi/book-data.ts',
    'XIANGQI_BOOK',
    ` * xiangqi: ${xqGames.length} distinct master games (${xqScored} with a result), counted also mirrored, first ${plies}
 * plies, positions reached in >= ${minGames} games: ${xq.entries.length} positions, ${xq.moves} moves.`,
    startKey(xqGames),
    xq.entries,
  ],
  [
    'chushogi/book-data.ts',
    'CHU_BOOK',
    ` * chushogi: ${chuGames.length} lishogi games from the start position, first ${chuPlies} plies, positions reached
 * in >= ${chuMinGames} games: ${chu.entries.length} positions, ${chu.moves} moves${chuNote}.`,
    chuGames.length ? startKey(chuGames) : '',
    chu.entries,
  ],
];
let bytes = 0;
for (const [file, name, note, start, entries] of files) {
  const text = `/**
 * Opening book data, generated by scripts/book/build.mjs: do not edit by hand, rerun the script.
${note}
${ENTRY_NOTE}
 */
import type { BookData } from '../game.js';

export const ${name}: BookData = {
  start: '${start}',
  entries:
    '${entries.join(';')}',
};
`;
  writeFileSync(join(out, file), text);
  bytes += text.length;
}
console.log(
  `xiangqi: ${xqGames.length} games (${xqScored} scored), ${xq.entries.length} positions, ${xq.moves} moves; chushogi: ${chuGames.length} games, ${chu.entries.length} positions, ${chu.moves} moves (${chu.verified} played once, kept by our search); ${bytes} bytes -> ${out}/<game>/book-data.ts`,
);
