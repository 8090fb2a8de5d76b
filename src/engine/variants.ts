/** The variants the engine knows by id (for the worker, which receives positions as data). */
import type { Variant } from '../core/variant.js';
import { gameFromName } from '../games/registry.js';

/** `chushogi`, or with a rule key `chushogi/jcsa` (see `Variant.ruleKey`). */
export function variantById(id: string): Variant | null {
  const [name, key] = id.split('/');
  const game = gameFromName(name!);
  if (!game) return null;
  return key ? (game.variants?.find((v) => v.ruleKey === key) ?? null) : game.variant;
}
