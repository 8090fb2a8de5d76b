/**
 * Move tables and hash keys as data (core/variant.ts `variantPartsData`, which scripts/bundle.mjs
 * writes into the quick validate bundle for xiangqi): read back, they are the tables and keys the
 * variant built (same fields in the same order, same array types, same values).
 */
import { describe, expect, it, vi } from 'vitest';
import { buildVariantData, DEFAULT_SEED, ensureTables, variantPartsData, type VariantData } from '../src/core/variant.js';
import { setTablesSource, tablesFromBytes, tablesKey, tablesToBytes, type TableParts } from '../src/core/tables-file.js';
import { xiangqi, XIANGQI_PIECES, XIANGQI_REGIONS } from '../src/games/xiangqi/index.js';
import { chushogi } from '../src/games/chushogi/index.js';
import { CHU_PIECES } from '../src/games/chushogi/pieces.js';

/** The first index where two typed arrays of one type differ (-1: none), compared as bytes. */
function firstDifference(x: ArrayBufferView & ArrayLike<number>, y: ArrayBufferView & ArrayLike<number>): number {
  const bytes = (v: ArrayBufferView) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  if (x.length === y.length && bytes(x).equals(bytes(y))) return -1;
  for (let i = 0; i < Math.max(x.length, y.length); i++) if (x[i] !== y[i]) return i;
  return -1;
}

function expectSameParts(a: Pick<VariantData, 'tables' | 'zobrist'>, b: Pick<VariantData, 'tables' | 'zobrist'>): void {
  for (const part of ['tables', 'zobrist'] as const) {
    const x = a[part] as unknown as Record<string, unknown>;
    const y = b[part] as unknown as Record<string, unknown>;
    expect(Object.keys(y)).toEqual(Object.keys(x));
    for (const k of Object.keys(x)) {
      const [u, v] = [x[k], y[k]];
      expect(v?.constructor, `${part}.${k}`).toBe(u?.constructor);
      // typed arrays (of one type, checked above) byte for byte: toEqual walks chu's 400,000 entries one by one, for seconds
      if (ArrayBuffer.isView(u) && ArrayBuffer.isView(v))
        expect(firstDifference(u as ArrayBufferView & ArrayLike<number>, v as ArrayBufferView & ArrayLike<number>), `${part}.${k}: first differing index`).toBe(-1);
      else expect(v, `${part}.${k}`).toEqual(u);
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

describe('shipped xiangqi tables', () => {
  it('the lean replay and the check tests: the tables read from their data are the tables built', async () => {
    await import('../src/games/xiangqi/lean-replay.js');
    const { shippedData } = await import('../src/games/xiangqi/shipped.js');
    const built = shippedData();
    expect(Object.keys(built.tables).sort()).toEqual(['change-check', 'check', 'lean-replay.KEY_MOVE', 'lean-replay.MOVES']);
    // through JSON, as the bundle gets them
    const data = JSON.parse(JSON.stringify(built));
    const g = globalThis as { __CHUHAN_XIANGQI_SHIPPED__?: unknown };
    const load = async (shipped: unknown) => {
      g.__CHUHAN_XIANGQI_SHIPPED__ = shipped;
      vi.resetModules();
      const lean = await import('../src/games/xiangqi/lean-replay.js');
      const mod = await import('../src/games/xiangqi/shipped.js');
      return { lean, data: mod.shippedData(), parts: mod.shippedParts() };
    };
    try {
      const read = await load(data);
      expect(read.data).toEqual(data);
      expect(read.parts).toBeNull();
      // the variant's parts travel in the same define, whatever the byte order
      const parts = JSON.parse(JSON.stringify(variantPartsData(xiangqi)));
      expect((await load({ ...data, parts })).parts).toEqual(parts);
      expect((await load({ ...data, littleEndian: !data.littleEndian, parts })).parts).toEqual(parts);
      // the data were read, not the tables built again: one byte changed shows
      const marked = Buffer.from(data.tables['lean-replay.MOVES'][1], 'base64');
      marked[0] = 77;
      const moves = [data.tables['lean-replay.MOVES'][0], marked.toString('base64')];
      expect((await load({ ...data, tables: { ...data.tables, 'lean-replay.MOVES': moves } })).lean.LINE_STEP[0]).toBe(77);
      // data of other sizes, or of the other byte order: built as usual
      const odd = { ...data, tables: { ...data.tables, check: [data.tables.check[0], data.tables.check[1]], 'lean-replay.MOVES': moves.slice().reverse() } };
      expect((await load(odd)).data).toEqual(data);
      expect((await load({ ...data, littleEndian: !data.littleEndian, tables: { ...data.tables, 'lean-replay.MOVES': moves } })).data).toEqual(data);
    } finally {
      delete g.__CHUHAN_XIANGQI_SHIPPED__;
      vi.resetModules();
    }
  });
});

describe('tables files (core/tables-file.ts: what scripts/bundle.mjs ships beside the bundle)', () => {
  const spec = { id: 'chushogi', width: 12, height: 12, pieces: CHU_PIECES };

  it('read back, they are the tables and keys built; another key, byte order or a cut file: null', () => {
    ensureTables(chushogi);
    const key = tablesKey(spec, DEFAULT_SEED);
    const bytes = tablesToBytes(chushogi, key);
    const read = tablesFromBytes(bytes, key);
    expect(read).not.toBeNull();
    expectSameParts(chushogi, read!);
    // views on the file's bytes: nothing copied
    expect(read!.tables.raySq.buffer === bytes.buffer).toBe(true);
    // at an odd offset (a Buffer from a pool): copied first, same values
    const odd = new Uint8Array(bytes.length + 1);
    odd.set(bytes, 1);
    expectSameParts(chushogi, tablesFromBytes(odd.subarray(1), key)!);
    expect(tablesFromBytes(bytes, tablesKey(spec, DEFAULT_SEED + 1))).toBeNull();
    expect(tablesFromBytes(bytes, tablesKey({ ...spec, pieces: CHU_PIECES.slice(1) }, DEFAULT_SEED))).toBeNull();
    expect(tablesFromBytes(bytes.subarray(0, bytes.length - 8), key)).toBeNull();
    expect(tablesFromBytes(bytes.subarray(0, 40), key)).toBeNull();
    expect(tablesFromBytes(new Uint8Array(0), key)).toBeNull();
    const header = new DataView(bytes.buffer).getUint32(0, true);
    const text = new TextDecoder().decode(bytes.subarray(4, 4 + header));
    const swapped = text.replace(/"littleEndian":(true|false)/, (_, b) => `"littleEndian":${b === 'true' ? 'false' : 'true'}`);
    const other = bytes.slice();
    other.set(new TextEncoder().encode(swapped), 4);
    expect(tablesFromBytes(other, key)).toBeNull();
  });

  it('a variant takes its tables from the tables source when it has them for its key, else builds them', () => {
    ensureTables(chushogi);
    const asked: string[] = [];
    const parts: TableParts = { tables: chushogi.tables, zobrist: chushogi.zobrist };
    try {
      setTablesSource((id, key) => {
        asked.push(id);
        return key === tablesKey(spec, DEFAULT_SEED) ? parts : null;
      });
      const given = buildVariantData(spec);
      // (identity as booleans: vitest formats typed arrays of this size slowly)
      expect(given.tables === parts.tables).toBe(true);
      expect(given.zobrist === parts.zobrist).toBe(true);
      // lazily built data ask when their tables are first needed
      const lazy = buildVariantData(spec, DEFAULT_SEED, true);
      expect(asked).toEqual(['chushogi']);
      ensureTables(lazy);
      expect(lazy.tables === parts.tables).toBe(true);
      // another seed: another key, built
      const other = buildVariantData(spec, 7);
      expect(other.tables === parts.tables).toBe(false);
      expect(asked).toEqual(['chushogi', 'chushogi', 'chushogi']);
    } finally {
      setTablesSource(null);
    }
  });
});
