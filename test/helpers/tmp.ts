/**
 * Temporary folders for tests: `tempDir('repl')` makes /tmp/chuhan-repl-XXXXXX and remembers it;
 * `removeTempDirs` deletes every folder made so far. A test file that makes folders registers
 * `afterAll(removeTempDirs)` (after anything that still writes into them, e.g. a tmux server, is
 * stopped), so a run leaves no /tmp/chuhan-* behind.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

/** A new empty folder /tmp/chuhan-<name>-XXXXXX, removed by `removeTempDirs`. */
export function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `chuhan-${name}-`));
  made.push(dir);
  return dir;
}

/** Deletes every folder `tempDir` made (retrying briefly if a child process is still closing files). */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
}
