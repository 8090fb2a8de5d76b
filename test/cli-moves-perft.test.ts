import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';

describe('chuhan moves', () => {
  it('prints the 44 start moves sorted in ICCS', async () => {
    const r = await runCli(['moves']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines.length).toBe(44);
    expect([...lines].sort()).toEqual(lines);
    expect(lines).toContain('h2e2');
    expect(lines).toContain('b0c2');
  });
  it('--json has the documented shape', async () => {
    const r = await runCli(['moves', '--json', '--fen', '3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    // two bare generals: the game is drawn by insufficient material (xiangqi.md), yet the moves are listed
    expect(j).toMatchObject({ variant: 'xiangqi', turn: 'red', inCheck: false, status: 'insufficient material', result: '1/2-1/2' });
    expect(j.fen).toBe('3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1');
    expect(j.moves.map((m: { iccs: string }) => m.iccs)).toEqual(['e0e1', 'e0f0']);
    expect(j.moves[0].capture).toBe(false);
  });
  it('reports checkmate as the status', async () => {
    const r = await runCli(['moves', '--json', '--fen', '3k5/9/9/9/9/9/9/9/r8/r3K4 w - - 0 1']);
    expect(JSON.parse(r.stdout)).toMatchObject({ inCheck: true, status: 'checkmate', moves: [] });
  });
  it('a bad FEN is exit 2 with one sentence naming the field', async () => {
    const r = await runCli(['moves', '--fen', 'rnbakabnr/9/9 w']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^chuhan: FEN field 1: .+\n$/);
  });
  it('an unknown variant or notation is exit 2', async () => {
    expect((await runCli(['moves', '--variant', 'chess'])).code).toBe(2);
    expect((await runCli(['moves', '--notation', 'klingon'])).code).toBe(2);
  });
});

describe('chuhan perft', () => {
  it('prints nodes last', async () => {
    const r = await runCli(['perft', '3']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('nodes 79666\n');
    expect(r.stderr).toMatch(/nodes\/s/);
  });
  it('--divide prints one line per root move, sorted, summing to the total', async () => {
    const r = await runCli(['perft', '2', '--divide']);
    const lines = r.stdout.trim().split('\n');
    expect(lines.at(-1)).toBe('nodes 1920');
    const rows = lines.slice(0, -1);
    expect(rows.length).toBe(44);
    expect(rows.reduce((s, l) => s + Number(l.split(': ')[1]), 0)).toBe(1920);
  });
  it.each([['0'], ['x'], ['-1'], ['99']])('bad depth %s is exit 2', async (d) => {
    const r = await runCli(['perft', d]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('depth');
  });
  it('an unknown command is a usage error (exit 2)', async () => {
    expect((await runCli(['frobnicate'])).code).toBe(2);
  });
});
