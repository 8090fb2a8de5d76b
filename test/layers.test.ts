// The layers of src (docs/development.md "How it is built"): every file's imports, read from its text, against
// the folders its layer may use. Lower layers never import upward; nothing imports src/cli.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/** Folders (first path segment under src) each layer may import, besides itself. */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  core: [],
  games: ['core'],
  notation: ['core', 'games'],
  engine: ['core', 'games'],
  render: [],
  // the game in progress (src/play/line.ts): start, moves, rules' history, verdict
  play: ['core', 'games'],
  protocol: ['core', 'games', 'notation', 'engine', 'play'],
  // talks to other engines' processes (src/engine-client/): spawns programs, reads engines.json
  'engine-client': ['core', 'games', 'notation', 'engine', 'protocol', 'play'],
  match: ['core', 'games', 'notation', 'engine', 'protocol', 'engine-client', 'play'],
  tui: ['core', 'games', 'notation', 'engine', 'render', 'engine-client', 'play'],
  cli: ['core', 'games', 'notation', 'engine', 'render', 'protocol', 'match', 'tui', 'engine-client', 'play'],
};

/** Layers that run anywhere (a browser, a worker): no UI, no terminal, no files. */
const ENGINE_LAYERS = new Set(['core', 'games', 'notation', 'render', 'engine', 'play']);
const UI_OR_FS = /^(ink|react|commander|chalk|fs|node:fs|fs\/promises|node:fs\/promises)(\/|$)/;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p));
    else if (/\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

/** Every module specifier a file names: static imports and re-exports, `import type`, dynamic `import()`. */
export function importsOf(text: string): string[] {
  const specs: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^'"]*?\sfrom\s+['"]([^'"]+)['"]/gm)) specs.push(m[1]!);
  for (const m of text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) specs.push(m[1]!);
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) specs.push(m[1]!);
  return specs;
}

const files = sourceFiles(SRC).map((path) => {
  const rel = relative(SRC, path).split('\\').join('/');
  const text = readFileSync(path, 'utf8');
  return { path, rel, layer: rel.split('/')[0]!, imports: importsOf(text) };
});

/** The src-relative path a relative specifier points at. */
const target = (from: string, spec: string): string => relative(SRC, resolve(dirname(from), spec)).split('\\').join('/');

describe('layers', () => {
  it('reads the imports of every source file', () => {
    expect(files.length).toBeGreaterThan(100);
    // the reader sees multi-line, type-only and dynamic imports
    expect(importsOf("import {\n  a,\n  b,\n} from './x.js';\nimport type { T } from '../y.js';\nawait import('./z.js');")).toEqual(['./x.js', '../y.js', './z.js']);
    for (const f of files) expect(Object.keys(ALLOWED), f.rel).toContain(f.layer);
  });

  it('each layer imports only itself and the layers below it; nothing imports src/cli', () => {
    const bad: string[] = [];
    for (const f of files) {
      for (const spec of f.imports) {
        if (!spec.startsWith('.')) continue;
        const to = target(f.path, spec);
        if (to.startsWith('..')) {
          bad.push(`${f.rel} imports ${spec} (outside src)`);
          continue;
        }
        const layer = to.split('/')[0]!;
        if (layer === f.layer) continue;
        if (!ALLOWED[f.layer]!.includes(layer)) bad.push(`${f.rel} imports ${to}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('a game folder does not reach into another game or the registry', () => {
    const bad: string[] = [];
    for (const f of files) {
      const own = /^games\/([^/]+)\//.exec(f.rel)?.[1];
      if (!own) continue;
      for (const spec of f.imports) {
        if (!spec.startsWith('.')) continue;
        const to = target(f.path, spec);
        const other = /^games\/([^/]+)\//.exec(to)?.[1];
        if ((other && other !== own) || to.startsWith('games/registry')) bad.push(`${f.rel} imports ${spec}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('engine layers (core, games, notation, render, engine) import no UI, terminal or file-system module', () => {
    const bad: string[] = [];
    for (const f of files) {
      if (!ENGINE_LAYERS.has(f.layer)) continue;
      for (const spec of f.imports) if (UI_OR_FS.test(spec)) bad.push(`${f.rel} imports ${spec}`);
    }
    expect(bad).toEqual([]);
  });

  it('the rules catch an upward import', () => {
    // a check of the checker: tui → cli and engine → notation are what this test exists to stop
    expect(ALLOWED['tui']).not.toContain('cli');
    expect(ALLOWED['engine']).not.toContain('notation');
    expect(Object.values(ALLOWED).filter((a) => a.includes('cli'))).toEqual([]);
  });
});
