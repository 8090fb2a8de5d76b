/**
 * A match between two xboard engines over pipes, refereed by our rules: every move an engine
 * sends is looked up among our legal moves (an illegal one loses), the game ends by our judge
 * (`Adjudicator`), claims and resignations are checked, clocks are kept by the runner (a side whose
 * clock runs out loses on time), colours alternate. Each finished game is handed to `onGame`
 * (the CLI appends it to the PGN file at once).
 */
import { hostname } from 'node:os';
import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';
import { getGame } from '../games/registry.js';
import { writePgn } from '../notation/pgn-write.js';
import type { ProtocolGame } from '../protocol/dialect.js';
import { setOptionLine } from '../protocol/options.js';
import { GameHistory, resultScore, type GameResult } from '../core/history.js';
import { Line } from '../play/line.js';
import type { Side } from '../core/piece.js';
import { matchReasonText, verdictScore, type Termination, type Verdict } from '../core/verdict.js';
import { endRulesFor } from '../notation/status.js';
import { XboardEngine } from './external.js';
import { UciMatchEngine } from './uci-engine.js';
import type { UciDialect } from '../games/game.js';

/** An engine the runner plays: CECP, or UCI/UCCI behind the same surface (uci-engine.ts). */
type MatchEngine = XboardEngine | UciMatchEngine;
import { formatProblem } from '../core/problem.js';
import { openingOf, type Opening } from './openings.js';

/**
 * What the runner needs from the judge of a game: moves in, the ending out. `GameHistory` (with
 * the game's end rules) is the judge; tests may plug in a scripted one.
 */
export interface Adjudicator {
  play(m: Move): unknown;
  /** The ending the rules reached, else null. */
  result(): GameResult | null;
}

/** The judge of a match game: the game's history with its end rules (the same judge as validate). */
export const historyAdjudicator = (pg: ProtocolGame, start: Position): Adjudicator => new GameHistory(endRulesFor(pg.id), start);

export type TimeControlSpec =
  | { kind: 'level'; movesPerSession: number; baseMs: number; incMs: number }
  | { kind: 'st'; seconds: number };

export interface EngineSpec {
  readonly command: string;
  readonly label: string;
  /** CECP `option NAME=VALUE` settings sent after the features (e.g. HaChu's `Allow repeats=1`). */
  readonly options?: readonly string[];
  /** chuhan's playing level 1-8, sent as `option Level=N`: an engine that declares no `Level` option is refused. */
  readonly level?: number;
  /** This engine's own time control (default: the match's `tc`), sent as its `level`/`st` and clocked for it: time odds. */
  readonly tc?: TimeControlSpec;
  /** How it is spoken to (default CECP); UCI in the dialect given, else the one its `uci` answer shows; UCCI (ElephantEye). */
  readonly protocol?: 'xboard' | 'uci' | 'ucci';
  readonly dialect?: UciDialect;
}

export interface MatchConfig {
  readonly game: ProtocolGame;
  readonly engines: readonly [EngineSpec, EngineSpec];
  readonly games: number;
  readonly tc: TimeControlSpec;
  readonly maxPlies: number;
  /** Extra ms a side may exceed its clock (pipes, process scheduling) before it loses on time. */
  readonly timeMarginMs: number;
  /** The judge of each game (default: `historyAdjudicator`). */
  readonly adjudicator?: (start: Position) => Adjudicator;
  readonly event?: string;
  readonly cwd?: string;
  readonly log?: (line: string) => void;
  readonly onGame?: (g: MatchGame) => void;
  /** Once aborted, no new game starts; the games under way are played to their end (a first Ctrl-C). */
  readonly finishSignal?: AbortSignal;
  /**
   * Once aborted, the games under way end at once, unfinished ('*', not counted), and the engines
   * are killed (a second Ctrl-C). The engines then run in their own process groups, so that a
   * Ctrl-C in the terminal reaches only the harness.
   */
  readonly abortSignal?: AbortSignal;
  readonly onMove?: (gameIndex: number, ply: number, text: string) => void;
  /** Fixed openings: games 2k and 2k+1 start with opening k (colours swapped), see openings.ts. */
  readonly openings?: readonly Opening[];
  /** Games played at once (default 1), each by its own pair of engine processes. */
  readonly concurrency?: number;
  /** Asked after each game (in game order) with the games so far: true stops the match early. */
  readonly stop?: (games: readonly MatchGame[]) => boolean;
  /** When both engines give the same name (two chuhan builds), tell them apart by their labels: "chuhan 0.1.0 (opponent)". */
  readonly distinctNames?: boolean;
}

export interface MatchGame {
  readonly index: number;
  /** Engine index (0 or 1) that had the first move. */
  readonly firstEngine: 0 | 1;
  readonly names: readonly [string, string];
  /** Name and version of each engine (`XboardEngine.id`), for the results table. */
  readonly ids: readonly [string, string];
  readonly result: '1-0' | '0-1' | '1/2-1/2' | '*';
  /** Why the game ended, in words: the verdict's rendering (`matchReasonText`), or why it stopped without one. */
  readonly reason: string;
  /** How the game ended (null when it stopped without a result: interrupted, a rules dispute). */
  readonly verdict: Verdict | null;
  /** Points of engine 0: 1, 0.5, 0, or null when the game does not count. */
  readonly scoreEngine0: number | null;
  readonly plies: number;
  readonly moves: readonly string[];
  readonly pgn: string;
  readonly seconds: number;
  /** The opening's number in the list (1-based) and its number of plies, when openings are used. */
  readonly opening?: { number: number; plies: number };
  /** Each engine's thinking in this game (by engine index, as `names`). */
  readonly time: readonly [TimeUse, TimeUse];
}

/** An engine's thinking in one game, as the runner clocked it. */
export interface TimeUse {
  /** Moves it chose (the opening's moves are not its own). */
  readonly moves: number;
  /** The time those moves took in all (ms, from the request to the move's arrival). */
  readonly ms: number;
  /**
   * With moves per session (40/30): the clock it had left as each of its sessions ended, before
   * the next session's time (and that move's increment) was added (ms).
   */
  readonly sessionLeftMs: readonly number[];
}

export function formatTimeControl(tc: TimeControlSpec): string {
  if (tc.kind === 'st') return `${tc.seconds}s/move`;
  const base = tc.baseMs / 1000;
  const session = tc.movesPerSession > 0 ? `${tc.movesPerSession}/${base}` : `${base}`;
  return tc.incMs > 0 ? `${session}+${tc.incMs / 1000}` : session;
}

/** CECP's `level` arguments for a time control. */
function levelArgs(tc: Extract<TimeControlSpec, { kind: 'level' }>): string {
  const s = Math.round(tc.baseMs / 1000);
  const base = s % 60 === 0 ? String(s / 60) : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  return `${tc.movesPerSession} ${base} ${tc.incMs / 1000}`;
}

/**
 * The PGN's time control tag(s), in seconds: TimeControl when both sides have the same, else
 * WhiteTimeControl and BlackTimeControl (as cutechess-cli writes them). A fixed time a move is
 * PGN's one move a period, `1/N` (a bare `N` would be N seconds for the whole game).
 */
export function timeControlTags(first: TimeControlSpec, second: TimeControlSpec): [string, string][] {
  const tag = (tc: TimeControlSpec) => (tc.kind === 'st' ? `1/${tc.seconds}` : formatTimeControl(tc));
  return tag(first) === tag(second) ? [['TimeControl', tag(first)]] : [['WhiteTimeControl', tag(first)], ['BlackTimeControl', tag(second)]];
}

/** The reason of a game ended by the abort signal (unfinished, not counted). */
export const INTERRUPTED = 'interrupted';

/** An engine that cannot play as the match asks (a bad setting, not a crash). */
export class EngineRefused extends Error {}

/** A pair of engines that plays one game after another (one per concurrent game). */
class Slot {
  engines: [MatchEngine | null, MatchEngine | null] = [null, null];
  constructor(
    private readonly config: MatchConfig,
    private readonly slot: number,
  ) {}

  /** The engines, (re)started where needed: at the first game, after an exit, after a loss on time. */
  async ready(): Promise<[MatchEngine, MatchEngine]> {
    const c = this.config;
    for (let k = 0; k < 2; k++) {
      const e = this.engines[k];
      if (e?.alive) continue;
      const label = (k === 0 ? 'first' : 'second') + (this.slot > 0 ? `#${this.slot + 1}` : '');
      const o = {
        command: c.engines[k]!.command,
        label,
        log: c.log ?? (() => {}),
        ...(c.cwd ? { cwd: c.cwd } : {}),
        ...(c.abortSignal ? { ownProcessGroup: true } : {}),
      };
      const d = c.engines[k]!.dialect;
      const p = c.engines[k]!.protocol;
      const fresh: MatchEngine = p === 'uci' || p === 'ucci' ? new UciMatchEngine({ ...o, game: c.game, protocol: p, ...(d ? { dialect: d } : {}) }) : new XboardEngine(o);
      this.engines[k] = fresh;
      await fresh.start();
      const spec = c.engines[k]!;
      if (spec.level !== undefined && !fresh.optionNames.has('level')) {
        await fresh.quit(200);
        throw new EngineRefused(`the engine "${spec.command}" declares no Level option, so it cannot play at level ${spec.level}`);
      }
      for (const o of spec.options ?? []) fresh.send(`option ${o}`);
      if (spec.level !== undefined) fresh.send(setOptionLine('xboard', 'Level', spec.level));
    }
    return this.engines as [MatchEngine, MatchEngine];
  }

  /** Stops an engine that may still be thinking (or hanging): the next game starts a new one. */
  async discard(k: number): Promise<void> {
    const e = this.engines[k];
    this.engines[k] = null;
    await e?.quit(200);
  }

  async close(): Promise<void> {
    await Promise.all(this.engines.map((e) => e?.quit()));
  }

  kill(): void {
    for (const e of this.engines) e?.kill();
  }
}

/**
 * Plays the match: `concurrency` games at once (each with its own two engine processes), handed
 * to `onGame` and returned in game order. `stop` (e.g. an SPRT) is asked after every game in
 * order; once it says stop, no new game starts (games under way are finished and counted).
 */
export async function runMatch(config: MatchConfig): Promise<MatchGame[]> {
  const concurrency = Math.max(1, Math.min(config.concurrency ?? 1, config.games));
  const slots = Array.from({ length: concurrency }, (_, i) => new Slot(config, i));
  const finished = new Map<number, MatchGame>();
  const results: MatchGame[] = [];
  let next = 0;
  let stopped = false;
  const flush = () => {
    while (finished.has(results.length)) {
      const g = finished.get(results.length)!;
      finished.delete(g.index);
      results.push(g);
      config.onGame?.(g);
      if (!stopped && config.stop?.(results)) stopped = true;
    }
  };
  const halted = () => stopped || config.finishSignal?.aborted === true || config.abortSignal?.aborted === true;
  const killAll = () => {
    for (const s of slots) s.kill();
  };
  config.abortSignal?.addEventListener('abort', killAll);
  const worker = async (slot: Slot) => {
    try {
      while (!halted() && next < config.games) {
        const i = next++;
        const engines = await slot.ready();
        if (halted()) break; // (a Ctrl-C while the engines started: the game is not played)
        const { game, restart } = await playGame(config, engines, i, (i % 2) as 0 | 1);
        for (const k of restart) await slot.discard(k);
        finished.set(i, game);
        flush();
      }
    } catch (e) {
      if (config.abortSignal?.aborted === true) return; // (killed while starting or setting up: no failure)
      // the match fails: the other slots' games are ended at once (their engines killed), not waited for
      stopped = true;
      killAll();
      throw e;
    }
  };
  // every slot ends before the engines are closed (Promise.all would close them under a slot still playing)
  const ended = await Promise.allSettled(slots.map(worker));
  config.abortSignal?.removeEventListener('abort', killAll);
  await Promise.all(slots.map((s) => s.close()));
  const failure = ended.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
  // a slot stopped while it started the engines for its game leaves a gap in the order: the games
  // after it go to onGame (the PGN) but not into the results, whose pairs of openings they would shift
  for (const i of [...finished.keys()].sort((a, b) => a - b)) config.onGame?.(finished.get(i)!);
  return results;
}

async function playGame(
  config: MatchConfig,
  engines: readonly [MatchEngine, MatchEngine],
  index: number,
  first: 0 | 1,
): Promise<{ game: MatchGame; restart: number[] }> {
  const t0 = Date.now();
  const pg = config.game;
  const tcOfEngine = (k: number): TimeControlSpec => config.engines[k]!.tc ?? config.tc;
  await Promise.all(
    engines.map((e, k) => {
      const tc = tcOfEngine(k);
      return e.newGame(pg.xboardName, tc.kind === 'st' ? { st: tc.seconds } : { level: levelArgs(tc) });
    }),
  );
  const start = pg.start();
  // the game, owned once: moves, position and (unless a test plugs in its own judge) the judge
  const line = new Line(endRulesFor(pg.id), start);
  const judge: Adjudicator = config.adjudicator ? config.adjudicator(start) : { play: () => {}, result: () => line.rulesResult() };
  const play = (m: Move): void => {
    line.play(m);
    judge.play(m);
  };
  const bySide = [engines[first]!, engines[first ^ 1]!] as const; // engine per side
  const tcBySide = [tcOfEngine(first), tcOfEngine(first ^ 1)] as const; // each side's own time control
  const clocks = tcBySide.map((tc) => (tc.kind === 'level' ? tc.baseMs : 0));
  const movesMade = [0, 0];
  // each side's thinking (a side is one engine for the whole game)
  const thinking = [0, 1].map(() => ({ moves: 0, ms: 0, sessionLeftMs: [] as number[] }));
  const record: string[] = [];
  let lastText = '';
  const notation = getGame(pg.id).coordinate;
  let result = '*' as MatchGame['result'];
  let reason = '' as string;
  let counts = true;
  let verdict: Verdict | null = null;
  /** The game ends with a verdict; its `reason` is the verdict's rendering (matchReasonText). */
  const finish = (v: Verdict) => {
    verdict = v;
    result = verdictScore(v) as MatchGame['result'];
    reason = matchReasonText(v);
  };
  /** The game stops without a verdict (interrupted, a rules dispute): `*`, not counted. */
  const unfinished = (why: string) => {
    result = '*';
    reason = why;
    counts = false;
  };
  /** The side `side` loses by a ruling of the referee, worded `red (engine) …`. */
  const loses = (side: number, termination: Termination, words: string) =>
    finish({ winner: (side ^ 1) as Side, reason: termination, detail: `${sideName(side)} (${bySide[side]!.name}) ${words}`.trim(), ply: record.length });
  const sideName = (side: number) => endRulesFor(pg.id).sideNames[side as 0 | 1];

  /** Engines (0/1) to replace after this game: they lost on time (may still be thinking or hang) or exited. */
  const restart = new Set<number>();
  const engineOf = (side: number) => (side === 0 ? first : first ^ 1);
  // the opening: played as moves from the start (every engine takes moves in force mode, and
  // the repetition history stays whole); the engines' move counts include it, as in XBoard
  const opening = config.openings?.length ? openingOf(config.openings, index) : null;
  for (const text of opening?.moves ?? []) {
    const parsed = pg.parseMove(line.position, text);
    if (!parsed.ok) throw new Error(`opening ${opening!.number}: ${text} is illegal (${formatProblem(parsed.error, pg.problemContext)})`);
    const m = parsed.value;
    record.push(notation.format(line.position, m));
    movesMade[line.position.turn]!++;
    const sent = pg.formatMove(m, line.position);
    play(m);
    for (const e of engines) e.opponentMove(sent);
    lastText = sent;
  }
  const startEnd = judge.result();
  if (startEnd) finish(startEnd);
  while (result === '*' && reason === '') {
    const side = line.position.turn;
    const tc = tcBySide[side]!;
    const mover = bySide[side]!;
    const other = bySide[side ^ 1]!;
    const cs = (ms: number) => ms / 10;
    mover.requestMove({ mineCs: cs(clocks[side]!), theirsCs: cs(clocks[side ^ 1]!) });
    const started = Date.now();
    const limit = tc.kind === 'st' ? tc.seconds * 1000 : clocks[side]!;
    const deadline = started + limit + config.timeMarginMs + 50;
    let moved = false;
    while (!moved) {
      const msg = await mover.nextMessage(deadline);
      const elapsed = Date.now() - started;
      if (config.abortSignal?.aborted) {
        unfinished(INTERRUPTED);
        break;
      }
      if (msg === null) {
        // the hard limit: the clock (or the time per move) and the margin have run out
        loses(side, 'loss on time', 'lost on time');
        restart.add(engineOf(side));
        break;
      }
      if (msg.kind === 'draw' || msg.kind === 'error') continue;
      if (msg.kind === 'exit') {
        loses(side, 'engine exit', 'exited');
        restart.add(engineOf(side));
        break;
      }
      if (msg.kind === 'resign') {
        loses(side, 'resignation', 'resigned');
        break;
      }
      if (msg.kind === 'illegal') {
        // the mover refused the opponent's last move, which our rules allow: a rules dispute
        unfinished(`${mover.name} refused ${lastText}, legal by our rules ("${msg.text}")`);
        break;
      }
      if (msg.kind === 'result') {
        const ours = judge.result();
        const claimedWinner = msg.text === '1-0' ? 0 : msg.text === '0-1' ? 1 : null;
        if (ours && resultScore(ours) === msg.text) finish(ours);
        else if (claimedWinner === (side ^ 1)) loses(side, 'resignation', `conceded: ${msg.comment ?? ''}`);
        else loses(side, 'false claim', `made a false claim ${msg.text} {${msg.comment ?? ''}}`);
        break;
      }
      // a move
      const parsed = pg.parseMove(line.position, msg.text);
      if (!parsed.ok) {
        loses(side, 'illegal move', `played the illegal move ${msg.text}: ${formatProblem(parsed.error, pg.problemContext)}`);
        break;
      }
      if (tc.kind === 'level') {
        clocks[side]! -= elapsed;
        if (clocks[side]! < -config.timeMarginMs) {
          loses(side, 'loss on time', 'lost on time');
          restart.add(engineOf(side));
          break;
        }
        movesMade[side]!++;
        const sessionEnd = tc.movesPerSession > 0 && movesMade[side]! % tc.movesPerSession === 0;
        if (sessionEnd) thinking[side]!.sessionLeftMs.push(clocks[side]!);
        clocks[side]! += tc.incMs;
        if (sessionEnd) clocks[side]! += tc.baseMs;
      } else if (elapsed > limit + config.timeMarginMs) {
        loses(side, 'loss on time', `exceeded ${tc.seconds}s per move (${elapsed} ms)`);
        break;
      }
      thinking[side]!.moves++;
      thinking[side]!.ms += elapsed;
      const m: Move = parsed.value;
      record.push(notation.format(line.position, m));
      config.onMove?.(index, record.length, record[record.length - 1]!);
      lastText = pg.formatMove(m, line.position);
      play(m);
      moved = true;
      const end = judge.result();
      if (end) {
        finish(end);
        break;
      }
      if (record.length >= config.maxPlies) {
        finish({ winner: null, reason: 'adjudication', detail: `move limit (${config.maxPlies} plies)`, ply: record.length });
        break;
      }
      other.opponentMove(lastText, { mineCs: cs(clocks[side ^ 1]!), theirsCs: cs(clocks[side]!) });
    }
  }
  for (const e of engines) e.endGame(result, reason);
  const same = config.distinctNames === true && engines[0]!.name === engines[1]!.name;
  const names = [0, 1].map((k) => (same ? `${engines[k]!.name} (${config.engines[k]!.label})` : engines[k]!.name)) as unknown as readonly [string, string];
  // the PGN's player tags: the engine and its version, and the level it was asked to play at (as `play` saves the built-in one)
  const tagName = (k: number): string => (config.engines[k]!.level !== undefined ? `${names[k]!} level ${config.engines[k]!.level}` : names[k]!);
  const firstName = tagName(first);
  const secondName = tagName(first ^ 1);
  const scoreFirst = result === '1-0' ? 1 : result === '0-1' ? 0 : 0.5;
  const scoreEngine0 = !counts || result === '*' ? null : first === 0 ? scoreFirst : 1 - scoreFirst;
  const d = new Date();
  const date = `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;
  const tagsOf = getGame(pg.id).pgnTags;
  const tags: [string, string][] = [
    ['Event', config.event ?? `chuhan match ${[...new Set(tcBySide.map(formatTimeControl))].join(' vs ')}`],
    ['Site', hostname()],
    ['Date', date],
    ['Round', String(index + 1)],
    [tagsOf.firstPlayer, firstName],
    ['Black', secondName],
    ['Result', result],
    ['Variant', tagsOf.variant],
    ['Format', tagsOf.format],
    ...timeControlTags(tcBySide[0], tcBySide[1]),
    ['PlyCount', String(record.length)],
    ['Termination', reason],
  ];
  if (opening) tags.push(['Opening', `${opening.number}: ${record.slice(0, opening.moves.length).join(' ')}`]);
  if (tagsOf.sidePlayers) tags.splice(5, 0, [tagsOf.sidePlayers[0], firstName], [tagsOf.sidePlayers[1], secondName]);
  const pgn = writePgn({ tags, moves: record, result });
  const game: MatchGame = {
    index,
    firstEngine: first,
    names,
    ids: [engines[0]!.id, engines[1]!.id],
    result,
    reason,
    verdict,
    scoreEngine0,
    plies: record.length,
    moves: record,
    pgn,
    seconds: (Date.now() - t0) / 1000,
    ...(opening ? { opening: { number: opening.number, plies: opening.moves.length } } : {}),
    // side `first` is engine 0
    time: [thinking[first]!, thinking[first ^ 1]!],
  };
  return { game, restart: [...restart] };
}
