/**
 * Property tests ("the fuzzers become tests", issue 14). Each target draws inputs from a seeded
 * generator and asserts no exception plus the target's invariants. `npm test` runs a few hundred
 * inputs per target (seed 14, a few seconds); the long mode runs more:
 *
 *   CHUHAN_FUZZ=100000 npx vitest run test/fuzz.test.ts     (inputs per target; CHUHAN_FUZZ_SEED too)
 *
 * A failing input is printed with its target and seed; add it to fixtures/fuzz/<surface>/ (see the
 * README there), where test/fuzz-corpus.test.ts replays every input that once broke something.
 */
import { describe, expect, it } from 'vitest';
import type { Move } from '../src/core/move.js';
import { legalMoves } from '../src/core/perft.js';
import type { Position } from '../src/core/position.js';
import { parseRecords, RecordReader, type GameRecord } from '../src/notation/pgn.js';
import { getGame, type Game } from '../src/games/registry.js';
import type { Thinker } from '../src/protocol/thinker.js';
import { UciSession } from '../src/protocol/uci.js';
import { XboardSession } from '../src/protocol/xboard.js';
import { Session } from '../src/tui/session.js';
import { formatProblem } from '../src/core/problem.js';
import { seededFloat } from './helpers/sample.js';

const LONG = Number(process.env.CHUHAN_FUZZ ?? 0);
const SEED = Number(process.env.CHUHAN_FUZZ_SEED ?? 14);
/** Inputs per target: `quick` in npm test, CHUHAN_FUZZ in the long mode. */
const count = (quick: number): number => (LONG > 0 ? LONG : quick);
const timeout = LONG > 0 ? 24 * 3600_000 : 30_000;
const counts: Record<string, number> = {};

const rng = seededFloat; // mulberry32: every run with a seed draws the same inputs
const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

const xq = getGame('xiangqi');
const chu = getGame('chushogi');
const GAMES: Game[] = [xq, chu];
/** Raw control characters (C0 but tab/newline, DEL, C1, bidi overrides) must never be printed. */
const RAW = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;
const BAD_NUMBER = /\bInfinity\b|\bNaN\b|\d\.?\d*e\+\d/;
/** A message without its quotes of input (which may hold anything, escaped). */
const unquoted = (l: string): string => l.replace(/"[^"]*"/g, '""');

/** A position after a random number of random legal plies. */
function randomPosition(r: () => number, game: Game, maxPlies: number): { pos: Position; moves: Move[] } {
  const start = game.parseFen(game.startFen);
  if (!start.ok) throw new Error(formatProblem(start.error));
  const pos = start.value;
  const moves: Move[] = [];
  const n = Math.floor(r() * maxPlies);
  for (let i = 0; i < n; i++) {
    const legal = legalMoves(pos);
    if (legal.length === 0) break;
    const m = pick(r, legal);
    pos.play(m);
    moves.push(m);
  }
  return { pos, moves };
}

const GARBAGE = ['\x1b', '\x00', '\x07', '\x9b', '\u202e', '\t', ' ', '/', '-', '+', '9', '0', '99999999999999999999999', 'k', 'K', 'w', 'b', 'r', '"', '[', ']', '{', '}', '(', ')', ';', '\\', 'x', '炮', '\uFFFD', '\uD800', '😀', '\r', '\n'];

/** A FEN/SFEN with random edits: characters replaced, inserted, fields dropped or repeated. */
function mutate(r: () => number, text: string): string {
  const chars = Array.from(text);
  const edits = 1 + Math.floor(r() * 4);
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(r() * (chars.length + 1));
    const k = r();
    if (k < 0.4) chars.splice(at, 1, pick(r, GARBAGE));
    else if (k < 0.7) chars.splice(at, 0, pick(r, GARBAGE));
    else if (k < 0.85) chars.splice(at, 1 + Math.floor(r() * 5));
    else chars.splice(at, 0, ...Array.from(` ${Math.floor(r() * 1e6)}`));
  }
  return chars.join('');
}

function fail(target: string, input: unknown, e: unknown): never {
  throw new Error(`fuzz ${target} (seed ${SEED}) failed on ${JSON.stringify(input)}: ${e instanceof Error ? e.stack : String(e)}`);
}

/** FEN/SFEN: every reachable position round-trips; a mutated one parses or is refused cleanly. */
function checkFen(game: Game, text: string): void {
  const r = game.parseFen(text);
  if (!r.ok) {
    const message = formatProblem(r.error);
    expect(message).not.toMatch(RAW);
    expect(unquoted(message)).not.toMatch(BAD_NUMBER);
    expect(message.length).toBeLessThan(400);
    return;
  }
  const once = game.formatFen(r.value);
  const again = game.parseFen(once);
  expect(again.ok).toBe(true);
  if (again.ok) {
    expect(game.formatFen(again.value)).toBe(once);
    expect([again.value.hashLo, again.value.hashHi]).toEqual([r.value.hashLo, r.value.hashHi]);
  }
}

function parseInChunks(text: string, size: () => number): GameRecord[] {
  const reader = new RecordReader();
  const out: GameRecord[] = [];
  for (let i = 0; i < text.length; ) {
    const k = Math.max(1, size());
    out.push(...reader.push(text.slice(i, i + k)));
    i += k;
  }
  out.push(...reader.end());
  return out;
}
const plain = (gs: GameRecord[]) => JSON.parse(JSON.stringify(gs));

const PGN_PIECES = ['[Event "x"]', '[Event "y"', '[FEN "', 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1', '"]', '[Site x', ' ', '\n', '\r\n', '1.', 'h2e2', 'h9g7', 'C2.5', '炮二平五', '{', '}', '(', ')', ';', '%', '*', '1-0', '0-1', '1/2-1/2', '$1', '!?', '\x1b', '\x00', '\uFEFF', '\uD83D', '"', '\\', '[', ']'];

/** A session line: a command word, maybe a move, maybe garbage. */
function replLine(r: () => number, moves: string[]): string {
  const words = ['undo', 'redo', 'show', 'fen', 'moves', 'status', 'flip', 'new', 'new chushogi', 'new xiangqi', 'help', 'players human human', 'level 3', 'level 99', 'notation wxf', 'notation usi', 'resign', 'draw', 'perft 1', '?h2', 'h2', 'undo 4095', 'redo 99999999999999999999', 'fen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1', 'fen junk'];
  const parts: string[] = [];
  const n = 1 + Math.floor(r() * 3);
  for (let i = 0; i < n; i++) {
    const k = r();
    parts.push(k < 0.4 ? pick(r, words) : k < 0.8 && moves.length ? pick(r, moves) : pick(r, GARBAGE).repeat(1 + Math.floor(r() * 3)));
  }
  return parts.join(' ');
}

/** A thinker that answers at once with the first legal move (no search: the protocol is under test). */
const instantThinker = (): Thinker => ({
  think(req) {
    const m = legalMoves(req.pos)[0] ?? 0;
    return { promise: Promise.resolve({ move: m, score: 0, depth: 1, nodes: 1, timeMs: 0, pv: m ? [m] : [] }), abort: () => undefined };
  },
  newGame: () => undefined,
  close: async () => undefined,
});

const PROTOCOL_WORDS = ['uci', 'ucci', 'xboard', 'protover 2', 'isready', 'ucinewgame', 'position startpos', 'position startpos moves h2e2 h9g7', 'position fen', 'position fen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1 moves e0e1', 'go depth 1', 'go', 'stop', 'new', 'force', 'variant xiangqi', 'variant chu', 'setboard', 'usermove h2e2', 'h2e2', 'h3e3', 'undo', 'remove', 'result 1-0', 'ping 1', 'level 40 5 0', 'st 1', 'sd 1', 'analyze', 'exit', 'setoption name Level value 3', 'banmoves h2e2', 'probe', '?', 'post', 'nopost', 'hard', 'easy', 'white', 'black', 'playother'];

describe(`property tests (seed ${SEED}, ${LONG > 0 ? `${LONG} inputs per target` : 'quick mode'})`, () => {
  it('FEN/SFEN: reachable positions round-trip, mutated ones parse or are refused in one clean sentence', () => {
    const r = rng(SEED);
    const n = count(300);
    for (let i = 0; i < n; i++) {
      const game = pick(r, GAMES);
      const { pos } = randomPosition(r, game, game === chu ? 60 : 120);
      const fen = game.formatFen(pos);
      const input = r() < 0.5 ? fen : mutate(r, fen);
      try {
        checkFen(game, input);
        if (input === fen) {
          const back = game.parseFen(fen);
          expect(back.ok && [back.value.hashLo, back.value.hashHi]).toEqual([pos.hashLo, pos.hashHi]);
        }
      } catch (e) {
        fail('fen', input, e);
      }
    }
    counts.fen = n;
  }, timeout);

  it("every notation's parse ∘ format is the identity on legal moves", () => {
    const r = rng(SEED + 1);
    const n = count(150);
    let moves = 0;
    for (let i = 0; i < n; i++) {
      const game = pick(r, GAMES);
      const { pos } = randomPosition(r, game, game === chu ? 40 : 80);
      const legal = legalMoves(pos);
      for (const m of legal.length > 12 ? Array.from({ length: 12 }, () => pick(r, legal)) : legal) {
        for (const [id, notation] of game.notations) {
          const text = notation.format(pos, m);
          const back = game.parseMove(pos, text);
          // Fairy-Stockfish UCI ranks (1–10) and ICCS (0–9) share a shape: a UCI text that is also
          // the ICCS text of another legal move reads as ICCS, by design (docs/development.md: property tests)
          const iccsToo = id === 'uci' && back.ok && game.notations.get('iccs')!.format(pos, back.value) === text;
          if (!back.ok || (back.value !== m && !iccsToo)) fail(`notation ${id}`, { fen: game.formatFen(pos), text }, back.ok ? `read back as ${back.value}` : back.error);
          moves++;
        }
      }
    }
    counts.notation = n;
    expect(moves).toBeGreaterThan(n);
  }, timeout);

  it('the PGN reader in random chunks gives what it gives on the whole text', () => {
    const r = rng(SEED + 2);
    const n = count(200);
    for (let i = 0; i < n; i++) {
      let text = '';
      const len = 5 + Math.floor(r() * 120);
      for (let k = 0; k < len; k++) text += pick(r, PGN_PIECES) + (r() < 0.3 ? ' ' : '');
      try {
        const whole = plain(parseRecords(text));
        expect(plain(parseInChunks(text, () => 1 + Math.floor(r() * 40)))).toEqual(whole);
        for (const g of parseRecords(text)) for (const e of g.errors) expect(e.message).not.toMatch(RAW);
      } catch (e) {
        fail('pgn-chunks', text, e);
      }
    }
    counts['pgn-chunks'] = n;
  }, timeout);

  it('repl sessions of random lines: no exception, ok ⇔ no error line, nothing raw echoed', () => {
    const r = rng(SEED + 3);
    const n = count(60);
    let lines = 0;
    for (let i = 0; i < n; i++) {
      const s = new Session(pick(r, GAMES), { players: ['human', 'human'] });
      const script: string[] = [];
      try {
        for (let k = 0; k < 25; k++) {
          const legal = legalMoves(s.pos);
          const fmts = [...s.game.notations.values()];
          const moves = legal.slice(0, 8).map((m) => pick(r, fmts).format(s.pos, m));
          const line = replLine(r, moves);
          script.push(line);
          const res = s.command(line);
          expect(res.ok).toBe(res.err.length === 0);
          for (const l of [...res.out, ...res.err]) expect(l).not.toMatch(RAW);
          for (const l of res.err) expect(unquoted(l)).not.toMatch(BAD_NUMBER);
          lines++;
          if (res.quit) break;
        }
        // the record of whatever happened reads back as the same game
        const back = new Session(s.game, { players: ['human', 'human'] });
        expect(back.loadRecord(s.record(), true)).toBeNull();
        expect(back.history).toEqual(s.history);
      } catch (e) {
        fail('repl', script, e);
      }
    }
    counts.repl = n;
    expect(lines).toBeGreaterThan(n);
  }, timeout);

  it('protocol sessions (UCI, UCCI, xboard) of random lines: no exception, nothing raw echoed', async () => {
    const r = rng(SEED + 4);
    const n = count(60);
    for (let i = 0; i < n; i++) {
      const out: string[] = [];
      const kind = pick(r, ['uci', 'ucci', 'xboard'] as const);
      const write = (t: string) => void out.push(t);
      const thinker = instantThinker();
      const session =
        kind === 'xboard'
          ? new XboardSession({ thinker, write, onQuit: () => undefined, level: null, game: pick(r, [getGame('xiangqi').xboard, getGame('chushogi').xboard]) })
          : new UciSession({ dialect: kind, thinker, write, onQuit: () => undefined, level: null });
      const script: string[] = [];
      try {
        for (let k = 0; k < 20; k++) {
          const line = r() < 0.75 ? pick(r, PROTOCOL_WORDS) : `${pick(r, PROTOCOL_WORDS)} ${mutate(r, pick(r, ['h2e2', 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1', '3']))}`;
          script.push(line);
          session.feed(line);
          if (r() < 0.3) await new Promise((res) => setImmediate(res));
        }
        await new Promise((res) => setImmediate(res));
        for (const l of out) expect(l).not.toMatch(RAW);
      } catch (e) {
        fail(`protocol ${kind}`, script, e);
      }
    }
    counts.protocol = n;
  }, timeout);

  it('make/unmake keeps the incremental hash equal to the recomputed one on long random games', () => {
    const r = rng(SEED + 5);
    const n = count(12);
    for (let i = 0; i < n; i++) {
      const game = pick(r, GAMES);
      const start = game.parseFen(game.startFen);
      if (!start.ok) throw new Error(formatProblem(start.error));
      const pos = start.value;
      const startFen = game.formatFen(pos);
      const hashes: [number, number][] = [];
      const plies = game === chu ? 300 : 600;
      for (let k = 0; k < plies; k++) {
        const legal = legalMoves(pos);
        if (legal.length === 0) break;
        hashes.push([pos.hashLo, pos.hashHi]);
        pos.play(pick(r, legal));
        expect(pos.computeHash()).toEqual([pos.hashLo, pos.hashHi]);
      }
      // line(): the start and the moves, this position left as it is
      const endFen = game.formatFen(pos);
      const line = pos.line();
      expect([game.formatFen(line.start), line.moves.length, line.start.sp, game.formatFen(pos), pos.sp]).toEqual([startFen, hashes.length, 0, endFen, hashes.length]);
      for (const m of line.moves) line.start.play(m);
      expect(game.formatFen(line.start)).toBe(endFen);
      for (let k = hashes.length - 1; k >= 0; k--) {
        pos.undo();
        expect([pos.hashLo, pos.hashHi]).toEqual(hashes[k]);
      }
      expect(game.formatFen(pos)).toBe(startFen);
    }
    counts['make-unmake'] = n;
  }, timeout);

  it.runIf(LONG > 0)('reports the counts', () => {
    console.log(`fuzz counts (seed ${SEED}): ${JSON.stringify(counts)}, 0 failures`);
  });
});
