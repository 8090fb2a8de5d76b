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
  // Ctrl-C: the first lets the games under way finish and then writes the summary; the second ends
  // them at once (unfinished, not counted). The engines run in process groups of their own, so the
  // terminal's Ctrl-C reaches only us. A second signal within 300 ms is taken as the same press (a
  // wrapper may pass the terminal's SIGINT on as well). SIGTERM and SIGHUP (the terminal closed)
  // stop at once: the engines, in their own sessions, would not get the hangup.
  const finish = new AbortController();
  const abort = new AbortController();
  let last = 0;
  const onInterrupt = () => {
    const now = Date.now();
    if (now - last < 300) return;
    last = now;
    if (!finish.signal.aborted) {
      err('match: stopping after the games under way (Ctrl-C again: stop them now)\n');
      finish.abort();
    } else if (!abort.signal.aborted) {
      err('match: stopping now; the games under way are not counted\n');
      abort.abort();
    }
  };
  process.on('SIGINT', onInterrupt);
  const onEnd = () => {
    finish.abort();
    abort.abort();
  };
  process.on('SIGTERM', onEnd);
  process.on('SIGHUP', onEnd);
  runOpponentMatch(argv, { out, err }, { finish: finish.signal, abort: abort.signal }).then(
    (code) => {
      process.off('SIGINT', onInterrupt);
      process.off('SIGTERM', onEnd);
      process.off('SIGHUP', onEnd);
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
