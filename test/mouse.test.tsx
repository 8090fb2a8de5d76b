/** Mouse on the play board: SGR reports, the screen-to-square map, the chooser for several moves. */
import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { getGame } from '../src/games/registry.js';
import { App } from '../src/tui/App.js';
import type { ComputerPlayer } from '../src/tui/computer.js';
import { boardGeometry, parseSgrMouse } from '../src/tui/mouse.js';
import { Session } from '../src/tui/session.js';
import { click } from './helpers/click.js';
import { choiceLines, initialUi, reduceKey, type UiState } from '../src/tui/ui.js';
import { sleep, waitUntil } from './helpers/wait.js';

const xq = getGame('xiangqi');
const chu = getGame('chushogi');
const noComputer: ComputerPlayer = { name: 'none', placeholder: true, choose: async () => null };


describe('SGR mouse reports', () => {
  it('parses press and release, with or without ESC', () => {
    expect(parseSgrMouse('\x1b[<0;12;5M')).toEqual({ button: 0, x: 12, y: 5, press: true });
    expect(parseSgrMouse('[<0;12;5m')).toEqual({ button: 0, x: 12, y: 5, press: false });
    expect(parseSgrMouse('[<0;12;5')).toBeNull();
  });

  it('finds the squares of a drawn board (both layouts, flipped)', () => {
    const s = new Session(xq);
    for (const layout of ['full', 'compact'] as const) {
      const g = boardGeometry(s.boardLines({ layout, paint: {} }), 9);
      expect(g.rows).toHaveLength(10);
      expect(g.columns).toHaveLength(9);
    }
  });

  it('an ink frame: click h2, click e2 plays h2e2 (raw SGR input on stdin)', async () => {
    const s = new Session(xq, { players: ['human', 'human'] });
    const { stdin, lastFrame, unmount } = render(<App session={s} computer={noComputer} paint={{}} color={false} />);
    await waitUntil(() => boardGeometry((lastFrame() ?? '').split('\n'), 9).rows.length === 10);
    const lines = lastFrame()!.split('\n');
    const g = boardGeometry(lines, 9);
    expect(g.rows).toHaveLength(10);
    // rank 2 is the 8th rank row from the top; files h and e
    const y = g.rows[7]! + 1;
    const at = (file: number) => g.columns[file]![0] + 1;
    stdin.write(`\x1b[<0;${at(7)};${y}M`);
    await sleep(20);
    stdin.write(`\x1b[<0;${at(7)};${y}m`);
    await sleep(20);
    stdin.write(`\x1b[<0;${at(4)};${y}M`);
    await sleep(20);
    stdin.write(`\x1b[<0;${at(4)};${y}m`);
    for (let i = 0; i < 100 && !lastFrame()!.includes('1. h2e2'); i++) await sleep(20);
    expect(s.moveTexts()).toEqual(['h2e2']);
    expect(lastFrame()).toContain('1. h2e2');
    expect(lastFrame()).not.toContain('[<0');
    unmount();
  });
});

describe('the chooser (several moves to one square)', () => {
  it('a promotion: the pawn entering the zone may promote or not; a digit picks', () => {
    const s = new Session(chu, { fen: '6k5/12/12/12/5P6/12/12/12/12/12/12/6K5 b - 1' });
    let r = click(s, initialUi(), '7e');
    expect(r.ui.selected).toBe(s.parseSquare('7e'));
    r = click(s, r.ui, '7d');
    expect(r.ui.choice?.moves.sort()).toEqual(['7e7d', '7e7d+']);
    const lines = choiceLines(r.ui.choice!).join('\n');
    expect(lines).toContain('promotes');
    expect(lines).toContain('does not promote');
    const i = r.ui.choice!.moves.indexOf('7e7d+');
    const pickIt = reduceKey(s, r.ui, String(i + 1), {});
    expect(pickIt.submit).toEqual(['7e7d+']);
    expect(s.command(pickIt.submit[0]!).ok).toBe(true);
    expect(s.moveTexts()).toEqual(['7e7d+']);
  });

  it('a lion double move: capture on 7g and go on, or jump over it, arrows and Enter choose one; Esc chooses none', () => {
    const s = new Session(chu, { fen: '6k5/12/12/12/12/12/5p6/5N6/12/12/12/6K5 b - 1' });
    let r = click(s, initialUi(), '7h');
    r = click(s, r.ui, '7f');
    const c = r.ui.choice!;
    expect(c.moves.length).toBeGreaterThan(1);
    expect(c.moves).toContain('7h7g7f');
    expect(c.labels[c.moves.indexOf('7h7g7f')]).toBe('via 7g');
    const esc = reduceKey(s, r.ui, '', { escape: true });
    expect(esc.ui.choice).toBeNull();
    expect(esc.submit).toEqual([]);
    // keyboard: the same chooser from the cursor (Enter on the selected piece's destination)
    let ui: UiState = { ...r.ui };
    const want = c.moves.indexOf('7h7g7f');
    for (let k = 0; k < want; k++) ui = reduceKey(s, ui, '', { downArrow: true }).ui;
    const enter = reduceKey(s, ui, '\r', { return: true });
    expect(enter.submit).toEqual(['7h7g7f']);
    expect(s.command('7h7g7f').ok).toBe(true);
    expect(s.history).toHaveLength(1);
  });
});
