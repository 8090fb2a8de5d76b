/**
 * The README is one page and the docs are linked (issue 40): README.md has at most 300 lines, its
 * commands table has a row for every command `chuhan --help` lists (the command list of
 * src/cli/commands/index.ts), every docs/*.md page is linked from the README and opens with a
 * contents list, and every relative link of README.md and docs/*.md reaches an existing file and,
 * for a `#anchor`, an existing heading of that file (GitHub's heading ids).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../src/cli/commands/index.js';

const README = 'README.md';
const DOCS = readdirSync('docs')
  .filter((f) => f.endsWith('.md'))
  .sort()
  .map((f) => `docs/${f}`);

/** The lines of a markdown text outside fenced code blocks. */
function proseLines(text: string): string[] {
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of text.split('\n')) {
    const m = /^\s*(`{3,}|~{3,})/.exec(line);
    if (m) {
      if (fence === null) fence = m[1]![0]!;
      else if (m[1]![0] === fence) fence = null;
      continue;
    }
    if (fence === null) out.push(line);
  }
  return out;
}

/** GitHub's id for a heading's text: inline markup dropped, lower case, punctuation removed, spaces to hyphens. */
function slug(heading: string): string {
  const text = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** The ids of a markdown file's headings, a repeated one numbered as GitHub does (`x`, `x-1`, `x-2`). */
function anchors(text: string): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(text)) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    ids.add(n === 0 ? base : `${base}-${n}`);
  }
  return ids;
}

/** The targets of a markdown file's links and images, outside code blocks and code spans. */
function linkTargets(text: string): string[] {
  const targets: string[] = [];
  for (const line of proseLines(text)) {
    const prose = line.replace(/`[^`]*`/g, '');
    for (const m of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) targets.push(m[1]!);
  }
  return targets;
}

/** The rows of the table under the README's `## Commands` heading. */
function commandRows(readme: string): string[] {
  const lines = proseLines(readme);
  const start = lines.findIndex((l) => /^##\s+Commands\s*$/.test(l));
  expect(start, 'README has a "## Commands" section').toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((l, i) => i > start && /^##\s/.test(l));
  return lines.slice(start + 1, end < 0 ? undefined : end).filter((l) => l.startsWith('|'));
}

describe('the README and the docs', () => {
  const readme = readFileSync(README, 'utf8');

  it('README.md is one page: at most 300 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(300);
  });

  it('the commands table has a row for every command chuhan --help lists', () => {
    const rows = commandRows(readme);
    expect(COMMANDS.length).toBeGreaterThan(10);
    for (const c of COMMANDS) {
      const re = new RegExp(`^\\|[^|]*\`chuhan ${c.name}[\` ]`);
      expect(
        rows.some((r) => re.test(r)),
        `no row for \`chuhan ${c.name}\``,
      ).toBe(true);
    }
  });

  it('every docs page is linked from the README', () => {
    const linked = new Set(linkTargets(readme).map((t) => normalize(t.split('#')[0]!)));
    expect(DOCS.length).toBeGreaterThan(5);
    for (const f of DOCS) expect(linked.has(f), `${f} is not linked from README.md`).toBe(true);
  });

  it('every docs page opens with a contents list linking its own sections', () => {
    for (const f of DOCS) {
      const text = readFileSync(f, 'utf8');
      const lines = proseLines(text);
      const firstSection = lines.findIndex((l) => /^##\s/.test(l));
      const head = lines.slice(0, firstSection < 0 ? undefined : firstSection).join('\n');
      expect(head, f).toMatch(/^Contents:/m);
      const own = linkTargets(head).filter((t) => t.startsWith('#'));
      expect(own.length, `${f}: contents list`).toBeGreaterThan(0);
    }
  });

  for (const file of [README, ...DOCS]) {
    it(`every relative link of ${file} reaches a file and heading`, () => {
      const text = readFileSync(file, 'utf8');
      const bad: string[] = [];
      for (const target of linkTargets(text)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
        const hash = target.indexOf('#');
        const path = hash < 0 ? target : target.slice(0, hash);
        const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
        const resolved = path === '' ? file : normalize(join(dirname(file), decodeURIComponent(path)));
        if (!existsSync(resolved)) {
          bad.push(`${target}: no file ${resolved}`);
          continue;
        }
        if (anchor === null) continue;
        if (statSync(resolved).isDirectory() || !resolved.endsWith('.md')) {
          bad.push(`${target}: an anchor into ${resolved}, which is not a markdown file`);
          continue;
        }
        if (!anchors(readFileSync(resolved, 'utf8')).has(anchor)) bad.push(`${target}: no heading #${anchor} in ${resolved}`);
      }
      expect(bad).toEqual([]);
    });
  }
});

describe('the link checker itself', () => {
  it('makes GitHub heading ids', () => {
    expect(slug('Other engines: `--engine`, `engines.json`, `chuhan engines`')).toBe('other-engines---engine-enginesjson-chuhan-engines');
    expect(slug("Levels, third round (2026-12-03: xiangqi at 44b0ada, after c2a7c02's pruning)")).toBe(
      'levels-third-round-2026-12-03-xiangqi-at-44b0ada-after-c2a7c02s-pruning',
    );
    expect(slug('chuhan 楚汉')).toBe('chuhan-楚汉');
    expect([...anchors('# A\n## A\n```\n## A\n```\n### A\n')]).toEqual(['a', 'a-1', 'a-2']);
  });
  it('finds links outside code and a missing heading', () => {
    expect(linkTargets('see [x](docs/a.md#b) and `[y](no.md)`\n```\n[z](no.md)\n```\n![i](p.png)')).toEqual(['docs/a.md#b', 'p.png']);
    expect(anchors('# Title\n## Two words\n').has('two-words')).toBe(true);
    expect(anchors('# Title\n## Two words\n').has('two')).toBe(false);
  });
});
