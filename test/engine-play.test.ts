/**
 * Other engines as players in the line shell (the same Session and computer players as `play`):
 * a fake UCI engine answers, the evaluation line shows the score from the human's side and the PV in
 * the move-list notation, `hint` plays nothing, engine against engine, and an engine failure leaves
 * the game as it was.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { EngineEntry } from '../src/engine-client/config.js';
import { getGame } from '../src/games/registry.js';
import type { ComputerPlayer } from '../src/tui/computer.js';
import { closeComputer, externalComputer, sideComputers } from '../src/tui/engine-computer.js';
import { runRepl } from '../src/tui/repl.js';
import { Session } from '../src/tui/session.js';
import { parseTimeControl } from '../src/tui/clock.js';

const fake = (...args: string[]): EngineEntry => ({
  name: 'fk',
  command: `${JSON.stringify(process.execPath)} fixtures/engines/fake-uci.mjs uci ${args.join(' ')}`,
  protocol: 'uci',
  games: [],
  source: 'command',
  path: null,
});

async function run(lines: string[], computer: ComputerPlayer, players: ['human' | 'computer', 'human' | 'computer']) {
  const session = new Session(getGame('xiangqi'), { players });
  let out = '';
  let err = '';
  try {
    const code = await runRepl({
      session,
      computer,
      input: Readable.from(lines.map((l) => l + '\n')),
      io: { out: (t) => void (out += t), err: (t) => void (err += t) },
    });
    return { code, out, err, session };
  } finally {
    await closeComputer(computer);
  }
}

describe('other engines in the shell', () => {
  it('the engine answers; eval shows score from the human side, depth and PV in the notation; hint plays nothing', async () => {
    const r = await run(['eval on', 'notation wxf', 'h2e2', 'hint'], externalComputer(fake('script', 'h10g8', 'b1c3', 'c10e8'), 50), ['human', 'computer']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(lines).toContain('computer as black: 1... h9g7 (H8+7)');
    // the fake says mate in 3 for the side to move (black): from red's side that is #-3
    expect(lines).toContain('eval #-3 (red) depth 2 · Fake UCI · H8+7 H8+7');
    // the hint (red's horse b0c2) and its line, red to move: #3 for red
    expect(lines.slice(-2)).toEqual(['hint: H8+7', 'eval #3 (red) depth 2 · Fake UCI · H8+7 E3+5']);
    expect(r.session.history.length).toBe(2);
  });

  it('engine against engine: each side asks its own engine', async () => {
    const c = sideComputers([externalComputer(fake('script', 'h3e3', 'h1g3'), 30), externalComputer(fake('script', 'h10g8'), 30)], externalComputer(fake('script'), 30));
    const r = await run(['go'], c, ['computer', 'computer']);
    const moves = r.out.split('\n').filter((l) => l.startsWith('computer as'));
    expect(moves).toEqual(['computer as red: 1. h2e2', 'computer as black: 1... h9g7', 'computer as red: 2. h0g2']);
    // black's script is used up: no move, the shell stops asking
    expect(r.err).toMatch(/found no legal move/);
    expect(r.session.history.length).toBe(3);
  });

  it('an engine that dies: one error, the game unchanged, the shell goes on', async () => {
    const r = await run(['h2e2', 'players human human', 'h9g7'], externalComputer(fake('die'), 30), ['human', 'computer']);
    expect(r.err).toMatch(/^error: the computer failed: the engine fk stopped \(exit code 3\)\n$/);
    expect(r.code).toBe(1);
    expect(r.session.history.length).toBe(2);
  });
});

describe('seeded choices below the top level', () => {
  it('the same seed repeats the computer\'s game; level shows the seed', async () => {
    const { builtinComputer } = await import('../src/tui/engine-computer.js');
    const game = async (seed: number) => {
      const session = new Session(getGame('xiangqi'), { players: ['computer', 'computer'], level: 4, seed });
      let out = '';
      await runRepl({
        session,
        computer: builtinComputer(),
        input: Readable.from(['level\n', 'go\n']),
        io: { out: (t) => void (out += t), err: () => {} },
        maxAutoPlies: 6,
      });
      return { out, moves: session.history.join(',') };
    };
    const a = await game(7);
    const b = await game(7);
    expect(a.out.split('\n')[0]).toBe('level 4 (seed 7)');
    expect(a.moves.split(',').length).toBeGreaterThanOrEqual(6);
    expect(b.moves).toBe(a.moves);
  }, 60_000);
});

describe('clocks reach other engines through their protocol (play --tc)', () => {
  const entry = (protocol: 'uci' | 'usi' | 'xboard', ...args: string[]): EngineEntry => ({
    name: 'fk',
    command:
      protocol === 'xboard'
        ? `${JSON.stringify(process.execPath)} fixtures/matches/fake-engine.mjs ${args.join(' ')}`
        : `${JSON.stringify(process.execPath)} fixtures/engines/fake-uci.mjs ${protocol} ${args.join(' ')}`,
    protocol,
    games: [],
    source: 'command',
    path: null,
  });

  /** The human (first side) moves 2 s into the game; the engine answers; what the engine was sent. */
  async function sent(id: 'xiangqi' | 'chushogi', control: string, human: string, computer: ComputerPlayer): Promise<string[]> {
    const dir = mkdtempSync(join(tmpdir(), 'chuhan-clock-'));
    const log = join(dir, 'log.txt');
    let t = 0;
    const tc = parseTimeControl(control);
    if (!tc.ok) throw new Error(tc.error);
    const session = new Session(getGame(id), { players: ['human', 'computer'], timeControl: tc.value, now: () => t });
    process.env.FAKE_ENGINE_LOG = log;
    try {
      t = 2000;
      let err = '';
      const code = await runRepl({ session, computer, input: Readable.from([human + '\n']), io: { out: () => {}, err: (e) => void (err += e) } });
      expect(err).toBe('');
      expect(code).toBe(0);
      expect(session.history.length).toBe(2);
      return readFileSync(log, 'utf8').split('\n');
    } finally {
      delete process.env.FAKE_ENGINE_LOG;
      await closeComputer(computer);
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('UCI: go wtime btime winc binc (Fischer 5+3: red has used 2 s and got 3 s back)', async () => {
    const lines = await sent('xiangqi', '5+3', 'h2e2', externalComputer(entry('uci', 'script', 'h10g8'), 50));
    expect(lines).toContain('go wtime 304000 btime 303000 winc 3000 binc 3000');
    expect(lines.some((l) => l.includes('movetime'))).toBe(false);
  });

  it('UCI: movestogo for a 40/300 control', async () => {
    const lines = await sent('xiangqi', '40/300', 'h2e2', externalComputer(entry('uci', 'script', 'h10g8'), 50));
    expect(lines).toContain('go wtime 298000 btime 300000 movestogo 40');
  });

  it('USI: go btime wtime byoyomi (chu, 10m+30s)', async () => {
    const lines = await sent('chushogi', '10m+30s', '7i7h', externalComputer(entry('usi', 'script', '7d7e'), 50));
    expect(lines).toContain('go btime 598000 wtime 600000 byoyomi 30000');
  });

  it('USI: an engine that declares USI_Variant is told chushogi before its first position', async () => {
    process.env.FAKE_USI_VARIANT = '1';
    try {
      const lines = await sent('chushogi', '10m+30s', '7i7h', externalComputer(entry('usi', 'script', '7d7e'), 50));
      const set = lines.indexOf('setoption name USI_Variant value chushogi');
      expect(set).toBeGreaterThan(0);
      expect(set).toBeLessThan(lines.findIndex((l) => l.startsWith('position ')));
    } finally {
      delete process.env.FAKE_USI_VARIANT;
    }
    // without the option nothing is set
    const plain = await sent('chushogi', '10m+30s', '7i7h', externalComputer(entry('usi', 'script', '7d7e'), 50));
    expect(plain.some((l) => l.includes('USI_Variant'))).toBe(false);
  });

  it('xboard: level, then time and otim in centiseconds before the engine moves', async () => {
    const lines = await sent('xiangqi', '5+3', 'h2e2', externalComputer(entry('xboard', 'script', 'h9g7'), 50));
    const time = lines.indexOf('time 30300');
    expect(lines).toContain('level 0 5:03 3');
    expect(time).toBeGreaterThan(0);
    expect(lines[time + 1]).toBe('otim 30400');
    // the move request comes after the clocks
    expect(lines.slice(time + 2).some((l) => l === 'go' || l.startsWith('usermove') || /^[a-i]\d/.test(l))).toBe(true);
  });
});

describe('saved games name the engine and its version, not "computer"', () => {
  const tag = (record: string, name: string) => new RegExp(`^\\[${name} "(.*)"\\]$`, 'm').exec(record)?.[1];

  it('an external engine: its own id name once it has answered (before: our name for it)', async () => {
    const computer = externalComputer(fake('script', 'h10g8'), 50);
    const before = new Session(getGame('xiangqi'), { players: ['human', 'computer'] });
    before.computerRecordName = (side, level) => computer.recordName!(side, level);
    expect(tag(before.record(), 'Black')).toBe('fk');
    const r = await run(['h2e2'], computer, ['human', 'computer']);
    expect(r.session.history).toHaveLength(2);
    const record = r.session.record();
    expect(tag(record, 'Red')).toBe('human');
    expect(tag(record, 'Black')).toBe('Fake UCI');
    // the players' kinds stay in ChuhanPlayers, so play --resume restores them
    expect(tag(record, 'ChuhanPlayers')).toBe('human computer');
    // other programs' dialects get the names too (save F --dialect xboard)
    const xb = r.session.recordAs('xboard');
    if (!xb.ok) throw new Error(xb.error);
    expect(tag(xb.value, 'White')).toBe('human');
    expect(tag(xb.value, 'Black')).toBe('Fake UCI');
  });

  it('the built-in engine: chuhan, its version and the level (play and repl pass the version)', async () => {
    const { choosePlayers } = await import('../src/cli/player-choice.js');
    const { VERSION } = await import('../src/cli/version.js');
    const { computer } = choosePlayers({}, {});
    expect(computer.recordName?.(0, 3)).toBe(`chuhan ${VERSION} level 3`);
    const session = new Session(getGame('chushogi'), { players: ['computer', 'human'], level: 5 });
    const r = await runRepl({ session, computer, input: Readable.from([]), io: { out: () => {}, err: () => {} }, maxAutoPlies: 0 });
    expect(r).toBe(0);
    const record = session.record();
    expect(tag(record, 'Sente')).toBe(`chuhan ${VERSION} level 5`);
    expect(tag(record, 'Gote')).toBe('human');
    // one engine per side: each side's own name
    const both = sideComputers([externalComputer(fake('script'), 30), null], computer);
    session.players = ['computer', 'computer'];
    session.computerRecordName = (side, level) => both.recordName!(side, level);
    const two = session.record();
    expect(tag(two, 'Sente')).toBe('fk');
    expect(tag(two, 'Gote')).toBe(`chuhan ${VERSION} level 5`);
    await closeComputer(both);
  });
});
