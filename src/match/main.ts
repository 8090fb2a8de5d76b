/**
 * `npm run match`, the one entry point for matches:
 *  - with `--opponent maxqi|hachu|"<command>"`: chuhan against an external XBoard engine over pipes
 *    (src/match/cli.ts);
 *  - otherwise: the engine against itself at two levels or against a random mover (src/match/selfplay.ts).
 */
import { runOpponentMatch } from './cli.js';
import { matchMain } from './selfplay.js';

const argv = process.argv.slice(2);
const out = (t: string) => void process.stdout.write(t);
const err = (t: string) => void process.stderr.write(t);

if (argv.some((a) => a === '--opponent' || a.startsWith('--opponent='))) {
  runOpponentMatch(argv, { out, err }).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      err(`match: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 1;
    },
  );
} else {
  try {
    process.exitCode = matchMain(argv, out, err);
  } catch (e) {
    err(`match: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 3;
  }
}
