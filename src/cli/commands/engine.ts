/** `chuhan engine`: plays as a GUI's engine over stdin/stdout (CECP/xboard, UCI, UCCI or USI). */
import type { Command } from 'commander';
import { runProtocol, type ProtocolName } from '../../protocol/run.js';
import { CliError, RULES_HELP, VARIANT_NAMES, withRules, type Io } from '../context.js';
import { GAMES, gameFromName, type GameId } from '../../games/registry.js';
import { quoteInput } from '../../core/text.js';
import { applyAssignment, initialSettings } from '../../protocol/options.js';

interface EngineOptions {
  protocol: string;
  level?: string;
  variant?: string;
  rules?: string;
  book: boolean;
  option?: string[];
}

const PROTOCOLS: readonly ProtocolName[] = ['xboard', 'uci', 'ucci', 'usi'];

/**
 * The games each protocol plays, from the registry: protocols with the same games share a group
 * (`uci or ucci (xiangqi)`). The command index (index.ts) keeps a copy, checked by test/startup.test.ts.
 */
export function engineSummary(): string {
  const groups: { protocols: string[]; games: string }[] = [];
  for (const p of ['xboard', 'uci', 'ucci', 'usi'] as const) {
    const games = GAMES.filter((g) => g.protocols.includes(p)).map((g) => g.id).join(', ');
    const last = groups[groups.length - 1];
    if (last && last.games === games) last.protocols.push(p);
    else groups.push({ protocols: [p], games });
  }
  const text = groups.map((g) => `${g.protocols.join(' or ')} (${g.protocols[0] === 'xboard' ? 'CECP: ' : ''}${g.games})`).join(', ');
  return `play as an engine for GUIs and match tools: ${text}`;
}

export function registerEngine(program: Command, io: Io): void {
  program
    .command('engine')
    .description(engineSummary())
    .option('--protocol <name>', 'xboard | uci | ucci | usi', 'xboard')
    .option('--level <n>', 'playing level 1-8: every move within the node and time limits of the level, whatever the clock (docs/strength.md "Levels and seeds"; default: full strength within the time control)')
    .option('-v, --variant <variant>', `xboard: the game before any "variant" command (${GAMES.map((g) => g.id).join(' | ')})`)
    .option('--rules <rules>', `xboard, usi: the ${RULES_HELP} (xboard: kept until a "variant" command)`)
    .option('--no-book', 'no opening book (also the OwnBook / usebook option)')
    .option('--option <name=value>', 'set an engine option before the handshake, by any protocol\'s name (Threads=2, MultiPV=3, Level=4, OwnBook=false); repeatable', (v: string, all: string[] | undefined) => [...(all ?? []), v])
    .action(async (opts: EngineOptions) => {
      const protocol = opts.protocol.toLowerCase() as ProtocolName;
      if (!PROTOCOLS.includes(protocol)) throw new CliError(`unknown protocol ${quoteInput(opts.protocol)} (use xboard, uci, ucci or usi)`);
      let level: number | null = null;
      if (opts.level !== undefined) {
        if (!/^[1-8]$/.test(opts.level)) throw new CliError(`--level must be a whole number from 1 to 8, not ${quoteInput(opts.level)}`);
        level = Number(opts.level);
      }
      let variant: GameId | undefined;
      if (opts.variant !== undefined) {
        const game = gameFromName(opts.variant);
        if (!game) throw new CliError(`unknown variant ${quoteInput(opts.variant)} (use ${VARIANT_NAMES})`);
        if (!game.protocols.includes(protocol)) {
          const which = GAMES.filter((g) => g.protocols.includes(protocol)).map((g) => g.id).join(' and ');
          throw new CliError(`the ${protocol} protocol plays ${which} only`);
        }
        variant = game.id;
        withRules(game, opts.rules);
      } else if (opts.rules !== undefined) {
        // a protocol of one game (usi: chu) needs no --variant for its rules
        const only = GAMES.filter((g) => g.protocols.includes(protocol));
        if (only.length !== 1 || !only[0]!.withRules) throw new CliError(`--rules needs --variant ${GAMES.filter((g) => g.withRules).map((g) => g.id).join(' or ')}`);
        withRules(only[0]!, opts.rules);
        variant = only[0]!.id;
      }
      const scratch = initialSettings();
      for (const a of opts.option ?? []) {
        const refused = applyAssignment(a, scratch);
        if (refused !== null) throw new CliError(`--option ${quoteInput(a)}: ${refused}`);
      }
      await runProtocol({ protocol, input: process.stdin, write: (t) => io.out(t), level, book: opts.book, ...(opts.option ? { set: opts.option } : {}), ...(variant ? { variant } : {}), ...(opts.rules !== undefined ? { rules: opts.rules } : {}) });
    });
}
