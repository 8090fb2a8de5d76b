/** Chu Shogi SFEN (lishogi format): reading, writing, clear errors. */
import { describe, expect, it } from 'vitest';
import { CHU_START_SFEN, chushogi } from '../src/games/chushogi/index.js';
import { formatChuSfen, parseChuSfen, sfenMoveNumber } from '../src/games/chushogi/notation/sfen.js';
import { parseUsi, parseUsiSquare } from '../src/games/chushogi/notation/usi.js';
import { formatProblem } from '../src/core/problem.js';

const parse = (text: string) => {
  const r = parseChuSfen(text);
  if (!r.ok) throw new Error(formatProblem(r.error));
  return r.value;
};
const error = (text: string): string => {
  const r = parseChuSfen(text);
  return r.ok ? '(parsed)' : formatProblem(r.error);
};
const pieceAt = (text: string, sq: string): string => {
  const pos = parse(text);
  const p = pos.board[parseUsiSquare(sq)]!;
  return p === 0 ? '' : `${(p & 1) === 0 ? 'sente' : 'gote'} ${chushogi.pieces[(p >> 1) - 1]!.id}`;
};

describe('reading', () => {
  it('the start position: squares, side, counters', () => {
    const pos = parse(CHU_START_SFEN);
    expect(pos.turn).toBe(0);
    expect(pos.aux).toBe(0);
    expect(sfenMoveNumber(pos)).toBe(1);
    expect(pieceAt(CHU_START_SFEN, '7l')).toBe('sente king');
    expect(pieceAt(CHU_START_SFEN, '6a')).toBe('gote king');
    expect(pieceAt(CHU_START_SFEN, '7j')).toBe('sente lion');
    expect(pieceAt(CHU_START_SFEN, '6c')).toBe('gote lion');
    expect(pieceAt(CHU_START_SFEN, '9h')).toBe('sente gobetween');
    expect(pieceAt(CHU_START_SFEN, '12l')).toBe('sente lance');
    expect(pieceAt(CHU_START_SFEN, '1a')).toBe('gote lance');
    expect([...pos.board].filter((p) => p !== 0)).toHaveLength(92);
  });

  it('promoted letters are their own kinds', () => {
    const text = '12/12/12/12/12/5+H+d5/12/12/12/12/12/12 b - 1';
    expect(pieceAt(text, '7f')).toBe('sente +horse');
    expect(pieceAt(text, '6f')).toBe('gote +dragon');
    expect(pieceAt('12/12/12/12/12/5+F6/12/12/12/12/12/12 b - 1', '7f')).toBe('sente +leopard');
  });

  it('fields after the board may be left out', () => {
    const pos = parse('12/12/12/12/12/12/5N6/12/12/12/12/12');
    expect(pos.turn).toBe(0);
    expect(formatChuSfen(pos)).toBe('12/12/12/12/12/12/5N6/12/12/12/12/12 b - 1');
    expect(formatChuSfen(parse('12/12/12/12/12/12/5N6/12/12/12/12/12 w'))).toBe('12/12/12/12/12/12/5N6/12/12/12/12/12 w - 1');
  });
});

describe('writing', () => {
  it.each([
    CHU_START_SFEN,
    '11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1',
    '12/12/12/12/12/12/5N6/12/12/12/12/12 w - 1',
    'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 8',
    '1P3PP3P1/12/12/12/6k5/12/12/6K5/12/12/12/l10l b - 1',
  ])('round-trips %s', (text) => {
    expect(formatChuSfen(parse(text))).toBe(text);
  });

  it('the move number counts plies, from either side to move', () => {
    const pos = parse(CHU_START_SFEN);
    for (const [usi, n] of [['7i7h', 2], ['6d6e', 3], ['7h7g', 4]] as const) {
      const m = parseUsi(pos, usi);
      if (!m.ok) throw new Error(formatProblem(m.error));
      pos.play(m.value);
      expect(formatChuSfen(pos).endsWith(` ${n}`)).toBe(true);
    }
    const gote = parse('k11/12/12/12/12/12/12/12/12/12/12/11K w - 1');
    const m = parseUsi(gote, '12a12b');
    if (!m.ok) throw new Error(formatProblem(m.error));
    gote.play(m.value);
    expect(formatChuSfen(gote)).toBe('12/k11/12/12/12/12/12/12/12/12/12/11K b - 2');
    expect(formatChuSfen(gote.clone())).toBe('12/k11/12/12/12/12/12/12/12/12/12/11K b - 2');
    gote.undo();
    expect(formatChuSfen(gote)).toBe('k11/12/12/12/12/12/12/12/12/12/12/11K w - 1');
  });

  it('the counter-strike square is hashed', () => {
    const a = parse('11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1');
    const b = parse('11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b - 1');
    expect(a.hashLo === b.hashLo && a.hashHi === b.hashHi).toBe(false);
    expect([a.hashLo, a.hashHi]).toEqual(a.computeHash());
  });
});

describe('errors name the field and the problem', () => {
  it.each([
    ['', /empty/],
    ['12/12/12', /field 1: expected 12 ranks/],
    ['13/12/12/12/12/12/12/12/12/12/12/12 b - 1', /field 1: rank 1 .* 13 files/],
    ['11/12/12/12/12/12/12/12/12/12/12/12 b - 1', /field 1: rank 1 .* 11 files instead of 12/],
    ['12/12/12/12/12/12/5Z6/12/12/12/12/12 b - 1', /field 1: unknown piece letter "Z"/],
    ['12/12/12/12/12/12/5+K6/12/12/12/12/12 b - 1', /field 1: "\+K" .*King does not promote/],
    ['12/12/12/12/12/12/5+N6/12/12/12/12/12 b - 1', /Lion does not promote/],
    ['12/12/12/12/12/12/5+6/12/12/12/12/12 b - 1', /field 1: "\+" must be followed/],
    ['12/12/12/12/12/12/5+Y6/12/12/12/12/12 b - 1', /"\+Y" is not a piece/],
    ['12/12/12/12/12/12/12/12/12/12/12/12 b - 1', /board is empty/],
    ['KK10/12/12/12/12/12/12/12/12/12/12/12 b - 1', /sente .* 2 kings/],
    ['12/12/12/12/12/12/5N6/12/12/12/12/12 x - 1', /field 2: .* not "x"/],
    ['12/12/12/12/12/12/5N6/12/12/12/12/12 b 13a 1', /field 3: "13a"/],
    ['12/12/12/12/12/12/5N6/12/12/12/12/12 b 7g 1', /field 3: .*7g holds a piece of the side to move/],
    ['12/12/12/12/12/12/5n6/12/12/12/12/12 b 7g 1', /field 3: .*holds a lion/],
    ['12/12/12/12/12/12/5N6/12/12/12/12/12 b - 0', /field 4: move number "0"/],
    ['12/12/12/12/12/12/5N6/12/12/12/12/12 b - x', /field 4/],
    ['12/12/12/12/12/12/5N6/12/12/12/12/12 b - 1 5', /5 fields/],
  ])('%s', (text, re) => {
    expect(error(text)).toMatch(re);
  });

  it('more than 46 pieces a side cannot happen', () => {
    const full = 'PPPPPPPPPPPP/'.repeat(4) + '12/'.repeat(7) + '12';
    expect(error(full)).toMatch(/48 pieces \(at most 46\)/);
  });
});
