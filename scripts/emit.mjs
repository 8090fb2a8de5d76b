#!/usr/bin/env node
// dist/ for the tests and scripts: every file of src/ transpiled on its own by esbuild (no type
// check: `npm run lint` does that; no bundling: dist/ mirrors src/ file by file, as tsc would emit
// it). About 1 s where `tsc --noCheck` took 9; the shipped bundle (scripts/bundle.mjs) is esbuild's
// output of the same sources. `npm run build` still emits with tsc.
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { unstamp } from './lib/build-stamp.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) files.push(p);
  }
};
walk(join(root, 'src'));
mkdirSync(join(root, 'dist'), { recursive: true });
unstamp();
// files are written over in place, never deleted first: `npm run lint` (biome) walks the tree at the
// same time, and a file vanishing under it is an error there
await build({
  entryPoints: files,
  outdir: join(root, 'dist'),
  outbase: join(root, 'src'),
  format: 'esm',
  platform: 'node',
  target: 'es2022',
  tsconfig: join(root, 'tsconfig.build.json'),
  jsx: 'automatic',
  logLevel: 'warning',
});
