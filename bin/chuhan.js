#!/usr/bin/env node
// Thin launcher: runs the bundled CLI (dist/bundle, built by `npm install` through the `prepare`
// script: tsc, then scripts/bundle.mjs).
import { main } from '../dist/bundle/main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`chuhan: internal error: ${err?.message ? err.message : String(err)}\n`);
    process.exitCode = 3;
  },
);
