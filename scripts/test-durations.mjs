#!/usr/bin/env node
// Writes test/durations.json (the order test/sequencer.ts starts test files in) from the wall time of
// each file in vitest's results cache, which the last `npm test` wrote (every file: one missing from
// the table is taken for a new, untimed one and starts first). Run it on an idle machine: the figures are only an order.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const cache = join('node_modules', '.vite', 'vitest');
const dirs = readdirSync(cache, { withFileTypes: true }).filter((d) => d.isDirectory());
if (dirs.length === 0) {
  process.stderr.write('test-durations: no vitest results in node_modules/.vite/vitest; run npm test first\n');
  process.exit(2);
}
const { results } = JSON.parse(readFileSync(join(cache, dirs[0].name, 'results.json'), 'utf8'));
const rows = results
  .map(([key, r]) => [key.replace(/^[^:]*:/, ''), Math.round(r.duration / 100) / 10])
  .sort((a, b) => b[1] - a[1]);
writeFileSync(join('test', 'durations.json'), `${JSON.stringify(Object.fromEntries(rows), null, 2)}\n`);
process.stdout.write(`test/durations.json: ${rows.length} files\n`);
