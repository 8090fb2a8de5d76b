/** `chuhan moves` and `chuhan perft` for Chu Shogi (cli.md). */
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { out: (t) => void (stdout += t), err: (t) => void (stderr += t), isTTY: false, env: {} });
  return { code, stdout, stderr };
}

describe('chuhan moves --variant chushogi', () => {
  it('lists the 36 start moves in USI, sorted', async () => {
    const r = await run(['moves', '--variant', 'chushogi']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(36);
    expect([...lines].sort()).toEqual(lines);
    expect(lines).toContain('7i7h');
    expect(lines).toContain('9h9g');
  });

  it('guesses chu from a 12-rank SFEN, and shows double moves in the three-square form', async () => {
    const r = await run(['moves', '--fen', 'k11/12/12/12/12/5g6/5N6/12/12/12/12/11K b - 1']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toContain('7g7f7g');
    expect(lines).toContain('7g7f7e');
    expect(lines.filter((l) => /^7g(6f|6g|6h|7h|8f|8g|8h)7g$/.test(l))).toHaveLength(1); // one pass
  });

  it('--json', async () => {
    const r = await run(['moves', '--variant', 'chu', '--fen', 'k11/12/12/12/12/5g6/5N6/12/12/12/12/11K b - 1', '--json']);
    const v = JSON.parse(r.stdout);
    expect(v.variant).toBe('chushogi');
    expect(v.turn).toBe('sente');
    expect(v.status).toBe('ongoing');
    expect(v.fen).toBe('k11/12/12/12/12/5g6/5N6/12/12/12/12/11K b - 1');
    const igui = v.moves.find((m: { usi: string }) => m.usi === '7g7f7g');
    expect(igui.capture).toBe(true);
    expect(v.moves.find((m: { usi: string }) => m.usi === '7g7e').capture).toBe(false);
  });

  it('a position whose side to move lost its king has no moves and is over', async () => {
    const r = await run(['moves', '--json', '--fen', 'k11/12/12/12/12/12/12/12/12/12/12/10r1 b - 1']);
    const v = JSON.parse(r.stdout);
    expect(v.moves).toEqual([]);
    expect(v.status).not.toBe('ongoing');
    expect(v.winner).toBe('gote');
  });

  it('a bad SFEN: exit 2, one sentence naming the field', async () => {
    const r = await run(['moves', '--variant', 'chu', '--fen', '12/12/12/12/12/12/5Z6/12/12/12/12/12 b - 1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^chuhan: SFEN field 1: unknown piece letter "Z"/);
    expect(r.stdout).toBe('');
  });
});

describe('chuhan perft --variant chushogi', () => {
  it('depth 2 = 1296', async () => {
    const r = await run(['perft', '2', '--variant', 'chu']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n').at(-1)).toBe('nodes 1296');
    expect(r.stderr).toMatch(/nodes\/s/);
  });

  it('--count-paths counts lishogi paths (d3 = 52,599)', async () => {
    const r = await run(['perft', '3', '--variant', 'chu', '--count-paths']);
    expect(r.stdout.trim()).toBe('nodes 52599');
    const lone = await run(['perft', '1', '--count-paths', '--fen', '12/12/12/12/12/12/5N6/12/12/12/12/12 b - 1']);
    expect(lone.stdout.trim()).toBe('nodes 88');
    const xq = await run(['perft', '1', '--count-paths']);
    expect(xq.code).toBe(2);
  });

  it('--divide on the reference positions', async () => {
    const r = await run(['perft', '1', '--divide', '--fen', '12/12/12/12/4B2l4/4S7/5N6/7n4/12/12/12/12 b - 1']);
    const lines = r.stdout.trim().split('\n');
    expect(lines.at(-1)).toBe('nodes 48');
    expect(lines).toContain('7g7f7g: 1');
    expect(lines).toContain('8e10c+: 1');
  });
});
