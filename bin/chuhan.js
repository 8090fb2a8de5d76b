#!/usr/bin/env node
// Thin launcher: runs the bundled CLI (dist/bundle, built by `npm install` through the `prepare`
// script: tsc, then scripts/bundle.mjs). `--version` alone reads the version module only.
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  const { VERSION } = await import('../dist/bundle/version.js');
  process.stdout.on('error', () => process.exit(141)); // a closed pipe, as the CLI's guardPipes
  process.stdout.write(`${VERSION}\n`);
} else {
  const { main } = await import('../dist/bundle/main.js');
  main(argv).then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      process.stderr.write(`chuhan: internal error: ${err?.message ? err.message : String(err)}\n`);
      process.exitCode = 3;
    },
  );
}
