#!/usr/bin/env node
// Thin launcher: runs the bundled CLI (dist/bundle, built once by `npm install` through the
// `prepare` script, scripts/prepare.mjs; nothing is compiled here). `--version` alone reads the
// version file only; a plain `moves` (any game) and a plain `validate` run quick CommonJS bundles
// (quick.cjs, quick-validate.cjs) with V8's code cache; everything else the ES module main.js.
//
// A CommonJS file (bin/package.json): Node then starts without its ES module loader, which only the
// whole CLI (an ES module, imported below) needs.
'use strict';
const argv = process.argv.slice(2);

/**
 * Writes `text` to standard output at once: a closed pipe quietly 141, another write error (a full
 * disk) in a sentence and 2, as the CLI's guardPipes; a pipe that would block (non-blocking, full)
 * gets the rest through Node's stream.
 */
function writeOut(text) {
  const { writeSync } = require('node:fs');
  const bytes = Buffer.from(text);
  let at = 0;
  try {
    while (at < bytes.length) at += writeSync(1, bytes, at);
  } catch (e) {
    if (e?.code === 'EAGAIN') {
      process.stdout.write(bytes.subarray(at));
      return;
    }
    if (e?.code === 'EPIPE') process.exit(141);
    // src/tui/io.ts's words for it, written beside the version by scripts/bundle.mjs
    // (test/write-errors.test.ts checks --version > /dev/full says what every command says)
    const words = require('../dist/bundle/version.cjs').WRITE_REASONS;
    const code = typeof e?.code === 'string' ? e.code.replace(/[^A-Z0-9_]/g, '') : '';
    try {
      writeSync(2, `chuhan: cannot write the output: ${words[code] ? `${words[code]} (${code})` : code || 'a write error'}\n`);
    } catch {}
    process.exit(2);
  }
}

/** An error of the launch: the program not built yet (dist/ missing) in a sentence, else an internal error. */
function fail(err) {
  const built = require('node:fs').existsSync(require('node:path').join(__dirname, '..', 'dist', 'bundle', 'main.js'));
  process.stderr.write(
    built
      ? `chuhan: internal error: ${err?.message ? err.message : String(err)}\n`
      : 'chuhan: the program is not built yet: run `npm install` (or `npm run build`) in its folder first\n',
  );
  process.exitCode = built ? 3 : 2;
}

async function launch() {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    // CommonJS (version.cjs, written by scripts/bundle.mjs), written straight to the file
    // descriptor: neither Node's ES module loader nor its stdout stream is started for one line
    const { VERSION } = require('../dist/bundle/version.cjs');
    writeOut(`${VERSION}\n`);
    return;
  }
  let code = null;
  let handOver;
  // --json needs every game's rules (notation/status.ts): the whole CLI at once
  // validate's V8 setting (src/cli/commands/validate.ts VALIDATE_V8_FLAGS, which sets it too) is made
  // before its bundle is compiled: V8 takes a code cache only under the flags it was made with
  const quick =
    argv[0] === 'moves' && !argv.includes('--json')
      ? ['quick.cjs', 'quickMoves', null]
      : argv[0] === 'validate'
        ? ['quick-validate.cjs', 'quickValidate', '--max-inlined-bytecode-size-cumulative=50 --no-turbo-loop-peeling --no-use-osr --no-turbo-escape --no-turbo-store-elimination --always-sparkplug']
        : (argv.length === 0 || argv[0] === 'play') && ((process.stdin.isTTY && process.stdout.isTTY) || process.env.CHUHAN_WRITE_CODE_CACHE)
          ? ['quick-play.cjs', 'quickPlay', null]
          : null;
  if (quick) {
    try {
      const answer = await runQuick(quick[0], quick[1], argv.slice(1), quick[2]);
      // play: the board drawn, the rest is the whole CLI's
      if (answer !== null && typeof answer === 'object') handOver = answer;
      else code = answer;
    } catch (err) {
      fail(err);
      code = process.exitCode;
    }
  }
  if (code !== null) process.exitCode = code;
  else {
    const { main } = await import('../dist/bundle/main.js');
    main(argv, undefined, handOver).then((c) => {
      process.exitCode = c;
    }, fail);
  }
}

/**
 * The answer of a quick bundle (dist/bundle/quick.cjs's `quickMoves` for `moves ARGS`,
 * quick-validate.cjs's `quickValidate` for `validate ARGS`: an exit code; quick-play.cjs's
 * `quickPlay` for `play ARGS` in a terminal: what it did, for the whole CLI to go on with; null:
 * not a quick case, the whole CLI runs). The file is compiled with the code cache made for it by scripts/bundle.mjs (its first
 * line, naming the build, must be the cache's too); without one, or one V8 rejects, it compiles as
 * usual. CHUHAN_WRITE_CODE_CACHE=FILE (used by the build) writes the cache after the run.
 */
async function runQuick(name, entry, args, v8Flags, worker = false) {
  const { readFileSync, writeFileSync } = require('node:fs');
  const { Script } = require('node:vm');
  const { createRequire } = require('node:module');
  const { join } = require('node:path');
  if (v8Flags) require('node:v8').setFlagsFromString(v8Flags);
  const dir = join(__dirname, '..', 'dist', 'bundle');
  const file = join(dir, name);
  // (every quick bundle is ASCII, scripts/bundle.mjs: read as latin1, the same string without UTF-8 decoding)
  const source = readFileSync(file, 'latin1');
  const build = Buffer.from(source.slice(0, source.indexOf('\n') + 1));
  const write = worker ? undefined : process.env.CHUHAN_WRITE_CODE_CACHE;
  let cachedData;
  if (!write) {
    try {
      const cache = readFileSync(`${file}.cache`);
      if (cache.subarray(0, build.length).equals(build)) cachedData = cache.subarray(build.length);
    } catch {
      // no cache: compiled as usual
    }
  }
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, cachedData });
  // CHUHAN_CODE_CACHE_CHECK=1 (tests): whether V8 took the cache
  if (process.env.CHUHAN_CODE_CACHE_CHECK === '1' && !worker)
    process.stderr.write(`chuhan: code cache ${cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'accepted'}\n`);
  const module = { exports: {} };
  script.runInThisContext().call(module.exports, module.exports, createRequire(file), module, file, dir);
  const code = await module.exports[entry](args, dir);
  if (write) writeFileSync(write, Buffer.concat([build, script.createCachedData()]));
  return code;
}

// a worker thread of `validate --jobs` (src/cli/jobs.ts, quick-validate.ts): the quick bundle's
// worker entry, compiled with the bundle's code cache as the command was, once the main thread
// says 'go' (its V8 settings set again: jobs.ts READY and GO)
if (argv[0] === '--chuhan-quick-worker') {
  const { parentPort } = require('node:worker_threads');
  parentPort.once('message', () => runQuick(argv[1], argv[2], [], null, true).catch(fail));
  parentPort.postMessage('ready');
} else launch().catch(fail);
