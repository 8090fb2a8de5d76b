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
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const hasTmux = spawnSync('tmux', ['-V'], { encoding: 'utf8' }).status === 0;
const socket = `chuhan-test-${process.pid}`;
let n = 0;

function newestSource(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newestSource(p) : statSync(p).mtimeMs);
  }
  return t;
}

const tmux = (...args: string[]): string => execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const homes: string[] = [];
/** A fresh CHUHAN_HOME, removed after the tests. */
function newHome(): string {
  const d = mkdtempSync(join(tmpdir(), 'chuhan-tmux-'));
  homes.push(d);
  return d;
}

/** The saved game files of a CHUHAN_HOME (full paths). */
const gameFiles = (home: string): string[] =>
  existsSync(join(home, 'games')) ? readdirSync(join(home, 'games')).filter((f) => f.endsWith('.pgn')).map((f) => join(home, 'games', f)) : [];

/** A `chuhan play` in a fresh 120×40 tmux window; the window stays open after the program exits. */
function start(args: string, home: string, prefix = ''): string {
  const name = `play${++n}`;
  const cmd = `cd ${JSON.stringify(root)} && env CHUHAN_HOME=${JSON.stringify(home)} ${prefix}node bin/chuhan.js play ${args}; echo "EXIT=$?"; sleep 60`;
  tmux('new-session', '-d', '-s', name, '-x', '120', '-y', '40', cmd);
  return name;
}

const screen = (name: string): string => tmux('capture-pane', '-t', name, '-p');

async function waitFor(name: string, pred: (s: string) => boolean, what: string, ms = 15_000): Promise<string> {
  const end = Date.now() + ms;
  for (;;) {
    const s = screen(name);
    if (pred(s)) return s;
    if (Date.now() > end) throw new Error(`tmux screen never showed ${what}:\n${s}`);
    await sleep(100);
  }
}

/** Types a line (literally, so CJK and + - . reach the program as typed) and presses Enter. */
function type(name: string, text: string): void {
  tmux('send-keys', '-t', name, '-l', text);
  tmux('send-keys', '-t', name, 'Enter');
}

const prompt = (s: string) => /^> /m.test(s) || /^>$/m.test(s);

beforeAll(() => {
  if (!hasTmux) return;
  const main = join(root, 'dist/cli/main.js');
  if (!existsSync(main) || statSync(main).mtimeMs < newestSource(join(root, 'src'))) {
    execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: root });
  }
}, 120_000);

afterAll(() => {
  if (hasTmux) spawnSync('tmux', ['-L', socket, 'kill-server']);
  for (const d of homes) {
    chmodSync(d, 0o700);
    rmSync(d, { recursive: true, force: true });
  }
});

describe.skipIf(!hasTmux)(`chuhan play in a real terminal (tmux)${hasTmux ? '' : ' — SKIPPED: tmux is not installed'}`, () => {
  it('shows typed moves in three notations, an error, quits on Ctrl-C with the game saved, and resumes', async () => {
    const home = newHome();
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
  }, 60_000);

  it('against the computer (the engine, on a worker thread): it answers a move', async () => {
    const home = newHome();
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
  }, 60_000);

  it('chu shogi board fits a 120×40 terminal', async () => {
    const home = newHome();
    const w = start('-v chu --black human', home);
    let s = await waitFor(w, prompt, 'the prompt');
    type(w, '7i7h');
    s = await waitFor(w, (x) => x.includes('1. 7i7h'), 'the move');
    expect(s).toContain('│▲横│▲竖│▲飞│▲马│▲龙│▲狮│▲奔│▲龙│▲马│▲飞│▲竖│▲横│ j');
    expect(s).toContain('gote to move · last move 7i7h');
    type(w, 'quit');
    await waitFor(w, (x) => x.includes('EXIT=0'), 'the exit');
  }, 60_000);
  it('a plain play after a saved game neither destroys it nor hides it; --resume restores the first game', async () => {
    const home = newHome();
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
  }, 60_000);

  it('two sessions at once: both games saved, both resumable', async () => {
    const home = newHome();
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
  }, 90_000);

  it('a read-only CHUHAN_HOME is said before the first move, and play exits 1', async () => {
    const home = newHome();
    chmodSync(home, 0o555);
    // root writes anywhere: run the program as nobody, for whom the folder is read-only
    const prefix = process.getuid?.() === 0 ? 'setpriv --reuid=65534 --regid=65534 --clear-groups ' : '';
    const w = start('--black human', home, prefix);
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
  }, 60_000);
});
