/** `chuhan moves`: the legal moves of a position (cli.md). */
import type { Command } from 'commander';
import { moveFrom, moveMid, moveTo } from '../../core/move.js';
import { legalMoves } from '../../core/perft.js';
import { resultScore } from '../../core/history.js';
import { CliError, type Io } from '../../tui/io.js';
import { NOTATION_HELP, PROBLEM_HELP, RULES_HELP, VARIANT_HELP, loadGame, resolvePosition, type CommonOptions } from '../game-choice.js';
import { quoteInput } from '../../core/text.js';

export interface MovesOptions extends CommonOptions {
  notation?: string;
}

export function registerMoves(program: Command, io: Io): void {
  program
    .command('moves')
    .description('print the legal moves of a position, sorted by their coordinate form')
    .option('-v, --variant <variant>', VARIANT_HELP)
    .option('--rules <rules>', RULES_HELP)
    .option('--fen <fen>', 'the position (FEN or SFEN); default: the start position')
    .option('--problem', PROBLEM_HELP)
    .option('-n, --notation <notation>', NOTATION_HELP)
    .option('--json', 'machine-readable output')
    .action((opts: MovesOptions) => runMoves(opts, io));
}

/**
 * The options `moves` takes, for main.ts's quick path (no commander when the command line is
 * plainly these): each name with whether it takes a value.
 */
export const MOVES_OPTIONS: Readonly<Record<string, { key: keyof MovesOptions; value: boolean }>> = {
  '-v': { key: 'variant', value: true },
  '--variant': { key: 'variant', value: true },
  '--rules': { key: 'rules', value: true },
  '--fen': { key: 'fen', value: true },
  '--problem': { key: 'problem', value: false },
  '-n': { key: 'notation', value: true },
  '--notation': { key: 'notation', value: true },
  '--json': { key: 'json', value: false },
};

/**
 * The action of `chuhan moves`. Only the game asked for is loaded (game-choice.ts), and the
 * registry of every game only for --json (notation/status.ts): a script's `moves` starts quickly.
 */
export async function runMoves(opts: MovesOptions, io: Io): Promise<void> {
  const game = await loadGame(opts);
  const pos = resolvePosition(game, opts);
  const notation = opts.notation ?? game.coordinate.id;
  const fmt = game.notations.get(notation);
  if (!fmt) throw new CliError(`unknown notation ${quoteInput(notation)} for ${game.id} (use ${[...game.notations.keys()].join(', ')})`);
  const moves = legalMoves(pos)
    .map((m) => ({ m, coord: game.coordinate.format(pos, m) }))
    .sort((a, b) => (a.coord < b.coord ? -1 : a.coord > b.coord ? 1 : 0));
  if (opts.json) {
    const { positionResult, positionStatus } = await import('../../notation/status.js');
    const status = positionStatus(game, pos);
    const ended = positionResult(game, pos);
    const list = moves.map(({ m, coord }) => {
      const entry: Record<string, unknown> = { [game.coordinate.id]: coord };
      for (const [id, n] of game.notations) if (id !== game.coordinate.id) entry[id] = n.format(pos, m);
      const to = moveTo(m);
      const mid = moveMid(m);
      entry.capture = (to !== moveFrom(m) && pos.board[to] !== 0) || (mid >= 0 && pos.board[mid] !== 0);
      return entry;
    });
    io.out(
      JSON.stringify({
        variant: game.id,
        fen: game.formatFen(pos),
        turn: game.sideNames[pos.turn],
        inCheck: pos.variant.inCheck(pos),
        status: status.reason ?? 'ongoing',
        ...(status.winner ? { winner: status.winner } : {}),
        ...(ended ? { result: resultScore(ended), ...(ended.detail ? { detail: ended.detail } : {}) } : {}),
        moves: list,
      }) + '\n',
    );
    return;
  }
  io.out(moves.map(({ m, coord }) => (notation === game.coordinate.id ? coord : fmt.format(pos, m)) + '\n').join(''));
}
