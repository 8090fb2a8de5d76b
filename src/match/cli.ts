/**
 * `npm run match -- --opponent maxqi --games 20 --tc 40/60`: chuhan (as an xboard engine, run
 * through its own CLI) against a real xboard engine, refereed by our rules. Writes every game to
 * a PGN file as it finishes (every game is judged by GameHistory with the game's end rules, as
 * `chuhan validate` judges it) and ends with a score line with the Elo difference and its 95% margin.
 *
 *   --opponent maxqi|hachu|"<command>"   the other engine (maxqi plays xiangqi, hachu chu)
 *   --variant xiangqi|chu                 default: the opponent's game (else xiangqi)
 *   --games N                             default 2 (colours alternate)
 *   --tc 40/60 | 60+1 | st=1              moves/seconds, seconds+increment, or seconds per move
 *   --engine "<command>"                  default: node bin/chuhan.js engine --protocol xboard
 *   --level N                             chuhan's playing level 1-8 (default: full strength)
 *   --pgn FILE                            default: match-<variant>-<opponent>.pgn
 *   --max-plies N                         adjudicate a draw after N plies (xiangqi 300, chu 600)
 *   --margin MS                           clock tolerance before a loss on time (default 300)
 *   --log FILE                            every protocol line in and out
 *   --opponent-option "NAME=VALUE"        CECP option for the opponent (repeatable); hachu gets
 *                                         "Allow repeats=1": by default HaChu refuses any move that
 *                                         repeats a position, our rules (lishogi) allow repeats
 *                                         until the 4th occurrence ends the game
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { findProgram } from '../engine-client/process.js';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { ProtocolGame } from '../protocol/dialect.js';
import { gameFromName, getGame } from '../games/registry.js';
import { CHU_XBOARD as CHU } from '../games/chushogi/xboard.js';
import { XIANGQI_XBOARD as XIANGQI } from '../games/xiangqi/xboard.js';
import { estimateElo, formatElo } from './elo.js';
import { formatTimeControl, runMatch, type MatchGame, type TimeControlSpec } from './runner.js';

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

const USAGE = `usage: npm run match -- --opponent maxqi|hachu|"<command>" [--variant xiangqi|chu] [--games N]
                        [--tc 40/60|60+1|st=1] [--engine "<command>"] [--level N] [--pgn FILE]
                        [--max-plies N] [--margin MS] [--log FILE] [--opponent-option "NAME=VALUE"]`;

/** Known opponents: command and game. */
const OPPONENTS: Record<string, { command: string; game: ProtocolGame; options: string[] }> = {
  maxqi: { command: 'maxqi', game: XIANGQI, options: [] },
  hachu: { command: 'hachu', game: CHU, options: ['Allow repeats=1'] },
};

/** The command with its program's full path (PATH, then /usr/games, where Debian installs games: the engine client's lookup). */
function resolveCommand(cmd: string): string {
  const word = cmd.split(/\s+/)[0]!;
  const found = word.includes('/') ? null : findProgram(word);
  return found ? found + cmd.slice(word.length) : cmd;
}

export function parseTimeControl(text: string): TimeControlSpec | null {
  const t = text.trim();
  let m = /^st=(\d+(?:\.\d+)?)$/.exec(t) ?? /^(\d+(?:\.\d+)?)s\/move$/.exec(t);
  if (m) return Number(m[1]) > 0 ? { kind: 'st', seconds: Number(m[1]) } : null;
  m = /^(?:(\d+)\/)?(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?$/.exec(t);
  if (!m) return null;
  const baseMs = Number(m[2]) * 1000;
  if (baseMs <= 0) return null;
  return { kind: 'level', movesPerSession: m[1] ? Number(m[1]) : 0, baseMs, incMs: m[3] ? Number(m[3]) * 1000 : 0 };
}

export function scoreLine(games: readonly MatchGame[], ours: string, theirs: string): string {
  let w = 0;
  let d = 0;
  let l = 0;
  let void_ = 0;
  for (const g of games) {
    if (g.scoreEngine0 === null) void_++;
    else if (g.scoreEngine0 === 1) w++;
    else if (g.scoreEngine0 === 0) l++;
    else d++;
  }
  const e = estimateElo({ wins: w, draws: d, losses: l });
  const pct = e.games ? ((100 * (w + d / 2)) / e.games).toFixed(1) : '-';
  const extra = void_ ? ` (${void_} not counted)` : '';
  return `Score of ${ours} vs ${theirs}: ${w} - ${l} - ${d} [${pct}%] ${e.games} games${extra}; Elo difference ${formatElo(e)} (95%)`;
}

export async function runOpponentMatch(argv: readonly string[], io: CliIo): Promise<number> {
  // biome-ignore lint/suspicious/noImplicitAnyLet: parseArgs' inferred result, assigned in the try
  let opts;
  try {
    opts = parseArgs({
      args: [...argv],
      options: {
        opponent: { type: 'string' },
        variant: { type: 'string' },
        games: { type: 'string', default: '2' },
        tc: { type: 'string', default: '40/60' },
        engine: { type: 'string' },
        level: { type: 'string' },
        pgn: { type: 'string' },
        'max-plies': { type: 'string' },
        margin: { type: 'string', default: '300' },
        log: { type: 'string' },
        'opponent-option': { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: false,
    }).values;
  } catch (e) {
    io.err(`match: ${e instanceof Error ? e.message : String(e)}\n${USAGE}\n`);
    return 2;
  }
  if (opts.help) {
    io.out(USAGE + '\n');
    return 0;
  }
  if (!opts.opponent) {
    io.err(`match: --opponent is required\n${USAGE}\n`);
    return 2;
  }
  const known = OPPONENTS[opts.opponent.toLowerCase()];
  let game = known?.game ?? XIANGQI;
  if (opts.variant) {
    const named = gameFromName(opts.variant);
    if (named) game = named.xboard;
    else {
      io.err(`match: unknown variant "${opts.variant}" (xiangqi or chu)\n`);
      return 2;
    }
  }
  const games = Number(opts.games);
  if (!Number.isInteger(games) || games < 1) {
    io.err(`match: --games must be a positive whole number, not "${opts.games}"\n`);
    return 2;
  }
  const tc = parseTimeControl(opts.tc);
  if (!tc) {
    io.err(`match: --tc "${opts.tc}" is not a time control (40/60, 60+1 or st=1)\n`);
    return 2;
  }
  if (opts.level !== undefined && !/^[1-8]$/.test(opts.level)) {
    io.err(`match: --level must be 1-8, not "${opts.level}"\n`);
    return 2;
  }
  const maxPlies = opts['max-plies'] !== undefined ? Number(opts['max-plies']) : getGame(game.id).defaults.matchPlies;
  const margin = Number(opts.margin);
  if (!Number.isInteger(maxPlies) || maxPlies < 1 || !Number.isFinite(margin) || margin < 0) {
    io.err('match: --max-plies must be a positive whole number and --margin a number of ms\n');
    return 2;
  }
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const level = opts.level ? ` --level ${opts.level}` : '';
  const ours = opts.engine ?? `node ${resolve(root, 'bin/chuhan.js')} engine --protocol xboard${level}`;
  const theirs = resolveCommand(known?.command ?? opts.opponent);
  const pgnPath = opts.pgn ?? `match-${game.xboardName}-${(opts.opponent.split(/[\s/]/).pop() ?? 'opponent').replace(/[^\w.-]/g, '')}.pgn`;
  writeFileSync(pgnPath, '');
  if (opts.log) writeFileSync(opts.log, '');
  const logFile = opts.log;
  io.out(`match: ${game.xboardName}, ${games} games at ${formatTimeControl(tc)}; chuhan: ${ours}; opponent: ${theirs}; PGN: ${pgnPath}\n`);
  let names: readonly [string, string] = ['chuhan', opts.opponent];
  const done: MatchGame[] = [];
  const results = await runMatch({
    game,
    engines: [
      { command: ours, label: 'chuhan' },
      { command: theirs, label: opts.opponent, options: opts['opponent-option'] ?? known?.options ?? [] },
    ],
    games,
    tc,
    maxPlies,
    timeMarginMs: margin,
    ...(logFile ? { log: (line: string) => appendFileSync(logFile, `${Date.now()} ${line}\n`) } : {}),
    onGame: (g) => {
      names = g.names;
      done.push(g);
      appendFileSync(pgnPath, g.pgn + '\n');
      const ourSide = getGame(game.id).sideNames[g.firstEngine];
      io.out(
        `game ${g.index + 1}: ${g.names[0]} (${ourSide}) ${g.result} ${g.reason}, ${g.plies} plies, ${g.seconds.toFixed(0)} s; ${scoreLine(done, g.names[0], g.names[1])}\n`,
      );
    },
  });
  io.out(scoreLine(results, names[0], names[1]) + '\n');
  return 0;
}
