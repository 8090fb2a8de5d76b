/**
 * Starts the Ink `play` board (loaded by `chuhan play` through a dynamic import, so other commands
 * never load ink or react). The game in progress is autosaved after every change and before the
 * computer thinks; `--resume` continues it; Ctrl-C, SIGINT, SIGTERM and SIGHUP leave it saved.
 */
import { render } from 'ink';
import { CliError, type Io } from './io.js';
import { chalkPainter, monoPainter } from './paint.js';
import type { Game } from '../games/registry.js';
import type { LabelMode, RenderStyle } from '../render/types.js';
import { App } from './App.js';
import { engineComputer, type ComputerPlayer } from './computer.js';
import { autosavePath, nodeFiles, readIfExists, writeAtomically } from './files.js';
import { Session } from './session.js';
import type { PlayerKind } from './types.js';
import type { TimeControl } from './clock.js';
import { MOUSE_OFF, MOUSE_ON } from './mouse.js';

export interface PlayOptions {
  game: Game;
  fen?: string;
  /** Players given on the command line (undefined: default / from the saved game). */
  players: [PlayerKind | undefined, PlayerKind | undefined];
  level?: number;
  resume: boolean;
  color: boolean;
  style: RenderStyle;
  labels?: LabelMode;
  io: Io;
  computer?: ComputerPlayer;
  // ---- clocks (play --tc) ----
  timeControl?: TimeControl;
  // ---- mouse (default on; --no-mouse) ----
  mouse?: boolean;
  /** Pause between computer-vs-computer moves, ms (play --delay, default 1000). */
  delayMs?: number;
}

/**
 * The session `play` starts with: a new game (from --fen), or the autosaved one for --resume
 * (players and level from the record unless given on the command line). Throws CliError (exit 2)
 * when there is nothing to resume or the saved game is unreadable.
 */
export function prepareSession(o: PlayOptions, path: string, computer: ComputerPlayer): { session: Session; greeting: string[] } {
  const session = new Session(o.game, {
    players: [o.players[0] ?? 'human', o.players[1] ?? 'computer'],
    level: o.level,
    files: nodeFiles(),
    computerName: 'computer',
    timeControl: o.timeControl, // clocks (play --tc); a resumed game takes its saved clocks
  });
  const greeting: string[] = [];
  if (o.resume) {
    let text: string | null;
    try {
      text = readIfExists(path);
    } catch (e) {
      throw new CliError(`cannot read the saved game ${path}: ${e instanceof Error ? e.message : String(e)}`, 2);
    }
    if (text === null) throw new CliError(`there is no saved game to resume (${path} does not exist)`, 2);
    const e = session.loadRecord(text, true);
    if (e) throw new CliError(`the saved game ${path} cannot be resumed: ${e}`, 2);
    if (o.players[0] || o.players[1]) {
      session.players = [o.players[0] ?? session.players[0], o.players[1] ?? session.players[1]];
    }
    if (o.level !== undefined) session.level = o.level;
    const n = session.history.length;
    greeting.push(`resumed the saved game (${n} ${n === 1 ? 'ply' : 'plies'})`);
  } else if (o.fen) {
    const e = session.reset(o.game, o.fen);
    if (e) throw new CliError(`bad FEN: ${e}`, 2);
  }
  if (computer.placeholder && session.players.includes('computer')) {
    greeting.push(`note: the computer is a ${computer.name}`);
  }
  return { session, greeting };
}

export async function runPlay(o: PlayOptions): Promise<void> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    throw new CliError('play needs an interactive terminal; for scripts or pipes use chuhan repl (or chuhan show)', 2);
  }
  const path = autosavePath(o.io.env);
  const computer = o.computer ?? engineComputer();
  const paint = o.color ? chalkPainter(true) : monoPainter(); // no colour: cursor and last move still marked
  const { session, greeting } = prepareSession(o, path, computer);

  const autosave = (s: Session): string | null => {
    try {
      writeAtomically(path, s.record());
      return null;
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  };
  autosave(session);

  const onSignal = (): void => {
    autosave(session);
    instance.unmount();
  };
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  // ---- mouse: SGR reports on while the board is up, off again on every way out (crash too) ----
  const mouseOff = (): void => {
    if (o.mouse !== false) process.stdout.write(MOUSE_OFF);
  };
  if (o.mouse !== false) {
    // the board from the top-left corner, so a click's row is the board's row
    process.stdout.write('\x1b[2J\x1b[H' + MOUSE_ON);
    process.once('exit', mouseOff);
  }
  const instance = render(
    <App
      session={session}
      computer={computer}
      paint={paint}
      color={o.color}
      style={o.style}
      labels={o.labels}
      autosave={autosave}
      greeting={greeting}
      delayMs={o.delayMs ?? 1000}
    />,
    { exitOnCtrlC: false },
  );
  for (const s of signals) process.on(s, onSignal);
  try {
    await instance.waitUntilExit();
  } finally {
    for (const s of signals) process.off(s, onSignal);
    mouseOff();
    process.off('exit', mouseOff);
  }
  const saved = autosave(session);
  // on a line of its own (the last frame may end in a wrapped footer line)
  o.io.err(
    '\n' +
      (saved
      ? `chuhan: the game could not be saved to ${path}: ${saved}\n`
      : `game saved to ${path}; chuhan play --resume continues it\n`),
  );
}
