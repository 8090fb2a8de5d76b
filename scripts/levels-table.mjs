// The "Levels" tables of docs/strength.md from the calibration matches' JSON summaries (`npm run match -- --json`).
//   node scripts/levels-table.mjs [DIR...]     (default fixtures/matches/2026-12-01/levels)
// Several folders: one table over all their matches, a later folder's match replacing an earlier
// one's of the same name (a level changed and only its rows were played again); the file column
// then names the folder too.
// One row per match: level, opponent setting, time controls, games, W-L-D, score with its 95%
// interval (from the JSON), the Elo difference with the 95% interval that is the score
// interval's image under elo(p) = -400·log10(1/p - 1) (open-ended when it reaches 0% or 100%).
// Then one rating per level on one scale: a weighted least-squares fit of every match's Elo
// difference (weight 1/σ², σ by the delta method: σ_score · 400 / (ln 10 · p(1-p))), anchored
// at 0 for the anchor opponent (xiangqi: Fairy-Stockfish at Skill Level 20, i.e. full strength);
// matches won or lost 100% carry no finite difference and are left out of the fit. Matches of
// another game (chu against HaChu) are listed but get no rating unless the anchor is theirs.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const dirs = process.argv.length > 2 ? process.argv.slice(2) : ['fixtures/matches/2026-12-01/levels'];
const Z = 1.959964;
const elo = (p) => (p <= 0 ? -Infinity : p >= 1 ? Infinity : -400 * Math.log10(1 / p - 1));
const fmt = (x) => (x === Infinity ? '+∞' : x === -Infinity ? '−∞' : `${x >= 0 ? '+' : '−'}${Math.abs(Math.round(x))}`);

const byName = new Map();
for (const dir of dirs)
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.json')))
    byName.set(f, { file: dirs.length > 1 ? `${basename(dir)}/${f}` : f, ...JSON.parse(readFileSync(join(dir, f), 'utf8')) });
const matches = [...byName.values()];

/** The opponent node of a match: engine id plus its setting, e.g. "FSF S=5", "HaChu 40/1" or "L3" (chuhan at level 3). */
function opponentNode(m) {
  const own = /chuhan\.js engine .*--level (\d)\b/.exec(m.opponent.command);
  if (own) return `L${own[1]}`;
  const skill = m.opponent.options.map((o) => /^Skill Level=(-?\d+)$/.exec(o)).find(Boolean);
  if (skill) return `FSF S=${skill[1]}`;
  return `HaChu ${m.opponentTimeControl ?? m.timeControl}`;
}

const rows = matches.map((m) => {
  const n = m.wins + m.losses + m.draws;
  const p = (m.wins + m.draws / 2) / n;
  const [lo, hi] = m.scoreInterval95;
  const decisive = (m.wins + m.losses) / n;
  // per-game variance of the score (trinomial), σ of the mean, σ in Elo by the delta method
  const variance = (m.wins * (1 - p) ** 2 + m.draws * (0.5 - p) ** 2 + m.losses * p ** 2) / n;
  const sigmaElo = p > 0 && p < 1 ? (Math.sqrt(variance / n) * 400) / (Math.LN10 * p * (1 - p)) : Infinity;
  return { m, n, p, lo, hi, decisive, level: m.engine.level, node: opponentNode(m), d: elo(p), sigmaElo };
});
const setting = (node) =>
  node.startsWith('L') ? 100 + Number(node.slice(1)) : Number(/(-?\d+)$/.exec(node.replace(/^HaChu (\d+)\/(\d+)$/, '$2'))?.[1] ?? 0);
// xiangqi first, then by level and the opponent's setting (Skill Level, HaChu's seconds)
rows.sort((a, b) => b.m.variant.localeCompare(a.m.variant) || a.level - b.level || setting(a.node) - setting(b.node));

// weighted least squares: unknowns are the ratings of every node but the anchor
// over the nodes that finite rows tie to the anchor (a level whose every row across a gap is 0% or
// 100% is left out of the fit; its rows then show a bound where the opponent is rated)
function fitRatings(variant, anchor) {
  const finite = rows.filter((r) => r.m.variant === variant && Number.isFinite(r.sigmaElo));
  const tied = new Set([anchor]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of finite)
      if (tied.has(`L${r.level}`) !== tied.has(r.node)) {
        tied.add(`L${r.level}`);
        tied.add(r.node);
        grew = true;
      }
  }
  const rs = finite.filter((r) => tied.has(r.node));
  const nodes = [...new Set(rs.flatMap((r) => [`L${r.level}`, r.node]))].filter((x) => x !== anchor);
  if (nodes.length === 0) return null;
  const idx = new Map(nodes.map((x, i) => [x, i]));
  const k = nodes.length;
  const A = Array.from({ length: k }, () => new Array(k).fill(0));
  const b = new Array(k).fill(0);
  for (const r of rs) {
    const w = 1 / r.sigmaElo ** 2;
    const i = idx.get(`L${r.level}`);
    const j = idx.get(r.node); // undefined for the anchor
    // d = R_i - R_j
    if (i !== undefined) { A[i][i] += w; b[i] += w * r.d; }
    if (j !== undefined) { A[j][j] += w; b[j] -= w * r.d; }
    if (i !== undefined && j !== undefined) { A[i][j] -= w; A[j][i] -= w; }
  }
  const inv = invert(A);
  if (!inv) return null;
  const out = new Map();
  nodes.forEach((x, i) => {
    out.set(x, { rating: inv[i].reduce((s, v, j) => s + v * b[j], 0), sigma: Math.sqrt(inv[i][i]) });
  });
  out.set(anchor, { rating: 0, sigma: 0 });
  return out;
}

function invert(M) {
  const n = M.length;
  const a = M.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r][c]) > Math.abs(a[piv][c])) piv = r;
    if (Math.abs(a[piv][c]) < 1e-12) return null; // not connected to the anchor
    [a[c], a[piv]] = [a[piv], a[c]];
    const f = a[c][c];
    for (let j = 0; j < 2 * n; j++) a[c][j] /= f;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const g = a[r][c];
      if (g !== 0) for (let j = 0; j < 2 * n; j++) a[r][j] -= g * a[c][j];
    }
  }
  return a.map((row) => row.slice(n));
}

const SCALES = [
  ['xiangqi', 'FSF S=20', 'Fairy-Stockfish 11.1 at full strength (Skill Level 20), 40 moves / 10 s'],
  ['chu', 'HaChu 40/4', 'HaChu 0.21 at 40 moves / 4 s'],
];
const fits = new Map(SCALES.map(([variant, anchor]) => [variant, fitRatings(variant, anchor)]));

/** The level's rating on its game's scale, or a bound from a 100% / 0% row against a rated opponent. */
function ratingText(r) {
  const f = fits.get(r.m.variant);
  const own = f?.get(`L${r.level}`);
  if (own) return `${fmt(own.rating)} ± ${Math.round(Z * own.sigma)}`;
  const opp = f?.get(r.node);
  if (opp && r.p === 0) return `< ${fmt(opp.rating + elo(r.hi))}`;
  if (opp && r.p === 1) return `> ${fmt(opp.rating + elo(r.lo))}`;
  return '–';
}

console.log('| game | level | opponent | time control (chuhan / opponent) | games | W-L-D | score (95%) | Elo difference (95%) | level rating (95%) | file |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  const op = r.node.startsWith('FSF')
    ? `Fairy-Stockfish 11.1, Skill Level ${r.node.slice(6)}`
    : r.node.startsWith('L')
      ? `chuhan level ${r.node.slice(1)}`
      : `HaChu 0.21, ${r.m.opponentTimeControl}`;
  const tc = `${r.m.timeControl} / ${r.m.opponentTimeControl ?? r.m.timeControl}`;
  const pct = (x) => (100 * x).toFixed(0);
  const notCounted = r.m.notCounted ? ` (+${r.m.notCounted} not counted)` : '';
  console.log(
    `| ${r.m.variant} | ${r.level} | ${op} | ${tc} | ${r.n}${notCounted} | ${r.m.wins}-${r.m.losses}-${r.m.draws} | ${pct(r.p)}% [${pct(r.lo)}, ${pct(r.hi)}] | ${fmt(r.d)} [${fmt(elo(r.lo))}, ${fmt(elo(r.hi))}] | ${ratingText(r)} | \`${r.m.file.replace(/\.json$/, '')}\` |`,
  );
}
for (const [variant, anchor, what] of SCALES) {
  if (!rows.some((row) => row.m.variant === variant)) continue;
  const r = fits.get(variant);
  if (!r) {
    console.log(`\n${variant}: the matches (without 0% or 100% results) do not connect every level to ${anchor}`);
    continue;
  }
  const loose = [...new Set(rows.filter((row) => row.m.variant === variant).map((row) => `L${row.level}`))].filter((x) => !r.has(x));
  if (loose.length > 0) console.log(`\n${variant}: ${loose.join(', ')} not tied to ${anchor} by a match without a 0% or 100% result (no rating)`);
  console.log(`\n${variant} ratings (Elo, 0 = ${what}; ± 1.96σ):`);
  const levels = [...r.entries()].sort((a, b) => a[0].localeCompare(b[0], 'en', { numeric: true }));
  for (const [x, { rating, sigma }] of levels) console.log(`  ${x}: ${fmt(rating)} ± ${Math.round(Z * sigma)}`);
}
