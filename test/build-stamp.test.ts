/**
 * `npm test` builds only when the build's inputs changed (scripts/build-if-changed.mjs,
 * scripts/lib/build-stamp.mjs): on a small tree of its own, the hash changes with any byte, name or
 * file of the inputs and not with anything else, and dist/ counts as built only with the record of
 * exactly that hash and its entry files.
 */
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInputsHash, stamp, unstamp, upToDate } from '../scripts/lib/build-stamp.mjs';

const root = mkdtempSync(join(tmpdir(), 'chuhan-stamp-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const put = (file: string, text: string) => {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
};
put('src/core/a.ts', 'export const a = 1;\n');
put('src/games/b.ts', 'export const b = 2;\n');
put('scripts/lib/x.mjs', '');
for (const f of ['prepare', 'version', 'emit', 'bundle', 'build-if-changed']) put(`scripts/${f}.mjs`, f);
for (const f of ['package.json', 'package-lock.json', 'tsconfig.build.json']) put(f, '{}');

describe('the build inputs hash', () => {
  it('changes with a byte, a name or a file of the inputs, and with nothing else', () => {
    const base = buildInputsHash(root);
    expect(buildInputsHash(root)).toBe(base);
    const changes: [string, () => void, () => void][] = [
      ['a byte of a source', () => put('src/core/a.ts', 'export const a = 2;\n'), () => put('src/core/a.ts', 'export const a = 1;\n')],
      ['a new source', () => put('src/core/c.ts', ''), () => unlinkSync(join(root, 'src/core/c.ts'))],
      ['a renamed source', () => (unlinkSync(join(root, 'src/games/b.ts')), put('src/games/b2.ts', 'export const b = 2;\n')), () => (unlinkSync(join(root, 'src/games/b2.ts')), put('src/games/b.ts', 'export const b = 2;\n'))],
      ['the lock file', () => put('package-lock.json', '{ }'), () => put('package-lock.json', '{}')],
      ['a build script', () => put('scripts/bundle.mjs', 'bundle2'), () => put('scripts/bundle.mjs', 'bundle')],
      ['a build library', () => put('scripts/lib/x.mjs', ' '), () => put('scripts/lib/x.mjs', '')],
    ];
    for (const [what, change, undo] of changes) {
      change();
      expect(buildInputsHash(root), what).not.toBe(base);
      undo();
      expect(buildInputsHash(root), `${what} undone`).toBe(base);
    }
    // not inputs: tests, docs, dist itself
    put('test/t.test.ts', 'x');
    put('docs/d.md', 'x');
    put('dist/cli/main.js', 'x');
    expect(buildInputsHash(root)).toBe(base);
  });

  it('dist/ is up to date only with the record of that hash and its entry files', () => {
    const hash = buildInputsHash(root);
    put('dist/cli/main.js', '');
    stamp(hash, root);
    expect(upToDate(hash, root)).toBe(false); // no bundle yet
    put('dist/bundle/main.js', '');
    expect(upToDate(hash, root)).toBe(true);
    expect(upToDate(`${hash.slice(1)}0`, root)).toBe(false);
    unstamp(root);
    expect(upToDate(hash, root)).toBe(false);
    unstamp(root); // no record: nothing to remove, no error
  });
});
