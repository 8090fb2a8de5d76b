/**
 * Issue 43 (4): the computer answers a draw offer by its search's score (session.ts judgeDraw):
 * it takes a draw in a level or worse position (≤ +0.25 pawn for it) once 20 plies are played, a
 * clearly worse one (≤ −1.50, or mated) at any time, and a position where neither side can win.
 */
import { describe, expect, it } from 'vitest';
import type { Move } from '../src/core/move.js';
import { getGame } from '../src/games/registry.js';
import { DRAW_MIN_PLIES, judgeDraw } from '../src/tui/commands.js';
import { scoreOf, type Evaluation } from '../src/tui/engine-computer.js';
import { Session } from '../src/tui/session.js';

const xq = getGame('xiangqi');
/** 24 plies of a quiet xiangqi game (no capture, no repetition), red to move after them. */
const QUIET = ['a3a4', 'a6a5', 'c3c4', 'c6c5', 'e3e4', 'e6e5', 'g3g4', 'g6g5', 'i3i4', 'i6i5', 'a0a1', 'a9a8', 'i0i1', 'i9i8', 'h2h1', 'h7h8', 'b2b1', 'b7b8', 'e0e1', 'e9e8', 'a1a3', 'a8a6', 'i1i3', 'i8i6'];
const move = (s: Session, text: string): Move => {
  const r = s.parseMove(text);
  if (!r.ok) throw new Error(text);
  return r.value;
};
const run = (s: Session, ...lines: string[]): string[] => lines.flatMap((l) => {
  const r = s.command(l);
  expect(r.err).toEqual([]);
  return r.out;
});

/** Human (red) against the computer (black) after `plies` plies; the computer's last search scored `cp` for it. */
function game(plies: number, cp: number | null, mate: number | null = null): Session {
  const s = new Session(xq, { players: ['human', 'human'] });
  run(s, ...QUIET.slice(0, plies));
  s.players = ['human', 'computer'];
  s.computerScore = { side: 1, ply: s.history.length - 1, cp, mate };
  return s;
}

describe('draw offers judged by the score', () => {
  it('level after 20 plies: accepted; the game ends by agreement', () => {
    const s = game(DRAW_MIN_PLIES, 10);
    expect(s.outcome()).toBeNull();
    expect(run(s, 'draw')).toEqual(['the computer accepts the draw (it judges its position +0.10); game over: 1/2-1/2 draw by agreement']);
    expect(s.outcome()?.result).toBe('1/2-1/2');
  });

  it('better for the computer: declined with its score; too early: declined unless clearly worse', () => {
    expect(run(game(DRAW_MIN_PLIES, 80), 'draw')).toEqual(['the computer declines the draw offer (it judges its position +0.80)']);
    expect(run(game(4, 0), 'draw')).toEqual(['the computer declines the draw offer (it plays on in the first 20 plies unless clearly worse)']);
    const worse = game(4, -200);
    expect(run(worse, 'draw')).toEqual(['the computer accepts the draw (it judges its position -2.00); game over: 1/2-1/2 draw by agreement']);
    expect(judgeDraw(game(4, null, -3), 1)).toEqual({ accept: true, reason: 'it sees itself mated in 3' });
    expect(judgeDraw(game(20, -500, 2), 1)).toEqual({ accept: false, reason: 'it sees a mate in 2' });
  });

  it('a game set up from a FEN counts its plies from the FEN\'s move number', () => {
    const s = new Session(xq, { players: ['human', 'human'], fen: '2bak1r2/4a4/4b4/9/9/9/9/4B4/4A4/2BAKR3 w - - 0 40' });
    run(s, 'f0f1');
    s.players = ['human', 'computer'];
    expect(judgeDraw(s, 1)).toEqual({ accept: false, reason: 'it has no evaluation of this position' });
    s.computerMove(move(s, 'g9f9'), { cp: 19, mate: null });
    expect(run(s, 'draw')).toEqual(['the computer accepts the draw (it judges its position +0.19); game over: 1/2-1/2 draw by agreement']);
  });

  it('a score of another position (after an undo) is no answer', () => {
    const s = game(DRAW_MIN_PLIES, 0);
    s.undo(2);
    expect(judgeDraw(s, 1)).toEqual({ accept: false, reason: 'it has no evaluation of this position' });
  });

  it('offered on the computer\'s turn: it answers with its move, from that search\'s score', () => {
    const s = game(DRAW_MIN_PLIES + 1, null);
    s.computerScore = null;
    expect(s.turn).toBe(1);
    expect(run(s, 'draw')).toEqual(['red offers a draw: the computer answers with its move']);
    expect(s.drawOffer).toBe(0);
    const no = s.computerMove(move(s, 'a8a6'), { cp: 300, mate: null });
    expect(no.out).toEqual(['computer as black: 11... a8a6', 'the computer declines the draw offer (it judges its position +3.00)']);
    expect(s.drawOffer).toBeNull();
    // the next offer, on its turn again: a level score takes it (and its move is not played)
    run(s, 'c0e2', 'draw');
    const n = s.history.length;
    const yes = s.computerMove(move(s, 'c9e7'), { cp: -5, mate: null });
    expect(yes.out).toEqual(['the computer accepts the draw (it judges its position -0.05); game over: 1/2-1/2 draw by agreement']);
    expect(s.history.length).toBe(n);
  });

  it('the host reads the score of the position searched only', () => {
    const s = new Session(xq);
    const info = { depth: 5, seldepth: 5, multipv: 1, score: 42, mate: null, nodes: 1, nps: 1, timeMs: 1, pv: [] };
    const here: Evaluation = { engine: 'chuhan', pos: s.pos.clone(), info };
    expect(scoreOf(s, here)).toEqual({ cp: 42, mate: null });
    run(s, 'h2e2');
    expect(scoreOf(s, here)).toBeNull();
    expect(scoreOf(s, null)).toBeNull();
  });
});
