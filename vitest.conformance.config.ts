import { defineConfig } from 'vitest/config';
import { readRunEnv } from './harness-core/run-env.js';

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
    sequence: { concurrent: true },
    // Checks mostly wait on the network and the pacer, so more workers than cores pay off: one per
    // file (26 files) starts every file at once; with 16, the last ten files (explore, results,
    // webhook, funding, ...) started only after 20 s and ended the run 6 s later (38.3 s against
    // 32.7 s, same floor).
    maxWorkers: 28,
    // Threads start faster than forked processes: on 2 cores the busiest customer's first request
    // went out after 4.8-4.9 s instead of 6.3-6.9 s (run 1.15x the floor instead of 1.20x).
    pool: 'threads',
    maxConcurrency: 32,
    testTimeout: 120_000,
    hookTimeout: 60_000,
    reporters: [
      ['allure-vitest/reporter', { resultsDir: `${reportDir}/allure-results` }],
      ['junit', { outputFile: `${reportDir}/junit.xml`, suiteName: 'cpf-conformance' }],
      ['json', { outputFile: `${reportDir}/vitest-results.json` }],
      './suites/harness/progress-reporter.ts',
    ],
  },
});
