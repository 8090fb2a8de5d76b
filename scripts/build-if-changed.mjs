#!/usr/bin/env node
// `npm test`'s build: what `npm install`'s `prepare` builds (scripts/prepare.mjs: version, dist/ by
// esbuild, the bundle with its tables and code caches), done again only when one of its inputs has
// changed since the last whole build (scripts/lib/build-stamp.mjs says which inputs). A fresh
// clone's `npm ci && npm test` thus builds once, not twice (about 3 s of `npm test`'s wall time on
// the 2-core VM). `--force` builds anyway.
import { buildInputsHash, stamp, unstamp, upToDate } from './lib/build-stamp.mjs';

// version.mjs may rewrite src/cli/version.ts (an input): it runs before the hash is taken
await import('./version.mjs');
const hash = buildInputsHash();
if (process.argv.includes('--force') || !upToDate(hash)) {
  unstamp();
  await import('./emit.mjs');
  await import('./bundle.mjs');
  stamp(hash);
}
