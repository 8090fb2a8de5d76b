/** Runs the CLI in-process with captured output. */
import { main } from '../../src/cli/main.js';

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
