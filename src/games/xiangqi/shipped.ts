/**
 * What a build ships for xiangqi: its modules build tables at load (over every pair of squares),
 * and the variant its move tables and hash keys, which costs a short validate run a few percent of
 * its work. A build can write them into a bundle as data (scripts/bundle.mjs defines
 * __CHUHAN_XIANGQI_SHIPPED__ in the quick validate bundle, from `shippedData` of the modules tsc
 * just built); the modules then read them from there (`readShipped`, `shippedParts`) instead of
 * building them. Elsewhere it is undefined and everything is built as usual.
 */
import type { VariantPartsData } from '../../core/variant.js';

type Table = Int8Array | Uint8Array | Int16Array | Int32Array;

/**
 * Per module's name, its tables' bytes in base64 (in the byte order `littleEndian` names); `parts`:
 * the variant's move tables and hash keys (core/variant.ts `variantPartsData`).
 */
export interface ShippedData {
  readonly littleEndian: boolean;
  readonly tables: { readonly [name: string]: readonly string[] };
  readonly parts?: VariantPartsData;
}

declare const __CHUHAN_XIANGQI_SHIPPED__: ShippedData | undefined;

const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;
const GIVEN = typeof __CHUHAN_XIANGQI_SHIPPED__ === 'undefined' ? null : __CHUHAN_XIANGQI_SHIPPED__;
// the tables' bytes are read only in the byte order they were written in; the parts are numbers
const SHIPPED = GIVEN?.littleEndian === LITTLE_ENDIAN ? GIVEN : null;

/** The variant's shipped move tables and hash keys, or null (then the variant builds them). */
export const shippedParts = (): VariantPartsData | null => GIVEN?.parts ?? null;
const listed = new Map<string, readonly Table[]>();

/**
 * Fills the (new, zeroed) tables of the module `name` from the shipped data: true, or false when
 * none were shipped for it (or not of these sizes): nothing is written then and the caller builds
 * them. Either way they are listed for `shippedData`.
 */
export function readShipped(name: string, tables: readonly Table[]): boolean {
  listed.set(name, tables);
  const data = SHIPPED?.tables[name];
  if (!data || data.length !== tables.length) return false;
  const bytes = data.map((text) => Buffer.from(text, 'base64'));
  if (tables.some((t, i) => t.byteLength !== bytes[i]!.length)) return false;
  for (let i = 0; i < tables.length; i++) new Uint8Array(tables[i]!.buffer, tables[i]!.byteOffset, tables[i]!.byteLength).set(bytes[i]!);
  return true;
}

/**
 * The tables listed by `readShipped` (of the modules loaded) as data, with the variant's `parts`
 * when given, for a build to ship.
 */
export function shippedData(parts?: VariantPartsData): ShippedData {
  const tables: Record<string, string[]> = {};
  for (const [name, list] of listed) tables[name] = list.map((t) => Buffer.from(t.buffer, t.byteOffset, t.byteLength).toString('base64'));
  return { littleEndian: LITTLE_ENDIAN, tables, ...(parts && { parts }) };
}
