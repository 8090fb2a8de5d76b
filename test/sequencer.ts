// The order test files start in: the longest first (test/durations.json, seconds of wall time from an
// idle run), so a long file never starts last and runs alone at the end. vitest's own order does the
// same from its results cache, but a fresh clone has none and then starts the largest files first,
// which put test/play-tmux.test.ts (about 30 s of waits on terminals) at the end of the run.
// Files missing from the table (new ones) start first, as vitest starts files it has not timed.
// Refresh the table after adding a slow test: `node scripts/test-durations.mjs` after an `npm test`.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const table: Record<string, number> = JSON.parse(readFileSync(new URL('./durations.json', import.meta.url), 'utf8'));

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification) => table[relative(root, spec.moduleId).split('\\').join('/')] ?? Number.POSITIVE_INFINITY;
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}
