// The layers of src (docs/development.md "How it is built"): every file's imports, read from its text, against
// the folders its layer may use. Lower layers never import upward; nothing imports src/cli.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../src/games/registry.js';
import { SRC, sourceFiles } from './helpers/source-scan.js';

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
  // puzzles (src/puzzle/): the library format, the shipped sets, checking, ratings; no UI, no fs
  puzzle: ['core', 'games', 'notation', 'engine', 'play'],
  tui: ['core', 'games', 'notation', 'engine', 'render', 'engine-client', 'play', 'puzzle'],
  cli: ['core', 'games', 'notation', 'engine', 'render', 'protocol', 'match', 'tui', 'engine-client', 'play', 'puzzle'],
};

/**
 * The piece and move codecs import nothing, so every layer may use them, render too (which
 * otherwise imports nothing): no layer decodes piece or move bits by hand (test/piece-codec.test.ts,
 * test/move-codec.test.ts).
 */
const CODECS_FOR_ALL: ReadonlySet<string> = new Set(['core/piece.js', 'core/move.js']);

/** Layers that run anywhere (a browser, a worker): no UI, no terminal, no files. */
const ENGINE_LAYERS = new Set(['core', 'games', 'notation', 'render', 'engine', 'play', 'puzzle']);
const UI_OR_FS = /^(ink|react|commander|chalk|fs|node:fs|fs\/promises|node:fs\/promises)(\/|$)/;

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
        if (CODECS_FOR_ALL.has(to)) continue;
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

  it('the codecs every layer may use import nothing themselves', () => {
    for (const c of CODECS_FOR_ALL) expect(importsOf(readFileSync(join(SRC, c.replace(/\.js$/, '.ts')), 'utf8')), c).toEqual([]);
  });

  it('the rules catch an upward import', () => {
    // a check of the checker: tui → cli and engine → notation are what this test exists to stop
    expect(ALLOWED['tui']).not.toContain('cli');
    expect(ALLOWED['engine']).not.toContain('notation');
    expect(Object.values(ALLOWED).filter((a) => a.includes('cli'))).toEqual([]);
  });
});

// --- The door (issue 40): a game is reached only through its Game object ------------------------

/** Files outside src/games that may still import a game's folder, each with its reason. */
const GAME_FOLDER_IMPORTS_ALLOWED: ReadonlyMap<string, string> = new Map();

/** The game folders (src/games/<game>/) a file's imports reach, outside src/games. */
function gameFolderImports(f: { path: string; rel: string; imports: readonly string[] }): string[] {
  const out: string[] = [];
  for (const spec of f.imports) {
    if (!spec.startsWith('.')) continue;
    const to = target(f.path, spec);
    if (/^games\/[^/]+\//.test(to)) out.push(`${f.rel} imports ${to}`);
  }
  return out;
}

/**
 * The string literals of a TypeScript text ('…', "…", and the text parts of `…${}…` templates),
 * comments and regular-expression literals skipped, with the offset each starts at. A module
 * specifier (`from '…'`, `import('…')`) is left out: the import rules check those.
 */
export function stringLiterals(text: string): { text: string; at: number }[] {
  const out: { text: string; at: number }[] = [];
  const n = text.length;
  const templates: number[] = []; // open `${`: the brace depth inside each
  let prev = '';
  let i = 0;
  const regexCanStart = (): boolean =>
    prev === '' || /[(,=:[!&|?{};+\-*%<>~^]/.test(prev) || /\b(?:return|typeof|case|in|of|void|yield|await)$/.test(text.slice(Math.max(0, i - 8), i).trimEnd());
  const readUntil = (j: number, stop: (k: number) => boolean): [string, number] => {
    let s = '';
    while (j < n && !stop(j)) {
      if (text[j] === '\\') {
        s += text.slice(j, j + 2);
        j += 2;
      } else s += text[j++];
    }
    return [s, j];
  };
  while (i < n) {
    const c = text[i]!;
    if (c === '/' && text[i + 1] === '/') {
      const e = text.indexOf('\n', i);
      i = e < 0 ? n : e;
    } else if (c === '/' && text[i + 1] === '*') {
      const e = text.indexOf('*/', i + 2);
      i = e < 0 ? n : e + 2;
    } else if (c === "'" || c === '"') {
      const [s, j] = readUntil(i + 1, (k) => text[k] === c || text[k] === '\n');
      if (!/(?:\bfrom|\bimport\s*\(|^\s*import)\s*$/m.test(text.slice(Math.max(0, i - 12), i))) out.push({ text: s, at: i });
      i = j + 1;
      prev = 'x';
    } else if (c === '`' || (c === '}' && templates.length > 0 && templates[templates.length - 1] === 0)) {
      if (c === '}') templates.pop();
      const [s, j] = readUntil(i + 1, (k) => text[k] === '`' || (text[k] === '$' && text[k + 1] === '{'));
      out.push({ text: s, at: i });
      if (text[j] === '$') {
        templates.push(0);
        i = j + 2;
        prev = '(';
      } else {
        i = j + 1;
        prev = 'x';
      }
    } else if (c === '/' && regexCanStart()) {
      let j = i + 1;
      let inClass = false;
      while (j < n && text[j] !== '\n') {
        if (text[j] === '\\') j++;
        else if (text[j] === '[') inClass = true;
        else if (text[j] === ']') inClass = false;
        else if (text[j] === '/' && !inClass) break;
        j++;
      }
      i = j + 1;
      prev = 'x';
    } else {
      if (templates.length > 0 && c === '{') templates[templates.length - 1]!++;
      if (templates.length > 0 && c === '}') templates[templates.length - 1]!--;
      if (!/\s/.test(c)) prev = c;
      i++;
    }
  }
  return out;
}

const GAME_IDS = GAMES.map((g) => g.id);
const NAMES_A_GAME = new RegExp(`\\b(?:${GAME_IDS.join('|')})\\b`);

/**
 * String literals outside src/games that may name a game id: file, the literal's start, and why
 * (help text is built from the registry, so it needs no entry).
 */
const GAME_ID_LITERALS_ALLOWED: readonly { file: string; text: string; why: string }[] = [
  {
    file: 'cli/commands/index.ts',
    text: 'play as an engine for GUIs and match tools: xboard (CECP: xiangqi, chushogi)',
    why: '`chuhan --help` draws its list without loading any game module (start-up); test/startup.test.ts keeps it equal to engine.ts\'s, which is built from the registry',
  },
];

interface Literal {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

/** The string literals of a file that name a game id. */
function gameIdLiterals(rel: string, text: string): Literal[] {
  const out: Literal[] = [];
  for (const l of stringLiterals(text)) if (NAMES_A_GAME.test(l.text)) out.push({ file: rel, line: text.slice(0, l.at).split('\n').length, text: l.text });
  return out;
}

const allowed = (l: Literal): boolean => GAME_ID_LITERALS_ALLOWED.some((a) => a.file === l.file && l.text.startsWith(a.text));
const shown = (l: Literal): string => `${l.file}:${l.line}: ${l.text.slice(0, 80)}`;

describe('the Game is the only door into a game', () => {
  it('no file outside src/games imports a game folder (src/games/<game>/); only the registry does', () => {
    const bad: string[] = [];
    for (const f of files) {
      if (f.layer === 'games' || GAME_FOLDER_IMPORTS_ALLOWED.has(f.rel)) continue;
      bad.push(...gameFolderImports(f));
    }
    expect(bad).toEqual([]);
    // the check catches a planted import, multi-line and type-only ones too
    const planted = { path: join(SRC, 'cli/x.ts'), rel: 'cli/x.ts', imports: importsOf("import type {\n  A,\n} from '../games/xiangqi/pieces.js';\nimport { B } from '../games/registry.js';") };
    expect(gameFolderImports(planted)).toEqual(['cli/x.ts imports games/xiangqi/pieces.js']);
  });

  it('the literal scanner finds strings and templates, not comments, regexes or module specifiers', () => {
    const text = [
      "import { a } from '../games/xiangqi/a.js'; // 'chushogi' in a comment",
      "/* 'xiangqi' */ const re = /'xiangqi'/; const x = 'a\\'b' + \"c\";",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text under test
      'const t = `one ${f({ k: `in ${2}` })} two`;',
      'const d = a / b; const e = "after";',
    ].join('\n');
    expect(stringLiterals(text).map((l) => l.text)).toEqual(["a\\'b", 'c', 'one ', 'in ', '', ' two', 'after']);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text under test
    const planted = gameIdLiterals('x.ts', "const v = 'chushogi';\nconst w = `a ${GAME} b`;\nconst u = 'xiangqis';\nconst h = `use ${a} or xiangqi`;");
    expect(planted.map(shown)).toEqual(['x.ts:1: chushogi', 'x.ts:4:  or xiangqi']);
  });

  it('no string literal outside src/games names a game id (help text is built from the registry)', () => {
    const found: Literal[] = [];
    for (const f of files) if (f.layer !== 'games') found.push(...gameIdLiterals(f.rel, readFileSync(f.path, 'utf8')));
    expect(found.filter((l) => !allowed(l)).map(shown)).toEqual([]);
    // every entry of the allowlist is still needed
    for (const a of GAME_ID_LITERALS_ALLOWED) expect(found.some((l) => l.file === a.file && l.text.startsWith(a.text)), `${a.file}: ${a.text}`).toBe(true);
  });
});
