/**
 * Issue 43 (4): `play --resume` keeps every option the game was played with: the players and their
 * engines, level, seed, clocks, variant and rules, board style and labels, delay, mouse, colour,
 * book; an option given again wins.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Io } from '../src/cli/context.js';
import { formatPlayOptions, parsePlayOptions, savedPlayOptions } from '../src/cli/play-options.js';
import { resumedPlayers, withResumedOptions, type PlayCliOptions } from '../src/cli/commands/play.js';
import { getGame } from '../src/games/registry.js';
import { placeholderPlayer } from '../src/tui/computer.js';
import { parseTimeControl } from '../src/tui/clock.js';
import { gameSaver, prepareSession, type PlayOptions } from '../src/tui/run-play.js';
import { GameStore } from '../src/tui/store.js';
import { removeTempDirs, tempDir } from './helpers/tmp.js';

const xq = getGame('xiangqi');
const chu = getGame('chushogi');
const computer = placeholderPlayer(1);
const ioFor = (home: string): Io => ({ out: () => undefined, err: () => undefined, isTTY: false, env: { CHUHAN_HOME: home } });
const opts = (home: string, o: Partial<PlayOptions> = {}): PlayOptions => ({ game: xq, players: [undefined, undefined], resume: false, color: false, style: 'unicode', io: ioFor(home), ...o });
afterAll(removeTempDirs);

/** Plays `moves` in a new game started with `o` and saves it (as `play` does), returns its id. */
function played(home: string, o: Partial<PlayOptions>, moves: string[]): string {
  const store = new GameStore(home);
  const p = prepareSession(opts(home, o), store, computer);
  const saver = gameSaver(store, p.target);
  for (const m of moves) expect(p.session.command(m).err).toEqual([]);
  expect(saver.finish(p.session)).toBeNull();
  return p.target.id;
}

describe('the ChuhanOptions tag', () => {
  it('keeps only the options given, any engine command (URI-encoded), and reads back', () => {
    const given = new Set(['engine', 'book', 'labels', 'style', 'red']);
    const text = formatPlayOptions({ engine: '/opt/my engine --x "y"', book: false, labels: false, style: 'ascii', red: 'human', mouse: true, seed: '5' }, (k) => given.has(k));
    expect(text).toBe('red=human engine=%2Fopt%2Fmy%20engine%20--x%20%22y%22 book=false style=ascii labels=false');
    expect(parsePlayOptions(text)).toEqual({ red: 'human', engine: '/opt/my engine --x "y"', book: false, style: 'ascii', labels: false });
    expect(parsePlayOptions('bogus=1 delay=%E0 delay=300 seed=4')).toEqual({ delay: '300' });
    expect(savedPlayOptions(`[Event "x"]\n[ChuhanOptions "${text}"]\n\n*\n`)?.engine).toBe('/opt/my engine --x "y"');
  });
});

describe('--resume keeps every option', () => {
  it('seed, level, players, clocks and the kept options come back; the saved game writes them again', () => {
    const home = tempDir('resume');
    const tc = parseTimeControl('5+3');
    if (!tc.ok) throw new Error(tc.error);
    const id = played(home, { players: ['human', 'computer'], level: 2, seed: 4242, timeControl: tc.value, playOptions: 'style=ascii delay=200 mouse=false' }, ['h2e2']);
    const store = new GameStore(home);
    const r = prepareSession(opts(home, { resume: id }), store, computer);
    expect(r.session.seed).toBe(4242);
    expect(r.session.level).toBe(2);
    expect(r.session.players).toEqual(['human', 'computer']);
    expect(r.session.clock?.tc.text).toBe('5+3');
    expect(r.greeting).toContain('seed 4242 (--seed 4242 repeats the computer\'s choices)');
    expect(r.session.playOptions).toBe('style=ascii delay=200 mouse=false');
    expect(r.session.record()).toContain('[ChuhanSeed "4242"]');
    expect(r.session.record()).toContain('[ChuhanOptions "style=ascii delay=200 mouse=false"]');
    // given again: the command line wins
    const again = prepareSession(opts(home, { resume: id, seed: 7, level: 5, players: ['computer', undefined] }), store, computer);
    expect([again.session.seed, again.session.level, again.session.players]).toEqual([7, 5, ['computer', 'computer']]);
    const blitz = parseTimeControl('1+0');
    if (!blitz.ok) throw new Error(blitz.error);
    const clocks = prepareSession(opts(home, { resume: id, timeControl: blitz.value }), store, computer).session;
    expect(clocks.clock?.tc.text).toBe('1+0');
    expect(clocks.clockLine()).toMatch(/1:00/);
  });

  it('the command line: saved options fill in what is not given again, players only when given', async () => {
    const home = tempDir('resume');
    const id = played(home, { playOptions: formatPlayOptions({ black: 'fairy-stockfish', movetime: '300', style: 'ascii', book: false, mouse: false }, () => true) }, ['h2e2']);
    const cli: PlayCliOptions = { resume: id, style: 'wide', book: true, mouse: true, color: true };
    const given = (k: string): boolean => k === 'resume' || k === 'style';
    const r = await withResumedOptions(cli, given, ioFor(home));
    expect(r.opts).toMatchObject({ black: 'fairy-stockfish', movetime: '300', style: 'wide', book: false, mouse: false, color: true });
    // what the resumed game keeps: the saved options and the ones given now
    expect(formatPlayOptions(r.opts, r.kept)).toBe('black=fairy-stockfish movetime=300 book=false style=wide mouse=false');
    // a saved --black engine names that side's engine; its kind comes from ChuhanPlayers (players may have changed it)
    expect(resumedPlayers(['human', 'computer'], given)).toEqual([undefined, undefined]);
    expect(resumedPlayers(['computer', 'computer'], (k) => k === 'red')).toEqual(['computer', undefined]);
  });

  it('variant and rules: -v picks the latest game of that variant; a game keeps its variant, rules and start', () => {
    const home = tempDir('resume');
    const x = played(home, {}, ['h2e2']);
    const c = played(home, { game: chu }, ['7i7h']);
    const store = new GameStore(home);
    expect(prepareSession(opts(home, { resume: true, game: xq, variantGiven: true }), store, computer).target.id).toBe(x);
    expect(prepareSession(opts(home, { resume: true, game: chu, variantGiven: true }), store, computer).target.id).toBe(c);
    expect(() => prepareSession(opts(home, { resume: x, game: chu, variantGiven: true }), store, computer)).toThrow(`the saved game ${x} is xiangqi, not chushogi`);
    const jcsa = chu.withRules?.('jcsa');
    if (jcsa) expect(() => prepareSession(opts(home, { resume: c, game: jcsa, rulesGiven: true }), store, computer)).toThrow(/is played under the \S+ rules, not jcsa; a game keeps its rules/);
    expect(() => prepareSession(opts(home, { resume: true, fen: xq.startFen }), store, computer)).toThrow('--fen starts a new game and --resume continues a saved one: give one of them');
  });
});
