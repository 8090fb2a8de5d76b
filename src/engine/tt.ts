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
  /** The bits of a hash's low word that pick a bucket (its low bits), shifted to the bucket's first int (* 8). */
  private baseMask: number;
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
    this.baseMask = (this.data.length / (BUCKET * ENTRY) - 1) * BUCKET * ENTRY;
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
   * Index of the entry for the hash, or -1. A hit's entry is read once, as it is at the probe
   * (another thread may overwrite it meanwhile): `move`, `score`, `depth` and `bound` answer for
   * it until the next hit.
   */
  probe(lo: number, hi: number): number {
    // (indices by `|`: base is a multiple of 8, and an `|` needs no overflow check)
    const base = (lo << 3) & this.baseMask;
    const d = this.data;
    let move = d[base | 1]!;
    let score = d[base | 2]!;
    let meta = d[base | 3]!;
    if ((d[base]! ^ move ^ score ^ meta) === hi && meta !== 0) {
      this.hitMove = move;
      this.hitScore = score;
      this.hitMeta = meta;
      return base;
    }
    move = d[base | 5]!;
    score = d[base | 6]!;
    meta = d[base | 7]!;
    if ((d[base | 4]! ^ move ^ score ^ meta) === hi && meta !== 0) {
      this.hitMove = move;
      this.hitScore = score;
      this.hitMeta = meta;
      return base | 4;
    }
    return -1;
  }

  /** The move of the entry the last hit read (0: none). */
  get move(): number {
    return this.hitMove;
  }
  /** The score of the entry the last hit read (mate scores relative to its node). */
  get score(): number {
    return this.hitScore;
  }
  /** The depth of the entry the last hit read. */
  get depth(): number {
    return (this.hitMeta & 0xff) - 1;
  }
  /** The bound of the entry the last hit read (BOUND_UPPER, BOUND_LOWER or BOUND_EXACT). */
  get bound(): number {
    return (this.hitMeta >>> 8) & 3;
  }

  store(lo: number, hi: number, move: number, score: number, depth: number, bound: number): void {
    const d = this.data;
    const base = (lo << 3) & this.baseMask;
    const meta0 = d[base | 3]!;
    const key0 = d[base]! ^ d[base | 1]! ^ d[base | 2]! ^ meta0;
    let slot = base;
    let key = key0;
    if (key0 !== hi && meta0 !== 0) {
      const meta1 = d[base | 7]!;
      const key1 = d[base | 4]! ^ d[base | 5]! ^ d[base | 6]! ^ meta1;
      if (key1 === hi || meta1 === 0) {
        slot = base | 4;
        key = key1;
      } else {
        // replace the shallower entry, counting entries from older searches as shallow
        const g = this.generation;
        const v0 = (meta0 & 0xff) - (meta0 >>> 10 === g ? 0 : 64);
        const v1 = (meta1 & 0xff) - (meta1 >>> 10 === g ? 0 : 64);
        if (v0 > v1) {
          slot = base | 4;
          key = key1;
        }
      }
    }
    // a quiescence result (depth 0) never replaces a deeper entry of this search or of its position
    if (depth <= 0) {
      const old = d[slot | 3]!;
      if ((old & 0xff) > 1 && (key === hi || old >>> 10 === this.generation)) return;
    }
    // keep the old move when the new result has none for the same position
    if (move === 0 && key === hi) move = d[slot | 1]!;
    // depth is stored + 1 so that meta is never 0 for a used entry
    const meta = ((depth < 0 ? 0 : depth > 254 ? 254 : depth) + 1) | (bound << 8) | (this.generation << 10);
    d[slot] = hi ^ move ^ score ^ meta;
    d[slot | 1] = move;
    d[slot | 2] = score;
    d[slot | 3] = meta;
  }
}
