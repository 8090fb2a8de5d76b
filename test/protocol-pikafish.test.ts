/**
 * `chuhan engine --protocol uci` spoken to as a Pikafish GUI speaks: no `UCI_Variant`, ICCS
 * squares with ranks 0–9 (`h2e2`) in `position startpos|fen … moves`, `go … searchmoves`, and in
 * what the engine says (`info … pv`, `bestmove`, `ponder`); and as a Fairy-Stockfish GUI once
 * `UCI_Variant` is set (ranks 1–10). The session decides as src/protocol/uci.ts says.
 */
import { describe, expect, it } from 'vitest';
import type { Position } from '../src/core/position.js';
import { XIANGQI_ENGINE_WIRE as WIRE } from '../src/games/xiangqi/engine-wire.js';
import { XIANGQI_XBOARD as XIANGQI } from '../src/games/xiangqi/xboard.js';
import { inlineThinker } from '../src/protocol/thinker.js';
import { UciSession } from '../src/protocol/uci.js';

function gui(depth = 2) {
  let batch: string[] = [];
  const s = new UciSession({ dialect: 'uci', thinker: inlineThinker(), write: (l) => batch.push(l), limits: { depth }, book: false });
  return async (...lines: string[]): Promise<string[]> => {
    batch = [];
    for (const l of lines) s.feed(l);
    await s.idle();
    return batch;
  };
}

/** The position after ICCS moves from `start`. */
function after(start: Position, iccs: readonly string[]): Position {
  const p = start.clone();
  for (const t of iccs) {
    const r = WIRE.uciNative!.parseMove(p, t);
    if (!r.ok) throw new Error(`not legal: ${t}`);
    p.play(r.value);
  }
  return p;
}

/** Every move of a pv / bestmove / ponder line read in ICCS from `pos` (throws on the first that is not legal). */
function readIccsLine(pos: Position, texts: readonly string[]): void {
  after(pos, texts);
}

const ICCS_MOVE = /^[a-i][0-9][a-i][0-9]$/;

describe('chuhan engine --protocol uci as a Pikafish GUI speaks to it (no UCI_Variant: ICCS, ranks 0-9)', () => {
  it('position startpos moves h2e2 h9g7: read as Pikafish means it, answered in ICCS (not bestmove c4c5 for the start)', async () => {
    const send = gui(3);
    await send('uci', 'isready', 'ucinewgame');
    const r = await send('position startpos moves h2e2 h9g7', 'go depth 3');
    // before: h2e2 was read with ranks 1-10 (an empty square), the position stayed the start, and
    // chuhan answered `bestmove c4c5`, a pawn move of the start position written with ranks 1-10
    expect(r.filter((l) => l.startsWith('info string'))).toEqual([]);
    const best = r.at(-1)!;
    expect(best).toMatch(/^bestmove [a-i][0-9][a-i][0-9]$/);
    expect(best).not.toBe('bestmove c4c5');
    const pos = after(XIANGQI.start(), ['h2e2', 'h9g7']);
    expect(pos.turn).toBe(0);
    readIccsLine(pos, [best.slice(9)]);
    // every pv in ICCS, legal from the position
    const pvs = r.filter((l) => l.startsWith('info depth')).map((l) => l.slice(l.indexOf(' pv ') + 4).split(' '));
    expect(pvs.length).toBeGreaterThan(0);
    for (const pv of pvs) {
      for (const m of pv) expect(m).toMatch(ICCS_MOVE);
      readIccsLine(pos, pv);
    }
  });

  it('a whole opening fed move by move, as Pikafish GUIs send it: every answer legal in ICCS', async () => {
    const send = gui(1);
    await send('uci', 'isready');
    const played: string[] = [];
    let pos = XIANGQI.start();
    for (let ply = 0; ply < 16; ply++) {
      const r = await send(`position startpos${played.length ? ` moves ${played.join(' ')}` : ''}`, 'go depth 1');
      expect(r.filter((l) => l.startsWith('info string')), `ply ${ply}`).toEqual([]);
      const best = r.at(-1)!.slice(9);
      if (best === '(none)') break;
      expect(best).toMatch(ICCS_MOVE);
      pos = after(pos, [best]);
      played.push(best);
    }
    expect(played.length).toBe(16);
  });

  it('position fen … moves in ICCS; go searchmoves limits the root moves; Ponder names the reply in ICCS', async () => {
    const send = gui(3);
    await send('uci', 'setoption name Ponder value true');
    // mate in one: the rook b0b9 (ICCS; b1b10 in Fairy-Stockfish's numbering)
    const fen = '4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1';
    expect((await send(`position fen ${fen}`, 'go depth 3')).at(-1)).toBe('bestmove b0b9');
    expect((await send(`position fen ${fen} moves b0b9`, 'go depth 3')).at(-1)).toBe('bestmove (none)');
    // searchmoves: only the moves named may be played (here: two king moves)
    const only = await send(`position fen ${fen}`, 'go depth 2 searchmoves d0e0 d0d1');
    expect(['bestmove d0e0', 'bestmove d0d1']).toContain(only.at(-1)!.replace(/ ponder .*/, ''));
    // from the start, ponder: the reply written in ICCS too, legal after the best move
    const r = await send('position startpos moves h2e2', 'go depth 3');
    const m = /^bestmove (\S+) ponder (\S+)$/.exec(r.at(-1)!);
    expect(m).not.toBeNull();
    readIccsLine(after(XIANGQI.start(), ['h2e2']), [m![1]!, m![2]!]);
  });

  it('a GUI that sets UCI_Variant xiangqi keeps Fairy-Stockfish\'s ranks 1-10, and h2e2 is then refused', async () => {
    const send = gui(3);
    await send('uci', 'setoption name UCI_Variant value xiangqi', 'isready');
    const fen = '4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1';
    expect((await send(`position fen ${fen}`, 'go depth 3')).at(-1)).toBe('bestmove b1b10');
    const r = await send('position startpos moves h3e3 h10g8', 'go depth 2');
    expect(r.filter((l) => l.startsWith('info string'))).toEqual([]);
    expect(r.at(-1)).toMatch(/^bestmove [a-i](10|[1-9])[a-i](10|[1-9])$/);
    expect(await send('position startpos moves h2e2')).toEqual([expect.stringMatching(/^info string bad move h2e2/)]);
  });

  it('no UCI_Variant but moves only ranks 1-10 read (h3e3, b3b10): the GUI speaks Fairy-Stockfish\'s numbering, answered in it', async () => {
    const send = gui(2);
    await send('uci');
    const r = await send('position startpos moves h3e3 h10g8', 'go depth 2');
    expect(r.filter((l) => l.startsWith('info string'))).toEqual([]);
    const best = r.at(-1)!.slice(9);
    const pos = XIANGQI.start();
    for (const t of ['h3e3', 'h10g8']) {
      const m = WIRE.uci!.parseMove(pos, t);
      expect(m.ok).toBe(true);
      if (m.ok) pos.play(m.value);
    }
    expect(WIRE.uci!.parseMove(pos, best).ok).toBe(true);
    // and it stays so: the same FEN now answered with ranks 1-10
    expect((await send('position fen 4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1', 'go depth 3')).at(-1)).toBe('bestmove b1b10');
  });

  it("position fen with Pikafish's own start FEN and ICCS moves is the same game as startpos", async () => {
    const send = gui(2);
    const start = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
    const a = await send(`position fen ${start} moves h2e2 h9g7 h0g2`, 'go depth 2');
    const b = await send('position startpos moves h2e2 h9g7 h0g2', 'go depth 2');
    expect(a.filter((l) => l.startsWith('info string'))).toEqual([]);
    expect(a.at(-1)).toBe(b.at(-1));
    readIccsLine(after(XIANGQI.start(), ['h2e2', 'h9g7', 'h0g2']), [a.at(-1)!.slice(9)]);
  });
});
