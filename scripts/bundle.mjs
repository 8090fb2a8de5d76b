#!/usr/bin/env node
// Bundles the CLI for a fast start (run by `npm run build`, hence by `npm install`'s `prepare`):
// dist/bundle/main.js is the CLI entry with commander; each command, ink/react and the engine are
// chunks beside it, loaded on demand; worker.js is the engine's worker thread (engine/async.ts
// loads `./worker.js` next to the chunk that starts it), smp-worker.js a helper thread of a
// multi-threaded search (engine/smp.ts loads it the same way); version.js is the version alone, for
// bin/chuhan.js's `--version` without the CLI. Node then reads a few large files instead
// of resolving and compiling ~150 small modules at every start.
//
// React is bundled as its production build (NODE_ENV=production), as a shipped CLI runs it.
//
// Every `string-width` of the dependencies (Ink, wrap-ansi, widest-line, cli-truncate) is given
// src/render/string-width-shared.ts: the one string-width of render/width.ts, remembering its
// answers (wrap-ansi would otherwise load a second, older copy, whose start-up costs as much).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unstamp } from './lib/build-stamp.mjs';
import { lazyDefaultFunction } from './lib/lazy-module.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const widthModule = join(root, 'src', 'render', 'width.ts');
const sharedWidth = {
  name: 'shared-string-width',
  setup(b) {
    b.onResolve({ filter: /^string-width$/ }, (args) => (args.importer === widthModule ? undefined : { path: join(root, 'src', 'render', 'string-width-shared.ts') }));
  },
};
// string-width makes an Intl.Segmenter and compiles its Unicode property expressions (`\p{RGI_Emoji}`
// with the `v` flag) when it is loaded: about 55 ms of every start of the whole CLI (a CPU profile
// of `chuhan show`, 2026-12-07: 21 ms for the segmenter, 34 ms for the expressions), though
// render/width.ts asks it only for strings its own simpleWidth cannot measure, which most
// commands never have. The bundle's string-width does that work at its first call instead: its
// body (everything but its imports) becomes a function run once. Building fails if the module no
// longer has the shape this relies on (scripts/lib/lazy-module.mjs).
const lazyStringWidth = {
  name: 'lazy-string-width',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]string-width[\\/]index\.js$/ }, (args) => ({
      contents: lazyDefaultFunction(readFileSync(args.path, 'utf8'), args.path),
      loader: 'js',
    }));
  },
};
// Ink draws every frame into a new Output, with new caches: each line of the screen is split into
// styled characters again (Intl.Segmenter, an object per character), at every key and clock tick,
// though most lines are the same as in the last frame; that split was about half of a play frame's
// CPU (docs/performance.md, "The play board's redraws"). The bundle's Ink keeps one set of caches
// for all frames instead (the cached characters are only read: a frame copies them into its own
// grid), made anew once it holds more than 400 lines. Building fails if Ink's code has changed
// shape, rather than bundling an Ink without it unnoticed.
const INK_OUTPUT_CACHES = '    caches = new OutputCaches();';
const inkSharedCaches = {
  name: 'ink-shared-output-caches',
  setup(b) {
    b.onLoad({ filter: /[\\/]ink[\\/]build[\\/]output\.js$/ }, (args) => {
      const code = readFileSync(args.path, 'utf8');
      if (!code.includes(INK_OUTPUT_CACHES)) throw new Error(`bundle: ${args.path} no longer has \`${INK_OUTPUT_CACHES.trim()}\` (see scripts/bundle.mjs, inkSharedCaches)`);
      const shared = [
        'let chuhanCaches;',
        'const chuhanSharedCaches = () => {',
        '    if (!chuhanCaches || chuhanCaches.styledChars.size > 400) chuhanCaches = new OutputCaches();',
        '    return chuhanCaches;',
        '};',
      ].join('\n');
      return { contents: `${code.replace(INK_OUTPUT_CACHES, '    caches = chuhanSharedCaches();')}\n${shared}\n`, loader: 'js' };
    });
  },
};
// …and turns each row back into text with scripts/lib/ink-styled-chars.mjs's styledCharsToString,
// which skips the codes' difference between two characters of the same style.
const styledChars = join(root, 'scripts', 'lib', 'ink-styled-chars.mjs');
const inkStyledChars = {
  name: 'ink-styled-chars',
  setup(b) {
    b.onResolve({ filter: /^@alcalzone\/ansi-tokenize$/ }, (args) =>
      /[\\/]ink[\\/]build[\\/]output\.js$/.test(args.importer) ? { path: styledChars } : undefined,
    );
  },
};
const outdir = join(root, 'dist', 'bundle');
unstamp();
rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'src/cli/main.ts',
    worker: 'src/engine/worker.ts',
    'smp-worker': 'src/engine/smp-worker.ts',
    'file-worker': 'src/cli/file-worker.ts',
    version: 'src/cli/version.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: '[name]-[hash]',
  // CommonJS dependencies (react, yoga's loader…) call require(): give ESM chunks one
  banner: { js: "import { createRequire as __chuhanRequire } from 'node:module'; const require = __chuhanRequire(import.meta.url);" },
  define: { 'process.env.NODE_ENV': '"production"' },
  // ink imports the React devtools only when DEV=true; they are not installed
  external: ['react-devtools-core'],
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [sharedWidth, lazyStringWidth, inkSharedCaches, inkStyledChars],
});

// The version for bin/chuhan.js's `--version` as CommonJS (Node then starts no ES module loader),
// with src/tui/io.ts's words for a failed write (its --version > /dev/full says what every command says)
{
  const { VERSION } = await import(join(root, 'dist', 'cli', 'version.js'));
  const { WRITE_REASONS } = await import(join(root, 'dist', 'tui', 'io.js'));
  writeFileSync(join(outdir, 'version.cjs'), `'use strict';\nmodule.exports = { VERSION: ${JSON.stringify(VERSION)}, WRITE_REASONS: ${JSON.stringify(WRITE_REASONS)} };\n`);
}

// The quick `moves` (src/cli/quick.ts: a plain moves of the default game) as one CommonJS file,
// which bin/chuhan.js compiles with V8's code cache: quick.cjs.cache, made here by running it once
// (the functions `moves` uses are compiled into it). Its first line names the build (a hash of the
// code); the cache starts with the same line and is used only for that code, and V8 itself rejects
// a cache of another V8 or other flags, the code is then compiled as usual.
/**
 * A quick bundle (CommonJS, with its code cache made by running `run` once): `entry` (src) built
 * to dist/bundle/`name`.
 */
async function quickBundle(entry, name, run, input, options = {}) {
  const { status, ...rest } = options;
  const file = join(outdir, name);
  await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile: file,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'warning',
    ...rest,
    plugins: [sharedWidth, lazyStringWidth, ...(rest.plugins ?? [])],
  });
  let code = readFileSync(file, 'utf8');
  // esbuild escapes what is outside ASCII in strings but not in regular expression literals: there
  // \uXXXX (per UTF-16 unit, a pair for an astral character, as the `u` flag reads it too) means
  // the same character
  if (options.charset === 'ascii') code = code.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  // bin/chuhan.js reads a quick bundle as latin1: a character outside ASCII would be misread, not fail
  if (/[^\x00-\x7f]/.test(code)) throw new Error(`bundle: ${name} holds a character outside ASCII (give it charset: 'ascii')`);
  writeFileSync(file, `//chuhan-build ${createHash('sha256').update(code).digest('hex').slice(0, 32)}\n${code}`);
  const made = spawnSync(process.execPath, [join(root, 'bin', 'chuhan.js'), ...run], {
    env: { ...process.env, CHUHAN_WRITE_CODE_CACHE: `${file}.cache` },
    input,
    stdio: ['pipe', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  // without a cache bin/chuhan.js still runs (compiling the code as usual): a failure here is said, not fatal
  if (made.status !== (status ?? 0)) console.warn(`bundle: no code cache for ${name} (${made.stderr.trim() || made.status})`);
}


// The quick `validate` (src/cli/quick-validate.ts): its cache is made by validating a few games
// from standard input (every function a PGN of coordinate moves needs is then in the cache).
const SAMPLE_GAMES = [
  '[Event "cache"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 4. h0h4 h7i7 5. h4h9 g7h9 6. c3c4 b7a7 7. b2c2 c9e7 8. b0a2 a9b9 1-0\n',
  '1. c3c4 g6g5 2. b0c2 h9g7 3. h2h6 g9e7 4. h6g6 e7g9 5. g6h6 g9e7 6. h6g6 e7g9 7. g6h6 g9e7 8. h6g6 e7g9 *\n',
].join('\n');
// Without comments and indentation, and with every character outside ASCII escaped: a smaller file
// that Node reads as one-byte text (bin/chuhan.js reads it as latin1), for a faster start.
// Xiangqi's move tables and hash keys are written into it as data, as the module tsc just built
// makes them: building them at every start cost about 4% of validating the 2,516 master games
// (callgrind). So are the tables its modules build at load (the lean replay's, the check tests'):
// both in one define, games/xiangqi/shipped.ts __CHUHAN_XIANGQI_SHIPPED__.
const { xiangqi } = await import(join(root, 'dist', 'games', 'xiangqi', 'index.js'));

// Every game's move tables, made now and written beside the bundle (src/cli/shipped-tables.ts reads
// them): chu's cost more to build than the rest of a `moves -v chu` start-up. Written before the
// quick bundles' caches are made, which then run as users' runs will.
{
  const { GAMES } = await import(join(root, 'dist', 'games', 'registry.js'));
  // a variant made with another seed would not match its file: it would build its parts as usual
  const { DEFAULT_SEED, ensureTables } = await import(join(root, 'dist', 'core', 'variant.js'));
  const { tablesKey, tablesToBytes } = await import(join(root, 'dist', 'core', 'tables-file.js'));
  const written = new Set();
  for (const game of GAMES) {
    const v = game.variant;
    if (written.has(v.spec.id)) continue;
    written.add(v.spec.id);
    ensureTables(v);
    writeFileSync(join(outdir, `${v.spec.id}.tables`), tablesToBytes(v, tablesKey(v.spec, DEFAULT_SEED)));
  }
}
const { variantPartsData } = await import(join(root, 'dist', 'core', 'variant.js'));
await import(join(root, 'dist', 'games', 'xiangqi', 'lean-replay.js'));
const { shippedData } = await import(join(root, 'dist', 'games', 'xiangqi', 'shipped.js'));
// The opening names (xiangqi's ECCO table, games/xiangqi/ecco.ts, a dynamic import of the Game's
// `openingNames`) are never asked for by `moves` or by play's first frame: left out of those quick
// bundles (esbuild would inline them into a CommonJS file), as the board is. The quick `validate`
// keeps them: `validate --json` names each game's opening.
/** An esbuild plugin that puts a module that throws in place of `filter`'s (when `importer` matches). */
const leftOut = (name, filter, message, importer = /./) => ({
  name,
  setup(b) {
    b.onResolve({ filter }, (args) => (importer.test(args.importer) ? { path: name, namespace: name } : undefined));
    b.onLoad({ filter: /.*/, namespace: name }, () => ({ contents: `throw new Error(${JSON.stringify(message)});`, loader: 'js' }));
  },
});
const openingsLeftOut = leftOut(
  'openings-left-out',
  /(^|\/)ecco\.js$/,
  'opening names run from the whole CLI (dist/bundle/main.js), not this quick bundle',
  /[\\/]games[\\/]xiangqi[\\/]/,
);
await quickBundle('src/cli/quick.ts', 'quick.cjs', ['moves'], '', {
  plugins: [openingsLeftOut],
  minifyWhitespace: true,
  charset: 'ascii',
  define: {
    'process.env.NODE_ENV': '"production"',
    __CHUHAN_XIANGQI_SHIPPED__: JSON.stringify(shippedData(variantPartsData(xiangqi))),
  },
});
// The quick start of `play` (src/cli/quick-play.ts): it draws the board before the ES module loader,
// commander and Ink load. Its cache is made by a run without a terminal (play then says it needs
// one, exit 2): the code run at load, the bulk of it, is in it.
// The board itself (tui/run-play.tsx: Ink, React, yoga, whose top-level await CommonJS cannot
// hold) is never run from it: the whole CLI (main.js) runs it. The engine's worker threads, which
// find their files by import.meta, are not started from it either.
const boardLeftOut = leftOut('board-left-out', /\/tui\/run-play\.js$/, 'the board runs from the whole CLI (dist/bundle/main.js), not the quick play');
await quickBundle('src/cli/quick-play.ts', 'quick-play.cjs', ['play'], '', {
  status: 2,
  plugins: [boardLeftOut, openingsLeftOut],
  logOverride: { 'empty-import-meta': 'silent' },
  minifyWhitespace: true,
  charset: 'ascii',
  define: {
    'process.env.NODE_ENV': '"production"',
    __CHUHAN_XIANGQI_SHIPPED__: JSON.stringify(shippedData(variantPartsData(xiangqi))),
  },
});
await quickBundle('src/cli/quick-validate.ts', 'quick-validate.cjs', ['validate', '-', '--json'], SAMPLE_GAMES, {
  minifyWhitespace: true,
  charset: 'ascii',
  // import.meta.url of the CommonJS file (cli/jobs.ts finds file-worker.js beside it): bin/chuhan.js
  // runs it with the usual CommonJS wrapper's __filename
  banner: { js: "'use strict';var __chuhanModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  define: {
    'process.env.NODE_ENV': '"production"',
    'import.meta.url': '__chuhanModuleUrl',
    __CHUHAN_XIANGQI_SHIPPED__: JSON.stringify(shippedData(variantPartsData(xiangqi))),
  },
});
