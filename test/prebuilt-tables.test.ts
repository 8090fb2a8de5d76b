/**
 * Move tables and hash keys as data (core/variant.ts `variantPartsData`, which scripts/bundle.mjs
 * writes into the quick validate bundle for xiangqi): read back, they are the tables and keys the
 * variant built (same fields in the same order, same array types, same values).
 */
import { describe, expect, it } from 'vitest';
import { buildVariantData, ensureTables, variantPartsData, type VariantData } from '../src/core/variant.js';
import { xiangqi, XIANGQI_PIECES, XIANGQI_REGIONS } from '../src/games/xiangqi/index.js';
import { chushogi } from '../src/games/chushogi/index.js';
import { CHU_PIECES } from '../src/games/chushogi/pieces.js';

function expectSameParts(a: VariantData, b: VariantData): void {
  for (const part of ['tables', 'zobrist'] as const) {
    const x = a[part] as unknown as Record<string, unknown>;
    const y = b[part] as unknown as Record<string, unknown>;
    expect(Object.keys(y)).toEqual(Object.keys(x));
    for (const k of Object.keys(x)) {
      expect(y[k]?.constructor, `${part}.${k}`).toBe(x[k]?.constructor);
      expect(y[k], `${part}.${k}`).toEqual(x[k]);
    }
  }
}

describe('prebuilt variant data', () => {
  it('xiangqi: the data read back are the tables and keys built', () => {
    const spec = { id: 'xiangqi', width: 9, height: 10, pieces: XIANGQI_PIECES, regions: XIANGQI_REGIONS };
    // through JSON, as the bundle gets them
    const data = JSON.parse(JSON.stringify(variantPartsData(xiangqi)));
    const read = buildVariantData(spec, undefined, false, undefined, data);
    expectSameParts(xiangqi, read);
    expectSameParts(buildVariantData(spec), read);
  });

  it('chu shogi: the same for its (lazily built) tables', () => {
    ensureTables(chushogi);
    const data = JSON.parse(JSON.stringify(variantPartsData(chushogi)));
    const read = buildVariantData({ id: 'chushogi', width: 12, height: 12, pieces: CHU_PIECES }, undefined, false, undefined, data);
    expectSameParts(chushogi, read);
  });
});
