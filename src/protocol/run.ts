/**
 * The engine process's loop: reads protocol lines from a stream, feeds the session, writes its
 * answers, and returns when the GUI says `quit` or closes the input.
 */
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { DEFAULT_GAME, gameFromName } from '../games/registry.js';
import { applyAssignment, initialSettings } from './options.js';
import { workerThinker, type Thinker } from './thinker.js';
import { DIALECT_GAME, UciSession, type UciDialect } from './uci.js';
import { XboardSession } from './xboard.js';

export type ProtocolName = 'xboard' | 'uci' | 'ucci' | 'usi';

export interface RunOptions {
  readonly protocol: ProtocolName;
  readonly input: Readable;
  /** Writes text (lines end with "\n"). */
  readonly write: (text: string) => void;
  readonly level?: number | null;
  /** xboard: the game before any `variant` command. */
  readonly variant?: string;
  /** xboard: the rule set of that game; usi: of chu (lishogi, jcsa). */
  readonly rules?: string;
  readonly thinker?: Thinker;
  /** Use the opening book (default true; `--no-book`). */
  readonly book?: boolean;
  /** Options set before the handshake, `NAME=VALUE` (`--option`; checked by the caller). */
  readonly set?: readonly string[];
}

function protocolGame(o: RunOptions) {
  const game = o.variant ? (gameFromName(o.variant) ?? DEFAULT_GAME) : DEFAULT_GAME;
  return ((o.rules !== undefined ? game.withRules?.(o.rules) : null) ?? game).xboard;
}

/** The game a UCI-style dialect plays under `o.rules` (usi: chu JCSA), or undefined for its default. */
function uciGame(o: RunOptions, dialect: UciDialect) {
  if (o.rules === undefined) return undefined;
  return gameFromName(DIALECT_GAME[dialect].id)?.withRules?.(o.rules)?.xboard;
}

export async function runProtocol(o: RunOptions): Promise<void> {
  const thinker = o.thinker ?? workerThinker();
  const rl = createInterface({ input: o.input, crlfDelay: Infinity, terminal: false });
  const write = (line: string) => o.write(line + '\n');
  let quit = false;
  const onQuit = () => {
    quit = true;
    rl.close();
  };
  const uci = o.protocol === 'xboard' ? undefined : uciGame(o, o.protocol);
  const settings = initialSettings({ level: o.level ?? null, book: o.book ?? true });
  for (const a of o.set ?? []) applyAssignment(a, settings);
  const session =
    o.protocol === 'xboard'
      ? new XboardSession({ thinker, write, onQuit, settings, game: protocolGame(o) })
      : new UciSession({ dialect: o.protocol, thinker, write, onQuit, settings, ...(uci ? { game: uci } : {}) });
  try {
    for await (const line of rl) {
      session.feed(line);
      if (quit) break;
    }
  } finally {
    if (!quit && session instanceof UciSession) await session.endOfInput();
    if (!quit) session.feed('quit');
    await thinker.close();
  }
}
