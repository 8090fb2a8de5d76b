/** Chu shogi western notation: the spec's forms, disambiguation, lishogi input forms and errors. */
import { describe, expect, it } from 'vitest';
import { legalMoves } from '../src/core/perft.js';
import type { Position } from '../src/core/position.js';
import { parseChuMove } from '../src/games/chushogi/notation/detect.js';
import { getGame } from '../src/games/registry.js';
import { formatUsi } from '../src/games/chushogi/notation/usi.js';
import { formatWestern, parseWestern } from '../src/games/chushogi/notation/western.js';
import { formatProblem } from '../src/core/problem.js';

const chu = getGame('chushogi');
function sfen(text: string): Position {
  const r = chu.parseFen(text);
  if (!r.ok) throw new Error(formatProblem(r.error));
  return r.value;
}

/** A sente Lion on 7g, gote pawns on 7f and 6e. */
const LION = '12/12/12/12/6p5/5p6/5N6/12/12/12/12/12 b - 1';
/** Two sente Lions, on 7g and 3g. */
const TWO_LIONS = '12/12/12/12/12/12/5N3N2/12/12/12/12/12 b - 1';
/** A sente pawn on 7e, one step from the zone. */
const PAWN = '12/12/12/12/5P6/12/12/12/12/12/12/12 b - 1';
/** Sente golds on 6l and 4l. */
const GOLDS = '12/12/12/12/12/12/12/12/12/12/12/6G1G3 b - 1';
/** A sente Bishop on 8l and a promoted Leopard (moves as a Bishop, written B) on 6l. */
const BISHOPS = '12/12/12/12/12/12/12/12/12/12/12/4B1+F5 b - 1';

const westernOf = (pos: Position): string[] => {
  const legal = legalMoves(pos);
  return legal.map((m) => formatWestern(pos, m, legal));
};
const usiOf = (fen: string, text: string): string => {
  const r = parseWestern(sfen(fen), text);
  return r.ok ? formatUsi(r.value) : formatProblem(r.error);
};

describe('western output', () => {
  it('writes the start position moves with the spec abbreviations', () => {
    const texts = westernOf(sfen(chu.startFen));
    expect(texts).toHaveLength(36);
    expect(texts).toEqual(expect.arrayContaining(['P-7h', 'GB-9g', 'Ln-7h', 'Ln-6h', 'Kr-9k', 'FL-11k', 'DH-9k', 'DK-4k', 'BT-9k']));
  });

  it('writes lion double moves, igui and the pass', () => {
    const texts = westernOf(sfen(LION));
    expect(texts).toEqual(expect.arrayContaining(['Lnx7f', 'Lnx!7f', 'Lnx7f-7e', 'Lnx7fx6e', 'Lnx6e', 'Ln-7e', '--']));
    expect(texts).toHaveLength(33);
  });

  it('writes promotion + and a declined promotion =', () => {
    expect(westernOf(sfen(PAWN)).sort()).toEqual(['P-7d+', 'P-7d=']);
  });

  it('adds the origin only when another piece written alike reaches the same square', () => {
    expect(westernOf(sfen(GOLDS)).sort()).toEqual(['G-3k', 'G-3l', 'G-4k', 'G-6k', 'G-7k', 'G-7l', 'G4l-5k', 'G4l-5l', 'G6l-5k', 'G6l-5l']);
    const bishops = westernOf(sfen(BISHOPS));
    expect(bishops).toEqual(expect.arrayContaining(['B8l-7k', 'B6l-7k', 'B-9k', 'B-5k']));
  });

  it('writes a pass as a double step back when two pieces could pass', () => {
    const passes = westernOf(sfen(TWO_LIONS)).filter((t) => /^Ln-\d+[a-l]-\d+[a-l]$/.test(t));
    expect(passes.map((t) => t.slice(-2))).toEqual(expect.arrayContaining(['7g', '3g']));
    expect(passes).toHaveLength(2);
  });
});

describe('western input', () => {
  it('reads the spec forms', () => {
    expect(usiOf(LION, 'Lnx!7f')).toBe('7g7f7g');
    expect(usiOf(LION, 'Lnx7fx6e')).toBe('7g7f6e');
    expect(usiOf(LION, 'Lnx7f-7e')).toBe('7g7f7e');
    expect(usiOf(LION, '--')).toMatch(/^7g\d+[a-l]7g$/);
    expect(usiOf(PAWN, 'P-7d+')).toBe('7e7d+');
    expect(usiOf(PAWN, 'P-7d=')).toBe('7e7d');
    expect(usiOf(PAWN, 'P-7d')).toBe('7e7d');
  });

  it('reads a double step through an empty square as the plain move, and a step back as igui or pass', () => {
    expect(usiOf(LION, 'Ln-7h-6i')).toBe('7g6i');
    expect(usiOf(LION, 'Lnx7f-7g')).toBe('7g7f7g');
    expect(usiOf(LION, 'Ln-7h-7g')).toMatch(/^7g\d+[a-l]7g$/);
  });

  it('reads origins, any letter case and lishogi\'s promoted forms', () => {
    expect(usiOf(GOLDS, 'G6l-5l')).toBe('6l5l');
    expect(usiOf(GOLDS, 'g-7l')).toBe('6l7l');
    expect(usiOf(LION, 'ln-7h')).toBe('7g7h');
    expect(usiOf(BISHOPS, '+FL-7k')).toBe('6l7k');
    expect(usiOf(BISHOPS, 'B8l-7k')).toBe('8l7k');
    expect(usiOf(TWO_LIONS, 'Ln3g-3f-3g')).toBe('3g3f3g');
  });

  it('goes through the any-notation reader', () => {
    const pos = sfen(LION);
    const viaAny = parseChuMove(pos, 'Lnx7fx6e');
    expect(viaAny.ok && formatUsi(viaAny.value)).toBe('7g7f6e');
    const usi = parseChuMove(pos, '7g7f6e');
    expect(usi.ok && formatUsi(usi.value)).toBe('7g7f6e');
  });
});

describe('western errors', () => {
  it('name the problem', () => {
    expect(usiOf(LION, 'Ln-4d')).toBe('"Ln-4d": the Lion on 7g cannot move to 4d');
    expect(usiOf(LION, 'Ln-7i-6h')).toBe('"Ln-7i-6h": the Lion on 7g has no double move through 7i to 6h');
    expect(usiOf(LION, 'Q-5e')).toBe('"Q-5e": "Q" is not a chu shogi piece abbreviation');
    expect(usiOf(LION, 'Ln8g-7h')).toBe('"Ln8g-7h": there is no sente Ln on 8g');
    expect(usiOf(LION, 'G-5e')).toBe('"G-5e": sente has no Gold General (G)');
    expect(usiOf(TWO_LIONS, '--')).toMatch(/^"--": it is ambiguous: it could be Ln-\d+[a-l]-7g or Ln-\d+[a-l]-3g$/);
    expect(usiOf(BISHOPS, 'B-7k')).toBe('"B-7k": it is ambiguous: it could be B8l-7k or B6l-7k');
    expect(usiOf(GOLDS, 'X-5e')).toMatch(/^"X-5e": /);
  });
});
