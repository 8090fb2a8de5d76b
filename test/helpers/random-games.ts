/**
 * Random legal games for the round-trip property test (test/roundtrip.test.ts), from a seed: a
 * start position (the standard one, or a set-up: a random opening, some pieces taken off, a piece
 * of a chosen kind put on, random move counters), then random legal plies (none, one, two, or a
 * longer game), biased towards the moves writers find hard: promotions, chu lion double moves
 * (igui and passes included), captures, moves of the chosen kind.
 */
import { isPass, isPromotion, moveFrom, moveMid, moveTo, staysPut, type Move } from '../../src/core/move.js';
import { legalMoves } from '../../src/core/perft.js';
import { pieceCode, pieceKind } from '../../src/core/piece.js';
import type { Position } from '../../src/core/position.js';
import type { Game } from '../../src/games/registry.js';
import { seededRandom } from './sample.js';

export interface RandomGame {
  readonly game: Game;
  /** The start position (parsed from its FEN: what a reader can get back). */
  readonly start: Position;
  readonly setUp: boolean;
  readonly moves: readonly Move[];
  /** `1-0`, `0-1`, `1/2-1/2` or `*`. */
  readonly result: string;
  /** PGN tags (players under the game's own first-player name). */
  readonly tags: ReadonlyArray<readonly [string, string]>;
  /** The piece kinds that moved, and what kinds of move were played. */
  readonly kinds: ReadonlySet<number>;
  readonly promotions: number;
  readonly doubleMoves: number;
  readonly igui: number;
  readonly passes: number;
}

const RESULTS = ['1-0', '0-1', '1/2-1/2', '*'];
/** Characters of tag values: what PGN must escape (`"`, `\`), what looks like PGN syntax, other scripts. */
const TAG_CHARS = ['a', 'Z', ' ', '"', '\\', '[', ']', '{', '}', ';', '%', '(', ')', '.', '1', '-', '中', '象', 'é', '—', '将', '\\"', '*', '$', '\u202e'];
/** Control characters (an XQF header may hold them): a PGN tag cannot, they are written as a space. */
const CONTROLS = ['\t', '\n', '\r\n', '\u0001', '\u001b', '\u007f', '\u0085'];

function tagValue(rand: (n: number) => number): string {
  const n = rand(12);
  let s = '';
  for (let i = 0; i < n; i++) s += rand(10) === 0 ? CONTROLS[rand(CONTROLS.length)]! : TAG_CHARS[rand(TAG_CHARS.length)]!;
  // PGN readers trim tag values: leading and trailing blanks are not part of one
  return s.trim();
}

/** The number of plies: none, one, two, or a longer game. */
function plyCount(rand: (n: number) => number, max: number): number {
  const r = rand(10);
  if (r === 0) return 0;
  if (r === 1) return 1;
  if (r === 2) return 2;
  return 3 + rand(max - 2);
}

/** A legal move, biased towards promotions, double moves, captures and moves of the `kinds` (`eager`: mostly those). */
function pick(pos: Position, list: readonly Move[], rand: (n: number) => number, kinds: readonly number[], eager = false): Move {
  const want = eager && rand(4) !== 0 ? 4 : rand(8);
  const of = (f: (m: Move) => boolean): Move[] => list.filter(f);
  let pool: Move[] = [];
  if (want === 0) pool = of((m) => isPromotion(m));
  else if (want === 1) pool = of((m) => moveMid(m) >= 0);
  else if (want === 2) pool = of((m) => moveMid(m) >= 0 && staysPut(m));
  else if (want === 3) pool = of((m) => pos.board[moveTo(m)] !== 0);
  else if (want === 4) pool = of((m) => kinds.includes(pieceKind(pos.board[moveFrom(m)]!)));
  if (pool.length === 0) pool = [...list];
  return pool[rand(pool.length)]!;
}

/** Has either side lost all its royal pieces (the game is over: no reader goes on)? */
function royalsGone(game: Game, pos: Position): boolean {
  const left = [0, 0];
  for (const p of pos.board) if (p !== 0 && game.variant.pieces[pieceKind(p) - 1]!.royal) left[p & 1]!++;
  return left[0] === 0 || left[1] === 0;
}

/**
 * A set-up start: a random opening of up to `opening` plies, then (sometimes) some pieces taken
 * off and pieces of the `kinds` put on empty squares for the side to move, and random counters;
 * each edit is kept only when the game's FEN reader takes the position.
 */
function setUpStart(game: Game, rand: (n: number) => number, kinds: readonly number[], opening: number): Position {
  const std = game.parseFen(game.startFen);
  if (!std.ok) throw new Error(`${game.id}: start FEN`);
  const pos = std.value;
  const n = rand(opening + 1);
  for (let i = 0; i < n; i++) {
    const list = legalMoves(pos);
    if (list.length === 0) break;
    pos.play(pick(pos, list, rand, kinds));
    if (royalsGone(game, pos)) break;
  }
  const counted = (p: Position): Position => {
    p.halfmove = rand(3) === 0 ? 0 : rand(60);
    p.fullmove = 1 + rand(150);
    return p;
  };
  const base = game.parseFen(game.formatFen(counted(pos)));
  if (!base.ok) throw new Error(`${game.id}: FEN of a played position not read back`);
  const edited = base.value.clone();
  const size = edited.variant.geometry.size;
  // a position the FEN reader takes without a warning (not a composed one: the side not to move in check)
  const reads = (): boolean => {
    const fen = game.formatFen(edited);
    const r = game.parseFen(fen);
    return r.ok && (game.fenWarnings?.(fen, r.value) ?? []).length === 0 && legalMoves(r.value).length > 0;
  };
  // room for the featured pieces (a side has at most its start's number of pieces): some taken off
  const off = kinds.length + rand(size / 4);
  for (let i = 0, tries = 0; i < off && tries < size * 4; tries++) {
    const sq = rand(size);
    const p = edited.board[sq]!;
    if (p === 0 || game.variant.pieces[pieceKind(p) - 1]!.royal) continue;
    edited.put(sq, 0);
    if (reads()) i++;
    else edited.put(sq, p);
  }
  for (const kind of kinds) {
    for (let tries = 0; tries < 20; tries++) {
      const sq = rand(size);
      if (edited.board[sq] !== 0) continue;
      edited.put(sq, pieceCode(kind, edited.turn));
      if (reads()) break;
      edited.put(sq, 0);
    }
  }
  const r = game.parseFen(game.formatFen(edited));
  return r.ok ? r.value : base.value;
}

/** Game `i` of a seeded series: set-ups for one in two games. */
export function randomGame(game: Game, seed: number, i: number): RandomGame {
  const rand = seededRandom(seed * 7919 + i * 104729 + (game.id === 'xiangqi' ? 1 : 2));
  const count = game.variant.pieces.length;
  const setUp = i % 2 === 1;
  // each set-up features five kinds, going round all of them
  const kinds = Array.from({ length: 5 }, (_, j) => 1 + ((((i >> 1) * 5 + j) % count) | 0));
  const long = game.id === 'xiangqi' ? 90 : 100;
  let start: Position;
  if (setUp) start = setUpStart(game, rand, kinds, long);
  else {
    const r = game.parseFen(game.startFen);
    if (!r.ok) throw new Error(`${game.id}: start FEN`);
    start = r.value;
  }
  const pos = start.clone();
  const moves: Move[] = [];
  const moved = new Set<number>();
  let promotions = 0;
  let doubleMoves = 0;
  let igui = 0;
  let passes = 0;
  // short games from the start and from one set-up in four; the other set-ups play their featured kinds
  const plies = setUp && i % 8 !== 1 ? 12 + rand(long - 11) : plyCount(rand, long);
  for (let k = 0; k < plies; k++) {
    const list = legalMoves(pos);
    if (list.length === 0 || royalsGone(game, pos)) break;
    // the first plies of a set-up move its featured kinds that have not moved yet
    const waiting = kinds.filter((x) => !moved.has(x));
    const m = pick(pos, list, rand, waiting.length > 0 && k < 12 ? waiting : kinds, setUp && k < 12);
    moved.add(pieceKind(pos.board[moveFrom(m)]!));
    if (isPromotion(m)) promotions++;
    if (moveMid(m) >= 0) {
      doubleMoves++;
      if (isPass(pos.board, m)) passes++;
      else if (staysPut(m)) igui++;
    }
    moves.push(m);
    pos.play(m);
  }
  const [first, second] = [game.pgnTags.firstPlayer, 'Black'];
  const tags: Array<[string, string]> = [
    ['Event', tagValue(rand)],
    ['Site', tagValue(rand)],
    ['Date', `20${10 + rand(15)}.0${1 + rand(9)}.1${rand(10)}`],
    ['Round', String(1 + rand(9))],
    [first, tagValue(rand)],
    [second, tagValue(rand)],
    ['Annotator', tagValue(rand)],
  ];
  return { game, start, setUp, moves, result: RESULTS[rand(RESULTS.length)]!, tags, kinds: moved, promotions, doubleMoves, igui, passes };
}

