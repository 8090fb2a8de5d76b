#!/usr/bin/env node
// `npm install`'s build (the `prepare` script): the program as users run it, in a few seconds, with
// a line per step. The sources are transpiled by esbuild (scripts/emit.mjs, no type check: `npm run
// lint` and `npm run build` do that) and bundled (scripts/bundle.mjs); after it, `node bin/chuhan.js`
// (or `npm start`) starts the board without building anything.
const t0 = performance.now();
const step = (text) => console.log(`chuhan: ${text} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
step('building: version');
await import('./version.mjs');
// the inputs' hash for `npm test`'s scripts/build-if-changed.mjs: taken after version.mjs, before the build
const { buildInputsHash, stamp } = await import('./lib/build-stamp.mjs');
const hash = buildInputsHash();
step('building: transpiling src/ to dist/ (esbuild)');
await import('./emit.mjs');
step('building: the bundle, its move tables and code caches (dist/bundle)');
await import('./bundle.mjs');
stamp(hash);
step('built; start the board with: node bin/chuhan.js');
