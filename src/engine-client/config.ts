/**
 * Engines by name: the user's `engines.json` (`$CHUHAN_HOME/engines.json`, else
 * `$XDG_CONFIG_HOME/chuhan/engines.json`, else `~/.config/chuhan/engines.json`) and the engines
 * found without configuration (Fairy-Stockfish, Pikafish, HaChu, MaxQi on PATH or in /usr/games).
 *
 * ```json
 * { "engines": {
 *     "pikafish": { "command": "/opt/pikafish/pikafish", "protocol": "uci", "dialect": "pikafish", "games": ["xiangqi"],
 *                   "options": { "Threads": 2, "Hash": 256 } } } }
 * ```
 * `protocol` (uci | ucci | usi | xboard) is optional (found by handshake), `dialect` too (UCI:
 * `pikafish`, ICCS squares and no `UCI_Variant`, or `fairy-stockfish`, `UCI_Variant` and ranks
 * 1–10; found from the `uci` answer: Pikafish's when it lists no `UCI_Variant`), `games` too (what the
 * engine says it plays), `options` are set after the handshake. A configured name hides a
 * found engine of the same name.
 */
import { quoteInput } from '../core/text.js';
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import { err, ok, type Result } from '../core/result.js';
import { GAMES, gameIdFromName, type GameId } from '../games/registry.js';
import type { UciDialect } from '../games/game.js';
import { CLIENT_PROTOCOLS, type ClientProtocol, type EngineSpec, type OptionValue } from './client.js';
import { findProgram, splitCommand } from './process.js';

export type Env = Record<string, string | undefined>;

/** engines.json `"dialect"`: how a UCI engine writes the game (game.ts `UciDialect`). */
export const UCI_DIALECTS: readonly UciDialect[] = ['pikafish', 'fairy-stockfish'];

export interface EngineEntry extends EngineSpec {
  /** What it plays, as configured or known (empty: ask the engine). */
  readonly games: readonly GameId[];
  readonly source: 'config' | 'auto' | 'command';
  /** The program's full path, or null when it is not installed. */
  readonly path: string | null;
  /** How to get it, for a missing auto engine. */
  readonly install?: string;
}

/** A known engine with the games it plays. */
export interface KnownEngineEntry {
  readonly name: string;
  readonly program: string;
  readonly protocol: ClientProtocol;
  readonly dialect?: UciDialect;
  readonly games: GameId[];
  readonly options: Readonly<Record<string, OptionValue>>;
  readonly install: string;
}

/** The engines found without configuration: each game's `knownEngines`, by name (one entry per engine, every game it plays). */
export const KNOWN_ENGINES: readonly KnownEngineEntry[] = (() => {
  const byName = new Map<string, KnownEngineEntry>();
  for (const g of GAMES)
    for (const k of g.knownEngines) {
      const had = byName.get(k.name);
      if (had) had.games.push(g.id);
      else byName.set(k.name, { ...k, games: [g.id] });
    }
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
})();

export function configFile(env: Env): string {
  if (env.CHUHAN_HOME) return join(env.CHUHAN_HOME, 'engines.json');
  const base = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME !== '' ? env.XDG_CONFIG_HOME : join(env.HOME ?? homedir(), '.config');
  return join(base, 'chuhan', 'engines.json');
}

const programPath = (command: string, env: Env): string | null => {
  const first = splitCommand(command)[0];
  return first ? findProgram(first, env) : null;
};

const MAX_CONFIG_BYTES = 1024 * 1024;

/** Reads engines.json (a missing file is no engines; a bad one is an error naming the file). */
export function readConfig(env: Env): Result<EngineEntry[]> {
  const file = configFile(env);
  let text: string;
  let fd: number;
  try {
    // O_NONBLOCK: a FIFO planted at its name never blocks; it must be a regular file of at most 1 MiB
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    return ok([]);
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return err(`${quoteInput(file)} is not a regular file; remove it or set CHUHAN_HOME`);
    if (st.size > MAX_CONFIG_BYTES) return err(`${quoteInput(file)} is too large (${st.size} bytes, at most ${MAX_CONFIG_BYTES})`);
    text = readFileSync(fd, 'utf8');
  } catch (e) {
    return err(`${quoteInput(file)} cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  } finally {
    closeSync(fd);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return err(`${file} is not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const engines = (data as { engines?: unknown })?.engines;
  if (typeof engines !== 'object' || engines === null || Array.isArray(engines))
    return err(`${file}: expected {"engines": {"name": {"command": …}, …}}`);
  const out: EngineEntry[] = [];
  for (const [name, raw] of Object.entries(engines as Record<string, unknown>)) {
    const e = raw as { command?: unknown; protocol?: unknown; dialect?: unknown; games?: unknown; options?: unknown; memory?: unknown };
    if (typeof e !== 'object' || e === null || typeof e.command !== 'string' || e.command.trim() === '')
      return err(`${file}: engine ${quoteInput(name)} needs a "command" (the program and its arguments)`);
    let protocol: ClientProtocol | undefined;
    if (e.protocol !== undefined) {
      if (typeof e.protocol !== 'string' || !CLIENT_PROTOCOLS.includes(e.protocol.toLowerCase() as ClientProtocol))
        return err(`${file}: engine ${quoteInput(name)}: protocol must be one of ${CLIENT_PROTOCOLS.join(', ')}`);
      protocol = e.protocol.toLowerCase() as ClientProtocol;
    }
    let dialect: UciDialect | undefined;
    if (e.dialect !== undefined) {
      const d = typeof e.dialect === 'string' ? e.dialect.toLowerCase() : '';
      if (!(UCI_DIALECTS as readonly string[]).includes(d))
        return err(`${file}: engine ${quoteInput(name)}: dialect must be one of ${UCI_DIALECTS.join(', ')} (UCI without or with UCI_Variant)`);
      dialect = d as UciDialect;
    }
    const games: GameId[] = [];
    if (e.games !== undefined) {
      if (!Array.isArray(e.games)) return err(`${file}: engine ${quoteInput(name)}: "games" must be a list like ${JSON.stringify([GAMES[0]!.id])}`);
      for (const g of e.games) {
        const id = typeof g === 'string' ? gameIdFromName(g) : null;
        if (!id) return err(`${file}: engine ${quoteInput(name)}: unknown game ${JSON.stringify(g)} (use ${GAMES.map((x) => x.id).join(' or ')})`);
        games.push(id);
      }
    }
    const options: Record<string, OptionValue> = {};
    if (e.options !== undefined) {
      if (typeof e.options !== 'object' || e.options === null || Array.isArray(e.options))
        return err(`${file}: engine ${quoteInput(name)}: "options" must be an object like {"Threads": 2}`);
      for (const [k, v] of Object.entries(e.options as Record<string, unknown>)) {
        if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean')
          return err(`${file}: engine ${quoteInput(name)}: option ${quoteInput(k)} must be a string, number or true/false`);
        options[k] = v;
      }
    }
    out.push({
      name,
      command: e.command,
      ...(protocol ? { protocol } : {}),
      ...(dialect ? { dialect } : {}),
      options,
      games,
      source: 'config',
      path: programPath(e.command, env),
      ...(typeof e.memory === 'number' ? { memoryMb: e.memory } : {}),
    });
  }
  return ok(out);
}

/** The known engines, installed or not. */
export function knownEngines(env: Env): EngineEntry[] {
  return KNOWN_ENGINES.map((k) => {
    const path = findProgram(k.program, env);
    return {
      name: k.name,
      command: path ?? k.program,
      protocol: k.protocol,
      ...(k.dialect ? { dialect: k.dialect } : {}),
      options: k.options,
      games: k.games,
      source: 'auto' as const,
      path,
      install: k.install,
    };
  });
}

/** Configured engines first, then the known ones not configured under their name. */
export function listEngines(env: Env): Result<EngineEntry[]> {
  const c = readConfig(env);
  if (!c.ok) return c;
  const names = new Set(c.value.map((e) => e.name));
  return ok([...c.value, ...knownEngines(env).filter((k) => !names.has(k.name))]);
}

export type EngineChoice = { kind: 'builtin' } | { kind: 'external'; entry: EngineEntry };

/**
 * `--engine` text: `builtin`, a name (engines.json or known), or a command line. Errors say which
 * of these it was not, or how to install a known engine that is missing.
 */
export function resolveEngine(text: string, env: Env): Result<EngineChoice> {
  const t = text.trim();
  if (t === '' || t.toLowerCase() === 'builtin' || t.toLowerCase() === 'chuhan') return ok({ kind: 'builtin' });
  const all = listEngines(env);
  if (!all.ok) return all;
  const named = all.value.find((e) => e.name.toLowerCase() === t.toLowerCase());
  if (named) {
    if (!named.path)
      return err(
        named.install
          ? `the engine ${named.name} is not installed (${named.install})`
          : `the engine ${named.name}'s program was not found: ${splitCommand(named.command)[0]}`,
      );
    return ok({ kind: 'external', entry: named });
  }
  const path = programPath(t, env);
  if (!path)
    return err(`unknown engine ${quoteInput(t)}: not in ${configFile(env)}, not a known engine (${KNOWN_ENGINES.map((k) => k.name).join(', ')}), and no such program`);
  // a command: a known program under another path keeps its protocol and options
  const first = basename(splitCommand(t)[0]!);
  const known = KNOWN_ENGINES.find((k) => k.program === first);
  return ok({
    kind: 'external',
    entry: {
      name: first,
      command: t,
      ...(known ? { protocol: known.protocol, options: known.options, ...(known.dialect ? { dialect: known.dialect } : {}) } : {}),
      games: known?.games ?? [],
      source: 'command',
      path,
    },
  });
}
