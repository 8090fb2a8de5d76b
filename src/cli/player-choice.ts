/**
 * `--red`/`--black` (human, computer, or an engine by name or command) and `--engine` (the
 * engine of every computer side without its own) for `play` and `repl`: the players and one
 * computer player that asks each side's engine.
 */
import { quoteInput } from '../core/text.js';
import type { EngineChoice, Env } from '../engine-client/config.js';
import type { ComputerPlayer } from '../tui/computer.js';
import { builtinComputer, externalComputer, sideComputers } from '../tui/engine-computer.js';
import { parsePlayerKind, type PlayerKind } from '../tui/types.js';
import { CliError } from './context.js';
import { chooseEngine } from './engine-choice.js';
import { VERSION } from './version.js';

export interface PlayerFlags {
  red?: string;
  black?: string;
  engine?: string;
  movetime?: string;
  seed?: string;
  /** false with --no-book: the built-in engine plays without its opening book. */
  book?: boolean;
}

/** --seed: a whole number (the computer's random choices below the top level). */
export function parseSeed(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,9}$/.test(text)) throw new CliError(`--seed must be a whole number from 0 to 999999999, not ${quoteInput(text)}`);
  return Number(text);
}

/** The built-in engine's name in saved games: the program and its version (`chuhan 0.1.0 level 3`). */
const PROGRAM = `chuhan ${VERSION}`;

const computerOf = (c: EngineChoice, moveMs: number | undefined, book = true): ComputerPlayer =>
  c.kind === 'builtin' ? builtinComputer(book, PROGRAM) : externalComputer(c.entry, moveMs);

export function choosePlayers(
  flags: PlayerFlags,
  env: Env,
): { players: [PlayerKind | undefined, PlayerKind | undefined]; computer: ComputerPlayer } {
  let moveMs: number | undefined;
  if (flags.movetime !== undefined) {
    if (!/^\d+$/.test(flags.movetime) || Number(flags.movetime) < 10 || Number(flags.movetime) > 3_600_000)
      throw new CliError(`--movetime must be milliseconds from 10 to 3600000, not ${quoteInput(flags.movetime)}`);
    moveMs = Number(flags.movetime);
  }
  const fallback = computerOf(chooseEngine(flags.engine, env), moveMs, flags.book !== false);
  const players: [PlayerKind | undefined, PlayerKind | undefined] = [undefined, undefined];
  const own: [ComputerPlayer | null, ComputerPlayer | null] = [null, null];
  (['red', 'black'] as const).forEach((flag, side) => {
    const v = flags[flag];
    if (v === undefined) return;
    const kind = parsePlayerKind(v);
    if (kind) {
      players[side] = kind;
      return;
    }
    let choice: EngineChoice;
    try {
      choice = chooseEngine(v, env);
    } catch (e) {
      throw new CliError(`--${flag} must be human, computer or an engine: ${e instanceof Error ? e.message : String(e)}`);
    }
    players[side] = 'computer';
    own[side] = computerOf(choice, moveMs, flags.book !== false);
  });
  return { players, computer: own[0] || own[1] ? sideComputers(own, fallback) : fallback };
}
