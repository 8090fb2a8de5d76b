#!/usr/bin/env -S npx tsx
/**
 * Generates the shipped puzzle sets (src/games/<game>/puzzles-data.ts) from real games, as lichess
 * makes its puzzles: positions of the games where the side to move has a forced mate or a
 * decisive material win that the engine confirms, and where at every solver step exactly one move
 * wins (src/puzzle/line.ts `buildLine`; the thresholds in src/puzzle/judge.ts); the opponent's
 * replies are the engine's best defence.
 *
 *   nice -n 10 npx tsx scripts/puzzles/generate.ts --game xiangqi [--limit 1100] [--nodes 40000]
 *        [--scan-nodes 6000] [--window 16] [--per-game 2] [--data ../shared/data] [--fresh]
 *
 * Xiangqi: the 2,516 master games (Hu Ronghua, Liu Dahua; <data>/xiangqi/), the last --window plies
 * of each game. Chu: the 49 lishogi games (<data>/chushogi/), every ply after the 30th; several
 * puzzles per game (--per-game, default 8 for chu), from different plies (no two share a position).
 * A quick search (--scan-nodes) of each position keeps those with a mate or a decisive score
 * (--tactics-only: only where the move played captures or gives check), and
 * `buildLine` confirms them with exact scores for every move at --nodes per search.
 *
 * Deterministic (node budgets; the searcher's table is cleared before each game) and resumable:
 * each finished game is appended to scripts/puzzles/work/<game>.jsonl, and a rerun skips the games
 * found there (--fresh starts over). At the end (or when --limit puzzles are found) the library is
 * written from the work file: src/games/<game>/puzzles-data.ts. Prints a progress line per game.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { parseRecords } from '../../src/notation/pgn.js';
import { replayRecord } from '../../src/notation/replay.js';
import { getGame, type GameId } from '../../src/games/registry.js';
import { PuzzleJudge } from '../../src/puzzle/judge.js';
import { buildLine, lineRating, lineThemes } from '../../src/puzzle/line.js';
import { formatPuzzles } from '../../src/puzzle/library.js';
import type { Puzzle } from '../../src/puzzle/types.js';

const root = new URL('../../', import.meta.url).pathname;
const args = process.argv.slice(2);
const opt = (name: string, def?: string): string | undefined => {
  const i = args.indexOf(name);
  return i < 0 ? def : args.splice(i, 2)[1];
};
const gameId = (opt('--game', 'xiangqi') as GameId) ?? 'xiangqi';
const chu = gameId === 'chushogi';
const limit = Number(opt('--limit', chu ? '260' : '1100'));
const nodes = Number(opt('--nodes', chu ? '12000' : '20000'));
const scanNodes = Number(opt('--scan-nodes', chu ? '2000' : '2500'));
const windowPlies = Number(opt('--window', chu ? '100000' : '36'));
const firstPly = Number(opt('--from-ply', chu ? '30' : '0'));
const perGame = Number(opt('--per-game', chu ? '8' : '3'));
const maxSolver = Number(opt('--max-moves', chu ? '3' : '5'));
// ../shared/data beside the repository (a worktree one level deeper: ../../shared/data)
const data = opt('--data', [join(root, '../shared/data'), join(root, '../../shared/data')].find((d) => existsSync(d)) ?? join(root, '../shared/data')) as string;
const fresh = args.includes('--fresh');
const tacticsOnly = args.includes('--tactics-only');

const game = getGame(gameId);
const files = chu
  ? [join(data, 'chushogi/lishogi_49_games.pgn')]
  : [
      join(data, 'xiangqi/Hu_Ronghua_1391_UCI_games.pgn'),
      join(data, 'xiangqi/Liu_Dahua_1125_UCI_games.pgn'),
      // 300 online games (elephantchess.io, players of every strength), read after the master games
      join(data, 'records/xiangqi/elephantchess/games-sample.txt'),
    ];
const workDir = join(root, 'scripts/puzzles/work');
const workFile = join(workDir, `${gameId}.jsonl`);
mkdirSync(workDir, { recursive: true });
if (fresh) rmSync(workFile, { force: true });

interface Found extends Omit<Puzzle, 'id' | 'game'> {
  readonly key: string;
}
interface Done {
  readonly game: string;
  readonly puzzles: Found[];
  readonly cpuMs: number;
}
const done = new Map<string, Done>();
if (existsSync(workFile))
  for (const line of readFileSync(workFile, 'utf8').split('\n'))
    if (line.trim() !== '') {
      const d = JSON.parse(line) as Done;
      done.set(d.game, d);
    }
const count = () => [...done.values()].reduce((n, d) => n + d.puzzles.length, 0);
const cpuBefore = [...done.values()].reduce((n, d) => n + d.cpuMs, 0);
const seen = new Set([...done.values()].flatMap((d) => d.puzzles.map((p) => p.key)));

const judge = new PuzzleJudge(game, { nodes });
const scanner = new PuzzleJudge(game, { nodes: scanNodes });
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const cpu0 = cpu();
/** The position's key without the move counters (the same position from two games is one puzzle). */
const keyOf = (fen: string) => fen.split(' ').slice(0, 2).join(' ');

function sourceOf(tags: ReadonlyMap<string, string>, file: string, index: number, ply: number): string {
  const red = tags.get('Red');
  const black = tags.get('Black');
  const event = tags.get('Event') ?? '';
  const players = red && black ? `${red} – ${black}, ` : '';
  const where = chu
    ? `${event} (lishogi, via jh85/chushogi)`
    : file.endsWith('.txt')
      ? event
      : `${event} (${file.replace(/_UCI_games\.pgn$/, '').replace(/_\d+$/, '').replace('_', ' ')} collection, game ${index})`;
  return `${players}${where}, ply ${ply + 1}`;
}

let total = count();
outer: for (const file of files) {
  const base = file.split('/').pop()!;
  const text = readFileSync(file, 'utf8');
  // elephantchess.io's dump: `id;move,move,…` a line (ICCS from the start), read as PGN games
  const records = file.endsWith('.txt')
    ? parseRecords(
        text
          .split('\n')
          .filter((l) => l.includes(';'))
          .map((l) => `[Event "elephantchess.io game ${l.split(';')[0]}"]\n\n${l.split(';')[1]!.split(',').join(' ')}\n`)
          .join('\n'),
      )
    : parseRecords(text);
  for (const rec of records) {
    if (total >= limit) break outer;
    const gameKey = `${base}#${rec.index}`;
    if (done.has(gameKey)) continue;
    const t0 = cpu();
    const report = replayRecord(rec, { keepMoves: true, variant: gameId });
    const found: Found[] = [];
    if (report.start && report.moves) {
      judge.searcher.clear();
      scanner.searcher.clear();
      const tags = new Map(rec.tagList.map(([k, v]) => [k, v] as [string, string]));
      const moves = report.moves;
      const pos = report.start.clone();
      const positions = [pos.clone()];
      for (const m of moves) {
        pos.play(m);
        positions.push(pos.clone());
      }
      const from = Math.max(firstPly, moves.length - windowPlies);
      let below = moves.length; // puzzles found so far start at or after this ply: later ones may not overlap
      for (let ply = moves.length - 1; ply >= from && found.length < perGame; ply--) {
        const at = positions[ply]!;
        const after = positions[ply + 1]!;
        if (tacticsOnly && after.lastCaptures()[0] === 0 && after.lastCaptures()[1] === 0 && !after.variant.inCheck(after)) continue;
        const fen = game.formatFen(at);
        if (seen.has(keyOf(fen))) continue;
        const quick = scanner.best(at);
        if (!(quick.mate !== null && quick.mate > 0) && quick.score < 250) continue;
        const line = buildLine(judge, at, maxSolver);
        if (!line || ply + line.moves.length > below) continue;
        const text: string[] = [];
        const walk = at.clone();
        for (const m of line.moves) {
          text.push(game.coordinate.format(walk, m));
          walk.play(m);
        }
        seen.add(keyOf(fen));
        below = ply;
        found.push({
          key: keyOf(fen),
          fen,
          solution: text,
          themes: lineThemes(game, at, line, ply),
          source: sourceOf(tags, base, rec.index, ply),
          rating: lineRating(at, line),
        });
      }
    }
    const d: Done = { game: gameKey, puzzles: found.reverse(), cpuMs: Math.round(cpu() - t0) };
    done.set(gameKey, d);
    appendFileSync(workFile, `${JSON.stringify(d)}\n`);
    total += found.length;
    console.log(`${gameKey}: ${found.length} puzzle(s), ${total} in all, ${((cpu() - cpu0) / 1000).toFixed(1)} s CPU this run`);
  }
}

// the library, in the order of the games and plies (ids numbered in that order)
const prefix = chu ? 'chu' : 'xq';
const order = (k: string) => {
  const [f, i] = k.split('#');
  return [files.findIndex((x) => x.endsWith(f!)), Number(i)] as const;
};
const all: Puzzle[] = [...done.values()]
  .sort((a, b) => {
    const [fa, ia] = order(a.game);
    const [fb, ib] = order(b.game);
    return fa - fb || ia - ib;
  })
  .flatMap((d) => d.puzzles)
  .map(({ key: _key, ...p }, i) => ({ id: `${prefix}-${String(i + 1).padStart(4, '0')}`, game: gameId, ...p }));
const cpuAll = cpuBefore + (cpu() - cpu0);
let commit = 'unknown';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
} catch {}
const library = formatPuzzles(gameId, all);
const header = [
  `Generated by scripts/puzzles/generate.ts --game ${gameId} (--nodes ${nodes} --scan-nodes ${scanNodes} --window ${windowPlies} --from-ply ${firstPly} --per-game ${perGame}${tacticsOnly ? ' --tactics-only' : ''}`,
  ` --max-moves ${maxSolver} --limit ${limit}) on ${new Date().toISOString().slice(0, 10)} at commit ${commit}: ${all.length} puzzles`,
  ` from ${done.size} games, ${(cpuAll / 60000).toFixed(1)} CPU-minutes in all runs. Do not edit by hand; rerun the script.`,
].join('');
const escaped = library.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${').replace(/\t/g, '\\t');
const constName = chu ? 'CHU_PUZZLES' : 'XIANGQI_PUZZLES';
const ts = `/**\n * ${header}\n * The text is a chuhan puzzle library (src/puzzle/library.ts), loaded only when puzzles are asked for.\n */\nexport const ${constName} = ${'`'}${escaped}${'`'};\n`;
writeFileSync(join(root, `src/games/${gameId}/puzzles-data.ts`), ts);
console.log(`wrote src/games/${gameId}/puzzles-data.ts: ${all.length} puzzles from ${done.size} games, ${(cpuAll / 1000).toFixed(0)} s CPU in all runs`);
