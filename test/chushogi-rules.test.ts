/** Chu Shogi rules on hand-made positions: lion power, lion trading, promotion, royals. */
import { describe, expect, it } from 'vitest';
import { legalMoves } from '../src/core/perft.js';
import type { Position } from '../src/core/position.js';
import { chushogi, royalsLost } from '../src/games/chushogi/index.js';
import { formatChuSfen, parseChuSfen } from '../src/games/chushogi/notation/sfen.js';
import { formatUsi, parseUsi, parseUsiSquare } from '../src/games/chushogi/notation/usi.js';
import { formatProblem } from '../src/core/problem.js';

const sfen = (text: string): Position => {
  const r = parseChuSfen(text);
  if (!r.ok) throw new Error(formatProblem(r.error));
  return r.value;
};
const moves = (pos: Position): Set<string> => new Set(legalMoves(pos).map(formatUsi));
const play = (pos: Position, ...usi: string[]): Position => {
  for (const u of usi) {
    const m = parseUsi(pos, u);
    if (!m.ok) throw new Error(formatProblem(m.error));
    pos.play(m.value);
  }
  return pos;
};
const at = (pos: Position, square: string): string => {
  const p = pos.board[parseUsiSquare(square)]!;
  if (p === 0) return '.';
  const l = chushogi.pieces[(p >> 1) - 1]!.letter;
  return (p & 1) === 0 ? l.toUpperCase() : l.toLowerCase();
};
/** Is the USI move legal (read through the parser, so equivalent spellings count too)? */
const legal = (pos: Position, usi: string): boolean => parseUsi(pos, usi).ok;

describe('lion power', () => {
  it('igui: capture on the first step and stay', () => {
    const pos = sfen('k11/12/12/12/12/5g6/5N6/12/12/12/12/11K b - 1');
    expect(moves(pos)).toContain('7g7f7g');
    play(pos, '7g7f7g');
    expect(at(pos, '7g')).toBe('N');
    expect(at(pos, '7f')).toBe('.');
    expect(pos.turn).toBe(1);
    pos.undo();
    expect(at(pos, '7f')).toBe('g');
  });

  it('jitto: one pass, through any empty neighbour, changes nothing but the side to move', () => {
    const pos = sfen('k11/12/12/12/12/12/5N6/12/12/12/12/11K b - 1');
    const passes = [...moves(pos)].filter((m) => m.length === 6);
    expect(passes).toHaveLength(1);
    const a = parseUsi(pos, '7g6f7g');
    const b = parseUsi(pos, '7g8h7g');
    expect(a.ok && b.ok && a.value === b.value).toBe(true);
    const board = pos.board.slice();
    play(pos, '7g7h7g');
    expect(pos.board).toEqual(board);
    expect(pos.turn).toBe(1);
  });

  it('no pass without an empty neighbour; igui still possible when surrounded by enemies', () => {
    const own = sfen('k11/12/12/12/12/4GGG5/4GNG5/4GGG5/12/12/12/11K b - 1');
    expect([...moves(own)].filter((m) => m.startsWith('7g') && m.length === 6)).toEqual([]);
    expect(legal(own, '7g7f7g')).toBe(false);
    const enemies = sfen('k11/12/12/12/12/4ppp5/4pNp5/4ppp5/12/12/12/11K b - 1');
    const doubles = [...moves(enemies)].filter((m) => m.startsWith('7g') && m.length === 6);
    expect(doubles.filter((m) => m.endsWith('7g'))).toHaveLength(8); // eight igui, no pass
  });

  it('capture then step, and double capture', () => {
    const pos = sfen('k11/12/12/12/5s6/5g6/5N6/12/12/12/12/11K b - 1');
    const ms = moves(pos);
    expect(ms).toContain('7g7f6e'); // capture, then step to an empty square
    expect(ms).toContain('7g7f7e'); // capture on both steps
    play(pos, '7g7f7e');
    expect(at(pos, '7e')).toBe('N');
    expect(at(pos, '7f')).toBe('.');
    expect(at(pos, '7g')).toBe('.');
  });

  it('a double step through an empty square is the plain move; the three-square form is only for captures and passes', () => {
    const pos = sfen('k11/12/12/12/12/12/5N6/12/12/12/12/11K b - 1');
    const plain = parseUsi(pos, '7g7e');
    const through = parseUsi(pos, '7g7f7e');
    expect(plain.ok && through.ok && plain.value === through.value).toBe(true);
    expect(formatUsi(through.ok ? through.value : 0)).toBe('7g7e');
    // not a lion path: 7f and 5e are not adjacent
    expect(parseUsi(pos, '7g7f5e').ok).toBe(false);
  });

  it('Horned Falcon: lion power straight forward only', () => {
    const pos = sfen('k11/12/12/12/5p6/5p6/5+H6/4p1p5/12/12/12/11K b - 1');
    const ms = [...moves(pos)].filter((m) => m.startsWith('7g'));
    expect(ms).toEqual(expect.arrayContaining(['7g7f', '7g7e', '7g7f7g', '7g7f7e']));
    expect(ms.filter((m) => m.length === 6).sort()).toEqual(['7g7f7e', '7g7f7g']); // no pass: 7f is occupied
    expect(ms).not.toContain('7g7f6e'); // the second step continues the line or comes back
    expect(ms).toContain('7g8h'); // diagonal slide (capture)
  });

  it('Soaring Eagle: lion power on the forward diagonals, with a pass when one is empty', () => {
    const pos = sfen('k11/12/12/12/3p8/4p7/5+D6/12/12/12/12/11K b - 1');
    const ms = [...moves(pos)].filter((m) => m.startsWith('7g'));
    expect(ms).toEqual(expect.arrayContaining(['7g8f', '7g9e', '7g8f7g', '7g8f9e', '7g6f', '7g5e']));
    expect(ms.filter((m) => m.length === 6 && m.endsWith('7g') && m !== '7g8f7g')).toHaveLength(1); // the pass via 6f
    expect(ms).not.toContain('7g8f7e');
  });

  it('a promoted Kirin is a Lion', () => {
    const pos = sfen('k11/12/12/12/12/12/5+O6/12/12/12/12/11K b - 1');
    expect([...moves(pos)].filter((m) => m.startsWith('7g'))).toHaveLength(25);
  });

  it('a Kirin promoting becomes a Lion, subject to the lion rules', () => {
    const pos = sfen('k11/12/12/12/12/12/12/4O7/12/12/12/11K b - 1'); // 8h kirin, 8d is in the zone
    play(pos, '8h8f', '12a12b', '8f8d+');
    expect(at(pos, '8d')).toBe('+O');
    play(pos, '12b12a');
    expect([...moves(pos)].filter((m) => m.startsWith('8d'))).toHaveLength(25);
  });
});

describe('lion-trading rules', () => {
  it('rule 1: a lion may always take an adjacent lion, protected or not', () => {
    const pos = sfen('k11/12/12/12/5g6/5n6/5N6/12/12/12/12/11K b - 1');
    expect(legal(pos, '7g7f')).toBe(true);
    expect(legal(pos, '7g7f7g')).toBe(true);
    expect(legal(pos, '7g7f7e')).toBe(true);
  });

  it('rule 2: an unprotected lion two squares away may be taken', () => {
    const pos = sfen('k11/12/12/12/5n6/12/5N6/12/12/12/12/11K b - 1');
    expect(legal(pos, '7g7e')).toBe(true);
  });

  it('rule 2: protection is judged with the capturing lion lifted (X-ray behind it counts)', () => {
    const pos = sfen('k11/12/12/12/5n6/12/5N6/12/12/5r6/12/11K b - 1');
    expect(legal(pos, '7g7e')).toBe(false);
    expect(legal(pos, '7g7f7e')).toBe(false); // the same move, through an empty square
    expect(legal(pos, '7g6f7e')).toBe(false);
    const why = parseUsi(pos, '7g7e');
    expect(why.ok ? '' : formatProblem(why.error)).toMatch(/lion-trading rule/);
  });

  it('rule 2: a bridge capture of a piece other than a pawn or go-between allows it', () => {
    // 7e lion protected by the gold 7d and the silver 6f; a pawn on 7f
    const pos = sfen('k11/12/12/5g6/5n6/5ps5/5N6/12/12/12/12/11K b - 1');
    expect(legal(pos, '7g7e')).toBe(false);
    expect(legal(pos, '7g8f7e')).toBe(false);
    expect(legal(pos, '7g7f7e')).toBe(false); // pawn bridge: no
    expect(legal(pos, '7g6f7e')).toBe(true); // silver bridge: yes
    expect(legal(pos, '7g7f')).toBe(true);
  });

  it('rule 2: a go-between bridge is no bridge, and a captured go-between still protects', () => {
    const gb = sfen('k11/12/12/12/5n6/5i6/5N6/12/12/12/12/11K b - 1');
    expect(legal(gb, '7g7e')).toBe(false);
    expect(legal(gb, '7g7f7e')).toBe(false);
    expect(legal(gb, '7g7f7g')).toBe(true);
    const copper = sfen('k11/12/12/12/5n6/5c6/5N6/12/12/12/12/11K b - 1');
    expect(legal(copper, '7g7e')).toBe(false);
    expect(legal(copper, '7g7f7e')).toBe(true);
  });

  it('rule 2 is for lions: a Falcon may take a protected lion two squares ahead', () => {
    const pos = sfen('k11/12/12/5g6/5n6/12/5+H6/12/12/12/12/11K b - 1');
    expect(legal(pos, '7g7e')).toBe(true);
  });

  it('rule 3: after a non-lion took a lion, the other side may not take a lion with a non-lion elsewhere', () => {
    const start = 'k11/12/5r6/12/7B4/12/5N3n2/4G5+O1/12/12/12/11K w - 1';
    const pos = play(sfen(start), '7c7g');
    expect(formatChuSfen(pos)).toBe('k11/12/12/12/7B4/12/5r3n2/4G5+O1/12/12/12/11K b 7g 2');
    expect(legal(pos, '5e3g')).toBe(false); // bishop takes a lion elsewhere
    expect(legal(pos, '2h3g')).toBe(true); // a lion may (adjacent)
    expect(legal(pos, '8h7g')).toBe(true); // taking the rook is fine
    const why = parseUsi(pos, '5e3g');
    expect(why.ok ? '' : formatProblem(why.error)).toMatch(/counter-strike/);
    // the ban lasts one move
    play(pos, '8h7g', '12a12b');
    expect(legal(pos, '5e3g')).toBe(true);
  });

  it('rule 3: the square itself stays open (a Kirin that took a lion and promoted there)', () => {
    const start = 'k11/12/12/12/12/12/12/12/4o7/5N3n2/12/7B3K w - 1';
    const promoted = play(sfen(start), '8i7j+');
    expect(formatChuSfen(promoted).split(' ')[2]).toBe('7j');
    expect(legal(promoted, '5l7j')).toBe(true);
    expect(legal(promoted, '5l3j')).toBe(false);
    const kept = play(sfen(start), '8i7j');
    expect(legal(kept, '5l7j')).toBe(true);
    expect(legal(kept, '5l3j')).toBe(false);
  });

  it('rule 3 is not triggered by a lion taking a lion', () => {
    const pos = play(sfen('k11/12/12/12/7B4/6n5/5N3n2/12/12/12/12/11K w - 1'), '6f7g');
    expect(pos.aux).toBe(0);
    expect(formatChuSfen(pos).split(' ')[2]).toBe('-');
    expect(legal(pos, '5e3g')).toBe(true);
  });

  it('rule 3 after a Falcon igui on a lion; and it binds Falcons and Eagles too', () => {
    const pos = play(sfen('k11/12/12/12/7B4/5+h6/5N3n2/12/12/12/12/11K w - 1'), '7f7g7f');
    expect(formatChuSfen(pos).split(' ')[2]).toBe('7g');
    expect(legal(pos, '5e3g')).toBe(false);
    const eagle = sfen('k11/12/12/12/12/4n7/5+D6/12/12/12/12/11K b 3c 1');
    expect(legal(eagle, '7g8f')).toBe(false);
    expect(legal(eagle, '7g8f7g')).toBe(false);
    expect(legal(eagle, '7g7f')).toBe(true);
    expect(legal(sfen('k11/12/12/12/12/4n7/5+D6/12/12/12/12/11K b - 1'), '7g8f7g')).toBe(true);
  });

  it('the counter-strike field read from SFEN', () => {
    const text = '11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1';
    const pos = sfen(text);
    expect(formatChuSfen(pos)).toBe(text);
    expect(legal(pos, '6l8j')).toBe(true);
    expect(legal(pos, '6l3i')).toBe(false);
    expect(legal(sfen(text.replace(' 8j ', ' - ')), '6l3i')).toBe(true);
  });
});

describe('promotion (lishogi rules, always optional)', () => {
  it('entering the zone', () => {
    const pos = sfen('k11/12/12/12/5R6/12/12/12/12/12/12/11K b - 1');
    expect(moves(pos)).toContain('7e7d');
    expect(moves(pos)).toContain('7e7d+');
    expect(moves(pos)).toContain('7e7a+');
    expect(moves(pos)).not.toContain('7e7f+');
  });

  it('captures with the start or the end in the zone; not plain moves inside or out of it', () => {
    const pos = sfen('k11/12/5R6/12/12/5p6/12/12/12/12/12/11K b - 1');
    const ms = moves(pos);
    expect(ms).toContain('7c7f+'); // capture leaving the zone
    expect(ms).toContain('7c7f');
    expect(ms).not.toContain('7c7e+'); // leaving without capture
    expect(ms).not.toContain('7c7b+'); // inside without capture
    expect(ms).toContain('7c7b');
    const inside = sfen('k11/5p6/5R6/12/12/12/12/12/12/12/12/11K b - 1');
    expect(moves(inside)).toContain('7c7b+'); // capture inside the zone
  });

  it('a pawn or lance reaching the last rank may promote; inside the zone otherwise not', () => {
    const pos = sfen('k11/5P6/4P1L5/12/12/12/12/12/12/12/12/11K b - 1');
    const ms = moves(pos);
    expect(ms).toContain('7b7a+');
    expect(ms).toContain('7b7a');
    expect(ms).not.toContain('8c8b+');
    expect(ms).toContain('8c8b');
    expect(ms).toContain('6c6a+');
    expect(ms).toContain('6c6a');
    expect(ms).not.toContain('6c6b+');
  });

  it('a pawn left unpromoted on the last rank is dead (no moves), and legal in SFEN', () => {
    const pos = sfen('k11/5P6/12/12/12/12/12/12/12/12/12/11K b - 1');
    play(pos, '7b7a', '12a12b');
    expect(at(pos, '7a')).toBe('P');
    expect([...moves(pos)].filter((m) => m.startsWith('7a'))).toEqual([]);
    expect(sfen(formatChuSfen(pos)).board).toEqual(pos.board);
    const lance = sfen('k11/12/12/12/12/12/12/12/12/12/12/5l5K w - 1'); // a gote lance on its last rank
    expect([...moves(lance)].filter((m) => m.startsWith('7l'))).toEqual([]);
  });

  it('promoted pieces, the King, the Lion and the Free King never promote', () => {
    const pos = sfen('k11/12/12/12/1N1Q1K1+R4/12/12/12/12/12/12/12 b - 1');
    expect([...moves(pos)].some((m) => m.endsWith('+'))).toBe(false);
  });

  it('a promotion keeps the promoted identity (+P is written +P and moves as a gold, not again promotable)', () => {
    const pos = sfen('k11/5P6/12/12/12/12/12/12/12/12/12/11K b - 1');
    play(pos, '7b7a+');
    expect(at(pos, '7a')).toBe('+P');
    play(pos, '12a12b');
    expect([...moves(pos)].filter((m) => m.startsWith('7a')).sort()).toEqual(['7a6a', '7a7b', '7a8a']);
  });

  it('gote promotes in ranks i-l', () => {
    const pos = sfen('K11/12/12/12/12/12/12/5r6/12/12/12/11k w - 1');
    expect(moves(pos)).toContain('7h7i+');
    expect(moves(pos)).not.toContain('7h7g+');
  });
});

describe('royals and the end of the game', () => {
  it('moving into check is legal', () => {
    const pos = sfen('k11/12/12/12/12/12/12/12/12/12/12/1r9K b - 1');
    expect(moves(pos)).toContain('1l2l'); // next to the rook, on its rank
    expect(chushogi.inCheck(pos)).toBe(true);
  });

  it('a side whose royals are all captured has no moves (game over)', () => {
    const pos = sfen('k11/12/12/12/12/12/12/12/12/12/12/10rK w - 1');
    play(pos, '2l1l');
    expect(royalsLost(pos)).toBe(true);
    expect(legalMoves(pos)).toEqual([]);
  });

  it('the Crown Prince keeps the game going after the King is taken', () => {
    const pos = sfen('k11/12/12/12/12/12/12/12/12/12/12/+E9rK w - 1');
    play(pos, '2l1l');
    expect(royalsLost(pos)).toBe(false);
    expect(legalMoves(pos).length).toBeGreaterThan(0);
    expect(legal(pos, '12l12k')).toBe(true);
  });

  it('a side with no royal while the other has one has lost: no moves, and moves are refused', () => {
    // gote to move has its king, sente has none: sente lost it (not a mate problem)
    const lost = sfen('k11/12/12/12/5E6/12/12/12/12/12/12/12 w - 1');
    lost.setTurn(0);
    expect(royalsLost(lost)).toBe(true);
    expect(legalMoves(lost)).toEqual([]);
    const r = parseUsi(lost, '7e7d+');
    expect(r.ok ? '' : formatProblem(r.error)).toMatch(/game is over/);
  });

  it('a mate problem: the side to move has pieces but no royal (tsume convention) and plays on', () => {
    const pos = sfen('k11/12/12/12/5E6/12/12/12/12/12/12/12 b - 1');
    expect(royalsLost(pos)).toBe(false);
    expect(legalMoves(pos).length).toBeGreaterThan(0);
    expect(parseUsi(pos, '7e7d+').ok).toBe(true);
  });

  it('a Drunk Elephant promotes to a royal Crown Prince; a promoted Go-Between is not royal', () => {
    const prince = sfen('k11/12/12/12/5E6/12/12/12/12/12/12/11K b - 1');
    play(prince, '7e7d+');
    expect(chushogi.royal[prince.board[parseUsiSquare('7d')]!]).toBe(1);
    const gb = sfen('k11/12/12/12/5I6/12/12/12/12/12/12/11K b - 1');
    play(gb, '7e7d+');
    expect(at(gb, '7d')).toBe('+I');
    expect(chushogi.royal[gb.board[parseUsiSquare('7d')]!]).toBe(0);
  });

  it('positions without any royal (study positions) still have moves', () => {
    expect(legalMoves(sfen('12/12/12/12/12/12/5N6/12/12/12/12/12 b - 1'))).toHaveLength(25);
  });

  it('check is a royal attacked, also by a lion jump', () => {
    expect(chushogi.inCheck(sfen('12/12/12/12/12/12/5K6/12/5n6/12/12/12 b - 1'))).toBe(true);
    expect(chushogi.inCheck(sfen('12/12/12/12/12/12/5K6/12/12/5n6/12/12 b - 1'))).toBe(false);
  });
});
