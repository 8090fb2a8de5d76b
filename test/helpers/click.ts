/** A mouse click on a square through the board's key reducer, without a terminal. */
import type { Session } from '../../src/tui/session.js';
import { reduceKey, type HitTest, type UiState } from '../../src/tui/ui.js';

/** A hit test that maps column x to square x - 1 (row 1). */
export const byIndex: HitTest = (x) => x - 1;

/** A click (SGR press and release) on the square `name`: the UI after it and the lines it submitted. */
export function click(s: Session, ui: UiState, name: string): { ui: UiState; submit: string[] } {
  const sq = s.parseSquare(name)!;
  const down = reduceKey(s, ui, `[<0;${sq + 1};1M`, { meta: true }, byIndex);
  const up = reduceKey(s, down.ui, `[<0;${sq + 1};1m`, { meta: true }, byIndex);
  return { ui: up.ui, submit: [...down.submit, ...up.submit] };
}
