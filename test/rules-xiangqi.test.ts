/** docs/rules.md, xiangqi: rulings as notes when the record goes on, seed 003's check limit, accepted FENs. */
import { formatProblem } from '../src/core/problem.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { GameHistory } from '../src/core/history.js';
import { legalMoves } from '../src/core/perft.js';
import { XIANGQI_GAME as XQ } from '../src/games/xiangqi/game.js';

const FIX = join(import.meta.dirname, '..', 'fixtures', 'rules');
const dir = mkdtempSync(join(tmpdir(), 'chuhan-rules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('validate: a ruling the record goes on past is a note, the recorded result stands', () => {
  // constructed to reproduce the 1978 final's report (the real record is not in our data):
  // black's chariot checks perpetually (third occurrence at ply 73), the record goes on to ply 154, 0-1
  const file = join(FIX, 'xq-ruled-ply73.pgn');
  it('keeps 0-1 and notes the perpetual check at ply 73 (human line and JSON)', async () => {
    const human = await runCli(['validate', file]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^game 1: ok, 154 plies, 0-1 resignation; ruled at ply 73 \(the record goes on\): 1-0 perpetual check: black chariot/);
    const json = await runCli(['validate', '--json', file]);
    const g = JSON.parse(json.stdout).games[0];
    expect(g.result).toBe('0-1');
    expect(g.rulings).toEqual([{ ply: 73, result: '1-0', reason: 'perpetual check', detail: 'black chariot gave check with every move at plies 66–73' }]);
  });
  it('--strict makes it an error (exit 1)', async () => {
    const r = await runCli(['validate', '--strict', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/goes on past a ruling/);
  });
});

describe("seed 003's consecutive-check limit", () => {
  it('the 6th check in a row by one chariot is ruled (no repetition needed); the 5th is not', () => {
    const start = XQ.parseFen('4k4/9/9/9/9/9/9/9/9/R2K5 w');
    if (!start.ok) throw new Error(formatProblem(start.error));
    const h = new GameHistory(XQ.endRules, start.value);
    const seen = new Set<string>();
    let checks = 0;
    for (let ply = 1; ply <= 11; ply++) {
      const pos = h.position;
      const red = pos.turn === 0;
      // red: a chariot check to a new position; black: the first move to a new position
      const m = legalMoves(pos).find((mv) => {
        if (!red && pos.board[(mv >>> 8) & 0xff] !== 0) return false; // black never takes the chariot
        pos.play(mv);
        const ok = (!red || (pos.variant.inCheck(pos) && legalMoves(pos).length > 0)) && !seen.has(`${pos.hashLo}:${pos.hashHi}`);
        pos.undo();
        return ok;
      })!;
      expect(m, `ply ${ply}`).toBeDefined();
      const r = h.play(m);
      seen.add(`${h.position.hashLo}:${h.position.hashHi}`);
      if (red) checks++;
      if (checks < 6) expect(r).toBeNull();
      else expect(r).toMatchObject({ winner: 1, reason: 'perpetual check', detail: expect.stringMatching(/red chariot gave check 6 times in a row/) });
    }
  });
});

describe('accepted FENs, with a warning', () => {
  it('move number 0 is read as 1', async () => {
    const r = await runCli(['show', '--fen', 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0', '--no-color']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/warning: FEN field 6: move number 0 read as 1/);
  });
  it('a composed position whose side not to move is in check; facing generals stay refused', async () => {
    const p = join(dir, 'composed.pgn');
    writeFileSync(p, '[FEN "3k5/9/9/9/9/9/9/9/9/3RK4 w - - 0 1"]\n\n*\n');
    const r = await runCli(['validate', p]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/warning: black is in check but it is not their move/);
    expect(XQ.parseFen('4k4/9/9/9/9/9/9/9/9/4K4 b').ok).toBe(false);
  });
});
