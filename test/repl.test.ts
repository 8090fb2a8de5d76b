/**
 * `chuhan repl` end to end: the real launcher (bin/chuhan.js → dist) with a script on stdin, plus
 * in-process runs of runRepl for the computer player.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { getGame } from '../src/games/registry.js';
import { placeholderPlayer } from '../src/tui/computer.js';
import { runRepl } from '../src/tui/repl.js';
import { Session } from '../src/tui/session.js';
import { removeTempDirs, tempDir } from './helpers/tmp.js';
import { newestSource } from './helpers/build.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'bin/chuhan.js');

beforeAll(() => {
  // `npm test` builds first; a lone `vitest run test/repl.test.ts` rebuilds a stale dist
  const main = join(root, 'dist/cli/main.js');
  if (!existsSync(main) || statSync(main).mtimeMs < newestSource(join(root, 'src'))) {
    execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: root });
  }
}, 120_000);
afterAll(removeTempDirs);

function repl(script: string, args: string[] = [], cwd = root) {
  const r = spawnSync(process.execPath, [bin, 'repl', ...args], {
    input: script,
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('chuhan repl with piped stdin', () => {
  it('new game, moves in three notations, an illegal move, undo, save, load', () => {
    const dir = tempDir('repl');
    const script = [
      'new',
      'move h2e2',
      'H8+7',
      '炮五进四',
      'e3e5',
      'bogus',
      'undo',
      'status',
      'save game.pgn',
      'new',
      'load game.pgn',
      'fen',
      'moves b0',
      'quit',
      'move a0a1',
    ].join('\n');
    const r = repl(script + '\n', [], dir);
    expect(r.stdout.split('\n')).toEqual([
      'new xiangqi game; red to move',
      '1. h2e2',
      '1... h9g7',
      '2. e2e6',
      'took back 1 move; red to move · last move h9g7',
      'red to move · last move h9g7',
      'saved 2 plies to game.pgn',
      'new xiangqi game; red to move',
      'loaded 2 plies from game.pgn; red to move · last move h9g7',
      'rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2',
      'b0a2 b0c2',
      '2 legal moves',
      '',
    ]);
    const err = r.stderr.split('\n');
    expect(err[0]).toMatch(/^error: .*e3e5/);
    expect(err[1]).toBe('error: unknown command "bogus" (type help)');
    expect(err[2]).toBe('chuhan: some commands failed (see the errors above)');
    expect(err).toHaveLength(4);
    expect(r.code).toBe(1);
    const pgn = readFileSync(join(dir, 'game.pgn'), 'utf8');
    expect(pgn).toContain('[Variant "xiangqi"]');
    expect(pgn).toMatch(/\n1\. h2e2 h9g7 \*\n$/);
  });

  it('exit 0 when every command succeeded; the board has no colour in a pipe', () => {
    const r = repl('h2e2\nshow\n');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('│▽車│▽馬│▽象│▽士│▽將│▽士│▽象│▽馬│▽車│');
    expect(r.stdout).toContain('│　 │▲炮│　 │　 │▲炮│　 │　 │　 │　 │');
    expect(r.stdout).not.toContain('\x1b[');
  });

  it('options: chu from --variant, ascii boards; an empty script is fine', () => {
    const r = repl('7i7h\nshow\n', ['-v', 'chu', '--style', 'ascii']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('1. 7i7h');
    expect(r.stdout).toContain('| L | F | C | S | G | K | E | G | S | C | F | L | l');
    expect(repl('').code).toBe(0);
    const bad = repl('', ['--fen', 'nonsense']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^chuhan: bad FEN: /);
  });
});

describe('runRepl in process', () => {
  async function run(lines: string[], session = new Session(getGame('xiangqi')), maxAutoPlies?: number) {
    let out = '';
    let err = '';
    const code = await runRepl({
      session,
      computer: placeholderPlayer(7),
      input: Readable.from([lines.join('\n') + '\n']),
      io: { out: (t) => void (out += t), err: (t) => void (err += t) },
      maxAutoPlies,
    });
    return { code, out, err, session };
  }

  it('go lets the computer move for the side to move', async () => {
    const r = await run(['h2e2', 'go', 'status']);
    expect(r.code).toBe(0);
    expect(r.session.history).toHaveLength(2);
    const lines = r.out.trim().split('\n');
    expect(lines[1]).toMatch(/^computer as black: 1\.\.\. [a-i]\d[a-i]\d/);
    expect(lines[2]).toMatch(/^red to move/);
  });

  it('a computer player answers every human move; computer vs computer stops at the cap', async () => {
    const r = await run(['players human computer', 'h2e2', 'a0a1']);
    expect(r.err).toBe('');
    expect(r.session.history).toHaveLength(4);
    const c = await run(['players computer computer'], undefined, 6);
    expect(c.session.history).toHaveLength(6);
    expect(c.out).toContain('stopped after 6 computer moves');
  });
});
