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
 * Xiangqi: the 2,516 master games (Hu Ronghua, Liu Dahua; <data>/xiangqi/) and 300 online games
 * (elephantchess.io), the last --window plies of each game. --more FILE,…: more games after them
 * (the project's engine matches in fixtures/matches/, where the lishogi chu games are too few). Chu: the 49 lishogi games (<data>/chushogi/), every ply after the 30th; several
 * puzzles per game (--per-game, default 8 for chu), from different plies (no two share a position).
 * A quick search (--scan-nodes) of each position keeps those with a mate or a decisive score
 * (--tactics-only: only where the move played captures or gives check), and
 * `buildLine` confirms them with exact scores for every move at --nodes per search.
 *
 * Deterministic (node budgets; the searcher's table is cleared before each game) and resumable:
 * each finished game is appended to scripts/puzzles/work/<game>.jsonl (pass 2…: <game>-passN.jsonl,
 * with --skip-last P: the plies before the last P), and a rerun skips the games found there
 * (--fresh starts over); it stops when --limit candidates are found. Prints a progress line per
 * game. The candidates are then checked deeper by scripts/puzzles/confirm.ts, which writes the
 * shipped set (src/games/<game>/puzzles-data.ts) from those the check finds sound.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseRecords } from '../../src/notation/pgn.js';
import { replayRecord } from '../../src/notation/replay.js';
import { getGame, type GameId } from '../../src/games/registry.js';
import { PuzzleJudge } from '../../src/puzzle/judge.js';
import { buildLine, lineRating, lineThemes } from '../../src/puzzle/line.js';
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
// a later pass looks at earlier plies of the same games (the last --skip-last plies were pass 1's)
const pass = Number(opt('--pass', '1'));
const skipLast = Number(opt('--skip-last', '0'));
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
// --more FILE,FILE…: more games (the project's engine matches, fixtures/matches/), after the others
const more = (opt('--more', '') ?? '').split(',').filter((f) => f !== '');
files.push(...more.map((f) => (f.startsWith('/') ? f : join(root, f))));
const workDir = join(root, 'scripts/puzzles/work');
const workFile = join(workDir, pass === 1 ? `${gameId}.jsonl` : `${gameId}-pass${pass}.jsonl`);
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
  const first = tags.get('Red') ?? tags.get('Sente') ?? tags.get('White');
  const second = tags.get('Gote') ?? tags.get('Black');
  const event = tags.get('Event') ?? '';
  const players = first && second ? `${first} – ${second}, ` : '';
  const date = tags.get('Date');
  const where = file.includes('matches/')
    ? `${event}${date ? ` ${date}` : ''} (engine match, ${file}, game ${index})`
    : chu
      ? `${event} (lishogi, via jh85/chushogi)`
      : file.endsWith('.txt')
        ? event
        : `${event} (${file.replace(/_UCI_games\.pgn$/, '').replace(/_\d+$/, '').replace('_', ' ')} collection, game ${index})`;
  return `${players}${where}, ply ${ply + 1}`;
}

let total = count();
outer: for (const file of files) {
  // the data's files by name, the project's match files by their path in the repository
  const base = file.startsWith(root) ? file.slice(root.length) : file.split('/').pop()!;
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
      const last = moves.length - skipLast;
      const from = Math.max(firstPly, last - windowPlies);
      let below = last; // puzzles found so far start at or after this ply: later ones may not overlap
      for (let ply = last - 1; ply >= from && found.length < perGame; ply--) {
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

const cpuAll = cpuBefore + (cpu() - cpu0);
console.log(`${gameId} pass ${pass}: ${count()} candidates from ${done.size} games, ${(cpuAll / 1000).toFixed(0)} s CPU in all runs (${workFile})`);
console.log('next: scripts/puzzles/confirm.ts checks them deeper and writes the shipped set');
