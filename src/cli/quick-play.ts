/**
 * The quick start of `play` (bin/chuhan.js runs it from a CommonJS bundle whose compiled code V8
 * keeps in a code cache, scripts/bundle.mjs): for `chuhan` alone or a `play` of plain
 * `--option value` words in a terminal, it checks the options, asks the terminal how wide it draws
 * ▲ and draws the board (commands/play.ts playStart) before Node's ES module loader, commander
 * and Ink are even loaded; the whole CLI (main.ts) then runs the game with this hand-over and
 * neither asks nor draws again. Anything else answers null (the whole CLI does it all), a bad
 * option its exit code, with the sentence the whole CLI would print.
 */
import { PLAY_OPTIONS, playStart, type PlayHandOver } from './commands/play.js';
import { processIo } from '../tui/io.js';
import { plainOptions } from './plain-options.js';
import { failed } from './failure.js';
import { readShippedTables } from './shipped-tables.js';

export async function quickPlay(args: readonly string[], bundleDir?: string): Promise<PlayHandOver | number | null> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    // the build's run (scripts/bundle.mjs, without a terminal): the board drawn into nothing, so
    // that the code cache it writes holds the drawing code too
    if (process.env.CHUHAN_WRITE_CODE_CACHE) {
      const [{ drawPreview }, { chalkPainter }, { DEFAULT_GAME }] = await Promise.all([import('../tui/preview.js'), import('../tui/paint.js'), import('../games/registry.js')]);
      drawPreview({ game: DEFAULT_GAME, style: 'unicode', paint: chalkPainter(true), fromTop: true, clock: false, columns: 120, rows: 40, write: () => {} });
    }
    return null;
  }
  const opts = plainOptions<Parameters<typeof playStart>[0]>(args, PLAY_OPTIONS);
  if (!opts) return null;
  if (bundleDir !== undefined) readShippedTables(bundleDir);
  const io = processIo();
  try {
    const { style, preview } = await playStart(opts, io);
    return { style, preview };
  } catch (e) {
    return failed(e, io, null);
  }
}
