/**
 * The bundle's string-width does its costly set-up (an Intl.Segmenter, Unicode property
 * expressions) at its first call rather than at every start (scripts/lib/lazy-module.mjs, used by
 * scripts/bundle.mjs): the rewritten module measures every kind of string as string-width does,
 * makes nothing when loaded, and a module of another shape is refused rather than rewritten.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import stringWidth from 'string-width';
import { afterAll, describe, expect, it } from 'vitest';
import { lazyDefaultFunction } from '../scripts/lib/lazy-module.mjs';

const require = createRequire(import.meta.url);
const dir = mkdtempSync(join(tmpdir(), 'chuhan-lazy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** string-width's source rewritten, its bare imports pointed at the installed packages, as a file to import. */
function lazyStringWidthFile(): string {
  const source = require.resolve('string-width');
  const code = lazyDefaultFunction(readFileSync(source, 'utf8'), source).replace(
    /^(import .* from )'([^'.][^']*)';$/gm,
    (_, head: string, spec: string) => `${head}'${pathToFileURL(require.resolve(spec, { paths: [source] })).href}';`,
  );
  const file = join(dir, 'string-width.mjs');
  writeFileSync(file, code);
  return pathToFileURL(file).href;
}

const SAMPLES = [
  'abc',
  '帥 將 车',
  '\u001b[31m紅\u001b[39m',
  '👍🏽 family 👨‍👩‍👧',
  '1️⃣ #⃣',
  'e\u0301 à',
  '\u1100\u1161\u11a8 한국',
  'ｶﾞ ｰ',
  '±×÷ ─│┌',
  '\u200b\u00ad',
];

describe('lazyDefaultFunction', () => {
  it("string-width rewritten: the same widths as string-width's, with both options; no Intl.Segmenter made until the first call", async () => {
    const url = lazyStringWidthFile();
    const Original = Intl.Segmenter;
    let made = 0;
    class Counting extends Original {
      constructor(...args: ConstructorParameters<typeof Intl.Segmenter>) {
        super(...args);
        made++;
      }
    }
    const intl = Intl as { Segmenter: typeof Intl.Segmenter };
    intl.Segmenter = Counting as typeof Intl.Segmenter;
    try {
      const lazy = ((await import(url)) as { default: typeof stringWidth }).default;
      expect(made).toBe(0);
      for (const s of SAMPLES) {
        for (const options of [undefined, { ambiguousIsNarrow: false }, { countAnsiEscapeCodes: true }]) expect([s, lazy(s, options)]).toEqual([s, stringWidth(s, options)]);
      }
      expect(made).toBe(1);
    } finally {
      intl.Segmenter = Original;
    }
  });

  it('refuses a module of another shape', () => {
    expect(() => lazyDefaultFunction('export const a = 1;\nexport default function f() {}\n', 'two.js')).toThrow(/two\.js is not imports, code and one `export default function`/);
    expect(() => lazyDefaultFunction('const a = 1;\n', 'none.js')).toThrow(/none\.js/);
    expect(() => lazyDefaultFunction("import {\n  a,\n} from 'x';\nexport default function f() { return a; }\n", 'split.js')).toThrow(/split\.js/);
  });
});
