/**
 * Other engines as the UI's computer players (`play --engine E`, `--red E --black F`, `repl
 * --engine E`): an `EngineClient` on its own process, started at the first move, stopped by the
 * signal the host aborts with (undo, new, quit), closed when the host ends. Each search's last
 * progress line is kept for the evaluation line. A failure (missing program, no answer, a move our
 * rules refuse) rejects `choose` with one sentence; the game is untouched and the host can go on
 * with another player.
 */
import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';
import { EngineClient, engineText, type EngineInfo } from '../engine-client/client.js';
import type { EngineEntry } from '../engine-client/config.js';
import { chooseMoveAsync, engineWorker, searchAsync } from '../engine/index.js';
import { levelSettings } from '../engine/levels.js';
import type { SearchInfo } from '../engine/search.js';
import { builtinRecordName, type ComputerPlayer, type ThinkRequest } from './computer.js';

export interface Evaluation {
  /** Who searched. */
  readonly engine: string;
  /** The position searched (the PV starts there). */
  readonly pos: Position;
  readonly info: EngineInfo;
}

/** A computer player that can also report its evaluation and give a hint (the best move, played by nobody). */
export interface AnalysingComputer extends ComputerPlayer {
  /** The last search's final progress report (null before the first). */
  readonly lastEvaluation: Evaluation | null;
  /** Searches without playing: the best move and its evaluation. */
  hint(req: ThinkRequest): Promise<{ move: Move | null; evaluation: Evaluation | null }>;
  close(): Promise<void>;
}

/** Default time per move for other engines (`go <time>` overrides it for one move). */
export const ENGINE_MOVE_MS = 1000;

export function externalComputer(entry: EngineEntry, moveMs = ENGINE_MOVE_MS): AnalysingComputer {
  let client: Promise<EngineClient> | null = null;
  let last: Evaluation | null = null;
  // the engine's own name (`id name`, `myname`: with its version as engines write it), once it answered
  let ownName: string | null = null;
  const open = (): Promise<EngineClient> => {
    client ??= EngineClient.open(entry).then((r) => {
      if (!r.ok) {
        client = null; // the next move tries again (after the user fixed it, or never)
        throw new Error(r.error.message);
      }
      ownName = r.value.name;
      return r.value;
    });
    return client;
  };
  const search = async (req: ThinkRequest): Promise<{ move: Move | null; evaluation: Evaluation | null }> => {
    const c = await open();
    if (req.signal?.aborted) return { move: null, evaluation: null };
    const start = req.start ?? req.pos;
    const moves = req.start ? (req.moves ?? []) : [];
    let evaluation: Evaluation | null = null;
    const s = c.search({
      game: req.game.id,
      start,
      moves,
      // with clocks the engine keeps its own time from both clocks (xboard time/otim, UCI
      // wtime/btime, USI btime/wtime/byoyomi); else a time per move
      limits: req.clock ? { clock: req.clock } : { timeMs: req.timeMs ?? moveMs },
      onInfo: (info) => {
        if (info.multipv === 1) evaluation = { engine: c.name, pos: req.pos.clone(), info };
      },
    });
    const onAbort = (): void => s.stop();
    req.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const r = await s.promise;
      if (!r.ok) {
        // an engine that died is started again at the next move
        if (r.error.kind === 'died' || r.error.kind === 'no-answer') {
          c.kill();
          client = null;
        }
        throw new Error(r.error.message);
      }
      if (evaluation) last = evaluation;
      return { move: r.value.move === 0 ? null : r.value.move, evaluation };
    } finally {
      req.signal?.removeEventListener('abort', onAbort);
    }
  };
  return {
    name: entry.name,
    placeholder: false,
    // before the engine's first answer (a game saved at once), our name for it
    recordName: () => ownName ?? entry.name,
    // shown on the board: our name for it quoted and cut as every engine string is (client.ts)
    engineName: () => ownName ?? engineText(entry.name),
    get lastEvaluation() {
      return last;
    },
    choose: async (req) => (await search(req)).move,
    // a hint is a short look at a fixed time, whatever the clocks
    hint: ({ clock: _clock, ...req }) => search(req),
    close: async () => {
      const c = client;
      client = null;
      if (c) await c.then((x) => x.close(), () => {});
    },
  };
}

/**
 * One computer player per side (null: the default one): the host asks for the side to move, so
 * engine against engine, or chuhan against an engine, need no change in the session.
 */
export function sideComputers(sides: readonly [ComputerPlayer | null, ComputerPlayer | null], fallback: ComputerPlayer): ComputerPlayer & {
  forSide(side: 0 | 1): ComputerPlayer;
  close(): Promise<void>;
} {
  const forSide = (side: 0 | 1): ComputerPlayer => sides[side] ?? fallback;
  const names = [forSide(0).name, forSide(1).name];
  return {
    name: names[0] === names[1] ? names[0]! : `${names[0]} / ${names[1]}`,
    placeholder: forSide(0).placeholder && forSide(1).placeholder,
    recordName: (side, level) => forSide(side).recordName?.(side, level) ?? 'computer',
    engineName: (side) => forSide(side).engineName?.(side) ?? null,
    choose: (req) => forSide(req.pos.turn as 0 | 1).choose(req),
    forSide,
    close: async () => {
      for (const c of sides) if (c && 'close' in c) await (c as AnalysingComputer).close();
    },
  };
}

/**
 * `eval: +0.35 (red) depth 12 · Fairy-Stockfish · H2+3 C8+2 …`: the score from the viewer's side
 * (the human's, or the first player's), pawns with two decimals or `#N` mates.
 */
export function evaluationLine(e: Evaluation, viewer: 0 | 1, sideName: (s: 0 | 1) => string, format: (pos: Position, m: Move) => string): string {
  const sign = e.pos.turn === viewer ? 1 : -1;
  const i = e.info;
  const score =
    i.mate !== null
      ? `#${sign * i.mate}`
      : i.score !== null
        ? `${sign * i.score >= 0 ? '+' : '-'}${(Math.abs(i.score) / 100).toFixed(2)}`
        : '?';
  const p = e.pos.clone();
  const pv: string[] = [];
  for (const m of i.pv.slice(0, 8)) {
    pv.push(format(p, m));
    p.play(m);
  }
  return `eval ${score} (${sideName(viewer)}) depth ${i.depth} · ${e.engine}${pv.length ? ' · ' + pv.join(' ') : ''}`;
}

const fromSearchInfo = (i: SearchInfo): EngineInfo => ({
  depth: i.depth,
  seldepth: i.seldepth,
  multipv: 1,
  score: i.mate !== null ? null : i.score,
  mate: i.mate,
  nodes: i.nodes,
  nps: i.nps,
  timeMs: i.timeMs,
  pv: i.pv,
});

/** The built-in engine (worker thread) with its evaluation kept and a hint search. */
export function builtinComputer(book = true, program = 'chuhan'): AnalysingComputer {
  let last: Evaluation | null = null;
  const run = async (req: ThinkRequest, hint: boolean): Promise<{ move: Move | null; evaluation: Evaluation | null }> => {
    let evaluation: Evaluation | null = null;
    // a new game forgets the last one's table, so a seed repeats the same choices
    if (!hint && req.moves && req.moves.length === 0) engineWorker().newGame();
    const options = {
      ...(req.start && req.moves ? { line: { start: req.start, moves: req.moves }, ...(req.history ? { history: req.history } : {}) } : {}),
      onInfo: (info: SearchInfo) => {
        evaluation = { engine: 'chuhan', pos: req.pos.clone(), info: fromSearchInfo(info) };
      },
    };
    const s =
      hint || req.timeMs !== undefined
        ? searchAsync(req.pos, { timeMs: req.timeMs ?? Math.max(500, levelSettings(req.level).timeMs) }, options)
        : // levels 1–4 are bounded by nodes (fast anyway): deterministic, so a seed repeats the game
          chooseMoveAsync(req.pos, req.level, { ...options, deterministic: req.level <= 4, book, ...(req.seed !== undefined ? { seed: req.seed } : {}) });
    const onAbort = (): void => s.abort();
    req.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const r = await s.promise;
      if (evaluation) last = evaluation;
      return { move: r.move === 0 ? null : r.move, evaluation };
    } finally {
      req.signal?.removeEventListener('abort', onAbort);
    }
  };
  return {
    name: 'chuhan engine',
    placeholder: false,
    recordName: (_side, level) => builtinRecordName(level, program),
    get lastEvaluation() {
      return last;
    },
    choose: async (req) => (await run(req, false)).move,
    hint: (req) => run(req, true),
    close: async () => {},
  };
}

/** The analysing player behind the side (a `sideComputers` player), or null for a plain one. */
export function analyserFor(c: ComputerPlayer, side: 0 | 1): AnalysingComputer | null {
  const p = 'forSide' in c ? (c as ReturnType<typeof sideComputers>).forSide(side) : c;
  return 'hint' in p ? (p as AnalysingComputer) : null;
}

/** Closes every engine process behind a player (a no-op for the built-in one). */
export async function closeComputer(c: ComputerPlayer): Promise<void> {
  if ('close' in c) await (c as { close(): Promise<void> }).close();
}

/**
 * The score of an evaluation from the side that searched (the side to move in its position), when
 * it is of the position the session is at (a search of another one, an earlier move's or a hint's,
 * is no score of this one); else null. What the computer answers a draw offer with.
 */
export function scoreOf(
  s: { game: { formatFen(pos: Position): string }; pos: Position },
  e: Evaluation | null | undefined,
): { cp: number | null; mate: number | null } | null {
  if (!e || e.pos.turn !== s.pos.turn || s.game.formatFen(e.pos) !== s.game.formatFen(s.pos)) return null;
  return { cp: e.info.score, mate: e.info.mate };
}
