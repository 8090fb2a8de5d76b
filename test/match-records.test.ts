/**
 * The benchmark matches of 2026-12-01 (README "Matches against real engines"): every game of the
 * three PGN files is legal by our rules (the shipped bin's `validate`), the result recorded by the
 * match runner is the one in its JSON summary, the games the board decided (mate, stalemate,
 * perpetual check, repetition, royal capture) get that result from `validate`'s judge too, and the
 * summary's W-L-D is what its games add up to.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { spawnCli } from './helpers/cli.js';

const DIR = 'fixtures/matches/2026-12-01/';
const MATCHES = [
  { pgn: 'chuhan-vs-hachu-chu-40-20.pgn', json: 'chu-hachu-40-20.json' },
  { pgn: 'chuhan-vs-fairy-stockfish-xiangqi-40-30.pgn', json: 'xq-fsf-40-30.json' },
  { pgn: 'chuhan-vs-maxqi-xiangqi-40-20.pgn', json: 'xq-maxqi-40-20.json' },
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

describe('benchmark match records replay', () => {
  for (const m of MATCHES) {
    it(m.pgn, () => {
      const summary = JSON.parse(readFileSync(DIR + m.json, 'utf8')) as Summary;
      expect(summary.results.length).toBe(summary.games);
      const r = spawnCli(['validate', DIR + m.pgn, '--json']);
      expect(r.code, r.stderr).toBe(0);
      const games = (JSON.parse(r.stdout) as { games: { ok: boolean; plies: number; result: string; recorded: string }[] }).games;
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
        if (s.result === '1/2-1/2') draws++;
        else if ((s.result === '1-0') === (s.first === summary.engine.id)) wins++;
        else losses++;
      });
      expect([wins, losses, draws]).toEqual([summary.wins, summary.losses, summary.draws]);
    });
  }
});
