/**
 * Holds an Ink board (App, for `play` and `puzzle`) in the terminal until it exits: SGR mouse
 * reports on while it is up and off again on every way out (a crash too), and SIGINT, SIGTERM and
 * SIGHUP end it (after `beforeSignal`, e.g. saving the game).
 */
import type { ReactElement } from 'react';
import { render } from 'ink';
import { MOUSE_OFF, MOUSE_ON } from './mouse.js';

export interface BoardHostOptions {
  mouse: boolean;
  /** Clear the screen first (not when a preview is already drawn from the top-left corner). */
  clear: boolean;
  /** Just before Ink's first frame (handing over a preview). */
  beforeMount?: () => void;
  beforeSignal?: () => void;
}

export async function hostBoard(app: ReactElement, o: BoardHostOptions): Promise<void> {
  const mouseOff = (): void => {
    if (o.mouse) process.stdout.write(MOUSE_OFF);
  };
  if (o.mouse) {
    // the board from the top-left corner, so a click's row is the board's row
    process.stdout.write((o.clear ? '\x1b[2J\x1b[H' : '') + MOUSE_ON);
    process.once('exit', mouseOff);
  }
  o.beforeMount?.();
  const instance = render(app, { exitOnCtrlC: false });
  const onSignal = (): void => {
    o.beforeSignal?.();
    instance.unmount();
  };
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const s of signals) process.on(s, onSignal);
  try {
    await instance.waitUntilExit();
  } finally {
    for (const s of signals) process.off(s, onSignal);
    mouseOff();
    process.off('exit', mouseOff);
  }
}
