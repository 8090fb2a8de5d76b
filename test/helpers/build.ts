/** When the compiled output a test runs is older than the sources (a lone `vitest run` after an edit). */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The newest modification time (ms) of any file under `dir`. */
export function newestSource(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newestSource(p) : statSync(p).mtimeMs);
  }
  return t;
}
