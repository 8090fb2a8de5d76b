/**
 * A real-terminal check of `chuhan play`: runs the built CLI in a detached tmux session
 * (120×40, on a private tmux socket so no user session is touched), types moves with send-keys
 * and reads the screen with capture-pane.
 *
 * Needs tmux (`apt-get install -y tmux`); without it the tests are skipped with a message saying
 * so. Run alone: `npx vitest run test/play-tmux.test.ts` (rebuilds dist when src is newer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { removeTempDirs, tempDir } from './helpers/tmp.js';
import { newestSource } from './helpers/build.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const hasTmux = spawnSync('tmux', ['-V'], { encoding: 'utf8' }).status === 0;
const socket = `chuhan-test-${process.pid}`;
let n = 0;

const tmux = (...args: string[]): string => execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Read-only CHUHAN_HOMEs made by a test: made writable again before the folders are removed. */
const readOnly: string[] = [];

/** The saved game files of a CHUHAN_HOME (full paths). */
const gameFiles = (home: string): string[] =>
  existsSync(join(home, 'games')) ? readdirSync(join(home, 'games')).filter((f) => f.endsWith('.pgn')).map((f) => join(home, 'games', f)) : [];

/**
 * A `chuhan play` in a fresh tmux window (120×40 unless told; `prefix` goes before the command);
 * the window stays open after the program exits.
 */
function start(args: string, home: string, columns = 120, rows = 40, prefix = ''): string {
  const name = `play${++n}`;
  const cmd = `cd ${JSON.stringify(root)} && env CHUHAN_HOME=${JSON.stringify(home)} ${prefix}node bin/chuhan.js play ${args}; echo "EXIT=$?"; sleep 60`;
  tmux('new-session', '-d', '-s', name, '-x', String(columns), '-y', String(rows), cmd);
  return name;
}

const screen = (name: string): string => tmux('capture-pane', '-t', name, '-p');

/**
 * The screen once it shows `what` and has stopped changing (two equal captures 100 ms apart): on a
 * busy machine a capture can catch a frame half drawn, with the move list new and the status old.
 * The wait is generous (the tests start a dozen node processes at once, slow on a loaded machine);
 * it ends as soon as the screen shows `what`.
 */
async function waitFor(name: string, pred: (s: string) => boolean, what: string, ms = 45_000): Promise<string> {
  const end = Date.now() + ms;
  let last: string | undefined;
  for (;;) {
    const s = screen(name);
    if (pred(s) && s === last) return s;
    last = pred(s) ? s : undefined;
    if (Date.now() > end) throw new Error(`tmux screen never showed ${what}:\n${s}`);
    await sleep(100);
  }
}

/** Types a line (literally, so CJK and + - . reach the program as typed) and presses Enter. */
function type(name: string, text: string): void {
  tmux('send-keys', '-t', name, '-l', text);
  tmux('send-keys', '-t', name, 'Enter');
}

/** Runs a command as root without CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH (util-linux setpriv). */
const ROOT_WITHOUT_DAC = 'setpriv --inh-caps=-all --bounding-set=-dac_override,-dac_read_search';

const prompt = (s: string) => /^> /m.test(s) || /^>$/m.test(s);

beforeAll(() => {
  if (!hasTmux) return;
  // bin/chuhan.js runs the bundle (dist/bundle, esbuild from src in about a second)
  const main = join(root, 'dist/bundle/main.js');
  if (!existsSync(main) || statSync(main).mtimeMs < newestSource(join(root, 'src'))) {
    execFileSync(process.execPath, [join(root, 'scripts/bundle.mjs')], { cwd: root });
  }
}, 120_000);

afterAll(() => {
  if (hasTmux) spawnSync('tmux', ['-L', socket, 'kill-server']);
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

  it('chu shogi board fits a 120×40 terminal', async () => {
    const home = tempDir('tmux');
    const w = start('-v chu --black human', home);
    let s = await waitFor(w, prompt, 'the prompt');
    type(w, '7i7h');
    s = await waitFor(w, (x) => x.includes('1. 7i7h'), 'the move');
    expect(s).toContain('│▲横│▲竖│▲飞│▲马│▲龙│▲狮│▲奔│▲龙│▲马│▲飞│▲竖│▲横│ j');
    expect(s).toContain('gote to move · last move 7i7h');
    type(w, 'quit');
    await waitFor(w, (x) => x.includes('EXIT=0'), 'the exit');
  }, 120_000);

  // the layouts (issue 17): at 80×24 both games, at 60×20 xiangqi, compact, with both royals and the
  // input line on screen; at 30×10 the one-line size message; a resize redraws in the new layout
  for (const [variant, columns, rows, royals] of [
    ['xiangqi', 80, 24, ['▲帥', '▽將']],
    ['chu', 80, 24, ['▲王', '▽王']],
    ['xiangqi', 60, 20, ['▲帥', '▽將']],
  ] as const) {
    it(`${variant} at ${columns}×${rows}: the whole board, both royals and the input line`, async () => {
      const home = tempDir('tmux');
      try {
        const w = start(`-v ${variant} --black human`, home, columns, rows);
        let s = await waitFor(w, prompt, 'the prompt');
        type(w, variant === 'chu' ? '7i7h' : 'h2e2');
        s = await waitFor(w, (x) => x.includes(variant === 'chu' ? '1. 7i7h' : '1. h2e2'), 'the move in the list');
        for (const r of royals) expect(s).toContain(r);
        expect(prompt(s)).toBe(true);
        expect(s).toMatch(variant === 'chu' ? /^ {4}12 {2}11/m : /^ {5}a {3}b {3}c/m);
        expect(s.split('\n').filter((l) => l.includes('├'))).toEqual([]); // compact
        type(w, 'quit');
        await waitFor(w, (x) => x.includes('EXIT=0'), 'the exit');
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    }, 120_000);
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
      await waitFor(w, (x) => x.includes('too small: needs 41×19'), 'the size message');
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
    expect(flat(s)).toContain(`warning: games cannot be saved in ${home}/games: permission denied; make it writable or set CHUHAN_HOME to a writable folder`);
    expect(s).not.toContain('1. ');
    type(w, 'h2e2');
    await waitFor(w, (x) => x.includes('1. h2e2'), 'the move');
    type(w, 'quit');
    s = await waitFor(w, (x) => x.includes('EXIT='), 'the exit');
    expect(flat(s)).toContain(`chuhan: the game was not saved: games cannot be saved in ${home}/games: permission denied`);
    expect(s).toContain('EXIT=1');
  }, 120_000);
});
