// The source files of src/ and a scan of them for a pattern outside one file (the codec tests).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

/** Every .ts/.tsx file under `dir`, recursively. */
export function sourceFiles(dir: string = SRC): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p));
    else if (/\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

/**
 * `src/<file>:<hit>` for every hit of `scan` in src/ outside `codec` (a src-relative path), but for
 * the files of `exceptions` with exactly their allowed number of hits.
 */
export function scanOutside(codec: string, scan: (text: string) => string[], exceptions: Readonly<Record<string, number>> = {}): { files: number; bad: string[] } {
  const files = sourceFiles();
  const bad: string[] = [];
  for (const path of files) {
    const rel = relative(SRC, path).split('\\').join('/');
    if (rel === codec) continue;
    const hits = scan(readFileSync(path, 'utf8'));
    if (exceptions[rel] !== undefined && hits.length === exceptions[rel]) continue;
    for (const hit of hits) bad.push(`src/${rel}:${hit}`);
  }
  return { files: files.length, bad };
}
