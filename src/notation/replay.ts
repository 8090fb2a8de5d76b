/**
 * Replaying game records against the rules: the bridge between the syntax-only reader (pgn.ts)
 * and the engine. For each record it picks the game (Variant tag, FEN shape, or the moves'
 * notation), the start position (FEN tag), reads every move in whatever notation it is written in,
 * and reports the first illegal move with its ply, text, line:column and the reason, or the final
 * position and result.
 *
 * Speed: a game with a `RecordReader` (xiangqi: ICCS/UCI, the bulk of real data) decodes
 * coordinate moves directly instead of generating every legal move each ply.
 *
 * How a game ended is judged by the game's end rules through a `GameHistory` (core/history.ts,
 * games/<game>/end.ts): checkmate, stalemate, repetition rulings, move limits, material; the one
 * entry point for that judgement here is `gameResult`.
 */
import { FLAG_CHECK, GameHistory, resultScore } from '../core/history.js';
import { verdictFields } from '../core/verdict.js';
import type { GameResult } from '../core/game-result.js';
import type { Move } from '../core/move.js';
import { legalMoves } from '../core/perft.js';
import type { Position } from '../core/position.js';
import { bareProblem, formatProblem, type MoveProblem, type Problem, type ProblemCode } from '../core/problem.js';
import type { Result } from '../core/result.js';
import { notationFromFormatTag, PackedRecord, recordHints, variantFromVariantTag, type GameRecord, type RecordMove } from './pgn.js';
import { DEFAULT_GAME, GAMES, getGame, type GameId } from '../games/registry.js';
import type { Game, OpeningName, OpeningNamer, PackedReplay } from '../games/game.js';
import { explainRepetition, positionStatus, recordedOutcome, type RepetitionExplanation } from './status.js';
import { quoteInput } from '../core/text.js';

export interface ReplayError {
  /** 1-based ply of the offending move; for a syntax error, the ply the next move would have had. */
  readonly ply: number;
  /** The move text, or null for a syntax error. */
  readonly move: string | null;
  readonly line: number;
  readonly column: number;
  /** Byte offset in a binary record (XQF, CCBridge), where line and column are 0. */
  readonly offset?: number;
  /** What went wrong, as a code (`move.blocked`, `fen.side`, `pgn.unmatched-brace`). */
  readonly code: ProblemCode;
  /** The sentence (`formatProblem`). */
  readonly message: string;
}

export type GameStatus = 'ok' | 'illegal' | 'malformed';

/**
 * An ending the rules would have ruled at a ply the record goes on past (the players went on, so
 * the record's result stands): a note for validate, an error with `--strict`.
 */
export interface Ruling {
  readonly ply: number;
  /** The ruling's score: `1-0`, `0-1` or `1/2-1/2`. */
  readonly result: string;
  readonly reason: string;
  readonly detail: string | null;
}

export interface GameReport {
  /** 1-based position of the game in the input. */
  readonly index: number;
  readonly variant: GameId | null;
  /** ok; illegal (a readable move that is not legal there); malformed (bad syntax, tag or FEN, or a move text in no notation). */
  readonly status: GameStatus;
  /** Legal plies replayed. */
  readonly plies: number;
  /** The position after the last legal move (null when there is no position at all). */
  readonly fen: string | null;
  /** `1-0`, `0-1`, `1/2-1/2` or `*`. */
  readonly result: string;
  /** Why the game ended (checkmate, perpetual check, …), null while it goes on. */
  readonly reason: string | null;
  /** The ruling in one sentence (who did what, where), when there is one. */
  readonly detail: string | null;
  /** The ply at which the game ended by the rules (the record's last ply), or null. */
  readonly endPly: number | null;
  /** Endings the rules would have ruled before the record's last move (the record went on). */
  readonly rulings: readonly Ruling[];
  /** What the FEN tag has that no game reaches but is accepted (move number 0, a composed check). */
  readonly warnings?: readonly string[];
  /** With `explain`: the judged repetition that ended the game, if it ended so. */
  readonly explanation?: RepetitionExplanation | null;
  /** The result written in the record (result token, else Result tag), if any. */
  readonly recorded: string | null;
  readonly error: ReplayError | null;
  /** Remarks on how the record was read (e.g. an ambiguous WXF move settled by the moves after it). */
  readonly notes?: readonly string[];
  /** The legal moves replayed, when asked for with `keepMoves`. */
  readonly moves?: Move[];
  /** The start position, when asked for with `keepMoves`. */
  readonly start?: Position;
  /** The opening's name (xiangqi: ECCO), when asked for with `opening` and the game names one. */
  readonly opening?: OpeningName;
}

export interface ReplayOptions {
  /** Force the game (from --variant); otherwise taken from the record. */
  readonly variant?: GameId;
  /** Keep the start position and the list of moves in the report. */
  readonly keepMoves?: boolean;
  /** Explain a game ended by a judged repetition (the cycle move by move; validate --explain). */
  readonly explain?: boolean;
  /** Name the opening (validate --json): a game's loaded namer (`Game.openingNames`), or null for none. */
  readonly opening?: (game: Game) => OpeningNamer | null;
  /** The rule set (validate --rules), else the record's Rules tag, else the game's default. */
  readonly rules?: string;
  /** False: packed xiangqi records replay through the history move by move, not by the lean replayer (tests compare the two). */
  readonly lean?: boolean;
  /** False: the report's `fen` is null, the final position not written (validate's text lines do not show it). */
  readonly fen?: boolean;
}

/** A finished replay, as the result judge sees it. */
export interface ReplayedGame {
  readonly game: Game;
  /** The game's history (moves, hashes, flags), when the game has end rules. */
  readonly history: GameHistory | null;
  /** The position after the last move. */
  readonly final: Position;
  /** The result written in the record, if any. */
  readonly recorded: string | null;
}

export interface Judgement {
  /** `1-0`, `0-1`, `1/2-1/2`, or the recorded result (else `*`) while the rules decide nothing. */
  readonly result: string;
  readonly reason: string | null;
  readonly detail: string | null;
  readonly endPly: number | null;
}

/**
 * How a replayed game stands: the first ending the game's rules find along the moves (checkmate,
 * stalemate, perpetual check/chase, repetition, move limits, material, bare king…), else the
 * recorded result, else `*`. The single place for this judgement.
 */
export function gameResult(g: ReplayedGame): Judgement {
  if (g.history) {
    const r = g.history.finish();
    if (r) return { ...verdictFields(r), endPly: r.ply ?? g.history.plies };
    // the rules do not end the game: a written result stands (a decisive one as a resignation, a draw as agreed)
    const rec = recordedOutcome(g.game, g.recorded);
    if (rec) return { result: g.recorded!, reason: rec.reason, detail: rec.detail ?? null, endPly: null };
    return { result: g.recorded ?? '*', reason: null, detail: null, endPly: null };
  }
  // a game without end rules: the final position alone
  if (g.final.variant.generateLegal(g.final, scratch, 0) > 0) return { result: g.recorded ?? '*', reason: null, detail: null, endPly: null };
  const status = positionStatus(g.game, g.final);
  const winner = g.game.sideNames.indexOf(status.winner ?? '');
  return { result: winner === 0 ? '1-0' : winner === 1 ? '0-1' : '1/2-1/2', reason: status.reason, detail: null, endPly: null };
}

const scratch = new Int32Array(1024);
const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '*']);

function recordedResult(rec: GameRecord): string | null {
  if (rec.result !== null) return rec.result;
  const tag = rec.tags['Result']?.trim();
  if (tag === undefined) return null;
  if (tag === '½-½') return '1/2-1/2';
  return RESULTS.has(tag) ? tag : null;
}

/** The number of moves of a record (a packed one's without making its list). */
const moveCount = (rec: GameRecord): number => (rec instanceof PackedRecord ? rec.moveCount : rec.moves.length);
/** The text of move i of a record (a packed one's without making its list). */
const moveText = (rec: GameRecord, i: number): string => (rec instanceof PackedRecord ? rec.moveText(i) : rec.moves[i]!.text);

/**
 * Can the record's moves be replayed packed (`replayPacked`)? A packed record (ICCS-shaped moves)
 * of a game whose record reader has a packed replay (`RecordReader.packed`: xiangqi's).
 */
const replaysPacked = (game: Game, rec: GameRecord): rec is PackedRecord => rec instanceof PackedRecord && game.records?.packed !== undefined && game.endRules !== undefined;

/** Does the game's lean replayer stand for `replayPacked` here (the game's own rules and board)? */
const leansOn = (fast: PackedReplay, game: Game, start: Position): boolean => fast.lean !== undefined && fast.leansOn !== undefined && fast.leansOn(game.endRules, start);

/** The coordinate numbering of a record (games with a record reader), else no choice to make. */
function coordinateModeOf(game: Game, rec: GameRecord): { uci: boolean; sure: boolean } {
  if (replaysPacked(game, rec)) return game.records!.packed!.numbering(notationFromFormatTag(rec.tags['Format']), rec.packed);
  return game.records ? game.records.numbering(notationFromFormatTag(rec.tags['Format']), rec.moves, rec.tags['FEN']) : { uci: false, sure: true };
}

function gameOf(rec: GameRecord, opts: ReplayOptions): { id: GameId } | { error: ReplayError } {
  if (opts.variant) return { id: opts.variant };
  const tag = rec.tags['Variant'];
  if (tag !== undefined) {
    const id = variantFromVariantTag(tag);
    if (id === null) return { error: tagError(rec, { code: 'record.variant-tag', tag, allowed: GAMES.map((g) => g.id) }) };
    return { id };
  }
  // the bulk of real records: ICCS from the start, no tags to say so
  if (rec.tags['FEN'] === undefined && moveCount(rec) >= 2) {
    const first = moveText(rec, 0);
    const second = moveText(rec, 1);
    const claimed = GAMES.find((g) => g.records?.claims(first, second));
    if (claimed) return { id: claimed.id };
  }
  const hints = recordHints(rec.tags, rec.moves.slice(0, 40).map((x) => x.text));
  return { id: hints.variant ?? DEFAULT_GAME.id };
}

/** The report of a record that cannot be replayed at all (its game or start position is unreadable). */
function unreadable(base: { index: number; recorded: string | null }, variant: GameId | null, error: ReplayError): GameReport {
  return { ...base, variant, status: 'malformed', plies: 0, fen: null, result: base.recorded ?? '*', reason: null, detail: null, endPly: null, rulings: [], error };
}

function tagError(rec: GameRecord, problem: Problem): ReplayError {
  return { ply: 1, move: null, line: rec.startLine || 1, column: 1, code: problem.code, message: formatProblem(problem) };
}

const STACK_LIMIT = 4000;

/**
 * Replays records one after another, reusing one working position per game and the parsed start
 * positions (so a file of thousands of games allocates almost nothing per game).
 */
/** Is `ended` the ruling `prev` again (same reason and result)? */
const sameRuling = (prev: Ruling, ended: GameResult): boolean => prev.reason === ended.reason && prev.result === resultScore(ended);


/**
 * The rulings of a packed replay (`replayPacked`, `replayLean`) of `count` moves, the same as
 * `replayMoves` makes: `ruled(n, ended)` takes the history's ending after move n, overrules it
 * where the record goes on (keeping one ruling per run of the same ending), and answers false
 * where only the general replay may go on (royals captured before the record's end).
 */
function packedRulings(history: GameHistory, count: number): { rulings: Ruling[]; ruled: (n: number, ended: GameResult) => boolean } {
  const rulings: { -readonly [K in keyof Ruling]: Ruling[K] }[] = [];
  let lastRuled = -1;
  const ruled = (n: number, ended: GameResult): boolean => {
    const i = n - 1;
    const goesOn = n < count;
    const prev = rulings.length > 0 ? rulings[rulings.length - 1] : undefined;
    const repeats = prev !== undefined && sameRuling(prev, ended) && lastRuled >= i - 1;
    if (!goesOn) {
      if (repeats) history.overrule();
      return true;
    }
    if (ended.reason === 'royals captured') return false;
    history.overrule();
    if (!repeats) rulings.push({ ply: n, ...verdictFields(ended) });
    lastRuled = n;
    return true;
  };
  return { rulings, ruled };
}

/** One replay of a record's moves (replayMoves, replayPacked, replayLean): where it got and what it found. */
type ReplayRun = { pos: Position; history: GameHistory | null; plies: number; error: ReplayError | null; malformedMove: boolean; notes: string[]; rulings: Ruling[] };

export class Replayer {
  private readonly work = new Map<GameId, Position>();
  private readonly histories = new Map<GameId, GameHistory>();
  private readonly starts = new Map<string, Result<Position, Problem>>();

  constructor(private readonly opts: ReplayOptions = {}) {}

  private startPosition(game: Game, fen: string | undefined): Result<Position, Problem> {
    const key = `${game.id}|${game.rules ?? ''}|${fen ?? ''}`;
    let r = this.starts.get(key);
    if (!r) {
      if (this.starts.size > 64) this.starts.clear();
      r = game.parseFen(fen ?? game.startFen);
      this.starts.set(key, r);
    }
    return r;
  }

  /** The game's history, reset to `start` (one per game, reused), or null for a game without end rules. */
  private historyFor(game: Game, start: Position): GameHistory | null {
    const rules = game.endRules;
    let h = this.histories.get(game.id);
    // a start with other rules (a chu mate problem, another rule set) needs its own history
    if (!h || h.start.variant !== start.variant) {
      h = new GameHistory(rules, start);
      this.histories.set(game.id, h);
    } else h.reset(start);
    return h;
  }

  /**
   * Plays the move texts from `start` up to the first bad one: through the game's history when it
   * has end rules (which judges each ply), else on a working position.
   */
  private replayMoves(
    game: Game,
    start: Position,
    list: readonly RecordMove[],
    uci: boolean,
    san: boolean,
  ): ReplayRun {
    const notes: string[] = [];
    const rulings: { -readonly [K in keyof Ruling]: Ruling[K] }[] = [];
    let lastRuled = -1;
    const history = this.historyFor(game, start);
    let pos: Position;
    if (history) pos = history.position;
    else {
      pos = this.work.get(game.id) ?? start.clone();
      this.work.set(game.id, pos);
      pos.copyFrom(start);
    }
    let plies = 0;
    const reader = game.records;
    // whether the side to move is in check (1/0; -1: not known), from the check flag the history
    // keeps of each ply: it spares the coordinate reader a test of the general on most moves
    const knowsChecks = history !== null && reader?.legalCoordinate !== undefined;
    let checked = -1;
    for (let i = 0; i < list.length; i++) {
      const mv = list[i]!;
      const text = mv.text;
      let m = -1;
      let reason: MoveProblem | null = null;
      let shapeless = false;
      if (reader?.legalCoordinate && (m = reader.legalCoordinate(pos, text, uci, checked)) >= 0) {
        // the common case: a legal coordinate move
      } else if (reader) {
        const r = reader.read(pos, text, uci, san);
        if (r.ok) m = r.value;
        else if (reader.isCoordinate(text, uci)) reason = legalMoves(pos).length === 0 ? gameOverReason(game, pos) : r.error;
        else {
          reason = r.error;
          shapeless = game.classifyMove(text) === null;
          const settled = reason.code === 'move.ambiguous' ? reader.settle(pos, text, list, i + 1, uci) : null;
          if (settled) {
            notes.push(`move ${i + 1} ${quoteInput(text)} at line ${mv.line}:${mv.column} is ambiguous; ${settled.note}`);
            m = settled.move;
            reason = null;
          }
        }
      } else {
        const r = game.parseMove(pos, text);
        if (r.ok) m = r.value;
        else {
          reason = bareProblem(r.error, text);
          shapeless = game.classifyMove(text) === null;
        }
      }
      if (reason !== null) {
        // a text in no notation at all is malformed input (exit 2); a readable but illegal move is not (exit 1)
        const error = {
          ply: i + 1,
          move: mv.display ?? text,
          line: mv.line,
          column: mv.column,
          ...(mv.offset !== undefined ? { offset: mv.offset } : {}),
          code: reason.code,
          message: formatProblem(reason),
        };
        return { pos, history, plies, error, malformedMove: shapeless, notes, rulings };
      }
      if (history) {
        const ended = history.record(m);
        pos = history.position; // the history may have grown into a new position
        if (knowsChecks) checked = history.flagsAt(history.plies) & FLAG_CHECK ? 1 : 0;
        const goesOn = i + 1 < list.length;
        // (rulings[-1] of an empty list would be a slow property lookup on every ply: read it only when needed)
        const prevRuling = ended && rulings.length > 0 ? rulings[rulings.length - 1] : undefined;
        // an ending that stays from a ruling noted before (a move limit) is not where the rules end the record
        if (ended && !goesOn && prevRuling && sameRuling(prevRuling, ended) && lastRuled >= i - 1) history.overrule();
        else if (ended && goesOn) {
          // the record goes on past a ruling: the players went on, so it is a note, and the moves
          // after it are judged again — unless the game cannot go on (a side's royals are gone)
          if (ended.reason === 'royals captured') {
            const mv2 = list[i + 1]!;
            const error = { ply: i + 2, move: mv2.display ?? mv2.text, line: mv2.line, column: mv2.column, ...(mv2.offset !== undefined ? { offset: mv2.offset } : {}), code: 'move.game-over' as const, message: formatProblem({ code: 'move.game-over', state: ended.detail ?? ended.reason }) };
            return { pos, history, plies: plies + 1, error, malformedMove: false, notes, rulings };
          }
          history.overrule();
          const prev = rulings[rulings.length - 1];
          // an ending on the board that stays (bare king) or goes on with the same side's every move
          // (a check limit passed: each further check is ruled again) is noted once, where it began
          if (!(prev && sameRuling(prev, ended) && lastRuled >= i - 1))
            rulings.push({ ply: i + 1, ...verdictFields(ended) });
          lastRuled = i + 1;
        }
      } else {
        if (pos.sp >= STACK_LIMIT) {
          // the undo stack is bounded and replay never undoes: start a fresh history
          const fresh = pos.clone();
          this.work.set(game.id, fresh);
          pos = fresh;
        }
        pos.play(m);
      }
      plies++;
    }
    return { pos, history, plies, error: null, malformedMove: false, notes, rulings };
  }

  /**
   * `replayMoves` of a packed xiangqi record (ICCS-shaped coordinate moves, pgn.ts `PackedRecord`)
   * through the game's history, the move of each key tested with the game's `packed.isLegal`, as the record
   * reader's `legalCoordinate` tests it: the same run as `replayMoves` makes of the record's list
   * of moves while every move is legal. Null at the first move that is not (or a ruling that ends
   * the record): `replayMoves` then replays the record from the start and words the error.
   */
  private replayPacked(
    game: Game,
    start: Position,
    rec: PackedRecord,
    uci: boolean,
  ): ReplayRun | null {
    const packed = rec.packed;
    const count = packed.length / 3;
    const history = this.historyFor(game, start)!;
    const { rulings, ruled } = packedRulings(history, count);
    let pos = history.position;
    let checked = -1;
    const fast = game.records!.packed!;
    const moveOf = fast.move;
    const isLegal = fast.isLegal;
    for (let i = 0; i < count; i++) {
      const m = moveOf(packed[i * 3]!, uci);
      if (m < 0 || !isLegal(pos, m, checked)) return null;
      const ended = history.record(m);
      pos = history.position; // the history may have grown into a new position
      checked = history.flagsAt(history.plies) & FLAG_CHECK ? 1 : 0;
      if (ended && !ruled(i + 1, ended)) return null;
    }
    return { pos, history, plies: count, error: null, malformedMove: false, notes: [], rulings };
  }

  /**
   * `replayPacked` by the game's lean replayer (`packed.lean`, xiangqi's lean-replay.ts): the same run, null
   * in the same cases and in a few more that are out of the ordinary (the general replay then
   * decides them).
   */
  private replayLean(
    game: Game,
    start: Position,
    rec: PackedRecord,
    uci: boolean,
  ): ReplayRun | null {
    const packed = rec.packed;
    const count = packed.length / 3;
    const history = this.historyFor(game, start)!;
    const { rulings, ruled } = packedRulings(history, count);
    const plies = game.records!.packed!.lean!(history, packed, uci, ruled);
    // (-1: the general replay starts the history over)
    if (plies < 0) return null;
    return { pos: history.currentPosition(), history, plies, error: null, malformedMove: false, notes: [], rulings };
  }

  /** Replays one record. Never throws on bad input. */
  replay(rec: GameRecord): GameReport {
    const report = this.replayAs(rec, this.opts);
    // Nothing named the game and xiangqi coordinates did not fit from the start: XBoard chu
    // coordinates (f4f5) look the same, so try the other games and keep whichever reads furthest.
    if (
      report.status !== 'ok' &&
      report.error?.move != null &&
      report.error.ply <= 2 &&
      report.variant === DEFAULT_GAME.id &&
      !this.opts.variant &&
      rec.tags['Variant'] === undefined &&
      rec.tags['FEN'] === undefined
    ) {
      let best = report;
      for (const g of GAMES) {
        if (g.id === report.variant) continue;
        const other = this.replayAs(rec, { ...this.opts, variant: g.id });
        const bestPly = best.error?.ply ?? Infinity;
        if (other.status === 'ok' || (other.status === 'illegal' && other.error !== null && other.error.ply > bestPly)) best = other;
        if (best.status === 'ok') break;
      }
      return best;
    }
    return report;
  }

  private replayAs(rec: GameRecord, opts: ReplayOptions): GameReport {
    const recorded = recordedResult(rec);
    const base = { index: rec.index, recorded };
    const which = gameOf(rec, opts);
    if ('error' in which)
      return unreadable(base, null, which.error);
    let game = getGame(which.id);
    const rulesId = opts.rules ?? rec.tags['Rules']?.trim();
    if (rulesId && game.withRules) {
      const g = game.withRules(rulesId);
      if (!g) {
        const error = tagError(rec, { code: 'record.rules', value: rulesId, allowed: game.ruleSets ?? [] });
        return unreadable(base, game.id, error);
      }
      game = g;
    }
    const parsed = this.startPosition(game, rec.tags['FEN']);
    if (!parsed.ok) {
      const error = tagError(rec, { code: 'record.fen-tag', game: game.id, reason: parsed.error });
      return unreadable(base, game.id, error);
    }
    const start = parsed.value;
    const fenTag = rec.tags['FEN'];
    const warnings = fenTag !== undefined && game.fenWarnings ? game.fenWarnings(fenTag, start) : [];
    const packed = replaysPacked(game, rec);
    // a packed record's numbering is UCI only when its Format tag says so (packedNumbering): whether
    // that is sure (a rank 0, or a tag) matters only when a move does not fit, and is asked then
    let mode = packed ? { uci: notationFromFormatTag(rec.tags['Format']) === 'uci', sure: true } : coordinateModeOf(game, rec);
    // (a packed record's moves are ICCS-shaped keys, which xiangqi's readsSan never takes for SAN:
    // they read as coordinate moves)
    const san = packed ? false : (game.records?.readsSan(moveCount(rec) > 0 ? moveText(rec, 0) : '') ?? false);
    // a packed record replays without its list of moves while every move is a legal coordinate move
    let run =
      (packed ? (opts.lean !== false && leansOn(game.records!.packed!, game, start) ? this.replayLean(game, start, rec, mode.uci) : this.replayPacked(game, start, rec, mode.uci)) : null) ??
      this.replayMoves(game, start, rec.moves, mode.uci, san);
    if (run.error && packed) mode = coordinateModeOf(game, rec);
    if (run.error && !mode.sure) {
      // no move said which coordinate numbering the game uses: ranks 1-10 may read further
      const list = rec.moves;
      const other = this.replayMoves(game, start, list, true, san);
      if (!other.error || other.error.ply > run.error.ply) run = other;
      else run = this.replayMoves(game, start, list, false, san);
    }
    const { pos, history, plies } = run;
    let error = run.error;
    const malformedMove = run.malformedMove;
    let status: GameStatus = error ? (malformedMove ? 'malformed' : 'illegal') : 'ok';
    // A syntax error in the record outranks an illegal move that comes after it.
    const syntax = rec.errors[0];
    if (syntax && (!error || !isBefore(error, syntax))) {
      let ply = 1;
      for (const mv of rec.moves) if (isBefore(mv, syntax)) ply++;
      error = {
        ply,
        move: null,
        line: syntax.line,
        column: syntax.column,
        ...(syntax.offset !== undefined ? { offset: syntax.offset } : {}),
        code: syntax.problem.code,
        message: syntax.message,
      };
      status = 'malformed';
    }
    const judged = gameResult({ game, history, final: pos, recorded });
    // (a literal with the optional fields added after: spreading `base` and empty objects into it
    // made every field a slow store, a fifth of the replay's time)
    const report: { -readonly [K in keyof GameReport]: GameReport[K] } = {
      index: rec.index,
      recorded,
      variant: game.id,
      status,
      plies,
      fen: opts.fen === false ? null : game.formatFen(pos),
      result: judged.result,
      reason: judged.reason,
      detail: judged.detail,
      endPly: judged.endPly,
      rulings: run.rulings,
      error,
    };
    if (warnings.length) report.warnings = warnings;
    if (run.notes.length > 0) report.notes = run.notes;
    if (opts.explain && history) report.explanation = explainRepetition(game, history);
    const namer = opts.opening && history ? opts.opening(game) : null;
    if (namer && history) {
      const named = namer.name(start, history.moveList(namer.plies));
      if (named) report.opening = named;
    }
    if (opts.keepMoves && history) {
      report.moves = history.moveList();
      report.start = start.clone();
    }
    return report;
  }
}

/** Whether place a comes before place b in the input (byte offsets in binary records, else line:column). */
function isBefore(a: { line: number; column: number; offset?: number }, b: { line: number; column: number; offset?: number }): boolean {
  if (a.offset !== undefined && b.offset !== undefined) return a.offset < b.offset;
  return a.line < b.line || (a.line === b.line && a.column < b.column);
}

/** Where an error is: `byte N` in a binary record, else `line L:C`. */
const placeOf = (e: ReplayError): string => (e.offset !== undefined ? `byte ${e.offset}` : `line ${e.line}:${e.column}`);

/** Replays one record (see `Replayer` for many). Never throws on bad input. */
export function replayRecord(rec: GameRecord, opts: ReplayOptions = {}): GameReport {
  return new Replayer(opts).replay(rec);
}

function gameOverReason(game: Game, pos: Position): MoveProblem {
  const s = positionStatus(game, pos);
  if (s.reason === 'checkmate' || s.reason === 'stalemate')
    return { code: 'move.game-over', side: game.sideNames[pos.turn]!, state: s.reason === 'checkmate' ? 'checkmated' : 'stalemated' };
  return { code: 'move.game-over', state: s.reason ?? 'no legal move' };
}

/** Reasons whose ruling is printed after them in the human line (who did what, where). */
const DETAILED = new Set(['perpetual check', 'perpetual chase', 'move limit', 'bare king']);

/** One line of `chuhan validate` output for a game (cli.md). */
export function formatReportLine(r: GameReport): string {
  return `game ${r.index}: ${formatVerdict(r)}`;
}

/** A game's report line without its `game N: ` (`illegal move 3 "h2h9" at line 1:17: …`, `ok, 3 plies, …`). */
export function formatVerdict(r: GameReport): string {
  if (r.error && r.error.move !== null)
    return `${r.status === 'illegal' ? 'illegal' : 'malformed'} move ${r.error.ply} ${quoteInput(r.error.move)} at ${placeOf(r.error)}: ${r.error.message}`;
  if (r.error) return `malformed at ${placeOf(r.error)}: ${r.error.message}`;
  let tail = r.result + (r.reason ? ` ${r.reason}` : '');
  if (r.reason && r.detail && DETAILED.has(r.reason)) tail += `: ${r.detail}`;
  if (r.reason && r.endPly !== null && r.endPly < r.plies) tail += ` at ply ${r.endPly} (the record goes on to ply ${r.plies})`;
  if (r.reason && r.recorded && r.recorded !== '*' && r.recorded !== r.result) tail += ` (recorded ${r.recorded})`;
  if (r.notes) tail += r.notes.map((n) => `; note: ${n}`).join('');
  for (const x of r.rulings) tail += `; ${formatRuling(x)}`;
  for (const w of r.warnings ?? []) tail += `; warning: ${w}`;
  return `ok, ${r.plies} ${r.plies === 1 ? 'ply' : 'plies'}, ${tail}`;
}

/** `ruled at ply 73 (the record goes on): 1-0 perpetual check: …` */
export function formatRuling(x: Ruling): string {
  return `ruled at ply ${x.ply} (the record goes on): ${x.result} ${x.reason}${x.detail ? `: ${x.detail}` : ''}`;
}

const json = (v: unknown): string => JSON.stringify(v);

/**
 * `JSON.stringify(s)` of a string (or null), without the call for the common text that needs no
 * escape: JSON.stringify escapes only `"`, the backslash, control characters below U+0020 and lone
 * surrogates, so any other string is itself between quotes.
 */
function jsonString(s: string | null): string {
  if (typeof s !== 'string') return `${json(s)}`;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return JSON.stringify(s);
  }
  return `"${s}"`;
}

/** The file of the last report written, and the start of its reports' JSON (`{"file":…,"index":`). */
let jsonFile: string | null = null;
let jsonFileHead = '';

/**
 * The JSON text of a game in `chuhan validate --json` (cli.md), led by the file it came from:
 * written field by field (no intermediate object per game; the same text JSON.stringify gives).
 * The fields most games have are written here, the others by `reportJsonRest` (a small function
 * for the compiler to optimize, asked once per game).
 */
export function reportJsonText(file: string, r: GameReport): string {
  if (file !== jsonFile) {
    jsonFile = file;
    jsonFileHead = `{"file":${json(file)},"index":`;
  }
  const s = jsonFileHead + r.index + (r.status === 'ok' ? ',"ok":true,"variant":' : ',"ok":false,"variant":') + jsonString(r.variant) + ',"plies":' + r.plies + ',"fen":' + jsonString(r.fen) + ',"result":' + jsonString(r.result) + ',"reason":' + jsonString(r.reason);
  return reportJsonRest(s, r);
}

/** The JSON text of each opening object met (`reportJsonRest`). */
const OPENING_JSON = new WeakMap<object, string>();

function reportJsonRest(head: string, r: GameReport): string {
  let s = head;
  if (r.detail !== null) s += `,"detail":${json(r.detail)}`;
  if (r.endPly !== null) s += `,"endPly":${r.endPly}`;
  if (r.rulings.length) s += `,"rulings":${json(r.rulings.map((x) => ({ ply: x.ply, result: x.result, reason: x.reason, detail: x.detail })))}`;
  if (r.explanation) s += `,"explain":${json(r.explanation.json)}`;
  if (r.warnings?.length) s += `,"warnings":${json(r.warnings)}`;
  if (r.recorded !== null) s += `,"recorded":${jsonString(r.recorded)}`;
  if (r.status === 'malformed') s += ',"malformed":true';
  if (r.notes) s += `,"notes":${json(r.notes)}`;
  if (r.opening) {
    // (a namer answers one shared object per opening: its text is made once)
    let t = OPENING_JSON.get(r.opening);
    if (t === undefined) OPENING_JSON.set(r.opening, (t = json(r.opening)));
    s += `,"opening":${t}`;
  }
  return r.error === null ? s + ',"error":null}' : `${s},"error":${json(r.error)}}`;
}
