/**
 * Issue 43 (4): a lion's pass and its capture-and-return (igui) with the mouse and the cursor:
 * select the lion, then choose its own square again; the chooser lists the moves that stay.
 */
import { describe, expect, it } from 'vitest';
import { isPass, staysPut } from '../src/core/move.js';
import { getGame } from '../src/games/registry.js';
import { Session } from '../src/tui/session.js';
import { click } from './helpers/click.js';
import { choiceLines, initialUi, reduceKey, type UiState } from '../src/tui/ui.js';

const chu = getGame('chushogi');
/** Sente's lion on 7h, a gote pawn on 7g beside it, the rest of its neighbours empty. */
const FEN = '6k5/12/12/12/12/12/5p6/5N6/12/12/12/6K5 b - 1';

describe('the lion stays on its square', () => {
  it('mouse: click the lion (a hint says how), click it again: igui and pass in the chooser; igui played', () => {
    const s = new Session(chu, { fen: FEN });
    let r = click(s, initialUi(), '7h');
    expect(r.ui.selected).toBe(s.parseSquare('7h'));
    expect(r.ui.messages.map((m) => m.text)).toEqual(['the Lion on 7h: choose it again (click, or Enter) to pass or to capture and return (igui); Esc deselects']);
    r = click(s, r.ui, '7h');
    const c = r.ui.choice!;
    const lines = choiceLines(c);
    expect(lines[0]).toBe('the Lion on 7h stays on its square:');
    const igui = c.labels.indexOf('capture on 7g and return (igui)');
    const pass = c.labels.findIndex((l) => l.startsWith('pass (through '));
    expect(igui).toBeGreaterThanOrEqual(0);
    expect(pass).toBeGreaterThanOrEqual(0);
    expect(c.moves).toHaveLength(2); // one pass (the rules give one), one igui
    const picked = reduceKey(s, r.ui, String(igui + 1), {});
    expect(picked.ui.selected).toBeNull();
    expect(picked.submit).toEqual([c.moves[igui]]);
    expect(s.command(picked.submit[0]!).err).toEqual([]);
    const m = s.history[0]!;
    expect(staysPut(m)).toBe(true); // and 7g is empty now: the igui took the pawn
    expect(s.pos.board[s.parseSquare('7g')!]).toBe(0);
    expect(s.pos.board[s.parseSquare('7h')!]).not.toBe(0);
  });

  it('cursor: Enter on the lion, Enter again, ↓ to the pass, Enter: the lion passes', () => {
    const s = new Session(chu, { fen: FEN });
    let ui: UiState = { ...initialUi(), cursor: s.parseSquare('7h') };
    ui = reduceKey(s, ui, '\r', { return: true }).ui;
    ui = reduceKey(s, ui, '\r', { return: true }).ui;
    const c = ui.choice!;
    const pass = c.labels.findIndex((l) => l.startsWith('pass'));
    for (let k = 0; k < pass; k++) ui = reduceKey(s, ui, '', { downArrow: true }).ui;
    const enter = reduceKey(s, ui, '\r', { return: true });
    expect(enter.submit).toEqual([c.moves[pass]]);
    expect(s.command(enter.submit[0]!).err).toEqual([]);
    expect(isPass(s.pos.board, s.history[0]!)).toBe(true);
    expect(s.turn).toBe(1);
  });

  it('the lion clicked a third time lets it go; a piece that cannot stay is deselected by a second click', () => {
    const s = new Session(chu, { fen: FEN });
    let r = click(s, initialUi(), '7h');
    r = click(s, r.ui, '7h');
    expect(r.ui.choice).not.toBeNull();
    r = click(s, r.ui, '7h');
    expect(r.ui.choice).toBeNull();
    expect(r.ui.selected).toBeNull();
    expect(r.submit).toEqual([]);
    // the king: no move stays, so the second click deselects as before
    r = click(s, initialUi(), '6l');
    expect(r.ui.selected).toBe(s.parseSquare('6l'));
    expect(r.ui.messages).toEqual([]);
    r = click(s, r.ui, '6l');
    expect(r.ui.selected).toBeNull();
    expect(r.ui.choice).toBeNull();
  });
});
