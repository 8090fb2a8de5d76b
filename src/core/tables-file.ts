/**
 * A variant's move tables and hash keys as a file (a build makes them ahead of time and ships them
 * beside its bundle, scripts/bundle.mjs), and where the variants look for such parts before
 * building them (`setTablesSource`, set by the CLI: src/cli/shipped-tables.ts). Small and without
 * imports of code, so that the CLI's entry can load it at every start.
 */
import type { MoveTables } from './tables.js';
import type { VariantSpec, Zobrist } from './variant.js';

/** What a tables file holds: the parts of a variant its data builds (core/variant.ts). */
export interface TableParts {
  readonly tables: MoveTables;
  readonly zobrist: Zobrist;
}

/** The typed-array types the parts use, by the name written in a tables file. */
const ARRAY_TYPES = { Int16Array, Int32Array, Uint8Array } as const;
type ArrayTypeName = keyof typeof ARRAY_TYPES;
const MAGIC = 'chuhan-tables 2';
const GROUPS = ['tables', 'zobrist'] as const;
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;
const pad = (n: number): number => (n + 7) & ~7;

/** A short hash (FNV-1a, 32 bits, hex) of a text: names what a tables file was built from. */
export function textKey(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * A variant's parts as one block of bytes (a tables file): a header (its length as 4 bytes, then
 * JSON: the `key` it was built for, the byte order, each field's group, name, array type and
 * length, or its number) and each array's bytes at offsets that are multiples of 8.
 * `tablesFromBytes` reads it back as views, copying nothing.
 */
export function tablesToBytes(parts: TableParts, key: string): Uint8Array {
  const fields: [string, string, string, number][] = [];
  const arrays: ArrayBufferView[] = [];
  for (const group of GROUPS) {
    for (const [name, v] of Object.entries(parts[group])) {
      if (typeof v === 'number') fields.push([group, name, 'number', v]);
      else {
        const view = v as ArrayBufferView & { length: number };
        fields.push([group, name, view.constructor.name, view.length]);
        arrays.push(view);
      }
    }
  }
  const header = new TextEncoder().encode(JSON.stringify({ magic: MAGIC, key, littleEndian: LITTLE_ENDIAN, fields }));
  let size = pad(4 + header.length);
  for (const a of arrays) size += pad(a.byteLength);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, header.length, true);
  out.set(header, 4);
  let at = pad(4 + header.length);
  for (const a of arrays) {
    out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), at);
    at += pad(a.byteLength);
  }
  return out;
}

/**
 * The parts in a tables file (`tablesToBytes`) if it was made for `key` in this machine's byte
 * order and is whole; null otherwise (the caller builds them then). The arrays are views on `bytes`
 * (copied first if `bytes` does not start at a multiple of 8).
 */
export function tablesFromBytes(bytes: Uint8Array, key: string): TableParts | null {
  if (bytes.byteLength < 4) return null;
  if (bytes.byteOffset % 8 !== 0) bytes = bytes.slice();
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true);
  if (4 + headerLength > bytes.byteLength) return null;
  let header: { magic?: unknown; key?: unknown; littleEndian?: unknown; fields?: unknown };
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + headerLength))) as typeof header;
  } catch {
    return null;
  }
  if (header.magic !== MAGIC || header.key !== key || header.littleEndian !== LITTLE_ENDIAN || !Array.isArray(header.fields)) return null;
  let at = pad(4 + headerLength);
  const out: Record<string, Record<string, unknown>> = { tables: {}, zobrist: {} };
  for (const field of header.fields as unknown[]) {
    if (!Array.isArray(field) || field.length !== 4) return null;
    const [group, name, type, n] = field as unknown[];
    if ((group !== 'tables' && group !== 'zobrist') || typeof name !== 'string' || typeof n !== 'number') return null;
    if (type === 'number') {
      out[group]![name] = n;
      continue;
    }
    const Type = typeof type === 'string' && Object.hasOwn(ARRAY_TYPES, type) ? ARRAY_TYPES[type as ArrayTypeName] : null;
    if (!Type || !Number.isInteger(n) || n < 0 || at + n * Type.BYTES_PER_ELEMENT > bytes.byteLength) return null;
    out[group]![name] = new Type(bytes.buffer as ArrayBuffer, bytes.byteOffset + at, n);
    at += pad(n * Type.BYTES_PER_ELEMENT);
  }
  return out as unknown as TableParts;
}

/**
 * Where a variant's parts built ahead of time may be found (the CLI's: files a build ships beside
 * its bundle): those of the variant `id` made from the spec and seed `tablesKey` names, or null.
 * Absent, or null for a variant: its parts are built as usual.
 */
export type TablesSource = (id: string, key: string) => TableParts | null;
let tablesSource: TablesSource | null = null;

/** Sets (null: clears) where core/variant.ts looks for parts built ahead of time before building them. */
export function setTablesSource(source: TablesSource | null): void {
  tablesSource = source;
}

/** What a variant's parts are made from (its spec and hash seed), as a short key: a tables file is used only for the same key. */
export function tablesKey(spec: VariantSpec, seed: number): string {
  const regions = Object.entries(spec.regions ?? {}).map(([name, f]) => `${name}:${String(f)}`);
  return textKey(JSON.stringify([spec.id, spec.width, spec.height, seed, spec.pieces.map((p) => [p.id, p.moves]), regions]));
}

/** The parts of `spec` (hash keys from `seed`) from the tables source, or null (none set, or none for it). */
export function shippedTables(spec: VariantSpec, seed: number): TableParts | null {
  return tablesSource === null ? null : tablesSource(spec.id, tablesKey(spec, seed));
}
