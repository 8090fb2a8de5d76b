#!/usr/bin/env node
// Writes src/cli/version.ts from package.json's version (run by `npm run build`), so `chuhan --version`
// prints it without reading package.json at run time. test/startup.test.ts checks they agree.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const text = `/** The package version (written from package.json by scripts/version.mjs at build time). */\nexport const VERSION = '${version}';\n`;
const target = join(root, 'src', 'cli', 'version.ts');
let old = '';
try {
  old = readFileSync(target, 'utf8');
} catch {
  /* first build */
}
if (old !== text) writeFileSync(target, text);
