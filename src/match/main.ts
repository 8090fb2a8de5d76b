/** Runs a match against an external xboard engine: `node dist/match/main.js --opponent maxqi …` (see cli.ts). */
import { runOpponentMatch } from './cli.js';

runOpponentMatch(process.argv.slice(2), {
  out: (t) => void process.stdout.write(t),
  err: (t) => void process.stderr.write(t),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`match: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
