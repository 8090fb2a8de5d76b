/**
 * The puzzle checker (`chuhan puzzle --check FILE`): every solution of a library verified with the
 * engine. Per puzzle it finds
 *
 * - `illegal`: a move of the solution cannot be played (or the position cannot be read);
 * - `wrong`: a solver's move does not win (a mate puzzle's move allows no forced mate, or the line
 *   does not end in mate; a material puzzle's move scores below CHECK_DECISIVE);
 * - `cook`: another move wins as well at a solver step (mate: another move mates as fast or
 *   faster; material: another move keeps a decisive score, not clearly worse than the solution's);
 * - `defence`: a reply of the solution is not the best defence (another reply escapes the mate or
 *   delays it past the solution's length, or loses clearly less);
 * - `unsolved`: the source gives no solution (an `.eglib` entry without one): the line the engine
 *   finds is reported, or that it finds no forced win;
 * - `unconfirmed` (a note, not a problem): a mate longer than the search sees at this budget (the
 *   solver's move keeps a decisive score but no mate is found; a long tsume at a small budget).
 *
 * The same judge (judge.ts) decides as when the shipped sets were generated; its budget is a node
 * count or a time per search, so a finding is "at this budget" (a deeper search may see more).
 */
import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';
import { isMateScore, mateIn } from '../engine/search.js';
import { getGame } from '../games/registry.js';
import { CHECK_DECISIVE, clearlyWorse, DECISIVE, GAP, gameOver, moverWon, PuzzleJudge, type JudgeBudget, type PuzzleKind, scoreWins } from './judge.js';
import { buildLine, endsInMate, replayPuzzle } from './line.js';
import type { Puzzle } from './types.js';

export type FindingKind = 'illegal' | 'wrong' | 'cook' | 'defence' | 'unsolved' | 'unconfirmed';

/** Kinds that are problems of the library (`unconfirmed` is a note: beyond the budget). */
export const isProblem = (f: Finding): boolean => f.kind !== 'unconfirmed';

export interface Finding {
  readonly id: string;
  readonly kind: FindingKind;
  /** 1-based index of the solution's move the finding is about (0: the puzzle as a whole). */
  readonly move: number;
  /** The other move (the cook, the better defence), in the game's coordinates, when there is one. */
  readonly alternative?: string;
  /** One sentence. */
  readonly message: string;
}

/** The default budget of a check: nodes per search (deterministic). */
export const CHECK_NODES = 60_000;

const fmtScore = (s: number): string => {
  const m = mateIn(s);
  return m === null ? `${s > 0 ? '+' : ''}${s} cp` : m > 0 ? `mate in ${m}` : `mated in ${-m}`;
};

/** The kind a puzzle claims: its themes, else a line ending in mate is a mate, else material. */
function claimedKind(p: Puzzle, endsMate: boolean): PuzzleKind {
  if (p.themes.some((t) => /^mate\d*$/.test(t)) || endsMate) return 'mate';
  return p.themes.includes('advantage') ? 'advantage' : 'material';
}

/** The engine's line from a puzzle's position when its source gives none (null: no forced win found). */
export function solvePuzzle(p: Puzzle, judge: PuzzleJudge, maxSolver = 7): Puzzle | null {
  const start = replayPuzzle({ ...p, solution: [] });
  if (!start.ok) return null;
  const pos = start.value.start.clone();
  const solution: string[] = [];
  const themes = p.themes.filter((t) => !/^mate\d+$/.test(t));
  const first = judge.best(pos);
  if (first.score > 0 && isMateScore(first.score)) {
    // a mate: the engine's moves both sides until it is delivered (other mates may exist: duals)
    for (let ply = 0; ply < 2 * maxSolver; ply++) {
      if (moverWon(judge.game, pos) || gameOver(judge.game, pos)) break;
      const r = judge.best(pos);
      if (r.move === 0) break;
      solution.push(judge.game.coordinate.format(pos, r.move));
      pos.play(r.move);
    }
    if (solution.length % 2 === 1 && moverWon(judge.game, pos)) {
      if (!themes.includes('mate')) themes.push('mate');
      themes.push(`mate${(solution.length + 1) >> 1}`);
      return { ...p, solution, themes };
    }
    return null;
  }
  const line = buildLine(judge, pos, maxSolver);
  if (!line) return null;
  for (const m of line.moves) {
    solution.push(judge.game.coordinate.format(pos, m));
    pos.play(m);
  }
  if (line.kind === 'mate') themes.push(...(themes.includes('mate') ? [] : ['mate']), `mate${(solution.length + 1) >> 1}`);
  else if (!themes.includes(line.kind)) themes.push(line.kind);
  return { ...p, solution, themes };
}

/** A judge looking four times as far (nodes, time) as `judge`, for confirming a finding. */
export function deeperJudge(judge: PuzzleJudge): PuzzleJudge {
  const b = judge.budget;
  return new PuzzleJudge(judge.game, {
    ...(b.nodes === undefined ? {} : { nodes: b.nodes * 4 }),
    ...(b.timeMs === undefined ? {} : { timeMs: b.timeMs * 4 }),
    ...(b.depth === undefined ? {} : { depth: b.depth + 2 }),
  });
}

/** Checks one puzzle; no findings: the solution holds at the judge's budget. */
export function checkPuzzle(p: Puzzle, judge: PuzzleJudge, deep: PuzzleJudge = deeperJudge(judge)): Finding[] {
  const found: Finding[] = [];
  const add = (kind: FindingKind, move: number, message: string, alternative?: string) =>
    found.push({ id: p.id, kind, move, message, ...(alternative === undefined ? {} : { alternative }) });
  if (p.solution.length === 0) {
    const position = replayPuzzle(p);
    if (!position.ok) {
      add('illegal', 0, position.error);
      return found;
    }
    const solved = solvePuzzle(p, judge);
    add(
      'unsolved',
      0,
      solved
        ? `the source gives no solution; the engine finds ${solved.themes.find((t) => /^mate\d+$/.test(t)) ?? solved.themes.at(-1)}: ${solved.solution.join(' ')}`
        : 'the source gives no solution, and the engine finds no forced win with one winning move a step',
    );
    return found;
  }
  const replayed = replayPuzzle(p);
  if (!replayed.ok) {
    add('illegal', 0, replayed.error);
    return found;
  }
  const { game, start, moves } = replayed.value;
  const endsMate = endsInMate(replayed.value);
  // a line ending at a mate the rules do not end (a chu tsume's last check) is one solver move
  // shorter than the engine's mate, which captures the royal
  const final = start.clone();
  for (const m of moves) final.play(m);
  const extra = endsMate && !moverWon(game, final) ? 1 : 0;
  const kind = claimedKind(p, endsMate);
  if (kind === 'mate' && !endsMate) add('wrong', moves.length, 'the solution does not end in mate');
  const pos = start.clone();
  const fmt = (m: Move) => game.coordinate.format(pos, m);
  for (let i = 0; i < moves.length; i++) {
    const m = moves[i]!;
    const solverMovesLeft = ((moves.length - i + 1) >> 1) + extra;
    if (i % 2 === 0) solverStep(pos, m, i + 1, solverMovesLeft);
    else replyStep(pos, m, i + 1, solverMovesLeft);
    pos.play(m);
  }
  return found;

  function solverStep(at: Position, m: Move, n: number, left: number): void {
    const ranked = judge.rank(at);
    const mine = ranked.find((r) => r.move === m);
    const score = mine?.score ?? judge.scoreAfter(at, m);
    if (kind === 'mate' ? !scoreWins('mate', score) : score < CHECK_DECISIVE) {
      // a mate the search does not see is not refuted by it: only a score against the solver is
      if (kind === 'mate' && !(isMateScore(score) && score < 0)) {
        add('unconfirmed', n, `${fmt(m)}: the search finds no mate at this budget (${fmtScore(score)})`);
        return;
      }
      const best = ranked[0];
      add('wrong', n, `${fmt(m)} does not ${kind === 'mate' ? 'force mate' : 'keep a decisive score'} (${fmtScore(score)}; the engine plays ${best ? `${fmt(best.move)}, ${fmtScore(best.score)}` : 'nothing'})`);
      return;
    }
    const slow = kind === 'mate' ? (mateIn(score) ?? 0) - left : 0;
    if (slow > 0) add('wrong', n, `${fmt(m)} mates only in ${mateIn(score)}, not in ${left} as the solution has it`);
    for (const r of ranked) {
      if (r.move === m) continue;
      const cook =
        kind === 'mate'
          ? r.score > 0 && isMateScore(r.score) && (mateIn(r.score) ?? 99) <= left
          : r.score >= DECISIVE && !clearlyWorse(score, r.score);
      if (cook) add('cook', n, `${fmt(r.move)} wins too (${fmtScore(r.score)}, the solution's ${fmt(m)} ${fmtScore(score)})`, fmt(r.move));
    }
  }

  function replyStep(at: Position, m: Move, n: number, left: number): void {
    const best = judge.best(at);
    if (best.move === 0 || best.move === m) return;
    const played = judge.scoreAfter(at, m); // the replier's score after the solution's reply
    // mate: the defender escapes (a score not lost) or is mated later than the solution says
    const escapes = !isMateScore(best.score) ? best.score > -DECISIVE : best.score > 0 || -(mateIn(best.score) ?? 0) > left;
    const better = kind === 'mate' ? escapes : best.score > played + GAP;
    if (!better || best.score <= played) return;
    // confirmed by a deeper look at the escape (four times the budget) before it is reported
    at.play(best.move);
    const deeper = deep.best(at);
    at.undo();
    const still = kind === 'mate' ? !(deeper.score > 0 && isMateScore(deeper.score) && (mateIn(deeper.score) ?? 99) <= left) : -deeper.score > played + GAP;
    if (still)
      add('defence', n, `${fmt(best.move)} defends better than ${fmt(m)} (${fmtScore(-deeper.score)} for the defender, against ${fmtScore(played)})`, fmt(best.move));
  }
}


export interface LibraryCheck {
  readonly puzzles: number;
  readonly findings: Finding[];
  /** Puzzles with at least one problem (`unconfirmed` notes are no problems). */
  readonly faulty: number;
}

/** Checks every puzzle of a library (one game) at a budget; `progress` is told after each. */
export function checkPuzzles(puzzles: readonly Puzzle[], budget: JudgeBudget = { nodes: CHECK_NODES }, progress?: (done: number) => void): LibraryCheck {
  const judges = new Map<string, [PuzzleJudge, PuzzleJudge]>();
  const findings: Finding[] = [];
  let faulty = 0;
  puzzles.forEach((p, i) => {
    let pair = judges.get(p.game);
    if (!pair) {
      const judge = new PuzzleJudge(getGame(p.game), budget);
      pair = [judge, deeperJudge(judge)];
      judges.set(p.game, pair);
    }
    pair[0].searcher.clear();
    pair[1].searcher.clear();
    const f = checkPuzzle(p, pair[0], pair[1]);
    if (f.some(isProblem)) faulty++;
    findings.push(...f);
    progress?.(i + 1);
  });
  return { puzzles: puzzles.length, findings, faulty };
}
