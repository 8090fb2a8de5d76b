import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';

const LINE = /^depth (\d+) score (-?\d+|#-?\d+) nodes (\d+) nps (\d+) pv (.+)$/;

describe('chuhan analyse', () => {
  it('prints one line per iteration and the best move (xiangqi, ICCS by default)', async () => {
    const r = await runCli(['analyse', '--depth', '4']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines.length).toBe(5);
    lines.slice(0, 4).forEach((l, i) => {
      const m = LINE.exec(l);
      expect(m, l).not.toBeNull();
      expect(Number(m![1])).toBe(i + 1);
      for (const mv of m![5]!.split(' ')) expect(mv).toMatch(/^[a-i]\d[a-i]\d$/);
    });
    const best = /^bestmove ([a-i]\d[a-i]\d)$/.exec(lines[4]!);
    expect(best).not.toBeNull();
    // the best move is the first move of the last principal variation
    expect(LINE.exec(lines[3]!)![5]!.split(' ')[0]).toBe(best![1]);
    // nodes grow from iteration to iteration
    const nodes = lines.slice(0, 4).map((l) => Number(LINE.exec(l)![3]));
    expect([...nodes].sort((a, b) => a - b)).toEqual(nodes);
  });

  it('reports mates as #N and finds them', async () => {
    const r = await runCli(['analyse', '--fen', '4k4/9/9/9/9/9/9/9/R7R/3K5 w - - 0 1', '--depth', '6']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/score #2 /);
    const m = /^bestmove (\S+)$/m.exec(r.stdout);
    expect(['a1e1', 'a1a8', 'i1f1', 'i1e1', 'i1i8']).toContain(m![1]);
  });

  it('writes the principal variation in the chosen notation, for chu too', async () => {
    const wxf = await runCli(['analyse', '--depth', '2', '--notation', 'wxf']);
    expect(wxf.code).toBe(0);
    expect(wxf.stdout).toMatch(/^depth 2 score -?\d+ nodes \d+ nps \d+ pv [A-Z][1-9+-][.+\-=][1-9] [A-Z][1-9+-][.+\-=][1-9]$/m);
    const usi = await runCli(['analyse', '-v', 'chu', '--depth', '2']);
    expect(usi.code).toBe(0);
    expect(usi.stdout).toMatch(/^bestmove \d{1,2}[a-l]\d{1,2}[a-l]/m);
    const western = await runCli(['analyse', '-v', 'chu', '--depth', '1', '--notation', 'western']);
    expect(western.code).toBe(0);
    expect(western.stdout).toMatch(/^bestmove [A-Z+][A-Za-z]*[-x]/m);
  });

  it('--json: iterations and the result, nothing else on stdout', async () => {
    const r = await runCli(['analyse', '--depth', '3', '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.variant).toBe('xiangqi');
    expect(j.iterations.map((i: { depth: number }) => i.depth)).toEqual([1, 2, 3]);
    expect(j.bestmove).toBe(j.pv[0]);
    expect(j.depth).toBe(3);
    expect(typeof j.nps).toBe('number');
  });

  it('honours --nodes and --time', async () => {
    const n = JSON.parse((await runCli(['analyse', '--nodes', '3000', '--json'])).stdout);
    expect(n.nodes).toBeLessThanOrEqual(3016);
    const t = await runCli(['analyse', '--time', '200', '--json']);
    expect(t.code).toBe(0);
    expect(JSON.parse(t.stdout).bestmove).toMatch(/^[a-i]\d[a-i]\d$/);
  });

  it('--threads 2: the built-in engine searches on two threads', async () => {
    const r = await runCli(['analyse', '--threads', '2', '--nodes', '40000', '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.bestmove).toMatch(/^[a-i]\d[a-i]\d$/);
    // the main thread stops at 40,000 (the helper, loading meanwhile, joins if it is in time)
    expect(j.nodes).toBeGreaterThanOrEqual(40_000);
    expect((await runCli(['analyse', '--threads', '0'])).code).toBe(2);
  });

  it('--moves: plays moves first (and the repetition they make counts)', async () => {
    const fen = '4k4/7R1/9/2n6/9/9/9/r8/9/3K5 w - - 0 1';
    const r = await runCli(['analyse', '--fen', fen, '--moves', 'h8g8 a2a3 g8h8 a3a2', '--depth', '4']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^bestmove h8g8$/m);
    expect(r.stdout).toMatch(/^depth 4 score 0 /m);
  });

  it('a finished game has no best move', async () => {
    const r = await runCli(['analyse', '--fen', '4k4/9/9/9/9/9/9/9/r8/3K1r3 w - - 0 1', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'checkmate', winner: 'black', bestmove: null });
  });

  it('bad input: exit 2 for usage and malformed input, 1 for an illegal move, one line on stderr', async () => {
    for (const [args, code, text] of [
      [['analyse', '--fen', 'nonsense'], 2, /FEN/],
      [['analyse', '--notation', 'klingon'], 2, /unknown notation "klingon"/],
      [['analyse', '--depth', '0'], 2, /--depth/],
      [['analyse', '--time', 'soon'], 2, /--time/],
      [['analyse', '--nodes', '-5'], 2, /--nodes/],
      [['analyse', '--moves', 'h2e2 a0a5', '--depth', '1'], 1, /move 2 "a0a5"/],
    ] as const) {
      const r = await runCli([...args]);
      expect(r.code, args.join(' ')).toBe(code);
      expect(r.stderr).toMatch(text);
      expect(r.stderr.trim().split('\n').length).toBe(1);
      expect(r.stderr).not.toMatch(/at .*\.ts:\d+/);
    }
  });
});
