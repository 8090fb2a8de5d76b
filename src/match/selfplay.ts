/**
 * `npm run match`: the engine against itself at two levels, or against a uniformly random mover,
 * alternating colours, and the score (src/engine/match.ts). Reproducible for a seed. Started by
 * src/match/main.ts when no --opponent is given.
 *
 *   npm run match -- --games 20 --level 4 --vs random --variant xiangqi
 *   npm run match -- --games 10 --level 5 --vs level:3 --variant chushogi --seed 7
 */
import { parseArgs } from 'node:util';
import { playMatch, type MatchSummary, type Opponent } from '../engine/match.js';
import { DEFAULT_GAME, GAMES, gameFromName, type Game } from '../games/registry.js';

const USAGE = `usage: npm run match -- [--games N] [--level A] [--vs random|level:B] [--variant ${GAMES.map((g) => g.id).join('|')}|all]
                        [--seed S] [--max-plies N] [--random-plies N] [--time] [--quiet] [--moves] [--json]`;

export function matchMain(argv: string[], out: (s: string) => void, err: (s: string) => void): number {
  // biome-ignore lint/suspicious/noImplicitAnyLet: parseArgs' inferred result, assigned in the try
  let opts;
  try {
    opts = parseArgs({
      args: argv,
      options: {
        games: { type: 'string', default: '20' },
        level: { type: 'string', default: '4' },
        vs: { type: 'string', default: 'random' },
        variant: { type: 'string', default: DEFAULT_GAME.id },
        seed: { type: 'string', default: '1' },
        'max-plies': { type: 'string' },
        'random-plies': { type: 'string' },
        time: { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
        moves: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    err(`match: ${e instanceof Error ? e.message : String(e)}\n${USAGE}\n`);
    return 2;
  }
  if (opts.help) {
    out(USAGE + '\n');
    return 0;
  }
  const usage = (msg: string) => {
    err(`match: ${msg}\n${USAGE}\n`);
    return 2;
  };
  const int = (text: string, min: number, max: number): number | null =>
    /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max ? Number(text) : null;
  const games = int(opts.games!, 1, 1_000_000);
  if (games === null) return usage(`--games must be a positive whole number, not "${opts.games}"`);
  const level = int(opts.level!, 1, 8);
  if (level === null) return usage(`--level must be 1 to 8, not "${opts.level}"`);
  const seed = int(opts.seed!, 0, 2 ** 31);
  if (seed === null) return usage(`--seed must be a whole number, not "${opts.seed}"`);
  let opponent: Opponent;
  const vs = opts.vs!.toLowerCase();
  if (vs === 'random') opponent = { kind: 'random' };
  else {
    const m = /^level:(\d+)$/.exec(vs);
    const l = m ? int(m[1]!, 1, 8) : null;
    if (l === null) return usage(`--vs must be "random" or "level:N" with N from 1 to 8, not "${opts.vs}"`);
    opponent = { kind: 'level', level: l };
  }
  const names = ['all', 'both'].includes(opts.variant!.toLowerCase()) ? GAMES.map((g) => g.id) : [opts.variant!];
  const gameList: Game[] = [];
  for (const name of names) {
    const game = gameFromName(name);
    if (!game) return usage(`unknown variant "${name}" (use ${GAMES.map((g) => g.id).join(', ')} or all)`);
    gameList.push(game);
  }
  let maxPlies: number | undefined;
  if (opts['max-plies'] !== undefined) {
    const n = int(opts['max-plies'], 1, 1_000_000);
    if (n === null) return usage(`--max-plies must be a positive whole number, not "${opts['max-plies']}"`);
    maxPlies = n;
  }
  let randomPlies: number | undefined;
  if (opts['random-plies'] !== undefined) {
    const n = int(opts['random-plies'], 0, 1000);
    if (n === null) return usage(`--random-plies must be a whole number, not "${opts['random-plies']}"`);
    randomPlies = n;
  }
  const summaries: MatchSummary[] = [];
  for (const game of gameList) {
    const [n0, n1] = game.sideNames;
    if (!opts.json) out(`${game.id}: level ${level} vs ${vs}, ${games} games, seed ${seed}${opts.time ? ', timed' : ''}\n`);
    const s = playMatch(
      game,
      {
        games,
        level,
        opponent,
        seed,
        timed: opts.time!,
        keepMoves: opts.moves!,
        ...(maxPlies ? { maxPlies } : {}),
        ...(randomPlies !== undefined ? { randomPlies } : {}),
      },
      (r) => {
        if (opts.json || opts.quiet) return;
        out(`game ${String(r.index).padStart(3)}: ${r.players[0]} (${n0}) - ${r.players[1]} (${n1}): ${r.result} ${r.reason}, ${r.plies} plies, ${r.seconds.toFixed(1)} s\n`);
        if (r.moves) out(`  ${r.moves.join(' ')}\n`);
      },
    );
    summaries.push(s);
    if (!opts.json)
      out(
        `${s.variant}: ${s.a} vs ${s.b}: +${s.wins} =${s.draws} -${s.losses}, score ${s.points}/${s.games} (${((100 * s.points) / s.games).toFixed(1)}%), ${s.plies} plies in ${s.seconds.toFixed(1)} s\n`,
      );
  }
  if (opts.json) out(JSON.stringify({ matches: summaries }) + '\n');
  return 0;
}
