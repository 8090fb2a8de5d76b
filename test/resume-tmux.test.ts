/**
 * Issue 43 (4) in a real terminal (tmux, private socket): `play --resume` keeps the options the game
 * was started with (seed, level, style, mouse…), and quitting after stepping back in a loaded
 * master game saves nothing as the user's game. Skipped without tmux.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, } from 'node:path';
import { removeTempDirs, tempDir } from './helpers/tmp.js';
import { freshBundle } from './helpers/build.js';
import { gameFiles, hasTmux, prompt, tmuxDriver } from './helpers/tmux.js';

const { tmux, start, waitFor, type, close } = tmuxDriver('resume');


beforeAll(() => {
  if (hasTmux) freshBundle();
}, 120_000);

afterAll(() => {
  close();
  removeTempDirs();
});

describe.skipIf(!hasTmux)(`play --resume and loaded games in a real terminal (tmux)${hasTmux ? '' : ' — SKIPPED: tmux is not installed'}`, () => {
  it('--resume keeps --seed, --level, --style and --no-mouse; a loaded game stepped back is not saved', async () => {
    const home = tempDir('tmux');
    const w = start('--seed 77 --level 2 --style ascii --no-mouse', home, 100, 30, 'CHUHAN_STYLE_DETECT=0 ');
    await waitFor(w, prompt, 'the prompt');
    type(w, 'h2e2');
    await waitFor(w, (x) => /1\. h2e2 \S+/.test(x) && x.includes('red to move'), 'the computer\'s answer');
    type(w, 'quit');
    let s = await waitFor(w, (x) => x.includes('EXIT='), 'the exit');
    expect(s).toContain('EXIT=0');
    const [file] = gameFiles(home);
    const saved = readFileSync(file!, 'utf8');
    expect(saved).toContain('[ChuhanSeed "77"]');
    expect(saved).toContain('[ChuhanOptions "style=ascii mouse=false"]');

    const r = start('--resume', home, 100, 30, 'CHUHAN_STYLE_DETECT=0 ');
    s = await waitFor(r, prompt, 'the resumed game');
    expect(s).toContain('seed 77 (--seed 77 repeats the computer\'s choices)');
    expect(s).toContain('black: computer (level 2)');
    expect(s).toContain('+---+---+'); // the ascii board
    // a master game loaded and stepped back: quitting leaves the user's game as it was
    const master = join(tempDir('master'), 'master.pgn');
    writeFileSync(master, '[Event "Masters"]\n[Result "1-0"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 1-0\n');
    type(r, `load ${master}`);
    await waitFor(r, (x) => x.includes('3. i0h0 b9c7') && x.includes('last move b9c7'), 'the loaded game');
    tmux('send-keys', '-t', r, 'Left');
    await waitFor(r, (x) => x.includes('last move i0h0'), 'a step back');
    type(r, 'quit');
    s = await waitFor(r, (x) => x.includes('EXIT='), 'the exit');
    expect(s.replace(/\n/g, '')).toContain('the loaded game was not saved (no move was played in it); your game is saved in');
    expect(gameFiles(home)).toEqual([file]);
    expect(readFileSync(file!, 'utf8')).toBe(saved);
  }, 120_000);
});
