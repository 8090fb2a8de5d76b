/** The engine profile of each variant: its game's (src/games/<game>/eval.ts), else the generic one. */
import { genericProfile, type EngineProfile } from '../core/profile.js';
import type { Variant } from '../core/variant.js';
import { gameOfVariant } from '../games/registry.js';

const cache = new Map<Variant, EngineProfile>();

export function profileFor(v: Variant): EngineProfile {
  let p = cache.get(v);
  if (!p) {
    const g = gameOfVariant(v);
    // a game's variant, or one of its rule sets' or problems' variants (same spec id)
    p = g ? g.profileOf(v) : genericProfile(v);
    cache.set(v, p);
  }
  return p;
}
