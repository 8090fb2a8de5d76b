/**
 * One judge: the engine's RESULT claims over the real protocol (the built CLI as an xboard engine)
 * equal `chuhan validate`'s verdict on the same game. Both are decided by `GameHistory` with the
 * game's end rules; before, the engine claimed with a weaker referee of its own.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'chuhan-judge-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Runs `chuhan engine --protocol xboard` on the lines, waits for `pong 99`, returns the lines it wrote (features left out). */
async function engine(lines: readonly string[]): Promise<string[]> {
  const proc = spawn(process.execPath, ['bin/chuhan.js', 'engine', '--protocol', 'xboard'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const exit = new Promise<number | null>((resolve) => proc.on('exit', resolve));
  proc.stdin.write(['xboard', 'protover 2', ...lines, 'ping 99', ''].join('\n'));
  const deadline = Date.now() + 50_000; // generous under load; ends as soon as the pong comes
  while (!out.includes('pong 99') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  proc.stdin.write('quit\n');
  expect(await exit).toBe(0);
  return out.split('\n').filter((l) => l !== '' && !l.startsWith('feature'));
}

/** `chuhan validate --json` on one game: its result and reason. */
async function validate(name: string, variant: string, fen: string, moves: readonly string[]): Promise<{ result: string; reason: string | null }> {
  const path = join(tmp, name);
  writeFileSync(path, `[Variant "${variant}"]\n[FEN "${fen}"]\n\n${moves.join(' ')} *\n`);
  const r = await runCli(['validate', path, '--json']);
  expect(r.code).toBe(0);
  const game = (JSON.parse(r.stdout) as { games: { ok: boolean; result: string; reason: string | null }[] }).games[0]!;
  expect(game.ok).toBe(true);
  return { result: game.result, reason: game.reason };
}

const RESULT = /^(1-0|0-1|1\/2-1\/2) \{(.*)\}$/;
const claims = (lines: readonly string[]) => lines.filter((l) => RESULT.test(l));

describe('the engine claims what validate rules', () => {
  it('xiangqi: the cannon chasing the horse round a cycle loses by perpetual chase, not a draw', async () => {
    const fen = '4k4/9/2n6/9/9/9/P1P6/C8/9/3K5 w - - 0 1';
    const cycle = ['a2c2', 'c7a8', 'c2a2', 'a8c7'];
    const moves = [...cycle, ...cycle];
    const out = await engine(['variant xiangqi', `setboard ${fen}`, 'force', ...moves.map((m) => `usermove ${m}`)]);
    const verdict = await validate('chase.pgn', 'xiangqi', fen, moves);
    expect(verdict).toEqual({ result: '0-1', reason: 'perpetual chase' });
    expect(claims(out)).toEqual(['0-1 {Black wins: perpetual chase is forbidden}']);
    expect(claims(out)[0]!.split(' ')[0]).toBe(verdict.result);
    // the claim came after the last move and ended the game
    expect(out.at(-1)).toBe('pong 99');
  });

  it('chu: capturing the pawn next to the lone king is no bare king; the game goes on', async () => {
    // XBoard's chu FEN: "w" = Sente (upper case) to move; the same position in SFEN has "b"
    const xboardFen = '12/12/12/12/12/6k5/6p5/6G5/12/12/12/K11 w';
    const sfen = '12/12/12/12/12/6k5/6p5/6G5/12/12/12/K11 b - 1';
    const out = await engine(['variant chu', `setboard ${xboardFen}`, 'force', 'usermove g5g6']);
    expect(claims(out)).toEqual([]);
    expect(out).toEqual(['pong 99']);
    expect(await validate('bare.pgn', 'chu', sfen, ['g5g6'])).toEqual({ result: '*', reason: null });
    // it does go on: the king takes the gold, two lone kings are a draw — the same ruling both ways
    const more = await engine(['variant chu', `setboard ${xboardFen}`, 'force', 'usermove g5g6', 'usermove g7g6']);
    const verdict = await validate('bare2.pgn', 'chu', sfen, ['g5g6', 'g7g6']);
    expect(verdict).toEqual({ result: '1/2-1/2', reason: 'insufficient material' });
    expect(claims(more)).toEqual(['1/2-1/2 {Draw: insufficient material}']);
  });
});
