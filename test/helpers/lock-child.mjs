// One `play --resume` taking a game's lock, for the stale-lock race of test/lock-files.test.ts:
//   node lock-child.mjs <store module> <state dir> <game file>
// Prints `ready`; then for each `go` on stdin takes the lock and prints `held`, `busy <pid>` or
// `none` (no lock taken, none held by another), keeping it; `release` releases it and prints
// `released`; the end of stdin ends the process.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const [modulePath, dir, game] = process.argv.slice(2);
const { GameStore } = await import(pathToFileURL(modulePath).href);
const store = new GameStore(dir);
let held = null;
const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  if (line === 'go') {
    const r = store.lock(game);
    if ('heldBy' in r) return process.stdout.write(`busy ${r.heldBy}\n`);
    held = r;
    // a no-op release (no lock could be taken) says `none`: the lock file does not hold our pid
    let mine = false;
    try {
      mine = Number(readFileSync(`${game}.lock`, 'utf8').trim()) === process.pid;
    } catch {
      // no lock file
    }
    process.stdout.write(`${mine ? 'held' : 'none'}\n`);
  } else if (line === 'release') {
    held?.release();
    held = null;
    process.stdout.write('released\n');
  }
});
rl.on('close', () => {
  held?.release();
  process.exit(0);
});
process.stdout.write('ready\n');
