/** The variants the engine knows by id (for the worker, which receives positions as data). */
import type { Variant } from '../core/variant.js';
import { gameIdFromName, getGame } from '../notation/registry.js';

export function variantById(id: string): Variant | null {
  const gid = gameIdFromName(id);
  if (!gid) return null;
  try {
    return getGame(gid).variant;
  } catch {
    return null;
  }
}
