/** `chuhan engine`: plays as a GUI's engine over stdin/stdout (CECP/xboard, UCI or UCCI). */
import type { Command } from 'commander';
import { runProtocol, type ProtocolName } from '../../protocol/run.js';
import { CliError, RULES_HELP, withRules, type Io } from '../context.js';
import { GAMES, gameFromName, type GameId } from '../../games/registry.js';

interface EngineOptions {
  protocol: string;
  level?: string;
  variant?: string;
  rules?: string;
}

const PROTOCOLS: readonly ProtocolName[] = ['xboard', 'uci', 'ucci'];

export function registerEngine(program: Command, io: Io): void {
  program
    .command('engine')
    .description('play as an engine for GUIs and match tools: xboard (CECP: xiangqi, chu), uci or ucci (xiangqi)')
    .option('--protocol <name>', 'xboard | uci | ucci', 'xboard')
    .option('--level <n>', 'playing level 1-8 (default: full strength within the time control)')
    .option('-v, --variant <variant>', 'xboard: the game before any "variant" command (xiangqi | chushogi)')
    .option('--rules <rules>', `xboard: that game's ${RULES_HELP} (kept until a "variant" command)`)
    .action(async (opts: EngineOptions) => {
      const protocol = opts.protocol.toLowerCase() as ProtocolName;
      if (!PROTOCOLS.includes(protocol)) throw new CliError(`unknown protocol "${opts.protocol}" (use xboard, uci or ucci)`);
      let level: number | null = null;
      if (opts.level !== undefined) {
        if (!/^[1-8]$/.test(opts.level)) throw new CliError(`--level must be a whole number from 1 to 8, not "${opts.level}"`);
        level = Number(opts.level);
      }
      let variant: GameId | undefined;
      if (opts.variant !== undefined) {
        const game = gameFromName(opts.variant);
        if (!game) throw new CliError(`unknown variant "${opts.variant}" (use xiangqi or chushogi)`);
        if (!game.protocols.includes(protocol)) {
          const which = GAMES.filter((g) => g.protocols.includes(protocol)).map((g) => g.id).join(' and ');
          throw new CliError(`the ${protocol} protocol plays ${which} only`);
        }
        variant = game.id;
        withRules(game, opts.rules);
      } else if (opts.rules !== undefined) throw new CliError('--rules needs --variant chushogi');
      await runProtocol({ protocol, input: process.stdin, write: (t) => io.out(t), level, ...(variant ? { variant } : {}), ...(opts.rules !== undefined ? { rules: opts.rules } : {}) });
    });
}
