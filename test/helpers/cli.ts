/** Runs the CLI in-process with captured output, or the shipped bin in a child process. */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../../src/cli/main.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(args: string[], env: Record<string, string | undefined> = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    out: (t) => void (stdout += t),
    err: (t) => void (stderr += t),
    isTTY: false,
    env,
  });
  return { code, stdout, stderr };
}

/** The shipped `bin/chuhan.js` in a child process (what a user runs: the bundle, exit codes, stdin). */
export function spawnCli(args: string[], input?: string | Uint8Array): CliRun {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/chuhan.js'), ...args], { cwd: ROOT, encoding: 'utf8', ...(input !== undefined ? { input } : {}) });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
