/** A small seeded PRNG (splitmix32): deterministic matches, noise and random movers. */
export interface Rng {
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** Uniform float in [0, 1). */
  next(): number;
}

export function createRng(seed: number): Rng {
  let s = seed >>> 0;
  const next32 = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  return {
    next: () => next32() / 4294967296,
    int: (n: number) => Math.floor((next32() / 4294967296) * n),
  };
}
