// What dist/ was built from, for `npm test`'s build (scripts/build-if-changed.mjs) and `npm install`'s
// (scripts/prepare.mjs): the bytes of every file under src/ and scripts/lib/, of the build scripts,
// package.json, package-lock.json (the dependencies bundled), tsconfig.build.json, and Node's version
// (a code cache holds only for the V8 that made it). Their hash is kept in dist/.build-inputs,
// written after a whole build; emit.mjs and bundle.mjs remove it as they start.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const stampFile = (root) => join(root, 'dist', '.build-inputs');

/** The hash of the build's inputs (file names and bytes, in a fixed order). */
export function buildInputsHash(root = ROOT) {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else files.push(p);
    }
  };
  walk(join(root, 'src'));
  walk(join(root, 'scripts', 'lib'));
  for (const f of ['prepare.mjs', 'version.mjs', 'emit.mjs', 'bundle.mjs', 'build-if-changed.mjs']) files.push(join(root, 'scripts', f));
  for (const f of ['package.json', 'package-lock.json', 'tsconfig.build.json']) files.push(join(root, f));
  const h = createHash('sha256').update(`node ${process.version}\n`);
  for (const f of files) {
    const bytes = existsSync(f) ? readFileSync(f) : undefined;
    h.update(`${relative(root, f)} ${bytes ? bytes.length : 'missing'}\n`);
    if (bytes) h.update(bytes);
  }
  return h.digest('hex');
}

/** Whether dist/ was built from exactly these inputs (and its entry files are there). */
export function upToDate(hash = buildInputsHash(), root = ROOT) {
  if (!existsSync(join(root, 'dist', 'bundle', 'main.js')) || !existsSync(join(root, 'dist', 'cli', 'main.js'))) return false;
  try {
    return readFileSync(stampFile(root), 'utf8').trim() === hash;
  } catch {
    return false;
  }
}

/** Records that dist/ now holds the build of the inputs `hash` was taken of. */
export function stamp(hash, root = ROOT) {
  writeFileSync(stampFile(root), `${hash}\n`);
}

/** Forgets the record: emit.mjs and bundle.mjs call it as they start, so a build stopped half way, or
 * one by another route (`npm run build`), is never taken for the recorded one. */
export function unstamp(root = ROOT) {
  rmSync(stampFile(root), { force: true });
}

