/**
 * `chuhan piece`: the diagram drawn from the engine's tables must match every diagram of the seed
 * (a copy of seed 004 in fixtures/seeds/, parsed here from the file itself) cell for cell.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { cellGlyph, parseSeedDiagrams, parseSeedGrids } from '../src/render/seed.js';
import { chuKindByName, CHU_PIECES } from '../src/games/chushogi/pieces.js';
import { CHU_PIECE_SEED } from './helpers/fixtures.js';

const SEED = CHU_PIECE_SEED;

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { out: (t) => void (stdout += t), err: (t) => void (stderr += t), isTTY: false, env: {} });
  return { code, stdout, stderr };
}

/** What a cell shows: 'o' step, '*' slide, 'A'/'B' lion power, '' nothing, or the centre glyph. */
function meaning(cell: string): string {
  const t = cell.replace(/^[ \t]+|[ \t]+$/g, '');
  if (t.includes('○')) return 'o';
  if (t.includes('●')) return '*';
  if (/[ＡA]/.test(t) && t.replace(/[\u3000 ]/g, '').length === 1) return 'A';
  if (/[ＢB]/.test(t) && t.replace(/[\u3000 ]/g, '').length === 1) return 'B';
  return cellGlyph(t);
}

describe('chuhan piece matches the seed diagrams', () => {
  const seed = parseSeedDiagrams(readFileSync(SEED, 'utf8'));

  it('the seed has the 19 diagrams', () => {
    expect([...seed.keys()].join('')).toBe('王步金飞龙鹫仲象子豹角马鹰银竖牛铜横猪');
  });

  for (const [glyph, grid] of seed) {
    it(`${glyph}`, async () => {
      const r = await run(['piece', glyph]);
      expect(r.code).toBe(0);
      const grids = parseSeedGrids(r.stdout);
      expect(grids).toHaveLength(1);
      const ours = grids[0]!.map((row) => row.map(meaning));
      const theirs = grid.map((row) => row.map(meaning));
      expect(ours).toEqual(theirs);
      expect(ours[3]![3]).toBe(glyph);
    });
  }
});

describe('chuhan piece', () => {
  it('finds pieces by name, letter, abbreviation and glyph', () => {
    const id = (q: string) => CHU_PIECES[chuKindByName(q) - 1]?.id;
    expect(id('lion')).toBe('lion');
    expect(id('Lion')).toBe('lion');
    expect(id('n')).toBe('lion');
    expect(id('N')).toBe('lion');
    expect(id('+O')).toBe('+kirin');
    expect(id('horned falcon')).toBe('+horse');
    expect(id('Horned-Falcon')).toBe('+horse');
    expect(id('+h')).toBe('+horse');
    expect(id('HF')).toBe('+horse');
    expect(id('go-between')).toBe('gobetween');
    expect(id('bishop')).toBe('bishop'); // not the promoted leopard
    expect(id('+f')).toBe('+leopard');
    expect(id('promoted leopard')).toBe('+leopard');
    expect(id('Wh')).toBe('+chariot');
    expect(id('WH')).toBe('+lance');
    expect(id('crown prince')).toBe('+elephant');
    expect(chuKindByName('wibble')).toBe(0);
  });

  it('draws the Lion with A on the first ring and B on the second', async () => {
    const r = await run(['piece', 'lion']);
    const g = parseSeedGrids(r.stdout)[0]!.map((row) => row.map(meaning));
    expect(g[3]![3]).toBe('狮');
    expect(g[2]!.slice(2, 5)).toEqual(['A', 'A', 'A']);
    expect(g[1]!.slice(1, 6)).toEqual(['B', 'B', 'B', 'B', 'B']);
    expect(g[0]!.every((c) => c === '')).toBe(true);
  });

  it('a promoted form with a base glyph is marked promoted in the centre', async () => {
    const r = await run(['piece', '+f']);
    expect(r.stdout).toContain('▲角+');
    expect(r.stdout).not.toMatch(/[△▼]/);
    expect(r.stdout).toMatch(/promoted Ferocious Leopard/);
    // a promoted piece with a glyph of its own is drawn plainly, as the seed does
    const eagle = await run(['piece', '+d']);
    expect(eagle.stdout).toContain('│▲鹫 │');
    // the Dragon King a Rook promotes to shares the Dragon King's glyph: marked
    expect((await run(['piece', '+r'])).stdout).toContain('│▲龙+│');
  });

  it('ascii style and json', async () => {
    const ascii = await run(['piece', 'kirin', '--style', 'ascii']);
    expect(ascii.code).toBe(0);
    expect(ascii.stdout).toMatch(/\| o \|/);
    const json = await run(['piece', '+d', '--json']);
    const v = JSON.parse(json.stdout);
    expect(v.id).toBe('+dragon');
    expect(v.lionPower).toBe('fF');
    expect(v.cells[2][2]).toBe('lionA');
    expect(v.cells[1][1]).toBe('lionB');
    expect(v.cells[0][0]).toBe(null);
  });

  it('unknown piece or variant: exit 2 with one sentence', async () => {
    const r = await run(['piece', 'wibble']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^chuhan: unknown chu shogi piece "wibble"/);
    expect(r.stdout).toBe('');
    const x = await run(['piece', 'lion', '--variant', 'xiangqi']);
    expect(x.code).toBe(2);
    expect(x.stderr).toMatch(/^chuhan: unknown xiangqi piece "lion"/); // xiangqi has diagrams too now; no lion there
  });
});
