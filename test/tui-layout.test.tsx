/** The play screen in the layout chosen for a terminal size (Screen with `fit`, ink-testing-library). */
import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import stringWidth from 'string-width';
import { getGame, type GameId } from '../src/games/registry.js';
import { chooseLayout, type Size } from '../src/render/layout.js';
import type { BoardLayout } from '../src/render/types.js';
import { RESERVED_ROWS } from '../src/tui/App.js';
import { packRows, Screen } from '../src/tui/Screen.js';
import { Session } from '../src/tui/session.js';

function frame(id: GameId, columns: number, rows: number, moves: string[] = [], messages: string[] = []): { text: string; layout?: BoardLayout; panel?: string } {
  const s = new Session(getGame(id));
  for (const m of moves) expect(s.command(`move ${m}`).err).toEqual([]);
  const drawn = {} as Record<BoardLayout, string[]>;
  const sizes = {} as Record<BoardLayout, Size>;
  for (const layout of ['full', 'compact'] as const) {
    drawn[layout] = s.boardLines({ layout });
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
    expect(f).toMatchObject({ layout: 'compact', panel: 'beside' });
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
    // one spare line: the note; the messages and the key help do not fit
    expect(lines).toContain('cursor e0');
    expect(f.text).not.toContain('three');
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
    expect(frame('xiangqi', 30, 10).text).toBe('too small: needs 41×19');
    expect(frame('chushogi', 30, 10).text).toBe('too small: needs 53×20');
  });

  it('packRows fills lines up to the width', () => {
    expect(packRows(['1. a b', '2. c d', '3. e f'], 15)).toEqual(['1. a b   2. c d', '3. e f']);
    expect(packRows([], 10)).toEqual([]);
  });
});

describe('help where there is no room for a panel', () => {
  it('60×20 chu: the help replaces the board until the next key', () => {
    const s = new Session(getGame('chushogi'));
    const drawn = { full: s.boardLines(), compact: s.boardLines({ layout: 'compact' }) };
    const size = (l: string[]) => ({ columns: Math.max(...l.map((x) => stringWidth(x))), rows: l.length });
    const fit = chooseLayout({ columns: 60, rows: 20, reservedRows: RESERVED_ROWS, boards: { full: size(drawn.full), compact: size(drawn.compact) } });
    expect(fit).toMatchObject({ fits: true, panel: 'none' });
    const { lastFrame, unmount } = render(
      <Screen title="t" players="p" board={drawn.compact} moves={[]} panel={['Commands:', '  undo']} status="sente to move" messages={[]} input="" color={false} fit={fit} />,
    );
    const lines = lastFrame()!.split('\n');
    unmount();
    expect(lines.slice(2, 5)).toEqual(['Commands:', '  undo', '(any key: back to the board)']);
    expect(lines.length).toBeLessThan(20);
  });
});
