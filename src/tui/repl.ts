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
import type { Session } from './session.js';

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
}

export async function runRepl(opts: ReplOptions): Promise<number> {
  const { session, computer, io } = opts;
  const maxAuto = opts.maxAutoPlies ?? 400;
  let failed = false;
  const print = (lines: string[]): void => {
    if (lines.length) io.out(lines.join('\n') + '\n');
  };
  const printErr = (lines: string[]): void => {
    if (lines.length) io.err(lines.map((l) => `error: ${escapeControls(l)}`).join('\n') + '\n');
  };

  const think = async (): Promise<void> => {
    const m = await computer.choose(session.thinkRequest());
    const r = session.computerMove(m);
    print(r.out);
    printErr(r.err);
    if (!r.ok) failed = true;
  };

  const rl = createInterface({
    input: opts.input,
    ...(opts.interactive ? { output: opts.output, terminal: true, prompt: 'chuhan> ' } : { terminal: false }),
  });
  if (opts.interactive) {
    io.out(`chuhan repl · ${session.game.id} · type help for the commands, quit to leave\n`);
    if (computer.placeholder) io.out(`note: the computer is a ${computer.name}\n`);
    rl.prompt();
  }
  try {
    for await (const line of rl) {
      const r = session.command(line);
      print(r.out);
      printErr(r.err);
      if (!r.ok) failed = true;
      if (r.quit) break;
      let n = 0;
      // `go` on a human's turn; a computer's turns are played by the loop below
      if (r.think && !session.computerToMove()) {
        await think();
        n++;
      }
      while (session.computerToMove() && n < maxAuto) {
        await think();
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
