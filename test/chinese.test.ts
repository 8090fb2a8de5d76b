/** Chinese notation: output for both sides, tandem pieces and pawns, every accepted input form, errors. */
import { describe, expect, it } from 'vitest';
import { formatChinese, parseChinese } from '../src/games/xiangqi/notation/chinese.js';
import { formatAt, iccsOfText, XQ_START_FEN as START, XQ_TEST_FENS } from './helpers/xiangqi.js';

const START_B = START.replace(' w ', ' b ');
const { TANDEM, PAWNS3, PAWNS4, PAWNS5, TWO_FILES, BLACK_PAWNS } = XQ_TEST_FENS;
const BLACK_TANDEM = '3k5/9/9/9/9/1r7/9/1r7/9/4K4 b - - 0 1';

const chineseOf = (fen: string, iccs: string): string => formatAt(fen, iccs, formatChinese);
const iccsOf = (fen: string, text: string): string => iccsOfText(fen, text, parseChinese);

describe('Chinese output', () => {
  it('writes Red with Chinese numerals and Black with digits', () => {
    expect(chineseOf(START, 'h2e2')).toBe('炮二平五');
    expect(chineseOf(START, 'b0c2')).toBe('马八进七');
    expect(chineseOf(START, 'i0i2')).toBe('车一进二');
    expect(chineseOf(START, 'f0e1')).toBe('仕四进五');
    expect(chineseOf(START, 'g0e2')).toBe('相三进五');
    expect(chineseOf(START, 'c3c4')).toBe('兵七进一');
    expect(chineseOf(START, 'e0e1')).toBe('帅五进一');
    expect(chineseOf(START_B, 'h9g7')).toBe('马8进7');
    expect(chineseOf(START_B, 'b7e7')).toBe('炮2平5');
    expect(chineseOf(START_B, 'c9e7')).toBe('象3进5');
    expect(chineseOf(START_B, 'd9e8')).toBe('士4进5');
    expect(chineseOf(START_B, 'e9e8')).toBe('将5进1');
    expect(chineseOf(START_B, 'g6g5')).toBe('卒7进1');
  });

  it('writes 前/后 for tandem pieces', () => {
    expect(chineseOf(TANDEM, 'h5g5')).toBe('前车平三');
    expect(chineseOf(TANDEM, 'h1h0')).toBe('后车退一');
    expect(chineseOf(TANDEM, 'b2b3')).toBe('后炮进一');
    expect(chineseOf(BLACK_TANDEM, 'b2b1')).toBe('前车进1');
    expect(chineseOf(BLACK_TANDEM, 'b4c4')).toBe('后车平3');
  });

  it('writes tandem pawns', () => {
    expect(['g7f7', 'g6f6', 'g5f5'].map((m) => chineseOf(PAWNS3, m))).toEqual(['前兵平四', '中兵平四', '后兵平四']);
    expect(['g8f8', 'g7f7', 'g6f6', 'g5f5'].map((m) => chineseOf(PAWNS4, m))).toEqual(['前兵平四', '二兵平四', '三兵平四', '后兵平四']);
    expect(['g9f9', 'g8f8', 'g7f7', 'g6f6', 'g5f5'].map((m) => chineseOf(PAWNS5, m))).toEqual([
      '前兵平四', '二兵平四', '三兵平四', '四兵平四', '后兵平四',
    ]);
    expect(['g7f7', 'g6f6', 'g5f5', 'c6d6', 'c5d5'].map((m) => chineseOf(TWO_FILES, m))).toEqual([
      '前三平四', '中三平四', '后三平四', '前七平六', '后七平六',
    ]);
    expect(['c2d2', 'c3d3', 'c4d4'].map((m) => chineseOf(BLACK_PAWNS, m))).toEqual(['前卒平4', '中卒平4', '后卒平4']);
  });
});

describe('Chinese input', () => {
  it('reads its own output and the traditional characters', () => {
    expect(iccsOf(START, '炮二平五')).toBe('h2e2');
    expect(iccsOf(START, '砲二平五')).toBe('h2e2');
    expect(iccsOf(START, '包二平五')).toBe('h2e2');
    expect(iccsOf(START, '傌八進七')).toBe('b0c2');
    expect(iccsOf(START, '馬八進七')).toBe('b0c2');
    expect(iccsOf(START, '俥一進二')).toBe('i0i2');
    expect(iccsOf(START, '帥五進一')).toBe('e0e1');
    expect(iccsOf(START_B, '將5進1')).toBe('e9e8');
    expect(iccsOf(START_B, '車9進1')).toBe('i9i8');
    expect(iccsOf(TANDEM, '後車退一')).toBe('h1h0');
  });

  it('reads full-width digits and either side\'s characters', () => {
    expect(iccsOf(START_B, '马８进７')).toBe('h9g7');
    expect(iccsOf(START_B, '马八进七')).toBe('h9g7');
    expect(iccsOf(START, '马8进7')).toBe('b0c2');
    expect(iccsOf(START, '卒7进1')).toBe('c3c4');
  });

  it('reads every tandem pawn form', () => {
    expect(['前兵平四', '中兵平四', '后兵平四'].map((t) => iccsOf(PAWNS3, t))).toEqual(['g7f7', 'g6f6', 'g5f5']);
    expect(['前兵平四', '二兵平四', '三兵平四', '四兵平四', '后兵平四'].map((t) => iccsOf(PAWNS5, t))).toEqual([
      'g9f9', 'g8f8', 'g7f7', 'g6f6', 'g5f5',
    ]);
    // the 一兵…五兵 style counts from the front
    expect(['一兵平四', '五兵平四'].map((t) => iccsOf(PAWNS5, t))).toEqual(['g9f9', 'g5f5']);
    expect(['前三平四', '中三平四', '后三平四', '前七平六', '后七平六'].map((t) => iccsOf(TWO_FILES, t))).toEqual([
      'g7f7', 'g6f6', 'g5f5', 'c6d6', 'c5d5',
    ]);
    expect(iccsOf(TWO_FILES, '前兵三平四')).toBe('g7f7');
    expect(iccsOf(BLACK_PAWNS, '前卒平４')).toBe('c2d2');
  });
});

describe('Chinese errors', () => {
  it('name the problem', () => {
    expect(iccsOf(START, '马二进五')).toBe('"马二进五": the horse on h0 cannot reach file 5');
    expect(iccsOf(START, '马二进四')).toBe('"马二进四": the horse on h0 is blocked at g0');
    expect(iccsOf(START, '前车进一')).toBe('"前车进一": no two red chariots share a file');
    expect(iccsOf(START, '兵七平六')).toBe('"兵七平六": the soldier on c3 cannot move sideways before crossing the river');
    expect(iccsOf(PAWNS4, '中兵平四')).toBe('"中兵平四": there is no middle soldier on a file');
    expect(iccsOf(START, '炮二平')).toMatch(/^"炮二平": not a Chinese move/);
    expect(iccsOf(TANDEM, '车二平三')).toBe('"车二平三": it is ambiguous: it could be 前车平三 or 后车平三');
  });
});
