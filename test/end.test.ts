/**
 * How games end, through the commands: single-position endings (`moves --json` status),
 * `validate --json` with every reason of the result type, `validate --explain`, and play/repl
 * (warning, then the result).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REASONS } from '../src/core/history.js';
import { getGame } from '../src/games/registry.js';
import { positionResult, positionStatus } from '../src/notation/status.js';
import { Session } from '../src/tui/session.js';
import { casesPgn, loadCases } from './end-helpers.js';
import { runCli } from './helpers/cli.js';
import { removeTempDirs, tempDir } from './helpers/tmp.js';
import { formatProblem } from '../src/core/problem.js';

const tmp = tempDir('end');
afterAll(removeTempDirs);
const file = (name: string, text: string): string => {
  const p = join(tmp, name);
  writeFileSync(p, text);
  return p;
};

interface GameJson {
  index: number;
  ok: boolean;
  plies: number;
  result: string;
  reason: string | null;
  detail?: string;
  endPly?: number;
  explain?: { occurrences: number[]; from: number; to: number; moves: { ply: number; side: string; move: string; check: boolean; chases: string[] }[]; ruling: string };
}

async function validate(path: string, ...args: string[]): Promise<{ code: number; games: GameJson[] }> {
  const r = await runCli(['validate', path, '--json', ...args]);
  return { code: r.code, games: (JSON.parse(r.stdout) as { games: GameJson[] }).games };
}

describe('single-position endings', () => {
  const xq = getGame('xiangqi');
  const chu = getGame('chushogi');
  const pos = (g: typeof xq, fen: string) => {
    const r = g.parseFen(fen);
    if (!r.ok) throw new Error(formatProblem(r.error));
    return r.value;
  };

  it('xiangqi: checkmate and stalemate lose, bare generals draw', () => {
    expect(positionStatus(xq, pos(xq, '3k5/9/9/9/9/9/9/9/r8/r3K4 w - - 0 1'))).toEqual({ reason: 'checkmate', winner: 'black' });
    expect(positionStatus(xq, pos(xq, '3k5/2R6/9/9/9/9/9/9/9/4K4 b - - 0 1'))).toEqual({ reason: 'stalemate', winner: 'red' });
    expect(positionResult(xq, pos(xq, '3k5/4a4/9/9/9/9/9/9/4A4/4K4 w - - 0 1'))).toMatchObject({ winner: null, reason: 'insufficient material' });
    // a single soldier (or chariot, horse, cannon) anywhere is enough to play on
    expect(positionResult(xq, pos(xq, '3k5/4a4/9/9/9/9/p8/9/4A4/4K4 w - - 0 1'))).toBeNull();
    expect(positionResult(xq, pos(xq, xq.startFen))).toBeNull();
  });

  it('chu: royals captured, bare king and its exceptions, two lone royals, stalemate', () => {
    // (sente to move: with gote to move and no royal it would be a mate problem, test/rules-chu.test.ts)
    expect(positionResult(chu, pos(chu, '10g1/12/12/12/12/12/12/12/12/12/R11/11K b - 1'))).toMatchObject({
      winner: 0,
      reason: 'royals captured',
    });
    // gote is a lone king against king + rook + gold: bare king, whoever is to move
    for (const side of ['b', 'w'])
      expect(positionResult(chu, pos(chu, `11k/12/10R1/12/12/12/12/12/12/12/12/KG10 ${side} - 1`))).toMatchObject({
        winner: 0,
        reason: 'bare king',
      });
    // king + one gold, the gold next to the lone king: not bare king (it could be taken)
    expect(positionResult(chu, pos(chu, '11k/10G1/12/12/12/12/12/12/12/12/12/K11 w - 1'))).toBeNull();
    // king + pawns and go-betweens only: no bare king
    expect(positionResult(chu, pos(chu, '11k/12/12/12/12/12/12/12/12/I11/P11/K11 b - 1'))).toBeNull();
    // the lone king gives check: no bare king
    expect(positionResult(chu, pos(chu, '11k/10K1/12/12/12/12/12/12/12/12/G11/R11 b - 1'))).toBeNull();
    // a crown prince and a king are two royals: not bared
    expect(positionResult(chu, pos(chu, '10+ek/12/12/12/12/12/12/12/12/12/G11/RK10 b - 1'))).toBeNull();
    expect(positionResult(chu, pos(chu, '11k/12/12/12/12/12/12/12/12/12/12/K11 b - 1'))).toMatchObject({
      winner: null,
      reason: 'insufficient material',
    });
    expect(positionResult(chu, pos(chu, chu.startFen))).toBeNull();
  });

  it('moves --json reports the game-over reason and result', async () => {
    const r = await runCli(['moves', '--json', '--fen', '11k/12/10R1/12/12/12/12/12/12/12/12/KG10 b - 1']);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'bare king', winner: 'sente', result: '1-0' });
    const s = await runCli(['moves', '--json', '--fen', '3k5/2R6/9/9/9/9/9/9/9/4K4 b - - 0 1']);
    expect(JSON.parse(s.stdout)).toMatchObject({ status: 'stalemate', winner: 'red', result: '1-0', moves: [] });
  });
});

describe('validate: every reason, from records', () => {
  it('the hand-made xiangqi and chu cases end as the rules say', async () => {
    for (const id of ['xiangqi', 'chushogi'] as const) {
      const cases = loadCases(id);
      const { code, games } = await validate(file(`${id}.pgn`, casesPgn(id, cases)));
      expect(code).toBe(0);
      games.forEach((g, i) => {
        const c = cases[i]!;
        expect({ name: c.name, result: g.result, reason: g.reason }).toEqual({ name: c.name, result: c.result, reason: c.reason });
        if (c.detail) expect(g.detail).toBe(c.detail);
      });
    }
  });

  it('resignation and agreement come from a written result the rules do not give', async () => {
    const { games } = await validate(file('written.pgn', '1. h2e2 h9g7 0-1\n\n1. h2e2 h9g7 1/2-1/2\n\n1. h2e2 h9g7 *\n'));
    expect(games.map((g) => [g.result, g.reason])).toEqual([
      ['0-1', 'resignation'],
      ['1/2-1/2', 'agreement'],
      ['*', null],
    ]);
    expect(games[0]!.detail).toMatch(/^red resigned/);
  });

  it('every reason of the result type appears', async () => {
    const seen = new Set<string>();
    for (const id of ['xiangqi', 'chushogi'] as const) {
      const { games } = await validate(file(`all-${id}.pgn`, casesPgn(id, loadCases(id))));
      for (const g of games) if (g.reason) seen.add(g.reason);
    }
    const { games } = await validate(file('written2.pgn', '1. h2e2 h9g7 1-0\n\n1. h2e2 h9g7 1/2-1/2\n'));
    for (const g of games) if (g.reason) seen.add(g.reason);
    expect([...seen].sort()).toEqual([...REASONS].sort());
  });

  it('a record that goes on after a ruling keeps its own result and notes the ruling with its ply', async () => {
    const c = loadCases('xiangqi').find((x) => x.name.startsWith('perpetual check by a soldier'))!;
    const pgn = `[FEN "${c.fen}"]\n\n${c.moves} d7e7 e8d8 *\n`;
    const path = file('goes-on.pgn', pgn);
    const { games } = await validate(path);
    expect(games[0]).toMatchObject({ plies: 10, result: '*', reason: null, rulings: [{ ply: 8, result: '0-1', reason: 'perpetual check' }] });
    const human = await runCli(['validate', path]);
    expect(human.stdout).toBe(
      'game 1: ok, 10 plies, *; ruled at ply 8 (the record goes on): 0-1 perpetual check: red soldier gave check with every move at plies 1–8\n',
    );
  });
});

describe('validate --explain', () => {
  const chase = loadCases('xiangqi').find((x) => x.name.startsWith('fake protection'))!;
  const pgn = `[Event "pinned protector"]\n[FEN "${chase.fen}"]\n\n${chase.moves} *\n`;

  it('prints the cycle and, for each move, whether it checked or which piece it chased', async () => {
    const r = await runCli(['validate', file('explain.pgn', pgn), '--explain']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toEqual([
      'game 1: ok, 8 plies, 0-1 perpetual chase: red cannon chased the black horse on c7 at plies 1–8',
      '  position at ply 8 occurred at plies 0, 4, 8',
      '  cycle: plies 1–8',
      '       1. red   a2c2     chases black horse on c7 (by red cannon on c2)',
      '       2. black c7a8     -',
      '       3. red   c2a2     chases black horse on a8 (by red cannon on a2)',
      '       4. black a8c7     -',
      '       5. red   a2c2     chases black horse on c7 (by red cannon on c2)',
      '       6. black c7a8     -',
      '       7. red   c2a2     chases black horse on a8 (by red cannon on a2)',
      '       8. black a8c7     -',
      '  ruling: 0-1 perpetual chase: red cannon chased the black horse on c7 at plies 1–8',
      '',
    ]);
  });

  it('gives the same as JSON; checks are marked', async () => {
    const { games } = await validate(file('explain2.pgn', pgn), '--explain');
    expect(games[0]!.explain).toMatchObject({ occurrences: [0, 4, 8], from: 1, to: 8 });
    expect(games[0]!.explain!.moves[0]).toEqual({
      ply: 1,
      side: 'red',
      move: 'a2c2',
      check: false,
      chases: ['black horse on c7 (by red cannon on c2)'],
    });
    const check = loadCases('xiangqi').find((x) => x.name.startsWith('mutual perpetual check'))!;
    const r = await validate(file('explain3.pgn', `[FEN "${check.fen}"]\n\n${check.moves} *\n`), '--explain');
    expect(r.games[0]!.explain!.moves.every((m) => m.check)).toBe(true);
    expect(r.games[0]!.explain!.ruling).toBe('1/2-1/2 repetition: both sides gave check with every move at plies 1–8');
  });

  it('says nothing more for games not ended by a repetition', async () => {
    const r = await runCli(['validate', file('plain.pgn', '1. h2e2 h9g7 *\n'), '--explain']);
    expect(r.stdout).toBe('game 1: ok, 2 plies, *\n');
  });
});

describe('play and repl: a warning, then the result', () => {
  it('the side forcing the repetition is warned, then loses', () => {
    const c = loadCases('xiangqi').find((x) => x.name.startsWith('perpetual check by a soldier'))!;
    const s = new Session(getGame('xiangqi'), { fen: c.fen });
    const out: string[] = [];
    for (const m of c.moves.split(' ')) {
      const r = s.command(m);
      expect(r.ok).toBe(true);
      out.push(...r.out);
    }
    expect(out.filter((l) => l.startsWith('warning:'))[0]).toBe(
      'warning: red: this position has occurred 2 times; 2 checks in a row with 1 piece (seed 003 allows 6); repeating it once more loses by perpetual check',
    );
    expect(out.slice(-2)).toEqual(['game over: 0-1 black wins by perpetual check', '(red soldier gave check with every move at plies 1–8)']);
    expect(s.command('d7e7').ok).toBe(false);
    s.undo();
    expect(s.outcome()).toBeNull();
  });

  it('chu: plain repetition is a draw at the 4th occurrence', () => {
    const c = loadCases('chushogi').find((x) => x.name.startsWith('plain repetition'))!;
    const s = new Session(getGame('chushogi'), { fen: c.fen });
    for (const m of c.moves.split(' ')) expect(s.command(m).ok).toBe(true);
    expect(s.outcome()).toEqual({ result: '1/2-1/2', winner: null, reason: 'repetition' });
  });
});
