import { defineConfig } from 'vitest/config';
import { readRunEnv } from './harness-core/run-env.js';
import LongestFirst from './suites/harness/file-order.js';

/**
 * The conformance run. `npm run conformance` sets the env (target, profile, report paths) and
 * calls vitest with this config; checks inside a file run concurrently, the pacer keeps every
 * customer within the target's limit.
 */
const reportDir = readRunEnv('reportDir') ?? 'reports';

export default defineConfig({
  // The CLI may run from another repository (npx cpf-conformance): paths resolve against this package.
  root: import.meta.dirname,
  test: {
    include: ['suites/*/**/*.test.ts'],
    exclude: ['suites/harness/**'],
    globalSetup: ['suites/harness/global-setup.ts'],
    // A worker's first file loads the shared modules in a turn, one per core (worker-warmup.ts):
    // the first checks start after 1.3-1.6 s instead of 2.2-2.9 s.
    setupFiles: ['suites/harness/worker-warmup.ts'],
    sequence: { concurrent: true, sequencer: LongestFirst },
    // Checks mostly wait on the network and the pacer, so more workers than cores pay off, but
    // every worker imports the suites anew at the start (about 0.35 s of CPU each, on 2 cores):
    // first request after 4.9 s with 28 workers (one per file), 3.5 s with 16, 2.4 s with 12.
    // Files reuse their worker's modules (isolate: false: the checks keep no state a file can
    // spoil for the next) and take the workers longest first (file-order.ts), so the files that
    // keep customers busy longest never wait for one. Bundled run, same floor: 28 workers 32.7 s,
    // 16 32.3 s, 12 29.7 s, 8 30.9 s.
    maxWorkers: 12,
    isolate: false,
    // Threads start faster than forked processes: on 2 cores the busiest customer's first request
    // went out after 4.8-4.9 s instead of 6.3-6.9 s (run 1.15x the floor instead of 1.20x).
    pool: 'threads',
    maxConcurrency: 32,
    // Bundled once into node_modules/.vite instead of a few hundred files per worker: undici alone
    // was a quarter of a worker's start. A file's collection alone: 300 ms before, 210 ms with it.
    deps: { optimizer: { ssr: { enabled: true, include: ['undici', 'zod', 'fast-check'] } } },
    testTimeout: 120_000,
    hookTimeout: 60_000,
    reporters: [
      ['./suites/harness/allure-incremental-reporter.ts', { resultsDir: `${reportDir}/allure-results` }],
      ['junit', { outputFile: `${reportDir}/junit.xml`, suiteName: 'cpf-conformance' }],
      ['json', { outputFile: `${reportDir}/vitest-results.json` }],
      './suites/harness/progress-reporter.ts',
    ],
  },
});
