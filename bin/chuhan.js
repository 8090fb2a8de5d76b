#!/usr/bin/env node
// Thin launcher: runs the compiled CLI (built by `npm install` through the `prepare` script).
import { main } from '../dist/cli/main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`chuhan: internal error: ${err && err.message ? err.message : String(err)}\n`);
    process.exitCode = 3;
  },
);
