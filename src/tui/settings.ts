/**
 * The board's settings file, `<state>/config.json` (the state folder of store.ts: `$CHUHAN_HOME`,
 * else `$XDG_STATE_HOME/chuhan`, else `~/.local/state/chuhan`): the theme, the bell, blindfold
 * mode, vim keys, the autoplay speed and the evaluation bar of `chuhan play`. `chuhan config`
 * shows and sets them; `play`'s options override them for one run.
 *
 * A broken file (not JSON, a bad value, an unknown key) never stops `play`: each problem is one
 * warning, and the default is used instead.
 */
import { join } from 'node:path';
import { quoteInput } from '../core/text.js';
import { readSmallFile, stateDir, writeAtomically } from './store.js';

/** The colour themes of the board (paint.ts draws them). */
export const THEMES = ['classic', 'light', 'high-contrast', 'wood', 'mono'] as const;
export type ThemeName = (typeof THEMES)[number];

export interface Settings {
  theme: ThemeName;
  /** A terminal bell (BEL) when the opponent (the computer, an engine) moves. */
  bell: boolean;
  /** Pieces hidden; moves are typed (`peek` shows them for a moment). */
  blindfold: boolean;
  /** h j k l move the cursor beside the arrows (while the cursor is shown and the prompt is empty). */
  vimKeys: boolean;
  /** Autoplay of a loaded record: milliseconds a move. */
  autoplayMs: number;
  /** The evaluation bar beside the board while `eval on`. */
  evalBar: boolean;
  /** The material balance and the captured pieces beside (or below) the board. */
  material: boolean;
}

export type SettingKey = keyof Settings;

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  theme: 'classic',
  bell: false,
  blindfold: false,
  vimKeys: true,
  autoplayMs: 1000,
  evalBar: true,
  material: true,
});

export const MIN_AUTOPLAY_MS = 100;
export const MAX_AUTOPLAY_MS = 60_000;

/** What each key is, for `chuhan config` and the docs. */
export const SETTING_HELP: Readonly<Record<SettingKey, string>> = {
  theme: `colour theme: ${THEMES.join(' | ')}`,
  bell: 'terminal bell when the opponent moves: on | off',
  blindfold: 'pieces hidden, moves typed: on | off',
  vimKeys: 'h j k l move the cursor: on | off',
  autoplayMs: `autoplay of a loaded game, ms a move (${MIN_AUTOPLAY_MS}-${MAX_AUTOPLAY_MS})`,
  evalBar: 'evaluation bar beside the board with eval on: on | off',
  material: 'material balance and captured pieces beside the board: on | off',
};

export const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as SettingKey[];

const MAX_CONFIG_BYTES = 64 * 1024;

export function settingsFile(env: Record<string, string | undefined>): string {
  return join(stateDir(env), 'config.json');
}

/** A key as typed (any case, `-`/`_` ignored: `vim-keys`, `autoplay_ms`), or null. */
export function settingKey(text: string): SettingKey | null {
  const norm = text.toLowerCase().replace(/[-_]/g, '');
  return SETTING_KEYS.find((k) => k.toLowerCase() === norm) ?? null;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const BOOL_WORDS: Readonly<Record<string, boolean>> = { on: true, off: false, true: true, false: false, yes: true, no: false, '1': true, '0': false };

/** A value for `key` read from text (the command line) or JSON; the error is one sentence. */
export function parseSetting<K extends SettingKey>(key: K, raw: unknown, name: string = key): Parsed<Settings[K]> {
  const bad = (what: string): Parsed<Settings[K]> => ({ ok: false, error: `${name} must be ${what}, not ${quoteInput(String(raw))}` });
  const def = DEFAULT_SETTINGS[key];
  if (key === 'theme') {
    const t = typeof raw === 'string' ? raw.toLowerCase() : '';
    return (THEMES as readonly string[]).includes(t) ? { ok: true, value: t as Settings[K] } : bad(`one of ${THEMES.join(', ')}`);
  }
  if (typeof def === 'boolean') {
    if (typeof raw === 'boolean') return { ok: true, value: raw as Settings[K] };
    const b = typeof raw === 'string' ? BOOL_WORDS[raw.toLowerCase()] : undefined;
    return b === undefined ? bad('on or off') : { ok: true, value: b as Settings[K] };
  }
  // autoplayMs
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(n) || n < MIN_AUTOPLAY_MS || n > MAX_AUTOPLAY_MS) return bad(`a number of milliseconds from ${MIN_AUTOPLAY_MS} to ${MAX_AUTOPLAY_MS}`);
  return { ok: true, value: n as Settings[K] };
}

export interface LoadedSettings {
  settings: Settings;
  /** Keys the file set (valid values only). */
  fromFile: Set<SettingKey>;
  /** Problems of the file, each one sentence (the file's defaults are used instead). */
  warnings: string[];
  file: string;
  /** The file's own object (kept as it is by `saveSetting`, unknown keys too), or null. */
  raw: Record<string, unknown> | null;
}

/** The settings of a file's text (missing: null); never throws. */
export function settingsFromText(text: string | null, file: string): LoadedSettings {
  const out: LoadedSettings = { settings: { ...DEFAULT_SETTINGS }, fromFile: new Set(), warnings: [], file, raw: null };
  if (text === null) return out;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    out.warnings.push(`${file} is not valid JSON; the default settings are used (chuhan config --reset all starts it again)`);
    return out;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    out.warnings.push(`${file} must hold a JSON object such as {"theme": "light"}; the default settings are used`);
    return out;
  }
  out.raw = data as Record<string, unknown>;
  const settings = out.settings as unknown as Record<string, unknown>;
  for (const [k, v] of Object.entries(data)) {
    const key = settingKey(k);
    if (!key) {
      out.warnings.push(`${file}: unknown setting ${quoteInput(k)} is ignored (known: ${SETTING_KEYS.join(', ')})`);
      continue;
    }
    const p = parseSetting(key, v);
    if (!p.ok) {
      out.warnings.push(`${file}: ${p.error}; the default (${formatSetting(DEFAULT_SETTINGS[key])}) is used`);
      continue;
    }
    settings[key] = p.value;
    out.fromFile.add(key);
  }
  return out;
}

/** Reads `<state>/config.json` (missing: the defaults); never throws. */
export function loadSettings(env: Record<string, string | undefined>): LoadedSettings {
  const file = settingsFile(env);
  const r = readSmallFile(file, MAX_CONFIG_BYTES);
  if (!r.ok) {
    const out = settingsFromText(null, file);
    if (!r.missing) out.warnings.push(`${file} cannot be read (${r.problem}); the default settings are used`);
    return out;
  }
  return settingsFromText(r.text, file);
}

/** A value as `chuhan config` shows it (booleans as on/off). */
export function formatSetting(v: Settings[SettingKey]): string {
  return typeof v === 'boolean' ? (v ? 'on' : 'off') : String(v);
}

/**
 * Sets (value) or removes (undefined: back to the default) one key in the file, keeping the
 * others as they are; throws the fs error. A file that is not a JSON object is replaced.
 */
export function saveSetting(env: Record<string, string | undefined>, key: SettingKey | 'all', value: Settings[SettingKey] | undefined): string {
  const loaded = loadSettings(env);
  const obj: Record<string, unknown> = key === 'all' ? {} : { ...(loaded.raw ?? {}) };
  // the key as written before, in any spelling
  for (const k of Object.keys(obj)) if (settingKey(k) === key) delete obj[k];
  if (key !== 'all' && value !== undefined) obj[key] = value;
  writeAtomically(loaded.file, `${JSON.stringify(obj, null, 2)}\n`);
  return loaded.file;
}
