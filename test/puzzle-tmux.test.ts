/**
 * `chuhan puzzle` in a real terminal at 80×24 (tmux on a private socket, as test/play-tmux.test.ts):
 * a puzzle of a two-puzzle library solved (the reply played for the player), the next one failed (a
 * wrong move refused, then the solution), and the progress file written. Skipped without tmux.
 * `CHUHAN_SAVE_SCREENS=1` writes both screens to docs/screens/puzzle-{solved,failed}-80x24.txt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import stringWidth from 'string-width';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { removeTempDirs, tempDir } from './helpers/tmp.js';
import { freshBundle } from './helpers/build.js';
import { hasTmux, prompt, tmuxDriver } from './helpers/tmux.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { tmux, waitFor, type, close } = tmuxDriver('puzzle');

const LIBRARY = [
  '# chuhan puzzles 1 · xiangqi',
  '# id\tfen\tsolution\tthemes\tsource\trating',
  'p1\t4k4/9/9/9/9/2N6/9/9/4C4/3K5 w - - 0 1\tc4e5 e9f9 e5d7\tmate mate2 phase:endgame\tcannon behind horse in two (test)\t1500',
  'p2\t3aka3/9/9/9/4C4/9/C8/9/9/3K5 w - - 0 1\ta3e3\tmate mate1 phase:endgame\tdouble cannons (test)\t1500',
  '',
].join('\n');

beforeAll(() => {
  if (hasTmux) freshBundle();
}, 120_000);

afterAll(() => {
  close();
  removeTempDirs();
});

describe.skipIf(!hasTmux)(`chuhan puzzle in a real terminal (tmux)${hasTmux ? '' : ' — SKIPPED: tmux is not installed'}`, () => {
  it('80×24: one puzzle solved, one failed, the progress saved', async () => {
    const home = tempDir('puzzle-tmux');
    const lib = join(home, 'two.txt');
    writeFileSync(lib, LIBRARY);
    const w = 'puzzle1';
    const cmd = `cd ${JSON.stringify(root)} && env CHUHAN_HOME=${JSON.stringify(home)} node bin/chuhan.js puzzle ${JSON.stringify(lib)} --delay 200; echo "EXIT=$?"; sleep 60`;
    tmux('new-session', '-d', '-s', w, '-x', '80', '-y', '24', cmd);
    const fits = (s: string): void => {
      const lines = s.replace(/\n+$/, '').split('\n');
      expect(lines.length).toBeLessThanOrEqual(24);
      for (const l of lines) expect(stringWidth(l)).toBeLessThanOrEqual(80);
      expect(lines[0]).toMatch(/^chuhan · xiangqi · puzzle p[12] \(\d+\)/);
      expect(prompt(s)).toBe(true);
    };
    let s = await waitFor(w, (x) => prompt(x) && x.includes('puzzle p1 (1500)'), 'the first puzzle');
    fits(s);
    expect(s).toContain('red to move: find the best move (1 of 2)');
    type(w, 'c4e5');
    s = await waitFor(w, (x) => x.includes('black answers e9f9; your move'), 'the reply');
    type(w, 'e5d7');
    s = await waitFor(w, (x) => x.includes('solved! 2. e5d7'), 'solved');
    fits(s);
    expect(s).toMatch(/your rating 1500 → (1[5-9]\d\d) \(\+\d+\) · puzzle 1500 → 1[0-4]\d\d/);
    expect(s).toContain('1. c4e5 e9f9');
    const solved = s;

    type(w, 'next');
    s = await waitFor(w, (x) => prompt(x) && x.includes('puzzle p2 ('), 'the second puzzle');
    type(w, 'a3a4');
    s = await waitFor(w, (x) => x.includes('a3a4 is not the move; try again (this puzzle counts as a miss)'), 'the refusal');
    type(w, 'solution');
    s = await waitFor(w, (x) => x.includes('the solution: 1. a3e3'), 'the solution');
    fits(s);
    expect(s).toMatch(/your rating \d+ → \d+ \(-\d+\)/);
    expect(s).toContain('given up');
    const failed = s;

    type(w, 'quit');
    s = await waitFor(w, (x) => x.includes('EXIT='), 'the exit');
    expect(s).toContain('EXIT=0');
    expect(s).toContain('1 solved, 1 missed');
    const progress = JSON.parse(readFileSync(join(home, 'puzzles.json'), 'utf8'));
    expect(progress.players.xiangqi).toMatchObject({ solved: 1, failed: 1 });
    expect(progress.puzzles['xiangqi/two.txt/p1']).toMatchObject({ attempts: 1, solved: true });
    expect(progress.puzzles['xiangqi/two.txt/p2']).toMatchObject({ attempts: 1, solved: false, failed: 1 });
    if (process.env.CHUHAN_SAVE_SCREENS === '1') {
      writeFileSync(join(root, 'docs/screens/puzzle-solved-80x24.txt'), solved);
      writeFileSync(join(root, 'docs/screens/puzzle-failed-80x24.txt'), failed);
    }
  }, 120_000);
});
