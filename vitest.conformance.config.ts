import { accessSync, constants } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { readRunEnv } from './harness-core/run-env.js';
import LeadAreasThenWeight from './suites/harness/file-order.js';
import { threadsInTurns } from './suites/harness/threads-in-turns.js';

/**
 * The conformance run. `npm run conformance` sets the env (target, profile, report paths) and
 * calls vitest with this config; checks inside a file run concurrently, the pacer keeps every
 * customer within the target's limit.
 */
const reportDir = readRunEnv('reportDir') ?? 'reports';

/**
 * Where vite keeps the bundled dependencies: the kit's node_modules/.vite, unless the user may not
 * write there (the kit image, a global install), then a folder of the user's own in the temp dir.
 */
function cacheDir(): string {
  const own = join(import.meta.dirname, 'node_modules', '.vite');
  try {
    accessSync(join(import.meta.dirname, 'node_modules'), constants.W_OK);
    return own;
  } catch {
    return join(tmpdir(), `cpf-conformance-vite-${userInfo().uid}`);
  }
}

export default defineConfig({
  // The CLI may run from another repository (npx cpf-conformance): paths resolve against this package.
  root: import.meta.dirname,
  cacheDir: cacheDir(),
  test: {
    include: ['suites/*/**/*.conformance.ts'],
    globalSetup: ['suites/harness/global-setup.ts'],
    // A worker boots and its first file loads the shared modules in a turn, one per core
    // (threads-in-turns.ts, worker-warmup.ts): workers starting all at once would share the cores
    // and all start late.
    setupFiles: ['suites/harness/worker-warmup.ts'],
    sequence: { concurrent: true, sequencer: LeadAreasThenWeight },
    // Checks mostly wait on the network and the pacer, so more workers than cores pay off; but each
    // worker starts vitest's runtime and imports the suites anew, which delays the primary
    // customer's role work, and that sets the run's length (docs/performance.md, "Run settings").
    // Files reuse their worker's modules (isolate: false: the checks keep no state a file can spoil
    // for the next) and take the workers in their start order (file-order.ts): the lead areas'
    // files, then the longest.
    maxWorkers: 8,
    isolate: false,
    // Threads start faster than forked processes, and the start is on the run's critical path.
    pool: threadsInTurns,
    maxConcurrency: 32,
    // Bundled once into the cache folder instead of a few hundred files loaded by every worker.
    deps: { optimizer: { ssr: { enabled: true, include: ['undici', 'zod', 'fast-check'] } } },
    // A failure's message is what a reviewer reads in the summary: chai would shorten any value
    // above 40 characters (a check's list of wrong answers reads `[ Array(1) ]`).
    chaiConfig: { truncateThreshold: 4000 },
    testTimeout: 120_000,
    hookTimeout: 60_000,
    reporters: [
      ['./suites/harness/allure-incremental-reporter.ts', { resultsDir: `${reportDir}/allure-results` }],
      ['junit', { outputFile: `${reportDir}/junit.xml`, suiteName: 'cpf-conformance' }],
      './suites/harness/progress-reporter.ts',
    ],
  },
});
