/**
 * The engine client against the real Debian engines, when installed (`apt-get install
 * fairy-stockfish hachu fairymax`); each block is skipped, with a message, when its program is
 * absent. Short searches only.
 */
import { describe, expect, it } from 'vitest';
import { findProgram } from '../src/engine-client/process.js';
import { legalMoves } from '../src/core/perft.js';
import { parseCoordinate } from '../src/games/xiangqi/notation/iccs.js';
import { parseUsi } from '../src/games/chushogi/notation/usi.js';
import { CHU_XBOARD as CHU } from '../src/games/chushogi/xboard.js';
import { XIANGQI_XBOARD as XIANGQI } from '../src/games/xiangqi/xboard.js';
import { runCli } from './helpers/cli.js';
import { formatProblem } from '../src/core/problem.js';

const has = (p: string) => findProgram(p) !== null;
const title = (p: string, what: string) => `${what}${has(p) ? '' : ` — SKIPPED: ${p} is not installed (apt-get install ${p === 'maxqi' ? 'fairymax' : p})`}`;
const env = { PATH: process.env.PATH, CHUHAN_HOME: '/nonexistent-chuhan-home' };

describe.skipIf(!has('fairy-stockfish'))(title('fairy-stockfish', 'analyse --engine fairy-stockfish (real engine)'), () => {
  it('prints depth/score/PV lines and a legal bestmove in ICCS', async () => {
    const r = await runCli(['analyse', '--engine', 'fairy-stockfish', '--time', '300', '--moves', 'h2e2'], env);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThan(2);
    expect(lines[0]).toMatch(/^depth 1 score -?\d+ nodes \d+ nps \d+ pv [a-i]\d[a-i]\d/);
    const best = /^bestmove ([a-i]\d[a-i]\d)$/.exec(lines.at(-1)!);
    expect(best).not.toBeNull();
    const pos = XIANGQI.start();
    const m = parseCoordinate(pos, 'h2e2', 'iccs');
    if (!m.ok) throw new Error(formatProblem(m.error));
    pos.play(m.value);
    expect(parseCoordinate(pos, best![1]!, 'iccs').ok).toBe(true);
  });
});

describe.skipIf(!has('hachu'))(title('hachu', 'analyse -v chu --engine hachu (real engine)'), () => {
  it('prints thinking lines and a legal bestmove in USI', async () => {
    const r = await runCli(['analyse', '-v', 'chu', '--engine', 'hachu', '--time', '500'], env);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^depth 1 score -?\d+ nodes \d+/);
    const best = /^bestmove (\S+)$/.exec(lines.at(-1)!);
    expect(best).not.toBeNull();
    expect(parseUsi(CHU.start(), best![1]!).ok).toBe(true);
    expect(legalMoves(CHU.start()).length).toBeGreaterThan(0);
  });
});

describe.skipIf(!has('maxqi'))(title('maxqi', 'analyse --engine maxqi (real engine)'), () => {
  it('gives a legal bestmove', async () => {
    const r = await runCli(['analyse', '--engine', 'maxqi', '--time', '500', '--json'], env);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as { bestmove: string; engine: string; protocol: string };
    expect(j.protocol).toBe('xboard');
    expect(parseCoordinate(XIANGQI.start(), j.bestmove, 'iccs').ok).toBe(true);
  });
});
