/** `--engine <name|command>` for the commands that search: resolve it and start the program. */
import { EngineClient, engineText, type EngineError } from '../engine-client/client.js';
import { resolveEngine, type EngineChoice, type Env } from '../engine-client/config.js';
import type { GameId } from '../games/registry.js';
import { CliError } from './context.js';

export const ENGINE_OPTION_HELP = 'builtin (default), a name from engines.json or `chuhan engines`, or a command';

/** The choice, or a usage error (exit 2) naming what the text was not. */
export function chooseEngine(text: string | undefined, env: Env): EngineChoice {
  const r = resolveEngine(text ?? 'builtin', env);
  if (!r.ok) throw new CliError(r.error);
  return r.value;
}

/** An engine failure as a CLI error: a missing program is bad input (2), the rest a failure (1). */
export const engineFailure = (e: EngineError): CliError => new CliError(e.message, e.kind === 'missing' ? 2 : 1);

/** Starts the engine and checks it plays the game. */
export async function openEngine(choice: Extract<EngineChoice, { kind: 'external' }>, game: GameId, log?: (l: string) => void): Promise<EngineClient> {
  const r = await EngineClient.open(choice.entry, log ? { log } : {});
  if (!r.ok) throw engineFailure(r.error);
  const c = r.value;
  if (!c.games.includes(game)) {
    await c.close();
    const plays = c.games.length ? c.games.join(', ') : 'none of our games';
    throw new CliError(`the engine ${engineText(choice.entry.name)} (${c.protocol}) does not play ${game} (it plays ${plays})`);
  }
  return c;
}
