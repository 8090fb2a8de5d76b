/** The opening book: legal moves from the book data, weighted random choice, --no-book / OwnBook. */
import { describe, expect, it } from 'vitest';
import { legalMoves } from '../src/core/perft.js';
import type { Position } from '../src/core/position.js';
import { bookMove, bookMoves, bookSize } from '../src/engine/book.js';
import { chooseMove } from '../src/engine/player.js';
import { createRng } from '../src/engine/rng.js';
import { chushogiJcsa } from '../src/games/chushogi/index.js';
import { getGame, type GameId } from '../src/games/registry.js';
import { inlineThinker } from '../src/protocol/thinker.js';
import { UciSession } from '../src/protocol/uci.js';
import { spawnCli } from './helpers/cli.js';

function start(id: GameId): Position {
  const g = getGame(id);
  const r = g.parseFen(g.startFen);
  if (!r.ok) throw new Error('start FEN');
  return r.value;
}

describe('opening book', () => {
  it('holds the master games’ first moves for the xiangqi start, all legal, the central cannon the most played', () => {
    const pos = start('xiangqi');
    expect(bookSize(pos.variant)).toBeGreaterThan(1000);
    const moves = bookMoves(pos);
    const legal = legalMoves(pos);
    expect(moves.length).toBeGreaterThanOrEqual(4);
    for (const m of moves) expect(legal).toContain(m.move);
    const top = [...moves].sort((a, b) => b.weight - a.weight)[0]!;
    expect(['h2e2', 'b2e2']).toContain(top.text);
  });

  it('gives a legal chu first move from the lishogi games', () => {
    const pos = start('chushogi');
    const m = bookMove(pos, createRng(1));
    expect(m).not.toBe(0);
    expect(legalMoves(pos)).toContain(m);
  });

  it('is deterministic for a seed and varies across seeds', () => {
    const pos = start('xiangqi');
    expect(bookMove(pos, createRng(42))).toBe(bookMove(pos, createRng(42)));
    const seen = new Set<number>();
    for (let s = 0; s < 60; s++) seen.add(bookMove(pos, createRng(s)));
    expect(seen.size).toBeGreaterThanOrEqual(3);
  });

  it('answers a book position after a book move too (the reply to the central cannon)', () => {
    const pos = start('xiangqi');
    const first = bookMoves(pos).find((m) => m.text === 'h2e2')!;
    pos.play(first.move);
    expect(bookMoves(pos).length).toBeGreaterThan(0);
  });

  it('is not used for other rule sets (chu JCSA)', () => {
    const g = getGame('chushogi');
    const r = g.withRules?.('jcsa')?.parseFen(g.startFen);
    if (!r?.ok) throw new Error('jcsa start');
    expect(r.value.variant).toBe(chushogiJcsa);
    expect(bookMove(r.value, createRng(1))).toBe(0);
  });

  it('chooseMove plays from the book at every level unless book: false', () => {
    const pos = start('xiangqi');
    for (const level of [1, 8]) {
      const c = chooseMove(null, pos, level, { rng: createRng(3), deterministic: true });
      expect(c.result.stoppedBy).toBe('book');
      expect(bookMoves(pos).map((m) => m.move)).toContain(c.move);
    }
    const off = chooseMove(null, pos, 1, { rng: createRng(3), deterministic: true, book: false });
    expect(off.result.stoppedBy).not.toBe('book');
    expect(off.result.nodes).toBeGreaterThan(0);
  });

  it('UCI: OwnBook is offered; a timed go answers from the book, with OwnBook false it searches', async () => {
    const run = async (lines: string[]) => {
      const out: string[] = [];
      const s = new UciSession({ dialect: 'uci', thinker: inlineThinker(), write: (l) => out.push(l) });
      for (const l of lines) s.feed(l);
      await s.idle();
      return out;
    };
    const on = await run(['uci', 'position startpos', 'go movetime 100']);
    expect(on).toContain('option name OwnBook type check default true');
    expect(on.some((l) => l.startsWith('info depth'))).toBe(false);
    expect(on.at(-1)).toMatch(/^bestmove /);
    // a fixed depth, not movetime: on a loaded machine 100 ms may end before the first iteration
    const off = await run(['uci', 'setoption name OwnBook value false', 'position startpos', 'go depth 2']);
    expect(off.some((l) => l.startsWith('info depth'))).toBe(true);
    expect(off.at(-1)).toMatch(/^bestmove /);
  });

  it('chuhan engine --no-book turns the book off (OwnBook default false)', () => {
    const r = spawnCli(['engine', '--protocol', 'uci', '--no-book'], 'uci\nquit\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('option name OwnBook type check default false');
    const x = spawnCli(['engine', '--no-book'], 'xboard\nprotover 2\nquit\n');
    expect(x.stdout).toContain('feature option="OwnBook -check 0"');
  });
});
