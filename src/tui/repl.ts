/**
 * `chuhan repl`: reads command lines (a terminal or piped stdin), runs them through the shared
 * `Session`, prints the output to `out` and errors (`error: …`) to `err`, and keeps going after a
 * failed command. The computer moves here (`go`, or a computer player's turn).
 *
 * Exit code of a session: 0 when every command succeeded, 1 when any failed (the session still
 * ran to the end or to `quit`).
 */
import { escapeControls } from '../core/text.js';
import { createInterface } from 'node:readline';
import type { ComputerPlayer } from './computer.js';
import { analyserFor, builtinComputer, evaluationLine, scoreOf } from './engine-computer.js';
import type { Session } from './session.js';
import { fenGoesOn } from './ui.js';

export interface ReplIo {
  out(text: string): void;
  err(text: string): void;
}

export interface ReplOptions {
  session: Session;
  computer: ComputerPlayer;
  input: NodeJS.ReadableStream;
  io: ReplIo;
  /** Show a prompt and the greeting (stdin is a terminal). */
  interactive?: boolean;
  /** Output stream for readline's prompt when interactive. */
  output?: NodeJS.WritableStream;
  /** Most computer moves played after one command (a computer-vs-computer game stops there). */
  maxAutoPlies?: number;
  /** Pause between two computer moves in a row (computer vs computer), ms; default 0. */
  delayMs?: number;
}

const COMMANDS = [
  'help', 'quit', 'move', 'hint', 'undo', 'redo', 'new', 'fen', 'moves', 'show', 'status', 'go', 'players',
  'level', 'notation', 'flip', 'resign', 'draw', 'perft', 'save', 'load',
];

/** Tab completion: command names at the start of a line, else legal moves and squares of the position. */
export function completeLine(session: Session, line: string): [string[], string] {
  const word = /(\S*)$/.exec(line)![1]!;
  const first = line.trimStart() === word;
  const moves = [...new Set(session.legalTexts())];
  const pool = first ? [...COMMANDS, ...moves] : moves;
  const hits = pool.filter((c) => c.startsWith(word)).sort();
  return [hits, word];
}

export async function runRepl(opts: ReplOptions): Promise<number> {
  const { session, computer, io } = opts;
  // saved games name the computer sides' engines (and versions), not just "computer"
  if (computer.recordName) session.computerRecordName = (side, level) => computer.recordName!(side, level);
  if (computer.engineName) session.computerEngineName = (side) => computer.engineName!(side);
  const maxAuto = opts.maxAutoPlies ?? 400;
  let failed = false;
  const print = (lines: string[]): void => {
    if (lines.length) io.out(lines.join('\n') + '\n');
  };
  const printErr = (lines: string[]): void => {
    if (lines.length) io.err(lines.map((l) => `error: ${escapeControls(l)}`).join('\n') + '\n');
  };

  const evalLine = (side: 0 | 1): void => {
    const e = analyserFor(computer, side)?.lastEvaluation;
    if (!session.showEval || !e) return;
    const viewer = session.players.indexOf('human');
    print([evaluationLine(e, viewer === 1 ? 1 : 0, (s) => session.sideName(s), (p, m) => session.formatter().format(p, m))]);
  };
  /** The computer's move; false when the engine failed (the game is unchanged, the error printed). */
  const think = async (): Promise<boolean> => {
    const side = session.turn as 0 | 1;
    // biome-ignore lint/suspicious/noImplicitAnyLet: the computer's move, set in the try
    let m;
    try {
      m = await computer.choose(session.thinkRequest());
    } catch (e) {
      printErr([`the computer failed: ${e instanceof Error ? e.message : String(e)}`]);
      failed = true;
      return false;
    }
    const r = session.computerMove(m, scoreOf(session, analyserFor(computer, side)?.lastEvaluation));
    print(r.out);
    evalLine(side);
    printErr(r.err);
    if (!r.ok) failed = true;
    return r.ok;
  };
  let fallback: ReturnType<typeof builtinComputer> | null = null;
  /** `hint`: the side to move's engine (the built-in one when that side has none) names its move. */
  const hint = async (): Promise<void> => {
    const side = session.turn as 0 | 1;
    const a = analyserFor(computer, side) ?? (fallback ??= builtinComputer());
    try {
      const h = await a.hint(session.thinkRequest());
      if (h.move === null) return print(['hint: no move']);
      const pos = session.pos;
      print([`hint: ${session.formatter().format(pos, h.move)}`]);
      if (h.evaluation) print([evaluationLine(h.evaluation, side, (s) => session.sideName(s), (p, m) => session.formatter().format(p, m))]);
    } catch (e) {
      printErr([`hint failed: ${e instanceof Error ? e.message : String(e)}`]);
      failed = true;
    }
  };

  const rl = createInterface({
    input: opts.input,
    ...(opts.interactive
      ? { output: opts.output, terminal: true, prompt: 'chuhan> ', completer: (line: string) => completeLine(session, line) }
      : { terminal: false }),
  });
  // Ctrl-C cancels the line being typed; on an empty line, a second Ctrl-C in a row quits
  let interrupted = false;
  rl.on('SIGINT', () => {
    const typed = (rl as unknown as { line: string }).line;
    if (interrupted && !typed) {
      rl.close();
      return;
    }
    interrupted = true;
    // drop the typed text (Ctrl-E, Ctrl-U), then a fresh prompt on the next line
    rl.write(null, { ctrl: true, name: 'e' });
    rl.write(null, { ctrl: true, name: 'u' });
    io.out(typed ? '^C\n' : '^C (Ctrl-C again, or quit, to leave)\n');
    rl.prompt();
  });
  rl.on('line', () => {
    interrupted = false;
  });
  if (opts.interactive) {
    io.out(`chuhan repl · ${session.game.id} · type help for the commands, quit to leave\n`);
    if (computer.placeholder) io.out(`note: the computer is a ${computer.name}\n`);
    rl.prompt();
  }
  try {
    let pending = '';
    for await (const typed of rl) {
      // `fen …/` goes on in the next line (a long FEN pasted in the pieces play shows it in)
      const line = pending + typed;
      if (fenGoesOn(line)) {
        pending = line;
        continue;
      }
      pending = '';
      const r = session.command(line);
      print(r.out);
      printErr(r.err);
      if (!r.ok) failed = true;
      if (r.quit) break;
      if (r.hint) await hint();
      let n = 0;
      let going = true;
      // `go` on a human's turn; a computer's turns are played by the loop below
      if (r.think && !session.computerToMove()) {
        going = await think();
        n++;
      }
      while (going && session.computerToMove() && n < maxAuto) {
        // computer against computer: a pause between its moves, to watch the game
        if (n > 0 && opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
        going = await think();
        n++;
      }
      if (n >= maxAuto && session.computerToMove())
        print([`stopped after ${maxAuto} computer moves; type go or any command to continue`]);
      if (opts.interactive) rl.prompt();
    }
  } finally {
    rl.close();
  }
  return failed ? 1 : 0;
}
