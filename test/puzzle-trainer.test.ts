// The puzzle trainer without a terminal (src/tui/trainer.ts): the built-in puzzles replayed to their
// end, a wrong move refused and rated a miss, the reply played by the host, hints, the solution, a
// retry not rated again, another mate accepted; the progress file (src/tui/puzzle-store.ts) and the
// command's one-sentence failures (exit 2).
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getGame, type GameId } from '../src/games/registry.js';
import { loadPuzzles } from '../src/puzzle/load.js';
import { builtinPuzzles } from './helpers/puzzles.js';
import { emptyProgress, formatProgress, nextPuzzle, parseProgress, playerOf, puzzleKey, recordAttempt, type Progress } from '../src/puzzle/progress.js';
import { formatPuzzles } from '../src/puzzle/library.js';
import type { Puzzle } from '../src/puzzle/types.js';
import { PuzzleTrainer } from '../src/tui/trainer.js';
import { readProgress, saveProgress } from '../src/tui/puzzle-store.js';
import { removeTempDirs, tempDir } from './helpers/tmp.js';
import { runCli } from './helpers/cli.js';

afterAll(removeTempDirs);

/** A trainer on `puzzles`, its saves counted. */
function trainer(game: GameId, puzzles: Puzzle[], progress: Progress = emptyProgress()) {
  const saves: Progress[] = [];
  const t = new PuzzleTrainer({ game: getGame(game), library: 'test', puzzles, progress, save: (p) => (saves.push(p), null), now: () => new Date('2026-12-07T01:00:00Z') });
  return { t, saves };
}

/** Plays the solution through the trainer as a player would (the replies as the host plays them). */
function solve(t: PuzzleTrainer): string[] {
  const said: string[] = [];
  const p = t.puzzle!;
  for (let i = 0; i < p.solution.length; i += 2) {
    const r = t.command(p.solution[i]!);
    expect(r.err, `${p.id} move ${i}`).toEqual([]);
    said.push(...r.out);
    if (r.reply !== undefined) said.push(...t.reply(r.reply)!);
  }
  return said;
}

const XQ_DOUBLE_CHARIOTS: Puzzle = {
  id: 'dc',
  game: 'xiangqi',
  fen: '4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1',
  solution: ['i0i9'],
  themes: ['mate', 'mate1'],
  source: 'test',
  rating: 1200,
};

describe('the built-in puzzles', () => {
  for (const game of ['xiangqi', 'chushogi'] as const) {
    it(`${game}: every line is legal, and solving it through the trainer wins the game`, () => {
      const set = builtinPuzzles(game);
      expect(set.length).toBeGreaterThanOrEqual(5);
      // the set is a library as the format writes it
      expect(formatPuzzles(game, set)).toContain(`# chuhan puzzles 1 · ${game}`);
      for (const p of set) {
        const { t } = trainer(game, [p]);
        t.deal(p, false);
        const said = solve(t);
        expect(t.phase, p.id).toBe('done');
        expect(t.session.outcome()?.winner, `${p.id}: ${said.join(' | ')}`).toBe(t.session.pos.turn === 0 ? 1 : 0);
        expect(said.some((l) => l.startsWith('solved! '))).toBe(true);
        expect(t.progress.puzzles[puzzleKey('test', p)]?.solved).toBe(true);
      }
    });
  }
});

describe('the trainer', () => {
  const set = builtinPuzzles('xiangqi');
  const two = set.find((p) => p.solution.length === 3)!;

  it('refuses a wrong move (a miss, rated and saved at once), plays the reply when the host asks, and finishes', () => {
    const { t, saves } = trainer('xiangqi', [two]);
    t.deal(two, false);
    const illegal = t.command('zz9');
    expect(illegal.ok).toBe(false);
    expect(saves.length).toBe(0); // a typo is no miss
    const wrong = t.command('e1e2');
    expect(wrong.err[0]).toBe('e1e2 is not the move; try again (this puzzle counts as a miss)');
    expect(t.session.history.length).toBe(0);
    expect(saves.length).toBe(1);
    expect(playerOf(t.progress, 'xiangqi').rating).toBeLessThan(1500);
    expect(t.command('e1e2').err[0]).toBe('e1e2 is not the move; try again'); // rated once
    expect(saves.length).toBe(1);
    const right = t.command(two.solution[0]!);
    expect(right.out[0]).toMatch(/^right: 1\. /);
    expect(t.phase).toBe('reply');
    expect(t.command(two.solution[2]!).err[0]).toMatch(/^wait for black's reply/);
    expect(t.reply(right.reply! + 1)).toBeNull(); // a stale reply is never played
    expect(t.reply(right.reply!)).toEqual([`black answers ${two.solution[1]}; your move`]);
    expect(t.session.history.length).toBe(2);
    const last = t.command(two.solution[2]!);
    expect(last.out[0]).toMatch(/^solved, after a miss: 2\. /);
    expect(t.phase).toBe('done');
    expect(saves.length).toBe(1);
    expect(t.progress.puzzles[puzzleKey('test', two)]).toMatchObject({ attempts: 1, solved: false, failed: 1 });
    // the line can be looked through now; moves are refused
    expect(t.command('undo').ok).toBe(true);
    expect(t.command(two.solution[2]!).err[0]).toBe('the puzzle is over: next, retry or quit');
  });

  it('solving rates a win: the player up, the puzzle down; a retry is not rated again', () => {
    const { t, saves } = trainer('xiangqi', [two]);
    t.deal(two, false);
    const said = solve(t);
    const change = said.at(-1)!;
    expect(change).toMatch(/^your rating 1500 → (\d+) \(\+\d+\) · puzzle \d+ → \d+$/);
    expect(playerOf(t.progress, 'xiangqi')).toMatchObject({ solved: 1, failed: 0 });
    expect(t.progress.puzzles[puzzleKey('test', two)]!.rating).toBeLessThan(two.rating!);
    expect(t.command('retry').out[0]).toBe(`puzzle ${two.id} again (not rated again): red to move, find the best move`);
    expect(t.command('a0a1').ok).toBe(false);
    // the retry says it is not rated, not the first try's change again
    expect(solve(t).at(-1)).toBe('not rated (a retry)');
    expect(saves.length).toBe(1);
    expect(t.progress.puzzles[puzzleKey('test', two)]!.attempts).toBe(1);
  });

  it('hint shows the piece, then its square (a miss); solution plays the line out', () => {
    const { t, saves } = trainer('xiangqi', [two]);
    t.deal(two, false);
    const from = two.solution[0]!.slice(0, 2);
    const to = two.solution[0]!.slice(2, 4);
    expect(t.command('hint').out[0]).toMatch(new RegExp(`^hint: the \\w+ on ${from} \\(this puzzle counts as a miss now\\)$`));
    expect(t.session.highlights.length).toBe(1);
    expect(t.command('hint').out[0]).toBe(`hint: ${from} to ${to}`);
    expect(saves.length).toBe(1);
    const r = t.command('solution');
    expect(r.out[0]).toBe(`the solution: 1. ${two.solution.slice(0, 2).join(' ')} 2. ${two.solution[2]}`);
    expect(r.out[1]).toMatch(/^your rating 1500 → \d+ \(-\d+\)/);
    expect(t.phase).toBe('done');
    expect(t.session.history.length).toBe(3);
    expect(t.status()).toMatch(/^given up/);
  });

  it('another move that mates at once is accepted; a move that does not is refused', () => {
    const { t } = trainer('xiangqi', [XQ_DOUBLE_CHARIOTS]);
    t.deal(XQ_DOUBLE_CHARIOTS, false);
    expect(t.command('a8a7').err[0]).toMatch(/is not the move/);
    t.command('retry');
    const r = t.command('i0f0');
    expect(r.out[0]).toMatch(/^solved! 1\. i0f0/);
    expect(t.session.outcome()?.winner).toBe(0);
  });

  it('deals the unsolved puzzle nearest the player’s rating, in the theme; none left: says so', () => {
    const progress = emptyProgress();
    expect(nextPuzzle(progress, 'shipped', set, undefined)?.rating).toBe(1450); // nearest 1500
    expect(nextPuzzle(progress, 'shipped', set, 'mate3')?.rating).toBe(1700);
    expect(nextPuzzle(progress, 'shipped', set, 'mate1')?.rating).toBe(1250);
    // a strong player gets the hardest
    const strong = { players: { xiangqi: { rating: 1900, rd: 80, vol: 0.06, solved: 9, failed: 0 } }, puzzles: {} };
    expect(nextPuzzle(strong, 'shipped', set, undefined)?.rating).toBe(1750);
    const { t } = trainer('xiangqi', [XQ_DOUBLE_CHARIOTS]);
    expect(t.next()[0]).toBe('puzzle dc: red to move, find the best move');
    t.command('i0i9');
    expect(t.next()[0]).toMatch(/^every puzzle here is solved \(1\)/);
    expect(t.phase).toBe('empty');
  });
});

describe('the progress file', () => {
  it('round trip; an attempt saved merges with what another trainer wrote; a bad file is one sentence', () => {
    const dir = tempDir('puzzle');
    const path = join(dir, 'puzzles.json');
    expect(readProgress(path)).toEqual({ ok: true, progress: emptyProgress() });
    const p = builtinPuzzles('xiangqi')[0]!;
    const q = builtinPuzzles('chushogi')[0]!;
    const a = recordAttempt(emptyProgress(), 'shipped', p, true, new Date('2026-12-07T01:00:00Z')).progress;
    expect(saveProgress(path, a, 'xiangqi', puzzleKey('shipped', p))).toBeNull();
    const back = readProgress(path);
    expect(back).toEqual({ ok: true, progress: a });
    expect(parseProgress(formatProgress(a))).toEqual({ ok: true, value: a });
    // another trainer (started before the first save) rates a chu puzzle: both are kept
    const b = recordAttempt(emptyProgress(), 'shipped', q, false).progress;
    expect(saveProgress(path, b, 'chushogi', puzzleKey('shipped', q))).toBeNull();
    const both = readProgress(path);
    if (!both.ok) throw new Error(both.error);
    expect(Object.keys(both.progress.puzzles).sort()).toEqual([puzzleKey('shipped', q), puzzleKey('shipped', p)].sort());
    expect(both.progress.players.xiangqi).toEqual(a.players.xiangqi);
    expect(both.progress.players.chushogi?.failed).toBe(1);
    expect(readFileSync(path, 'utf8')).toMatch(/^\{\n "version": 1,/);
    writeFileSync(path, '{"version":1,"players":{"xiangqi":{"rating":"high"}}}');
    const bad = readProgress(path);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toBe(`the puzzle progress file ${path} cannot be read: the player's rating for xiangqi is not a rating; move it away (or set CHUHAN_HOME) to start afresh`);
  });
});

describe('puzzle files of other kinds', () => {
  it('an .eglib endgame library (no solutions): each entry dealt gets the engine\'s line, one with no forced win is left out', async () => {
    const text = readFileSync(join('fixtures', 'puzzles', 'level0-head.eglib'), 'utf8');
    const r = await loadPuzzles('xiangqi', { name: 'level0-head.eglib', text });
    if (!r.ok) throw new Error(r.error);
    expect(r.value.puzzles.length).toBeGreaterThan(0);
    expect(r.value.puzzles.every((p) => p.solution.length === 0)).toBe(true);
    const { t } = trainer('xiangqi', [...r.value.puzzles]);
    const said = t.next();
    expect(t.phase).toBe('solve');
    expect(said[0]).toMatch(/^puzzle \S+: red to move/);
    // the line found ends with the solver's move, and the trainer plays it through
    expect(t.puzzle!.solution.length % 2).toBe(1);
    expect(t.puzzles.length).toBeLessThanOrEqual(r.value.puzzles.length);
    expect(t.puzzles).toContain(t.puzzle);
  });

  it('puzzle --check FILE: the report, exit 0 when every solution holds, 1 with problems, 2 for a file it cannot read', async () => {
    const ok = await runCli(['puzzle', '--check', join('fixtures', 'puzzles', 'kinu01.json'), '--depth', '2']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/kinu01\.json: .*puzzle/);
    const planted = await runCli(['puzzle', '--check', join('fixtures', 'puzzles', 'planted.tsv'), '--depth', '6']);
    expect(planted.code).toBe(1);
    expect(planted.stdout).toMatch(/cook/);
    expect(planted.stderr).toMatch(/chuhan: puzzle --check found problems in the solutions \(listed above\)\n$/);
    const none = await runCli(['puzzle', '--check', join('fixtures', 'puzzles', 'no-such.tsv')]);
    expect(none.code).toBe(2);
  });
});

describe('chuhan puzzle (no terminal)', () => {
  it('a bad file, an unknown theme, no terminal: exit 2 with one sentence; --themes lists the themes', async () => {
    const dir = tempDir('puzzle');
    const bad = join(dir, 'bad.txt');
    writeFileSync(bad, 'not puzzles\n');
    const one = (s: string) => s.trim().split('\n').length === 1;
    let r = await runCli(['puzzle', bad], { CHUHAN_HOME: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`chuhan: ${bad}: it is not a puzzle file: neither a chuhan puzzle library ("# chuhan puzzles 1 · <game>"), an endgame library (.eglib) nor JSON mate problems\n`);
    const broken = join(dir, 'broken.txt');
    writeFileSync(broken, '# chuhan puzzles 1 · xiangqi\nx1\tfen\th2e2 h9g7\tmate\tsrc\n');
    r = await runCli(['puzzle', broken], { CHUHAN_HOME: dir });
    expect(r.code).toBe(2);
    expect(one(r.stderr)).toBe(true);
    expect(r.stderr).toContain('line 2 ("x1") has 2 solution moves');
    r = await runCli(['puzzle', join(dir, 'none.txt')], { CHUHAN_HOME: dir });
    expect([r.code, one(r.stderr)]).toEqual([2, true]);
    expect(r.stderr).toMatch(/cannot read .*none\.txt: it does not exist/);
    r = await runCli(['puzzle', '--theme', 'zugzwang'], { CHUHAN_HOME: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('chuhan: no puzzle in the shipped xiangqi puzzles has the theme "zugzwang" (chuhan puzzle --themes lists them)\n');
    r = await runCli(['puzzle', '-v', 'chu', '--themes'], { CHUHAN_HOME: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\d+ puzzles in the shipped chushogi puzzles/);
    expect(r.stdout).toMatch(/^mate +\d+$/m);
    // --theme narrows the list to that theme's puzzles
    r = await runCli(['puzzle', '--themes', '--theme', 'mate1'], { CHUHAN_HOME: dir });
    const n = Number(/^(\d+) puzzles of the theme "mate1" in the shipped xiangqi puzzles/.exec(r.stdout)?.[1]);
    expect(n).toBeGreaterThan(0);
    expect(r.stdout).toMatch(new RegExp(`^mate1 +${n}$`, 'm'));
    // a file of the other game than -v names
    const lib = join(dir, 'lib.txt');
    writeFileSync(lib, formatPuzzles('xiangqi', [XQ_DOUBLE_CHARIOTS]));
    expect((await loadPuzzles('chushogi', { name: lib, text: readFileSync(lib, 'utf8') })).ok).toBe(true);
    r = await runCli(['puzzle', '-v', 'chu', lib], { CHUHAN_HOME: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`chuhan: ${lib} holds xiangqi puzzles, not chushogi ones\n`);
    r = await runCli(['puzzle', lib, '--delay', 'soon'], { CHUHAN_HOME: dir });
    expect([r.code, one(r.stderr)]).toEqual([2, true]);
  });

  it('a puzzle whose position is no FEN is exit 2 naming it, before the terminal is asked for; one puzzle is "1 puzzle"', async () => {
    const dir = tempDir('puzzle');
    const lib = join(dir, 'mine.txt');
    writeFileSync(lib, formatPuzzles('xiangqi', [XQ_DOUBLE_CHARIOTS, { ...XQ_DOUBLE_CHARIOTS, id: 'typo', fen: '4k4/9/9 w' }]));
    const r = await runCli(['puzzle', lib], { CHUHAN_HOME: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^chuhan: mine\.txt: the puzzle typo has a bad position: FEN [^\n]*\n$/);
    writeFileSync(lib, formatPuzzles('xiangqi', [XQ_DOUBLE_CHARIOTS]));
    expect((await runCli(['puzzle', '--themes', lib], { CHUHAN_HOME: dir })).stdout).toMatch(/^1 puzzle in /);
  });
});
