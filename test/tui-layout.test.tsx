/** The play screen in the layout chosen for a terminal size (Screen with `fit`, ink-testing-library). */
import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import stringWidth from 'string-width';
import { getGame, type GameId } from '../src/games/registry.js';
import { chooseLayout, type Size } from '../src/render/layout.js';
import type { BoardLayout } from '../src/render/types.js';
import { RESERVED_ROWS } from '../src/tui/App.js';
import { packRows, paneListRows, Screen, wrapHelp, type ScreenProps } from '../src/tui/Screen.js';
import { HELP } from '../src/tui/commands.js';
import { initialUi, openPane, reduceKey, type KeyInfo, type Pane, type UiMessage, type UiState } from '../src/tui/ui.js';
import { Session } from '../src/tui/session.js';

function frame(id: GameId, columns: number, rows: number, moves: string[] = [], messages: string[] = []): { text: string; layout?: BoardLayout; panel?: string } {
  const s = new Session(getGame(id));
  for (const m of moves) expect(s.command(`move ${m}`).err).toEqual([]);
  const drawn = {} as Record<BoardLayout, string[]>;
  const sizes = {} as Record<BoardLayout, Size>;
  for (const layout of ['full', 'compact'] as const) {
    drawn[layout] = s.boardLines({ layout, steadyWidth: true });
    sizes[layout] = { columns: Math.max(...drawn[layout].map((l) => stringWidth(l))), rows: drawn[layout].length };
  }
  const fit = chooseLayout({ columns, rows, reservedRows: RESERVED_ROWS, boards: sizes });
  const { lastFrame, unmount } = render(
    <Screen
      title={`chuhan · ${id}`}
      players={s.playersLine()}
      board={drawn[fit.fits ? fit.layout : 'full']}
      moves={s.moveListRows()}
      status={s.statusLine()}
      messages={messages.map((text) => ({ text, error: false }))}
      input="h2"
      note="cursor e0"
      color={false}
      fit={fit}
    />,
  );
  const text = lastFrame()!;
  unmount();
  return { text, ...(fit.fits ? { layout: fit.layout, panel: fit.panel } : {}) };
}

describe('play screen sizes', () => {
  it('80×24 xiangqi: compact board, both generals, status and input line, fewer than 24 lines', () => {
    const f = frame('xiangqi', 80, 24, ['h2e2', 'h9g7']);
    const lines = f.text.split('\n');
    expect(f).toMatchObject({ layout: 'compact', panel: 'beside' });
    expect(lines.length).toBeLessThan(24);
    expect(f.text).toContain('帥');
    expect(f.text).toContain('將');
    expect(lines).toContain('red to move · last move h9g7');
    expect(lines).toContain('> h2_');
    expect(lines[2]).toMatch(/┐ {4}moves$/);
    expect(lines[3]).toMatch(/│ {4}1\. h2e2 h9g7$/);
    for (const l of lines) expect(stringWidth(l)).toBeLessThanOrEqual(80);
  });

  it('80×24 chu: compact board, both kings, status and input line', () => {
    const f = frame('chushogi', 80, 24);
    const lines = f.text.split('\n');
    // the board keeps a column for the promotion mark all game (65 columns): the moves go below it
    expect(f).toMatchObject({ layout: 'compact', panel: 'below' });
    expect(lines.length).toBeLessThan(24);
    expect(f.text).toContain('▽王');
    expect(f.text).toContain('▲王');
    expect(lines).toContain('sente to move');
    expect(lines).toContain('> h2_');
    for (const l of lines) expect(stringWidth(l)).toBeLessThanOrEqual(80);
  });

  it('60×20 xiangqi: compact, all on screen; optional lines are dropped first', () => {
    const f = frame('xiangqi', 60, 20, [], ['one', 'two', 'three']);
    const lines = f.text.split('\n');
    expect(lines.length).toBeLessThan(20);
    expect(f.text).toContain('帥');
    expect(f.text).toContain('將');
    expect(lines).toContain('> h2_');
    // no spare line: the note goes to the foot of the move panel beside the board, the last
    // message to the message row (always there); the earlier messages and the key help do not fit
    expect(lines.some((l) => l.endsWith('  cursor e0'))).toBe(true);
    expect(lines).toContain('three');
    expect(f.text).not.toContain('two');
    expect(f.text).not.toContain('type a move');
  });

  it('a narrow tall terminal: the moves go below the board, packed into lines', () => {
    const f = frame('xiangqi', 45, 40, ['h2e2', 'h9g7', 'h0g2', 'i9h9']);
    expect(f).toMatchObject({ layout: 'full', panel: 'below' });
    const lines = f.text.split('\n');
    const i = lines.indexOf('moves');
    expect(i).toBeGreaterThan(20);
    expect(lines[i + 1]).toBe('1. h2e2 h9g7   2. h0g2 i9h9');
  });

  it('30×10: the one-line size message', () => {
    expect(frame('xiangqi', 30, 10).text).toBe('too small: needs 41×20');
    expect(frame('chushogi', 30, 10).text).toBe('too small: needs 65×21');
  });

  it('packRows fills lines up to the width', () => {
    expect(packRows(['1. a b', '2. c d', '3. e f'], 15)).toEqual(['1. a b   2. c d', '3. e f']);
    expect(packRows([], 10)).toEqual([]);
  });
});

describe('the message row', () => {
  const shot = (id: GameId, columns: number, rows: number, extra: Partial<ScreenProps>) => {
    const s = new Session(getGame(id));
    const drawn = { full: s.boardLines({ steadyWidth: true }), compact: s.boardLines({ layout: 'compact', steadyWidth: true }) };
    const size = (l: string[]) => ({ columns: Math.max(...l.map((x) => stringWidth(x))), rows: l.length });
    const fit = chooseLayout({ columns, rows, reservedRows: RESERVED_ROWS, boards: { full: size(drawn.full), compact: size(drawn.compact) } });
    if (!fit.fits) throw new Error('does not fit');
    const { lastFrame, unmount } = render(
      <Screen title="chuhan" players="p" board={drawn[fit.layout]} moves={['1. h2e2 h9g7']} status="status line" messages={[]} input="" color={false} fit={fit} {...extra} />,
    );
    const lines = lastFrame()!.split('\n');
    unmount();
    return lines;
  };
  for (const [id, columns, rows] of [
    ['xiangqi', 100, 30],
    ['xiangqi', 80, 24],
    ['chushogi', 80, 24],
    ['chushogi', 100, 30],
  ] as const) {
    it(`${id} ${columns}×${rows}: an error is shown while the eval line is on`, () => {
      const lines = shot(id, columns, rows, { messages: [{ text: 'unknown command "zzz" (type help)', error: true }], note: 'eval +0.38 (red) depth 3' });
      expect(lines.length).toBeLessThan(rows);
      expect(lines).toContain('error: unknown command "zzz" (type help)');
      expect(lines.some((l) => l.endsWith('eval +0.38 (red) depth 3'))).toBe(true);
      expect(lines).toContain('status line');
    });
  }

  it('a finished game: the key help says how to go on, not "type a move"', () => {
    const lines = shot('xiangqi', 120, 40, { over: true, examples: ['h2e2'], square: 'h2' });
    expect(lines.some((l) => l.startsWith('the game is over · ←/→ or undo: look back'))).toBe(true);
    expect(lines.join('\n')).not.toContain('type a move');
    const playing = shot('xiangqi', 120, 40, { examples: ['h2e2', 'C2.5'], square: 'h2' });
    expect(playing).toContain('type a move: h2e2 (also C2.5) · ?h2 its moves · arrows/hjkl/mouse, Enter: select and move');
  });
});

describe('the chu board keeps its width', () => {
  it('the same columns before and after the first promotion (the play screen draws it steady)', () => {
    const s = new Session(getGame('chushogi'));
    const width = (l: string[]) => Math.max(...l.map((x) => stringWidth(x)));
    const before = s.boardLines({ layout: 'compact', steadyWidth: true });
    // a position with a promoted piece (a +P: tokin) for sente
    expect(s.command('fen 12/12/12/12/12/12/12/12/12/12/5+P6/6K5 b - 1').err).toEqual([]);
    const after = s.boardLines({ layout: 'compact', steadyWidth: true });
    expect(after.join('\n')).toContain('+');
    expect(width(after)).toBe(width(before));
    expect(width(before)).toBe(65);
    // `show` keeps the seed's board while nothing is promoted
    s.command('new');
    expect(width(s.boardLines({ layout: 'compact' }))).toBe(53);
  });
});

describe('the pane (help, a file of games) in place of the board', () => {
  const shot = (id: GameId, columns: number, rows: number, pane: Pane, messages: UiMessage[] = [], note?: string) => {
    const s = new Session(getGame(id));
    const drawn = { full: s.boardLines({ steadyWidth: true }), compact: s.boardLines({ layout: 'compact', steadyWidth: true }) };
    const size = (l: string[]) => ({ columns: Math.max(...l.map((x) => stringWidth(x))), rows: l.length });
    const fit = chooseLayout({ columns, rows, reservedRows: RESERVED_ROWS, boards: { full: size(drawn.full), compact: size(drawn.compact) } });
    if (!fit.fits) throw new Error('does not fit');
    const { lastFrame, unmount } = render(
      <Screen title="chuhan" players="p" board={drawn[fit.layout]} moves={[]} pane={pane} status="status line" messages={messages} input="" note={note} color={false} fit={fit} />,
    );
    const lines = lastFrame()!.split('\n');
    unmount();
    return { lines, rows: paneListRows(fit) };
  };
  const games = Array.from({ length: 1000 }, (_, i) => `${i + 1}. Cup ${i % 7} · 20${String(i % 24).padStart(2, '0')}.01.01 · P${i % 13} – Q${i % 11} · 1-0 (4 plies)`);

  for (const [id, columns, rows] of [
    ['xiangqi', 80, 24],
    ['chushogi', 80, 24],
    ['xiangqi', 100, 30],
    ['chushogi', 100, 30],
  ] as const) {
    it(`${id} ${columns}×${rows}: help and a 1,000-game list fit, title, status, message row and prompt stay`, () => {
      const help = shot(id, columns, rows, openPane('help', [...HELP].flatMap((l) => wrapHelp(l, columns))), [{ text: 'bad', error: true }]);
      expect(help.lines.length).toBeLessThan(rows);
      expect(help.lines[0]).toBe('chuhan');
      expect(help.lines[2]).toMatch(/^help · 1–\d+ of \d+$/);
      expect(help.lines[4]).toMatch(/^Commands/);
      expect(help.lines).toContain('status line');
      expect(help.lines).toContain('error: bad');
      expect(help.lines).toContain('> _');
      for (const l of help.lines) expect(stringWidth(l)).toBeLessThanOrEqual(columns);

      const list = openPane('f.pgn: 1000 games', games, 'f.pgn');
      const a = shot(id, columns, rows, list);
      expect(a.lines.length).toBeLessThan(rows);
      expect(a.lines[2]).toBe(`f.pgn: 1000 games · 1–${a.rows} of 1000`);
      expect(a.lines[4]).toMatch(/^> 1\. Cup 0/);
      expect(a.lines).toContain('> _');
      for (const l of a.lines) expect(stringWidth(l)).toBeLessThanOrEqual(columns);
    });
  }

  it('keys: PgDn, ↓, End, / search by player, Enter opens the selected game; Esc closes', () => {
    const s = new Session(getGame('xiangqi'));
    let ui: UiState = { ...initialUi(), pane: openPane('f.pgn: 1000 games', games, 'f.pgn') };
    const key = (input: string, k: KeyInfo = {}) => {
      const step = reduceKey(s, ui, input, k, undefined, 15);
      ui = step.ui;
      return step.submit;
    };
    key('', { pageDown: true });
    expect(ui.pane).toMatchObject({ sel: 14, top: 14 });
    key('', { downArrow: true });
    expect(ui.pane).toMatchObject({ sel: 15 });
    key('', { end: true });
    expect(ui.pane).toMatchObject({ sel: 999, top: 985 });
    key('/');
    for (const c of 'p12 q3') key(c);
    const shown = ui.pane!.shown.map((i) => games[i]!);
    expect(shown.length).toBeGreaterThan(0);
    for (const g of shown) expect(g).toMatch(/P12 – Q3 /);
    key('', { return: true }); // the search is done
    key('', { downArrow: true });
    expect(key('', { return: true })).toEqual([`load f.pgn ${games.indexOf(shown[1]!) + 1}`]);
    expect(ui.pane).toBeNull();
    // `/` and the search text in one read (typed fast, pasted): still a search
    ui = { ...initialUi(), pane: openPane('f.pgn: 1000 games', games, 'f.pgn') };
    key('/P12 q3');
    expect(ui.pane).toMatchObject({ searching: true, query: 'P12 q3' });
    expect(ui.pane!.shown.map((i) => games[i]!)).toEqual(shown);
    expect(ui.input).toBe('');
    ui = { ...initialUi(), pane: openPane('help', ['a', 'b']) };
    key('', { escape: true });
    expect(ui.pane).toBeNull();
  });
});
