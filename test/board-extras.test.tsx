/**
 * The board's extras (issue 45, deliverable 4): themes, the settings file and `chuhan config`,
 * material and captured pieces, the board's own commands (blindfold, peek, theme, bell, autoplay),
 * vim keys and autoplay keys, the evaluation bar.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { getGame } from '../src/games/registry.js';
import { App, evalShare, horizontalBar } from '../src/tui/App.js';
import type { GameId } from '../src/games/registry.js';
import type { ComputerPlayer } from '../src/tui/computer.js';
import type { Evaluation } from '../src/tui/engine-computer.js';
import { boardCommand, autoplayStep, prefsOf } from '../src/tui/board-commands.js';
import { materialLines, materialOf } from '../src/tui/material.js';
import { boardPainter, monoPainter, themePainter } from '../src/tui/paint.js';
import { barCells, Screen } from '../src/tui/Screen.js';
import stringWidth from 'string-width';
import { chooseLayout } from '../src/render/layout.js';
import { RESERVED_ROWS } from '../src/tui/App.js';
import { Session } from '../src/tui/session.js';
import { DEFAULT_SETTINGS, loadSettings, parseSetting, saveSetting, settingKey, settingsFromText, THEMES } from '../src/tui/settings.js';
import { initialUi, openPane, reduceKey } from '../src/tui/ui.js';
import { runCli } from './helpers/cli.js';
import { removeTempDirs, tempDir } from './helpers/tmp.js';

afterAll(removeTempDirs);

const xq = getGame('xiangqi');
const chu = getGame('chushogi');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const noComputer: ComputerPlayer = { name: 'none', placeholder: true, choose: async () => null };
const SGR_COLOUR = /\x1b\[(?:[0-9;]*;)?(?:3[0-9]|4[0-9]|9[0-7]|10[0-7])(?:;[0-9;]*)?m/;

describe('themes', () => {
  it('every theme paints the sides, the cursor and the last move differently from each other', () => {
    const seen = new Set<string>();
    for (const t of THEMES) {
      const p = themePainter(t);
      expect(p.red('x'), t).not.toBe('x');
      expect(p.cursor!('x'), t).not.toBe('x');
      expect(p.lastMove('x'), t).not.toBe('x');
      expect(p.cursor!('x'), t).not.toBe(p.lastMove('x'));
      seen.add([p.red('x'), p.side1('x'), p.lastMove('x'), p.highlight('x'), p.cursor!('x')].join('|'));
    }
    expect(seen.size).toBe(THEMES.length);
  });

  it('mono and no colour (NO_COLOR, --no-color) use no colour at all, whatever the theme', () => {
    for (const p of [themePainter('mono'), monoPainter(), ...THEMES.map((t) => boardPainter(false, t))])
      for (const f of [p.red, p.side1, p.promoted, p.lastMove, p.check, p.highlight, p.dim, p.cursor!]) expect(f('x')).not.toMatch(SGR_COLOUR);
    // the others do use colour
    expect(themePainter('light').side1('x')).toMatch(SGR_COLOUR);
    expect(themePainter('wood').dim('x')).toMatch(/38;5;/);
  });

  it('the board drawn in a theme keeps its width (colour codes only)', () => {
    const s = new Session(xq);
    const plain = s.boardLines({ paint: {} }).map((l) => l.replace(/\x1b\[[0-9;]*m/g, ''));
    for (const t of THEMES) expect(s.boardLines({ paint: themePainter(t) }).map((l) => l.replace(/\x1b\[[0-9;]*m/g, ''))).toEqual(plain);
  });
});

describe('settings', () => {
  it('reads keys in any spelling and checks values', () => {
    expect(settingKey('vim-keys')).toBe('vimKeys');
    expect(settingKey('AUTOPLAY_MS')).toBe('autoplayMs');
    expect(settingKey('colour')).toBeNull();
    expect(parseSetting('theme', 'High-Contrast')).toEqual({ ok: true, value: 'high-contrast' });
    expect(parseSetting('bell', 'on')).toEqual({ ok: true, value: true });
    expect(parseSetting('bell', false)).toEqual({ ok: true, value: false });
    expect(parseSetting('autoplayMs', '250')).toEqual({ ok: true, value: 250 });
    expect(parseSetting('autoplayMs', '5')).toMatchObject({ ok: false, error: expect.stringMatching(/^autoplayMs must be a number of milliseconds from 100 to 60000, not "5"$/) });
    expect(parseSetting('theme', 'pink')).toMatchObject({ ok: false, error: 'theme must be one of classic, light, high-contrast, wood, mono, not "pink"' });
    expect(parseSetting('blindfold', 'maybe')).toMatchObject({ ok: false });
  });

  it('a broken file: one warning each, the defaults, never a throw', () => {
    expect(settingsFromText('{bad', 'c.json')).toMatchObject({ settings: DEFAULT_SETTINGS, warnings: [expect.stringMatching(/^c\.json is not valid JSON/)] });
    expect(settingsFromText('[1]', 'c.json').warnings).toHaveLength(1);
    const mixed = settingsFromText('{"theme":"light","bell":"loud","zoom":2,"vim_keys":false}', 'c.json');
    expect(mixed.settings).toEqual({ ...DEFAULT_SETTINGS, theme: 'light', vimKeys: false });
    expect([...mixed.fromFile].sort()).toEqual(['theme', 'vimKeys']);
    expect(mixed.warnings).toEqual([
      'c.json: bell must be on or off, not "loud"; the default (off) is used',
      expect.stringMatching(/^c\.json: unknown setting "zoom" is ignored/),
    ]);
  });

  it('saves one key at a time, keeping the others; --reset puts one or all back; a folder at its name is a warning', () => {
    const home = tempDir('settings');
    const env = { CHUHAN_HOME: home };
    expect(loadSettings(env)).toMatchObject({ settings: DEFAULT_SETTINGS, warnings: [] });
    saveSetting(env, 'theme', 'wood');
    saveSetting(env, 'autoplayMs', 300);
    expect(JSON.parse(readFileSync(join(home, 'config.json'), 'utf8'))).toEqual({ theme: 'wood', autoplayMs: 300 });
    saveSetting(env, 'theme', undefined);
    expect(loadSettings(env).settings).toEqual({ ...DEFAULT_SETTINGS, autoplayMs: 300 });
    saveSetting(env, 'all', undefined);
    expect(JSON.parse(readFileSync(join(home, 'config.json'), 'utf8'))).toEqual({});
    const odd = tempDir('settings-dir');
    mkdirSync(join(odd, 'config.json'));
    expect(loadSettings({ CHUHAN_HOME: odd })).toMatchObject({ settings: DEFAULT_SETTINGS, warnings: [expect.stringMatching(/cannot be read \(it is a folder\)/)] });
  });
});

describe('chuhan config', () => {
  it('--help names every key and value a new user can set', async () => {
    const r = await runCli(['config', '--help']);
    const help = r.stdout.replace(/\s+/g, ' ');
    for (const k of Object.keys(DEFAULT_SETTINGS)) expect(help).toContain(k);
    for (const t of THEMES) expect(help).toContain(t);
  });

  it('shows, sets and resets; a bad key or value is exit 2 and one sentence', async () => {
    const env = { CHUHAN_HOME: tempDir('config-cli') };
    let r = await runCli(['config'], env);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^theme {7}classic {2}default {6}colour theme/m);
    r = await runCli(['config', 'theme', 'light'], env);
    expect(r).toMatchObject({ code: 0, stdout: expect.stringMatching(/^theme = light \(/) });
    r = await runCli(['config', 'bell', 'on'], env);
    r = await runCli(['config'], env);
    expect(r.stdout).toMatch(/^theme +light +config\.json/m);
    expect(r.stdout).toMatch(/^bell +on +config\.json/m);
    r = await runCli(['config', '--json', 'bell'], env);
    expect(JSON.parse(r.stdout).settings).toEqual({ bell: { value: true, from: 'config' } });
    r = await runCli(['config', '--reset', 'bell'], env);
    expect(r.stdout).toMatch(/^bell is back to its default, off/);
    for (const [args, msg] of [
      [['config', 'colour', 'red'], 'chuhan: unknown setting "colour" (known settings: theme, bell, blindfold, vimKeys, autoplayMs, evalBar, material)\n'],
      [['config', 'theme', 'pink'], 'chuhan: theme must be one of classic, light, high-contrast, wood, mono, not "pink"\n'],
      [['config', '--reset', 'zoom'], expect.stringMatching(/^chuhan: unknown setting "zoom"/)],
    ] as const) {
      r = await runCli([...args], env);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toEqual(msg);
    }
    // a broken file: show warns and gives the defaults; setting a key writes a good file again
    writeFileSync(join(env.CHUHAN_HOME, 'config.json'), '{"theme": ');
    r = await runCli(['config'], env);
    expect(r).toMatchObject({ code: 0, stderr: expect.stringMatching(/^chuhan: warning: .*config\.json is not valid JSON/) });
    expect(r.stdout).toMatch(/^theme {7}classic {2}default/m);
    // a file where the state folder should be: exit 2 (an output that cannot be written) and why
    const blocked = join(tempDir('config-blocked'), 'file');
    writeFileSync(blocked, '');
    r = await runCli(['config', 'theme', 'wood'], { CHUHAN_HOME: blocked });
    expect(r).toMatchObject({ code: 2, stderr: expect.stringMatching(/^chuhan: the settings cannot be saved in .*: a file is in the way of the folder/) });
  });

  it('play: a bad --theme or --autoplay is exit 2 before anything is drawn', async () => {
    const env = { CHUHAN_HOME: tempDir('config-play'), CHUHAN_STYLE_DETECT: '0' };
    let r = await runCli(['play', '--theme', 'pink'], env);
    expect(r).toMatchObject({ code: 2, stderr: 'chuhan: --theme must be one of classic, light, high-contrast, wood, mono, not "pink"\n' });
    r = await runCli(['play', '--autoplay', 'fast'], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^chuhan: --autoplay must be a number of milliseconds/);
  });
});

describe('material and captured pieces', () => {
  it('xiangqi: balance in pawns and the pieces each side took, most valuable first', () => {
    const start = xq.parseFen(xq.startFen);
    const after = xq.parseFen('rnbakabnr/9/1c5c1/p1p3p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB2 w - - 0 1');
    if (!start.ok || !after.ok) throw new Error('fen');
    const m = materialOf(after.value, start.value);
    expect(m.lost[0].map((k) => xq.variant.pieces[k - 1]!.id)).toEqual(['chariot', 'horse']);
    expect(m.lost[1].map((k) => xq.variant.pieces[k - 1]!.id)).toEqual(['soldier']);
    expect(m.balance).toBeLessThan(0);
    expect(materialLines(xq, after.value, start.value, false)).toEqual(['material: black +12', 'red took 卒', 'black took 俥傌']);
    expect(materialLines(xq, after.value, start.value, true)).toEqual(['material: black +12', 'red took p', 'black took R N']);
    expect(materialLines(xq, start.value, start.value, false)).toEqual(['material: even']);
  });

  it('chu: a promoted piece counts as the piece it promoted from (nothing taken)', () => {
    const s = new Session(chu);
    const start = s.pos.clone();
    // a sente pawn promoted in place of the one it was: no capture, only a change of value
    const board = s.pos.clone();
    const pawn = [...board.board].findIndex((p) => p !== 0 && chu.variant.pieces[(p >> 1) - 1]!.id === 'pawn' && (p & 1) === 0);
    board.board[pawn] = board.variant.promoted[board.board[pawn]!]!;
    const m = materialOf(board, start);
    expect(m.lost).toEqual([[], []]);
    expect(m.balance).toBeGreaterThan(0);
  });
});

describe('board commands', () => {
  const prefs = prefsOf(DEFAULT_SETTINGS);
  const review = { can: true, atEnd: true, plies: 20 };
  it('blindfold, peek, theme, bell, evalbar', () => {
    let r = boardCommand(prefs, 'blindfold', review)!;
    expect(r.prefs.blindfold).toBe(true);
    r = boardCommand(r.prefs, 'peek', review)!;
    expect(r.prefs.peek).toBe(true);
    expect(boardCommand(r.prefs, 'blindfold off', review)!.prefs).toMatchObject({ blindfold: false, peek: false });
    expect(boardCommand(prefs, 'blindfold maybe', review)!.err).toEqual(['blindfold takes on or off']);
    expect(boardCommand(prefs, 'theme light', review)!.prefs.theme).toBe('light');
    expect(boardCommand(prefs, 'theme pink', review)!.err).toHaveLength(1);
    expect(boardCommand(prefs, 'bell on', review)!.prefs.bell).toBe(true);
    expect(boardCommand(prefs, 'evalbar off', review)!.prefs.evalBar).toBe(false);
    expect(boardCommand(prefs, 'material off', review)!.prefs.material).toBe(false);
    expect(boardCommand(prefs, 'material', review)!.prefs.material).toBe(false); // a toggle
    expect(boardCommand(prefs, 'material maybe', review)!.err).toEqual(['material takes on or off']);
    expect(boardCommand(prefs, 'h2e2', review)).toBeNull();
    expect(boardCommand(prefs, 'undo', review)).toBeNull();
  });

  it('autoplay: from the start at the end of a game, paused, faster and slower within bounds; refused without a game to review', () => {
    const r = boardCommand(prefs, 'autoplay', review)!;
    expect(r.prefs.autoplay).toBe(true);
    expect(r.before).toEqual(['undo 100000']);
    expect(boardCommand(r.prefs, 'autoplay', review)!.prefs.autoplay).toBe(false);
    expect(boardCommand(prefs, 'autoplay', { can: true, atEnd: false, plies: 3 })!.before).toBeUndefined();
    expect(boardCommand(prefs, 'autoplay', { can: false, atEnd: true, plies: 3 })!.err[0]).toMatch(/load a record first/);
    expect(boardCommand(prefs, 'autoplay faster', review)!.prefs.autoplayMs).toBe(667);
    expect(boardCommand(prefs, 'autoplay slower', review)!.prefs.autoplayMs).toBe(1500);
    expect(autoplayStep(100, true)).toBe(100);
    expect(autoplayStep(60_000, false)).toBe(60_000);
    expect(boardCommand(prefs, 'autoplay 250', review)!.prefs).toMatchObject({ autoplay: true, autoplayMs: 250 });
  });
});

describe('keys', () => {
  it('h j k l move the shown cursor with an empty prompt; else they are typed (h2e2)', () => {
    const s = new Session(xq);
    const vim = { vim: true };
    // the cursor hidden: letters type
    let r = reduceKey(s, initialUi(), 'h', {}, undefined, 10, vim);
    expect(r.ui).toMatchObject({ input: 'h', cursor: null });
    // Esc first clears the messages, then shows the cursor (e0); k l move it, a burst too
    r = reduceKey(s, initialUi([{ text: 'hello', error: false }]), '', { escape: true }, undefined, 10, vim);
    expect(r.ui).toMatchObject({ messages: [], cursor: null });
    r = reduceKey(s, r.ui, '', { escape: true }, undefined, 10, vim);
    expect(s.square(r.ui.cursor!)).toBe('e0');
    r = reduceKey(s, r.ui, 'k', {}, undefined, 10, vim);
    expect(s.square(r.ui.cursor!)).toBe('e1');
    r = reduceKey(s, r.ui, 'llj', {}, undefined, 10, vim);
    expect(s.square(r.ui.cursor!)).toBe('g0');
    r = reduceKey(s, r.ui, 'h', {}, undefined, 10, vim);
    expect(s.square(r.ui.cursor!)).toBe('f0');
    // another letter starts the prompt; then h is typed
    r = reduceKey(s, r.ui, 'b', {}, undefined, 10, vim);
    r = reduceKey(s, r.ui, 'h', {}, undefined, 10, vim);
    expect(r.ui).toMatchObject({ input: 'bh' });
    // vim keys off: typed even with the cursor shown; Esc does not show the cursor
    const off = reduceKey(s, { ...initialUi(), cursor: 4 }, 'h', {}, undefined, 10, { vim: false });
    expect(off.ui).toMatchObject({ input: 'h', cursor: 4 });
    expect(reduceKey(s, initialUi(), '', { escape: true }).ui.cursor).toBeNull();
    // Esc with the cursor shown hides it again
    expect(reduceKey(s, { ...initialUi(), cursor: 4 }, '', { escape: true }, undefined, 10, vim).ui.cursor).toBeNull();
  });

  it('j and k scroll a pane and move in the chooser (vim keys on, the prompt empty); typed otherwise', () => {
    const s = new Session(xq);
    const pane = { ...initialUi(), pane: openPane('help', Array.from({ length: 40 }, (_, i) => `line ${i}`)) };
    let r = reduceKey(s, pane, 'j', {}, undefined, 10, { vim: true });
    expect(r.ui.pane!.top).toBe(1);
    r = reduceKey(s, r.ui, 'k', {}, undefined, 10, { vim: true });
    expect(r.ui.pane!.top).toBe(0);
    expect(reduceKey(s, pane, 'j', {}, undefined, 10, {}).ui).toMatchObject({ input: 'j' });
    const choice = { ...initialUi(), choice: { square: 'e5', moves: ['a', 'b', 'c'], labels: ['', '', ''], index: 0 } };
    expect(reduceKey(s, choice, 'j', {}, undefined, 10, { vim: true }).ui.choice!.index).toBe(1);
    expect(reduceKey(s, choice, 'k', {}, undefined, 10, { vim: true }).ui.choice!.index).toBe(2);
  });

  it('under review: space, + and - drive autoplay while the prompt is empty', () => {
    const s = new Session(xq);
    const rv = { review: true };
    expect(reduceKey(s, initialUi(), ' ', {}, undefined, 10, rv).submit).toEqual(['autoplay']);
    expect(reduceKey(s, initialUi(), '+', {}, undefined, 10, rv).submit).toEqual(['autoplay faster']);
    expect(reduceKey(s, initialUi(), '-', {}, undefined, 10, rv).submit).toEqual(['autoplay slower']);
    expect(reduceKey(s, { ...initialUi(), input: 'go' }, ' ', {}, undefined, 10, rv).ui.input).toBe('go ');
    expect(reduceKey(s, initialUi(), ' ', {}).submit).toEqual([]);
  });

  it('under review: keys pressed faster than the board reads them (a held +) still drive autoplay, not the prompt', () => {
    const s = new Session(xq);
    const rv = { review: true };
    const r = reduceKey(s, initialUi(), '+++', {}, undefined, 10, rv);
    expect(r.submit).toEqual(['autoplay faster', 'autoplay faster', 'autoplay faster']);
    expect(r.ui.input).toBe('');
    expect(reduceKey(s, initialUi(), '--', {}, undefined, 10, rv).submit).toEqual(['autoplay slower', 'autoplay slower']);
    expect(reduceKey(s, initialUi(), '+ ', {}, undefined, 10, rv).submit).toEqual(['autoplay faster', 'autoplay']);
    // text that is not only these keys is typed
    expect(reduceKey(s, initialUi(), '+h', {}, undefined, 10, rv).ui.input).toBe('+h');
  });
});

describe('evaluation bar', () => {
  const ev = (turn: 0 | 1, score: number | null, mate: number | null = null): Evaluation =>
    ({ engine: 'x', pos: { turn } as never, info: { depth: 1, seldepth: 1, multipv: 1, score, mate, nodes: 0, nps: 0, pv: [] } }) as unknown as Evaluation;
  it('shares from side 0: even, ahead, behind, mates', () => {
    expect(evalShare(ev(0, 0))).toBe(0.5);
    expect(evalShare(ev(0, 400))).toBeCloseTo(0.731, 2);
    expect(evalShare(ev(1, 400))).toBeCloseTo(0.269, 2);
    expect(evalShare(ev(1, null, 3))).toBe(0);
    expect(evalShare(ev(1, null, -3))).toBe(1);
    expect(horizontalBar(0.5)).toBe('[█████░░░░░]');
    expect(barCells(0.25, 4)).toEqual([false, false, false, true]);
    expect(barCells(1, 3)).toEqual([true, true, true]);
  });
});

describe('the board (Ink)', () => {
  /** Polls the last frame until `ok` holds (Ink draws after the key is read), at most 5 s. */
  async function frame(app: { lastFrame: () => string | undefined }, ok: (f: string) => boolean): Promise<string> {
    for (let i = 0; i < 250; i++) {
      const f = app.lastFrame() ?? '';
      if (ok(f)) return f;
      await sleep(20);
    }
    return app.lastFrame() ?? '';
  }
  it('blindfold hides the pieces and keeps the grid; peek shows them until the next key; material beside the board', async () => {
    const s = new Session(xq, { players: ['human', 'human'] });
    const app = render(<App session={s} computer={noComputer} paint={{}} color={false} settings={{ ...DEFAULT_SETTINGS, blindfold: true }} />);
    let f = await frame(app, (x) => x.includes('┌───┬'));
    expect(f).not.toContain('帥');
    expect(f).toContain('blindfold (peek shows the pieces)');
    expect(f).toContain('material: even');
    // the key help gives no example move (it would say where a piece stands)
    expect(f).toContain('type a move · ');
    expect(f).not.toContain('type a move: ');
    app.stdin.write('peek\r');
    f = await frame(app, (x) => x.includes('帥'));
    expect(f).toContain('blindfold: peeking');
    app.stdin.write('x');
    f = await frame(app, (x) => x.includes('> x'));
    expect(f).not.toContain('帥');
    app.stdin.write('\x7f');
    await frame(app, (x) => !x.includes('> x'));
    app.stdin.write('blindfold off\r');
    f = await frame(app, (x) => x.includes('帥'));
    expect(f).not.toContain('blindfold (peek');
    expect(f).toContain('type a move: ');
    app.unmount();
  });

  it('theme NAME in the board repaints it (black blue in light); a bad name is an error', async () => {
    const s = new Session(xq, { players: ['human', 'human'] });
    const app = render(<App session={s} computer={noComputer} paint={themePainter('classic')} color={true} />);
    let f = await frame(app, (x) => x.includes('┌───┬'));
    expect(f).not.toMatch(/\x1b\[34m/);
    app.stdin.write('theme light\r');
    f = await frame(app, (x) => /\x1b\[34m/.test(x));
    expect(f).toMatch(/\x1b\[34m(?:\x1b\[[0-9;]*m)*▽/);
    app.stdin.write('theme pink\r');
    f = await frame(app, (x) => x.includes('is not one of'));
    expect(f).toContain('theme "pink" is not one of classic, light, high-contrast, wood, mono');
    app.unmount();
  });

  it('autoplay: space plays the moves ahead to the end of the game', async () => {
    const s = new Session(xq, { players: ['human', 'human'] });
    expect(s.command('h2e2 h9g7 h0g2 i9h9').ok).toBe(true);
    s.command('undo 100000');
    const app = render(<App session={s} computer={noComputer} paint={{}} color={false} settings={{ ...DEFAULT_SETTINGS, autoplayMs: 100 }} />);
    await frame(app, (x) => x.includes('┌───┬'));
    app.stdin.write(' ');
    const f = await frame(app, (x) => x.includes('autoplay: the end of the game'));
    expect(f).toContain('autoplay: the end of the game');
    expect(s.history).toHaveLength(4);
    app.unmount();
  });

  it('autoplay: a new speed counts from now, not after the move already waiting at the old one', async () => {
    const s = new Session(xq, { players: ['human', 'human'] });
    expect(s.command('h2e2 h9g7 h0g2 i9h9').ok).toBe(true);
    s.command('undo 100000');
    const app = render(<App session={s} computer={noComputer} paint={{}} color={false} settings={{ ...DEFAULT_SETTINGS, autoplayMs: 60_000 }} />);
    await frame(app, (x) => x.includes('┌───┬'));
    app.stdin.write(' ');
    await frame(app, (x) => x.includes('autoplay (space pauses)'));
    // one more key drawn: the first move is surely waiting (React runs the effect before the next render)
    app.stdin.write('+');
    await frame(app, (x) => x.includes('a move every 40.0 s'));
    app.stdin.write('autoplay 100\r');
    const f = await frame(app, (x) => x.includes('autoplay: the end of the game'));
    expect(f).toContain('autoplay: the end of the game');
    expect(s.history).toHaveLength(4);
    app.unmount();
  });

  it('--bell: a BEL when the computer moves, none without it', async () => {
    for (const bell of [true, false]) {
      const s = new Session(xq, { players: ['human', 'computer'] });
      const computer: ComputerPlayer = {
        name: 'one',
        placeholder: false,
        choose: async (req) => {
          const m = req.game.parseMove(req.pos, 'h9g7');
          return m.ok ? m.value : null;
        },
      };
      const app = render(<App session={s} computer={computer} paint={{}} color={false} settings={{ ...DEFAULT_SETTINGS, bell }} />);
      await frame(app, (x) => x.includes('┌───┬'));
      app.stdin.write('h2e2\r');
      await frame(app, (x) => x.includes('h9g7'));
      expect(app.frames.some((x) => x.includes('\x07')), String(bell)).toBe(bell);
      app.unmount();
    }
  });
});

describe('material and the bar in every terminal size the board is tested at', () => {
  const material = ['material: black +12', 'red took 卒', 'black took 俥傌'];
  for (const id of ['xiangqi', 'chushogi'] as GameId[])
    for (const [columns, rows] of [
      [80, 24],
      [100, 30],
      [120, 40],
    ] as const)
      it(`${id} ${columns}×${rows}: every line fits; beside the board the material and a bar as tall as the board`, () => {
        const s = new Session(getGame(id));
        const boards = {
          full: s.boardLines({ layout: 'full', steadyWidth: true }),
          compact: s.boardLines({ layout: 'compact', steadyWidth: true }),
        };
        const size = (l: string[]) => ({ columns: Math.max(...l.map((x) => stringWidth(x))), rows: l.length });
        const fit = chooseLayout({ columns, rows, reservedRows: RESERVED_ROWS, boards: { full: size(boards.full), compact: size(boards.compact) } });
        if (!fit.fits) throw new Error('no fit');
        const board = boards[fit.layout];
        const app = render(
          <Screen title="t" players="p" board={board} moves={['1. h2e2 h9g7']} status="s" messages={[]} input="" note="eval +0.30" color={false} fit={fit} material={material} bar={{ share: 0.25, bottom: 0 }} />,
        );
        const lines = app.lastFrame()!.split('\n');
        app.unmount();
        expect(lines.length).toBeLessThan(rows);
        for (const l of lines) expect(stringWidth(l), l).toBeLessThanOrEqual(columns);
        if (fit.panel === 'beside') {
          expect(lines.some((l) => l.endsWith('material: black +12'))).toBe(true);
          expect(lines.some((l) => l.endsWith('black took 俥傌'))).toBe(true);
          const cells = lines.filter((l) => /[█░]/.test(l));
          expect(cells).toHaveLength(board.length);
          expect(cells.filter((l) => l.includes('█'))).toHaveLength(Math.round(board.length / 4));
        } else {
          expect(lines.some((l) => /[█░]/.test(l))).toBe(false);
          // below the board: on a row of its own, or after the moves' heading
          expect(lines.some((l) => /^(moves {3})?material: black \+12 · red took 卒/.test(l))).toBe(true);
        }
      });
});
