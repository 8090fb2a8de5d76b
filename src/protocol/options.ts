/**
 * The engine's options: one table for every protocol `chuhan engine` serves (UCI, UCCI, USI and
 * CECP/XBoard), after the model of Fairy-Stockfish's option table. A row says the option's type,
 * range and choices, how each protocol names it (a protocol without a name does not offer it),
 * and the one setter that applies a value to the engine's settings. The sessions advertise the
 * table in their handshakes (`option name … type …`, `feature option="…"`) and parse `setoption`
 * and CECP's `option NAME=VALUE` through it: adding an option is adding a row.
 *
 * The games offered (the UCI_Variant choices, CECP's `feature variants=`) come from the registry.
 */
import { quoteInput } from '../core/text.js';
import { GAMES, gameFromName } from '../games/registry.js';

/** The most search threads the protocols accept (Threads, CECP `cores`). */
export const MAX_THREADS = 64;

/** The protocols `chuhan engine` serves. */
export type ServedProtocol = 'uci' | 'ucci' | 'usi' | 'xboard';
/** UCI's option types (CECP writes them `-spin`, `-check`, `-combo`, `-string`, `-button`). */
export type OptionType = 'spin' | 'check' | 'combo' | 'string' | 'button';
/** A value as a setter receives it: spin a number (NaN when not one), check a boolean, else text. */
export type OptionValue = number | boolean | string;

/** What the options set: read by the sessions when they search. */
export interface EngineSettings {
  /** UCI_Variant: the variant the GUI asked for. */
  variant: string;
  /** Hash / USI_Hash, in megabytes (accepted; the search keeps its own table size). */
  hashMb: number;
  /** Search threads (Threads; CECP `cores`). */
  threads: number;
  /** Root moves reported with their scores (MultiPV). */
  multiPv: number;
  /** Ponder / USI_Ponder: bestmove names the expected reply. */
  ponder: boolean;
  /** UCI_LimitStrength: play at the level UCI_Elo maps to. */
  limitStrength: boolean;
  elo: number;
  /** Playing level 1–8 (engine/levels.ts); null: full strength. */
  level: number | null;
  /** OwnBook / USI_OwnBook / usebook: answer from the opening book. */
  ownBook: boolean;
  /** UCCI usemillisec: `go` times in milliseconds, not seconds. */
  millis: boolean;
}

export interface EngineOption {
  readonly type: OptionType;
  /** Its name in each protocol that offers it. */
  readonly names: Readonly<Partial<Record<ServedProtocol, string>>>;
  /**
   * Other spellings a UCI, USI or UCCI `setoption` may use for this row (not advertised): what
   * GUIs send that the handshake does not name (`USI_MultiPV` for USI's `MultiPV`).
   */
  readonly aliases?: readonly string[];
  /** CECP: set by this command (`cores N`) instead of `option NAME=VALUE`; shown as `feature NAME=1`. */
  readonly xboardCommand?: 'cores' | 'memory';
  readonly min?: number;
  readonly max?: number;
  /** combo: the choices. */
  readonly vars?: () => readonly string[];
  /** The default advertised, from the settings the engine started with (`--level`, `--no-book`). */
  readonly default: (s: Readonly<EngineSettings>) => OptionValue;
  /**
   * Applies a value to the settings (`text`: the value as the GUI wrote it); a sentence when it
   * is refused (the settings unchanged).
   */
  readonly set: (s: EngineSettings, v: OptionValue, text: string) => string | null;
}

/** UCI_Elo's range; it maps linearly onto the levels 1–8. */
export const ELO_MIN = 800;
export const ELO_MAX = 2400;
export const eloToLevel = (elo: number): number =>
  Math.min(8, Math.max(1, Math.round(1 + ((Math.min(ELO_MAX, Math.max(ELO_MIN, elo)) - ELO_MIN) * 7) / (ELO_MAX - ELO_MIN))));

/** The games a protocol plays, from the registry. */
const gamesOf = (p: ServedProtocol) => GAMES.filter((g) => g.protocols.includes(p));

/** The UCI_Variant choices: each UCI game's preferred variant name. */
export const uciVariants = (): string[] => gamesOf('uci').map((g) => g.engineWire.uciVariants[0]!);

/** The USI_Variant choices: each USI game's preferred variant name (Fairy-Stockfish's, as lishogi sends it). */
export const usiVariants = (): string[] => gamesOf('usi').map((g) => g.engineWire.uciVariants[0]!);

/** CECP's `feature variants=` list: each CECP game's variant name. */
export const xboardVariants = (): string[] => gamesOf('xboard').map((g) => g.xboard.xboardName);

const isWhole = (v: OptionValue): v is number => typeof v === 'number' && Number.isInteger(v);

/** The options, in the order the handshakes list them. */
export const ENGINE_OPTIONS: readonly EngineOption[] = [
  {
    type: 'combo',
    names: { uci: 'UCI_Variant' },
    vars: uciVariants,
    default: () => uciVariants()[0]!,
    set: (s, v) => {
      const name = String(v).trim();
      if (!gameFromName(name)?.protocols.includes('uci')) return `variant ${name} is not supported (only ${gamesOf('uci').map((g) => g.id).join(', ')})`;
      s.variant = name;
      return null;
    },
  },
  {
    // USI: the games served over USI, as Fairy-Stockfish advertises them in its USI mode
    type: 'combo',
    names: { usi: 'USI_Variant' },
    vars: usiVariants,
    default: () => usiVariants()[0]!,
    set: (s, v) => {
      const name = String(v).trim();
      if (!gameFromName(name)?.protocols.includes('usi')) return `variant ${name} is not supported (only ${gamesOf('usi').map((g) => g.id).join(', ')})`;
      s.variant = name;
      return null;
    },
  },
  {
    type: 'spin',
    names: { uci: 'Hash', usi: 'USI_Hash' },
    min: 1,
    max: 1024,
    default: (s) => s.hashMb,
    set: (s, v) => {
      if (isWhole(v) && v >= 1 && v <= 1024) s.hashMb = v;
      return null;
    },
  },
  {
    type: 'spin',
    names: { uci: 'Threads', usi: 'Threads' },
    xboardCommand: 'cores',
    min: 1,
    max: MAX_THREADS,
    default: (s) => s.threads,
    set: (s, v, text) => {
      if (!isWhole(v) || v < 1 || v > MAX_THREADS) return `Threads: a whole number from 1 to ${MAX_THREADS}, not ${text}`;
      s.threads = v;
      return null;
    },
  },
  {
    type: 'spin',
    names: { uci: 'MultiPV', usi: 'MultiPV' },
    // advertised as MultiPV (as YaneuraOu and Fairy-Stockfish do); USI GUIs may send USI_MultiPV
    aliases: ['USI_MultiPV'],
    min: 1,
    max: 20,
    default: (s) => s.multiPv,
    set: (s, v) => {
      s.multiPv = isWhole(v) && v >= 1 ? Math.min(20, v) : 1;
      return null;
    },
  },
  {
    type: 'check',
    names: { uci: 'Ponder', usi: 'USI_Ponder' },
    default: (s) => s.ponder,
    set: (s, v) => {
      s.ponder = v === true;
      return null;
    },
  },
  {
    type: 'check',
    names: { uci: 'UCI_LimitStrength' },
    default: (s) => s.limitStrength,
    set: (s, v) => {
      s.limitStrength = v === true;
      return null;
    },
  },
  {
    type: 'spin',
    names: { uci: 'UCI_Elo' },
    min: ELO_MIN,
    max: ELO_MAX,
    default: (s) => s.elo,
    set: (s, v) => {
      if (typeof v === 'number' && Number.isFinite(v)) s.elo = v;
      return null;
    },
  },
  {
    type: 'check',
    names: { ucci: 'usemillisec' },
    default: (s) => s.millis,
    set: (s, v) => {
      s.millis = v === true;
      return null;
    },
  },
  {
    type: 'spin',
    names: { uci: 'Level', usi: 'Level', ucci: 'level', xboard: 'Level' },
    min: 0,
    max: 8,
    default: (s) => s.level ?? 0,
    set: (s, v) => {
      s.level = isWhole(v) && v >= 1 && v <= 8 ? v : null;
      return null;
    },
  },
  {
    type: 'check',
    names: { uci: 'OwnBook', usi: 'USI_OwnBook', ucci: 'usebook', xboard: 'OwnBook' },
    default: (s) => s.ownBook,
    set: (s, v) => {
      s.ownBook = v === true;
      return null;
    },
  },
];

/** The settings before any option is set: full strength, the book on, unless the command line says. */
export function initialSettings(o: { level?: number | null; book?: boolean } = {}): EngineSettings {
  return {
    variant: uciVariants()[0] ?? '',
    hashMb: 64,
    threads: 1,
    multiPv: 1,
    ponder: false,
    limitStrength: false,
    elo: 1500,
    level: o.level && o.level > 0 ? o.level : null,
    ownBook: o.book ?? true,
    millis: false,
  };
}

// --- advertising ------------------------------------------------------------------------------

/** One option as a UCI-like `option …` line (UCCI: without `name`). */
function uciLine(o: EngineOption, name: string, p: 'uci' | 'ucci' | 'usi', s: Readonly<EngineSettings>): string {
  let text = `option ${p === 'ucci' ? '' : 'name '}${name} type ${o.type}`;
  if (o.type === 'button') return text;
  const d = String(o.default(s));
  text += ` default ${o.type === 'string' && d === '' ? '<empty>' : d}`;
  if (o.type === 'spin') text += ` min ${o.min ?? 0} max ${o.max ?? 0}`;
  if (o.type === 'combo') text += (o.vars?.() ?? []).map((v) => ` var ${v}`).join('');
  return text;
}

/** One option as CECP's `feature option="…"` line. */
function xboardLine(o: EngineOption, name: string, s: Readonly<EngineSettings>): string {
  const d = o.default(s);
  let value: string;
  switch (o.type) {
    case 'spin':
      value = `-spin ${String(d)} ${o.min ?? 0} ${o.max ?? 0}`;
      break;
    case 'check':
      value = `-check ${d === true ? 1 : 0}`;
      break;
    case 'combo':
      value = `-combo ${(o.vars?.() ?? []).map((v) => (v === d ? `*${v}` : v)).join(' /// ')}`;
      break;
    case 'string':
      value = `-string ${String(d)}`;
      break;
    case 'button':
      value = '-button';
      break;
  }
  return `feature option="${name} ${value}"`;
}

/**
 * The option lines a protocol's handshake lists, in the table's order: `option name … type …`
 * (UCI, USI), `option … type …` (UCCI), `feature option="…"` (CECP).
 */
export function advertise(p: ServedProtocol, s: Readonly<EngineSettings>, table: readonly EngineOption[] = ENGINE_OPTIONS): string[] {
  const lines: string[] = [];
  for (const o of table) {
    const name = o.names[p];
    if (name === undefined) continue;
    lines.push(p === 'xboard' ? xboardLine(o, name, s) : uciLine(o, name, p, s));
  }
  return lines;
}

/** CECP: `1` when a row is set by that command (`feature smp=1` for `cores`, `memory=1` for `memory`). */
export const xboardCommandFeature = (command: 'cores' | 'memory', table: readonly EngineOption[] = ENGINE_OPTIONS): 0 | 1 =>
  table.some((o) => o.xboardCommand === command) ? 1 : 0;

// --- parsing ----------------------------------------------------------------------------------

/** The UCI-like spellings: a `setoption` may use any of them (`usebook` in UCI, `OwnBook` in UCCI). */
const UCI_LIKE = ['uci', 'usi', 'ucci'] as const;

/** The row a UCI, USI or UCCI `setoption` names (any of their spellings, any case), or undefined. */
export function findUciOption(name: string, table: readonly EngineOption[] = ENGINE_OPTIONS): EngineOption | undefined {
  const n = name.toLowerCase();
  return table.find((o) => UCI_LIKE.some((p) => o.names[p]?.toLowerCase() === n) || (o.aliases ?? []).some((a) => a.toLowerCase() === n));
}

/** `setoption name N value V` (UCI, USI) or `setoption N V` (UCCI): the name and the value text. */
export function parseSetOption(args: readonly string[]): { name: string; value: string } {
  if (args[0] === 'name') {
    const v = args.indexOf('value');
    return { name: args.slice(1, v < 0 ? undefined : v).join(' '), value: v < 0 ? '' : args.slice(v + 1).join(' ') };
  }
  return { name: args[0] ?? '', value: args.slice(1).join(' ') };
}

/** A UCI-like value text as the row's type: check `true`/`1`/`on` (any case), spin a number. */
function uciTyped(o: EngineOption, text: string): OptionValue {
  if (o.type === 'check') return /^(true|1|on)$/i.test(text);
  if (o.type === 'spin') return text.trim() === '' ? Number.NaN : Number(text);
  return text;
}

/**
 * Applies a UCI, USI or UCCI `setoption` (its words after `setoption`) to the settings. Names no
 * row offers are accepted and ignored, as UCI asks; a refused value gives a sentence to tell.
 */
export function applyUciOption(args: readonly string[], s: EngineSettings, table: readonly EngineOption[] = ENGINE_OPTIONS): string | null {
  const { name, value } = parseSetOption(args);
  const o = findUciOption(name, table);
  return o ? o.set(s, uciTyped(o, value), value) : null;
}

/**
 * Applies CECP's `option NAME=VALUE` (the text after `option`); the error line to answer when the
 * option is unknown or its value is not of its type (a check 0 or 1, a spin a whole number).
 */
export function applyXboardOption(text: string, s: EngineSettings, table: readonly EngineOption[] = ENGINE_OPTIONS): string | null {
  const t = text.trim();
  const eq = t.indexOf('=');
  const name = (eq < 0 ? t : t.slice(0, eq)).toLowerCase();
  const raw = eq < 0 ? '' : t.slice(eq + 1);
  const o = table.find((r) => r.names.xboard?.toLowerCase() === name);
  let v: OptionValue | null;
  if (!o) v = null;
  else if (o.type === 'check') v = /^[01]$/.test(raw) ? raw === '1' : null;
  else if (o.type === 'spin') v = /^-?\d+$/.test(raw) ? Number(raw) : null;
  else if (o.type === 'button') v = eq < 0 ? true : null;
  else v = eq < 0 ? null : raw;
  if (!o || v === null) return `Error (unknown option): ${text}`;
  const refused = o.set(s, v, raw);
  return refused === null ? null : `Error (bad parameters): option ${text}: ${refused}`;
}

/**
 * Applies a CECP command that sets an option (`cores N`); the error line when refused, undefined
 * when no row is set by `command`.
 */
export function applyXboardCommand(command: string, arg: string, line: string, s: EngineSettings, table: readonly EngineOption[] = ENGINE_OPTIONS): string | null | undefined {
  const o = table.find((r) => r.xboardCommand === command);
  if (!o) return undefined;
  return o.set(s, Number(arg), arg) === null ? null : `Error (bad parameters): ${line}`;
}

/**
 * Applies `NAME=VALUE` (`chuhan engine --option Threads=2`): NAME in any protocol's spelling, the
 * value as UCI writes it (a check `true`/`false`, also `1`/`0`, `on`/`off`). The sentence to show
 * when the option is unknown or the value refused.
 */
export function applyAssignment(text: string, s: EngineSettings, table: readonly EngineOption[] = ENGINE_OPTIONS): string | null {
  const eq = text.indexOf('=');
  const name = (eq < 0 ? text : text.slice(0, eq)).trim();
  const value = eq < 0 ? '' : text.slice(eq + 1).trim();
  const n = name.toLowerCase();
  const o = findUciOption(name, table) ?? table.find((r) => r.names.xboard?.toLowerCase() === n);
  if (!o) {
    const names = table.flatMap((r) => Object.values(r.names));
    const known = names.filter((x, i) => names.findIndex((y) => y.toLowerCase() === x.toLowerCase()) === i).join(', ');
    return `unknown engine option ${quoteInput(name)} (known: ${known})`;
  }
  if (o.type !== 'button' && eq < 0) return `option ${quoteInput(name)} needs a value (NAME=VALUE)`;
  if (o.type === 'check' && !/^(true|false|1|0|on|off)$/i.test(value)) return `option ${quoteInput(name)} is true or false, not ${quoteInput(value)}`;
  if (o.type === 'spin' && !(Number.isInteger(Number(value)) && value !== '' && Number(value) >= (o.min ?? -Infinity) && Number(value) <= (o.max ?? Infinity)))
    return `option ${quoteInput(name)} is a whole number from ${o.min} to ${o.max}, not ${quoteInput(value)}`;
  if (o.type === 'combo' && !(o.vars?.() ?? []).includes(value)) return `option ${quoteInput(name)} is one of ${(o.vars?.() ?? []).join(', ')}, not ${quoteInput(value)}`;
  return o.set(s, uciTyped(o, value), value);
}

// --- the other side: how a GUI (or our engine client) speaks to an engine ----------------------------

/** How a GUI sets an option in a protocol's words (CECP: a check as 1 or 0). */
export function setOptionLine(p: ServedProtocol, name: string, value: OptionValue): string {
  const v = String(value);
  if (p === 'xboard') return `option ${name}=${typeof value === 'boolean' ? (value ? 1 : 0) : v}`;
  if (p === 'ucci') return `setoption ${name} ${v}`;
  return `setoption name ${name} value ${v}`;
}

/** An option as an engine declares it. */
export interface DeclaredOption {
  readonly name: string;
  /** As written (`spin`, `check`, …; CECP's `slider`, `file`, `path`, `save`, `reset` too); '' when not said. */
  readonly type: string;
  /** combo: the choices (CECP: without the `*` marking the default). */
  readonly vars: readonly string[];
  readonly default?: string;
  readonly min?: number;
  readonly max?: number;
}

/**
 * Reads a UCI, USI or UCCI `option …` line (the text after `option `): the inverse of `advertise`.
 * UCCI's lines may or may not say `name`. Null when it names no option.
 */
export function parseOptionLine(p: 'uci' | 'usi' | 'ucci', text: string): DeclaredOption | null {
  let name: string;
  let rest: string;
  if (p === 'ucci' && !text.startsWith('name ')) {
    const sp = text.indexOf(' ');
    name = sp < 0 ? text : text.slice(0, sp);
    rest = sp < 0 ? '' : text.slice(sp);
  } else {
    const m = /^name\s+(.+?)\s+type\s/.exec(text);
    if (!m) return null;
    name = m[1]!;
    rest = text.slice(m[0].length - 5);
  }
  const word = (key: string) => new RegExp(`\\b${key}\\s+(\\S+)`).exec(rest)?.[1];
  const num = (key: string) => {
    const w = word(key);
    return w !== undefined && Number.isFinite(Number(w)) ? { [key]: Number(w) } : {};
  };
  const said = word('default');
  const d = said === '<empty>' ? '' : said;
  return {
    name,
    type: word('type') ?? '',
    vars: [...rest.matchAll(/\bvar\s+(\S+)/g)].map((v) => v[1]!),
    ...(d !== undefined ? { default: d } : {}),
    ...num('min'),
    ...num('max'),
  };
}

/** Reads CECP's `feature option="NAME -TYPE …"` value (`Skill Level -spin 0 -20 20`). */
export function parseXboardOptionFeature(value: string): DeclaredOption {
  const m = /^(.*?)\s+-(\w+)(?:\s(.*))?$/.exec(value);
  if (!m) return { name: value.trim(), type: '', vars: [] };
  const name = m[1]!.trim();
  const type = m[2]!;
  const rest = m[3] ?? '';
  if (type === 'spin' || type === 'slider') {
    const [d, min, max] = rest.trim().split(/\s+/);
    return { name, type, vars: [], ...(d !== undefined ? { default: d } : {}), ...(min !== undefined ? { min: Number(min) } : {}), ...(max !== undefined ? { max: Number(max) } : {}) };
  }
  if (type === 'combo') {
    const choices = rest.split(' /// ').map((c) => c.trim());
    const marked = choices.find((c) => c.startsWith('*'));
    return { name, type, vars: choices.map((c) => c.replace(/^\*/, '')), default: (marked ?? choices[0] ?? '').replace(/^\*/, '') };
  }
  if (type === 'button' || type === 'save' || type === 'reset') return { name, type, vars: [] };
  return { name, type, vars: [], default: type === 'check' ? (rest.trim() === '1' ? 'true' : 'false') : rest };
}
