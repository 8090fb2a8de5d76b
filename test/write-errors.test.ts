/**
 * Issue 44, deliverable 5: a failure to write the output is not a closed pipe. EPIPE stays quiet
 * (exit 141); a full disk (`> /dev/full`: ENOSPC) is said in one sentence on stderr and exits 2
 * (cli.md: an I/O failure, like unreadable input). CLI cases spawn the built `dist/`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, writeFileSync } from 'node:fs';
import { removeTempDirs, tempDir } from './helpers/tmp.js';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFailure } from '../src/tui/io.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'bin/chuhan.js');
const GAMES = join(root, 'fixtures/games/xiangqi/bulk_games_uci.pgn');
const hasFull = existsSync('/dev/full');
afterAll(removeTempDirs);

/** Runs the CLI with stdout on /dev/full. */
function toFull(args: string[], input?: string): { code: number | null; stderr: string } {
  const fd = openSync('/dev/full', 'w');
  try {
    const r = spawnSync(process.execPath, [bin, ...args], { input, stdio: ['pipe', fd, 'pipe'], encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    return { code: r.status, stderr: r.stderr };
  } finally {
    closeSync(fd);
  }
}

const SENTENCE = 'chuhan: cannot write the output: no space is left on the device (ENOSPC)\n';

describe('write errors', () => {
  it('the sentence of each error; EPIPE has none', () => {
    const e = (code: string) => Object.assign(new Error(`${code}: x`), { code });
    expect(writeFailure(e('EPIPE'), 'output')).toBeNull();
    expect(writeFailure(e('ENOSPC'), 'output')).toBe('cannot write the output: no space is left on the device (ENOSPC)');
    expect(writeFailure(e('EIO'), 'output')).toBe('cannot write the output: an input/output error on the device (EIO)');
    expect(writeFailure(e('EBADF'), 'output')).toBe('cannot write the output: it is not open for writing (EBADF)');
    // an unknown error: its message, escaped
    expect(writeFailure(new Error('odd\x1b]0;x\x07'), 'output')).toBe('cannot write the output: odd\\x1b]0;x\\x07');
  });

  it.skipIf(!hasFull)('validate F > /dev/full: one sentence, exit 2 (quick and whole CLI)', () => {
    for (const args of [['validate', GAMES], ['validate', GAMES, '--json'], ['moves'], ['moves', '--json'], ['show'], ['--version']]) {
      const r = toFull(args);
      expect([args.join(' '), r.code]).toEqual([args.join(' '), 2]);
      expect(r.stderr).toBe(SENTENCE);
    }
  });

  it.skipIf(!hasFull)('repl > /dev/full: one sentence, exit 2', () => {
    const r = toFull(['repl'], 'show\nmoves\n');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(SENTENCE);
  });

  it('stdout open only for reading (EBADF): one sentence, exit 2', () => {
    const fd = openSync('/dev/null', 'r');
    try {
      const r = spawnSync(process.execPath, [bin, 'validate', GAMES], { stdio: ['ignore', fd, 'pipe'], encoding: 'utf8' });
      expect(r.status).toBe(2);
      expect(r.stderr.split('\n').filter((l) => l.startsWith('chuhan:'))).toEqual(['chuhan: cannot write the output: it is not open for writing (EBADF)']);
    } finally {
      closeSync(fd);
    }
  });

  it('a closed pipe is still quiet: exit 141, nothing on stderr', async () => {
    const r = await new Promise<{ code: number | null; stderr: string }>((done) => {
      // 40,000 games: about 1 MB of report lines, far more than a pipe holds (hostile.test.ts problem 4)
      const many = join(tempDir('write-errors'), 'many.pgn');
      writeFileSync(many, Array.from({ length: 40_000 }, (_, i) => `[Event "g${i}"]\n\n1. h2e2 h9g7 *\n`).join('\n'));
      const child = spawn(process.execPath, [bin, 'validate', many], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      child.stdout.once('data', () => child.stdout.destroy());
      child.on('close', (code) => done({ code, stderr }));
    });
    expect(r).toEqual({ code: 141, stderr: '' });
  });
});
