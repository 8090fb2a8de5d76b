/**
 * A level must not lose by its own perpetual (issue 15): in the level-5 calibration match against
 * HaChu (fixtures/matches/2026-12-01/levels/chu-L5-H40-4.pgn, game 3) chuhan, sente, lost by
 * "perpetual check" at ply 62. After gote's pawn move 1c1d (ply 56, not attacking) both sides
 * passed with their lions (sente 6h6g6h attacking, gote 1g1f1g attacking): the position after
 * ply 56 came back at plies 58, 60 and 62, and the rules judge its cycle with gote's entry move
 * 1c1d counted for gote, so sente alone attacked throughout and lost. At ply 61 the search had
 * scored 6h6g6h 0 (a draw) for two reasons: it judged the cycle between the nearest occurrences of
 * the position after 6h6g6h (plies 57–61, entry 6h6g6h: both sides attacking, a draw) rather than
 * the cycle of the position that reaches its 4th occurrence first; and through the engine
 * protocol it got the game's positions as hashes only, so the rules' judge could not walk the
 * cycle and the check-only fallback (no checks here) called it a draw.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Move } from '../src/core/move.js';
import type { Position } from '../src/core/position.js';
import { RULE_WIN } from '../src/core/profile.js';
import { CHU_XBOARD } from '../src/games/chushogi/xboard.js';
import { formatUsi, parseUsi } from '../src/games/chushogi/notation/usi.js';
import { replay } from '../src/engine/history.js';
import { chooseMove } from '../src/engine/player.js';
import { profileFor } from '../src/engine/profiles.js';
import { Searcher } from '../src/engine/search.js';
import { parseRecords } from '../src/notation/pgn.js';
import { replayRecord } from '../src/notation/replay.js';
import { inlineThinker } from '../src/protocol/thinker.js';
import { XboardSession } from '../src/protocol/xboard.js';

const PGN = 'fixtures/matches/2026-12-01/levels/chu-L5-H40-4.pgn';

/** Game `n` of the match: its start position and moves. */
function game(n: number): { start: Position; moves: Move[] } {
  const rec = parseRecords(readFileSync(PGN, 'utf8'))[n - 1]!;
  const r = replayRecord(rec, { keepMoves: true });
  expect(r.status).toBe('ok');
  return { start: r.start!, moves: r.moves! };
}

const usi = (pos: Position, text: string): Move => {
  const r = parseUsi(pos, text);
  if (!r.ok) throw new Error(`bad move ${text}`);
  return r.value;
};

describe('game 3: sente (chuhan) at ply 61', () => {
  const g = game(3);
  const before = g.moves.slice(0, 60);

  it('the record is the one described: the lions pass from ply 57 and 1c1d made the first occurrence', () => {
    expect(g.moves.length).toBe(62);
    expect(formatUsi(g.moves[55]!)).toBe('1c1d');
    expect(g.moves.slice(56).map(formatUsi)).toEqual(['6h6g6h', '1g1f1g', '6h6g6h', '1g1f1g', '6h6g6h', '1g1f1g']);
  });

  it('the search hook scores the position after 6h6g6h as a win for gote (the rules rule sente lost one ply later)', () => {
    const { position } = replay(g.start, before);
    position.play(usi(position, '6h6g6h'));
    const hook = profileFor(position.variant).repetitionScore!;
    // the search finds the position after ply 61 at ply 57, four plies back, and the loop of
    // positions that recur four plies later from ply 56 on; gote is to move
    const info = { length: 4, usAlwaysChecked: false, themAlwaysChecked: false };
    expect(hook(position, { ...info, span: 5 })).toBe(RULE_WIN);
    // the cycle the search found alone (plies 57–61, entry 6h6g6h: both sides attack) is a draw
    expect(hook(position, info)).toBe(0);
    // the position after ply 60 (gote's pass) with its cycle from ply 56: sente loses too
    position.undo();
    expect(hook(position, { ...info, span: 4 })).toBe(-RULE_WIN);
  });

  it('level 5 with the game on the position no longer chooses 6h6g6h, which scores a loss', () => {
    const { position, history } = replay(g.start, before);
    const pass = usi(position, '6h6g6h');
    const c = chooseMove(null, position, 5, { history, deterministic: true, book: false, searcher: new Searcher() });
    expect(c.move).not.toBe(0);
    expect(formatUsi(c.move)).not.toBe('6h6g6h');
    const own = c.result.rootScores!.find((r) => r.move === pass)!;
    expect(own.score).toBeLessThanOrEqual(-RULE_WIN + 100);
  });

  it('the engine protocol gives the search the game itself, so the rules judge the cycle (xboard, depth 2)', async () => {
    const out: string[] = [];
    const s = new XboardSession({ thinker: inlineThinker(), write: (l) => out.push(l), limits: { depth: 2 }, book: false });
    const pos = g.start.clone(1024);
    const lines = ['new', 'variant chu', 'force'];
    for (const m of before) {
      lines.push(`usermove ${CHU_XBOARD.formatMove(m, pos)}`);
      pos.play(m);
    }
    const pass = CHU_XBOARD.formatMove(usi(pos, '6h6g6h'), pos);
    for (const l of lines) s.feed(l);
    await s.idle();
    expect(out.filter((l) => /^(Illegal|Error)/.test(l))).toEqual([]);
    s.feed('go');
    await s.idle();
    // a multi-leg move comes as one `move` line per leg, all but the last ending in a comma
    const reply = out
      .filter((l) => l.startsWith('move '))
      .map((l) => l.slice(5))
      .join('');
    expect(reply).not.toBe('');
    expect(reply).not.toBe(pass);
  });
});
