/**
 * Transposition table keyed by the position's 64-bit Zobrist hash: buckets of two entries in one
 * Int32Array (no objects). The low word picks the bucket, the high word is stored as the check.
 * Entry layout (4 ints): check, move, score, meta = depth | bound << 8 | generation << 10, where
 * check = hashHi ^ move ^ score ^ meta ("lockless hashing"): the threads of a parallel search share
 * the table (on a SharedArrayBuffer) and write entries without locks; an entry torn by two writes
 * (words of both) fails the check and reads as a miss. One thread reads exactly what it wrote.
 */
export const BOUND_NONE = 0;
export const BOUND_UPPER = 1; // fail low: score is at most this
export const BOUND_LOWER = 2; // fail high: score is at least this
export const BOUND_EXACT = 3;

const ENTRY = 4;
const BUCKET = 2;
const GENERATIONS = 0x3fffff;

export interface TableOptions {
  /** Allocate the table on a SharedArrayBuffer (for helper threads: see `buffer`). */
  shared?: boolean;
  /** Use this table memory (another thread's `buffer`) instead of allocating. */
  buffer?: SharedArrayBuffer;
  /**
   * The generation is set by `setGeneration` (a helper thread, following the main thread's
   * searches) and `newSearch` leaves it.
   */
  follower?: boolean;
}

export class TranspositionTable {
  private data: Int32Array;
  private bucketMask: number;
  private generation = 0;
  private readonly follower: boolean;
  // the entry found by the last probe, read once (another thread may overwrite it meanwhile)
  private hitMove = 0;
  private hitScore = 0;
  private hitMeta = 0;

  /** Size in MiB (rounded down to a power of two number of buckets). */
  constructor(megabytes = 16, options: TableOptions = {}) {
    if (options.buffer) this.data = new Int32Array(options.buffer);
    else {
      const ints = TranspositionTable.bucketsFor(megabytes) * BUCKET * ENTRY;
      this.data = options.shared ? new Int32Array(new SharedArrayBuffer(ints * 4)) : new Int32Array(ints);
    }
    this.bucketMask = this.data.length / (BUCKET * ENTRY) - 1;
    this.follower = options.follower ?? false;
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

  /** The table memory when it is shared (to hand to helper threads), else null. */
  get buffer(): SharedArrayBuffer | null {
    return this.data.buffer instanceof SharedArrayBuffer ? this.data.buffer : null;
  }

  clear(): void {
    this.data.fill(0);
    this.generation = 0;
  }

  /** Call once per search: older entries become preferred for replacement. */
  newSearch(): void {
    if (!this.follower) this.generation = (this.generation + 1) & GENERATIONS;
  }

  /** The generation of the current search (a helper thread is given the main thread's). */
  get currentGeneration(): number {
    return this.generation;
  }

  setGeneration(g: number): void {
    this.generation = g & GENERATIONS;
  }

  /**
   * Index of the entry for the hash, or -1. Read it with move/score/depth/bound, which answer for
   * the entry of the last probe (as it was when probed).
   */
  probe(lo: number, hi: number): number {
    const base = (lo & this.bucketMask) * BUCKET * ENTRY;
    const d = this.data;
    let move = d[base + 1]!;
    let score = d[base + 2]!;
    let meta = d[base + 3]!;
    if ((d[base]! ^ move ^ score ^ meta) === hi && meta !== 0) {
      this.hitMove = move;
      this.hitScore = score;
      this.hitMeta = meta;
      return base;
    }
    move = d[base + ENTRY + 1]!;
    score = d[base + ENTRY + 2]!;
    meta = d[base + ENTRY + 3]!;
    if ((d[base + ENTRY]! ^ move ^ score ^ meta) === hi && meta !== 0) {
      this.hitMove = move;
      this.hitScore = score;
      this.hitMeta = meta;
      return base + ENTRY;
    }
    return -1;
  }

  // `_i`: the index probe returned (the entry is the one it read)
  move(_i: number): number {
    return this.hitMove;
  }
  score(_i: number): number {
    return this.hitScore;
  }
  depth(_i: number): number {
    return (this.hitMeta & 0xff) - 1;
  }
  bound(_i: number): number {
    return (this.hitMeta >>> 8) & 3;
  }

  store(lo: number, hi: number, move: number, score: number, depth: number, bound: number): void {
    const d = this.data;
    const base = (lo & this.bucketMask) * BUCKET * ENTRY;
    const key0 = d[base]! ^ d[base + 1]! ^ d[base + 2]! ^ d[base + 3]!;
    let slot: number;
    let key: number;
    if (key0 === hi || d[base + 3] === 0) {
      slot = base;
      key = key0;
    } else {
      const key1 = d[base + ENTRY]! ^ d[base + ENTRY + 1]! ^ d[base + ENTRY + 2]! ^ d[base + ENTRY + 3]!;
      if (key1 === hi || d[base + ENTRY + 3] === 0) {
        slot = base + ENTRY;
        key = key1;
      } else {
        // replace the shallower entry, counting entries from older searches as shallow
        const g = this.generation;
        const v0 = (d[base + 3]! & 0xff) - (d[base + 3]! >>> 10 === g ? 0 : 64);
        const v1 = (d[base + ENTRY + 3]! & 0xff) - (d[base + ENTRY + 3]! >>> 10 === g ? 0 : 64);
        slot = v0 <= v1 ? base : base + ENTRY;
        key = slot === base ? key0 : key1;
      }
    }
    // keep the old move when the new result has none for the same position
    if (move === 0 && key === hi) move = d[slot + 1]!;
    // depth is stored + 1 so that meta is never 0 for a used entry
    const meta = (Math.min(Math.max(depth, 0), 254) + 1) | (bound << 8) | (this.generation << 10);
    d[slot] = hi ^ move ^ score ^ meta;
    d[slot + 1] = move;
    d[slot + 2] = score;
    d[slot + 3] = meta;
  }
}
