/**
 * Transposition table keyed by the position's 64-bit Zobrist hash: buckets of two entries in one
 * Int32Array (no objects). The low word picks the bucket, the high word is stored as the check.
 * Entry layout (4 ints): key (hashHi), move, score, meta = depth | bound << 8 | generation << 10.
 */
export const BOUND_NONE = 0;
export const BOUND_UPPER = 1; // fail low: score is at most this
export const BOUND_LOWER = 2; // fail high: score is at least this
export const BOUND_EXACT = 3;

const ENTRY = 4;
const BUCKET = 2;

export class TranspositionTable {
  private data: Int32Array;
  private bucketMask: number;
  private generation = 0;

  /** Size in MiB (rounded down to a power of two number of buckets). */
  constructor(megabytes = 16) {
    const buckets = TranspositionTable.bucketsFor(megabytes);
    this.data = new Int32Array(buckets * BUCKET * ENTRY);
    this.bucketMask = buckets - 1;
  }

  private static bucketsFor(megabytes: number): number {
    const bytes = Math.max(1, megabytes) * 1024 * 1024;
    let buckets = 1;
    while (buckets * 2 * BUCKET * ENTRY * 4 <= bytes) buckets *= 2;
    return buckets;
  }

  get sizeBytes(): number {
    return this.data.byteLength;
  }

  clear(): void {
    this.data.fill(0);
    this.generation = 0;
  }

  /** Call once per search: older entries become preferred for replacement. */
  newSearch(): void {
    this.generation = (this.generation + 1) & 0x3fffff;
  }

  /** Index of the entry for the hash, or -1. Read it with move/score/depth/bound. */
  probe(lo: number, hi: number): number {
    const base = (lo & this.bucketMask) * BUCKET * ENTRY;
    const d = this.data;
    if (d[base] === hi && d[base + 3] !== 0) return base;
    if (d[base + ENTRY] === hi && d[base + ENTRY + 3] !== 0) return base + ENTRY;
    return -1;
  }

  move(i: number): number {
    return this.data[i + 1]!;
  }
  score(i: number): number {
    return this.data[i + 2]!;
  }
  depth(i: number): number {
    return (this.data[i + 3]! & 0xff) - 1;
  }
  bound(i: number): number {
    return (this.data[i + 3]! >>> 8) & 3;
  }

  store(lo: number, hi: number, move: number, score: number, depth: number, bound: number): void {
    const d = this.data;
    const base = (lo & this.bucketMask) * BUCKET * ENTRY;
    let slot: number;
    if (d[base] === hi || d[base + 3] === 0) slot = base;
    else if (d[base + ENTRY] === hi || d[base + ENTRY + 3] === 0) slot = base + ENTRY;
    else {
      // replace the shallower entry, counting entries from older searches as shallow
      const g = this.generation;
      const v0 = (d[base + 3]! & 0xff) - (d[base + 3]! >>> 10 === g ? 0 : 64);
      const v1 = (d[base + ENTRY + 3]! & 0xff) - (d[base + ENTRY + 3]! >>> 10 === g ? 0 : 64);
      slot = v0 <= v1 ? base : base + ENTRY;
    }
    // keep the old move when the new result has none for the same position
    if (move === 0 && d[slot] === hi) move = d[slot + 1]!;
    d[slot] = hi;
    d[slot + 1] = move;
    d[slot + 2] = score;
    // depth is stored + 1 so that meta is never 0 for a used entry
    d[slot + 3] = (Math.min(Math.max(depth, 0), 254) + 1) | (bound << 8) | (this.generation << 10);
  }
}
