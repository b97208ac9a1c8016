import { defineConfig } from 'vitest/config';

/** Unit and white-box tests. The conformance suites run through `npm run conformance` with their own config. */
export default defineConfig({
  test: {
    include: ['reference-server/test/**/*.test.ts', 'reference-server/variations/**/*.test.ts', 'spec/**/*.test.ts', 'harness-core/**/*.test.ts', 'suites/harness/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
