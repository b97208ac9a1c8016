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
    include: ['suites/*/**/*.conformance.ts'],
    globalSetup: ['suites/harness/global-setup.ts'],
    // A worker's first file loads the shared modules in a turn, one per core (worker-warmup.ts):
    // the first checks start after 1.3-1.6 s instead of 2.2-2.9 s.
    setupFiles: ['suites/harness/worker-warmup.ts'],
    sequence: { concurrent: true, sequencer: LongestFirst },
    // Checks mostly wait on the network and the pacer, so more workers than cores pay off, but
    // every worker starts vitest's runtime and imports the suites anew (about 0.5 s of CPU each,
    // on 2 cores): first request after 4.9 s with 28 workers (one per file), 3.5 s with 16, 2.4 s
    // with 12. Files reuse their worker's modules (isolate: false: the checks keep no state a file
    // can spoil for the next) and take the workers in their start order (file-order.ts): the
    // lead areas' files, then the longest. With 96 pool customers the pool's work ends seconds
    // before the primary customer's role work, so the files that start late have room, and what
    // counts is how early that role work starts: bundled run, 10 runs each, 12 workers 22.6-27.3 s
    // (primary customer's first request after 1.4-1.9 s), 8 workers 22.1-23.7 s (1.1-1.9 s).
    maxWorkers: 8,
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
