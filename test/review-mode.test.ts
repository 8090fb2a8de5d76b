/** Review mode: a file of several games lists them, a loaded game waits, ←/→ step, a new line from an earlier position. */
import { describe, expect, it } from 'vitest';
import { getGame } from '../src/games/registry.js';
import { Session } from '../src/tui/session.js';
import { initialUi, reduceKey } from '../src/tui/ui.js';

const xq = getGame('xiangqi');
const TWO = `[Event "Club final"]\n[Date "2024.05.01"]\n[Red "Li"]\n[Black "Wang"]\n[Result "1-0"]\n\n1. h2e2 h9g7 2. h0g2 1-0\n\n[Event "Friendly"]\n[Red "Zhao"]\n[Black "Sun"]\n[Result "*"]\n\n1. b2e2 b9c7 2. b0c2 i9i8 *\n`;

function session(): Session {
  const files = new Map([['two.pgn', TWO]]);
  return new Session(xq, {
    players: ['human', 'computer'],
    files: { read: (p) => { const t = files.get(p); if (t === undefined) throw new Error('no such file or directory'); return t; }, write: () => undefined },
  });
}

describe('review mode', () => {
  it('load of a two-game file lists the games (event, players, result); load F N opens one, computer paused', () => {
    const s = session();
    const list = s.command('load two.pgn');
    expect(list.ok).toBe(true);
    expect(list.panel).toBe(true);
    expect(list.out).toEqual([
      'two.pgn holds 2 games; type load two.pgn N to open game N:',
      '1. Club final · 2024.05.01 · Li – Wang · 1-0 (3 plies)',
      '2. Friendly · Zhao – Sun · * (4 plies)',
    ]);
    expect(s.history).toHaveLength(0);
    const r = s.command('load two.pgn 2');
    expect(r.ok, r.err.join()).toBe(true);
    expect(r.out[0]).toContain('loaded 4 plies from two.pgn (game 2)');
    expect(r.out[1]).toContain('paused');
    expect(s.history).toHaveLength(4); // the last position
    expect(s.computerToMove()).toBe(false); // red to move is human; now black's turn after a step:
    s.command('undo');
    expect(s.turn).toBe(1);
    expect(s.computerToMove()).toBe(false); // paused
    expect(s.command('go').think).toBe(true);
    expect(s.computerToMove()).toBe(true);
  });

  it('←/→ step one ply, Home/End jump; a move from an earlier position starts a new line, undo brings the old one back', () => {
    const s = session();
    s.command('load two.pgn 2');
    const key = (k: Parameters<typeof reduceKey>[3]) => {
      for (const line of reduceKey(s, initialUi(), '', k).submit) s.command(line);
    };
    key({ leftArrow: true });
    key({ leftArrow: true });
    expect(s.history).toHaveLength(2);
    key({ rightArrow: true });
    expect(s.history).toHaveLength(3);
    key({ home: true });
    expect(s.history).toHaveLength(0);
    key({ end: true });
    expect(s.history).toHaveLength(4);
    // from ply 2, a different move: a new line
    key({ leftArrow: true });
    key({ leftArrow: true });
    expect(s.command('h2g2').ok).toBe(true);
    expect(s.moveTexts()).toEqual(['b2e2', 'b9c7', 'h2g2']);
    expect(s.redoStack).toHaveLength(0);
    // undo: back at ply 2 the old line returns
    s.command('undo');
    key({ end: true });
    expect(s.moveTexts()).toEqual(['b2e2', 'b9c7', 'b0c2', 'i9i8']);
  });

  it('the header names event, date, players and result with the ply on the board; the moves ahead are marked in the list', () => {
    const s = session();
    s.command('load two.pgn 1');
    expect(s.reviewHeader()).toBe('Club final · 2024.05.01 · Li – Wang · 1-0 · ply 3 of 3');
    s.command('undo 2');
    expect(s.reviewHeader()).toBe('Club final · 2024.05.01 · Li – Wang · 1-0 · ply 1 of 3');
    const r = s.reviewRows();
    expect(r.rows).toEqual(['1. h2e2 h9g7', '2. h0g2']);
    expect(r.ahead).toEqual({ row: 0, column: '1. h2e2 '.length });
    s.command('undo');
    expect(s.reviewRows().ahead).toEqual({ row: 0, column: 3 });
    s.command('redo 3');
    expect(s.reviewRows()).toEqual({ rows: ['1. h2e2 h9g7', '2. h0g2'], ahead: null });
    // a game of one's own (a new game) has no header: the players line is shown
    s.command('new');
    expect(s.reviewHeader()).toBeNull();
  });
});

