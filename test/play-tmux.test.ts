/**
 * A real-terminal check of `chuhan play`: runs the built CLI in a detached tmux session
 * (120×40, on a private tmux socket so no user session is touched), types moves with send-keys
 * and reads the screen with capture-pane.
 *
 * Needs tmux (`apt-get install -y tmux`); without it the tests are skipped with a message saying
 * so. Run alone: `npx vitest run test/play-tmux.test.ts` (rebuilds dist when src is newer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import stringWidth from 'string-width';
import { join, } from 'node:path';
import { removeTempDirs, tempDir } from './helpers/tmp.js';
import { freshBundle } from './helpers/build.js';
import { FULL_TESTS } from './helpers/sample.js';
import { gameFiles, hasTmux, prompt, sleep, tmuxDriver } from './helpers/tmux.js';

const { tmux, start, waitFor, type, close } = tmuxDriver('test');

/** Read-only CHUHAN_HOMEs made by a test: made writable again before the folders are removed. */
const readOnly: string[] = [];

/** Runs a command as root without CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH (util-linux setpriv). */
const ROOT_WITHOUT_DAC = 'setpriv --inh-caps=-all --bounding-set=-dac_override,-dac_read_search';

/** A PGN file of `n` short xiangqi games, each with its event, date, players and result. */
function manyGames(n: number): string {
  const names = ['Wang Tianyi', 'Zheng Weitong', 'Xu Yinchuan', 'Lü Qin', 'Hu Ronghua', 'Zhao Xinxin', 'Jiang Chuan', 'Xie Jing', 'Meng Chen', 'Hong Zhi'];
  const events = ['National Individual', 'Asian Cup', 'Weekend Open', 'City League', 'Masters'];
  const results = ['1-0', '0-1', '1/2-1/2'];
  const two = (k: number) => String(k).padStart(2, '0');
  return Array.from({ length: n }, (_, i) => {
    const r = results[i % 3]!;
    const year = 2000 + (i % 24);
    return `[Event "${events[i % 5]} ${year}"]\n[Date "${year}.${two(1 + (i % 12))}.${two(1 + (i % 28))}"]\n[Red "${names[i % 10]}"]\n[Black "${names[(i * 3 + 1) % 10]}"]\n[Result "${r}"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 ${r}\n`;
  }).join('\n');
}

beforeAll(() => {
  if (hasTmux) freshBundle();
}, 120_000);

afterAll(() => {
  close();
  for (const d of readOnly) chmodSync(d, 0o700);
  removeTempDirs(); // after the tmux server (and the programs in its windows) are gone
});

// The tests run at once (each in its own tmux sessions and CHUHAN_HOME): most of their time is spent
// waiting for a program to draw, so together they take about as long as the slowest one.
describe.skipIf(!hasTmux)(`chuhan play in a real terminal (tmux)${hasTmux ? '' : ' — SKIPPED: tmux is not installed'}`, { concurrent: true }, () => {
  it('shows typed moves in three notations, an error, quits on Ctrl-C with the game saved, and resumes', async () => {
    const home = tempDir('tmux');
    const w = start('--black human', home);
    let s = await waitFor(w, prompt, 'the prompt');
    expect(s).toContain('red: human · black: human');
    type(w, 'h2e2');
    await waitFor(w, (x) => x.includes('1. h2e2'), 'the first move');
    type(w, 'H8+7');
    await waitFor(w, (x) => x.includes('1. h2e2 h9g7'), 'the WXF move');
    type(w, '炮五进四');
    s = await waitFor(w, (x) => x.includes('2. e2e6'), 'the Chinese move');
    const lines = s.split('\n');
    // the board: the cannon on e6, the horse on g7, Black's h9 empty
    expect(lines).toContain('6 │▽卒│　 │▽卒│　 │▲炮│　 │▽卒│　 │▽卒│');
    expect(lines.some((l) => l.startsWith('7 │　 │▽砲│　 │　 │　 │　 │▽馬│▽砲│　 │'))).toBe(true);
    expect(lines.some((l) => l.startsWith('9 │▽車│▽馬│▽象│▽士│▽將│▽士│▽象│　 │▽車│'))).toBe(true);
    expect(s).toContain('black to move · last move e2e6');
    type(w, 'e9e7');
    s = await waitFor(w, (x) => x.includes('error:'), 'the error message');
    expect(s).toMatch(/error: .*e9e7/);
    tmux('send-keys', '-t', w, 'C-c');
    s = await waitFor(w, (x) => x.includes('EXIT='), 'the exit');
    expect(s).toContain('EXIT=0');
    expect(s).toMatch(/chuhan play --resume [0-9a-f]{8} continues it/);
    expect(gameFiles(home).length).toBe(1);
    const saved = readFileSync(gameFiles(home)[0]!, 'utf8');
    expect(saved).toMatch(/1\. h2e2 h9g7 2\. e2e6 \*/);

    const r = start('--resume', home);
    s = await waitFor(r, prompt, 'the resumed game');
    expect(s).toMatch(/resumed the saved game [0-9a-f]{8} \(3 plies\)/);
    expect(s).toContain('2. e2e6');
    type(r, 'quit');
    s = await waitFor(r, (x) => x.includes('EXIT='), 'the exit');
    expect(s).toContain('EXIT=0');
  }, 120_000);

  it('a move typed while the program starts (before the board, during the terminal-width probe) is played, not lost', async () => {
    const home = tempDir('tmux');
    // typed at once, before node has even started: the probe (no --style) reads it with its answer and gives it back
    const w = start('--black human', home);
    type(w, 'h2e2');
    let s = await waitFor(w, (x) => x.includes('1. h2e2'), 'the move typed early');
    expect(s).toContain('black to move · last move h2e2');
    type(w, 'quit');
    s = await waitFor(w, (x) => x.includes('EXIT='), 'the exit');
    expect(s).toContain('EXIT=0');
  }, 120_000);

  it('against the computer (the engine, on a worker thread): it answers a move', async () => {
    const home = tempDir('tmux');
    const w = start('--level 2', home);
    let s = await waitFor(w, prompt, 'the prompt');
    expect(s).toContain('red: human · black: computer (level 2)');
    expect(s).not.toContain('PLACEHOLDER');
    type(w, 'h2e2');
    s = await waitFor(w, (x) => /computer as black: 1\.\.\. [a-i]\d[a-i]\d/.test(x), "the computer's reply");
    expect(s).toContain('red to move');
    type(w, 'quit');
    await waitFor(w, (x) => x.includes('EXIT=0'), 'the exit');
    expect(readFileSync(gameFiles(home)[0]!, 'utf8')).toMatch(/1\. h2e2 [a-i]\d[a-i]\d \*/);
  }, 120_000);

  // every screen fits (issue 43), one session per size for both games: the message row shows an
  // error while the eval line is on, help and a file of 1,000 games open in a scrollable pane (the
  // title, status and prompt stay on screen), the chu board keeps its width after a promotion
  for (const [columns, rows] of [
    [80, 24],
    [100, 30],
    [120, 40],
  ] as const) {
    // chu at 120×40 (the wide board, as at 100×30) under CHUHAN_FULL_TESTS=1
    const games = columns === 120 && !FULL_TESTS ? (['xiangqi'] as const) : (['xiangqi', 'chushogi'] as const);
    it(`${columns}×${rows}: messages with the eval line on, help and a 1,000-game list in a pane, ${games.length === 2 ? 'both games' : 'xiangqi'}`, async () => {
      const home = tempDir('tmux');
      const many = join(home, 'many.pgn');
      writeFileSync(many, manyGames(1000));
      const w = start('--black human --level 1', home, columns, rows);
      const fits = (s: string): void => {
        const lines = s.replace(/\n+$/, '').split('\n');
        expect(lines.length).toBeLessThan(rows);
        for (const l of lines) expect(stringWidth(l)).toBeLessThanOrEqual(columns);
        expect(lines[0]).toMatch(/^chuhan · (xiangqi|chushogi)/);
        expect(prompt(s)).toBe(true);
      };
      // the board's width: its border lines without what stands beside them
      const boardWidth = (x: string): number => Math.max(...x.split('\n').filter((l) => /[┌└]/.test(l)).map((l) => stringWidth(l.replace(/(┐|┘ ▲) .*$/, '$1'))));
      for (const variant of games) {
        let s = await waitFor(w, (x) => prompt(x) && x.includes(`chuhan · ${variant}`) && !x.includes('> new'), `the ${variant} board`);
        fits(s);
        for (const r of variant === 'xiangqi' ? ['▲帥', '▽將'] : ['▲王', '▽王']) expect(s).toContain(r);
        const width0 = boardWidth(s);
        // the eval line (from a hint), then a typo: its error is on screen
        if (variant === 'xiangqi') type(w, 'eval on');
        type(w, 'hint');
        s = await waitFor(w, (x) => /hint: /.test(x), 'the hint');
        type(w, 'zzz');
        s = await waitFor(w, (x) => x.includes('error: unknown command "zzz"'), 'the error');
        fits(s);
        expect(s).toMatch(/eval [+-]?\d/);
        // help in the pane: its heading, a page further with PgDn, Esc back to the board
        type(w, 'help');
        s = await waitFor(w, (x) => /^help · 1–\d+ of \d+$/m.test(x), 'the help pane');
        fits(s);
        expect(s).toContain('Commands (a bare move is played as well):');
        const total = Number(/^help · 1–\d+ of (\d+)$/m.exec(s)![1]);
        if (!s.includes('  help, quit')) {
          tmux('send-keys', '-t', w, 'NPage');
          s = await waitFor(w, (x) => /^help · ([2-9]|\d\d)–\d+ of \d+$/m.test(x), 'the next page of help');
          fits(s);
          tmux('send-keys', '-t', w, 'End');
          s = await waitFor(w, (x) => x.includes(`of ${total}`) && x.includes('  help, quit'), 'the end of help');
        }
        tmux('send-keys', '-t', w, 'Escape');
        s = await waitFor(w, (x) => !/^help · \d/m.test(x) && x.includes(variant === 'xiangqi' ? '▲帥' : '▲王'), 'the board again');
        // the file of 1,000 games: a page of it, PgDn, a search by player and year
        type(w, `load ${many}`);
        s = await waitFor(w, (x) => x.includes('many.pgn: 1000 games · 1–'), 'the list of games');
        fits(s);
        expect(s).toMatch(/^> 1\. National Individual 2000 · 2000\.01\.01 · Wang Tianyi – Zheng Weitong/m);
        tmux('send-keys', '-t', w, 'NPage');
        s = await waitFor(w, (x) => /many\.pgn: 1000 games · \d\d–\d+ of 1000/.test(x), 'the next page of games');
        tmux('send-keys', '-t', w, '/');
        tmux('send-keys', '-t', w, '-l', 'xie 2019');
        s = await waitFor(w, (x) => x.includes('1–8 of 8 matching “xie 2019”'), 'the search');
        fits(s);
        expect(s).toMatch(/^> 68\. Weekend Open 2019 · 2019\.08\.12 · Xie Jing – Xu Yinchuan/m);
        if (variant === 'chushogi') {
          tmux('send-keys', '-t', w, 'Escape');
          await sleep(100);
          tmux('send-keys', '-t', w, 'Escape');
          s = await waitFor(w, (x) => !x.includes('many.pgn: 1000') && x.includes('▲王'), 'the chu board again');
          // a listing longer than a row (the start's SFEN, 121 characters) opens in the pane, whole
          type(w, 'fen');
          s = await waitFor(w, (x) => /^fen · 1–\d of \d$/m.test(x), 'the SFEN in the pane');
          fits(s);
          expect(s.replace(/\/\n/g, '/')).toContain('lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1');
          tmux('send-keys', '-t', w, 'Escape');
          s = await waitFor(w, (x) => !/^fen · /m.test(x) && x.includes('▲王'), 'the chu board again');
          // a promoted piece (a tokin) on the board: the board keeps its columns
          type(w, 'fen 12/12/12/12/12/12/12/12/12/12/5+P6/6K5 b - 1');
          s = await waitFor(w, (x) => x.includes('▲と+'), 'the promoted piece');
          fits(s);
          expect(boardWidth(s)).toBe(width0);
          break;
        }
        // Enter ends the search, Enter opens the game: the review header, the move ahead dimmed after ←
        tmux('send-keys', '-t', w, 'Enter');
        await sleep(100);
        tmux('send-keys', '-t', w, 'Enter');
        s = await waitFor(w, (x) => x.includes('Weekend Open 2019 · 2019.08.12 · Xie Jing – Xu Yinchuan · 0-1 · ply 4 of 4'), 'the review header');
        fits(s);
        expect(s).toContain('game over: 0-1');
        tmux('send-keys', '-t', w, 'Left');
        s = await waitFor(w, (x) => x.includes('ply 3 of 4'), 'a step back');
        expect(tmux('capture-pane', '-t', w, '-p', '-e')).toMatch(/2\. h0g2 (\x1b\[[0-9;]*m)*i9h9/);
        expect(tmux('capture-pane', '-t', w, '-p', '-e')).toMatch(/2\. h0g2 \x1b\[(\d+;)*2m/);
        // autoplay (issue 45): space plays the move ahead, then stops at the end of the game
        tmux('send-keys', '-t', w, 'Space');
        s = await waitFor(w, (x) => x.includes('ply 4 of 4') && x.includes('autoplay: the end of the game'), 'autoplay to the end');
        fits(s);
        if (games.length > 1) type(w, 'new chushogi');
      }
      type(w, 'quit');
      await waitFor(w, (x) => x.includes('EXIT=0'), 'the exit');
    }, 150_000);
  }

  it('mouse: an SGR click on a piece and one on its destination make the move', async () => {
    const home = tempDir('tmux');
    try {
      const w = start('--black human', home);
      const s = await waitFor(w, prompt, 'the prompt');
      const { boardGeometry } = await import('../src/tui/mouse.js');
      const g = boardGeometry(s.split('\n'), 9);
      expect(g.rows).toHaveLength(10);
      const y = g.rows[7]! + 1; // rank 2, 1-based screen row
      const clickAt = (file: number): void => {
        const x = g.columns[file]![0] + 1;
        tmux('send-keys', '-t', w, '-l', `\x1b[<0;${x};${y}M`);
        tmux('send-keys', '-t', w, '-l', `\x1b[<0;${x};${y}m`);
      };
      clickAt(7); // h2
      await sleep(300);
      clickAt(4); // e2
      const after = await waitFor(w, (x) => x.includes('1. h2e2'), 'the clicked move');
      expect(after).toContain('black to move · last move h2e2');
      type(w, 'quit');
      await waitFor(w, (x) => x.includes('EXIT=0'), 'the exit');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }, 120_000);

  it('30×10: one line saying the size needed; growing the window shows the board', async () => {
    const home = tempDir('tmux');
    try {
      const w = start('--black human', home, 30, 10);
      await waitFor(w, (x) => x.includes('too small: needs 41×20'), 'the size message');
      tmux('resize-window', '-t', w, '-x', '80', '-y', '24');
      const s = await waitFor(w, (x) => x.includes('▲帥') && prompt(x), 'the board after the resize');
      expect(s).not.toContain('too small');
      tmux('send-keys', '-t', w, 'C-c');
      await waitFor(w, (x) => x.includes('EXIT=0'), 'the exit');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }, 120_000);

  it('a plain play after a saved game neither destroys it nor hides it; --resume restores the first game', async () => {
    const home = tempDir('tmux');
    const a = start('--black human', home);
    await waitFor(a, prompt, 'the prompt');
    type(a, 'h2e2');
    await waitFor(a, (x) => x.includes('1. h2e2'), 'the move');
    type(a, 'h9g7');
    await waitFor(a, (x) => x.includes('1. h2e2 h9g7'), 'the reply');
    type(a, 'quit');
    let s = await waitFor(a, (x) => x.includes('EXIT='), 'the exit');
    expect(s).toContain('EXIT=0');
    const [first] = gameFiles(home);
    const saved = readFileSync(first!, 'utf8');

    const b = start('--black human', home);
    s = await waitFor(b, prompt, 'the new game');
    expect(s).toMatch(/an unfinished game \([0-9a-f]{8}, 2 plies\) is saved: chuhan play --resume continues it/);
    expect(s).not.toContain('1. h2e2');
    type(b, 'quit');
    s = await waitFor(b, (x) => x.includes('EXIT='), 'the exit');
    expect(s).toContain('EXIT=0');
    expect(gameFiles(home)).toEqual([first]);
    expect(readFileSync(first!, 'utf8')).toBe(saved);

    const r = start('--resume', home);
    s = await waitFor(r, prompt, 'the resumed game');
    expect(s).toMatch(/resumed the saved game [0-9a-f]{8} \(2 plies\)/);
    expect(s).toContain('1. h2e2 h9g7');
    type(r, 'quit');
    await waitFor(r, (x) => x.includes('EXIT=0'), 'the exit');
  }, 120_000);

  it('two sessions at once: both games saved, both resumable', async () => {
    const home = tempDir('tmux');
    const a = start('--black human', home);
    const b = start('--black human', home);
    await waitFor(a, prompt, 'the prompt of A');
    await waitFor(b, prompt, 'the prompt of B');
    type(a, 'h2e2');
    type(b, 'b2e2');
    await waitFor(a, (x) => x.includes('1. h2e2'), 'the move in A');
    await waitFor(b, (x) => x.includes('1. b2e2'), 'the move in B');
    type(b, 'h9g7');
    await waitFor(b, (x) => x.includes('1. b2e2 h9g7'), 'the reply in B');
    type(a, 'quit');
    type(b, 'quit');
    const sa = await waitFor(a, (x) => x.includes('EXIT='), 'the exit of A');
    const sb = await waitFor(b, (x) => x.includes('EXIT='), 'the exit of B');
    const idA = /--resume ([0-9a-f]{8})/.exec(sa)![1]!;
    const idB = /--resume ([0-9a-f]{8})/.exec(sb)![1]!;
    expect(idA).not.toBe(idB);
    expect(gameFiles(home).length).toBe(2);
    // both resumed at once, each by its id
    const resumed = ([[idA, '1. h2e2'], [idB, '1. b2e2 h9g7']] as const).map(([id, line]) => ({ id, line, w: start(`--resume ${id}`, home) }));
    for (const { id, line, w } of resumed) {
      const s = await waitFor(w, prompt, `the resumed game ${id}`);
      expect(s).toContain(`resumed the saved game ${id}`);
      expect(s).toContain(line);
      type(w, 'quit');
    }
    for (const { w } of resumed) await waitFor(w, (x) => x.includes('EXIT=0'), 'the exit');
  }, 150_000);

  it('a read-only CHUHAN_HOME is said before the first move, and play exits 1', async (ctx) => {
    const home = tempDir('tmux');
    chmodSync(home, 0o555);
    readOnly.push(home);
    // Root writes anywhere (CAP_DAC_OVERRIDE). Switching to another user fails when the checkout is
    // in a folder only root may enter (mktemp -d makes 0700 ones), so root runs the program itself
    // without the two capabilities that bypass file modes: then the 0555 folder is read-only for it.
    const prefix = process.getuid?.() === 0 ? `${ROOT_WITHOUT_DAC} ` : '';
    const probe = spawnSync('sh', ['-c', `${prefix}sh -c 'test -w "$0" || echo read-only' ${JSON.stringify(home)}`], { encoding: 'utf8' });
    if (probe.stdout.trim() !== 'read-only') ctx.skip('the folder stays writable: root cannot drop CAP_DAC_OVERRIDE here (setpriv missing or not permitted)');
    const w = start('--black human', home, 120, 40, prefix);
    let s = await waitFor(w, prompt, 'the prompt');
    const flat = (x: string) => x.replace(/\s+/g, ' ');
    expect(flat(s)).toContain(`warning: games cannot be saved in ${home}/games: the folder is read-only to this user (permission denied); make it writable or set CHUHAN_HOME to a writable folder`);
    expect(s).not.toContain('1. ');
    type(w, 'h2e2');
    await waitFor(w, (x) => x.includes('1. h2e2'), 'the move');
    type(w, 'quit');
    s = await waitFor(w, (x) => x.includes('EXIT='), 'the exit');
    expect(flat(s)).toContain(`chuhan: the game was not saved: games cannot be saved in ${home}/games: the folder is read-only to this user (permission denied)`);
    expect(s).toContain('EXIT=1');
  }, 120_000);
});
