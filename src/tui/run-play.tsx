/**
 * Starts the Ink `play` board (loaded by `chuhan play` through a dynamic import, so other commands
 * never load ink or react). Each game has its own file (store.ts), saved after every change and
 * before the computer thinks; `--resume [ID]` continues one; Ctrl-C, SIGINT, SIGTERM and SIGHUP
 * leave it saved. A storage problem is said at the start, and makes `play` exit 1 at the end.
 */
import { CliError, type Io } from './io.js';
import { boardPainter, screenColors } from './paint.js';
import { DEFAULT_SETTINGS, type Settings } from './settings.js';
import type { Game } from '../games/registry.js';
import type { LabelMode, RenderStyle } from '../render/types.js';
import { App } from './App.js';
import { engineComputer, type ComputerPlayer } from './computer.js';
import { closeComputer } from './engine-computer.js';
import { dirname } from 'node:path';
import { escapeControls } from '../core/text.js';
import { nodeFiles } from './files.js';
import { GameStore, stateDir, storageProblem, writeAtomically, type ResumedGame } from './store.js';
import { Session } from './session.js';
import type { PlayerKind } from './types.js';
import type { TimeControl } from './clock.js';
import { hostBoard } from './board-host.js';
import { handOver, type Preview } from './preview.js';

export interface PlayOptions {
  game: Game;
  fen?: string;
  /** Players given on the command line (undefined: default / from the saved game). */
  players: [PlayerKind | undefined, PlayerKind | undefined];
  level?: number;
  /** false: a new game; true: the latest unfinished; a string: that game's id. */
  resume: boolean | string;
  /** The saved game `--resume` names, already picked and read (play.ts `withResumedOptions`). */
  resumed?: ResumedGame;
  color: boolean;
  style: RenderStyle;
  labels?: LabelMode;
  io: Io;
  computer?: ComputerPlayer;
  /** Seed of the computer's random choices (--seed). */
  seed?: number;
  /** -v / --rules given on the command line: `--resume` picks (or must be) a game of that variant and rules. */
  variantGiven?: boolean;
  rulesGiven?: boolean;
  /** The options the game keeps for `--resume` (the ChuhanOptions tag, cli/play-options.ts). */
  playOptions?: string;
  store?: GameStore;
  // ---- clocks (play --tc) ----
  timeControl?: TimeControl;
  // ---- mouse (default on; --no-mouse) ----
  mouse?: boolean;
  /** Pause between computer-vs-computer moves, ms (play --delay, default 1000). */
  delayMs?: number;
  /** The first frame drawn before Ink loaded (preview.ts): Ink's first frame replaces it. */
  preview?: Preview | null;
  /** The board's settings (config.json and the options over it; settings.ts), and the file's problems. */
  settings?: Settings;
  settingsWarnings?: string[];
}

/** Where the session's game is saved. */
export interface GameTarget {
  path: string;
  id: string;
  /** A new game: its file does not exist yet (the first save creates it exclusively). */
  fresh: boolean;
}

/**
 * The session `play` starts with: a new game (from --fen) in a new file, or a saved one for
 * --resume [ID] (players and level from the record unless given on the command line). Throws
 * CliError (exit 2) when there is nothing to resume or the saved game is unreadable.
 */
export function prepareSession(
  o: PlayOptions,
  store: GameStore,
  computer: ComputerPlayer,
): { session: Session; greeting: string[]; target: GameTarget } {
  const session = new Session(o.game, {
    players: [o.players[0] ?? 'human', o.players[1] ?? 'computer'],
    level: o.level,
    files: nodeFiles(),
    computerName: 'computer',
    ...(o.seed !== undefined ? { seed: o.seed } : {}),
    timeControl: o.timeControl, // clocks (play --tc); a resumed game takes its saved clocks unless --tc is given again
  });
  // saved games name the computer sides' engines (and versions), not just "computer"
  if (computer.recordName) session.computerRecordName = (side, level) => computer.recordName!(side, level);
  if (computer.engineName) session.computerEngineName = (side) => computer.engineName!(side);
  const greeting: string[] = [];
  // another user's state folder: refused before anything is read or written there
  const owner = store.ownerProblem();
  if (owner) throw new CliError(owner, 2);
  let target: GameTarget;
  if (o.resume !== false) {
    if (o.fen !== undefined) throw new CliError('--fen starts a new game and --resume continues a saved one: give one of them', 2);
    let resumed = o.resumed;
    if (!resumed) {
      const picked = store.pick(o.resume, o.variantGiven ? o.game.id : undefined);
      if (!picked.ok) throw new CliError(picked.error, 2);
      // read safely: a FIFO or a symlink swapped in is refused, never waited on
      const read = store.readGame(picked.game.path);
      if (!read.ok) throw new CliError(read.error, 2);
      resumed = { game: picked.game, text: read.text };
    }
    const g = resumed.game;
    const e = session.loadRecord(resumed.text, true);
    if (e) throw new CliError(`the saved game ${escapeControls(g.path)} cannot be resumed: ${e}`, 2);
    if (o.players[0] || o.players[1]) {
      session.players = [o.players[0] ?? session.players[0], o.players[1] ?? session.players[1]];
    }
    if (o.level !== undefined) session.level = o.level;
    if (o.seed !== undefined) session.seed = o.seed;
    // --tc given again: new clocks of that control from here (each side its full time)
    if (o.timeControl) session.setTimeControl(o.timeControl);
    // a game goes on with its own variant and rules: -v or --rules saying otherwise is a mistake
    if (o.variantGiven && session.game.id !== o.game.id) throw new CliError(`the saved game ${g.id} is ${session.game.id}, not ${o.game.id}`, 2);
    const rulesOf = (x: Game): string => x.rules ?? x.ruleSets?.[0] ?? 'standard';
    if (o.rulesGiven && rulesOf(session.game) !== rulesOf(o.game))
      throw new CliError(`the saved game ${g.id} is played under the ${rulesOf(session.game)} rules, not ${rulesOf(o.game)}; a game keeps its rules`, 2);
    const n = session.history.length;
    greeting.push(`resumed the saved game ${g.id} (${n} ${n === 1 ? 'ply' : 'plies'})`);
    target = { path: g.path, id: g.id, fresh: false };
  } else {
    if (o.fen) {
      const e = session.reset(o.game, o.fen);
      if (e) throw new CliError(`bad FEN: ${e}`, 2);
    }
    const path = store.newPath();
    target = { path, id: GameStore.idOf(path), fresh: true };
    const waiting = store.list().filter((g) => !g.finished && !g.unreadable && g.openBy === null);
    if (waiting.length === 1) {
      const g = waiting[0]!;
      greeting.push(`an unfinished game (${g.id}, ${g.plies} ${g.plies === 1 ? 'ply' : 'plies'}) is saved: chuhan play --resume continues it`);
    } else if (waiting.length > 1) {
      greeting.push(`${waiting.length} unfinished games are saved: chuhan play --resume continues the latest, chuhan games lists them`);
    }
  }
  if (o.playOptions !== undefined) session.playOptions = o.playOptions || null;
  if (computer.placeholder && session.players.includes('computer')) {
    greeting.push(`note: the computer is a ${computer.name}`);
  }
  if (session.players.includes('computer')) greeting.push(`seed ${session.seed} (--seed ${session.seed} repeats the computer's choices)`);
  return { session, greeting, target };
}

export async function runPlay(o: PlayOptions): Promise<void> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    throw new CliError('play needs an interactive terminal; for scripts or pipes use chuhan repl (or chuhan show)', 2);
  }
  const store = o.store ?? new GameStore(stateDir(o.io.env));
  const computer = o.computer ?? engineComputer();
  const settings = o.settings ?? DEFAULT_SETTINGS;
  const paint = boardPainter(o.color, settings.theme); // no colour: cursor and last move still marked
  const { session, greeting, target } = prepareSession(o, store, computer);
  for (const w of o.settingsWarnings ?? []) greeting.push(`warning: ${w}`);
  const held = store.lock(target.path);
  if ('heldBy' in held) throw new CliError(`the game ${target.id} is open in another chuhan play (pid ${held.heldBy})`, 2);
  // a FIFO or symlink at a lock's name, a saved game that is no regular file: said, then ignored
  for (const w of store.warnings) greeting.push(`warning: ${w}`);
  const saver = gameSaver(store, target, held);
  // the storage is checked now, by writing the game file: a problem is said before the first move
  const first = saver.save(session);
  if (first) greeting.push(`warning: ${first}`);
  session.showEval = true; // play shows the evaluation line (`eval off` hides it)

  const autosave = (s: Session): string | null => saver.save(s);
  let saved: string | null;
  try {
    await hostBoard(
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
        settings={settings}
        colors={o.color ? screenColors(settings.theme) : undefined}
      />,
      {
        mouse: o.mouse !== false,
        // the preview was drawn from the top-left corner: Ink's first frame erases and replaces it
        clear: !o.preview?.fromTop,
        beforeMount: () => {
          if (o.preview && o.preview.fromTop === (o.mouse !== false)) handOver(process.stdout, o.preview);
        },
        beforeSignal: () => void autosave(session),
      },
    );
  } finally {
    await closeComputer(computer);
    saved = saver.finish(session);
    saver.release();
  }
  // on a line of its own (the last frame may end in a wrapped footer line)
  // a loaded record is kept as the user's game only once a move is played in it
  if (saved === 'empty') {
    o.io.err(`\nno move was played; nothing was saved${session.loadedRecord ? ' (a loaded game is saved once you play a move in it)' : ''}\n`);
    return;
  }
  if (saved) throw new CliError(`the game was not saved: ${saved}`, 1);
  const at = saver.target;
  const shown = escapeControls(at.path);
  const finished = saver.outcome;
  const what = session.loadedRecord ? 'the loaded game was not saved (no move was played in it); your game is saved in' : 'game saved to';
  o.io.err(
    '\n' +
      (finished
        ? `${what} ${shown} (finished, ${finished.result}); chuhan games lists it\n`
        : `${what} ${shown}; chuhan play --resume ${at.id} continues it\n`),
  );
}

/**
 * Saves a session's games, each to its own file: the first save of a new game creates the file
 * (exclusively), later ones replace it atomically. `save` returns a problem sentence or null;
 * `finish` also removes a new game's file when no move was played (returns 'empty').
 *
 * - A record opened with `load` (`session.loadedRecord`) is never written: the file keeps the
 *   user's own game as it was last saved, until a move is played in the loaded game (then it is the
 *   user's, and saved).
 * - A game that replaces another in the session (new, fen, load and a move) goes to a new file when
 *   the file already holds a game worth keeping (a move was played, or it was resumed), with its
 *   own lock; a game in which nothing was done yet is not written until something is.
 */
export function gameSaver(store: GameStore, first: GameTarget, held: { release: () => void } = { release: () => undefined }) {
  let target = first;
  let lock = held;
  let created = !target.fresh;
  let last: string | null = null;
  /** The file holds a game to keep (a resumed game, or one in which something was done). */
  let keeps = !target.fresh;
  /** The session's game the file holds (`Session.gameNo`); null before the first save. */
  let gameNo: number | null = null;
  /** The outcome of the game last written (for the words at the end). */
  let outcome: ReturnType<Session['outcome']> = null;
  const untouched = (s: Session): boolean => s.history.length === 0 && s.redoStack.length === 0 && s.startFen === s.game.startFen;
  const save = (s: Session): string | null => {
    if (s.loadedRecord) return last;
    if (gameNo !== null && gameNo !== s.gameNo) {
      if (keeps) {
        if (untouched(s)) return last; // a new game: its file when something is done in it
        const path = store.newPath();
        const next = store.lock(path);
        if ('heldBy' in next) return last; // cannot happen: a fresh random name
        lock.release();
        lock = next;
        target = { path, id: GameStore.idOf(path), fresh: true };
        created = false;
      }
      keeps = false;
    }
    gameNo = s.gameNo;
    keeps ||= !untouched(s);
    try {
      writeAtomically(target.path, s.record(), !created, store.fs);
      created = true;
      last = null;
      outcome = s.outcome();
    } catch (e) {
      last = storageProblem(e, dirname(target.path));
    }
    return last;
  };
  return {
    save,
    /** Where the games are being saved now (a new file once a second game of the session was saved). */
    get target(): GameTarget {
      return target;
    },
    /** The outcome of the game the file holds, as last written. */
    get outcome() {
      return outcome;
    },
    finish(s: Session): string | null | 'empty' {
      const problem = save(s);
      if (!keeps) {
        if (created) store.remove(target.path);
        return 'empty';
      }
      return problem;
    },
    /** Releases the lock of the current game file. */
    release(): void {
      lock.release();
    },
  };
}
