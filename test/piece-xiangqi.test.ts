import { describe, expect, it } from 'vitest';
import { xiangqiMoveDiagram } from '../src/games/xiangqi/diagram.js';
import { ADVISOR, CANNON, ELEPHANT, HORSE, KING, SOLDIER } from '../src/games/xiangqi/pieces.js';
import { runCli } from './helpers/cli.js';

/** The marked cells as "dx,dy:mark" (dy up = forward), from the 7×7 diagram. */
const marks = (kind: number): string[] => {
  const out: string[] = [];
  xiangqiMoveDiagram(kind).forEach((row, r) => {
    row.forEach((m, c) => {
      if (m) out.push(`${c - 3},${3 - r}:${m}`);
    });
  });
  return out.sort();
};

describe('xiangqi movement diagrams from the engine tables', () => {
  it('general on e1: the four orthogonal palace points', () => {
    expect(marks(KING)).toEqual(['-1,0:step', '0,-1:step', '0,1:step', '1,0:step']);
  });
  it('advisor on e1: the four palace corners', () => {
    expect(marks(ADVISOR)).toEqual(['-1,-1:step', '-1,1:step', '1,-1:step', '1,1:step']);
  });
  it('elephant on e2: two points diagonally, all four on its own side', () => {
    expect(marks(ELEPHANT)).toEqual(['-2,-2:step', '-2,2:step', '2,-2:step', '2,2:step']);
  });
  it('horse on e4: the eight points', () => {
    expect(marks(HORSE).length).toBe(8);
    expect(marks(HORSE)).toContain('1,2:step');
    expect(marks(HORSE)).toContain('-2,-1:step');
  });
  it('soldier on e5: forward and sideways, never back', () => {
    expect(marks(SOLDIER)).toEqual(['-1,0:step', '0,1:step', '1,0:step']);
  });
  it('cannon on e4: its lines (to the diagram edge)', () => {
    expect(marks(CANNON).every((m) => m.endsWith(':slide'))).toBe(true);
    expect(marks(CANNON).length).toBe(12);
  });
});

describe('chuhan piece for xiangqi', () => {
  it('draws the horse with -v xiangqi, and by glyph without it', async () => {
    const a = await runCli(['piece', 'horse', '-v', 'xiangqi']);
    expect(a.code).toBe(0);
    expect(a.stdout).toContain('horse · FEN N · shown on e4');
    expect(a.stdout.match(/○/g)?.length).toBe(8 + 1); // eight points and the legend
    const b = await runCli(['piece', '傌']);
    expect(b.stdout).toBe(a.stdout);
  });
  it('an unknown xiangqi piece is exit 2 with one sentence', async () => {
    const r = await runCli(['piece', 'dragon', '-v', 'xq']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^chuhan: unknown xiangqi piece "dragon"/);
  });
});
