#!/usr/bin/env node
/**
 * Texel tuning of the evaluation weights on real games (run on dist/: `npm run build` first).
 *
 *   node scripts/tune/texel.mjs --game xiangqi [--iters 400] [--dry-run] [--results R.json] [FILE|DIR ...]
 *   node scripts/tune/texel.mjs --game chushogi --own-adjudicate 200000 [FILE|DIR ...]
 *   node scripts/tune/texel.mjs --game xiangqi --only hollowCannon,tempo ...   (fit these scalar terms only)
 *
 * Inputs: PGN/text records and binary records (XQF, CCBridge) given as files or folders (default:
 * fixtures/games/<game>); ../shared paths may be passed. A game's result is the rules' verdict on its
 * moves, else the recorded one, else the one in --results (adjudicate.mjs: the master games record none),
 * else with --own-adjudicate N our own N-node search of the final position (>= 500 cp: a win). Quiet positions are taken from every game
 * with a result: not in the first 6 plies, side to move not in check (xiangqi), neither the move
 * before nor the move played next a capture. Games found twice count once. Every 10th game is held out. The evaluation is
 * written as a linear function of its weights (features computed here exactly as eval.ts does;
 * checked against the compiled evaluation on a sample), K of the sigmoid 1 / (1 + 10^(-K s / 400))
 * is fitted first on the current weights and then kept, and the weights are fitted by Adam on the
 * mean squared error between the sigmoid of the score (side 0's view) and the game result, with a
 * small pull towards the current weights. Prints train and held-out error before and after, then
 * writes src/games/<game>/eval-weights.ts (not with --dry-run).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { writeChuWeights, writeXiangqiWeights } from './weights-io.mjs';
import { takeOption } from '../lib/args.mjs';

const root = new URL('../../', import.meta.url).pathname;
const dist = (p) => import(join(root, 'dist', p));

const args = process.argv.slice(2);
const opt = (name, def) => takeOption(args, name, def);
const flag = (name) => {
  const i = args.indexOf(name);
  if (i < 0) return false;
  args.splice(i, 1);
  return true;
};
const game = opt('--game', 'xiangqi');
const iters = Number(opt('--iters', '400'));
const lr = Number(opt('--lr', '2'));
const lambda = Number(opt('--lambda', '1e-7'));
const dryRun = flag('--dry-run');
const ownNodes = Number(opt('--own-adjudicate', '0'));
const maxGames = Number(opt('--max-games', 'Infinity'));
const resultsFile = opt('--results', null);
// --only a,b: fit only these scalar terms (by name), every other weight stays as it is
const only = opt('--only', null)?.split(',') ?? null;
const adjudicated = resultsFile ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {};
if (game !== 'xiangqi' && game !== 'chushogi') {
  console.error('--game must be xiangqi or chushogi');
  process.exit(2);
}
const inputs = args.length ? args : [join(root, 'fixtures/games', game)];

const { parseRecords } = await dist('notation/pgn.js');
const { replayRecord } = await dist('notation/replay.js');
const { detectRecordFormat, readBinaryRecords } = await dist('notation/records/index.js');
const { profileFor } = await dist('engine/profiles.js');
const { search } = await dist('engine/search.js');

/** A result for a game that records none: our own search of its final position (--own-adjudicate NODES). */
function ownVerdict(start, moves) {
  const pos = start.clone(moves.length + 16);
  for (const m of moves) pos.play(m);
  const r = search(pos.clone(), { nodes: ownNodes });
  const side0 = pos.turn === 0 ? r.score : -r.score;
  return side0 >= 500 ? '1-0' : side0 <= -500 ? '0-1' : null;
}

function files(p) {
  if (statSync(p).isDirectory()) return readdirSync(p).sort().flatMap((f) => files(join(p, f)));
  return /\.(pgn|xqf|cbl|cbr|cbf|txt)$/i.test(p) ? [p] : [];
}

/** Every record of the inputs with a decisive or drawn result: { start, moves, score (side 0) }. */
function loadGames() {
  const games = [];
  const seen = new Set();
  let read = 0;
  for (const f of inputs.flatMap(files)) {
    const bytes = new Uint8Array(readFileSync(f));
    const fmt = detectRecordFormat(bytes, f);
    let recs;
    try {
      recs = fmt === 'text' || fmt === undefined ? parseRecords(new TextDecoder().decode(bytes)) : readBinaryRecords(bytes, fmt);
    } catch {
      continue;
    }
    for (const rec of recs) {
      read++;
      const r = replayRecord(rec, { keepMoves: true, variant: game });
      const judged = r.result !== '*' ? r.result : r.recorded && r.recorded !== '*' ? r.recorded : null;
      let res = judged ?? adjudicated[`${basename(f)}#${rec.index}`] ?? null;
      if (res === null && ownNodes > 0 && r.start && r.moves) res = ownVerdict(r.start, r.moves);
      const score = res === '1-0' ? 1 : res === '0-1' ? 0 : res === '1/2-1/2' ? 0.5 : null;
      if (score === null || !r.start || !r.moves || r.moves.length < 10) continue;
      // the same game in two collections (the two masters' games against each other) counts once
      const sig = `${r.start.hashLo},${r.start.hashHi}:${r.moves.join(',')}`;
      if (seen.has(sig)) continue;
      seen.add(sig);
      games.push({ start: r.start, moves: r.moves, score });
      if (games.length >= maxGames) return { games, read };
    }
  }
  return { games, read };
}

const { games, read } = loadGames();
console.log(`${game}: ${read} records read, ${games.length} games with a result and >= 10 plies`);

// ---------------------------------------------------------------- xiangqi features
const model = game === 'xiangqi' ? await xiangqiModel() : await chuModel();

const train = { idx: [], val: [], off: [0], y: [] };
const test = { idx: [], val: [], off: [0], y: [] };
const check = [];
games.forEach((g, gi) => {
  const set = gi % 10 === 9 ? test : train;
  const pos = g.start.clone();
  let prevCapture = false;
  for (let i = 0; i < g.moves.length; i++) {
    const m = g.moves[i];
    const capture = pos.board[(m >>> 8) & 0xff] !== 0 || model.extraCapture(pos, m);
    if (i >= 6 && !capture && !prevCapture && !model.inCheck(pos)) {
      const f = model.features(pos);
      for (const [k, v] of f) {
        set.idx.push(k);
        set.val.push(v);
      }
      set.off.push(set.idx.length);
      set.y.push(g.score);
      if (check.length < 400 && (gi * 7 + i) % 53 === 0) check.push({ pos: pos.clone(), f });
    }
    prevCapture = capture;
    pos.play(m);
  }
});
const pack = (s) => ({ idx: Int32Array.from(s.idx), val: Float64Array.from(s.val), off: Int32Array.from(s.off), y: Float64Array.from(s.y), n: s.y.length });
const TR = pack(train);
const TE = pack(test);
console.log(`positions: ${TR.n} train, ${TE.n} held out (${Math.round((games.length * 9) / 10)} / ${Math.round(games.length / 10)} games), ${model.params.length} weights`);

// the linear model must be the compiled evaluation (up to rounding and the non-linear terms)
{
  const prof = profileFor(model.variant);
  let worst = 0;
  let sum = 0;
  for (const c of check) {
    const e = prof.evaluate(c.pos);
    const red = c.pos.turn === 0 ? e : -e;
    let lin = 0;
    for (const [k, v] of c.f) lin += model.params[k] * v;
    const d = Math.abs(red - lin);
    sum += d;
    if (d > worst) worst = d;
  }
  console.log(`model check on ${check.length} positions: mean |eval - linear| ${(sum / Math.max(1, check.length)).toFixed(2)} cp, worst ${worst.toFixed(1)} cp`);
}

const sig = (s, K) => 1 / (1 + 10 ** ((-K * s) / 400));
function scores(D, w) {
  const out = new Float64Array(D.n);
  for (let p = 0; p < D.n; p++) {
    let s = 0;
    for (let j = D.off[p]; j < D.off[p + 1]; j++) s += w[D.idx[j]] * D.val[j];
    out[p] = s;
  }
  return out;
}
function error(D, w, K) {
  const s = scores(D, w);
  let e = 0;
  for (let p = 0; p < D.n; p++) e += (D.y[p] - sig(s[p], K)) ** 2;
  return e / D.n;
}

if (only) {
  const unknown = only.filter((nm) => !model.scalarNames.includes(nm));
  if (unknown.length) {
    console.error(`--only: no such term: ${unknown.join(', ')} (terms: ${model.scalarNames.join(', ')})`);
    process.exit(2);
  }
  const first = model.params.length - model.scalarNames.length;
  for (let k = 0; k < model.params.length; k++) if (k < first || !only.includes(model.scalarNames[k - first])) model.frozen[k] = 1;
}
const w0 = Float64Array.from(model.params);
// K first (golden-section search on the current weights), then fixed
let lo = 0.1;
let hi = 3;
for (let it = 0; it < 40; it++) {
  const a = lo + (hi - lo) * 0.382;
  const b = lo + (hi - lo) * 0.618;
  if (error(TR, w0, a) < error(TR, w0, b)) hi = b;
  else lo = a;
}
const K = (lo + hi) / 2;
const before = { train: error(TR, w0, K), test: error(TE, w0, K) };
console.log(`K = ${K.toFixed(4)}`);
console.log(`error before: train ${before.train.toFixed(6)}, held out ${before.test.toFixed(6)}`);

// Adam on the weights
const w = Float64Array.from(w0);
const n = w.length;
const mA = new Float64Array(n);
const vA = new Float64Array(n);
const grad = new Float64Array(n);
const c = (Math.LN10 * K) / 400;
let best = { err: Infinity, w: Float64Array.from(w0), it: 0 };
for (let it = 1; it <= iters; it++) {
  grad.fill(0);
  const s = scores(TR, w);
  for (let p = 0; p < TR.n; p++) {
    const q = sig(s[p], K);
    const g = (-2 * (TR.y[p] - q) * q * (1 - q) * c) / TR.n;
    for (let j = TR.off[p]; j < TR.off[p + 1]; j++) grad[TR.idx[j]] += g * TR.val[j];
  }
  for (let k = 0; k < n; k++) {
    if (model.frozen[k]) continue;
    const g = grad[k] + 2 * lambda * (w[k] - w0[k]);
    mA[k] = 0.9 * mA[k] + 0.1 * g;
    vA[k] = 0.999 * vA[k] + 0.001 * g * g;
    const mh = mA[k] / (1 - 0.9 ** it);
    const vh = vA[k] / (1 - 0.999 ** it);
    w[k] -= (lr * mh) / (Math.sqrt(vh) + 1e-12);
  }
  model.constrain(w);
  if (it % 50 === 0 || it === iters) {
    const tr = error(TR, w, K);
    const te = error(TE, w, K);
    console.log(`  iteration ${it}: train ${tr.toFixed(6)}, held out ${te.toFixed(6)}`);
    if (te < best.err) best = { err: te, w: Float64Array.from(w), it };
  }
}
// keep the iterate with the best held-out error (early stopping against overfitting)
const wt = best.w;
const after = { train: error(TR, wt, K), test: error(TE, wt, K) };
console.log(`error after (iteration ${best.it}): train ${after.train.toFixed(6)}, held out ${after.test.toFixed(6)}`);
model.report(w0, wt);
const note = `Fitted on ${TR.n} quiet positions from ${games.length - Math.floor(games.length / 10)} games (K = ${K.toFixed(3)}); mean squared error train ${before.train.toFixed(5)} -> ${after.train.toFixed(5)}, held out (${TE.n} positions, every 10th game) ${before.test.toFixed(5)} -> ${after.test.toFixed(5)}.`;
if (!dryRun) {
  const out = join(root, 'src/games', game, 'eval-weights.ts');
  model.write(out, wt, note);
  console.log(`wrote ${out}`);
}

// ================================================================= models

async function xiangqiModel() {
  const { xiangqi, kingSquare, kingAttacked } = await dist('games/xiangqi/index.js');
  const { XIANGQI_WEIGHTS: W0 } = await dist('games/xiangqi/eval-weights.js');
  const W = 9;
  const KIND = { K: 1, A: 2, B: 3, N: 4, R: 5, C: 6, P: 7 };
  // layout: material 0..7, pst 8 + kind * 50 + y * 5 + min(x, 8 - x), then the scalars
  const PST = 8;
  const S = PST + 8 * 50;
  const scalarNames = ['chariotMobility', 'horseMobility', 'advisorMissing', 'elephantMissing', 'hollowCannon', 'tempo'];
  const params = new Array(S + scalarNames.length).fill(0);
  const frozen = new Uint8Array(params.length);
  for (let k = 0; k < 8; k++) params[k] = W0.material[k];
  frozen[0] = frozen[1] = 1; // no piece of kind 0; the general is never captured
  for (let k = 0; k < 8; k++) {
    for (let y = 0; y < 10; y++)
      for (let fx = 0; fx < 5; fx++) params[PST + k * 50 + y * 5 + fx] = (W0.pst[k][y * W + fx] + W0.pst[k][y * W + 8 - fx]) / 2;
  }
  for (let k = 0; k < 50; k++) frozen[PST + k] = 1;
  scalarNames.forEach((nm, i) => {
    params[S + i] = W0[nm];
  });
  // tempo stays as set: fitted it moves 10 -> 7 cp (error change < 1e-5), which made the depth-7
  // search miss a mate in 3 of test/engine-tactics.test.ts (a pruning edge, not a better evaluation)
  frozen[S + scalarNames.indexOf('tempo')] = 1;
  const pstIndex = (kind, side, sq) => {
    const x = sq % W;
    const y = (sq / W) | 0;
    const yy = side === 0 ? y : 9 - y;
    const xx = side === 0 ? x : 8 - x;
    return PST + kind * 50 + yy * 5 + Math.min(xx, 8 - xx);
  };
  const HORSE_STEPS = [
    [1, 2, 0, 1], [-1, 2, 0, 1], [1, -2, 0, -1], [-1, -2, 0, -1],
    [2, 1, 1, 0], [2, -1, 1, 0], [-2, 1, -1, 0], [-2, -1, -1, 0],
  ];
  function features(pos) {
    const b = pos.board;
    const f = new Map();
    const add = (k, v) => f.set(k, (f.get(k) ?? 0) + v);
    const cnt = new Int32Array(16);
    const crossed = [0, 0];
    const king = [-1, -1];
    const cannons = [];
    for (let sq = 0; sq < 90; sq++) {
      const p = b[sq];
      if (!p) continue;
      const kind = p >> 1;
      const side = p & 1;
      const sg = side === 0 ? 1 : -1;
      cnt[p]++;
      if (kind !== KIND.K) add(kind, sg);
      add(pstIndex(kind, side, sq), sg);
      const x = sq % W;
      const y = (sq / W) | 0;
      if (kind === KIND.R) {
        let m = 0;
        for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
          for (let tx = x + dx, ty = y + dy; tx >= 0 && tx < 9 && ty >= 0 && ty < 10; tx += dx, ty += dy) {
            const q = b[ty * W + tx];
            if (q === 0) m++;
            else {
              if ((q & 1) !== side) m++;
              break;
            }
          }
        }
        add(S + 0, sg * (m - 7));
      } else if (kind === KIND.N) {
        let m = 0;
        for (const [dx, dy, lx, ly] of HORSE_STEPS) {
          const tx = x + dx;
          const ty = y + dy;
          if (tx < 0 || tx > 8 || ty < 0 || ty > 9) continue;
          if (b[(y + ly) * W + x + lx] !== 0) continue;
          const q = b[ty * W + tx];
          if (q === 0 || (q & 1) !== side) m++;
        }
        add(S + 1, sg * (m - 3));
      } else if (kind === KIND.C) cannons.push(sq);
      else if (kind === KIND.K) king[side] = sq;
      else if (kind === KIND.P && (side === 0 ? sq >= 45 : sq < 45)) crossed[side]++;
    }
    const R0 = KIND.R << 1;
    const N0 = KIND.N << 1;
    const C0 = KIND.C << 1;
    const A0 = KIND.A << 1;
    const B0 = KIND.B << 1;
    const att0 = Math.min(12, 3 * cnt[R0] + 2 * cnt[N0] + 2 * cnt[C0] + crossed[0]);
    const att1 = Math.min(12, 3 * cnt[R0 | 1] + 2 * cnt[N0 | 1] + 2 * cnt[C0 | 1] + crossed[1]);
    const missA0 = 2 - Math.min(2, cnt[A0]);
    const missA1 = 2 - Math.min(2, cnt[A0 | 1]);
    const missB0 = 2 - Math.min(2, cnt[B0]);
    const missB1 = 2 - Math.min(2, cnt[B0 | 1]);
    add(S + 2, (-missA0 * att1 + missA1 * att0) / 12);
    add(S + 3, (-missB0 * att1 + missB1 * att0) / 12);
    for (const sq of cannons) {
      const side = b[sq] & 1;
      const k = king[side ^ 1];
      if (k < 0 || k % W !== sq % W) continue;
      let between = 0;
      for (let s = Math.min(sq, k) + W; s < Math.max(sq, k); s += W) if (b[s]) between++;
      if (between === 0) add(S + 4, side === 0 ? 1 : -1);
    }
    add(S + 5, pos.turn === 0 ? 1 : -1);
    return [...f].filter(([, v]) => v !== 0);
  }
  return {
    variant: xiangqi,
    params,
    scalarNames,
    frozen,
    features,
    extraCapture: () => false,
    inCheck: (pos) => {
      const k = kingSquare(pos, pos.turn);
      return k >= 0 && kingAttacked(pos, k, pos.turn);
    },
    constrain(w) {
      // mobility and safety weights keep their sign
      for (let i = 0; i < 5; i++) w[S + i] = Math.max(0, w[S + i]);
    },
    report(a, b) {
      const names = ['', 'general', 'advisor', 'elephant', 'horse', 'chariot', 'cannon', 'soldier'];
      console.log('material: ' + names.map((nm, k) => (k >= 2 ? `${nm} ${Math.round(a[k])}->${Math.round(b[k])}` : '')).filter(Boolean).join(', '));
      console.log('terms: ' + scalarNames.map((nm, i) => `${nm} ${a[S + i].toFixed(1)}->${b[S + i].toFixed(1)}`).join(', '));
    },
    write(path, w, note) {
      const material = Array.from({ length: 8 }, (_, k) => w[k]);
      const pst = Array.from({ length: 8 }, (_, k) =>
        Array.from({ length: 90 }, (_, sq) => {
          const x = sq % W;
          const y = (sq / W) | 0;
          return w[PST + k * 50 + y * 5 + Math.min(x, 8 - x)];
        }),
      );
      const out = { material, pst };
      scalarNames.forEach((nm, i) => {
        out[nm] = w[S + i];
      });
      writeXiangqiWeights(path, out, note);
    },
  };
}

async function chuModel() {
  const { chushogi } = await dist('games/chushogi/index.js');
  const { CHU_WEIGHTS: W0 } = await dist('games/chushogi/eval-weights.js');
  const { placementTerms, FEW_PIECES_LIMIT } = await dist('games/chushogi/eval.js');
  const v = chushogi;
  const W = v.geometry.width;
  const H = v.geometry.height;
  const SIZE = v.geometry.size;
  const codes = v.codeCount;
  const ids = v.pieces.map((p) => p.id);
  // layout: material per kind (index kind - 1), then the scalars
  const scalarNames = ['promoZone', 'lionPlacement', 'kingPlacement', 'placement', 'kingGuard', 'tropism', 'tempo', 'lionAttackers', 'lionGuards', 'lionContact', 'fewPieces'];
  const S = ids.length;
  const params = [...ids.map((id) => W0.material[id] ?? 300), ...scalarNames.map((nm) => W0[nm] ?? 0)];
  const frozen = new Uint8Array(params.length);
  const kingKind = v.kindOf.get('king') ?? 0;
  const mat = new Float64Array(codes);
  for (let code = 2; code < codes; code++) mat[code] = params[(code >> 1) - 1];
  const royal = v.royal;
  for (let code = 2; code < codes; code++) if (royal[code]) frozen[(code >> 1) - 1] = 1;
  const lion = new Uint8Array(codes);
  for (const id of ['lion', '+kirin']) {
    const k = v.kindOf.get(id);
    if (k) lion[k << 1] = lion[(k << 1) | 1] = 1;
  }
  // placement parts per code and square, side 0's view (positive for side 0's pieces)
  const parts = [0, 1, 2, 3].map(() => new Float64Array(codes * SIZE));
  const pstInit = new Float64Array(codes * SIZE);
  for (let code = 2; code < codes; code++) {
    const side = code & 1;
    const spec = v.pieces[(code >> 1) - 1];
    const pc = v.promoted[code];
    const gain = pc ? Math.max(0, mat[pc] - mat[code]) : 0;
    for (let sq = 0; sq < SIZE; sq++) {
      const x = sq % W;
      const y = side === 0 ? (sq / W) | 0 : H - 1 - ((sq / W) | 0);
      const centre = Math.min(x, W - 1 - x);
      const t = placementTerms(code >> 1 === kingKind, lion[code] === 1, spec.id === 'pawn', mat[code], gain, x, y, centre);
      const sg = side === 0 ? 1 : -1;
      parts[0][code * SIZE + sq] = sg * t.promo;
      parts[1][code * SIZE + sq] = sg * t.lion;
      parts[2][code * SIZE + sq] = sg * t.king;
      parts[3][code * SIZE + sq] = sg * t.place;
      pstInit[code * SIZE + sq] = sg * (mat[code] + Math.round((t.king * W0.kingPlacement + t.lion * W0.lionPlacement + t.place * W0.placement + t.promo * W0.promoZone) / 100));
    }
  }
  const strong = new Uint8Array(codes);
  for (let code = 2; code < codes; code++) strong[code] = !royal[code] && mat[code] >= 450 ? 1 : 0;
  function features(pos) {
    const b = pos.board;
    const f = new Map();
    const add = (k, val) => f.set(k, (f.get(k) ?? 0) + val);
    let s = 0;
    const royals = [[], []];
    const strongs = [[], []];
    const lions = [];
    const pieces = [0, 0];
    for (let sq = 0; sq < SIZE; sq++) {
      const p = b[sq];
      if (!p) continue;
      const side = p & 1;
      if (!royal[p]) {
        pieces[side]++;
        if (lion[p]) lions.push(sq);
      }
      add((p >> 1) - 1, side === 0 ? 1 : -1);
      for (let i = 0; i < 4; i++) add(S + i, parts[i][p * SIZE + sq] / 100);
      s += pstInit[p * SIZE + sq];
      if (royal[p]) royals[side].push(sq);
      else if (strong[p]) strongs[side].push(sq);
    }
    for (let side = 0; side < 2; side++) {
      for (const r of royals[side].slice(0, 2)) {
        const x = r % W;
        const y = (r / W) | 0;
        let g = 0;
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            if (!dx && !dy) continue;
            const tx = x + dx;
            const ty = y + dy;
            if (tx < 0 || ty < 0 || tx >= W || ty >= H) continue;
            const q = b[ty * W + tx];
            if (q && (q & 1) === side) g++;
          }
        add(S + 4, (side === 0 ? 1 : -1) * Math.min(g, 5));
        s += (side === 0 ? 1 : -1) * Math.min(g, 5) * W0.kingGuard;
      }
    }
    const trop = (side, target) => {
      let t = 0;
      for (const sq of strongs[side]) t += 12 - Math.max(Math.abs((sq % W) - (target % W)), Math.abs(((sq / W) | 0) - ((target / W) | 0)));
      return t;
    };
    if (s > 600 && royals[1].length) add(S + 5, (trop(0, royals[1][0]) * Math.min(4, (s / 600) | 0)) / 100);
    else if (s < -600 && royals[0].length) add(S + 5, (-trop(1, royals[0][0]) * Math.min(4, (-s / 600) | 0)) / 100);
    add(S + 6, pos.turn === 0 ? 1 : -1);
    // lion safety (eval.ts): enemy pieces within distance 2, own pieces adjacent, lions in contact
    let contact = 0;
    for (const sq of lions) {
      const side = b[sq] & 1;
      const sg = side === 0 ? 1 : -1;
      const x = sq % W;
      const y = (sq / W) | 0;
      let enemies = 0;
      let guards = 0;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++) {
          if (!dx && !dy) continue;
          const tx = x + dx;
          const ty = y + dy;
          if (tx < 0 || ty < 0 || tx >= W || ty >= H) continue;
          const q = b[ty * W + tx];
          if (!q) continue;
          if ((q & 1) !== side) {
            enemies++;
            if (lion[q] && side === 0) contact = 1;
          } else if (Math.abs(dx) <= 1 && Math.abs(dy) <= 1) guards++;
        }
      add(S + 7, -sg * enemies);
      add(S + 8, sg * guards);
    }
    if (contact) add(S + 9, pos.turn === 0 ? 1 : -1);
    for (let side = 0; side < 2; side++)
      if (pieces[side] < FEW_PIECES_LIMIT) add(S + 10, (side === 0 ? -1 : 1) * (FEW_PIECES_LIMIT - pieces[side]));
    return [...f].filter(([, val]) => val !== 0);
  }
  return {
    variant: v,
    params,
    scalarNames,
    frozen,
    features,
    extraCapture: (pos, m) => {
      const mid = ((m >>> 16) & 0xff) - 1;
      return mid >= 0 && pos.board[mid] !== 0 && mid !== (m & 0xff);
    },
    inCheck: () => false,
    constrain(w) {
      for (let i = 0; i < S; i++) if (!frozen[i]) w[i] = Math.max(50, w[i]);
      for (let i = 0; i < 6; i++) w[S + i] = Math.max(0, w[S + i]);
      for (const i of [7, 8, 10]) w[S + i] = Math.max(0, w[S + i]);
    },
    report(a, b) {
      const moved = ids.map((id, i) => [id, a[i], b[i]]).filter(([, x, y]) => Math.abs(x - y) >= 10);
      console.log('material changed >= 10: ' + moved.map(([id, x, y]) => `${id} ${Math.round(x)}->${Math.round(y)}`).join(', '));
      console.log('terms: ' + scalarNames.map((nm, i) => `${nm} ${a[S + i].toFixed(1)}->${b[S + i].toFixed(1)}`).join(', '));
    },
    write(path, w, note) {
      const material = {};
      ids.forEach((id, i) => {
        material[id] = w[i];
      });
      for (const id of Object.keys(W0.material)) if (!(id in material)) material[id] = W0.material[id];
      const out = { material };
      scalarNames.forEach((nm, i) => {
        out[nm] = w[S + i];
      });
      writeChuWeights(path, out, note);
    },
  };
}
