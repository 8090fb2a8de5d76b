/**
 * The benchmark matches of 2026-12-01, 2026-12-03 and 2026-12-04 (docs/strength.md "Matches against real engines"): every
 * game of their PGN files is legal by our rules (the shipped bin's `validate`), the result recorded by the
 * match runner is the one in its JSON summary, the games the board decided (mate, stalemate,
 * perpetual check, repetition, royal capture) get that result from `validate`'s judge too, and the
 * summary's W-L-D is what its games add up to. The same for the level calibration matches of
 * fixtures/matches/2026-12-01/levels/ (docs/strength.md "Levels": one JSON summary and one PGN file per
 * match, all replayed by one `validate` run), whose summaries also name the level and the
 * opponent's setting the table in docs/strength.md gives.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { spawnCli } from './helpers/cli.js';

const DIR = 'fixtures/matches/2026-12-01/';
const DIR3 = 'fixtures/matches/2026-12-03/';
const DIR4 = 'fixtures/matches/2026-12-04/';
const DIR5 = 'fixtures/matches/2026-12-05/';
const MATCHES = [
  { pgn: `${DIR}chuhan-vs-hachu-chu-40-20.pgn`, json: `${DIR}chu-hachu-40-20.json` },
  { pgn: `${DIR}chuhan-vs-hachu-chu-40-20-ae83594.pgn`, json: `${DIR}chu-hachu-40-20-ae83594.json` },
  { pgn: `${DIR}chuhan-vs-fairy-stockfish-xiangqi-40-30.pgn`, json: `${DIR}xq-fsf-40-30.json` },
  { pgn: `${DIR}chuhan-vs-maxqi-xiangqi-40-20.pgn`, json: `${DIR}xq-maxqi-40-20.json` },
  { pgn: `${DIR3}chuhan-vs-fairy-stockfish-xiangqi-40-30-e8b8164.pgn`, json: `${DIR3}xq-fsf-40-30-e8b8164.json` },
  { pgn: `${DIR3}chuhan-vs-hachu-chu-40-20-e8b8164.pgn`, json: `${DIR3}chu-hachu-40-20-e8b8164.json` },
  { pgn: `${DIR3}chuhan-vs-fairy-stockfish-xiangqi-40-30-c2a7c02.pgn`, json: `${DIR3}xq-fsf-40-30-c2a7c02.json` },
  { pgn: `${DIR3}chuhan-vs-fairy-stockfish-xiangqi-40-30-9a15a99.pgn`, json: `${DIR3}xq-fsf-40-30-9a15a99.json` },
  { pgn: `${DIR3}chuhan-vs-fairy-stockfish-xiangqi-40-30-9a15a99-b.pgn`, json: `${DIR3}xq-fsf-40-30-9a15a99-b.json` },
  { pgn: `${DIR3}chuhan-vs-fairy-stockfish-xiangqi-40-30-5a54170.pgn`, json: `${DIR3}xq-fsf-40-30-5a54170.json` },
  { pgn: `${DIR4}chuhan-vs-fairy-stockfish-xiangqi-40-30-aa6d5ac.pgn`, json: `${DIR4}xq-fsf-40-30-aa6d5ac.json` },
  { pgn: `${DIR4}chuhan-vs-maxqi-xiangqi-40-20-aa6d5ac.pgn`, json: `${DIR4}xq-maxqi-40-20-aa6d5ac.json` },
  { pgn: `${DIR4}chuhan-vs-hachu-chu-40-20-aa6d5ac.pgn`, json: `${DIR4}chu-hachu-40-20-aa6d5ac.json` },
];
const BOARD_ENDINGS = new Set(['checkmate', 'stalemate', 'perpetual check', 'repetition', 'royals captured']);

interface Summary {
  engine: { id: string };
  games: number;
  wins: number;
  losses: number;
  draws: number;
  results: { game: number; first: string; result: string; reason: string; plies: number }[];
}

interface Replayed {
  file: string;
  ok: boolean;
  plies: number;
  result: string;
  recorded: string;
}

/** Every game of the summary is the PGN's game: legal, same length, same result; the W-L-D adds up. */
function checkMatch(summary: Summary, games: readonly Replayed[]): void {
  expect(summary.results.length).toBe(summary.games);
  expect(games.length).toBe(summary.games);
  let wins = 0;
  let losses = 0;
  let draws = 0;
  summary.results.forEach((s, i) => {
    const g = games[i]!;
    expect(g.ok, `game ${s.game}`).toBe(true);
    expect(g.plies, `game ${s.game}`).toBe(s.plies);
    expect(g.recorded, `game ${s.game}`).toBe(s.result);
    if (BOARD_ENDINGS.has(s.reason)) expect(g.result, `game ${s.game}: ${s.reason}`).toBe(s.result);
    if (s.result === '*') return; // not counted (e.g. an engine refused a move our rules allow)
    if (s.result === '1/2-1/2') draws++;
    // against itself at another level the runner names the sides "<id> (chuhan)" and "<id> (opponent)"
    else if ((s.result === '1-0') === (s.first === summary.engine.id || s.first === `${summary.engine.id} (chuhan)`)) wins++;
    else losses++;
  });
  expect([wins, losses, draws]).toEqual([summary.wins, summary.losses, summary.draws]);
}

/** Every match file and level folder replayed by one run of the shipped bin's `validate` (one process, not one each). */
let replayed: Replayed[] | undefined;
function replayedGames(): Replayed[] {
  if (replayed) return replayed;
  const r = spawnCli(['validate', ...MATCHES.map((m) => m.pgn), ...LEVEL_DIRS, '--json']);
  expect(r.code, r.stderr).toBe(0);
  replayed = (JSON.parse(r.stdout) as { games: Replayed[] }).games;
  return replayed;
}

describe('benchmark match records replay', () => {
  for (const m of MATCHES) {
    it(m.pgn, () => {
      const summary = JSON.parse(readFileSync(m.json, 'utf8')) as Summary;
      checkMatch(summary, replayedGames().filter((g) => g.file === m.pgn));
    });
  }
});

/**
 * Level calibration folders: 51cda8f's (xiangqi and chu), 0b7f1fd and cd1e4cf (chu after the
 * quiescence and repetition fixes, level 4 at 150k nodes), 44b0ada (xiangqi after c2a7c02's pruning,
 * adjacent levels against each other), 8be7f18 (xiangqi after 9a15a99, bf61eb5 and 19cbd46: the search
 * of aa6d5ac), 6beeb53 (xiangqi level 4 at depth 6: its rows again) and 8990458 (chu levels 1–6).
 */
const LEVEL_DIRS = [`${DIR}levels/`, `${DIR}levels2/`, `${DIR3}levels3/`, `${DIR5}levels4/`, `${DIR5}levels4b/`, `${DIR5}chu-levels3/`];
/**
 * The folders whose table in docs/strength.md is computed over earlier folders too (the script's later folder
 * replaces the earlier one's rows of the same name): levels4b is level 4 at depth 6 (6beeb53), its
 * rows played again, the other levels' rows those of levels4.
 */
const TABLE_OVER: Record<string, string[]> = { [`${DIR5}levels4b/`]: [`${DIR5}levels4/`, `${DIR5}levels4b/`] };

for (const LEVELS of LEVEL_DIRS) describe(`level calibration records replay: ${LEVELS}`, () => {
  const jsons = readdirSync(LEVELS).filter((f) => f.endsWith('.json')).sort();
  it('every match has its JSON summary and its PGN file, each summary a level and an opponent setting', () => {
    const pgns = readdirSync(LEVELS).filter((f) => f.endsWith('.pgn')).sort();
    expect(pgns.map((f) => f.replace(/\.pgn$/, ''))).toEqual(jsons.map((f) => f.replace(/\.json$/, '')));
    expect(jsons.length).toBeGreaterThanOrEqual(TABLE_OVER[LEVELS] ? 5 : 8);
    for (const f of jsons) {
      const s = JSON.parse(readFileSync(LEVELS + f, 'utf8')) as Summary & {
        engine: { level: number | null };
        opponent: { command: string; options: string[] };
        opponentTimeControl: string;
      };
      // xq-L<level>-S<skill>: Fairy-Stockfish's Skill Level; chu-L<level>-H<moves>-<seconds>: HaChu's
      // time control; <game>-L<level>-L<level>: chuhan at another level; a suffix -b, -c…: another
      // run of the same pairing (other openings)
      const m = /^(xq|chu)-L(\d)-(?:S(-?\d+)|H(\d+)-(\d+)|L(\d))(?:-[b-z])?\.json$/.exec(f);
      expect(m, f).not.toBeNull();
      expect(s.engine.level, f).toBe(Number(m![2]));
      if (m![3] !== undefined) expect(s.opponent.options, f).toContain(`Skill Level=${m![3]}`);
      else if (m![6] !== undefined) expect(s.opponent.command, f).toMatch(new RegExp(`chuhan\\.js engine .*--level ${m![6]}$`));
      else expect(s.opponentTimeControl, f).toBe(`${m![4]}/${m![5]}`);
    }
  });
  it("the Levels table in docs/strength.md is what scripts/levels-table.mjs computes from these summaries", () => {
    const over = TABLE_OVER[LEVELS] ?? [LEVELS];
    const printed = execFileSync(process.execPath, ['scripts/levels-table.mjs', ...over], { encoding: 'utf8' });
    const rows = printed.split('\n').filter((l) => l.startsWith('| xiangqi |') || l.startsWith('| chu |'));
    const names = new Set(over.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.json'))));
    expect(rows.length).toBe(names.size);
    // this folder's rows are named with their folder when the table spans several
    const own = over.length > 1 ? `${LEVELS.replace(/\/$/, '').split('/').pop()}/` : '';
    for (const f of jsons) expect(rows.some((r) => r.endsWith(`| \`${own}${f.replace(/\.json$/, '')}\` |`)), f).toBe(true);
    const strength = readFileSync('docs/strength.md', 'utf8');
    for (const row of rows) expect(strength, row).toContain(row);
  });
  it('every game replays legally with its recorded result (the one validate run)', () => {
    const games = replayedGames().filter((g) => g.file.startsWith(LEVELS));
    for (const f of jsons) {
      const summary = JSON.parse(readFileSync(LEVELS + f, 'utf8')) as Summary;
      const pgn = f.replace(/\.json$/, '.pgn');
      checkMatch(summary, games.filter((g) => g.file.endsWith(`/${pgn}`) || g.file === pgn));
    }
  });
});
