/**
 * Game-agnostic alpha-beta search: iterative deepening principal-variation search with a
 * transposition table, quiescence on captures (and check evasions where the profile asks),
 * move ordering (hash move, MVV-LVA, killers, history), check extension, null move, late move
 * reductions, futility and (per the profile's tuning) late-move pruning, repetition and draw rules
 * on the searched line, and limits by depth, nodes, time or an external stop flag. Works on any
 * `Position` through `variant.generateLegal` and a per-game `EngineProfile`; no allocation in the
 * search loop.
 */
import { isPlainMove, isPromotion, moveFrom, moveMid, moveTo, type Move } from '../core/move.js';
import { generatePseudo, generatePseudoCaptures, generatePseudoFrom, generatePseudoQuiets } from '../core/movegen.js';
import { pieceCode, pieceSide } from '../core/piece.js';
import type { Position } from '../core/position.js';
import type { EngineProfile, IncrementalEval, RepetitionInfo } from '../core/profile.js';
import { profileFor } from './profiles.js';
import { HelperPool, skipDepth } from './smp.js';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, TranspositionTable } from './tt.js';

export const MATE = 30000;
export const MAX_PLY = 96;
const INF = 32000;
const MATE_BOUND = MATE - 2 * MAX_PLY;
/**
 * A mate found by an iteration this many plies deeper than the mate is long ends the search. The
 * pruning can hide a shorter mate: in 1,200 generated mates in 1-3 (scripts/mates-time.mjs), a
 * longer mate was reported at most 1 ply past its length at bf61eb5, but with an evaluation tried
 * on 2026-12-04 one mate in 3 was a mate in 4 at depths 10 and 11 (its plies + 3 and + 4) and the
 * mate in 3 from depth 12. 2 plies, as before, stopped on the mate in 4.
 */
const MATE_STOP_PLIES = 5;

/** One position before the root (oldest first), for repetition detection. */
export interface HistoryEntry {
  readonly hashLo: number;
  readonly hashHi: number;
  /** Was the side to move in that position in check? (for perpetual-check rulings) */
  readonly inCheck: boolean;
}

export interface SearchInfo {
  readonly depth: number;
  readonly seldepth: number;
  /** Centipawns from the side to move's point of view (mate scores near ±30000). */
  readonly score: number;
  /** Moves to mate (positive: the side to move mates), or null. */
  readonly mate: number | null;
  readonly nodes: number;
  readonly timeMs: number;
  readonly nps: number;
  readonly pv: readonly Move[];
}

export interface SearchResult extends SearchInfo {
  /** The move to play, 0 when the side to move has no legal move. */
  readonly move: Move;
  /** Why the search ended. */
  readonly stoppedBy: 'depth' | 'nodes' | 'time' | 'stop' | 'mate' | 'no-moves' | 'single' | 'book';
  /** With `exactRoot`: every root move with its exact score at the last completed depth. */
  readonly rootScores?: readonly { move: Move; score: number }[];
}

export interface SearchLimits {
  /** Maximum iterative-deepening depth (default 64). */
  depth?: number;
  /** Node budget (deterministic; with helper threads it counts the main thread's nodes). */
  nodes?: number;
  /** Hard time limit in ms: the search stops within about a millisecond after it. */
  timeMs?: number;
  /** Soft limit: no new iteration starts after this many ms (default: half of timeMs). */
  softTimeMs?: number;
  /** Stops the search when stop[0] becomes non-zero (Atomics; usable across threads). */
  stop?: Int32Array;
  /** Earlier positions of the game, oldest first (the root excluded). */
  history?: readonly HistoryEntry[];
  /** Called after every completed iteration. */
  onInfo?: (info: SearchInfo) => void;
  /** Search every root move with a full window so each gets an exact score (for weak levels). */
  exactRoot?: boolean;
  /**
   * A forced (single legal) move is played after a short search (SINGLE_NODES nodes at most), which
   * only gives it a score and a line (a mate that follows, for one); default true.
   */
  instantSingle?: boolean;
}

const NO_LIMIT = Number.MAX_SAFE_INTEGER;
/** Move-ordering band of the killer moves: above every history score (capped at 2^22), below promotions. */
const KILLER_SCORE = 2 ** 24;
/** No static score at this ply (in check, or a PV node). */
const NO_EVAL = -0x7fffffff;
/** `ruleEnd`: the rules did not end the game here. */
const NOT_OVER = -0x7ffffffe;
/** Ordering score of the hash move, above every other (2^30 - 1: still a small integer for V8). */
const HASH_SCORE = 2 ** 30 - 1;
/** No ordering score is above it (captures stay below 2^27): no bound yet on the scores left to pick. */
const NO_BOUND = HASH_SCORE;
const REP_CACHE = 4096;
/** Futility margins by remaining depth (quiet moves are skipped when the static score + margin <= alpha). */
const FUTILITY = new Int32Array([0, 150, 300]);
/** Quiet moves picked by score at a node; later ones are tried in generation order. */
const SORTED_QUIETS = 12;
/** Nodes between clock and stop-flag polls (a chu node can take 10 µs; a loaded machine more). */
const POLL_NODES = 256;
/** The search of a forced move (`instantSingle`): a few milliseconds, for its score and line. */
const SINGLE_NODES = 20_000;
/** Quiet moves with a history score above this are reduced one ply less. */
const HISTORY_GOOD = 2000;
const REP_EMPTY = -0x7fffffff;

function lmrTable(divisor: number): Uint8Array {
  const t = new Uint8Array(64 * 64);
  for (let d = 1; d < 64; d++)
    for (let m = 1; m < 64; m++) t[d * 64 + m] = Math.floor(0.5 + (Math.log(d) * Math.log(m)) / divisor);
  return t;
}
const LMR = lmrTable(2.5);
/** Reduction tables of the profiles' `lmrDivisor`s. */
const LMR_BY_DIVISOR = new Map<number, Uint8Array>([[2.5, LMR]]);
/** Quiet moves remembered per ply for the history malus (later ones get none). */
const MALUS_MOVES = 32;

export class Searcher {
  readonly tt: TranspositionTable;
  private pos!: Position;
  private profile!: EngineProfile;
  private values!: Int32Array;
  private stride = 256;
  /** Board size (squares): the history and countermove tables are per (piece code * size + square). */
  private size = 0;
  private moves = new Int32Array(0);
  private scores = new Int32Array(0);
  private readonly killers = new Int32Array(MAX_PLY * 2 + 4);
  private history = new Int32Array(0);
  private historySize = 0;
  /** Countermoves by (piece code * size + square) of the opponent's last move. */
  private counters = new Int32Array(0);
  private readonly pv = new Int32Array((MAX_PLY + 2) * (MAX_PLY + 2));
  private readonly pvLen = new Int32Array(MAX_PLY + 2);
  // the line from the game's start: hashes and in-check flags, root at index `rootIndex`
  private repLo = new Int32Array(0);
  private repHi = new Int32Array(0);
  private repCheck = new Uint8Array(0);
  private rootIndex = 0;
  private repFloor = 0;
  private nodes = 0;
  private nodeLimit = NO_LIMIT;
  private nextPoll = 0;
  private deadline = Infinity;
  private stopFlag: Int32Array | null = null;
  private startTime = 0;
  private stopped = false;
  private stopReason: SearchResult['stoppedBy'] = 'depth';
  private seldepth = 0;
  private rootDepth = 0;
  private exactRoot = false;
  private rootMoves = new Int32Array(0);
  private rootScores = new Int32Array(0);
  private rootCount = 0;
  private bestRootMove = 0;
  private bestRootScore = -INF;
  // incremental material + piece-square sums (when the profile has a pst)
  private pst: Int32Array | null = null;
  private inc: IncrementalEval = { psqt: 0, counts: new Int32Array(0) };
  private readonly psqtStack = new Int32Array(MAX_PLY + 4);
  /** Piece codes removed by the move at each ply (on to, on mid) and the mover when it promoted, for unmake. */
  private readonly capToStack = new Uint8Array(MAX_PLY + 4);
  private readonly capMidStack = new Uint8Array(MAX_PLY + 4);
  private readonly promoStack = new Uint8Array(MAX_PLY + 4);
  private readonly scratch = new Int32Array(1024);
  /** Cached repetition rulings: (key1, key2, score) triples. */
  private readonly repCache = new Int32Array(REP_CACHE * 3).fill(REP_EMPTY);

  private readonly checkIncremental: boolean;
  /** The profile's givesCheck may answer the in-check questions after a move (see search()). */
  private fastCheck = false;
  /** The pseudo-legal capture generator (the profile's own, else the core's). */
  private pseudoCaptures: (pos: Position, out: Int32Array, start: number) => number = generatePseudoCaptures;
  // the profile's tuning (SearchTuning), read once per search
  private adaptiveNull = false;
  /** Late-move pruning's base count (0: none). */
  private lateMoves = 0;
  private iir = false;
  private qsTable = false;
  private improvingOn = false;
  /** Late-move reductions by (depth, move number): the profile's `lmrDivisor`. */
  private lmr = LMR;
  private rfpDepth = 3;
  private historyMalus = false;
  /** History keys of the quiet moves searched at each ply (for the malus). */
  private readonly triedQuiets = new Int32Array((MAX_PLY + 4) * MALUS_MOVES);
  /** Chu: royals can be captured; royalCap[ply] = 1 when the move into that ply captured one. */
  private royalsCapturable = false;
  /** The profile's checkIsThreat (null: none, every check is). */
  private checkIsThreat: ((pos: Position) => boolean) | null = null;
  /** The profile's quickEnd (null: none). */
  private quickEnd: ((pos: Position) => number) | null = null;
  private readonly royalCap = new Uint8Array(MAX_PLY + 4);
  /** The static score per ply where the node computed one, else NO_EVAL (for `improving`). */
  private readonly evalStack = new Int32Array(MAX_PLY + 4);

  /** Search threads (Lazy SMP, smp.ts): this one and `threads - 1` helpers. */
  readonly threads: number;
  private pool: HelperPool | null = null;
  /** A helper thread's number (1, 2, …; 0 on the main thread): which iterations it skips. */
  private readonly helper: number;

  /**
   * `ttMegabytes`: transposition table size (default 16). `threads` (default 1): search on this
   * many threads, the others being helpers sharing the table (started at the first search).
   * `checkIncremental` (tests): verify the incrementally kept evaluation sums against a recount
   * after every move (slow). `ttBuffer`, `helper`: a helper thread's searcher (smp-worker.ts).
   */
  constructor(
    options: { ttMegabytes?: number; threads?: number; checkIncremental?: boolean; ttBuffer?: SharedArrayBuffer; helper?: number } = {},
  ) {
    this.threads = Math.max(1, Math.floor(options.threads ?? 1));
    this.helper = options.helper ?? 0;
    this.tt = options.ttBuffer
      ? new TranspositionTable(0, { buffer: options.ttBuffer, follower: true })
      : new TranspositionTable(options.ttMegabytes ?? 16, { shared: this.threads > 1 });
    this.checkIncremental = options.checkIncremental ?? false;
  }

  /**
   * Starts the helper threads now (else at the first search, which then begins without the ones
   * still loading) and waits until they listen, at most `timeoutMs`; says whether they all do.
   */
  startHelpers(timeoutMs = 10_000): boolean {
    return this.threads === 1 || this.helperPool().waitReady(timeoutMs);
  }

  private helperPool(): HelperPool {
    this.pool ??= new HelperPool(this.threads - 1, this.tt.buffer!);
    return this.pool;
  }

  /** Ends the helper threads (idle helpers do not keep the process alive either). */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.close();
  }

  /** Forget everything learnt (a new game). */
  clear(): void {
    this.tt.clear();
    this.history.fill(0);
    this.counters.fill(0);
    this.repCache.fill(REP_EMPTY);
  }

  private prepare(pos: Position, profile: EngineProfile): void {
    this.pos = pos;
    this.profile = profile;
    this.values = profile.values;
    const stride = profile.maxMoves;
    if (stride !== this.stride || this.moves.length === 0) {
      this.stride = stride;
      this.moves = new Int32Array(stride * (MAX_PLY + 2));
      this.scores = new Int32Array(stride * (MAX_PLY + 2));
      this.rootMoves = new Int32Array(stride);
      this.rootScores = new Int32Array(stride);
    }
    this.size = pos.variant.geometry.size;
    const hsize = pos.variant.codeCount * this.size;
    if (hsize !== this.historySize) {
      this.history = new Int32Array(hsize);
      this.counters = new Int32Array(hsize);
      this.historySize = hsize;
    } else {
      // age the history scores between searches
      for (let i = 0; i < hsize; i++) this.history[i] = this.history[i]! >> 2;
    }
    this.killers.fill(0);
    this.pst = profile.pst ?? null;
    this.pseudoCaptures = profile.generatePseudoCaptures ?? generatePseudoCaptures;
    this.royalsCapturable = profile.royalsCapturable === true;
    this.quickEnd = profile.quickEnd ?? null;
    this.checkIsThreat = profile.checkIsThreat ?? null;
    this.adaptiveNull = profile.tuning?.adaptiveNullMove === true;
    this.lateMoves = profile.tuning?.lateMoves ?? 0;
    this.iir = profile.tuning?.iir === true;
    this.qsTable = profile.tuning?.qsTable === true;
    this.improvingOn = profile.tuning?.improving === true;
    const div = profile.tuning?.lmrDivisor ?? 2.5;
    let lmr = LMR_BY_DIVISOR.get(div);
    if (lmr === undefined) LMR_BY_DIVISOR.set(div, (lmr = lmrTable(div)));
    this.lmr = lmr;
    this.rfpDepth = profile.tuning?.reverseFutilityDepth ?? 3;
    this.historyMalus = profile.tuning?.historyMalus === true;
    this.royalCap.fill(0);
    this.evalStack.fill(NO_EVAL); // the root (ply 0) has no static score
    if (this.inc.counts.length !== pos.variant.codeCount) this.inc = { psqt: 0, counts: new Int32Array(pos.variant.codeCount) };
    const counts = this.inc.counts;
    counts.fill(0);
    let psqt = 0;
    const b = pos.board;
    for (let sq = 0; sq < b.length; sq++) {
      const p = b[sq]!;
      if (p === 0) continue;
      counts[p]!++;
      if (this.pst) psqt += this.pst[p * b.length + sq]!;
    }
    this.inc.psqt = psqt;
  }

  /** Plays m, keeping the incremental evaluation sums. */
  private make(m: Move, ply: number): void {
    const pos = this.pos;
    const pst = this.pst;
    if (this.royalsCapturable) {
      const royal = pos.variant.royal;
      const to = moveTo(m);
      const mid = moveMid(m);
      this.royalCap[ply + 1] = (to !== moveFrom(m) && royal[pos.board[to]!]) || (mid >= 0 && royal[pos.board[mid]!]) ? 1 : 0;
    }
    if (pst !== null) {
      this.psqtStack[ply] = this.inc.psqt;
      this.inc.psqt += this.delta(m, ply);
    }
    pos.play(m);
    if (this.checkIncremental) this.verifyIncremental();
  }

  private verifyIncremental(): void {
    const [lo, hi] = this.pos.computeHash();
    if (lo !== this.pos.hashLo || hi !== this.pos.hashHi) throw new Error(`position hash out of step after ${this.pos.lastMove()}`);
    if (this.pst === null) return;
    const b = this.pos.board;
    const counts = new Int32Array(this.inc.counts.length);
    let psqt = 0;
    for (let sq = 0; sq < b.length; sq++) {
      const p = b[sq]!;
      if (p === 0) continue;
      counts[p]!++;
      psqt += this.pst[p * b.length + sq]!;
    }
    if (psqt !== this.inc.psqt || counts.some((c, i) => c !== this.inc.counts[i]))
      throw new Error(`incremental evaluation out of step after ${this.pos.lastMove()}`);
  }

  private unmake(m: Move, ply: number): void {
    this.pos.undo();
    if (this.pst !== null) {
      this.inc.psqt = this.psqtStack[ply]!;
      const counts = this.inc.counts;
      const q = this.capToStack[ply]!;
      if (q !== 0) counts[q]!++;
      const r = this.capMidStack[ply]!;
      if (r !== 0) counts[r]!++;
      const p = this.promoStack[ply]!;
      if (p !== 0) {
        counts[p]!++;
        counts[this.pos.variant.promoted[p]!]!--;
      }
    }
    if (this.checkIncremental) this.verifyIncremental();
  }

  /** Change of the pst sum by m (on the board before m), applying the count changes and recording them at `ply` for unmake. */
  private delta(m: Move, ply: number): number {
    const pst = this.pst!;
    const counts = this.inc.counts;
    const b = this.pos.board;
    const size = b.length;
    const from = moveFrom(m);
    const to = moveTo(m);
    const mid = moveMid(m);
    const p = b[from]!;
    let d = 0;
    let capMid = 0;
    if (mid >= 0) {
      const q = b[mid]!;
      if (q !== 0) {
        d -= pst[q * size + mid]!;
        counts[q]!--;
        capMid = q;
      }
    }
    const np = isPromotion(m) ? this.pos.variant.promoted[p]! : p;
    let capTo = 0;
    if (to !== from) {
      const q = b[to]!;
      if (q !== 0) {
        d -= pst[q * size + to]!;
        counts[q]!--;
        capTo = q;
      }
    }
    d += pst[np * size + to]! - pst[p * size + from]!;
    let promo = 0;
    if (np !== p) {
      counts[p]!--;
      counts[np]!++;
      promo = p;
    }
    this.capToStack[ply] = capTo;
    this.capMidStack[ply] = capMid;
    this.promoStack[ply] = promo;
    return d;
  }

  search(pos: Position, limits: SearchLimits = {}, profile: EngineProfile = profileFor(pos.variant)): SearchResult {
    this.tt.newSearch();
    // helpers search with the variant's own profile: with another, this thread searches alone
    if (this.threads === 1 || profile !== profileFor(pos.variant)) return this.searchOne(pos, limits, profile);
    const pool = this.helperPool();
    const maxDepth = Math.min(Math.max(1, limits.depth ?? 64), MAX_PLY - 8);
    pool.start(pos, limits.history ?? [], maxDepth, limits.exactRoot ?? false, limits.instantSingle ?? true, this.tt.currentGeneration);
    const onInfo = limits.onInfo;
    let r: SearchResult;
    let helperNodes = 0;
    try {
      r = this.searchOne(pos, onInfo ? { ...limits, onInfo: (info) => onInfo(this.withHelpers(info, pool.nodes())) } : limits, profile);
    } finally {
      helperNodes = pool.stop();
    }
    return this.withHelpers(r, helperNodes);
  }

  /** The search's info with the helpers' nodes added (nodes/s over all threads). */
  private withHelpers<T extends SearchInfo>(info: T, helperNodes: number): T {
    const nodes = info.nodes + helperNodes;
    return { ...info, nodes, nps: Math.round((nodes * 1000) / Math.max(info.timeMs, 0.001)) };
  }

  private searchOne(pos: Position, limits: SearchLimits, profile: EngineProfile): SearchResult {
    this.prepare(pos, profile);
    const hist = limits.history ?? [];
    const cap = hist.length + MAX_PLY + 4;
    if (this.repLo.length < cap) {
      this.repLo = new Int32Array(cap);
      this.repHi = new Int32Array(cap);
      this.repCheck = new Uint8Array(cap);
    }
    hist.forEach((h, i) => {
      this.repLo[i] = h.hashLo;
      this.repHi[i] = h.hashHi;
      this.repCheck[i] = h.inCheck ? 1 : 0;
    });
    this.rootIndex = hist.length;
    this.repFloor = 0;
    this.nodes = 0;
    this.seldepth = 0;
    this.stopped = false;
    this.stopReason = 'depth';
    this.exactRoot = limits.exactRoot ?? false;
    this.startTime = performance.now();
    this.nodeLimit = limits.nodes !== undefined ? Math.max(1, limits.nodes) : NO_LIMIT;
    this.deadline = limits.timeMs !== undefined ? this.startTime + Math.max(1, limits.timeMs) : Infinity;
    const softDeadline =
      limits.softTimeMs !== undefined
        ? this.startTime + limits.softTimeMs
        : limits.timeMs !== undefined
          ? this.startTime + limits.timeMs * 0.5
          : Infinity;
    this.stopFlag = limits.stop ?? null;
    this.nextPoll = Math.min(POLL_NODES, this.nodeLimit);
    const maxDepth = Math.min(Math.max(1, limits.depth ?? 64), MAX_PLY - 8);

    const v = pos.variant;
    // the sides that have royals at the root: only they can lose them (a mate problem's attacker has none)
    this.rootRoyals = 0;
    for (const p of pos.board) if (p !== 0 && v.royal[p]) this.rootRoyals |= 1 << pieceSide(p);
    const n = v.generateLegal(pos, this.rootMoves, 0);
    this.rootCount = n;
    const rootCheck = v.inCheck(pos);
    // givesCheck assumes the side that just moved is not in check: true along every searched line
    // when it holds at the root (legal moves only; a null move is made only when not in check)
    this.fastCheck = false;
    if (profile.givesCheck !== undefined) {
      pos.setTurn((pos.turn ^ 1) as 0 | 1);
      this.fastCheck = !v.inCheck(pos);
      pos.setTurn((pos.turn ^ 1) as 0 | 1);
    }
    this.repLo[this.rootIndex] = pos.hashLo;
    this.repHi[this.rootIndex] = pos.hashHi;
    this.repCheck[this.rootIndex] = rootCheck ? 1 : 0;
    if (n === 0) return this.result(0, -MATE, 0, [], 'no-moves');
    // order root moves once: hash move, then captures by MVV-LVA, then the rest
    this.scoreMoves(this.rootMoves, this.rootScores, 0, n, this.ttMoveAt(pos), 0);
    sortByScore(this.rootMoves, this.rootScores, n);
    const single = n === 1 && (limits.instantSingle ?? true) && !this.exactRoot;
    if (single) {
      this.nodeLimit = Math.min(this.nodeLimit, SINGLE_NODES);
      this.nextPoll = Math.min(this.nextPoll, this.nodeLimit);
    }

    let best = this.rootMoves[0]!;
    let bestScore = -INF;
    let bestPv: Move[] = [best];
    let completedDepth = 0;
    let lastExact: { move: Move; score: number }[] | undefined;
    let iterStart = this.startTime;
    let prevIterMs = 0;
    let prevBest = 0;
    let prevScore = 0;
    let stable = 0;
    let instability = 0;
    for (let depth = 1; depth <= maxDepth; depth++) {
      if (this.helper > 0 && depth < maxDepth && skipDepth(this.helper, depth)) continue;
      this.rootDepth = depth;
      this.bestRootMove = 0;
      this.bestRootScore = -INF;
      let score: number;
      if (depth >= 4 && !this.exactRoot && Math.abs(bestScore) < MATE_BOUND) {
        // aspiration window around the last score, widened on failure
        let delta = 35;
        let alpha = Math.max(-INF, bestScore - delta);
        let beta = Math.min(INF, bestScore + delta);
        for (;;) {
          score = this.root(depth, alpha, beta);
          if (this.stopped) break;
          if (score <= alpha) {
            beta = (alpha + beta) >> 1;
            alpha = Math.max(-INF, score - delta);
          } else if (score >= beta) beta = Math.min(INF, score + delta);
          else break;
          delta += delta;
          if (delta > 500) {
            alpha = -INF;
            beta = INF;
          }
        }
      } else score = this.root(depth, -INF, INF);
      if (this.stopped) {
        // a root move completed in the unfinished iteration that beat the old best is trusted
        if (this.bestRootMove !== 0 && this.bestRootScore > bestScore && completedDepth > 0) {
          best = this.bestRootMove;
          bestScore = this.bestRootScore;
          bestPv = this.pvLine(0);
          if (bestPv[0] !== best) bestPv = [best];
        }
        break;
      }
      completedDepth = depth;
      best = this.pvLen[0]! > 0 ? this.pv[0]! : this.rootMoves[0]!;
      bestScore = score;
      bestPv = this.pvLine(0);
      if (bestPv.length === 0) bestPv = [best];
      if (this.exactRoot) {
        lastExact = [];
        for (let i = 0; i < n; i++) lastExact.push({ move: this.rootMoves[i]!, score: this.rootScores[i]! });
      }
      limits.onInfo?.(this.info(depth, bestScore, bestPv));
      // A mate ends the search once the depth is MATE_STOP_PLIES past its length and the iteration
      // before found the same mate (a shorter one stays hidden by the pruning for some iterations).
      if (Math.abs(bestScore) >= MATE_BOUND && depth >= MATE - Math.abs(bestScore) + MATE_STOP_PLIES && bestScore === prevScore) {
        this.stopReason = 'mate';
        break;
      }
      // Time: the soft limit is the planned time for the move. It is stretched (up to 2x, never
      // past the hard limit) while the best move keeps changing or the score falls, and shrunk
      // (to 0.6x) when the best move has stood for several iterations; no new iteration starts
      // when it would likely not finish before the hard limit (an iteration takes about as long as
      // the one before times the ratio of the last two).
      const now = performance.now();
      const iterMs = now - iterStart;
      if (completedDepth > 1 && best !== prevBest) stable = 0;
      else stable++;
      if (completedDepth > 1 && best !== prevBest) instability += 1;
      instability *= 0.6;
      let scale = 1 + Math.min(0.7, instability);
      if (completedDepth > 4 && bestScore < prevScore - 25) scale += Math.min(0.5, (prevScore - bestScore) / 200);
      if (stable >= 4) scale *= 0.6;
      const soft = this.startTime + (softDeadline - this.startTime) * Math.min(2, scale);
      const growth = prevIterMs > 0.5 ? Math.min(6, Math.max(1.5, iterMs / prevIterMs)) : 2;
      prevIterMs = iterMs;
      prevBest = best;
      prevScore = bestScore;
      iterStart = now;
      if (now >= Math.min(soft, this.deadline) || (this.deadline !== Infinity && now + iterMs * growth > this.deadline)) {
        this.stopReason = 'time';
        break;
      }
      if (this.nodes >= this.nodeLimit) {
        this.stopReason = 'nodes';
        break;
      }
    }
    // stopped before the first iteration completed: report the static evaluation
    if (completedDepth === 0 && bestScore === -INF) bestScore = this.profile.evaluate(pos);
    return this.result(best, bestScore, completedDepth, bestPv, single ? 'single' : this.stopReason, lastExact);
  }

  private result(
    move: Move,
    score: number,
    depth: number,
    pv: Move[],
    stoppedBy: SearchResult['stoppedBy'],
    rootScores?: { move: Move; score: number }[],
  ): SearchResult {
    const info = this.info(depth, score, pv);
    return { ...info, move, stoppedBy, ...(rootScores ? { rootScores } : {}) };
  }

  private info(depth: number, score: number, pv: Move[]): SearchInfo {
    const timeMs = performance.now() - this.startTime;
    return {
      depth,
      seldepth: Math.max(this.seldepth, depth),
      score: score + 0,
      mate: mateIn(score),
      nodes: this.nodes,
      timeMs,
      nps: Math.round((this.nodes * 1000) / Math.max(timeMs, 0.001)),
      pv,
    };
  }

  private pvLine(ply: number): Move[] {
    const out: Move[] = [];
    const base = ply * (MAX_PLY + 2);
    for (let i = 0; i < this.pvLen[ply]!; i++) out.push(this.pv[base + i]!);
    return out;
  }

  private ttMoveAt(pos: Position): number {
    const e = this.tt.probe(pos.hashLo, pos.hashHi);
    return e >= 0 ? this.tt.move : 0;
  }

  private poll(): void {
    if (this.nodes >= this.nodeLimit) {
      this.stopped = true;
      this.stopReason = 'nodes';
    } else if (this.stopFlag !== null && Atomics.load(this.stopFlag, 0) !== 0) {
      this.stopped = true;
      this.stopReason = 'stop';
    } else if (this.deadline !== Infinity && performance.now() >= this.deadline) {
      this.stopped = true;
      this.stopReason = 'time';
    }
    this.nextPoll = Math.min(this.nodes + POLL_NODES, this.nodeLimit);
  }

  /** Root of one iteration: updates rootScores, the root PV and bestRoot*. */
  private root(depth: number, alpha: number, beta: number): number {
    const pos = this.pos;
    const n = this.rootCount;
    const moves = this.rootMoves;
    const rs = this.rootScores;
    const inCheck = this.repCheck[this.rootIndex] === 1;
    const alpha0 = alpha;
    let best = -INF;
    this.pvLen[0] = 0;
    for (let i = 0; i < n; i++) {
      const m = moves[i]!;
      this.make(m, 0);
      this.nodes++;
      let score: number;
      const childCheck = this.checkAfter(m) ? 1 : 0;
      if (this.exactRoot) score = 0 - this.node(depth - 1, -INF, INF, 1, childCheck, true);
      else if (i === 0) score = 0 - this.node(depth - 1, 0 - beta, 0 - alpha, 1, childCheck, true);
      else {
        let r = 0;
        if (depth >= 3 && i >= 3 && !inCheck && childCheck === 0 && !this.isNoisy(m))
          r = Math.min(this.lmr[Math.min(depth, 63) * 64 + Math.min(i, 63)]!, depth - 2);
        score = 0 - this.node(depth - 1 - r, -1 - alpha, 0 - alpha, 1, childCheck, false);
        if (r > 0 && score > alpha && !this.stopped) score = 0 - this.node(depth - 1, -1 - alpha, 0 - alpha, 1, childCheck, false);
        if (score > alpha && score < beta && !this.stopped) score = 0 - this.node(depth - 1, 0 - beta, 0 - alpha, 1, childCheck, true);
      }
      this.unmake(m, 0);
      if (this.stopped) return best;
      rs[i] = score;
      if (score > best) {
        best = score;
        if (score > this.bestRootScore) {
          this.bestRootScore = score;
          this.bestRootMove = m;
        }
        this.updatePv(0, m);
        // the best move so far leads the list (already-searched moves stay before index i + 1)
        moveToFront(moves, rs, i);
        if (!this.exactRoot) {
          if (score > alpha) alpha = score;
          if (score >= beta) break;
        }
      }
    }
    if (this.exactRoot) sortByScore(moves, rs, n);
    const bound = best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER;
    if (this.pvLen[0]! > 0) this.tt.store(pos.hashLo, pos.hashHi, this.pv[0]!, scoreToTt(best, 0), depth, bound);
    return best;
  }

  /** Is the side to move in check after m (just played)? */
  private checkAfter(m: Move): boolean {
    const known = this.knownCheckAfter(m);
    return known >= 0 ? known === 1 : this.pos.variant.inCheck(this.pos);
  }

  /** After m (just played): 1 = the side to move is in check, 0 = not, -1 = not known without the full test. */
  private knownCheckAfter(m: Move): number {
    return this.fastCheck ? (this.profile.givesCheck!(this.pos, m) ? 1 : 0) : -1;
  }

  private evaluate(alpha: number, beta: number): number {
    return this.profile.evaluate(this.pos, alpha, beta, this.pst !== null ? this.inc : undefined);
  }

  private updatePv(ply: number, m: Move): void {
    const row = ply * (MAX_PLY + 2);
    const next = (ply + 1) * (MAX_PLY + 2);
    this.pv[row] = m;
    const len = this.pvLen[ply + 1]!;
    for (let i = 0; i < len; i++) this.pv[row + 1 + i] = this.pv[next + i]!;
    this.pvLen[ply] = len + 1;
  }

  private isNoisy(m: Move): boolean {
    const b = this.pos.board;
    const from = moveFrom(m);
    const to = moveTo(m);
    if (to !== from && b[to] !== 0) return true;
    const mid = moveMid(m);
    if (mid >= 0 && b[mid] !== 0) return true;
    return isPromotion(m);
  }

  /** Sides (bit per side) that had royals at the root of the search. */
  private rootRoyals = 3;

  /**
   * The score of a position where the rules ended the game without a move (chu: the side to move
   * lost its royals with the last move, or the profile's quickEnd: bare king, two lone royals),
   * else NOT_OVER.
   */
  private ruleEnd(ply: number): number {
    if (this.royalCap[ply] === 1 && this.royalsGone()) return -MATE + ply;
    if (this.quickEnd === null) return NOT_OVER;
    const end = this.quickEnd(this.pos);
    return end === 0 ? NOT_OVER : end === 2 ? 0 : end === 1 ? MATE - ply : -MATE + ply;
  }

  /** Has the side to move, which had royals at the root, none left? */
  private royalsGone(): boolean {
    const royal = this.pos.variant.royal;
    const counts = this.inc.counts;
    if (this.pst === null) {
      counts.fill(0);
      for (const p of this.pos.board) if (p !== 0) counts[p]!++;
    }
    let us = 0;
    let them = 0;
    const turn = this.pos.turn;
    for (let code = 2; code < counts.length; code++) {
      if (!royal[code] || counts[code] === 0) continue;
      if (pieceSide(code) === turn) us++;
      else them++;
    }
    return us === 0 && (them > 0 || this.rootRoyals !== 3) && (this.rootRoyals & (1 << turn)) !== 0;
  }

  /** Is m one of the pseudo-legal moves of the side to move (a sanity check for hash moves)? */
  private pseudoLegal(m: Move): boolean {
    const pos = this.pos;
    const from = moveFrom(m);
    const p = pos.board[from]!;
    if (p === 0 || pieceSide(p) !== pos.turn) return false;
    const buf = this.scratch;
    const n = generatePseudoFrom(pos, from, buf, 0);
    for (let i = 0; i < n; i++) if (buf[i] === m) return true;
    return false;
  }

  /** Value captured by move m (before it is played), 0 for none. */
  private captured(m: Move): number {
    const b = this.pos.board;
    const from = moveFrom(m);
    const to = moveTo(m);
    if (isPlainMove(m)) return to !== from && b[to] !== 0 ? this.values[b[to]!]! : 0;
    const mid = moveMid(m);
    let v = 0;
    if (to !== from && b[to] !== 0) v += this.values[b[to]!]!;
    if (mid >= 0 && b[mid] !== 0) v += this.values[b[mid]!]!;
    return v;
  }

  /** Scores moves[start..end) for ordering, in place. */
  private scoreMoves(
    moves: Int32Array,
    scores: Int32Array,
    start: number,
    end: number,
    ttMove: number,
    ply: number,
    counter = 0,
  ): void {
    const b = this.pos.board;
    const values = this.values;
    const k1 = this.killers[ply * 2]!;
    const k2 = this.killers[ply * 2 + 1]!;
    const history = this.history;
    const size = this.size;
    for (let i = start; i < end; i++) {
      const m = moves[i]!;
      if (m === ttMove) {
        scores[i] = HASH_SCORE;
        continue;
      }
      const p = b[moveFrom(m)]!;
      if (isPlainMove(m) && m !== k1 && m !== k2 && m !== counter) {
        // a plain move (no mid square, no promotion): MVV-LVA for a capture, else its history
        const to = moveTo(m);
        const q = to !== moveFrom(m) ? b[to]! : 0;
        const cap = q !== 0 ? values[q]! : 0;
        scores[i] = cap > 0 ? (1 << 26) + cap * 64 - (values[p]! >> 4) : history[p * size + to]!;
        continue;
      }
      const cap = this.captured(m);
      // MVV-LVA: most valuable victim first, then the least valuable attacker
      scores[i] = cap > 0 ? (1 << 26) + cap * 64 - (values[p]! >> 4) : this.quietScore(m, p, k1, k2, counter);
    }
  }

  /** `scoreMoves` for moves that capture nothing (the quiet stage's generators): no capture tests. */
  private scoreQuiets(moves: Int32Array, scores: Int32Array, start: number, end: number, ttMove: number, ply: number, counter: number): void {
    const b = this.pos.board;
    const k1 = this.killers[ply * 2]!;
    const k2 = this.killers[ply * 2 + 1]!;
    for (let i = start; i < end; i++) {
      const m = moves[i]!;
      scores[i] = m === ttMove ? HASH_SCORE : this.quietScore(m, b[moveFrom(m)]!, k1, k2, counter);
    }
  }

  /** Ordering score of a move of piece p that captures nothing: promotion, killers, countermove, history. */
  private quietScore(m: Move, p: number, k1: number, k2: number, counter: number): number {
    if (isPromotion(m)) return (1 << 25) + this.values[this.pos.variant.promoted[p]!]! - this.values[p]!;
    if (m === k1) return KILLER_SCORE + 2;
    if (m === k2) return KILLER_SCORE + 1;
    if (m === counter) return KILLER_SCORE;
    return this.history[p * this.size + moveTo(m)]!;
  }

  /** Repetition check for the node at `idx` (its hash already stored); returns index of an earlier occurrence or -1. */
  private findRepetition(idx: number): number {
    const lo = this.repLo[idx]!;
    const hi = this.repHi[idx]!;
    const floor = Math.max(this.repFloor, idx - this.pos.halfmove);
    for (let i = idx - 4; i >= floor; i -= 2) if (this.repLo[i] === lo && this.repHi[i] === hi) return i;
    return -1;
  }

  private repetitionScore(first: number, idx: number): number {
    const hook = this.profile.repetitionScore;
    if (!hook) return 0;
    // A cycle that starts right after a null move: the judge would count the move before the first
    // occurrence too, and rewinding the undo stack to it would cross the null move (which is not on
    // the stack), leaving the position's hash that of the other side to move. Such a line is no
    // real game: a draw.
    if (first === this.repFloor && first > 0) return 0;
    // Rulings depend only on the positions of the cycle (and on whether its moves are on the undo
    // stack, where the full judge can walk them): cache them, as a tree meets the same cycle often.
    const length = idx - first;
    // the loop may have begun before `first` (in the game): the rules judge its first position
    const floor = Math.max(this.repFloor > 0 ? this.repFloor + 1 : 0, idx - this.pos.halfmove);
    let start = first;
    while (start > floor && this.repLo[start - 1] === this.repLo[start - 1 + length] && this.repHi[start - 1] === this.repHi[start - 1 + length]) start--;
    const onStack = (this.pos.sp >= length ? 1 : 0) + (this.pos.sp >= idx - start ? 1 : 0);
    let k1 = 0x9e3779b9 ^ onStack;
    let k2 = length;
    for (let k = Math.max(start - 1, 0); k <= idx; k++) {
      k1 = Math.imul(k1 ^ this.repLo[k]!, 0x85ebca6b) ^ this.repHi[k]!;
      k2 = Math.imul(k2 ^ this.repHi[k]!, 0xc2b2ae35) + this.repLo[k]! | 0;
    }
    const slot = (k1 & (REP_CACHE - 1)) * 3;
    const cache = this.repCache;
    if (cache[slot] === k1 && cache[slot + 1] === k2 && cache[slot + 2] !== REP_EMPTY) return cache[slot + 2]!;
    let us = true;
    let them = true;
    // moves of the side to move lead to positions first+1, first+3, …; the opponent's to first+2, …
    for (let k = first + 1; k <= idx; k++) {
      const check = this.repCheck[k] === 1;
      if ((k - first) & 1) us &&= check;
      else them &&= check;
    }
    const info: RepetitionInfo = { length, usAlwaysChecked: us, themAlwaysChecked: them, span: idx - start };
    const score = hook(this.pos, info);
    cache[slot] = k1;
    cache[slot + 1] = k2;
    cache[slot + 2] = score;
    return score;
  }

  /**
   * Principal-variation search. `knownCheck`: the side to move is in check (1), not (0), or
   * unknown (-1).
   */
  private node(depth: number, alpha: number, beta: number, ply: number, knownCheck: number, pvNode: boolean): number {
    const pos = this.pos;
    const v = pos.variant;
    this.pvLen[ply] = 0;
    if (this.nodes >= this.nextPoll) {
      this.poll();
    }
    if (this.stopped) return 0;
    if (ply > this.seldepth) this.seldepth = ply;
    // a game the rules ended here (chu: royals just captured, bare king), before any stand-pat or null move
    const over = this.ruleEnd(ply);
    if (over !== NOT_OVER) return over;
    const inCheck = knownCheck >= 0 ? knownCheck === 1 : v.inCheck(pos);
    if (inCheck && ply < 2 * this.rootDepth + 8 && (this.checkIsThreat === null || this.checkIsThreat(pos))) depth++;
    // the transposition table is read this early (nothing below writes it before the entry is
    // used) so that its likely cache miss overlaps the repetition scan
    const e = depth > 0 ? this.tt.probe(pos.hashLo, pos.hashHi) : -1;
    const idx = this.rootIndex + ply;
    this.repLo[idx] = pos.hashLo;
    this.repHi[idx] = pos.hashHi;
    this.repCheck[idx] = inCheck ? 1 : 0;
    const rep = this.findRepetition(idx);
    if (rep >= 0) return this.repetitionScore(rep, idx);
    const drawPlies = this.profile.drawPlies;
    if (drawPlies > 0 && pos.halfmove >= drawPlies) return 0;
    // mate distance pruning
    const mAlpha = Math.max(alpha, -MATE + ply);
    const mBeta = Math.min(beta, MATE - ply - 1);
    if (mAlpha >= mBeta) return mAlpha;
    if (ply >= MAX_PLY - 2) return this.evaluate(-INF, INF);

    if (depth <= 0) return this.quiesce(alpha, beta, ply, inCheck ? 1 : 0);
    // internal iterative reduction: no table entry, so no hash move to order by
    if (this.iir && depth >= 4 && (e < 0 || this.tt.depth <= 0) && !inCheck) depth--;

    // transposition table
    let ttMove = 0;
    if (e >= 0) {
      ttMove = this.tt.move;
      if (!pvNode && this.tt.depth >= depth) {
        const s = scoreFromTt(this.tt.score, ply);
        const bound = this.tt.bound;
        if (bound === BOUND_EXACT || (bound === BOUND_LOWER && s >= beta) || (bound === BOUND_UPPER && s <= alpha)) return s;
      }
    }

    // the static evaluation serves the pruning of non-PV nodes only (futility, null move)
    let staticEval = -INF;
    // improving (the profile's tuning): the static score is above the same side's two plies before
    // (or that node had none); an improving node gets the smaller reverse futility margin, one that
    // is not prunes and reduces more late moves
    let improving = 1;
    this.evalStack[ply] = NO_EVAL;
    if (!inCheck && !pvNode) {
      staticEval = this.evaluate(beta - 1, beta);
      this.evalStack[ply] = staticEval;
      if (this.improvingOn && ply >= 2) {
        const before = this.evalStack[ply - 2]!;
        if (before !== NO_EVAL && staticEval <= before) improving = 0;
      }
      if (Math.abs(beta) < MATE_BOUND) {
        // reverse futility: far above beta near the leaves
        if (depth <= this.rfpDepth && staticEval - 110 * (this.improvingOn ? depth - improving : depth) >= beta) return staticEval;
        // null move
        if (depth >= (this.adaptiveNull ? 2 : 3) && staticEval >= beta && this.repFloor <= idx - 1 && this.profile.nullMoveAllowed(pos)) {
          // the adaptive reduction leaves the opponent at least one ply (a null move that drops
          // straight into quiescence hid quiet mates: a mate in 3 took depth 14 and 1.7M nodes)
          const r = this.adaptiveNull ? Math.min(3 + (depth >> 2) + Math.min(3, ((staticEval - beta) / 200) | 0), depth - 2) : 2 + (depth >= 7 ? 1 : 0);
          const aux = pos.aux;
          const floor = this.repFloor;
          pos.setTurn((pos.turn ^ 1) as 0 | 1);
          if (aux !== 0) pos.setAux(0);
          this.repFloor = idx + 1;
          this.royalCap[ply + 1] = 0;
          this.nodes++;
          const s = 0 - this.node(depth - 1 - r, 0 - beta, 1 - beta, ply + 1, 0, false);
          this.repFloor = floor;
          if (aux !== 0) pos.setAux(aux);
          pos.setTurn((pos.turn ^ 1) as 0 | 1);
          if (this.stopped) return 0;
          if (s >= beta) return s >= MATE_BOUND ? beta : s;
        }
      }
    }

    const stride = this.stride;
    const base = ply * stride;
    const moves = this.moves;
    const scores = this.scores;
    const alpha0 = alpha;
    let best = -INF;
    let bestMove = 0;
    let searched = 0;
    let triedQuiet = 0;
    const size = v.geometry.size;
    // Staged generation: the hash move before any generation, then the captures (MVV-LVA), then
    // the quiet moves (killers, countermove, history); a cutoff in an early stage saves the later
    // ones. Where the variant tests single moves (`moveLegal`), moves are generated pseudo-legal and
    // each is tested only when it is about to be played.
    const lazy = v.moveLegal !== undefined;
    const captures = lazy ? this.pseudoCaptures : this.profile.generateCaptures;
    const quiets = lazy ? (this.profile.generatePseudoQuiets ?? generatePseudoQuiets) : captures ? v.generateQuiets : undefined;
    const hashMove =
      ttMove !== 0 && this.pseudoLegal(ttMove) && (!lazy || v.moveLegal!(pos, ttMove, inCheck)) ? ttMove : 0;
    // countermove slot: the quiet move that last refuted the opponent's previous move
    const last = pos.lastMove();
    const cmKey = last !== 0 && this.repFloor <= idx - 1 ? pos.board[moveTo(last)]! * size + moveTo(last) : -1;
    const counter = cmKey >= 0 ? this.counters[cmKey]! : 0;
    // futility pruning of quiet moves near the leaves (never in check, never a checking move,
    // never the first move; late-move pruning by count only where the profile's tuning asks for
    // it: both games since 2026-12-07, chu's gated apart from xiangqi's)
    const shallow = !pvNode && !inCheck && depth <= 3 && Math.abs(alpha) < MATE_BOUND;
    const futile = shallow && depth <= 2 && staticEval + FUTILITY[depth]! <= alpha;
    // late-move pruning: quiet moves past this many searched ones are treated as futile
    const lateCount = shallow && this.lateMoves > 0 ? (this.lateMoves + depth * depth) >> (this.improvingOn ? 1 - improving : 0) : NO_BOUND;
    // with fastCheck, a futility-pruned move is tested for check before it is played: exactly where
    // the profile can (givesCheckBefore), else by its square filter and the test after the move
    const checkBefore = this.fastCheck ? this.profile.givesCheckBefore : undefined;
    const noCheck = (futile || lateCount !== NO_BOUND) && this.fastCheck && checkBefore === undefined ? this.profile.cannotGiveCheck : undefined;
    // without fastCheck, the profile's test before each move, where the side to move attacks no
    // enemy royal now (asked at the first move: 0 = not yet, 1 = usable, -1 = not)
    const checksAfter = this.fastCheck ? undefined : this.profile.checksAfter;
    let checkTest = 0;
    let stage = hashMove !== 0 ? 0 : 1;
    let legalSeen = hashMove !== 0;
    let capEnd = base;
    let end = base;
    let i = base;
    let picked = 0;
    let pickBound = NO_BOUND;
    const values = this.values;
    for (;;) {
      let m: number;
      let bs: number;
      // a move from the lists, not yet tested for legality (the hash move was)
      let untested = false;
      if (stage === 0) {
        m = hashMove;
        bs = HASH_SCORE;
        stage = 1;
      } else {
        if (stage === 1) {
          if (captures) {
            capEnd = end = captures(pos, moves, base);
            const b = pos.board;
            for (let k = base; k < capEnd; k++) {
              const c = moves[k]!;
              scores[k] = (1 << 26) + this.captured(c) * 64 - (values[b[moveFrom(c)]!]! >> 4) + (isPromotion(c) ? 32 : 0);
            }
          }
          stage = 2;
          i = base;
          pickBound = NO_BOUND;
        }
        if (stage === 2 && i >= capEnd) {
          end = quiets ? quiets(pos, moves, capEnd) : v.generateLegal(pos, moves, capEnd);
          if (quiets) this.scoreQuiets(moves, scores, capEnd, end, hashMove, ply, counter);
          else this.scoreMoves(moves, scores, capEnd, end, hashMove, ply, counter);
          stage = 3;
          i = capEnd;
          pickBound = NO_BOUND;
        }
        if (i >= end) break;
        if (stage === 2 || picked < SORTED_QUIETS) {
          pickBest(moves, scores, i, end, pickBound);
          m = moves[i]!;
          bs = pickBound = scores[i]!;
        } else {
          // late quiet moves in generation order (their history scores hardly matter)
          m = moves[i]!;
          bs = scores[i]!;
        }
        i++;
        if (stage === 3) picked++;
        if (m === hashMove && hashMove !== 0) continue; // searched first already
        if (stage === 3 && captures && !quiets && this.captured(m) > 0) continue; // searched with the captures
        untested = true;
      }
      const quiet = !this.isNoisy(m);
      const piece = pos.board[moveFrom(m)]!;
      const futileHere = quiet && searched > 0 && bs < KILLER_SCORE && (futile || searched >= lateCount);
      // pruned unless it gives check: where the profile can tell before the move, it is not played
      // (legal or not: a move was searched already, so a legal one was seen)
      let childCheck = -1;
      if (checkBefore !== undefined) {
        if (futileHere) {
          if (!checkBefore(pos, m)) continue;
          childCheck = 1;
        }
      } else if (futileHere && noCheck !== undefined && noCheck(pos, m)) continue;
      if (untested) {
        if (lazy && !v.moveLegal!(pos, m, inCheck)) continue;
        legalSeen = true;
      }
      if (checksAfter !== undefined) {
        if (checkTest === 0) checkTest = this.profile.royalsAttacked!(pos) ? -1 : 1;
        if (checkTest === 1) {
          childCheck = checksAfter(pos, m) ? 1 : 0;
          if (futileHere && childCheck === 0) continue;
        }
      }
      this.make(m, ply);
      if (childCheck < 0) childCheck = this.knownCheckAfter(m);
      if (futileHere) {
        // a quiet move that gives check (chu: attacks a royal) is never pruned: it may mate
        if (childCheck < 0) childCheck = v.inCheck(pos) ? 1 : 0;
        if (childCheck === 0) {
          this.unmake(m, ply);
          continue;
        }
      }
      this.nodes++;
      let score: number;
      if (searched === 0) score = 0 - this.node(depth - 1, 0 - beta, 0 - alpha, ply + 1, childCheck, pvNode);
      else {
        let r = 0;
        if (depth >= 3 && searched >= 3 && quiet && !inCheck && bs < KILLER_SCORE) {
          if (childCheck < 0) childCheck = v.inCheck(pos) ? 1 : 0;
          if (childCheck === 0) {
            // the profile's stronger reductions stay out of a window of mate scores: a search for
            // a shorter mate reduces as before (with them a mate in 3 showed as a mate in 4)
            const plain = Math.abs(alpha) >= MATE_BOUND;
            r = (plain ? LMR : this.lmr)[Math.min(depth, 63) * 64 + Math.min(searched, 63)]!;
            if (pvNode && r > 0) r--;
            if (improving === 0) r++;
            if (bs < 0 && !plain) r++; // a negative history score: only with the history malus
            if (bs > HISTORY_GOOD && r > 0) r--;
            r = Math.max(0, Math.min(r, depth - 2));
          }
        }
        score = 0 - this.node(depth - 1 - r, -1 - alpha, 0 - alpha, ply + 1, childCheck, false);
        if (r > 0 && score > alpha && !this.stopped) score = 0 - this.node(depth - 1, -1 - alpha, 0 - alpha, ply + 1, childCheck, false);
        if (score > alpha && score < beta && pvNode && !this.stopped) score = 0 - this.node(depth - 1, 0 - beta, 0 - alpha, ply + 1, childCheck, true);
      }
      this.unmake(m, ply);
      if (this.stopped) return 0;
      searched++;
      if (quiet && triedQuiet < MALUS_MOVES && this.historyMalus && score < beta)
        this.triedQuiets[ply * MALUS_MOVES + triedQuiet++] = piece * size + moveTo(m);
      if (score > best) {
        best = score;
        bestMove = m;
        if (score > alpha) {
          alpha = score;
          if (pvNode) this.updatePv(ply, m);
          if (score >= beta) {
            if (quiet) {
              const k = ply * 2;
              if (this.killers[k] !== m) {
                this.killers[k + 1] = this.killers[k]!;
                this.killers[k] = m;
              }
              if (cmKey >= 0) this.counters[cmKey] = m;
              const h = piece * size + moveTo(m);
              this.history[h] = Math.min(this.history[h]! + depth * depth, 1 << 22);
              if (this.historyMalus) {
                const t = ply * MALUS_MOVES;
                for (let k = 0; k < triedQuiet; k++) {
                  const hk = this.triedQuiets[t + k]!;
                  this.history[hk] = Math.max(this.history[hk]! - depth * depth, -(1 << 22));
                }
              }
            }
            break;
          }
        }
      }
    }
    // no legal move loses (mate, stalemate, royals gone)
    if (!legalSeen) return -MATE + ply;
    if (searched === 0) return alpha0; // every move pruned: fail low
    const bound = best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER;
    this.tt.store(pos.hashLo, pos.hashHi, bestMove, scoreToTt(best, ply), depth, bound);
    return best;
  }

  /** Quiescence: stand pat, then captures (MVV-LVA, losing captures of defended pieces skipped). */
  private quiesce(alpha: number, beta: number, ply: number, knownCheck: number): number {
    const pos = this.pos;
    const v = pos.variant;
    this.pvLen[ply] = 0;
    if (this.nodes >= this.nextPoll) this.poll();
    if (this.stopped) return 0;
    if (ply > this.seldepth) this.seldepth = ply;
    const over = this.ruleEnd(ply);
    if (over !== NOT_OVER) return over;
    if (ply >= MAX_PLY - 2) return this.evaluate(-INF, INF);
    // the transposition table (the profile's tuning): a null-window node takes a bound that
    // decides it; an entry's move is tried first; a node whose entry came from the main search
    // (depth > 0) leaves it in place
    let ttMove = 0;
    let store = this.qsTable;
    const alpha0 = alpha;
    if (store && this.tt.probe(pos.hashLo, pos.hashHi) >= 0) {
      if (beta - alpha === 1) {
        const s = scoreFromTt(this.tt.score, ply);
        const bound = this.tt.bound;
        if (bound === BOUND_EXACT || (bound === BOUND_LOWER && s >= beta) || (bound === BOUND_UPPER && s <= alpha)) return s;
      }
      ttMove = this.tt.move;
      if (this.tt.depth > 0) store = false;
    }
    const evasions = this.profile.qsEvasions && (knownCheck >= 0 ? knownCheck === 1 : v.inCheck(pos));
    // pseudo-legal moves, each tested before it is played
    const lazy = v.moveLegal !== undefined;
    const checked = evasions || (lazy && !this.profile.qsEvasions && v.inCheck(pos));
    let best = -INF;
    if (!evasions) {
      best = this.evaluate(alpha, beta);
      if (best >= beta) return best;
      if (best > alpha) alpha = best;
    }
    const stride = this.stride;
    const base = ply * stride;
    const moves = this.moves;
    const scores = this.scores;
    const values = this.values;
    const b = pos.board;
    let end = base;
    // the largest capture among the moves, and whether one promotes (delta pruning never skips a
    // promotion): once the stand-pat score plus the largest capture cannot reach alpha, every move
    // left would be skipped by delta pruning, and the loop ends
    let maxCap = 0;
    let promotes = false;
    if (evasions) {
      end = lazy ? (this.profile.generatePseudo ?? generatePseudo)(pos, moves, base) : v.generateLegal(pos, moves, base);
      if (end === base) return -MATE + ply;
      this.scoreMoves(moves, scores, base, end, ttMove, ply);
    } else if (this.profile.generateCaptures || lazy) {
      // the loop below would end before its first move when even the most valuable enemy piece
      // cannot lift the stand-pat score to alpha (no promotions, single captures, no capturable
      // royal: fastCheck keeps the opponent's general out of reach): no need to generate
      if (lazy && this.fastCheck && !this.royalsCapturable && v.promotionMode === undefined && this.pst !== null) {
        const counts = this.inc.counts;
        const royal = v.royal;
        let most = 0;
        for (let code = pieceCode(1, pos.turn ^ 1); code < counts.length; code += 2)
          if (counts[code]! > 0 && royal[code] === 0 && values[code]! > most) most = values[code]!;
        if (best + most + 200 <= alpha) return best;
      }
      end = lazy ? this.pseudoCaptures(pos, moves, base) : this.profile.generateCaptures!(pos, moves, base);
      for (let i = base; i < end; i++) {
        const m = moves[i]!;
        const cap = this.captured(m);
        if (cap > maxCap) maxCap = cap;
        let s = cap * 64 - (values[b[moveFrom(m)]!]! >> 4);
        if (isPromotion(m)) {
          s += 32;
          promotes = true;
        }
        scores[i] = m === ttMove ? HASH_SCORE : s;
      }
    } else {
      const all = v.generateLegal(pos, moves, base);
      if (all === base) return -MATE + ply;
      for (let i = base; i < all; i++) {
        const m = moves[i]!;
        const cap = this.captured(m);
        if (cap === 0 && !isPromotion(m)) continue;
        if (cap > maxCap) maxCap = cap;
        if (isPromotion(m)) promotes = true;
        moves[end] = m;
        scores[end] = cap * 64 - (values[b[moveFrom(m)]!]! >> 4) + (isPromotion(m) ? 32 : 0);
        end++;
      }
    }
    const stand = best;
    const guarded = this.profile.qsSkipLosing;
    let legalSeen = false;
    let pickBound = NO_BOUND;
    let bestMove = 0;
    for (let i = base; i < end; i++) {
      if (!evasions && !promotes && stand + maxCap + 200 <= alpha) break;
      pickBest(moves, scores, i, end, pickBound);
      const m = moves[i]!;
      pickBound = scores[i]!;
      if (!evasions) {
        const cap = this.captured(m);
        // delta pruning: even winning this piece cannot lift the score to alpha
        if (stand + cap + 200 <= alpha && !isPromotion(m)) continue;
        // a capture that gives more than it takes onto a square the opponent guards loses material
        // on the recapture (a cheap SEE < 0); quiescence skips it where the profile asks for it
        if (guarded && !isPromotion(m) && values[b[moveFrom(m)]!]! > cap && guarded(pos, moveTo(m), pos.turn ^ 1)) continue;
      }
      if (lazy && !v.moveLegal!(pos, m, checked)) continue;
      legalSeen = true;
      this.make(m, ply);
      this.nodes++;
      const score = 0 - this.quiesce(0 - beta, 0 - alpha, ply + 1, this.knownCheckAfter(m));
      this.unmake(m, ply);
      if (this.stopped) return 0;
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          bestMove = m;
          if (score >= beta) break;
        }
      }
    }
    if (evasions && !legalSeen) return -MATE + ply; // mated (or stalemated: a loss in xiangqi)
    // fail-hard bounds: a lazy stand-pat score (or a delta-pruned capture) is only known to be at
    // most alpha, so a child's fail-soft score is no bound and a cutoff here is known to be >= beta
    if (store) {
      if (best >= beta) this.tt.store(pos.hashLo, pos.hashHi, bestMove, scoreToTt(beta, ply), 0, BOUND_LOWER);
      else if (best > alpha0) this.tt.store(pos.hashLo, pos.hashHi, bestMove, scoreToTt(best, ply), 0, BOUND_EXACT);
      else this.tt.store(pos.hashLo, pos.hashHi, 0, scoreToTt(alpha0, ply), 0, BOUND_UPPER);
    }
    return best;
  }
}

/**
 * Moves the first of the best-scored moves of [i, end) to i (swapping). `bound` is the score picked
 * last in this stage: nothing left can beat it, so the scan stops at the first move that equals it.
 */
function pickBest(moves: Int32Array, scores: Int32Array, i: number, end: number, bound: number): void {
  let bi = i;
  let bs = scores[i]!;
  if (bs < bound)
    for (let j = i + 1; j < end; j++)
      if (scores[j]! > bs) {
        bs = scores[j]!;
        bi = j;
        if (bs === bound) break;
      }
  if (bi !== i) {
    const m = moves[bi]!;
    moves[bi] = moves[i]!;
    scores[bi] = scores[i]!;
    moves[i] = m;
    scores[i] = bs;
  }
}

function moveToFront(moves: Int32Array, scores: Int32Array, i: number): void {
  const m = moves[i]!;
  const s = scores[i]!;
  for (let j = i; j > 0; j--) {
    moves[j] = moves[j - 1]!;
    scores[j] = scores[j - 1]!;
  }
  moves[0] = m;
  scores[0] = s;
}

/** Stable insertion sort by descending score (root lists are short). */
function sortByScore(moves: Int32Array, scores: Int32Array, n: number): void {
  for (let i = 1; i < n; i++) {
    const m = moves[i]!;
    const s = scores[i]!;
    let j = i - 1;
    while (j >= 0 && scores[j]! < s) {
      moves[j + 1] = moves[j]!;
      scores[j + 1] = scores[j]!;
      j--;
    }
    moves[j + 1] = m;
    scores[j + 1] = s;
  }
}

const scoreToTt = (s: number, ply: number): number => (s >= MATE_BOUND ? s + ply : s <= -MATE_BOUND ? s - ply : s);
const scoreFromTt = (s: number, ply: number): number => (s >= MATE_BOUND ? s - ply : s <= -MATE_BOUND ? s + ply : s);

/** Moves to mate for a score (positive: the side to move mates), or null for a normal score. */
export function mateIn(score: number): number | null {
  if (score >= MATE_BOUND) return Math.ceil((MATE - score) / 2);
  if (score <= -MATE_BOUND) return -Math.ceil((MATE + score) / 2);
  return null;
}

export const isMateScore = (score: number): boolean => Math.abs(score) >= MATE_BOUND;

let shared: Searcher | null = null;

/** Synchronous search with a shared searcher (for tests and the CLI). */
export function search(pos: Position, limits: SearchLimits = {}): SearchResult {
  shared ??= new Searcher();
  return shared.search(pos, limits);
}
