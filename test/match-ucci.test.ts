/**
 * UCCI opponents in the match runner (`--opponent-protocol ucci`): the scripted ElephantEye
 * stand-in (fixtures/engines/eleeye-standin.mjs) against the Pikafish stand-in, the times in ms
 * or in seconds, its resignations (`nobestmove`, `bestmove M resign`); the real ElephantEye
 * (ELEEYE=/path/to/eleeye, else `eleeye` on PATH) and Fairy-Stockfish with our 60-move rule
 * (FSF_MASTER=/path/to/stockfish, else Debian's fairy-stockfish): docs/engines.md says how to build
 * both; each skipped with a message when absent.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pikafishGame } from './helpers/fixtures.js';
import { describe, expect, it } from 'vitest';
import { findProgram } from '../src/engine-client/process.js';
import { runOpponentMatch } from '../src/match/cli.js';
import { runMatch, type TimeControlSpec } from '../src/match/runner.js';
import { XIANGQI_XBOARD as XIANGQI } from '../src/games/xiangqi/xboard.js';

const node = JSON.stringify(process.execPath);
const eleeye = (...args: string[]) => `${node} ${JSON.stringify(join(process.cwd(), 'fixtures/engines/eleeye-standin.mjs'))} ${args.join(' ')}`;
const pikafish = (...moves: string[]) => `${node} ${JSON.stringify(join(process.cwd(), 'fixtures/engines/pikafish-standin.mjs'))} ${moves.join(' ')}`;
/** The game of fixtures/engines/pikafish-game.pgn in ICCS: red mates in 23 plies. */
const GAME = pikafishGame();

async function play(ucci: string, other: string, games: number, tc: TimeControlSpec) {
  const log: string[] = [];
  const results = await runMatch({
    game: XIANGQI,
    engines: [
      { command: ucci, label: 'ee', protocol: 'ucci' },
      { command: other, label: 'pf', protocol: 'uci', dialect: 'pikafish' },
    ],
    games,
    tc,
    maxPlies: 300,
    timeMarginMs: 1000,
    log: (l) => log.push(l),
  });
  // engine 0 is `first` in the runner's log
  const sent = log.filter((l) => l.startsWith('>first: ')).map((l) => l.slice(8));
  return { results, sent };
}

describe('the match runner plays UCCI engines', () => {
  it('the ElephantEye stand-in against the Pikafish stand-in: the 23-ply game to its mate, both colours; ucci, usemillisec, newgame, ICCS, go time … movestogo', async () => {
    const { results, sent } = await play(eleeye(...GAME), pikafish(...GAME), 2, { kind: 'level', movesPerSession: 40, baseMs: 60_000, incMs: 0 });
    expect(results.map((g) => [g.result, g.plies, g.reason, g.scoreEngine0])).toEqual([
      ['1-0', 23, 'checkmate', 1],
      ['1-0', 23, 'checkmate', 0],
    ]);
    expect(results[0]!.moves).toEqual(GAME);
    expect(results[0]!.names[0]).toBe('ElephantEye');
    expect(sent[0]).toBe('ucci');
    expect(sent).toContain('setoption usemillisec true');
    expect(sent).toContain('setoption newgame');
    expect(sent.some((l) => /^(uci|ucinewgame|isready.+)$|setoption name/.test(l))).toBe(false);
    // its first move of game 1: the whole 60 s in ms, 40 moves to go
    expect(sent).toContain('go time 60000 movestogo 40 opptime 60000');
    const gos = sent.filter((l) => l.startsWith('go '));
    expect(gos.every((l) => /^go time \d+ movestogo \d+ opptime \d+$/.test(l))).toBe(true);
    expect(sent.filter((l) => l.startsWith('position ')).every((l) => /^position fen \S+ [wb] - - 0 1( moves( [a-i][0-9][a-i][0-9])+)?$/.test(l))).toBe(true);
  }, 60_000);

  it('an engine without usemillisec gets seconds: go time 60 increment 1', async () => {
    const { results, sent } = await play(eleeye('--seconds', ...GAME), pikafish(...GAME), 1, { kind: 'level', movesPerSession: 0, baseMs: 60_000, incMs: 1000 });
    expect(results[0]!.result).toBe('1-0');
    expect(sent).not.toContain('setoption usemillisec true');
    expect(sent).toContain('go time 60 increment 1 opptime 60');
  }, 60_000);

  it('a time per move is `go time T movestogo 1`', async () => {
    const { sent } = await play(eleeye(...GAME), pikafish(...GAME), 1, { kind: 'st', seconds: 2 });
    expect(sent).toContain('go time 2000 movestogo 1');
  }, 60_000);

  it('`nobestmove` and `bestmove M resign` are its resignation', async () => {
    // black (the stand-in in game 2) knows the game only to ply 3: asked for ply 4 it has no move
    const none = await play(eleeye(...GAME.slice(0, 3)), pikafish(...GAME), 2, { kind: 'st', seconds: 2 });
    expect([none.results[1]!.result, none.results[1]!.reason, none.results[1]!.plies]).toEqual(['1-0', 'black (ElephantEye) resigned', 3]);
    const resigns = await play(eleeye('--resign-at', '2', ...GAME), pikafish(...GAME), 1, { kind: 'st', seconds: 2 });
    // red's second move comes with its resignation: the move is not played
    expect([resigns.results[0]!.result, resigns.results[0]!.plies]).toEqual(['0-1', 2]);
    expect(resigns.results[0]!.reason).toMatch(/resigned/);
  }, 60_000);

  it('--opponent eleeye (a known engine, found on PATH) is spoken to in UCCI untold', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chuhan-eleeye-'));
    const path = process.env.PATH;
    try {
      writeFileSync(join(dir, 'eleeye'), `#!/bin/sh\nexec ${eleeye(...GAME)}\n`);
      chmodSync(join(dir, 'eleeye'), 0o755);
      process.env.PATH = `${dir}:${path ?? ''}`;
      let out = '';
      const code = await runOpponentMatch(
        ['--opponent', 'eleeye', '--engine', pikafish(...GAME), '--engine-protocol', 'pikafish', '--games', '1', '--tc', '40/60', '--pgn', join(dir, 'm.pgn'), '--log', join(dir, 'm.log')],
        { out: (t) => (out += t), err: (t) => (out += t) },
      );
      expect(code, out).toBe(0);
      expect(out).toMatch(/Score of Pikafish \S+ vs ElephantEye: 1 - 0 - 0/);
      expect(readFileSync(join(dir, 'm.log'), 'utf8')).toMatch(/>second: ucci\n/);
    } finally {
      process.env.PATH = path;
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('--opponent-protocol ucci for chu: exit 2, one sentence, nothing started', async () => {
    let err = '';
    const code = await runOpponentMatch(['--opponent', eleeye(), '--opponent-protocol', 'ucci', '--variant', 'chu'], { out: () => {}, err: (t) => (err += t) });
    expect(code).toBe(2);
    expect(err).toMatch(/^match: --opponent-protocol ucci: chu is not played in UCCI \(only xiangqi\)\n$/);
  });
});

const ELEEYE = process.env.ELEEYE ?? findProgram('eleeye');
describe.skipIf(!ELEEYE || !existsSync(ELEEYE))(
  `the real ElephantEye over UCCI${ELEEYE && existsSync(ELEEYE) ? '' : ' — SKIPPED: set ELEEYE=/path/to/eleeye or put eleeye on PATH (docs/engines.md builds it)'}`,
  () => {
    it('plays itself for 16 plies at 50 ms a move: every move legal by our rules', async () => {
      const results = await runMatch({
        game: XIANGQI,
        engines: [
          { command: ELEEYE!, label: 'a', protocol: 'ucci' },
          { command: ELEEYE!, label: 'b', protocol: 'ucci' },
        ],
        games: 1,
        tc: { kind: 'st', seconds: 0.05 },
        maxPlies: 16,
        timeMarginMs: 1000,
      });
      expect(results[0]!.reason).toBe('move limit (16 plies)');
      expect(results[0]!.names).toEqual(['ElephantEye', 'ElephantEye']);
    }, 60_000);
  },
);

// the master build when given, else Debian's 11.1 (the same variant file serves both)
const FSF = process.env.FSF_MASTER ?? findProgram('fairy-stockfish');
describe.skipIf(!FSF || !existsSync(FSF))(
  `Fairy-Stockfish with our 60-move rule (scripts/engines/fsf-xiangqi60.ini)${FSF && existsSync(FSF) ? '' : ' — SKIPPED: set FSF_MASTER=/path/to/stockfish (docs/engines.md builds it) or apt-get install fairy-stockfish'}`,
  () => {
    it('takes the variant file and keeps UCI_Variant xiangqi60 for the game; its moves legal', async () => {
      const log: string[] = [];
      const results = await runMatch({
        game: XIANGQI,
        engines: [
          { command: FSF!, label: 'fsf', protocol: 'uci', dialect: 'fairy-stockfish', options: ['VariantPath=scripts/engines/fsf-xiangqi60.ini', 'UCI_Variant=xiangqi60'] },
          { command: FSF!, label: 'fsf2', protocol: 'uci', dialect: 'fairy-stockfish' },
        ],
        games: 1,
        tc: { kind: 'st', seconds: 0.05 },
        maxPlies: 12,
        timeMarginMs: 1000,
        log: (l) => log.push(l),
      });
      expect(results[0]!.reason).toBe('move limit (12 plies)');
      const sent = log.filter((l) => l.startsWith('>first: ')).map((l) => l.slice(8));
      const at = sent.indexOf('ucinewgame');
      expect(sent.slice(0, at)).toContain('setoption name UCI_Variant value xiangqi60');
      expect(sent.slice(0, at).at(-1)).toBe('setoption name UCI_Variant value xiangqi60');
    }, 60_000);
  },
);
