/**
 * A variant as data: geometry, pieces, regions, plus the named hooks a game supplies for what the
 * data cannot say (legality filters, special moves such as the chu lion's double move, promotion).
 */
import { geometry, type Geometry } from './geometry.js';
import { pieceCode, type PieceSpec, type Region, type Side } from './piece.js';
import { buildTables, tablesFromData, tablesToData, type MoveTables, type MoveTablesData } from './tables.js';
import { shippedTables } from './tables-file.js';
import type { Position } from './position.js';

export interface VariantSpec {
  readonly id: string;
  readonly width: number;
  readonly height: number;
  /** Piece kinds; kind = index + 1. */
  readonly pieces: readonly PieceSpec[];
  readonly regions?: Record<string, Region>;
}

export interface Zobrist {
  readonly lo: Int32Array; // per (piece code * size + square)
  readonly hi: Int32Array;
  readonly sideLo: number;
  readonly sideHi: number;
  /** Keys for the variant's extra state value (0 = none, hashed as 0). */
  readonly auxLo: Int32Array;
  readonly auxHi: Int32Array;
}

/** Everything derived from a VariantSpec; shared by all positions of the variant. */
export interface VariantData {
  readonly spec: VariantSpec;
  readonly geometry: Geometry;
  readonly pieces: readonly PieceSpec[];
  readonly tables: MoveTables;
  readonly zobrist: Zobrist;
  /** piece code → promoted piece code, 0 if it cannot promote. */
  readonly promoted: Uint8Array;
  /** piece code → 1 if royal. */
  readonly royal: Uint8Array;
  /** piece code → index of its `special` name in `specials` + 1, 0 for none. */
  readonly special: Uint8Array;
  readonly specials: readonly string[];
  /** kind by id. */
  readonly kindOf: ReadonlyMap<string, number>;
  readonly codeCount: number;
}

/** The rules a game adds on top of its data. */
export interface Variant extends VariantData {
  /** Which of a game's rule variants this is (chu: `jcsa`, `problem`, `jcsa-problem`); absent: the default. */
  readonly ruleKey?: string;
  /** Writes the legal moves of `pos` into out[start..], returns the end index. */
  generateLegal(pos: Position, out: Int32Array, start: number): number;
  /** Is the side to move's royal attacked (in check)? */
  inCheck(pos: Position): boolean;
  /**
   * Optional, for a search that generates pseudo-legal moves (`generatePseudoCaptures`,
   * `generatePseudoQuiets`) and tests each one only when it is about to be played: is the
   * pseudo-legal move m of the side to move legal? `inCheck`: is the side to move in check now.
   * Legal moves are then exactly the pseudo-legal ones that pass (the royals-gone case aside).
   */
  moveLegal?(pos: Position, m: number, inCheck: boolean): boolean;
  /**
   * Optional: writes the legal moves that capture nothing into out[start..], returns the end
   * (with the legal captures they make up `generateLegal`; for a search's quiet-move stage).
   */
  generateQuiets?(pos: Position, out: Int32Array, start: number): number;
  /**
   * Promotion choice for a move of a piece that can promote: 0 none, 1 optional (both moves are
   * generated), 2 forced. Absent: never.
   */
  promotionMode?(pos: Position, from: number, to: number, piece: number, captured: number): number;
  /** The escape hatch: extra moves of pieces whose spec names a `special` (chu: the lion's double move). */
  generateSpecial?(pos: Position, from: number, piece: number, out: Int32Array, n: number): number;
  /** Extra state after a move (e.g. chu's counter-strike square + 1); absent: always 0. */
  auxAfter?(pos: Position, move: number, moved: number, capTo: number, capMid: number): number;
}

function splitmix(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) | 0;
  };
}

/** What `lazyTables` leaves for later: the move tables and the hash keys. */
interface LazyPart {
  tables: MoveTables;
  zobrist: Zobrist;
}

/** Builders of the parts left for later (`lazyTables`), by the variant data or the variant made from it. */
const pendingTables = new WeakMap<object, () => LazyPart>();

/** The Zobrist keys of a variant, from its seed (the same keys whenever they are made). */
function zobristKeys(seed: number, codeCount: number, size: number): Zobrist {
  const rnd = splitmix(seed);
  const keys = (n: number): Int32Array => {
    const a = new Int32Array(n);
    for (let i = 0; i < n; i++) a[i] = rnd();
    return a;
  };
  const lo = keys(codeCount * size);
  const hi = keys(codeCount * size);
  const auxLo = keys(size + 2);
  const auxHi = keys(size + 2);
  auxLo[0] = 0;
  auxHi[0] = 0;
  return { lo, hi, sideLo: rnd(), sideHi: rnd(), auxLo, auxHi };
}

/** A variant's move tables and hash keys as plain data (`variantPartsData`), for a build to ship (`buildVariantData`'s `prebuilt`). */
export interface VariantPartsData {
  readonly tables: MoveTablesData;
  readonly zobrist: { readonly [K in keyof Zobrist]: Zobrist[K] extends number ? number : readonly number[] };
}

export function variantPartsData(v: VariantData): VariantPartsData {
  const z = v.zobrist;
  const list = (a: Int32Array): number[] => Array.from(a);
  return {
    tables: tablesToData(v.tables),
    zobrist: { lo: list(z.lo), hi: list(z.hi), sideLo: z.sideLo, sideHi: z.sideHi, auxLo: list(z.auxLo), auxHi: list(z.auxHi) },
  };
}

function zobristFromData(z: VariantPartsData['zobrist']): Zobrist {
  return { lo: Int32Array.from(z.lo), hi: Int32Array.from(z.hi), sideLo: z.sideLo, sideHi: z.sideHi, auxLo: Int32Array.from(z.auxLo), auxHi: Int32Array.from(z.auxHi) };
}

/** The tables and hash keys of `spec`: from the tables source if it has them, else built now. */
function partsOf(g: Geometry, spec: VariantSpec, seed: number, codeCount: number): LazyPart {
  return shippedTables(spec, seed) ?? { tables: buildTables(g, spec.pieces, spec.regions ?? {}), zobrist: zobristKeys(seed, codeCount, g.size) };
}

/**
 * Builds a variant's move tables and hash keys if they were left for later (`buildVariantData(…, lazyTables)`);
 * Position's constructor calls it, so code that works on positions always finds them. A plain data
 * field filled once (not an accessor): the move generators read it as before.
 */
export function ensureTables(v: VariantData): void {
  if (v.tables !== null) return;
  const build = pendingTables.get(v);
  if (!build) throw new Error(`variant ${v.spec.id} has no move tables`);
  const part = build();
  (v as { zobrist: Zobrist }).zobrist = part.zobrist;
  (v as { tables: MoveTables }).tables = part.tables;
}

/** Marks `variant` (made from lazily built data, e.g. by spreading it) as needing `ensureTables`. */
export function shareLazyTables(data: VariantData, variant: VariantData): void {
  const build = pendingTables.get(data);
  if (build) pendingTables.set(variant, build);
}

/**
 * The data of a variant. With `lazyTables` the move tables and the Zobrist keys are null until `ensureTables` (a
 * program that never makes a position of this game does not pay for them at start-up); `withTables`
 * (lazy only) then builds the game's own tables too, once, before any position of the game exists.
 * `prebuilt` (not lazy): the tables and keys as `variantPartsData` wrote them for this spec and seed
 * (a bundle's, made at build time: decoding them is much cheaper than building them at start-up).
 */
/** The hash keys' seed of a variant whose data names none (both games'). */
export const DEFAULT_SEED = 0x5eed;

export function buildVariantData(spec: VariantSpec, seed = DEFAULT_SEED, lazyTables = false, withTables?: () => void, prebuilt?: VariantPartsData | null): VariantData {
  const g = geometry(spec.width, spec.height);
  const codeCount = (spec.pieces.length + 1) * 2;
  if (codeCount > 256) throw new Error('too many piece kinds');
  const now = lazyTables ? null : prebuilt ? { tables: tablesFromData(prebuilt.tables), zobrist: zobristFromData(prebuilt.zobrist) } : partsOf(g, spec, seed, codeCount);
  const tables = now === null ? (null as unknown as MoveTables) : now.tables;
  const zobrist = now === null ? (null as unknown as Zobrist) : now.zobrist;
  const kindOf = new Map<string, number>();
  spec.pieces.forEach((p, i) => {
    kindOf.set(p.id, i + 1);
  });
  const promoted = new Uint8Array(codeCount);
  const royal = new Uint8Array(codeCount);
  const special = new Uint8Array(codeCount);
  const specials: string[] = [];
  spec.pieces.forEach((p, i) => {
    const kind = i + 1;
    let sp = 0;
    if (p.special) {
      let k = specials.indexOf(p.special);
      if (k < 0) k = specials.push(p.special) - 1;
      sp = k + 1;
    }
    for (const side of [0, 1] as Side[]) {
      const code = pieceCode(kind, side);
      if (p.promotesTo) {
        const to = kindOf.get(p.promotesTo);
        if (!to) throw new Error(`piece ${p.id} promotes to unknown ${p.promotesTo}`);
        promoted[code] = pieceCode(to, side);
      }
      royal[code] = p.royal ? 1 : 0;
      special[code] = sp;
    }
  });
  const out: VariantData = {
    spec,
    geometry: g,
    pieces: spec.pieces,
    tables,
    zobrist,
    promoted,
    royal,
    special,
    specials,
    kindOf,
    codeCount,
  };
  if (lazyTables) {
    // built once, shared by every variant object made from this data (rule sets, mate problems)
    let built: LazyPart | null = null;
    pendingTables.set(out, () => {
      if (built === null) {
        built = partsOf(g, spec, seed, codeCount);
        withTables?.();
      }
      return built;
    });
  }
  return out;
}
