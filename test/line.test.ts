/** The game in progress (src/play/line.ts): play, undo, verdicts, repetition, incremental set-up. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { EngineClient } from '../src/engine-client/client.js';
import type { Move } from '../src/core/move.js';
import type { Position } from '../src/core/position.js';
import { matchReasonText, verdictOf, verdictReasonText, verdictScore } from '../src/core/verdict.js';
import { getGame } from '../src/games/registry.js';
import { LineCache } from '../src/engine/line-cache.js';
import { positionData } from '../src/engine/protocol.js';
import { Line } from '../src/play/line.js';
import type { Thinker, ThinkRequest } from '../src/protocol/thinker.js';
import { UciSession } from '../src/protocol/uci.js';
import { XboardSession } from '../src/protocol/xboard.js';

const xq = getGame('xiangqi');
const MATE_IN_ONE = '4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1'; // i0i9 mates

const fen = (text: string): Position => {
  const r = xq.parseFen(text);
  if (!r.ok) throw new Error('bad FEN');
  return r.value;
};
const move = (pos: Position, text: string): Move => {
  const r = xq.parseMove(pos, text);
  if (!r.ok) throw new Error(`bad move ${text}`);
  return r.value;
};
const playAll = (line: Line, ...texts: string[]): void => {
  for (const t of texts) line.play(move(line.position, t));
};

describe('Line', () => {
  it('plays and takes back moves, keeping position, moves and start in step', () => {
    const line = new Line(xq.endRules, fen(xq.startFen));
    playAll(line, 'h2e2', 'h9g7', 'e2e6');
    expect(line.plies).toBe(3);
    expect(line.moves.length).toBe(3);
    expect(xq.formatFen(line.position)).toBe('rnbakab1r/9/1c4nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2');
    const last = line.lastMove;
    expect(last).toBe(move(fen('rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2'), 'e2e6'));
    expect(line.undo()).toBe(last);
    expect(line.plies).toBe(2);
    expect(xq.formatFen(line.position)).toBe('rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2');
    line.undo();
    line.undo();
    expect(line.undo()).toBe(0);
    expect(xq.formatFen(line.position)).toBe(xq.startFen);
    expect(xq.formatFen(line.start)).toBe(xq.startFen);
  });

  it('gives the rules verdict (mate) and forgets it on undo; a declared verdict comes first', () => {
    const line = new Line(xq.endRules, fen(MATE_IN_ONE));
    expect(line.result()).toBeNull();
    playAll(line, 'i0i9');
    const v = line.result();
    expect(v).toMatchObject({ winner: 0, reason: 'checkmate', ply: 1 });
    expect(verdictScore(v)).toBe('1-0');
    line.undo();
    expect(line.result()).toBeNull();
    line.declare({ winner: null, reason: 'agreement' });
    expect(line.result()).toEqual({ winner: null, reason: 'agreement', ply: 0 });
    line.undo(); // at the start: nothing to take back, the declaration stays
    expect(line.result()?.reason).toBe('agreement');
    playAll(line, 'a8a7');
    line.undo();
    expect(line.result()).toBeNull();
  });

  it('judges a repeated position and keeps the repetition history move by move', () => {
    const line = new Line(xq.endRules, fen(xq.startFen));
    const shuffle = ['h0g2', 'h9g7', 'g2h0', 'g7h9'];
    playAll(line, ...shuffle);
    expect(line.history.occurrences()).toBe(2);
    const entries = line.repetitionHistory();
    expect(entries.length).toBe(4);
    // the start's hash is the first entry, and the current position repeats it
    expect(entries[0]).toEqual({ hashLo: line.start.hashLo, hashHi: line.start.hashHi, inCheck: false });
    expect([line.position.hashLo, line.position.hashHi]).toEqual([entries[0]!.hashLo, entries[0]!.hashHi]);
    playAll(line, ...shuffle);
    const v = line.result();
    expect(v).not.toBeNull();
    expect(v!.winner).toBeNull();
    expect(v!.reason).toBe('repetition');
    expect(v!.ply).toBe(8);
    expect(line.repetitionHistory().length).toBe(8);
    line.undo();
    expect(line.result()).toBeNull();
    expect(line.repetitionHistory().length).toBe(7);
  });

  it('setMoves keeps the common prefix and plays only the rest (no replay)', () => {
    const line = new Line(xq.endRules, fen(xq.startFen));
    const p = fen(xq.startFen);
    const ms: Move[] = [];
    for (const t of ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7']) {
      const m = move(p, t);
      ms.push(m);
      p.play(m);
    }
    expect(line.setMoves(fen(xq.startFen), ms.slice(0, 4))).toBe(4);
    expect(line.applied).toBe(4);
    // the next `position startpos moves …` with two more moves: two moves played
    expect(line.setMoves(fen(xq.startFen), ms)).toBe(6);
    expect(line.applied).toBe(6);
    expect(xq.formatFen(line.position)).toBe(xq.formatFen(p));
    // a different last move: one undone, one played
    const other = move(line.position, 'a0a1');
    line.undo();
    expect(line.setMoves(fen(xq.startFen), [...ms.slice(0, 5), other])).toBe(6);
    expect(line.applied).toBe(7);
    // another start: a new line
    expect(line.setMoves(fen(MATE_IN_ONE), [])).toBe(0);
    expect(line.plies).toBe(0);
    expect(xq.formatFen(line.position)).toBe(MATE_IN_ONE);
    // a refused move stops the line before it
    const mate = move(line.position, 'i0i9');
    expect(line.setMoves(null, [mate, mate], (pos, m) => xq.parseMove(pos, 'i0i9').ok && m === mate && pos.turn === 0)).toBe(1);
  });

  it('gives a search root holding the game on its undo stack, by copy', () => {
    const line = new Line(xq.endRules, fen(xq.startFen));
    playAll(line, 'h2e2', 'h9g7', 'h0g2');
    const root = line.searchRoot();
    expect(root).not.toBe(line.position);
    expect(root.line().moves).toEqual([...line.moves]);
    expect(xq.formatFen(root.line().start)).toBe(xq.startFen);
    // the search may play and take back on its root: the line is not disturbed
    root.undo();
    root.undo();
    expect(xq.formatFen(line.position)).toBe('rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2');
    expect(line.applied).toBe(3);
  });
});

describe('Verdict renderings', () => {
  it('words a verdict as the board does and reads it back', () => {
    for (const [score, text] of [
      ['1-0', 'checkmate'],
      ['0-1', 'capture of the royals'],
      ['1-0', 'loss on time'],
      ['1/2-1/2', 'time (red ran out, black has no material to win)'],
      ['1/2-1/2', 'agreement'],
      ['0-1', 'forfeit by an engine crash'],
      ['0-1', 'royals captured'],
    ] as const) {
      const v = verdictOf(score, text)!;
      expect(verdictScore(v)).toBe(score);
      expect(verdictReasonText(v)).toBe(text);
    }
    expect(verdictOf('*', 'checkmate')).toBeNull();
    expect(verdictOf('1-0', undefined)).toEqual({ winner: 0, reason: 'recorded' });
    expect(verdictReasonText({ winner: 0, reason: 'recorded' })).toBe('recorded result');
  });

  it('words a verdict as a match between engines does', () => {
    // the rules' endings on the board by their reason, the others by their sentence
    expect(matchReasonText({ winner: 1, reason: 'perpetual chase', detail: 'red horse chased the black chariot' })).toBe('perpetual chase');
    expect(matchReasonText({ winner: 1, reason: 'resignation', detail: 'red (fake) resigned' })).toBe('red (fake) resigned');
    expect(matchReasonText({ winner: null, reason: 'adjudication', detail: 'move limit (300 plies)' })).toBe('move limit (300 plies)');
    expect(matchReasonText({ winner: 0, reason: 'engine exit' })).toBe('engine exit');
    expect(verdictScore({ winner: 1, reason: 'illegal move' })).toBe('0-1');
  });
});

describe('a go replays nothing', () => {
  /** A thinker that records its requests and answers at once with the first legal move. */
  function recorder(): Thinker & { requests: ThinkRequest[] } {
    const requests: ThinkRequest[] = [];
    return {
      requests,
      think(req) {
        requests.push(req);
        return { promise: Promise.resolve({ move: 0, score: 0, depth: 1, nodes: 0, timeMs: 0, pv: [] }), abort: () => {} };
      },
      newGame() {},
      close: async () => {},
    };
  }

  it('UCI: position keeps the moves it had, go sends the line as it is', async () => {
    const plays = vi.spyOn(Line.prototype, 'play');
    try {
      const thinker = recorder();
      const s = new UciSession({ dialect: 'uci', thinker, write: () => {}, book: false });
      const first = 'position startpos moves h3e3 h10g8 h1g3 i10h10';
      s.feed(first);
      expect(plays).toHaveBeenCalledTimes(4);
      s.feed('go depth 1');
      await s.idle();
      expect(plays).toHaveBeenCalledTimes(4);
      // the root holds the game's moves on its undo stack, and the history their positions
      const req = thinker.requests[0]!;
      expect(req.pos.sp).toBe(4);
      expect(req.history.length).toBe(4);
      expect(req.line?.moves.length).toBe(4);
      // two more moves: two moves played, none replayed
      s.feed(`${first} i1h1 b10c8`);
      expect(plays).toHaveBeenCalledTimes(6);
      s.feed('go depth 1');
      await s.idle();
      expect(plays).toHaveBeenCalledTimes(6);
      expect(thinker.requests[1]!.pos.sp).toBe(6);
      expect(thinker.requests[1]!.history.map((h) => h.hashLo)).toEqual([...thinker.requests[0]!.history.map((h) => h.hashLo), expect.any(Number), expect.any(Number)]);
      // a takeback of the last move and another one: one undone, one played
      s.feed(`${first} i1h1 a10a9`);
      expect(plays).toHaveBeenCalledTimes(7);
    } finally {
      plays.mockRestore();
    }
  });

  it('XBoard: each usermove plays one move; go sends the line as it is; undo plays nothing', async () => {
    const plays = vi.spyOn(Line.prototype, 'play');
    try {
      const thinker = recorder();
      const out: string[] = [];
      const s = new XboardSession({ thinker, write: (l) => out.push(l), book: false });
      for (const l of ['xboard', 'protover 2', 'new', 'force', 'usermove h2e2', 'usermove h9g7', 'usermove h0g2', 'usermove i9h9']) s.feed(l);
      await s.idle();
      expect(plays).toHaveBeenCalledTimes(4);
      s.feed('go');
      await s.idle();
      const req = thinker.requests[0]!;
      expect(req.pos.sp).toBe(4);
      expect(req.history.length).toBe(4);
      expect(req.line?.moves.length).toBe(4);
      // the recorder answers no move: the engine plays nothing, the takeback replays nothing
      s.feed('force');
      s.feed('remove');
      await s.idle();
      expect(plays).toHaveBeenCalledTimes(4);
      s.feed('usermove h0g2');
      await s.idle();
      expect(plays).toHaveBeenCalledTimes(5);
    } finally {
      plays.mockRestore();
    }
  });

  it('the engine client writes the game it sent before again only where it changed, and right', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chuhan-line-'));
    try {
      const log = join(dir, 'log.txt');
      process.env.FAKE_ENGINE_LOG = log;
      const r = await EngineClient.open(
        { name: 'fake', command: `${JSON.stringify(process.execPath)} fixtures/engines/fake-uci.mjs uci script a0a1 a0a1 a0a1` },
        { answerMs: 3000, graceMs: 300 },
      );
      delete process.env.FAKE_ENGINE_LOG;
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      const c = r.value;
      const p = fen(xq.startFen);
      const ms: Move[] = [];
      for (const t of ['h2e2', 'h9g7', 'h0g2', 'i9h9']) {
        const m = move(p, t);
        ms.push(m);
        p.play(m);
      }
      const other = move(fen('rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2'), 'a9a8');
      const start = fen(xq.startFen);
      for (const moves of [ms.slice(0, 2), ms, [...ms.slice(0, 3), other]]) await c.search({ game: 'xiangqi', start, moves, limits: { timeMs: 20 } }).promise;
      await c.close();
      const sent = readFileSync(log, 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('position'))
        .map((l) => l.replace(/^position fen \S+ \S+ \S+ \S+ \S+ \S+ moves /, ''));
      expect(sent).toEqual(['h3e3 h10g8', 'h3e3 h10g8 h1g3 i10h10', 'h3e3 h10g8 h1g3 a10a9']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the search worker keeps the game between requests and plays only the new moves', () => {
    const cache = new LineCache();
    const start = fen(xq.startFen);
    const p = start.clone();
    const ms: Move[] = [];
    for (const t of ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7']) {
      const m = move(p, t);
      ms.push(m);
      p.play(m);
    }
    const data = positionData(start);
    const a = cache.sync(xq.variant, { start: data, moves: ms.slice(0, 4) });
    expect(cache.played).toBe(4);
    expect(a.history.length).toBe(4);
    const b = cache.sync(xq.variant, { start: data, moves: ms });
    expect(cache.played).toBe(6);
    expect(b.position.line().moves).toEqual(ms);
    expect(xq.formatFen(b.position)).toBe(xq.formatFen(p));
    expect(b.history.length).toBe(6);
    // the same line again (a second go): nothing played
    cache.sync(xq.variant, { start: data, moves: ms });
    expect(cache.played).toBe(6);
    // another start: the game is set up again
    cache.sync(xq.variant, { start: positionData(fen(MATE_IN_ONE)), moves: [] });
    expect(cache.played).toBe(6);
    expect(xq.formatFen(cache.sync(xq.variant, { start: positionData(fen(MATE_IN_ONE)), moves: [] }).position)).toBe(MATE_IN_ONE);
  });
});
