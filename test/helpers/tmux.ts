/**
 * Drives `chuhan play` in detached tmux sessions on a private socket (no user session is touched):
 * start a session, read its screen, wait for a settled screen, type a line. Used by the real-terminal
 * tests (play-tmux, resume-tmux); they skip without tmux (`hasTmux`).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const hasTmux = spawnSync('tmux', ['-V'], { encoding: 'utf8' }).status === 0;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The saved game files of a CHUHAN_HOME (full paths). */
export const gameFiles = (home: string): string[] =>
  existsSync(join(home, 'games')) ? readdirSync(join(home, 'games')).filter((f) => f.endsWith('.pgn')).map((f) => join(home, 'games', f)) : [];

/** A prompt line on the screen (`> ` or a bare `>`). */
export const prompt = (s: string) => /^> /m.test(s) || /^>$/m.test(s);

export interface TmuxDriver {
  /** The private socket's name (`tmux -L`). */
  readonly socket: string;
  /** Runs a tmux command on the private socket; its output. */
  tmux(...args: string[]): string;
  /**
   * A `chuhan play` in a fresh tmux window (`prefix` goes before the command); the window stays open
   * after the program exits, and shows `EXIT=<code>`.
   */
  start(args: string, home: string, columns?: number, rows?: number, prefix?: string): string;
  screen(name: string): string;
  /**
   * The screen once it shows `what` and has stopped changing (two equal captures 100 ms apart): on a
   * busy machine a capture can catch a frame half drawn. The wait is generous (a loaded machine); it
   * ends as soon as the screen shows `what`.
   */
  waitFor(name: string, pred: (s: string) => boolean, what: string, ms?: number): Promise<string>;
  /** Types a line (literally, so CJK and + - . reach the program as typed) and presses Enter. */
  type(name: string, text: string): void;
  /** Ends the private tmux server and removes its socket file (tmux leaves it behind). */
  close(): void;
}

/** A driver on its own socket, named from `label` and this process. */
export function tmuxDriver(label: string): TmuxDriver {
  const socket = `chuhan-${label}-${process.pid}`;
  let n = 0;
  const tmux = (...args: string[]): string => execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
  const screen = (name: string): string => tmux('capture-pane', '-t', name, '-p');
  return {
    socket,
    tmux,
    screen,
    start(args, home, columns = 120, rows = 40, prefix = '') {
      const name = `play${++n}`;
      const cmd = `cd ${JSON.stringify(root)} && env CHUHAN_HOME=${JSON.stringify(home)} ${prefix}node bin/chuhan.js play ${args}; echo "EXIT=$?"; sleep 60`;
      tmux('new-session', '-d', '-s', name, '-x', String(columns), '-y', String(rows), cmd);
      return name;
    },
    async waitFor(name, pred, what, ms = 45_000) {
      const end = Date.now() + ms;
      let last: string | undefined;
      for (;;) {
        const s = screen(name);
        if (pred(s) && s === last) return s;
        last = pred(s) ? s : undefined;
        if (Date.now() > end) throw new Error(`tmux screen never showed ${what}:\n${s}`);
        await sleep(100);
      }
    },
    type(name, text) {
      // one tmux client for both (`;` separates its commands), unless the text itself ends in `;`
      if (text.endsWith(';')) {
        tmux('send-keys', '-t', name, '-l', text);
        tmux('send-keys', '-t', name, 'Enter');
      } else tmux('send-keys', '-t', name, '-l', text, ';', 'send-keys', '-t', name, 'Enter');
    },
    close() {
      if (!hasTmux) return;
      spawnSync('tmux', ['-L', socket, 'kill-server']);
      // where tmux puts a -L socket: $TMUX_TMPDIR (or /tmp)/tmux-<uid>/<name>
      rmSync(join(process.env.TMUX_TMPDIR || '/tmp', `tmux-${process.getuid?.() ?? 0}`, socket), { force: true });
    },
  };
}
