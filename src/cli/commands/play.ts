/** `chuhan play`: the interactive Ink board (ink/react load only here, on demand). */
import type { Command } from 'commander';
import { ENGINE_OPTION_HELP } from '../engine-choice.js';
import { choosePlayers, parseSeed } from '../player-choice.js';
import { CliError, RULES_HELP, VARIANT_HELP, colorEnabled, parseDelay, readyInk, resolveGame, type CommonOptions, type Io } from '../context.js';
import { parseLabels, parseStyle, STYLE_HELP } from './show.js';
import { quoteInput } from '../../core/text.js';
import type { Preview } from '../../tui/preview.js';
import type { ResumedGame } from '../../tui/store.js';
import type { RenderStyle } from '../../render/types.js';

export interface PlayCliOptions extends CommonOptions {
  red?: string;
  black?: string;
  level?: string;
  resume?: boolean | string;
  style?: string;
  labels?: string | boolean;
  engine?: string;
  movetime?: string;
  seed?: string;
  tc?: string;
  mouse?: boolean;
  delay?: string;
  book?: boolean;
  // ---- the board's settings (config.json; these override it) ----
  theme?: string;
  bell?: boolean;
  blindfold?: boolean;
  vim?: boolean;
  autoplay?: string;
  evalBar?: boolean;
  material?: boolean;
}

/**
 * The board's settings: `<state>/config.json` (a broken file: warnings, and the defaults), with the
 * options given on the command line over it; a bad option is a CliError.
 */
export async function playSettings(opts: PlayCliOptions, io: Io) {
  const { loadSettings, parseSetting } = await import('../../tui/settings.js');
  const loaded = loadSettings(io.env);
  const settings = loaded.settings;
  const set = <K extends keyof typeof settings>(key: K, option: string, raw: unknown): void => {
    if (raw === undefined) return;
    const p = parseSetting(key, raw, `--${option}`);
    if (!p.ok) throw new CliError(p.error);
    settings[key] = p.value;
  };
  set('theme', 'theme', opts.theme);
  set('bell', 'bell', opts.bell);
  set('blindfold', 'blindfold', opts.blindfold);
  set('vimKeys', 'vim', opts.vim);
  set('autoplayMs', 'autoplay', opts.autoplay);
  set('evalBar', 'eval-bar', opts.evalBar);
  set('material', 'material', opts.material);
  return { settings, warnings: loaded.warnings };
}

/**
 * Loads the Ink board with the global `fetch` hidden: yoga-layout (Ink's layout engine) fetches its
 * WebAssembly from a data: URL when `fetch` exists, and the first use of `fetch` makes Node load
 * its whole HTTP client (undici), about a tenth of a second of start-up; without `fetch` yoga
 * decodes the same bytes itself. `fetch` is back as soon as the module is loaded.
 */
async function importBoard(): Promise<typeof import('../../tui/run-play.js')> {
  // the descriptor, not the value: reading `fetch` would load undici
  const fetch = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
  if (fetch?.configurable) Object.defineProperty(globalThis, 'fetch', { value: undefined, configurable: true, writable: true });
  try {
    return await import('../../tui/run-play.js');
  } finally {
    if (fetch?.configurable) Object.defineProperty(globalThis, 'fetch', fetch);
  }
}

/**
 * `play --resume`: the options the saved game keeps (its ChuhanOptions tag) for each one not given
 * on the command line. The game is picked as `runPlay` will pick it; when it cannot be (none, held
 * by another session, unreadable), `runPlay` says why.
 */
export async function withResumedOptions(
  opts: PlayCliOptions,
  given: (key: string) => boolean,
  io: Io,
): Promise<{ opts: PlayCliOptions; kept: (key: string) => boolean; resumed?: ResumedGame }> {
  const [{ GameStore, stateDir }, { savedPlayOptions, withSavedOptions }] = await Promise.all([import('../../tui/store.js'), import('../play-options.js')]);
  const none = { opts, kept: given };
  const store = new GameStore(stateDir(io.env));
  if (store.ownerProblem()) return none;
  const picked = store.pick(opts.resume === true ? true : String(opts.resume), given('variant') ? resolveGame(opts).id : undefined);
  if (!picked.ok) return none;
  const read = store.readGame(picked.game.path);
  if (!read.ok) return none;
  // the game picked and read here is the one runPlay resumes (not picked and read again)
  const resumed = { game: picked.game, text: read.text };
  const saved = savedPlayOptions(read.text);
  if (!saved) return { ...none, resumed };
  return { opts: withSavedOptions(opts, saved, given), kept: (key) => given(key) || (saved as Record<string, unknown>)[key] !== undefined, resumed };
}

/**
 * The players' kinds given on the command line: a resumed game takes the rest from its own
 * ChuhanPlayers (the `players` command may have changed them since the start; a saved --red/--black
 * engine still names the engine of that side).
 */
export function resumedPlayers<T>(players: [T | undefined, T | undefined], given: (key: string) => boolean): [T | undefined, T | undefined] {
  return [given('red') ? players[0] : undefined, given('black') ? players[1] : undefined];
}

/**
 * What bin/chuhan.js's quick play (src/cli/quick-play.ts, a CommonJS bundle with V8's code cache)
 * did before the whole CLI loaded: the style it found (the terminal asked once) and the board it
 * drew; this command then neither asks nor draws again.
 */
export interface PlayHandOver {
  readonly style: RenderStyle;
  readonly preview: Preview | null;
}

/**
 * The options `play` takes as plain `--option value` words (quick-play.ts's reading without
 * commander; the flags, `--resume` and `--labels` go through commander).
 */
export const PLAY_OPTIONS: Readonly<Record<string, { key: keyof PlayCliOptions; value: boolean }>> = {
  '-v': { key: 'variant', value: true },
  '--variant': { key: 'variant', value: true },
  '--rules': { key: 'rules', value: true },
  '--fen': { key: 'fen', value: true },
  '--red': { key: 'red', value: true },
  '--black': { key: 'black', value: true },
  '-e': { key: 'engine', value: true },
  '--engine': { key: 'engine', value: true },
  '--movetime': { key: 'movetime', value: true },
  '--seed': { key: 'seed', value: true },
  '--level': { key: 'level', value: true },
  '--style': { key: 'style', value: true },
  '--tc': { key: 'tc', value: true },
  '--delay': { key: 'delay', value: true },
  '--theme': { key: 'theme', value: true },
  '--autoplay': { key: 'autoplay', value: true },
  '--bell': { key: 'bell', value: false },
  '--blindfold': { key: 'blindfold', value: false },
};

/**
 * Everything `play` does before loading the board (Ink): every option checked (a CliError for a
 * bad one, before anything is drawn), the terminal asked how wide it draws ▲, and the board drawn
 * at once (the preview), while Ink and React load. `handOver`: the quick play did the asking and
 * the drawing already.
 */
export async function playStart(opts: PlayCliOptions, io: Io, handOver?: PlayHandOver) {
  let style = handOver?.style ?? parseStyle(opts.style);
  // no --style: in a terminal that draws ambiguous-width characters wide, the wide style
  // (CHUHAN_STYLE_DETECT=0 turns the question to the terminal off)
  if (!handOver && opts.style === undefined && io.env.CHUHAN_STYLE_DETECT !== '0') {
    const { ambiguousIsWide } = await import('../../tui/detect-width.js');
    if ((await ambiguousIsWide(process.stdin, process.stdout)) === true) style = 'wide';
  }
  const labels = parseLabels(opts.labels);
  const { players, computer } = choosePlayers(opts, io.env);
  const seed = parseSeed(opts.seed);
  let level: number | undefined;
  if (opts.level !== undefined) {
    level = Number(opts.level);
    if (!/^\d+$/.test(opts.level) || level < 1 || level > 8) throw new CliError(`--level must be a number from 1 to 8, not ${quoteInput(opts.level)}`);
  }
  const game = resolveGame(opts);
  // ---- clocks (--tc) ----
  // biome-ignore lint/suspicious/noImplicitAnyLet: the clock module's type, loaded on demand below
  let timeControl;
  if (opts.tc !== undefined) {
    const { parseTimeControl } = await import('../../tui/clock.js');
    const tc = parseTimeControl(opts.tc);
    if (!tc.ok) throw new CliError(`--tc: ${tc.error}`);
    timeControl = tc.value;
  }
  const delayMs = parseDelay(opts.delay);
  const { settings, warnings } = await playSettings(opts, io); // every option checked before anything is drawn
  const color = colorEnabled(io, opts);
  await readyInk(color);
  const mouse = opts.mouse !== false;
  // the board at once, while Ink and React load (a resumed game's position is known only later)
  let preview: Preview | null = handOver?.preview ?? null;
  // (blindfold: no preview, it would show the pieces)
  if (!handOver && opts.resume === undefined && !settings.blindfold && process.stdin.isTTY && process.stdout.isTTY) {
    const [{ drawPreview }, { boardPainter }] = await Promise.all([import('../../tui/preview.js'), import('../../tui/paint.js')]);
    preview = drawPreview({
      game,
      fen: opts.fen,
      style,
      labels,
      paint: boardPainter(color, settings.theme),
      fromTop: mouse,
      clock: timeControl !== undefined,
      columns: process.stdout.columns,
      rows: process.stdout.rows,
      write: (t) => process.stdout.write(t),
    });
  }
  return { style, labels, players, computer, seed, level, game, timeControl, delayMs, color, mouse, preview, settings, warnings };
}

export function registerPlay(program: Command, io: Io, handOver?: PlayHandOver): void {
  program
    .command('play')
    .description('the interactive board (default: you play red against the computer); each game is saved in its own file, --resume continues one')
    .option('-v, --variant <variant>', VARIANT_HELP)
    .option('--rules <rules>', RULES_HELP)
    .option('--fen <fen>', 'the start position (FEN or SFEN)')
    .option('--red <player>', 'first side (red / sente): human | computer | an engine (default human)')
    .option('--black <player>', 'second side (black / gote): human | computer | an engine (default computer)')
    .option('-e, --engine <engine>', `the computer: ${ENGINE_OPTION_HELP}`)
    .option('--movetime <ms>', 'other engines: thinking time per move (default 1000)')
    .option('--seed <n>', "seed of the computer's random choices below level 8 (shown at the start)")
    .option('--level <n>', 'computer strength, 1-8 (default 3)')
    .option('--no-book', 'the computer plays without its opening book')
    .option('--resume [id]', 'continue the latest unfinished saved game, or the one with this id (chuhan games lists them)')
    .option('--style <style>', `${STYLE_HELP}; default: wide when the terminal draws ▲ two columns wide, else unicode`)
    .option('--labels [mode]', 'edge labels: iccs (default) | wxf | usi | none')
    .option('--no-labels', 'no edge labels')
    .option('--tc <control>', 'clocks: 5+3 (5 min + 3 s a move), 40/300 (40 moves in 300 s), 10m+30s (10 min, then 30 s byo-yomi a move)')
    .option('--delay <ms>', 'pause between computer-vs-computer moves (default 1000)')
    .option('--no-mouse', 'no mouse (by default a click selects a piece and another its destination)')
    .option('--no-color', 'no colours (also NO_COLOR, or when stdout is not a terminal)')
    .option('--theme <name>', 'colour theme: classic (default) | light | high-contrast | wood | mono (chuhan config theme NAME keeps one)')
    .option('--bell', "a terminal bell when the opponent moves")
    .option('--no-bell', 'no bell (over config.json)')
    .option('--blindfold', 'pieces hidden, moves typed (peek shows them; blindfold off in the board)')
    .option('--no-blindfold', 'pieces shown (over config.json)')
    .option('--vim', 'h j k l move the cursor beside the arrows (the default)')
    .option('--no-vim', 'no vim keys: h j k l are typed')
    .option('--autoplay <ms>', 'autoplay speed of a loaded game (space plays/pauses, + and - change it), ms a move; default 1000')
    .option('--eval-bar', 'the evaluation bar beside the board with eval on (the default)')
    .option('--no-eval-bar', 'no evaluation bar')
    .option('--material', 'the material balance and captured pieces beside the board (the default)')
    .option('--no-material', 'no material balance')
    .action(async (cliOpts: PlayCliOptions, cmd: Command) => {
      // --resume goes on with the options the game was started with (ChuhanOptions), unless given again
      const given = (key: string): boolean => cmd.getOptionValueSource(key) === 'cli';
      const { opts, kept, resumed } = cliOpts.resume !== undefined ? await withResumedOptions(cliOpts, given, io) : { opts: cliOpts, kept: given, resumed: undefined };
      const { style, labels, players, computer, seed, level, game, timeControl, delayMs, color, mouse, preview, settings, warnings } = await playStart(opts, io, handOver);
      const { runPlay } = await importBoard();
      const { formatPlayOptions } = await import('../play-options.js');
      await runPlay({
        variantGiven: given('variant'),
        rulesGiven: given('rules'),
        playOptions: formatPlayOptions(opts, kept),
        settings, settingsWarnings: warnings,
        preview, game, fen: opts.fen, players: resumedPlayers(players, given), level, resume: opts.resume ?? false, ...(resumed ? { resumed } : {}), timeControl, mouse, delayMs, color, style, labels, io, computer, ...(seed !== undefined ? { seed } : {}),
      });
    });
}
