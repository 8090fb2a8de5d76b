/**
 * `npm run match -- --opponent maxqi --games 20 --tc 40/60`: chuhan (as an xboard engine, run
 * through its own CLI) against a real xboard engine, refereed by our rules. Writes every game to
 * a PGN file as it finishes (every game is judged by GameHistory with the game's end rules, as
 * `chuhan validate` judges it) and ends with a score line with the Elo difference and its 95% margin.
 *
 *   --opponent maxqi|hachu|fairy-stockfish|pikafish|eleeye|"<command>"
 *                                         the other engine (maxqi, fairy-stockfish and eleeye play
 *                                         xiangqi, hachu chu; Fairy-Stockfish over CECP: `variant
 *                                         xiangqi`, ICCS moves with ranks 0-9, as ours; eleeye,
 *                                         ElephantEye, over UCCI)
 *   --variant xiangqi|chu                 default: the opponent's game (else xiangqi)
 *   --games N                             default 2 (colours alternate)
 *   --tc 40/60 | 60+1 | st=1              moves/seconds, seconds+increment, or seconds per move
 *   --opponent-tc 40/5                    the opponent's own time control (default: --tc): time
 *                                         odds; each engine gets its own `level` and clock
 *   --engine "<command>"                  default: node bin/chuhan.js engine --protocol xboard
 *   --engine-protocol P, --opponent-protocol P
 *                                         how each is spoken to: xboard (default), uci (the dialect
 *                                         from its `uci` answer), pikafish (UCI without UCI_Variant,
 *                                         ICCS ranks 0-9), fairy-stockfish (UCI_Variant, ranks 1-10),
 *                                         ucci (ElephantEye: ICCS, `go time … increment …`);
 *                                         e.g. --engine "node bin/chuhan.js engine --protocol uci"
 *                                         --engine-protocol pikafish: chuhan as Pikafish's GUIs drive it;
 *                                         --opponent /path/to/eleeye --opponent-protocol ucci
 *                                         (over UCI, an --opponent-option UCI_Variant=NAME is kept for
 *                                         every game: Fairy-Stockfish with its own VariantPath file)
 *   --level N                             chuhan's playing level 1-8 (default: full strength), sent
 *                                         as `option Level=N` (an --engine that declares no Level
 *                                         option: exit 2)
 *   --pgn FILE                            default: match-<variant>-<opponent>.pgn
 *   --max-plies N                         adjudicate a draw after N plies (xiangqi 300, chu 600)
 *   --margin MS                           clock tolerance before a loss on time (default 300)
 *   --log FILE                            every protocol line in and out
 *   --opponent-option "NAME=VALUE"        CECP option for the opponent (repeatable); hachu gets
 *                                         "Allow repeats=1": by default HaChu refuses any move that
 *                                         repeats a position, our rules (lishogi) allow repeats
 *                                         until the 4th occurrence ends the game; Fairy-Stockfish
 *                                         takes e.g. "Skill Level=5" (-20..20)
 *   --openings builtin|FILE               fixed openings (src/match/openings.ts; FILE: a line list or any record file): games 2k and 2k+1
 *                                         play opening k with colours swapped
 *   --plies N                             cut the openings to N plies (builtin: 4, 6, 8, 10, 12;
 *                                         default 8)
 *   --first-opening N                     start at opening N of the list (numbers kept, the ones
 *                                         before N last): runs of one engine that add up to the list
 *   --concurrency N                       games at once (default 1), each with its own processes
 *   --sprt ELO0,ELO1                      stop early when the GSPRT (alpha = beta = 0.05) accepts
 *                                         H0 (elo0) or H1 (elo1); --games is then the maximum
 *   --json FILE                           a summary for the results table (date, commit, time
 *                                         control, engines, machine, score, Elo, SPRT)
 * Ctrl-C once: the games under way finish, no other starts, the summary as usual (exit 130);
 * twice: the games under way end at once, unfinished and not counted (src/match/main.ts).
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, platform, release } from 'node:os';
import { findProgram } from '../engine-client/process.js';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { ProtocolGame } from '../protocol/dialect.js';
import type { UciDialect } from '../games/game.js';
import { DEFAULT_GAME, GAMES, gameFromName, getGame } from '../games/registry.js';
import {
  estimateElo,
  estimateEloPairs,
  formatElo,
  formatScore,
  pentanomialOf,
  sprtPentanomial,
  sprtTrinomial,
  type Pentanomial,
  type SprtResult,
} from './elo.js';
import { builtinOpenings, fromOpening, openingsFile, type Opening, type OpeningsResult } from './openings.js';
import { EngineRefused, formatTimeControl, INTERRUPTED, runMatch, type MatchGame, type TimeControlSpec } from './runner.js';

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

const USAGE = `usage: npm run match -- --opponent maxqi|hachu|fairy-stockfish|pikafish|eleeye|"<command>" [--variant ${GAMES.map((g) => g.xboard.xboardName).join('|')}]
                        [--games N] [--tc 40/60|60+1|st=1] [--opponent-tc TC] [--engine "<command>"] [--level N] [--pgn FILE]
                        [--engine-protocol P] [--opponent-protocol P] (P: xboard|uci|ucci|pikafish|fairy-stockfish)
                        [--max-plies N] [--margin MS] [--log FILE] [--opponent-option "NAME=VALUE"]
                        [--openings builtin|FILE] [--plies N] [--first-opening N] [--concurrency N] [--sprt ELO0,ELO1]
                        [--json FILE]
Ctrl-C once stops after the games under way (the summary is kept); twice stops them now.`;

/** Known opponents (each game's `knownEngines`): command, game (the first it plays), CECP options and the protocol when not CECP. */
const OPPONENTS = new Map<string, { command: string; game: ProtocolGame; options: string[]; speaks?: UciDialect | 'ucci' }>();
for (const g of GAMES)
  for (const k of g.knownEngines)
    // Pikafish speaks only UCI, in its dialect, ElephantEye only UCCI (the others are played over CECP unless told)
    if (!OPPONENTS.has(k.name)) {
      const speaks = k.dialect === 'pikafish' ? k.dialect : k.protocol === 'ucci' ? k.protocol : undefined;
      OPPONENTS.set(k.name, { command: k.program, game: g.xboard, options: Object.entries(k.options).map(([n, v]) => `${n}=${v}`), ...(speaks ? { speaks } : {}) });
    }

/** The command with its program's full path (PATH, then /usr/games, where Debian installs games: the engine client's lookup). */
function resolveCommand(cmd: string): string {
  const word = cmd.split(/\s+/)[0]!;
  const found = word.includes('/') ? null : findProgram(word);
  return found ? found + cmd.slice(word.length) : cmd;
}

const finiteOrNull = (x: number): number | null => (Number.isFinite(x) ? Math.round(x * 10) / 10 : null);

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

export interface SummaryInput {
  readonly games: readonly MatchGame[];
  /** Were the games paired on openings (2k and 2k+1)? Then the pentanomial figures are given too. */
  readonly paired: boolean;
  readonly sprt?: { elo0: number; elo1: number };
}

export interface MatchStats {
  wins: number;
  losses: number;
  draws: number;
  notCounted: number;
  trinomial: ReturnType<typeof estimateElo>;
  pentanomial: { pairs: Pentanomial; estimate: ReturnType<typeof estimateElo> } | null;
  sprt: (SprtResult & { elo0: number; elo1: number; model: 'pentanomial' | 'trinomial' }) | null;
}

/** The statistics of the games so far (engine 0's view). */
export function matchStats(input: SummaryInput): MatchStats {
  let wins = 0;
  let draws = 0;
  let losses = 0;
  let notCounted = 0;
  for (const g of input.games) {
    if (g.scoreEngine0 === null) notCounted++;
    else if (g.scoreEngine0 === 1) wins++;
    else if (g.scoreEngine0 === 0) losses++;
    else draws++;
  }
  const trinomial = estimateElo({ wins, draws, losses });
  const pairs = input.paired ? pentanomialOf(input.games.map((g) => g.scoreEngine0)) : null;
  const pentanomial = pairs?.some((c) => c > 0) ? { pairs, estimate: estimateEloPairs(pairs) } : null;
  let sprt: MatchStats['sprt'] = null;
  if (input.sprt) {
    const { elo0, elo1 } = input.sprt;
    const r = pentanomial ? sprtPentanomial(pentanomial.pairs, elo0, elo1) : sprtTrinomial({ wins, draws, losses }, elo0, elo1);
    sprt = { ...r, elo0, elo1, model: pentanomial ? 'pentanomial' : 'trinomial' };
  }
  return { wins, losses, draws, notCounted, trinomial, pentanomial, sprt };
}

/** The lines after the match: score with its interval, Elo (trinomial, and pentanomial for paired games), SPRT. */
export function statsLines(st: MatchStats, ours: string, theirs: string): string[] {
  const lines = [
    `Score of ${ours} vs ${theirs}: ${st.wins} - ${st.losses} - ${st.draws} (W-L-D), ${st.trinomial.games} games${st.notCounted ? ` (${st.notCounted} not counted)` : ''}; score ${formatScore(st.trinomial)} (95%)`,
    `Elo difference ${formatElo(st.trinomial)} (95%, trinomial)`,
  ];
  if (st.pentanomial)
    lines.push(`Pairs (0, 0.5, 1, 1.5, 2 points): ${st.pentanomial.pairs.join(' ')}; Elo difference ${formatElo(st.pentanomial.estimate)} (95%, pentanomial)`);
  if (st.sprt) {
    const v = st.sprt.verdict === 'H1' ? `H1 accepted (elo >= ${st.sprt.elo1})` : st.sprt.verdict === 'H0' ? `H0 accepted (elo <= ${st.sprt.elo0})` : 'no decision yet';
    lines.push(
      `SPRT elo0=${st.sprt.elo0} elo1=${st.sprt.elo1} alpha=beta=0.05 (${st.sprt.model}): LLR ${st.sprt.llr.toFixed(2)} [${st.sprt.lower.toFixed(2)}, ${st.sprt.upper.toFixed(2)}], ${v}`,
    );
  }
  return lines;
}

/** One engine's time use over a match's games (see `TimeUse`). */
export interface TimeSummary {
  /** Moves it chose and their mean time (ms). */
  readonly moves: number;
  readonly meanMs: number;
  /** Sessions (40 moves of 40/30) it finished, and the clock it had left as they ended (ms). */
  readonly sessions: number;
  readonly medianLeftMs: number | null;
  readonly leastLeftMs: number | null;
  /** The median left as a share of one session's time (0.1 = 10%; time carried over can make it more than 1). */
  readonly medianLeftShare: number | null;
}

/** Engine k's (0: ours, 1: the opponent) time use over `games`, `tc` being its time control. */
export function timeSummary(games: readonly MatchGame[], k: 0 | 1, tc: TimeControlSpec): TimeSummary {
  let moves = 0;
  let ms = 0;
  const left: number[] = [];
  for (const g of games) {
    const t = g.time[k];
    moves += t.moves;
    ms += t.ms;
    left.push(...t.sessionLeftMs);
  }
  left.sort((a, b) => a - b);
  const median = left.length === 0 ? null : left.length % 2 ? left[left.length >> 1]! : (left[left.length / 2 - 1]! + left[left.length / 2]!) / 2;
  return {
    moves,
    meanMs: moves === 0 ? 0 : Math.round(ms / moves),
    sessions: left.length,
    medianLeftMs: median,
    leastLeftMs: left.length ? left[0]! : null,
    medianLeftShare: median !== null && tc.kind === 'level' ? Math.round((median / tc.baseMs) * 1000) / 1000 : null,
  };
}

/** "Time: NAME 0.71 s a move (2345 moves); clock left as a 40-move session ended: median 3.20 s (11% of 30 s), least 0.40 s (31 sessions)". */
export function timeLine(name: string, t: TimeSummary, tc: TimeControlSpec): string {
  const sec = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  let line = `Time: ${name} ${sec(t.meanMs)} a move (${t.moves} moves)`;
  if (tc.kind === 'level' && tc.movesPerSession > 0 && t.medianLeftMs !== null)
    line += `; clock left as a ${tc.movesPerSession}-move session ended: median ${sec(t.medianLeftMs)} (${Math.round(t.medianLeftShare! * 100)}% of ${tc.baseMs / 1000} s), least ${sec(t.leastLeftMs!)} (${t.sessions} sessions)`;
  return line;
}

/** Our commit (`git rev-parse --short HEAD`, "+dirty" with uncommitted changes), or null outside a checkout. */
function gitCommit(dir: string): string | null {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return head + (dirty ? '+dirty' : '');
  } catch {
    return null;
  }
}

const machine = (): string => `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores, ${platform()} ${release()}, Node ${process.versions.node}`;

/** Ctrl-C: the first stops the match after the games under way, the second at once (main.ts). */
export interface MatchInterrupt {
  readonly finish: AbortSignal;
  readonly abort: AbortSignal;
}

export async function runOpponentMatch(argv: readonly string[], io: CliIo, interrupt?: MatchInterrupt): Promise<number> {
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
        'opponent-tc': { type: 'string' },
        engine: { type: 'string' },
        'engine-protocol': { type: 'string' },
        'opponent-protocol': { type: 'string' },
        level: { type: 'string' },
        pgn: { type: 'string' },
        'max-plies': { type: 'string' },
        margin: { type: 'string', default: '300' },
        log: { type: 'string' },
        'opponent-option': { type: 'string', multiple: true },
        openings: { type: 'string' },
        plies: { type: 'string' },
        'first-opening': { type: 'string' },
        concurrency: { type: 'string', default: '1' },
        sprt: { type: 'string' },
        json: { type: 'string' },
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
  const known = OPPONENTS.get(opts.opponent.toLowerCase());
  let game = known?.game ?? DEFAULT_GAME.xboard;
  if (opts.variant) {
    const named = gameFromName(opts.variant);
    if (named) game = named.xboard;
    else {
      io.err(`match: unknown variant "${opts.variant}" (${GAMES.map((g) => g.xboard.xboardName).join(' or ')})\n`);
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
  const opponentTc = opts['opponent-tc'] !== undefined ? parseTimeControl(opts['opponent-tc']) : tc;
  if (!opponentTc) {
    io.err(`match: --opponent-tc "${opts['opponent-tc']}" is not a time control (40/60, 60+1 or st=1)\n`);
    return 2;
  }
  const odds = formatTimeControl(opponentTc) !== formatTimeControl(tc);
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
  const concurrency = Number(opts.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    io.err(`match: --concurrency must be a whole number from 1 to 64, not "${opts.concurrency}"\n`);
    return 2;
  }
  let sprt: { elo0: number; elo1: number } | undefined;
  if (opts.sprt !== undefined) {
    const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(opts.sprt);
    if (!m || Number(m[1]) >= Number(m[2])) {
      io.err(`match: --sprt must be ELO0,ELO1 with ELO0 < ELO1 (e.g. 0,10), not "${opts.sprt}"\n`);
      return 2;
    }
    sprt = { elo0: Number(m[1]), elo1: Number(m[2]) };
  }
  let plies: number | undefined;
  if (opts.plies !== undefined) {
    plies = Number(opts.plies);
    if (!/^\d+$/.test(opts.plies) || plies < 1) {
      io.err(`match: --plies must be a positive whole number, not "${opts.plies}"\n`);
      return 2;
    }
    if (opts.openings === undefined) {
      io.err('match: --plies needs --openings builtin|FILE\n');
      return 2;
    }
  }
  let openings: Opening[] | undefined;
  if (opts.openings !== undefined) {
    let r: OpeningsResult;
    if (opts.openings === 'builtin') r = builtinOpenings(game, plies ?? 8);
    else {
      let bytes: Uint8Array;
      try {
        bytes = readFileSync(opts.openings);
      } catch {
        io.err(`match: cannot read the openings file "${opts.openings}"\n`);
        return 2;
      }
      r = openingsFile(bytes, game, plies);
    }
    if (!r.ok) {
      io.err(`match: --openings ${opts.openings}: ${r.message}\n`);
      return 2;
    }
    openings = r.openings;
    const first = opts['first-opening'];
    if (first !== undefined) {
      if (!/^\d{1,6}$/.test(first)) {
        io.err(`match: --first-opening must be a positive whole number, not "${first.slice(0, 20)}"\n`);
        return 2;
      }
      const turned = fromOpening(openings, Number(first));
      if (!turned.ok) {
        io.err(`match: --first-opening ${first}: ${turned.message}\n`);
        return 2;
      }
      openings = turned.openings;
    }
  } else if (opts['first-opening'] !== undefined) {
    io.err('match: --first-opening needs --openings builtin|FILE\n');
    return 2;
  }
  const speech: { protocol?: 'xboard' | 'uci' | 'ucci'; dialect?: UciDialect }[] = [];
  for (const key of ['engine-protocol', 'opponent-protocol'] as const) {
    const v = opts[key] ?? (key === 'opponent-protocol' ? known?.speaks : undefined);
    if (v === 'ucci' && !getGame(game.id).engineWire.ucci) {
      io.err(`match: --${key} ucci: ${game.xboardName} is not played in UCCI (only ${GAMES.filter((g) => g.engineWire.ucci).map((g) => g.xboard.xboardName).join(', ')})\n`);
      return 2;
    }
    if (v === undefined || v === 'xboard') speech.push({});
    else if (v === 'uci' || v === 'ucci') speech.push({ protocol: v });
    else if (v === 'pikafish' || v === 'fairy-stockfish') speech.push({ protocol: 'uci', dialect: v });
    else {
      io.err(`match: --${key} must be xboard, uci, ucci, pikafish or fairy-stockfish, not "${v}"\n`);
      return 2;
    }
  }
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const ours = opts.engine ?? `node ${resolve(root, 'bin/chuhan.js')} engine --protocol xboard`;
  const theirs = resolveCommand(known?.command ?? opts.opponent);
  const pgnPath = opts.pgn ?? `match-${game.xboardName}-${(opts.opponent.split(/[\s/]/).pop() ?? 'opponent').replace(/[^\w.-]/g, '')}.pgn`;
  writeFileSync(pgnPath, '');
  if (opts.log) writeFileSync(opts.log, '');
  const logFile = opts.log;
  const firstNote = opts['first-opening'] !== undefined ? `, from opening ${openings?.[0]?.number}` : '';
  const openingNote = openings ? `, ${openings.length} openings (${opts.openings}${plies ? `, ${plies} plies` : ''}${firstNote}) each with both colours` : '';
  const sprtNote = sprt ? `, SPRT ${sprt.elo0},${sprt.elo1} (at most ${games} games)` : '';
  io.out(
    `match: ${game.xboardName}, ${games} games at ${formatTimeControl(tc)}${odds ? ` (opponent ${formatTimeControl(opponentTc)})` : ''}${openingNote}${sprtNote}, ${concurrency} at once; chuhan: ${ours}; opponent: ${theirs}; PGN: ${pgnPath}\n`,
  );
  const started = new Date();
  let names: readonly [string, string] = ['chuhan', opts.opponent];
  let ids: readonly [string, string] = names;
  const paired = openings !== undefined;
  const done: MatchGame[] = [];
  let results: MatchGame[];
  try {
    results = await runMatch({
      game,
      engines: [
        { command: ours, label: opts.engine ? 'engine' : 'chuhan', ...(opts.level ? { level: Number(opts.level) } : {}), ...speech[0] },
        {
          ...speech[1],
          command: theirs,
          label: known ? opts.opponent : 'opponent',
          options: opts['opponent-option'] ?? known?.options ?? [],
          ...(odds ? { tc: opponentTc } : {}),
        },
      ],
      games,
      tc,
      maxPlies,
      timeMarginMs: margin,
      concurrency,
      distinctNames: true,
      ...(openings ? { openings } : {}),
      ...(sprt ? { stop: (gs: readonly MatchGame[]) => matchStats({ games: gs, paired, sprt }).sprt?.verdict != null } : {}),
      ...(logFile ? { log: (line: string) => appendFileSync(logFile, `${Date.now()} ${line}\n`) } : {}),
      ...(interrupt ? { finishSignal: interrupt.finish, abortSignal: interrupt.abort } : {}),
      onGame: (g) => {
        names = g.names;
        ids = g.ids;
        done.push(g);
        appendFileSync(pgnPath, g.pgn + '\n');
        const ourSide = getGame(game.id).sideNames[g.firstEngine === 0 ? 0 : 1];
        const op = g.opening ? `, opening ${g.opening.number}` : '';
        io.out(
          `game ${g.index + 1}${op}: ${g.names[0]} (${ourSide}) ${g.result} ${g.reason}, ${g.plies} plies, ${g.seconds.toFixed(0)} s; ${scoreLine(done, g.names[0], g.names[1])}\n`,
        );
      },
    });
  } catch (e) {
    if (!(e instanceof EngineRefused)) throw e;
    io.err(`match: ${e.message}\n`);
    return 2;
  }
  // (a Ctrl-C during the last game, which then ended as usual, interrupted nothing)
  const interrupted =
    (interrupt?.finish.aborted === true || interrupt?.abort.aborted === true) && (results.length < games || results.some((g) => g.reason === INTERRUPTED));
  if (interrupted) io.out(`match: interrupted after ${results.length} of ${games} games\n`);
  const st = matchStats({ games: results, paired, ...(sprt ? { sprt } : {}) });
  for (const line of statsLines(st, names[0], names[1])) io.out(line + '\n');
  const timeUse = [timeSummary(results, 0, tc), timeSummary(results, 1, opponentTc)] as const;
  io.out(timeLine(names[0], timeUse[0], tc) + '\n');
  io.out(timeLine(names[1], timeUse[1], opponentTc) + '\n');
  const commit = gitCommit(root);
  const date = started.toISOString().slice(0, 10);
  const tcText = formatTimeControl(tc) + (odds ? ` vs ${formatTimeControl(opponentTc)}` : '');
  const e = st.pentanomial?.estimate ?? st.trinomial;
  const options = opts['opponent-option'] ?? known?.options ?? [];
  const opponentText = `${ids[1]}${options.length ? ` (${options.join(', ')})` : ''}`;
  // one row for the results tables of docs/strength.md
  io.out(
    `| ${date} | ${commit ?? '?'} | ${game.xboardName} | ${tcText} | ${ids[0]}${opts.level ? ` level ${opts.level}` : ''} | ${opponentText} | ${results.length} | ${st.wins}-${st.losses}-${st.draws} | ${formatScore(st.trinomial)} | ${formatElo(e)} | ${machine()} |\n`,
  );
  if (opts.json) {
    const summary = {
      date: started.toISOString(),
      commit,
      variant: game.xboardName,
      timeControl: formatTimeControl(tc),
      opponentTimeControl: formatTimeControl(opponentTc),
      engine: { id: ids[0], command: ours, level: opts.level ? Number(opts.level) : null },
      opponent: { id: ids[1], command: theirs, options },
      openings: openings ? { source: opts.openings, plies: plies ?? null, count: openings.length, first: openings[0]!.number } : null,
      concurrency,
      machine: { cpu: cpus()[0]?.model.trim() ?? null, cores: cpus().length, os: `${platform()} ${release()}`, node: process.versions.node },
      games: results.length,
      interrupted,
      wins: st.wins,
      losses: st.losses,
      draws: st.draws,
      notCounted: st.notCounted,
      score: st.trinomial.score,
      scoreInterval95: [st.trinomial.scoreLow, st.trinomial.scoreHigh],
      elo: finiteOrNull(st.trinomial.elo),
      eloMargin95: finiteOrNull(st.trinomial.margin),
      pentanomial: st.pentanomial
        ? { pairs: st.pentanomial.pairs, elo: finiteOrNull(st.pentanomial.estimate.elo), eloMargin95: finiteOrNull(st.pentanomial.estimate.margin) }
        : null,
      sprt: st.sprt,
      timeUse: { engine: timeUse[0], opponent: timeUse[1] },
      pgn: pgnPath,
      results: results.map((g) => ({ game: g.index + 1, first: g.names[g.firstEngine], result: g.result, reason: g.reason, plies: g.plies, opening: g.opening?.number ?? null, thinkMs: [g.time[0].ms, g.time[1].ms] })),
    };
    writeFileSync(opts.json, JSON.stringify(summary, null, 2) + '\n');
  }
  return interrupted ? 130 : 0; // (as a shell reports a Ctrl-C: a script running matches one after another stops)
}
