// `npm run match` has one entry point, dist/match/main.js: self-play without --opponent, the
// external-engine runner with it. Spawns the built file (run `npm run build` first).
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const main = resolve(dirname(fileURLToPath(import.meta.url)), '../dist/match/main.js');
const run = (args: string[]) => spawnSync(process.execPath, [main, ...args], { encoding: 'utf8', timeout: 60_000 });

describe('npm run match (dist/match/main.js)', () => {
  it('without --opponent: the engine against a random mover, both games, reproducible JSON', () => {
    const args = ['--games', '2', '--level', '1', '--vs', 'random', '--variant', 'all', '--max-plies', '6', '--json'];
    const r = run(args);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { matches: { variant: string; games: number; plies: number; records: { result: string }[] }[] };
    expect(out.matches.map((m) => m.variant)).toEqual(['xiangqi', 'chushogi']);
    for (const m of out.matches) {
      expect(m.games).toBe(2);
      expect(m.plies).toBe(12); // two games cut at 6 plies each
    }
    const again = JSON.parse(run(args).stdout) as typeof out;
    expect(again.matches.map((m) => m.records.map((g) => g.result))).toEqual(out.matches.map((m) => m.records.map((g) => g.result)));
  });

  it('with --opponent: the external-engine runner (its own usage), exit 2 on bad input', () => {
    const r = run(['--opponent']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^match: /);
    expect(r.stderr).toContain('--opponent maxqi|hachu');
    const s = run(['--games', 'x']);
    expect(s.status).toBe(2);
    expect(s.stderr).toContain('--vs random|level:B');
    expect(s.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });
});
