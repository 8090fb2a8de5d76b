/** The engine profile of each variant: the tuned ones by variant id, else the generic one. */
import type { Variant } from '../core/variant.js';
import { chushogiProfile } from './eval-chushogi.js';
import { xiangqiProfile } from './eval-xiangqi.js';
import { genericProfile, type EngineProfile } from './profile.js';

const factories = new Map<string, (v: Variant) => EngineProfile>([
  ['xiangqi', xiangqiProfile],
  ['chushogi', chushogiProfile],
]);
const cache = new Map<Variant, EngineProfile>();

/** Registers (or replaces) the profile builder for a variant id. */
export function registerProfile(variantId: string, build: (v: Variant) => EngineProfile): void {
  factories.set(variantId, build);
  for (const v of [...cache.keys()]) if (v.spec.id === variantId) cache.delete(v);
}

export function profileFor(v: Variant): EngineProfile {
  let p = cache.get(v);
  if (!p) {
    const f = factories.get(v.spec.id);
    p = f ? f(v) : genericProfile(v);
    cache.set(v, p);
  }
  return p;
}
