import { defineConfig } from 'vitest/config';
import LongestFirst from './test/sequencer.js';
import SummaryReporter from './test/summary-reporter.js';

// Every Node process started here (vitest's workers, and the CLI, engines and stand-ins the tests
// start) would load the extra CA certificates this variable names, when the environment sets one:
// about 60 ms of CPU per Node start on the 2-core VM (`node -e 0`: 0.13 s with it, 0.07 s without),
// some 250 starts a run. No test makes a TLS connection, so the suite runs without it.
delete process.env.NODE_EXTRA_CA_CERTS;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 60_000,
    pool: 'forks',
    // vitest's default is one worker per core minus one: a single worker on this 2-core machine.
    // Many files wait on child processes (the CLI, tmux, engines, match runs), so a third worker
    // fills the cores those waits leave idle: `npm test` on the idle 2-core VM, 2026-12-06 23:48-23:56
    // UTC at 388d4ef, pairs in alternating order: 3 workers 113.5 and 100.5 s, 2 workers 120.4 and 113.9 s.
    maxWorkers: 3,
    // Files share a worker's module cache (no fresh module graph per file): each worker transforms
    // and imports src/ once instead of once per file, about a third of the suite's CPU time. Safe
    // because no test mocks modules or relies on module state being fresh (no vi.mock, no stubs).
    isolate: false,
    // the longest files start first, also in a fresh clone (test/sequencer.ts)
    sequence: { sequencer: LongestFirst },
    reporters: ['default', new SummaryReporter()],
  },
});
