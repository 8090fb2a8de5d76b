/**
 * The commands only the board has (not the repl): blindfold and peek, the theme, the bell, the
 * evaluation bar, the material and autoplay of a loaded game. A pure function of the board's preferences and a
 * line; App runs it before the session's own commands.
 */
import { quoteInput } from '../core/text.js';
import { MAX_AUTOPLAY_MS, MIN_AUTOPLAY_MS, parseSetting, THEMES, type Settings, type ThemeName } from './settings.js';

export interface BoardPrefs {
  theme: ThemeName;
  bell: boolean;
  blindfold: boolean;
  /** The pieces are shown for a moment in blindfold mode (until the next key). */
  peek: boolean;
  evalBar: boolean;
  material: boolean;
  vimKeys: boolean;
  /** Autoplay is playing the loaded game's moves. */
  autoplay: boolean;
  autoplayMs: number;
}

export const prefsOf = (s: Settings): BoardPrefs => ({ ...s, peek: false, autoplay: false });

export const BOARD_HELP: readonly string[] = [
  'The board also has (chuhan config keeps them):',
  '  blindfold [on|off]  hide the pieces (the grid stays; type moves); peek shows them until a key',
  `  theme [name]        colours: ${THEMES.join(', ')}`,
  '  bell [on|off]       a terminal bell when the opponent moves',
  '  evalbar [on|off]    the evaluation bar beside the board (with eval on)',
  '  material [on|off]   the material balance and captured pieces beside the board',
  '  autoplay [on|off|faster|slower|ms]   play a loaded game\'s moves; keys: space, + and -',
  'Keys: arrows (or h j k l while the cursor is shown and the prompt is empty) move the cursor;',
  '  Enter selects and moves; Esc clears the prompt and messages, then hides or shows the cursor;',
  '  ←/→ step through a game while the cursor is hidden; letters type moves (h2e2);',
  '  j and k scroll this pane and a list of games, and move in the chooser.',
];

export interface BoardCommandResult {
  prefs: BoardPrefs;
  out: string[];
  err: string[];
  /** Lines to run on the session first (autoplay from the start: `undo 100000`). */
  before?: string[];
}

/** Speed steps of + and -: a move every ms · 2/3 or · 3/2. */
export function autoplayStep(ms: number, faster: boolean): number {
  const next = Math.round(faster ? (ms * 2) / 3 : (ms * 3) / 2);
  return Math.min(MAX_AUTOPLAY_MS, Math.max(MIN_AUTOPLAY_MS, next));
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(ms < 1000 ? 2 : 1)} s`;

/**
 * A board command, or null (not one: the session's). `review`: the game can be stepped (a loaded
 * record, or moves to redo); `atEnd`: no move to redo; `plies`: moves played so far.
 */
export function boardCommand(prefs: BoardPrefs, line: string, review: { can: boolean; atEnd: boolean; plies: number }): BoardCommandResult | null {
  const [word = '', ...args] = line.trim().split(/\s+/);
  const arg = args.join(' ').toLowerCase();
  const ok = (p: BoardPrefs, ...out: string[]): BoardCommandResult => ({ prefs: p, out, err: [] });
  const fail = (...err: string[]): BoardCommandResult => ({ prefs, out: [], err });
  const onOff = (key: 'bell' | 'blindfold' | 'evalBar' | 'material'): boolean | null => {
    if (arg === '') return !prefs[key];
    const p = parseSetting(key, arg);
    return p.ok ? (p.value as boolean) : null;
  };
  switch (word.toLowerCase()) {
    case 'blindfold': {
      const v = onOff('blindfold');
      if (v === null) return fail('blindfold takes on or off');
      return ok({ ...prefs, blindfold: v, peek: false }, v ? 'blindfold: the pieces are hidden; type your moves (peek shows them)' : 'blindfold off: the pieces are shown');
    }
    case 'peek':
      if (args.length) return fail('peek takes nothing');
      if (!prefs.blindfold) return ok(prefs, 'the pieces are shown already (blindfold is off)');
      return ok({ ...prefs, peek: true }, 'peek: the pieces until the next key');
    case 'theme': {
      if (arg === '') return ok(prefs, `theme ${prefs.theme} (${THEMES.join(', ')})`);
      const p = parseSetting('theme', arg);
      if (!p.ok) return fail(`theme ${quoteInput(arg)} is not one of ${THEMES.join(', ')}`);
      return ok({ ...prefs, theme: p.value }, `theme ${p.value}`);
    }
    case 'bell': {
      const v = onOff('bell');
      if (v === null) return fail('bell takes on or off');
      return ok({ ...prefs, bell: v }, `bell ${v ? 'on: a bell rings when the opponent moves' : 'off'}`);
    }
    case 'evalbar': {
      const v = onOff('evalBar');
      if (v === null) return fail('evalbar takes on or off');
      return ok({ ...prefs, evalBar: v }, `evaluation bar ${v ? 'on (shown with eval on)' : 'off'}`);
    }
    case 'material': {
      const v = onOff('material');
      if (v === null) return fail('material takes on or off');
      return ok({ ...prefs, material: v }, `material ${v ? 'on: the balance and the captured pieces beside the board' : 'off'}`);
    }
    case 'autoplay': {
      let on: boolean;
      let ms = prefs.autoplayMs;
      if (arg === '') on = !prefs.autoplay;
      else if (arg === 'on' || arg === 'off') on = arg === 'on';
      else if (arg === 'faster' || arg === 'slower' || arg === '+' || arg === '-') {
        ms = autoplayStep(ms, arg === 'faster' || arg === '+');
        return ok({ ...prefs, autoplayMs: ms }, `autoplay: a move every ${seconds(ms)}`);
      } else {
        const p = parseSetting('autoplayMs', arg);
        if (!p.ok) return fail(`autoplay takes on, off, faster, slower or a number of milliseconds from ${MIN_AUTOPLAY_MS} to ${MAX_AUTOPLAY_MS}`);
        ms = p.value;
        on = true;
      }
      if (!on) return ok({ ...prefs, autoplay: false, autoplayMs: ms }, 'autoplay paused (space goes on)');
      if (!review.can) return fail('autoplay plays the moves of a loaded game: load a record first (load FILE)');
      const fromStart = review.atEnd && review.plies > 0;
      return {
        prefs: { ...prefs, autoplay: true, autoplayMs: ms },
        out: [`autoplay: a move every ${seconds(ms)}${fromStart ? ', from the start' : ''} (space pauses, + and - change the speed)`],
        err: [],
        ...(fromStart ? { before: ['undo 100000'] } : {}),
      };
    }
    default:
      return null;
  }
}
