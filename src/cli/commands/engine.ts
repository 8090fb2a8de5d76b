/** `chuhan engine`: plays as a GUI's engine over stdin/stdout (CECP/xboard, UCI, UCCI or USI). */
import type { Command } from 'commander';
import { runProtocol, type ProtocolName } from '../../protocol/run.js';
import { CliError, type Io } from '../context.js';
import { gameIdFromName } from '../../notation/registry.js';

interface EngineOptions {
  protocol: string;
  level?: string;
  variant?: string;
}

/** The one game a protocol plays (null: any, chosen by `variant`). */
const PROTOCOL_GAMES_OF: Readonly<Record<ProtocolName, 'xiangqi' | 'chushogi' | null>> = { xboard: null, uci: 'xiangqi', ucci: 'xiangqi', usi: 'chushogi' };

const PROTOCOLS: readonly ProtocolName[] = ['xboard', 'uci', 'ucci', 'usi'];

export function registerEngine(program: Command, io: Io): void {
  program
    .command('engine')
    .description('play as an engine for GUIs and match tools: xboard (CECP: xiangqi, chu), uci or ucci (xiangqi), usi (chu, lishogi)')
    .option('--protocol <name>', 'xboard | uci | ucci | usi', 'xboard')
    .option('--level <n>', 'playing level 1-8 (default: full strength within the time control)')
    .option('-v, --variant <variant>', 'xboard: the game before any "variant" command (xiangqi | chushogi)')
    .action(async (opts: EngineOptions) => {
      const protocol = opts.protocol.toLowerCase() as ProtocolName;
      if (!PROTOCOLS.includes(protocol)) throw new CliError(`unknown protocol "${opts.protocol}" (use xboard, uci, ucci or usi)`);
      let level: number | null = null;
      if (opts.level !== undefined) {
        if (!/^[1-8]$/.test(opts.level)) throw new CliError(`--level must be a whole number from 1 to 8, not "${opts.level}"`);
        level = Number(opts.level);
      }
      let variant: 'xiangqi' | 'chushogi' | undefined;
      if (opts.variant !== undefined) {
        const id = gameIdFromName(opts.variant);
        if (!id) throw new CliError(`unknown variant "${opts.variant}" (use xiangqi or chushogi)`);
        const plays = PROTOCOL_GAMES_OF[protocol];
        if (plays !== null && plays !== id) throw new CliError(`the ${protocol} protocol plays ${plays} only`);
        variant = id;
      }
      await runProtocol({ protocol, input: process.stdin, write: (t) => io.out(t), level, ...(variant ? { variant } : {}) });
    });
}
