/** `chuhan perft`: node counts of the legal move tree (cli.md). */
import type { Command } from 'commander';
import { Perft } from '../../core/perft.js';
import { GAMES } from '../../games/registry.js';
import { CliError, PROBLEM_HELP, RULES_HELP, VARIANT_HELP, resolveGame, resolvePosition, type CommonOptions, type Io } from '../context.js';
import { quoteInput } from '../../core/text.js';

interface PerftOptions extends CommonOptions {
  divide?: boolean;
  countPaths?: boolean;
}

export function registerPerft(program: Command, io: Io): void {
  program
    .command('perft')
    .description('count the leaf nodes of the legal move tree to a depth')
    .argument('<depth>', 'depth in plies (1-20)')
    .option('-v, --variant <variant>', VARIANT_HELP)
    .option('--rules <rules>', RULES_HELP)
    .option('--fen <fen>', 'the position (FEN or SFEN); default: the start position')
    .option('--problem', PROBLEM_HELP)
    .option('--divide', 'one "move: count" line per root move')
    .option('--count-paths', `${GAMES.filter((g) => g.pathPerft).map((g) => g.id).join(', ')}: count every path of a lion double move separately, as lishogi does`)
    .option('--json', 'machine-readable output')
    .action((depthText: string, opts: PerftOptions) => {
      if (!/^\d+$/.test(depthText) || Number(depthText) < 1 || Number(depthText) > 20)
        throw new CliError(`depth must be a whole number from 1 to 20, not ${quoteInput(depthText)}`);
      const depth = Number(depthText);
      const game = resolveGame(opts);
      const pos = resolvePosition(game, opts);
      const pathPerft = opts.countPaths ? game.pathPerft : undefined;
      if (opts.countPaths && !pathPerft) {
        const which = GAMES.filter((g) => g.pathPerft).map((g) => g.id).join(', ');
        throw new CliError(`--count-paths is for ${which} (${game.id} moves have a single path)`);
      }
      const perft = pathPerft ? pathPerft() : new Perft();
      const t0 = performance.now();
      let nodes = 0;
      const divide: { move: string; nodes: number }[] = [];
      if (opts.divide) {
        for (const { move, nodes: n } of perft.divide(pos, depth)) {
          divide.push({ move: game.coordinate.format(pos, move), nodes: n });
          nodes += n;
        }
        divide.sort((a, b) => (a.move < b.move ? -1 : a.move > b.move ? 1 : 0));
      } else nodes = perft.count(pos, depth);
      const seconds = (performance.now() - t0) / 1000;
      if (opts.json) io.out(JSON.stringify({ depth, nodes, ...(opts.divide ? { divide } : {}) }) + '\n');
      else io.out(divide.map((d) => `${d.move}: ${d.nodes}\n`).join('') + `nodes ${nodes}\n`);
      io.err(`${nodes} nodes in ${seconds.toFixed(3)} s, ${Math.round(nodes / Math.max(seconds, 1e-6)).toLocaleString('en-US')} nodes/s\n`);
    });
}
