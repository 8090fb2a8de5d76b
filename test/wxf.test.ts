/** WXF notation: official output, every accepted input form, and precise errors. */
import { describe, expect, it } from 'vitest';
import { formatWxf, parseWxf } from '../src/games/xiangqi/notation/wxf.js';
import { formatAt, iccsOfText, XQ_START_FEN as START, XQ_TEST_FENS } from './helpers/xiangqi.js';

const START_B = START.replace(' w ', ' b ');
const { TANDEM, PAWNS3, PAWNS4, PAWNS5, TWO_FILES, BLACK_PAWNS } = XQ_TEST_FENS;
/** Three red soldiers on file 5 (e5-e7). */
const FILE5 = '5k3/9/4P4/4P4/4P4/9/9/9/9/4K4 w - - 0 1';

/** The WXF text of an ICCS move. */
const wxfOf = (fen: string, iccs: string, options = {}): string => formatAt(fen, iccs, (pos, m) => formatWxf(pos, m, options));
/** The ICCS move a WXF text means, or the error. */
const iccsOf = (fen: string, text: string): string => iccsOfText(fen, text, parseWxf);

describe('WXF output', () => {
  it('writes plain moves from the mover\'s side', () => {
    expect(wxfOf(START, 'h2e2')).toBe('C2.5');
    expect(wxfOf(START, 'b0c2')).toBe('H8+7');
    expect(wxfOf(START, 'h0g2')).toBe('H2+3');
    expect(wxfOf(START, 'i0i1')).toBe('R1+1');
    expect(wxfOf(START, 'f0e1')).toBe('A4+5');
    expect(wxfOf(START, 'g0e2')).toBe('E3+5');
    expect(wxfOf(START, 'c3c4')).toBe('P7+1');
    expect(wxfOf(START, 'e0e1')).toBe('K5+1');
    expect(wxfOf(START, 'h2h9')).toBe('C2+7');
    // black counts files from its own right: h is its file 8
    expect(wxfOf(START_B, 'h9g7')).toBe('H8+7');
    expect(wxfOf(START_B, 'b9c7')).toBe('H2+3');
    expect(wxfOf(START_B, 'h7e7')).toBe('C8.5');
    expect(wxfOf(START_B, 'b7b0')).toBe('C2+7');
    expect(wxfOf(START_B, 'e9e8')).toBe('K5+1');
  });

  it('uses = on request', () => {
    expect(wxfOf(START, 'h2e2', { sideways: '=' })).toBe('C2=5');
  });

  it('tells tandem pieces apart with + and -', () => {
    expect(wxfOf(TANDEM, 'h5g5')).toBe('R+.3');
    expect(wxfOf(TANDEM, 'h1g1')).toBe('R-.3');
    expect(wxfOf(TANDEM, 'h1h0')).toBe('R--1');
    expect(wxfOf(TANDEM, 'b2b3')).toBe('C-+1');
    expect(wxfOf(TANDEM, 'b5b4')).toBe('C+-1');
  });

  it('writes tandem pawns as the official WXF page does', () => {
    expect(['g7f7', 'g6f6', 'g5f5'].map((m) => wxfOf(PAWNS3, m))).toEqual(['P+.4', 'P3.4', 'P-.4']);
    expect(['g8f8', 'g7f7', 'g6f6', 'g5f5'].map((m) => wxfOf(PAWNS4, m))).toEqual(['++.4', 'P+.4', 'P-.4', '--.4']);
    expect(['g9f9', 'g8f8', 'g7f7', 'g6f6', 'g5f5'].map((m) => wxfOf(PAWNS5, m))).toEqual(['++.4', 'P+.4', 'P3.4', 'P-.4', '--.4']);
    expect(['g7f7', 'g6f6', 'g5f5', 'c6d6', 'c5d5'].map((m) => wxfOf(TWO_FILES, m))).toEqual(['3+.4', '33.4', '3-.4', '7+.6', '7-.6']);
    expect(wxfOf(TWO_FILES, 'g7g8')).toBe('3++1');
    expect(['c2d2', 'c3d3', 'c4d4'].map((m) => wxfOf(BLACK_PAWNS, m))).toEqual(['P+.4', 'P3.4', 'P-.4']);
  });
});

describe('WXF input', () => {
  it('reads the official forms back', () => {
    expect(iccsOf(START, 'C2.5')).toBe('h2e2');
    expect(iccsOf(TANDEM, 'R+.3')).toBe('h5g5');
    expect(iccsOf(TANDEM, 'C-+1')).toBe('b2b3');
    expect(['++.4', 'P+.4', 'P3.4', 'P-.4', '--.4'].map((t) => iccsOf(PAWNS5, t))).toEqual(['g9f9', 'g8f8', 'g7f7', 'g6f6', 'g5f5']);
    expect(['3+.4', '33.4', '3-.4', '7+.6', '7-.6'].map((t) => iccsOf(TWO_FILES, t))).toEqual(['g7f7', 'g6f6', 'g5f5', 'c6d6', 'c5d5']);
  });

  it('reads =, lower case, full-width characters and the letters B, N', () => {
    expect(iccsOf(START, 'C2=5')).toBe('h2e2');
    expect(iccsOf(START, 'c2.5')).toBe('h2e2');
    expect(iccsOf(START, 'h8+7')).toBe('b0c2');
    expect(iccsOf(START, 'Ｃ２＝５')).toBe('h2e2');
    expect(iccsOf(START, 'Ｈ８＋７')).toBe('b0c2');
    expect(iccsOf(START, 'N8+7')).toBe('b0c2');
    expect(iccsOf(START, 'B3+5')).toBe('g0e2');
  });

  it('reads the sign-before-letter form as front/rear', () => {
    expect(iccsOf(TANDEM, '+R.3')).toBe('h5g5');
    expect(iccsOf(TANDEM, '-R.3')).toBe('h1g1');
    expect(iccsOf(TANDEM, '－Ｃ＋１')).toBe('b2b3');
    expect(iccsOf(PAWNS3, '+P+1')).toBe('g7g8');
    expect(iccsOf(PAWNS3, '-P.4')).toBe('g5f5');
  });

  it("reads Fairy-Stockfish's index form", () => {
    expect(iccsOf(FILE5, '15=6')).toBe('e7d7');
    expect(iccsOf(FILE5, '25=6')).toBe('e6d6');
    expect(iccsOf(FILE5, '35=4')).toBe('e5f5');
    expect(iccsOf(PAWNS3, '13=4')).toBe('g7f7');
    // one tandem file: 33 is the third pawn from the front (index form)...
    expect(iccsOf(PAWNS3, '33=4')).toBe('g5f5');
    // ...with tandem pawns on two files it is the official middle pawn
    expect(iccsOf(TWO_FILES, '33=4')).toBe('g6f6');
  });

  it('accepts a file digit for tandem pieces when only one of them can make the move', () => {
    expect(iccsOf(TANDEM, 'R2+4')).toBe('h5h9'); // the rear chariot is blocked by the front one
    expect(iccsOf(TANDEM, 'R2-1')).toBe('"R2-1": it is ambiguous: it could be R+-1 or R--1');
  });
});

describe('WXF errors name the problem', () => {
  it('matches the issue examples', () => {
    expect(iccsOf('3k5/9/9/9/9/9/9/9/7R1/4K4 w - - 0 1', 'R+.3')).toBe('"R+.3": there is only one chariot on file 2');
    expect(iccsOf('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/7R1/RNBAKABN1 w - - 0 1', 'H2+3')).toBe(
      '"H2+3": the horse on h0 is blocked at h1',
    );
  });

  it('explains impossible moves', () => {
    expect(iccsOf(START, 'C2+9')).toBe('"C2+9": the cannon on h2 cannot go 9 points forward (off the board)');
    expect(iccsOf(START, 'H2+5')).toBe('"H2+5": the horse on h0 cannot reach file 5');
    expect(iccsOf(START, 'H2.3')).toMatch(/^"H2\.3": the horse on h0 cannot move sideways/);
    expect(iccsOf(START, 'R9+3')).toBe('"R9+3": the chariot on a0 cannot capture its own soldier on a3');
    expect(iccsOf(START, 'P7.6')).toBe('"P7.6": the soldier on c3 cannot move sideways before crossing the river');
    expect(iccsOf(START, 'H5+3')).toBe('"H5+3": there is no red horse on file 5');
    expect(iccsOf(START, 'C2.2')).toBe('"C2.2": the cannon on h2 is already on file 2');
    expect(iccsOf(START, 'C2+5')).toBe('"C2+5": the cannon on h2 needs a screen to capture on h7');
    expect(iccsOf(START, 'R1+4')).toBe('"R1+4": the chariot on i0 cannot reach i4 (blocked at i3)');
    expect(iccsOf(START_B, 'C8-9')).toBe('"C8-9": the cannon on h7 cannot go 9 points back (off the board)');
    expect(iccsOf(START, 'R+.3')).toBe('"R+.3": no two red chariots share a file');
    expect(iccsOf(START, 'X2.5')).toMatch(/^"X2\.5": not a WXF move/);
  });

  it('explains moves that expose the general', () => {
    expect(iccsOf('4k4/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1', 'H5+6')).toBe(
      '"H5+6": it would leave the generals facing each other on file e',
    );
    expect(iccsOf('3k5/9/9/9/9/4r4/9/9/4A4/4K4 w - - 0 1', 'A5+6')).toBe('"A5+6": it would leave the red general in check');
    expect(iccsOf('3k5/9/9/9/9/9/9/3r5/4A4/3K5 w - - 0 1', 'A5+4')).toBe(
      '"A5+4": the red general is in check and this move does not parry it',
    );
  });

  it('reports ambiguity with the alternatives', () => {
    expect(iccsOf(TANDEM, 'R2.3')).toBe('"R2.3": it is ambiguous: it could be R+.3 or R-.3');
  });
});
