/**
 * Tables a build ships: xiangqi's modules build some tables at load (over every pair of squares),
 * which costs a short validate run a few percent of its work. A build can write them into a bundle
 * as data (scripts/bundle.mjs defines __CHUHAN_XIANGQI_TABLES__ in the quick validate bundle, from
 * `shippedTablesData` of the modules tsc just built); each module then reads its tables from there
 * instead of building them. Elsewhere it is undefined and the modules build them as usual.
 */

type Table = Int8Array | Uint8Array | Int16Array | Int32Array;

/** Per module's name, its tables' bytes in base64 (in the byte order `littleEndian` names). */
export interface ShippedTablesData {
  readonly littleEndian: boolean;
  readonly tables: { readonly [name: string]: readonly string[] };
}

declare const __CHUHAN_XIANGQI_TABLES__: ShippedTablesData | undefined;

const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;
const SHIPPED = typeof __CHUHAN_XIANGQI_TABLES__ === 'undefined' || __CHUHAN_XIANGQI_TABLES__.littleEndian !== LITTLE_ENDIAN ? null : __CHUHAN_XIANGQI_TABLES__;
const listed = new Map<string, readonly Table[]>();

/**
 * Fills the (new, zeroed) tables of the module `name` from the shipped data: true, or false when
 * none were shipped for it (or not of these sizes): nothing is written then and the caller builds
 * them. Either way they are listed for `shippedTablesData`.
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

/** The tables listed by `readShipped` (of the modules loaded) as data, for a build to ship. */
export function shippedTablesData(): ShippedTablesData {
  const tables: Record<string, string[]> = {};
  for (const [name, list] of listed) tables[name] = list.map((t) => Buffer.from(t.buffer, t.byteOffset, t.byteLength).toString('base64'));
  return { littleEndian: LITTLE_ENDIAN, tables };
}
