/**
 * `chuhan review`: per-ply scores with the built-in engine at a fixed depth on a constructed game
 * where Red drops its chariot (fixtures/review/drops-chariot.pgn), the marks by score drop, the
 * JSON report and the annotated PGN (NAGs, [%eval] comments) that our reader reads back.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { markOf } from '../src/cli/commands/review.js';
import { parseRecords } from '../src/notation/pgn.js';
import { replayRecord } from '../src/notation/replay.js';
import { runCli } from './helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'chuhan-review-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const FILE = 'fixtures/review/drops-chariot.pgn';

describe('chuhan review', () => {
  it('marks the move that drops the chariot a blunder, and no other move a mistake or blunder', async () => {
    const r = await runCli(['review', FILE, '--depth', '4', '--json'], {});
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as { plies: { ply: number; move: string; mark: string | null; drop: number; best: string | null; before: { cp: number } }[]; summary: Record<string, { blunder: number }> };
    // the chariot drop is the one blunder; black's king step f9f8 is at most an inaccuracy (how much
    // worse than the horse move is the evaluation's taste: the tuned weights call it 63 cp)
    expect(j.plies.map((p) => p.move)).toEqual(['d0e0', 'f9f8', 'a0a6', 'c7a6']);
    expect(j.plies.map((p) => p.mark)).toEqual([null, expect.toBeOneOf([null, 'inaccuracy']), 'blunder', null]);
    const drop = j.plies[2]!;
    // a chariot is worth far more than the 300 cp threshold
    expect(drop.drop).toBeGreaterThan(600);
    expect(drop.best).not.toBe('a0a6');
    expect(j.summary.red!.blunder).toBe(1);
    expect(j.summary.black!.blunder).toBe(0);
  });

  it('prints a per-ply report and writes an annotated PGN our reader replays', async () => {
    const out = join(dir, 'annotated.pgn');
    const r = await runCli(['review', FILE, '--depth', '3', '-o', out], {});
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe(`review of game 1 of ${FILE} by chuhan (depth 3 per position)`);
    expect(lines[3]).toMatch(/^ {2}3 2\. a0a6\?\? {2}before \+\d+ {2}after -\d+ {2}best \S+ {2}blunder$/);
    expect(lines.at(-2)).toBe('red: 0 inaccuracies, 0 mistakes, 1 blunders');
    const pgn = readFileSync(out, 'utf8');
    expect(pgn).toMatch(/2\. a0a6 \$4\s+\{\[%eval -\d+\.\d\d\] blunder best \S+\}/);
    expect(pgn).toContain('[Annotator "chuhan review (chuhan)"]');
    const rec = parseRecords(pgn)[0]!;
    const rep = replayRecord(rec);
    expect(rep.status).toBe('ok');
    expect(rep.plies).toBe(4);
  });

  it('thresholds: 50 inaccuracy, 100 mistake, 300 blunder', () => {
    expect([0, 49, 50, 99, 100, 299, 300].map(markOf)).toEqual([null, null, 'inaccuracy', 'inaccuracy', 'mistake', 'mistake', 'blunder']);
  });

  it('bad input: a missing file is exit 2, one sentence', async () => {
    const r = await runCli(['review', join(dir, 'nope.pgn')], {});
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^chuhan: cannot read .*nope\.pgn: no such file\n$/);
  });
});
