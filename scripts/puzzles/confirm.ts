#!/usr/bin/env -S npx tsx
/**
 * The second half of the puzzle generation (after scripts/puzzles/generate.ts): every candidate is
 * checked again by the puzzle checker (src/puzzle/check.ts, the same as `chuhan puzzle --check`)
 * at a larger budget, and only those it finds sound (no wrong move, no cook, no better defence)
 * are shipped: src/games/<game>/puzzles-data.ts, ids numbered in the order of the games and plies.
 *
 *   nice -n 10 npx tsx scripts/puzzles/confirm.ts --game xiangqi [--nodes 80000,60000] [--limit N]
 *
 * --nodes: the budgets (nodes a search); a candidate is shipped when sound at each (default xiangqi
 * 80,000 and 60,000, chu 120,000 and 60,000: 60,000 is `--check`'s default, and a search of chu
 * changes its mind between budgets more than one of xiangqi).
 *
 * Reads scripts/puzzles/work/<game>.jsonl and <game>-passN.jsonl (pass 1 first); verdicts are
 * kept in scripts/puzzles/work/<game>.confirm.jsonl, so a rerun checks only new candidates
 * (resumable; deterministic: node budgets, tables cleared per puzzle). --limit: stop after
 * checking that many candidates (the set is written from those checked). Prints progress lines.
 */
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { getGame, type GameId } from '../../src/games/registry.js';
import { checkPuzzle, deeperJudge, isProblem } from '../../src/puzzle/check.js';
import { PuzzleJudge } from '../../src/puzzle/judge.js';
import { formatPuzzles } from '../../src/puzzle/library.js';
import { endgameKind } from '../../src/puzzle/line.js';
import type { Puzzle } from '../../src/puzzle/types.js';

const root = new URL('../../', import.meta.url).pathname;
const args = process.argv.slice(2);
const opt = (name: string, def: string): string => {
  const i = args.indexOf(name);
  return i < 0 ? def : (args.splice(i, 2)[1] ?? def);
};
const gameId = opt('--game', 'xiangqi') as GameId;
const chu = gameId === 'chushogi';
// one budget or several (`80000,60000`): a candidate is sound when the check finds nothing at each
const budgets = opt('--nodes', chu ? '120000,60000' : '80000,60000')
  .split(',')
  .map(Number);
const limit = Number(opt('--limit', '1000000'));
const game = getGame(gameId);
const work = join(root, 'scripts/puzzles/work');

interface Candidate extends Omit<Puzzle, 'id' | 'game'> {
  readonly key: string;
}
interface Done {
  readonly game: string;
  readonly puzzles: Candidate[];
  readonly cpuMs: number;
}
interface Verdict {
  readonly key: string;
  readonly nodes: number;
  readonly ok: boolean;
  readonly problems: string[];
  readonly cpuMs: number;
}

const passFiles = readdirSync(work)
  .filter((f) => f === `${gameId}.jsonl` || new RegExp(`^${gameId}-pass\\d+\\.jsonl$`).test(f))
  .sort((a, b) => (a.length - b.length) || a.localeCompare(b));
const readJsonl = <T>(file: string): T[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as T)
    : [];
// the games in their files' order (Hu Ronghua, Liu Dahua, elephantchess.io; chu: lishogi), passes after
const fileOrder = (k: string) => {
  const i = ['Hu_', 'Liu_', 'games-sample', 'lishogi'].findIndex((p) => k.startsWith(p));
  return i < 0 ? 10 : i;
};
const candidates: Candidate[] = [];
const seen = new Set<string>();
let generationMs = 0;
for (const f of passFiles) {
  const dones = readJsonl<Done>(join(work, f));
  generationMs += dones.reduce((n, d) => n + d.cpuMs, 0);
  const [fa, fb] = [(d: Done) => d.game.split('#')[0]!, (d: Done) => Number(d.game.split('#')[1])];
  dones.sort((a, b) => fileOrder(a.game) - fileOrder(b.game) || fa(a).localeCompare(fa(b)) || fb(a) - fb(b));
  for (const d of dones)
    for (const p of d.puzzles)
      if (!seen.has(p.key)) {
        seen.add(p.key);
        candidates.push(p);
      }
}
const verdictFile = join(work, `${gameId}.confirm.jsonl`);
const verdicts = new Map(readJsonl<Verdict>(verdictFile).map((v) => [`${v.key}@${v.nodes}`, v]));
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
let checked = 0;
for (const budget of budgets) {
  const judge = new PuzzleJudge(game, { nodes: budget });
  const deep = deeperJudge(judge);
  for (const [i, c] of candidates.entries()) {
    if (verdicts.has(`${c.key}@${budget}`)) continue;
    // a candidate found unsound at an earlier budget needs no other look
    if (budgets.some((b) => verdicts.get(`${c.key}@${b}`)?.ok === false)) continue;
    if (checked >= limit) break;
    const t0 = cpu();
    judge.searcher.clear();
    deep.searcher.clear();
    const findings = checkPuzzle({ ...c, id: c.key, game: gameId }, judge, deep).filter(isProblem);
    const v: Verdict = { key: c.key, nodes: budget, ok: findings.length === 0, problems: findings.map((f) => `${f.kind}: ${f.message}`), cpuMs: Math.round(cpu() - t0) };
    verdicts.set(`${c.key}@${budget}`, v);
    appendFileSync(verdictFile, `${JSON.stringify(v)}\n`);
    checked++;
    if (checked % 20 === 0) console.log(`${budget} nodes: ${i + 1}/${candidates.length} candidates looked at, ${checked} checks this run`);
  }
}

const prefix = chu ? 'chu' : 'xq';
const verdictsOf = (c: Candidate) => budgets.map((b) => verdicts.get(`${c.key}@${b}`));
const sound = candidates.filter((c) => verdictsOf(c).every((v) => v?.ok));
const judged = candidates.filter((c) => verdictsOf(c).every((v) => v !== undefined) || verdictsOf(c).some((v) => v?.ok === false));
// the endgame kind as line.ts names it now (a theme, recomputed from the position: cheap)
const rethemed = (p: Pick<Candidate, 'fen' | 'themes'>): string[] => {
  const pos = game.parseFen(p.fen);
  return pos.ok ? p.themes.map((t) => (t.startsWith('endgame:') ? `endgame:${endgameKind(pos.value)}` : t)) : [...p.themes];
};
const all: Puzzle[] = sound.map(({ key: _key, ...p }, i) => ({ id: `${prefix}-${String(i + 1).padStart(4, '0')}`, game: gameId, ...p, themes: rethemed(p) }));
const checkMs = [...verdicts.values()].reduce((n, v) => n + v.cpuMs, 0);
const dropped = [...verdicts.values()].filter((v) => !v.ok && budgets.includes(v.nodes));
const why = new Map<string, number>();
for (const v of dropped) for (const k of new Set(v.problems.map((p) => p.split(':')[0]!))) why.set(k, (why.get(k) ?? 0) + 1);
let commit = 'unknown';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
} catch {}
const header = [
  `Generated by scripts/puzzles/generate.ts and confirm.ts (--nodes ${budgets.join(',')}) on ${new Date().toISOString().slice(0, 10)} at commit ${commit}:`,
  ` ${all.length} puzzles, those sound at every budget of ${judged.length} candidates checked (${candidates.length} found);`,
  ` ${((generationMs + checkMs) / 60000).toFixed(1)} CPU-minutes (generation ${(generationMs / 60000).toFixed(1)}, check ${(checkMs / 60000).toFixed(1)}).`,
  ' Do not edit by hand: rerun the scripts (docs/puzzle-sets.md).',
].join('');
const library = formatPuzzles(gameId, all);
const escaped = library.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${').replace(/\t/g, '\\t');
const constName = chu ? 'CHU_PUZZLES' : 'XIANGQI_PUZZLES';
const ts = `/**\n * ${header}\n * The text is a chuhan puzzle library (src/puzzle/library.ts), loaded only when puzzles are asked for.\n */\nexport const ${constName} = ${'`'}${escaped}${'`'};\n`;
writeFileSync(join(root, `src/games/${gameId}/puzzles-data.ts`), ts);
const themes = new Map<string, number>();
for (const p of all) for (const t of p.themes) themes.set(t, (themes.get(t) ?? 0) + 1);
console.log(`wrote src/games/${gameId}/puzzles-data.ts: ${all.length} puzzles (${judged.length} judged of ${candidates.length} candidates; dropped ${dropped.length}: ${[...why].map(([k, n]) => `${k} ${n}`).join(', ')})`);
for (const b of budgets) console.log(`  at ${b} nodes: ${[...verdicts.values()].filter((v) => v.nodes === b && !v.ok).length} unsound`);
console.log(`CPU: generation ${(generationMs / 1000).toFixed(0)} s, check ${(checkMs / 1000).toFixed(0)} s`);
console.log(`themes: ${[...themes].sort((a, b) => b[1] - a[1]).map(([t, n]) => `${t} ${n}`).join(', ')}`);
