/** play's first frame before Ink (tui/preview.ts): the board drawn, then erased by Ink's first write. */
import { describe, expect, it } from 'vitest';
import { drawPreview, handOver } from '../src/tui/preview.js';
import { getGame } from '../src/games/registry.js';
import { monoPainter } from '../src/tui/paint.js';

const draw = (over: Partial<Parameters<typeof drawPreview>[0]> = {}) => {
  let out = '';
  const p = drawPreview({ game: getGame('xiangqi'), style: 'unicode', paint: monoPainter(), fromTop: true, clock: false, columns: 120, rows: 40, write: (t) => void (out += t), ...over });
  return { p, out };
};

describe('play preview', () => {
  it('draws the title and the whole board from the top-left corner', () => {
    const { p, out } = draw();
    expect(out.startsWith('\x1b[2J\x1b[Hchuhan · xiangqi\n')).toBe(true);
    expect(out).toContain('帥');
    expect(out).toContain('將');
    expect(p).toEqual({ lines: out.split('\n').length - 1, fromTop: true });
    // the full board at 120×40, the compact one at 80×24 (as App chooses)
    expect(draw({ columns: 80, rows: 24 }).p!.lines).toBeLessThan(p!.lines);
  });

  it('draws nothing for a bad FEN or a terminal too small', () => {
    expect(draw({ fen: 'junk' })).toEqual({ p: null, out: '' });
    expect(draw({ columns: 30, rows: 10 })).toEqual({ p: null, out: '' });
    const chu = draw({ game: getGame('chushogi'), fromTop: false });
    expect(chu.out.startsWith('chuhan · chushogi\n')).toBe(true);
  });

  it('handOver prefixes the next write only with the erase of the preview', () => {
    const writes: string[] = [];
    const stream = { write: (s: string) => writes.push(s) > 0 } as unknown as NodeJS.WriteStream;
    handOver(stream, { lines: 7, fromTop: false });
    stream.write('frame');
    stream.write('next');
    expect(writes).toEqual(['\r\x1b[7A\x1b[Jframe', 'next']);
    handOver(stream, { lines: 7, fromTop: true });
    stream.write('again');
    expect(writes[2]).toBe('\x1b[H\x1b[Jagain');
  });
});
