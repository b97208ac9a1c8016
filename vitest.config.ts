import { defineConfig } from 'vitest/config';

/** Unit and white-box tests (`*.test.ts`). The conformance files (`*.conformance.ts`) run through `npm run conformance` with their own config. */
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'reports/**', 'data/**'],
    testTimeout: 20_000,
    // Vitest's default is one worker per core but one; many files here mostly wait on child
    // processes and sockets, so three keep two cores busy.
    maxWorkers: 3,
  },
});
