/** When the compiled output a test runs is older than the sources (a lone `vitest run` after an edit). */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The newest modification time (ms) of any file under `dir`. */
export function newestSource(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newestSource(p) : statSync(p).mtimeMs);
  }
  return t;
}

/**
 * The bundle bin/chuhan.js runs (dist/bundle, esbuild from src in about a second), built again when
 * it is missing or older than the sources.
 */
export function freshBundle(): void {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const main = join(root, 'dist', 'bundle', 'main.js');
  if (!existsSync(main) || statSync(main).mtimeMs < newestSource(join(root, 'src'))) {
    execFileSync(process.execPath, [join(root, 'scripts', 'bundle.mjs')], { cwd: root });
  }
}
