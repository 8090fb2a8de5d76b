/**
 * Issue 44, deliverable 2: engines are untrusted input. A scripted hostile engine
 * (fixtures/engines/hostile-uci.mjs) writes a line that never ends, terminal escapes in its `id
 * name`, `info string` and move, floods its output, or falls silent: each ends in one sentence
 * naming the engine, no raw escape reaches what is shown, memory stays bounded, and the engine
 * process is ended.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EngineClient, engineText } from '../src/engine-client/client.js';
import { lineSplitter, MAX_LINE_BYTES } from '../src/engine-client/process.js';
import { XIANGQI_XBOARD as XIANGQI } from '../src/games/xiangqi/xboard.js';
import { formatIccs } from '../src/games/xiangqi/notation/iccs.js';
import { getGame } from '../src/games/registry.js';
import { evaluationLine, externalComputer } from '../src/tui/engine-computer.js';
import type { EngineEntry } from '../src/engine-client/config.js';
import { runCli } from './helpers/cli.js';
import { removeTempDirs, tempDir } from './helpers/tmp.js';

afterAll(removeTempDirs);

const node = JSON.stringify(process.execPath);
const hostile = (mode: string) => `${node} fixtures/engines/hostile-uci.mjs ${mode}`;
const xqStart = () => XIANGQI.start();
/** No ESC, BEL, CSI or bidi override: nothing a terminal would act on. */
const RAW = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

const open = (mode: string, answerMs = 3000) => EngineClient.open({ name: `hostile-${mode}`, command: hostile(mode), protocol: 'uci' }, { answerMs, graceMs: 300 });

describe('the line splitter', () => {
  it('splits across chunks, keeps a UTF-8 character split between chunks, drops \\r', () => {
    const lines: string[] = [];
    const split = lineSplitter(100, (l) => lines.push(l), () => lines.push('LONG'));
    const bytes = Buffer.from('a\r\n帅b\nc');
    for (let i = 0; i < bytes.length; i++) split(bytes.subarray(i, i + 1));
    split(Buffer.from('d\n'));
    expect(lines).toEqual(['a', '帅b', 'cd']);
  });

  it('a line over the limit is reported once and dropped up to its newline; the next line is read', () => {
    const lines: string[] = [];
    let long = 0;
    const split = lineSplitter(10, (l) => lines.push(l), () => long++);
    split(Buffer.from('ok\n0123456789'));
    split(Buffer.from('0123456789'.repeat(5)));
    split(Buffer.from('tail\nnext\n'));
    expect([lines, long]).toEqual([['ok', 'next'], 1]);
    // exactly the limit is a line
    split(Buffer.from('0123456789\n'));
    expect(lines.at(-1)).toBe('0123456789');
  });
});

describe('hostile engines', () => {
  it('a line without end in the handshake: an error naming the engine, not a RangeError', async () => {
    const before = process.memoryUsage().rss;
    const r = await open('endless-hello');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toBe(`the engine hostile-endless-hello was ended: it wrote a line longer than ${MAX_LINE_BYTES / 1024} KiB`);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('a line without end while thinking: the search fails with the sentence, the engine is gone', async () => {
    const r = await open('endless');
    if (!r.ok) throw new Error(r.error.message);
    const a = await r.value.search({ game: 'xiangqi', start: xqStart(), moves: [], limits: { timeMs: 5000 } }).promise;
    expect(!a.ok && a.error.message).toBe('the engine hostile-endless was ended: it wrote a line longer than 64 KiB');
    expect(r.value.alive).toBe(false);
    await r.value.close();
  });

  it('escapes in id name, info string and after the move: the name is escaped, the move is played', async () => {
    const r = await open('escapes');
    if (!r.ok) throw new Error(r.error.message);
    const c = r.value;
    expect(c.name).toBe('Evil\\x1b]0;pwned\\x07\\x1b[2J\\x1b[31mU+202EEngine');
    expect(c.name).not.toMatch(RAW);
    const a = await c.search({ game: 'xiangqi', start: xqStart(), moves: [], limits: { timeMs: 200 } }).promise;
    expect(a.ok && formatIccs(a.value.move)).toBe('h2e2');
    await c.close();
  });

  it('a move made of escapes: an illegal-move sentence with the move quoted and escaped', async () => {
    const r = await open('escape-move');
    if (!r.ok) throw new Error(r.error.message);
    const a = await r.value.search({ game: 'xiangqi', start: xqStart(), moves: [], limits: { timeMs: 200 } }).promise;
    expect(!a.ok && a.error.kind).toBe('illegal-move');
    if (!a.ok) {
      expect(a.error.message).toMatch(/^the engine hostile-escape-move played "\\x1b\]0;pwned\\x07\\x1b\[2J", which is not a legal move/);
      expect(a.error.message).not.toMatch(RAW);
    }
    await r.value.close();
  });

  it('a flood of output without a move: ended with a sentence, memory bounded', async () => {
    const r = await open('flood');
    if (!r.ok) throw new Error(r.error.message);
    const before = process.memoryUsage().rss;
    let infos = 0;
    const a = await r.value.search({ game: 'xiangqi', start: xqStart(), moves: [], limits: { timeMs: 300 }, onInfo: () => infos++ }).promise;
    expect(a.ok).toBe(false);
    if (!a.ok)
      expect(a.error.message).toMatch(
        /^the engine hostile-flood( was ended: it wrote more than 64 MiB in 10 s|( wrote [\d,]+ lines but)? gave no move in time, nor when told to move now; it was ended)$/,
      );
    expect(infos).toBeGreaterThan(0);
    expect(r.value.alive).toBe(false);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    await r.value.close();
  });

  it('silence: after its time and the grace, a no-answer sentence and the engine is ended', async () => {
    const r = await open('silent');
    if (!r.ok) throw new Error(r.error.message);
    const a = await r.value.search({ game: 'xiangqi', start: xqStart(), moves: [], limits: { timeMs: 50 } }).promise;
    expect(!a.ok && a.error).toEqual({ kind: 'no-answer', message: 'the engine hostile-silent gave no move in time, nor when told to move now; it was ended' });
    expect(r.value.alive).toBe(false);
    await r.value.close();
  });

  it('engineText escapes and cuts', () => {
    expect(engineText('a\x1bb')).toBe('a\\x1bb');
    expect(engineText('x'.repeat(100))).toBe(`${'x'.repeat(59)}…`);
  });
});

describe('hostile engines in the front ends', () => {
  const entry = (mode: string): EngineEntry => ({ name: `h-${mode}`, command: hostile(mode), protocol: 'uci', games: ['xiangqi'], source: 'command', path: process.execPath });
  const xq = getGame('xiangqi');

  it('play and repl: the evaluation line shows the escaped name; a failing engine rejects with a clean sentence', async () => {
    const good = externalComputer(entry('escapes'), 200);
    const pos = XIANGQI.start();
    const m = await good.choose({ game: xq, pos, level: 1 });
    expect(m && formatIccs(m)).toBe('h2e2');
    const e = good.lastEvaluation;
    expect(e).not.toBeNull();
    const line = evaluationLine(e!, 0, (s) => xq.sideNames[s]!, (_p, mv) => formatIccs(mv));
    expect(line).toContain('Evil\\x1b]0;pwned');
    expect(line).not.toMatch(RAW);
    await good.close();
    for (const mode of ['endless', 'escape-move']) {
      const bad = externalComputer(entry(mode), 100);
      const why = await bad.choose({ game: xq, pos: XIANGQI.start(), level: 1 }).then(
        () => 'moved',
        (err: Error) => err.message,
      );
      expect(why).toMatch(new RegExp(`^the engine h-${mode} `));
      expect(why).not.toMatch(RAW);
      await bad.close();
    }
  });

  it('analyse --engine: an info line the same as the one before is shown and kept once; --json keeps at most the last 1,000', async () => {
    const text = await runCli(['analyse', '--engine', hostile('repeat'), '--time', '100']);
    expect(text.code).toBe(0);
    const lines = text.stdout.split('\n').filter((l) => l !== '');
    expect(lines.filter((l) => l.startsWith('depth 1 '))).toHaveLength(1);
    // lines that differ are all shown
    expect(lines.filter((l) => l.startsWith('depth 2 '))).toHaveLength(5_000);
    expect(lines.at(-1)).toBe('bestmove h2e2');
    const json = await runCli(['analyse', '--json', '--engine', hostile('repeat'), '--time', '100']);
    expect(json.code).toBe(0);
    const r = JSON.parse(json.stdout) as { iterations: { depth: number; nodes: number }[]; bestmove: string; iterationsLeftOut?: number };
    expect(r.iterations).toHaveLength(1000);
    expect(r.iterations.at(-1)).toMatchObject({ depth: 2, nodes: 5_001 });
    expect(r.iterationsLeftOut).toBe(5_001 - 1000);
    expect(r.bestmove).toBe('h2e2');
  });

  it('analyse --engine and engines --check: nothing raw on stdout or stderr', async () => {
    const home = tempDir('hostile-engine');
    const fake = join(process.cwd(), 'fixtures/engines/hostile-uci.mjs');
    const engines = Object.fromEntries(
      ['escapes', 'endless', 'escape-move', 'endless-hello'].map((m) => [m, { command: `${process.execPath} ${fake} ${m}`, protocol: 'uci', games: ['xiangqi'] }]),
    );
    writeFileSync(join(home, 'engines.json'), JSON.stringify({ engines }));
    const env = { CHUHAN_HOME: home, PATH: process.env.PATH };
    const ok = await runCli(['analyse', '--engine', 'escapes', '--time', '100'], env);
    expect(ok.stderr).toBe('engine: Evil\\x1b]0;pwned\\x07\\x1b[2J\\x1b[31mU+202EEngine (uci)\n');
    expect(ok.stdout).toMatch(/bestmove /);
    expect(ok.code).toBe(0);
    for (const m of ['endless', 'escape-move', 'endless-hello']) {
      const bad = await runCli(['analyse', '--engine', m, '--time', '100'], env);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toMatch(new RegExp(`^(engine: Hostile \\(uci\\)\\n)?chuhan: the engine ${m} .*\\n$`));
      expect(bad.stderr + bad.stdout).not.toMatch(RAW);
    }
    const check = await runCli(['engines', '--check'], env);
    expect(check.stdout).toContain('[Evil\\x1b]0;pwned');
    expect(check.stdout).toContain('[error: the engine endless-hello was ended: it wrote a line longer than 64 KiB]');
    expect(check.stdout + check.stderr).not.toMatch(RAW);
  }, 30_000);
});
