/**
 * Sampling of the long sweeps. By default a sweep checks a fixed, seeded sample of its positions
 * (the same sample on every run and machine); `CHUHAN_FULL_TESTS=1 npm test` checks all of them.
 * The checks themselves are the same in both modes: only the number of positions changes.
 */

/** True when the full sweeps were asked for (`CHUHAN_FULL_TESTS=1`). */
export const FULL_TESTS = process.env.CHUHAN_FULL_TESTS === '1';

/** A small deterministic PRNG (mulberry32): `rand(n)` is an integer in [0, n). */
export function seededRandom(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** The same generator as a float in [0, 1) (for property tests that draw lengths, chars, chunk sizes). */
export function seededFloat(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `n` of `items` chosen by `seed` (in their original order), or all of them under
 * CHUHAN_FULL_TESTS=1 or when there are no more than `n`.
 */
export function sample<T>(items: readonly T[], n: number, seed: number): T[] {
  if (FULL_TESTS || items.length <= n) return [...items];
  const rand = seededRandom(seed);
  const idx = items.map((_, i) => i);
  for (let i = 0; i < n; i++) {
    const j = i + rand(idx.length - i);
    [idx[i], idx[j]] = [idx[j]!, idx[i]!];
  }
  return idx
    .slice(0, n)
    .sort((a, b) => a - b)
    .map((i) => items[i]!);
}

/** For test names: "500 of 2,000" when sampled, "2,000" in full mode. */
export function howMany(total: number, sampled: number): string {
  const f = (x: number) => x.toLocaleString('en-US');
  return FULL_TESTS || sampled >= total ? f(total) : `${f(sampled)} of ${f(total)}`;
}
