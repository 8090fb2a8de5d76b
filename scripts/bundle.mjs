#!/usr/bin/env node
// Bundles the CLI for a fast start (run by `npm run build`, hence by `npm install`'s `prepare`):
// dist/bundle/main.js is the CLI entry with commander; each command, ink/react and the engine are
// chunks beside it, loaded on demand; worker.js is the engine's worker thread (engine/async.ts
// loads `./worker.js` next to the chunk that starts it); version.js is the version alone, for
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

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const widthModule = join(root, 'src', 'render', 'width.ts');
const sharedWidth = {
  name: 'shared-string-width',
  setup(b) {
    b.onResolve({ filter: /^string-width$/ }, (args) => (args.importer === widthModule ? undefined : { path: join(root, 'src', 'render', 'string-width-shared.ts') }));
  },
};
const outdir = join(root, 'dist', 'bundle');
rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/cli/main.ts', worker: 'src/engine/worker.ts', version: 'src/cli/version.ts' },
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
  plugins: [sharedWidth],
});

// The quick `moves` (src/cli/quick.ts: a plain moves of the default game) as one CommonJS file,
// which bin/chuhan.js compiles with V8's code cache: quick.cjs.cache, made here by running it once
// (the functions `moves` uses are compiled into it). Its first line names the build (a hash of the
// code); the cache starts with the same line and is used only for that code, and V8 itself rejects
// a cache of another V8 or other flags, the code is then compiled as usual.
const quickFile = join(outdir, 'quick.cjs');
await build({
  absWorkingDir: root,
  entryPoints: ['src/cli/quick.ts'],
  outfile: quickFile,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  define: { 'process.env.NODE_ENV': '"production"' },
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [sharedWidth],
});
const quickCode = readFileSync(quickFile, 'utf8');
writeFileSync(quickFile, `//chuhan-build ${createHash('sha256').update(quickCode).digest('hex').slice(0, 32)}\n${quickCode}`);
const made = spawnSync(process.execPath, [join(root, 'bin', 'chuhan.js'), 'moves'], {
  env: { ...process.env, CHUHAN_WRITE_CODE_CACHE: `${quickFile}.cache` },
  stdio: ['ignore', 'ignore', 'pipe'],
  encoding: 'utf8',
});
// without a cache bin/chuhan.js still runs (compiling the code as usual): a failure here is said, not fatal
if (made.status !== 0) console.warn(`bundle: no code cache for quick.cjs (${made.stderr.trim() || made.status})`);
