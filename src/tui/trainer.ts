/**
 * The puzzle trainer behind `chuhan puzzle`, UI-free and synchronous like the Session it drives:
 * it deals a puzzle (the position on the session's board, the solver at the bottom), reads the
 * player's moves in any notation (the session's reading), refuses a wrong one, has the opponent's
 * replies played by the host after a pause (`reply`), gives hints (the piece, then its square),
 * shows the solution, and rates each puzzle once per deal (Glicko-2, src/puzzle/rating.ts).
 *
 * Rated: the first try at a puzzle dealt. A wrong move, a hint or the solution make it a miss at
 * once (saved at once: a kill loses nothing); solving without any makes it a win. A retry is not
 * rated again. A move that is not legal is a typo, not a miss. A last move that wins otherwise than
 * the solution's (another mate) is accepted.
 */
import type { Game, GameId } from '../games/registry.js';
import { moveFrom, moveTo, type Move } from '../core/move.js';
import { legalMoves } from '../core/perft.js';
import type { Position } from '../core/position.js';
import { pieceKind, type Side } from '../core/piece.js';
import { hasTheme, nextPuzzle, playerOf, puzzleKey, puzzleRatingOf, recordAttempt, type Progress } from '../puzzle/progress.js';
import type { Glicko } from '../puzzle/rating.js';
import type { Puzzle } from '../puzzle/types.js';
import { CHECK_NODES, solvePuzzle } from '../puzzle/check.js';
import { PuzzleJudge } from '../puzzle/judge.js';
import { Session } from './session.js';
import { quotesText } from './types.js';
import { formatProblem, quoted } from '../core/problem.js';

export type TrainerPhase = 'solve' | 'reply' | 'done' | 'empty';

export interface TrainerResult {
  ok: boolean;
  out: string[];
  err: string[];
  /** The opponent's reply is due: the host calls `reply(token)` after its pause. */
  reply?: number;
  quit?: boolean;
}

export interface TrainerOptions {
  game: Game;
  /** The library's key in the progress file (src/puzzle/load.ts). */
  library: string;
  puzzles: readonly Puzzle[];
  theme?: string;
  progress: Progress;
  /** Saves the progress after a rated attempt (`key`: the puzzle's); a problem sentence or null. */
  save?: (progress: Progress, game: GameId, key: string) => string | null;
  now?: () => Date;
}

export const TRAINER_HELP: readonly string[] = [
  'Puzzle commands (a bare move is played as well):',
  '  <move>              your move in any notation (h2e2, C2.5, 炮二平五, 7g7f, …); arrows/mouse and Enter too',
  '  hint                the piece to move; again: where it goes (the puzzle then counts as a miss)',
  '  solution, give up   show the line (a miss)',
  '  next                the next puzzle near your rating (giving this one up if it is not over)',
  '  retry               this puzzle again from its start (not rated again)',
  '  ?<square>           the legal destinations of the piece on a square',
  '  ←/→, undo, redo     look through the line once the puzzle is over',
  '  flip, notation [id], fen, moves, status',
  '  help, quit',
  'Rated once per puzzle dealt (Glicko-2): solved without a wrong move or hint is a win, else a miss.',
];

/** The legal move a solution's text names (the game's coordinate notation, as `chuhan moves` prints it), or null. */
export function coordinateMove(game: Game, pos: Position, text: string): Move | null {
  return legalMoves(pos).find((m) => game.coordinate.format(pos, m) === text) ?? null;
}

const fmtRating = (g: Glicko): string => `${Math.round(g.rating)}`;
const signed = (x: number): string => (x >= 0 ? `+${x}` : `${x}`);

export class PuzzleTrainer {
  readonly session: Session;
  readonly game: Game;
  readonly library: string;
  /** The puzzles (an entry its source gave no solution is replaced by the engine's line when dealt, or left out). */
  puzzles: readonly Puzzle[];
  /** The engine that finds the line of an entry given without one (made at the first such entry). */
  private judge: PuzzleJudge | undefined;
  readonly theme: string | undefined;
  progress: Progress;
  puzzle: Puzzle | null = null;
  phase: TrainerPhase = 'empty';
  /** Index into the solution of the next move to play. */
  step = 0;
  /** This deal was rated already (a miss, or the win). */
  rated = false;
  /** This deal had a wrong move, a hint or the solution. */
  missed = false;
  /** 0 no hint yet, 1 the piece shown, 2 the square shown. */
  hintLevel = 0;
  /** The solution was shown (the line played out). */
  gaveUp = false;
  /** The rating change of this deal's rated attempt (shown when the puzzle is over). */
  change: { player: { before: Glicko; after: Glicko }; puzzle: { before: Glicko; after: Glicko } } | null = null;
  /** Solved and missed this run (for the words at the end). */
  solvedCount = 0;
  missedCount = 0;
  /** The last problem saving the progress, or null. */
  saveError: string | null = null;
  private solver: Side = 0;
  private token = 0;
  private readonly save: TrainerOptions['save'];
  private readonly now: () => Date;

  constructor(o: TrainerOptions) {
    this.game = o.game;
    this.library = o.library;
    this.puzzles = o.puzzles;
    this.theme = o.theme;
    this.progress = o.progress;
    this.save = o.save;
    this.now = o.now ?? (() => new Date());
    this.session = new Session(o.game, { players: ['human', 'human'] });
  }

  /** The puzzles of the theme, and how many of them are solved. */
  counts(): { total: number; solved: number } {
    const all = this.puzzles.filter((p) => this.theme === undefined || hasTheme(p, this.theme));
    return { total: all.length, solved: all.filter((p) => this.progress.puzzles[puzzleKey(this.library, p)]?.solved).length };
  }

  /** Deals the next puzzle near the player's rating (not the one just played while another is left). */
  next(): string[] {
    for (;;) {
      const p = nextPuzzle(this.progress, this.library, this.puzzles, this.theme, this.puzzle?.id);
      if (!p) {
        this.phase = 'empty';
        const { total } = this.counts();
        return [`every puzzle${this.theme ? ` of the theme ${this.theme}` : ''} here is solved (${total}); --theme or a puzzle file gives more`];
      }
      if (p.solution.length > 0) return this.deal(p, false);
      // an entry whose source gives no solution (an .eglib): the engine's line, found now at the
      // checker's budget; an entry with no forced win is left out
      this.judge ??= new PuzzleJudge(this.game, { nodes: CHECK_NODES });
      const solved = solvePuzzle(p, this.judge);
      this.puzzles = this.puzzles.flatMap((q) => (q !== p ? [q] : solved ? [solved] : []));
      if (solved) return this.deal(solved, false);
    }
  }

  /** Sets up a puzzle from its start; `again`: a retry (not rated again). */
  deal(p: Puzzle, again: boolean): string[] {
    const e = this.session.reset(this.game, p.fen);
    if (e) {
      this.phase = 'empty';
      return [`the puzzle ${p.id} has a bad position: ${e}`];
    }
    this.puzzle = p;
    this.solver = this.session.turn;
    this.session.flipped = this.solver === 1;
    this.phase = 'solve';
    this.step = 0;
    this.hintLevel = 0;
    this.gaveUp = false;
    this.missed = false;
    // a retry keeps the deal rated (not rated again) and says so, not the first try's change
    if (!again) this.rated = false;
    this.change = null;
    const you = this.session.sideName(this.solver);
    return [`puzzle ${p.id}${again ? ' again (not rated again)' : ''}: ${you} to move, find the best move`];
  }

  /** The opponent's reply (the host calls it after its pause); null when it is no longer due. */
  reply(token: number): string[] | null {
    if (this.phase !== 'reply' || token !== this.token || !this.puzzle) return null;
    const m = this.solutionMove(this.step);
    if (m === null) {
      this.phase = 'done';
      return [`the puzzle ${this.puzzle.id}'s reply ${this.puzzle.solution[this.step]} is not a legal move here`];
    }
    const text = this.session.typedText(m);
    const side = this.session.sideName(this.session.turn);
    this.session.play(m);
    this.step++;
    this.phase = 'solve';
    return [`${side} answers ${text}; your move`];
  }

  /** The solution's move at `i` in the session's position (null: not legal there). */
  private solutionMove(i: number): Move | null {
    const text = this.puzzle?.solution[i];
    if (text === undefined) return null;
    return coordinateMove(this.game, this.session.pos, text);
  }

  /** Rates this deal once: a miss (`solved` false) or a win; whether it was rated now. */
  private rate(solved: boolean): boolean {
    if (this.rated || !this.puzzle) return false;
    this.rated = true;
    const r = recordAttempt(this.progress, this.library, this.puzzle, solved, this.now());
    this.progress = r.progress;
    this.change = { player: r.player, puzzle: r.puzzle };
    if (solved) this.solvedCount++;
    else this.missedCount++;
    if (this.save) this.saveError = this.save(this.progress, this.puzzle.game, puzzleKey(this.library, this.puzzle));
    return true;
  }

  /** The words on the rating change of this deal. */
  changeLine(): string {
    const c = this.change;
    if (!c) return 'not rated (a retry)';
    const d = Math.round(c.player.after.rating) - Math.round(c.player.before.rating);
    return `your rating ${fmtRating(c.player.before)} → ${fmtRating(c.player.after)} (${signed(d)}) · puzzle ${fmtRating(c.puzzle.before)} → ${fmtRating(c.puzzle.after)}`;
  }

  /** Runs one line: a move, or a trainer command. */
  command(line: string): TrainerResult {
    const text = line.trim();
    const okr = (...out: string[]): TrainerResult => ({ ok: true, out, err: [] });
    const fail = (...err: string[]): TrainerResult => ({ ok: false, out: [], err });
    if (text === '' || text.startsWith('#')) return okr();
    const [word = '', ...args] = text.toLowerCase().split(/\s+/);
    switch (word) {
      case 'quit':
      case 'exit':
      case 'q':
        return { ...okr(), quit: true };
      case 'help':
        return okr(...TRAINER_HELP);
      case 'next':
      case 'skip': {
        const before = this.phase === 'solve' || this.phase === 'reply' ? this.giveUpLines() : [];
        return okr(...before, ...this.next());
      }
      case 'retry':
      case 'again':
        if (!this.puzzle) return fail('there is no puzzle to retry');
        return okr(...this.deal(this.puzzle, true));
      case 'hint':
        if (args.length > 0) return this.session.command(text);
        return this.hint();
      case 'solution':
      case 'giveup':
      case 'resign':
        return this.phase === 'solve' || this.phase === 'reply' ? okr(...this.giveUpLines()) : fail('the puzzle is over: next, retry or quit');
      case 'give':
        if (args[0] === 'up') return this.phase === 'solve' || this.phase === 'reply' ? okr(...this.giveUpLines()) : fail('the puzzle is over: next, retry or quit');
        break;
      case 'undo':
      case 'redo':
        if (this.phase !== 'done') return fail('← → and undo/redo look through the line once the puzzle is over');
        return this.session.command(text);
      case 'flip':
      case 'notation':
      case 'moves':
      case 'status':
      case 'show':
      case 'board':
        return this.session.command(text);
      case 'fen':
        if (args.length > 0) return fail('a puzzle keeps its position: fen without a FEN prints it');
        return this.session.command(text);
    }
    if (text.startsWith('?')) return this.session.command(text);
    return this.move(text);
  }

  /** A move typed (or chosen with the cursor or the mouse). */
  private move(text: string): TrainerResult {
    const fail = (...err: string[]): TrainerResult => ({ ok: false, out: [], err });
    if (this.phase === 'empty' || !this.puzzle) return fail('there is no puzzle now: next deals one, quit leaves');
    if (this.phase === 'done') return fail('the puzzle is over: next, retry or quit');
    if (this.phase === 'reply') return fail(`wait for ${this.session.sideName(this.session.turn)}'s reply`);
    const r = this.session.parseMove(text);
    if (!r.ok) return fail(formatProblem(quotesText(r.error, text) ? r.error : quoted(text, r.error)));
    const m = r.value;
    const want = this.solutionMove(this.step);
    const shown = this.session.typedText(m);
    if (m !== want) {
      // another move that wins at once (another mate) is as good as the solution's last move
      if (!this.winsAtOnce(m)) {
        this.missed = true;
        const now = this.rate(false);
        return fail(`${shown} is not the move; try again${now ? ' (this puzzle counts as a miss)' : ''}`);
      }
    }
    const lines = this.session.play(m);
    this.session.highlights = [];
    this.step++;
    const won = this.session.outcome()?.winner === this.solver;
    if (won || this.step >= this.puzzle.solution.length) {
      this.phase = 'done';
      if (!this.missed) this.rate(true);
      const head = this.missed ? `solved, after a miss: ${lines[0] ?? shown}` : `solved! ${lines[0] ?? shown}`;
      return { ok: true, out: [head, this.changeLine()], err: [] };
    }
    this.phase = 'reply';
    this.token++;
    return { ok: true, out: [`right: ${lines[0] ?? shown}`], err: [], reply: this.token };
  }

  /** Does the move win the game on the spot for the solver (a mate, the king captured)? */
  private winsAtOnce(m: Move): boolean {
    const pos = this.session.pos;
    pos.play(m);
    try {
      return this.session.positionOutcome(pos)?.winner === this.solver;
    } finally {
      pos.undo();
    }
  }

  private hint(): TrainerResult {
    if (this.phase !== 'solve') return { ok: false, out: [], err: [this.phase === 'reply' ? 'wait for the reply' : 'the puzzle is over: next, retry or quit'] };
    const m = this.solutionMove(this.step);
    if (m === null) return { ok: false, out: [], err: ['this puzzle has no move to hint at here'] };
    this.missed = true;
    const miss = this.rate(false) ? ' (this puzzle counts as a miss now)' : '';
    const from = moveFrom(m);
    const p = this.session.pos.board[from]!;
    const name = this.session.pos.variant.pieces[pieceKind(p) - 1]?.name;
    if (this.hintLevel === 0) {
      this.hintLevel = 1;
      this.session.highlights = [from];
      return { ok: true, out: [`hint: the ${name ?? 'piece'} on ${this.session.square(from)}${miss}`], err: [] };
    }
    this.hintLevel = 2;
    this.session.highlights = [from, moveTo(m)];
    return { ok: true, out: [`hint: ${this.session.square(from)} to ${this.session.square(moveTo(m))}${miss}`], err: [] };
  }

  /** Gives up: the rest of the line played out on the board, the whole line said; a miss. */
  private giveUpLines(): string[] {
    if (!this.puzzle) return [];
    this.rate(false);
    this.missed = true;
    this.gaveUp = true;
    while (this.step < this.puzzle.solution.length) {
      const m = this.solutionMove(this.step);
      if (m === null) break;
      this.session.play(m);
      this.step++;
    }
    this.session.highlights = [];
    this.phase = 'done';
    return [`the solution: ${this.lineText()}`, this.changeLine()];
  }

  /** The whole solution in the session's notation, numbered from the puzzle's position. */
  lineText(): string {
    const p = this.puzzle;
    if (!p) return '';
    const r = this.game.parseFen(p.fen);
    if (!r.ok) return p.solution.join(' ');
    const pos = r.value;
    const fmt = this.session.formatter();
    const out: string[] = [];
    for (const text of p.solution) {
      const m = coordinateMove(this.game, pos, text);
      if (m === null) {
        out.push(text);
        break;
      }
      const n = pos.fullmove;
      const shown = fmt.format(pos, m);
      out.push(out.length === 0 && pos.turn === 1 ? `${n}... ${shown}` : pos.turn === 0 ? `${n}. ${shown}` : shown);
      pos.play(m);
    }
    return out.join(' ');
  }

  // ---- what the board shows ----

  title(): string {
    const p = this.puzzle;
    if (!p) return `chuhan · ${this.game.id} · puzzles`;
    const r = puzzleRatingOf(this.progress, this.library, p);
    const themes = p.themes.filter((t) => !t.startsWith('phase:')).join(' ');
    return `chuhan · ${this.game.id} · puzzle ${p.id} (${fmtRating(r)})${themes ? ` · ${themes}` : ''}`;
  }

  /** The line under the title: the player's rating and the theme's progress. */
  header(): string {
    const me = playerOf(this.progress, this.game.id);
    const { total, solved } = this.counts();
    const side = this.puzzle ? `you: ${this.session.sideName(this.solver)} · ` : '';
    return `${side}rating ${fmtRating(me)} ±${Math.round(me.rd)} · solved ${solved} of ${total}${this.theme ? ` (${this.theme})` : ''} · this run ${this.solvedCount}✓ ${this.missedCount}✗`;
  }

  status(): string {
    const s = this.session;
    const last = s.moveTexts().at(-1);
    const parts: string[] = [];
    switch (this.phase) {
      case 'solve': {
        const total = Math.ceil((this.puzzle?.solution.length ?? 1) / 2);
        parts.push(`${s.sideName(s.turn)} to move: find the best move (${Math.floor(this.step / 2) + 1} of ${total})`);
        if (s.inCheck()) parts.push('check');
        break;
      }
      case 'reply':
        parts.push(`${s.sideName(s.turn)} is answering…`);
        break;
      case 'done':
        parts.push(this.gaveUp ? 'given up' : this.missed ? 'solved, after a miss' : 'solved');
        break;
      case 'empty':
        parts.push('no puzzle left');
    }
    if (last) parts.push(`last move ${last}`);
    return parts.join(' · ');
  }

  /** The key help under the prompt (two lines). */
  keys(): string[] {
    if (this.phase === 'done')
      return ['next: another puzzle · retry: this one again · ←/→: look through the line', 'flip · notation · help · quit'];
    if (this.phase === 'empty') return ['quit · help', ''];
    return ['type a move (any notation), or arrows/mouse and Enter: select and move', 'hint · solution · next · retry · flip · notation · help · quit'];
  }
}
