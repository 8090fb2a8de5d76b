/**
 * Starts the puzzle trainer in the Ink board of `play` (App in its trainer mode; loaded by
 * `chuhan puzzle` through a dynamic import). The progress file is read before anything is drawn
 * (an unreadable one: exit 2, the file left as it is) and written after every rated attempt.
 */
import { CliError, type Io } from './io.js';
import { boardPainter, screenColors } from './paint.js';
import { loadSettings } from './settings.js';
import type { Game } from '../games/registry.js';
import type { LabelMode, RenderStyle } from '../render/types.js';
import type { Puzzle } from '../puzzle/types.js';
import { App } from './App.js';
import type { ComputerPlayer } from './computer.js';
import { escapeControls, quoteName } from '../core/text.js';
import { formatProblem } from '../core/problem.js';
import { GameStore, stateDir } from './store.js';
import { progressPath, readProgress, saveProgress } from './puzzle-store.js';
import { PuzzleTrainer } from './trainer.js';
import { hostBoard } from './board-host.js';
import { playerOf } from '../puzzle/progress.js';

export interface PuzzleRunOptions {
  game: Game;
  library: string;
  puzzles: readonly Puzzle[];
  theme?: string;
  color: boolean;
  style: RenderStyle;
  labels?: LabelMode;
  io: Io;
  mouse?: boolean;
  /** The pause before the opponent's reply, ms. */
  delayMs: number;
}

/** The trainer with its progress read from the state folder (CliError, exit 2, when it cannot be). */
export function prepareTrainer(o: Omit<PuzzleRunOptions, 'color' | 'style' | 'io' | 'delayMs'>, env: Record<string, string | undefined>): { trainer: PuzzleTrainer; path: string } {
  const owner = new GameStore(stateDir(env)).ownerProblem();
  if (owner) throw new CliError(owner, 2);
  const path = progressPath(env);
  const read = readProgress(path);
  if (!read.ok) throw new CliError(read.error, 2);
  const trainer = new PuzzleTrainer({
    game: o.game,
    library: o.library,
    puzzles: o.puzzles,
    ...(o.theme !== undefined ? { theme: o.theme } : {}),
    progress: read.progress,
    save: (progress, game, key) => saveProgress(path, progress, game, key),
  });
  return { trainer, path };
}

/** A computer that never plays (both sides are the player's and the puzzle's; nothing asks it). */
const NO_COMPUTER: ComputerPlayer = {
  name: 'none',
  placeholder: false,
  choose: () => Promise.resolve(null),
};

export async function runPuzzle(o: PuzzleRunOptions): Promise<void> {
  // a file's puzzle that cannot be set up is bad input, said before the board (and with no terminal
  // too); the shipped sets are checked by their tests, not at every start
  for (const p of o.library === 'shipped' ? [] : o.puzzles) {
    const r = o.game.parseFen(p.fen);
    if (!r.ok) throw new CliError(`${o.library === 'shipped' ? `the shipped ${o.game.id} puzzles` : quoteName(o.library)}: the puzzle ${p.id} has a bad position: ${formatProblem(r.error)}`, 2);
  }
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    throw new CliError('puzzle needs an interactive terminal (chuhan puzzle --themes lists the themes anywhere)', 2);
  }
  const { trainer, path } = prepareTrainer(o, o.io.env);
  const greeting = trainer.next();
  if (trainer.phase === 'empty') {
    o.io.err(`${greeting.join(' ')}\n`);
    return;
  }
  trainer.session.style = o.style;
  // the board's settings (config.json: colour theme, vim keys, bell, eval bar…) as in `play`
  const { settings, warnings } = loadSettings(o.io.env);
  for (const w of warnings) greeting.push(`warning: ${w}`);
  const paint = boardPainter(o.color, settings.theme);
  // the progress is saved at every rated attempt: a signal only ends the board
  await hostBoard(
    <App
      session={trainer.session}
      computer={NO_COMPUTER}
      paint={paint}
      color={o.color}
      style={o.style}
      labels={o.labels}
      greeting={greeting}
      delayMs={o.delayMs}
      trainer={trainer}
      settings={settings}
      colors={o.color ? screenColors(settings.theme) : undefined}
    />,
    { mouse: o.mouse !== false, clear: true },
  );
  const me = playerOf(trainer.progress, o.game.id);
  o.io.err(
    `\n${trainer.solvedCount} solved, ${trainer.missedCount} missed; your ${o.game.id} puzzle rating ${Math.round(me.rating)} ±${Math.round(me.rd)}; progress in ${escapeControls(path)}\n`,
  );
  if (trainer.saveError) throw new CliError(`the puzzle progress was not saved: ${trainer.saveError}`, 1);
}
