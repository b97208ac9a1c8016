import { defineConfig } from 'vitest/config';

/** Unit and white-box tests (`*.test.ts`). The conformance files (`*.conformance.ts`) run through `npm run conformance` with their own config. */
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'reports/**', 'data/**'],
    testTimeout: 20_000,
  },
});
