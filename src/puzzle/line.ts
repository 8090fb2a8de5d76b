/**
 * A puzzle's line: replaying a solution from its position (the moves read in any notation the game
 * accepts), building the one winning line from a position with the engine (the generator's method,
 * as lichess makes its puzzles: at each solver step exactly one move wins, the opponent answers with
 * the engine's best defence), and the themes and starting rating of a line.
 */
import { err, ok, type Result } from '../core/result.js';
import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';
import { formatProblem } from '../core/problem.js';
import { quoteInput } from '../core/text.js';
import { getGame, type Game } from '../games/registry.js';
import { balance, clearlyWorse, DECISIVE, gameOver, MIN_GAIN, moverWon, pieceIds, pieceValue, material, type PuzzleJudge, type PuzzleKind, scoreWins } from './judge.js';
import { isMateScore, mateIn } from '../engine/search.js';
import type { Puzzle } from './types.js';
import { legalMoves } from '../core/perft.js';

export interface ReplayedPuzzle {
  readonly game: Game;
  /** The puzzle's position (not changed by the replay). */
  readonly start: Position;
  readonly moves: readonly Move[];
}

/** The position of a puzzle (chu: a side without royals is a mate problem's attacker). */
export function puzzlePosition(game: Game, fen: string): Result<Position> {
  const r = game.parseFen(fen, 'problem');
  return r.ok ? ok(r.value) : err(`its position cannot be read: ${formatProblem(r.error)}`);
}

/** Replays a puzzle's solution; the error says which move is not legal and why, in one sentence. */
export function replayPuzzle(p: Puzzle): Result<ReplayedPuzzle> {
  const game = getGame(p.game);
  const start = puzzlePosition(game, p.fen);
  if (!start.ok) return start;
  const pos = start.value.clone();
  const moves: Move[] = [];
  for (const [i, text] of p.solution.entries()) {
    if (gameOver(game, pos)) return err(`the game is over before move ${i + 1} (${quoteInput(text)})`);
    const m = game.parseMove(pos, text);
    if (!m.ok) return err(`move ${i + 1} (${quoteInput(text)}) cannot be played: ${formatProblem(m.error)}`);
    moves.push(m.value);
    pos.play(m.value);
  }
  return ok({ game, start: start.value, moves });
}

/**
 * Does the line end in mate: the solver has won by the rules (mate, stalemate, royals captured),
 * or, as chu mate problems end, every reply of the defender lets the solver capture its last royal
 * (the defender is mated: the capture itself is left out)?
 */
export function endsInMate(r: ReplayedPuzzle): boolean {
  const pos = r.start.clone();
  for (const m of r.moves) pos.play(m);
  if (moverWon(r.game, pos)) return true;
  if (gameOver(r.game, pos)) return false;
  return legalMoves(pos).every((reply) => {
    pos.play(reply);
    const caught = !gameOver(r.game, pos) && legalMoves(pos).some((m) => {
      pos.play(m);
      const won = moverWon(r.game, pos);
      pos.undo();
      return won;
    });
    pos.undo();
    return caught;
  });
}

/** A winning line found by the engine, with what the themes and rating are made of. */
export interface BuiltLine {
  readonly kind: PuzzleKind;
  readonly moves: Move[];
  /** The solver's score at the start (mate scores included). */
  readonly score: number;
  /** The smallest gap between the winning move and the second best over the solver's steps. */
  readonly gap: number;
  /** Legal moves at the first step. */
  readonly choices: number;
}

/**
 * The one winning line from `pos` (the solver to move), or null when the position is no puzzle:
 * no mate and no decisive score, or at some solver step a second move wins too. Mate lines run to
 * the mate (at most `maxSolver` solver moves); material lines stop after the solver's move that
 * has won at least MIN_GAIN of material for good (the engine's best reply does not win it back);
 * a decisive line that wins no such material ends after its last forced solver move (an
 * `advantage` puzzle: one move keeps the decisive score, every other gives most of it away).
 * `pos` is left as it was.
 */
export function buildLine(judge: PuzzleJudge, pos: Position, maxSolver = 5): BuiltLine | null {
  const game = judge.game;
  const work = pos.clone();
  const first = judge.rank(work);
  if (first.length < 2) return null;
  const kind: 'mate' | 'material' | null = first[0]!.score > 0 && isMateScore(first[0]!.score) ? 'mate' : first[0]!.score >= DECISIVE ? 'material' : null;
  if (!kind) return null;
  if (kind === 'mate' && (mateIn(first[0]!.score) ?? 99) > maxSolver) return null;
  const startBalance = balance(work);
  const moves: Move[] = [];
  let ranked = first;
  let gap = Number.POSITIVE_INFINITY;
  const done = (k: PuzzleKind): BuiltLine => ({ kind: k, moves, score: first[0]!.score, gap, choices: first.length });
  // a decisive line that stops being forced ends after the solver's last forced move: an advantage puzzle
  const stopHere = (): BuiltLine | null => {
    if (kind === 'mate' || moves.length === 0) return null;
    moves.pop();
    return done('advantage');
  };
  for (let step = 0; step < maxSolver; step++) {
    const [best, second] = ranked;
    if (!best || !scoreWins(kind, best.score)) return stopHere();
    if (second) {
      if (kind === 'mate' ? scoreWins('mate', second.score) : !clearlyWorse(best.score, second.score)) return stopHere();
      gap = Math.min(gap, best.score - second.score);
    }
    work.play(best.move);
    moves.push(best.move);
    if (moverWon(game, work)) return kind === 'mate' ? done('mate') : null;
    if (gameOver(game, work)) return null;
    const reply = judge.best(work);
    if (reply.move === 0) return null;
    if (kind !== 'mate') {
      // won for good: after the best reply the solver is still up MIN_GAIN and the score decisive
      work.play(reply.move);
      const gained = -balance(work) - startBalance;
      work.undo();
      if (gained >= MIN_GAIN && -reply.score >= DECISIVE) return done('material');
    }
    if (step === maxSolver - 1) break;
    work.play(reply.move);
    moves.push(reply.move);
    if (gameOver(game, work)) return null;
    ranked = judge.rank(work);
  }
  return kind === 'mate' ? null : done('advantage');
}

/** Opening/middlegame/endgame by the material left (all pieces but royals) against the start's. */
export function phaseOf(game: Game, pos: Position, ply: number): 'opening' | 'middlegame' | 'endgame' {
  const start = game.parseFen(game.startFen);
  if (!start.ok) return 'middlegame';
  const full = material(start.value, 0) + material(start.value, 1);
  const left = (material(pos, 0) + material(pos, 1)) / full;
  if (left <= 0.4) return 'endgame';
  // the opening: the first plies (1.6 a piece each side starts with: xiangqi 24, chu 72) while little is taken
  const pieces = [...pieceIds(start.value, 0).values()].reduce((a, b) => a + b, 0);
  if (ply < Math.round(1.6 * pieces) && left >= 0.85) return 'opening';
  return 'middlegame';
}

/** Names players know for piece ids in endgame themes. */
const ENDGAME_NAMES: Readonly<Record<string, string>> = { chariot: 'rook', soldier: 'pawn' };
/** Defensive pieces left out of an endgame's kind (they do not attack). */
const DEFENDERS = new Set(['advisor', 'elephant']);

/**
 * The kind of an endgame by the solver's attacking material, e.g. `rook-cannon` (xiangqi pieces
 * as players name them), its strongest kinds first: at most four, two in a game of many kinds (chu).
 */
export function endgameKind(pos: Position): string {
  const ids = [...pieceIds(pos, pos.turn).keys()].filter((id) => !DEFENDERS.has(id));
  const spec = pos.variant.spec.pieces;
  const values = new Map(spec.map((p, i) => [p.id, i]));
  // strongest first by the engine's values (the piece's code for side 0 is kind << 1)
  const value = (id: string) => pieceValue(pos, ((values.get(id) ?? 0) + 1) << 1);
  ids.sort((a, b) => value(b) - value(a) || a.localeCompare(b));
  // a game of many kinds (chu: 30 and more) is named by its two strongest, else up to four
  const top = ids.slice(0, spec.length > 12 ? 2 : 4);
  return top.length === 0 ? 'bare' : top.map((id) => ENDGAME_NAMES[id] ?? id.replace(/^\+/, 'promoted-')).join('-');
}

/** The themes of a built line: `mate mateN` or `material`, `phase:…`, `endgame:…` in the endgame. */
export function lineThemes(game: Game, pos: Position, line: BuiltLine, ply: number): string[] {
  const solverMoves = (line.moves.length + 1) / 2;
  const themes = line.kind === 'mate' ? ['mate', `mate${solverMoves}`] : [line.kind];
  const phase = phaseOf(game, pos, ply);
  themes.push(`phase:${phase}`);
  if (phase === 'endgame') themes.push(`endgame:${endgameKind(pos)}`);
  if (solverMoves === 1) themes.push('oneMove');
  else if (solverMoves >= 4) themes.push('long');
  return themes;
}

/**
 * A starting rating from the line's difficulty: longer lines, more choices at the first step, a
 * quiet first move (no capture), and a narrow margin over the second-best move make it harder.
 * 1500 is the Glicko-2 average; the result is clamped to 800–2600.
 */
export function lineRating(pos: Position, line: BuiltLine): number {
  const solverMoves = (line.moves.length + 1) / 2;
  let r = 1050 + 220 * (solverMoves - 1) + (line.kind === 'material' ? 150 : 0);
  r += Math.min(200, 4 * line.choices);
  const before = pos.clone();
  const m = line.moves[0]!;
  const had = material(before, before.turn === 0 ? 1 : 0);
  before.play(m);
  const quiet = material(before, before.turn) === had;
  if (quiet) r += 150;
  if (Number.isFinite(line.gap) && !isMateScore(line.gap)) r += Math.max(0, 150 - Math.floor(line.gap / 4));
  return Math.max(800, Math.min(2600, Math.round(r / 10) * 10));
}
