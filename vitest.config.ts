import { defineConfig } from 'vitest/config';
import SummaryReporter from './test/summary-reporter.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 60_000,
    pool: 'forks',
    // vitest's default is one worker per core minus one: a single worker on this 2-core machine.
    // Many files wait on child processes (the CLI, tmux, engines), so two workers overlap that waiting.
    maxWorkers: 2,
    // Files share a worker's module cache (no fresh module graph per file): each worker transforms
    // and imports src/ once instead of once per file, about a third of the suite's CPU time. Safe
    // because no test mocks modules or relies on module state being fresh (no vi.mock, no stubs).
    isolate: false,
    reporters: ['default', new SummaryReporter()],
  },
});
