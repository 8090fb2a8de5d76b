/** The variants the engine knows by id (for the worker, which receives positions as data). */
import type { Variant } from '../core/variant.js';
import { gameFromName } from '../games/registry.js';

export const variantById = (id: string): Variant | null => gameFromName(id)?.variant ?? null;
