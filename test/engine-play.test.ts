/**
 * Other engines as players in the line shell (the same Session and computer players as `play`):
 * a fake UCI engine answers, the evaluation line shows the score from the human's side and the PV in
 * the move-list notation, `hint` plays nothing, engine against engine, and an engine failure leaves
 * the game as it was.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { EngineEntry } from '../src/engine-client/config.js';
import { getGame } from '../src/games/registry.js';
import type { ComputerPlayer } from '../src/tui/computer.js';
import { closeComputer, externalComputer, sideComputers } from '../src/tui/engine-computer.js';
import { runRepl } from '../src/tui/repl.js';
import { Session } from '../src/tui/session.js';

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
